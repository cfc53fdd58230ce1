//! The real `parxis bot` binary against the distribution's `redis-server` speaking TLS
//! (`--tls-port`), with a CA made here by the `openssl` command: a whole game over
//! `rediss://` as an ACL user (`rediss://user:password@…`) with `REDIS_CA_CERT`; a server
//! certificate from another CA refused at start-up with a clear error and exit status 2; no
//! password in any log line.

use crate::support;

use std::path::Path;
use std::time::Duration;

use support::bot_harness::{Harness, four_users};
use support::bot_process::{BotProcess, TOKEN_SECRET_PART, WAIT, free_port};
use support::fake_tg::FakeTelegram;
use support::redis::TestRedis;
use support::tls::{make_ca, make_client_cert, make_server_cert, scratch};

const ACL_USER: &str = "parxis";
const ACL_PASSWORD: &str = "tls-acl-pw_never-logged";

/// A Redis with its plain port (for the test's own look) and a TLS port with the server
/// certificate of `dir`, and an ACL user for the bot.
fn tls_redis(dir: &Path, tls_port: u16) -> TestRedis {
    tls_redis_asking(dir, tls_port, false)
}

/// [`tls_redis`], asking clients for a certificate of the CA when `client_certs`.
fn tls_redis_asking(dir: &Path, tls_port: u16, client_certs: bool) -> TestRedis {
    let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let (cert, key, ca) = (path("server.pem"), path("server.key"), path("ca.pem"));
    let user = format!(">{ACL_PASSWORD}");
    TestRedis::start_args(&[
        "--tls-port",
        &tls_port.to_string(),
        "--tls-cert-file",
        &cert,
        "--tls-key-file",
        &key,
        "--tls-ca-cert-file",
        &ca,
        "--tls-auth-clients",
        if client_certs { "yes" } else { "no" },
        "--user",
        ACL_USER,
        "on",
        &user,
        "~*",
        "&*",
        "+@all",
    ])
}

fn tls_url(port: u16) -> String {
    format!("rediss://{ACL_USER}:{ACL_PASSWORD}@127.0.0.1:{port}/")
}

/// The bot process on `redis`'s TLS port as the ACL user, trusting the CA in `ca_file`.
fn tls_bot(
    fake: &FakeTelegram,
    redis: &TestRedis,
    tls_port: u16,
    ca_file: &std::path::Path,
) -> BotProcess {
    BotProcess::spawn(
        fake,
        redis,
        free_port(),
        &[
            ("REDIS_URL", tls_url(tls_port)),
            ("REDIS_CA_CERT", ca_file.to_string_lossy().into_owned()),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_over_tls_as_an_acl_user_with_a_ca_file() {
    let dir = scratch("game");
    make_ca(&dir, "ca");
    make_server_cert(&dir, "ca");
    let tls_port = free_port();
    let redis = tls_redis(&dir, tls_port);
    let fake = FakeTelegram::start().await;
    let mut bot = tls_bot(&fake, &redis, tls_port, &dir.join("ca.pem"));
    bot.wait_ok("/readyz").await;

    // The bot's connections are TLS ones, as the ACL user.
    let mut raw = redis.raw().await;
    let clients: String = redis::cmd("CLIENT")
        .arg("LIST")
        .query_async(&mut raw)
        .await
        .expect("CLIENT LIST");
    assert!(
        clients
            .lines()
            .any(|l| l.contains(&format!("user={ACL_USER}"))),
        "no connection of {ACL_USER}:\n{clients}"
    );

    let h = Harness::beside_process(fake, redis).await;
    h.use_emoji().await;
    h.start_game(3).await;
    let presses = h.play_to_end(&four_users(), 5000).await;
    let (_, table) = h.table().await;
    assert_eq!(table.status(), parxis::bot::core::table::Status::Finished);
    assert!(presses > 10, "{presses} presses");

    bot.sigterm();
    let status = bot.wait_exit(WAIT).await;
    assert_eq!(status.code(), Some(0), "{}", bot.logs());
    let logs = bot.logs();
    assert!(
        !logs.contains(ACL_PASSWORD),
        "the Redis password in a log line:\n{logs}"
    );
    assert!(!logs.contains(TOKEN_SECRET_PART), "{logs}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_certificate_of_another_ca_stops_the_bot_at_start_with_the_reason() {
    let dir = scratch("wrong-ca");
    make_ca(&dir, "ca");
    make_ca(&dir, "other");
    make_server_cert(&dir, "ca");
    let tls_port = free_port();
    let redis = tls_redis(&dir, tls_port);
    let fake = FakeTelegram::start().await;
    let mut bot = tls_bot(&fake, &redis, tls_port, &dir.join("other.pem"));
    let status = bot.wait_exit(WAIT).await;
    let logs = bot.logs();
    assert_eq!(
        status.code(),
        Some(2),
        "a setting to fix, not an outage:\n{logs}"
    );
    assert!(
        logs.contains("invalid peer certificate") && logs.contains("REDIS_CA_CERT"),
        "the reason and the setting are named:\n{logs}"
    );
    assert!(!logs.contains("retrying"), "not retried:\n{logs}");
    assert!(
        !logs.contains(ACL_PASSWORD),
        "the Redis password in a log line:\n{logs}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_asking_for_client_certificates_takes_the_bots() {
    let dir = scratch("mtls");
    make_ca(&dir, "ca");
    make_server_cert(&dir, "ca");
    make_client_cert(&dir, "ca");
    let tls_port = free_port();
    let redis = tls_redis_asking(&dir, tls_port, true);
    let fake = FakeTelegram::start().await;
    let file = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let url = ("REDIS_URL", tls_url(tls_port));
    let ca = ("REDIS_CA_CERT", file("ca.pem"));
    // Without its certificate the bot is refused (and says so, exit 2 or 1).
    let mut refused = BotProcess::spawn(&fake, &redis, free_port(), &[url.clone(), ca.clone()]);
    let status = refused.wait_exit(Duration::from_secs(60)).await;
    assert_ne!(status.code(), Some(0), "{}", refused.logs());
    // With it, it serves.
    let mut bot = BotProcess::spawn(
        &fake,
        &redis,
        free_port(),
        &[
            url,
            ca,
            ("REDIS_CLIENT_CERT", file("client.pem")),
            ("REDIS_CLIENT_KEY", file("client.key")),
        ],
    );
    bot.wait_ok("/readyz").await;
    bot.sigterm();
    let status = bot.wait_exit(WAIT).await;
    assert_eq!(status.code(), Some(0), "{}", bot.logs());
    assert!(!bot.logs().contains("PRIVATE KEY"), "{}", bot.logs());
    let _ = std::fs::remove_dir_all(&dir);
}
