//! HTTPS in front of the bot: the shipped Caddyfile checked by the real `caddy` and run, with
//! `tls internal`, in front of the real bot in webhook mode (Telegram's updates delivered over
//! HTTPS through it, checked with `curl` against Caddy's own CA); the probes and `/metrics`
//! not forwarded; the Ingress example's routes.

use crate::support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use crate::support::repo::{root, yaml};
use serde_yaml::Value;
use support::bot_process::{BotProcess, CHAT, WAIT, WEBHOOK_SECRET, free_port, reply_to};
use support::fake_tg::{FakeTelegram, TestUser};
use support::redis::TestRedis;

fn caddyfile() -> PathBuf {
    root().join("deploy/caddy/Caddyfile")
}

/// `program`, or a failure naming the Debian package that brings it.
fn command(program: &str, package: &str) -> Command {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .any(|dir| dir.join(program).is_file());
    assert!(
        found,
        "{program} is not installed: install the Debian package {package} (.ci/test does)"
    );
    Command::new(program)
}

#[test]
fn caddy_accepts_the_caddyfile_and_streams_the_live_board_unbuffered() {
    let adapted = command("caddy", "caddy")
        .args(["adapt", "--adapter", "caddyfile", "--config"])
        .arg(caddyfile())
        .output()
        .expect("caddy runs");
    assert!(
        adapted.status.success(),
        "{}",
        String::from_utf8_lossy(&adapted.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&adapted.stdout).expect("JSON");
    let text = json.to_string();
    // The stream's route: flushed at once (-1 is Caddy's "never buffer"), read for 20 min.
    assert!(text.contains("\"flush_interval\":-1"), "{text}");
    assert!(text.contains("\"read_timeout\":1200000000000"), "{text}");
    // The webhook's body capped as the bot caps it (256 KiB).
    assert!(text.contains("\"max_size\":256000"), "{text}");
    let validated = command("caddy", "caddy")
        .args(["validate", "--adapter", "caddyfile", "--config"])
        .arg(caddyfile())
        .output()
        .expect("caddy runs");
    assert!(
        validated.status.success(),
        "{}",
        String::from_utf8_lossy(&validated.stderr)
    );
}

/// A running `caddy run` with the shipped Caddyfile, killed when dropped.
struct Caddy {
    child: Child,
    dir: PathBuf,
    https_port: u16,
}

impl Drop for Caddy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Caddy {
    fn start(upstream: u16) -> Self {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("parxis-caddy-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("caddy's folder");
        let https_port = free_port();
        let child = command("caddy", "caddy")
            .args(["run", "--adapter", "caddyfile", "--config"])
            .arg(caddyfile())
            .env("PARXIS_DOMAIN", "localhost")
            .env("PARXIS_UPSTREAM", format!("127.0.0.1:{upstream}"))
            .env("CADDY_HTTP_PORT", free_port().to_string())
            .env("CADDY_HTTPS_PORT", https_port.to_string())
            .env("CADDY_ADMIN", format!("127.0.0.1:{}", free_port()))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("HOME", &dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(
                std::fs::File::create(dir.join("caddy.log")).expect("log file"),
            ))
            .spawn()
            .expect("caddy starts");
        Self {
            child,
            dir,
            https_port,
        }
    }

    fn root_cert(&self) -> PathBuf {
        self.dir.join("data/caddy/pki/authorities/local/root.crt")
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("caddy.log")).unwrap_or_default()
    }

    /// `curl` to `https://localhost:<port><path>`, trusting only Caddy's own CA: the status.
    fn curl(&self, path: &str, args: &[&str]) -> Option<u16> {
        let out = command("curl", "curl")
            .args(["-sS", "-o", "/dev/null", "-w", "%{http_code}", "--cacert"])
            .arg(self.root_cert())
            .args([
                "--resolve",
                &format!("localhost:{}:127.0.0.1", self.https_port),
            ])
            .args(args)
            .arg(format!("https://localhost:{}{path}", self.https_port))
            .output()
            .ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    }

    /// Waits until Caddy answers over HTTPS with its certificate (the bot's 200 on the page
    /// path means the chain and the proxy both work).
    async fn wait_serving(&self) {
        let deadline = Instant::now() + WAIT;
        loop {
            if self.root_cert().is_file() && self.curl("/nothing-here", &[]) == Some(404) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "caddy never served over HTTPS:\n{}",
                self.log()
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn caddy_with_tls_internal_delivers_the_webhook_to_the_real_bot() {
    let fake = FakeTelegram::start().await;
    let redis = TestRedis::start();
    let bot_port = free_port();
    let caddy = Caddy::start(bot_port);
    let url = format!("https://localhost:{}/telegram", caddy.https_port);
    let mut bot = BotProcess::spawn(
        &fake,
        &redis,
        bot_port,
        &[
            ("PARXIS_WEBHOOK_URL", url.clone()),
            ("PARXIS_WEBHOOK_SECRET", WEBHOOK_SECRET.to_owned()),
        ],
    );
    bot.wait_ok("/readyz").await;
    caddy.wait_serving().await;

    // An update through Caddy over HTTPS: refused without the secret, handled with it.
    let ana = TestUser::new(11, "Ana").lang("en");
    let update = fake.command(CHAT, &ana, "/help");
    let id = update["message"]["message_id"].as_i64().expect("id");
    let body = update.to_string();
    let json = [
        "-H",
        "Content-Type: application/json",
        "--data-binary",
        &body,
    ];
    assert_eq!(caddy.curl("/telegram", &json), Some(401), "{}", caddy.log());
    let secret = format!("X-Telegram-Bot-Api-Secret-Token: {WEBHOOK_SECRET}");
    let with_secret = [&json[..], &["-H", &secret]].concat();
    assert_eq!(
        caddy.curl("/telegram", &with_secret),
        Some(200),
        "{}",
        caddy.log()
    );
    fake.wait_for_request(|r| reply_to(r, id), WAIT).await;

    // The probes and the metrics stay inside.
    for path in ["/healthz", "/readyz", "/metrics"] {
        assert_eq!(caddy.curl(path, &[]), Some(404), "{path}");
    }
    // A body past the webhook's cap is cut at the edge.
    let big = caddy.dir.join("big.json");
    std::fs::write(&big, "x".repeat(300_000)).expect("a big body");
    let big = format!("@{}", big.display());
    let too_big = ["-H", &secret, "--data-binary", &big];
    // (Caddy 2.6 answers 502 when the cap cuts a proxied body, later versions 413; when it
    // closes the connection while curl is still sending the body, curl sees no answer at
    // all and prints 000. Each is the body refused before the bot reads it.)
    let refused = caddy.curl("/telegram", &too_big);
    assert!(matches!(refused, Some(0 | 413 | 502)), "{refused:?}");

    bot.sigterm();
    let status = bot.wait_exit(WAIT).await;
    assert_eq!(status.code(), Some(0), "{}", bot.logs());
}

#[test]
fn the_ingress_forwards_only_the_webhook_and_the_live_board_unbuffered() {
    let ingress = yaml("deploy/k8s/ingress.example.yaml");
    assert_eq!(ingress["kind"], "Ingress");
    let annotations = &ingress["metadata"]["annotations"];
    assert_eq!(
        annotations["nginx.ingress.kubernetes.io/proxy-buffering"],
        "off"
    );
    let read_timeout: u64 = annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"]
        .as_str()
        .and_then(|v| v.parse().ok())
        .expect("a read timeout");
    assert!(read_timeout > 900, "longer than PARXIS_LIVE_STREAM_SECS");
    let service = yaml("deploy/k8s/service.yaml");
    let paths: Vec<(&str, &Value)> = ingress["spec"]["rules"][0]["http"]["paths"]
        .as_sequence()
        .expect("paths")
        .iter()
        .map(|p| {
            (
                p["path"].as_str().unwrap_or_default(),
                &p["backend"]["service"],
            )
        })
        .collect();
    assert_eq!(
        paths.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        ["/telegram", "/live"]
    );
    for (_, backend) in paths {
        assert_eq!(backend["name"], service["metadata"]["name"]);
        assert_eq!(backend["port"]["name"], service["spec"]["ports"][0]["name"]);
    }
}

/// A live stream opened with `curl` through Caddy from the loopback address `from`: its
/// status, whether (when 200) an event came through, and curl, still holding the stream.
fn stream_through(caddy: &Caddy, from: &str, authorization: &str) -> (u16, bool, Child) {
    use std::io::{BufRead, BufReader};
    let mut child = command("curl", "curl")
        .args(["-sS", "-N", "-i", "--interface", from, "--cacert"])
        .arg(caddy.root_cert())
        .args([
            "--resolve",
            &format!("localhost:{}:127.0.0.1", caddy.https_port),
            "-H",
            &format!("Authorization: {authorization}"),
        ])
        .arg(format!(
            "https://localhost:{}/live/api/live",
            caddy.https_port
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("curl starts");
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().expect("curl's output");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    let mut status = 0;
    let mut event = false;
    while let Ok(line) = rx.recv_timeout(WAIT) {
        if status == 0 {
            status = line
                .split_whitespace()
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            if status != 200 {
                break;
            }
        } else if line.starts_with("data:") {
            event = true;
            break;
        }
    }
    (status, event, child)
}

/// Two clients from two addresses, through Caddy, each holding a live stream open, with one
/// stream allowed per address: the second's status.
async fn second_client_through_caddy(trusted: Option<&str>) -> u16 {
    use support::hostile::{auth, start};
    let mut extra = vec![("PARXIS_LIVE_STREAMS_PER_ADDR", "1")];
    if let Some(t) = trusted {
        extra.push(("PARXIS_TRUSTED_PROXIES", t));
    }
    let (_fake, _redis, bot) = start(&extra, None, TestRedis::start()).await;
    let caddy = Caddy::start(bot.addr().port());
    caddy.wait_serving().await;
    let (status, event, mut first) = stream_through(&caddy, "127.0.0.2", &auth(11));
    assert_eq!(
        (status, event),
        (200, true),
        "a stream and its first event through Caddy"
    );
    let (second, _, mut other) = stream_through(&caddy, "127.0.0.3", &auth(12));
    for child in [&mut first, &mut other] {
        let _ = child.kill();
        let _ = child.wait();
    }
    second
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_streams_flow_through_caddy_and_count_per_client_behind_a_trusted_proxy() {
    // Caddy trusted: each client counts as the address it came from.
    assert_eq!(second_client_through_caddy(Some("127.0.0.1")).await, 200);
    // Not trusted: every client is Caddy's 127.0.0.1, and the second is one too many.
    assert_eq!(second_client_through_caddy(None).await, 429);
}
