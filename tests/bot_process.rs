//! The real `parxis bot` binary, against the fake Bot API and a real Redis: its HTTP port in
//! both modes, its JSON logs, and a graceful stop on SIGTERM.

mod support;

use std::io::Read;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use support::fake_tg::{FakeTelegram, Recorded, TestUser};
use support::http::{self, sample};
use support::redis::TestRedis;

/// A token the fake accepts; its secret part must never reach a log line.
const TOKEN: &str = "123:TESTnever-log-this_part";
const TOKEN_SECRET_PART: &str = "never-log-this_part";
const WEBHOOK_SECRET: &str = "hook-secret_never-logged";
const CHAT: i64 = -1_001_234_567_890;
const WAIT: Duration = Duration::from_secs(15);

/// A running `parxis bot`; killed on drop if still running.
struct BotProcess {
    child: Child,
    stderr: Arc<Mutex<Vec<u8>>>,
    port: u16,
}

impl BotProcess {
    /// Starts `parxis bot` with its HTTP port on `port` and the variables `extra` added.
    fn spawn(fake: &FakeTelegram, redis: &TestRedis, port: u16, extra: &[(&str, String)]) -> Self {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_parxis"));
        cmd.arg("bot")
            .env("TELOXIDE_TOKEN", TOKEN)
            .env("TELOXIDE_API_URL", fake.url())
            .env("REDIS_URL", redis.url())
            .env("PORT", port.to_string())
            .env("PARXIS_LOG_FORMAT", "json")
            .env("PARXIS_DEFAULT_LANGUAGE", "en")
            .env_remove("RUST_LOG")
            .env_remove("PARXIS_WEBHOOK_URL")
            .env_remove("PARXIS_WEBHOOK_SECRET")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in extra {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("spawn parxis bot");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut pipe = child.stderr.take().expect("stderr pipe");
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .expect("log buffer")
                    .extend_from_slice(&buf[..n]);
            }
        });
        Self {
            child,
            stderr,
            port,
        }
    }

    fn addr(&self) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::LOCALHOST, self.port))
    }

    fn logs(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().expect("log buffer")).into_owned()
    }

    /// Waits until `path` answers 200 (the process may still be starting).
    async fn wait_ok(&mut self, path: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                panic!("parxis bot exited with {status}:\n{}", self.logs());
            }
            if let Ok(Ok(reply)) = tokio::time::timeout(
                Duration::from_secs(3),
                tokio::spawn(try_get(self.addr(), path.to_owned())),
            )
            .await
                && reply.is_some_and(|s| s == 200)
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{path} never answered 200:\n{}",
                self.logs()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn sigterm(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -TERM failed");
    }

    /// Waits (bounded) for the process to exit.
    async fn wait_exit(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return status;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                panic!(
                    "parxis bot did not exit within {within:?}:\n{}",
                    self.logs()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The status of `GET path`, or `None` if the port does not answer yet.
async fn try_get(addr: SocketAddr, path: String) -> Option<u16> {
    tokio::net::TcpStream::connect(addr).await.ok()?;
    Some(http::get(addr, &path).await.status)
}

fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The bot's reply to message `id` (a sendMessage with `reply_parameters.message_id == id`).
fn reply_to(r: &Recorded, id: i64) -> bool {
    r.method == "sendmessage" && r.params["reply_parameters"]["message_id"].as_i64() == Some(id)
}

/// Every log line is a JSON object; never the token or the webhook secret; each update's
/// line carries the chat id and the update kind. Returns the update lines.
fn check_logs(logs: &str) -> Vec<Value> {
    assert!(
        !logs.contains(TOKEN_SECRET_PART) && !logs.contains(WEBHOOK_SECRET),
        "a secret reached the logs:\n{logs}"
    );
    let lines: Vec<Value> = logs
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let updates: Vec<Value> = lines
        .into_iter()
        .filter(|l| l["message"] == "update")
        .collect();
    for u in &updates {
        assert_eq!(u["chat"].as_i64(), Some(CHAT), "{u}");
        assert!(u["kind"].as_str().is_some_and(|k| !k.is_empty()), "{u}");
    }
    updates
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polling_bot_serves_health_and_finishes_in_flight_updates_on_sigterm() {
    let fake = FakeTelegram::start().await;
    let redis = TestRedis::start();
    let mut bot = BotProcess::spawn(&fake, &redis, free_port(), &[]);
    bot.wait_ok("/healthz").await;
    bot.wait_ok("/readyz").await;

    // Polling asks for exactly the update kinds the handlers take (the dedup step in front
    // of them does not widen the list).
    let poll = fake
        .wait_for_request(|r| r.method == "getupdates", WAIT)
        .await;
    let mut kinds: Vec<String> = poll.params["allowed_updates"]
        .as_array()
        .unwrap_or_else(|| panic!("allowed_updates in {:?}", poll.params))
        .iter()
        .filter_map(|k| k.as_str().map(str::to_owned))
        .collect();
    kinds.sort();
    assert_eq!(kinds, ["callback_query", "message", "my_chat_member"]);

    // Two commands in one chat: the second reply waits for Telegram's per-chat rate limit
    // (about a second), so it is still in flight when SIGTERM arrives.
    let ana = TestUser::new(11, "Ana").lang("en");
    let first = fake.command(CHAT, &ana, "/help");
    let second = fake.command(CHAT, &ana, "/help");
    let (id1, id2) = (
        first["message"]["message_id"].as_i64().expect("id"),
        second["message"]["message_id"].as_i64().expect("id"),
    );
    let second_update = second["update_id"].as_i64().expect("update id");
    fake.push_update(first);
    fake.push_update(second);
    fake.wait_for_request(|r| reply_to(r, id1), WAIT).await;
    let fetched = fake.requests().iter().any(|r| {
        r.method == "getupdates"
            && r.result()
                .to_string()
                .contains(&format!("\"update_id\":{second_update}"))
    });
    assert!(fetched, "both updates were taken before the stop");
    assert!(
        !fake.requests().iter().any(|r| reply_to(r, id2)),
        "the second reply should still be waiting"
    );
    let term_at = Instant::now();
    bot.sigterm();
    let status = bot.wait_exit(Duration::from_secs(8)).await;
    assert_eq!(status.code(), Some(0), "exit status 0:\n{}", bot.logs());
    let late = fake
        .requests()
        .into_iter()
        .find(|r| reply_to(r, id2))
        .unwrap_or_else(|| panic!("the in-flight update was dropped:\n{}", fake.log_tail(8)));
    assert!(late.ok());
    assert!(late.at > term_at, "the reply went out after SIGTERM");
    assert!(
        term_at.elapsed() < Duration::from_secs(8),
        "stopped within a few seconds"
    );

    let logs = bot.logs();
    let updates = check_logs(&logs);
    assert_eq!(updates.len(), 2, "one line per update:\n{logs}");
    assert!(updates.iter().all(|u| u["kind"] == "command"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_bot_serves_the_webhook_next_to_health_and_metrics_on_one_port() {
    let fake = FakeTelegram::start().await;
    let redis = TestRedis::start();
    // A custom Bot API server (here the fake) may deliver to plain http on any port; the
    // webhook URL names the bot's own port, where the route shares the server with /healthz.
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}/telegram");
    let mut bot = BotProcess::spawn(
        &fake,
        &redis,
        port,
        &[
            ("PARXIS_WEBHOOK_URL", url.clone()),
            ("PARXIS_WEBHOOK_SECRET", WEBHOOK_SECRET.to_owned()),
        ],
    );
    bot.wait_ok("/healthz").await;
    bot.wait_ok("/readyz").await;
    let set = fake
        .wait_for_request(|r| r.method == "setwebhook", WAIT)
        .await;
    assert_eq!(set.str_param("url"), Some(url.as_str()));
    assert_eq!(set.str_param("secret_token"), Some(WEBHOOK_SECRET));

    let ana = TestUser::new(11, "Ana").lang("en");
    let update = fake.command(CHAT, &ana, "/help");
    let id = update["message"]["message_id"].as_i64().expect("id");
    let denied = http::post_json(bot.addr(), "/telegram", None, &update).await;
    assert_eq!(denied.status, 401);
    let accepted = http::post_json(bot.addr(), "/telegram", Some(WEBHOOK_SECRET), &update).await;
    assert_eq!(accepted.status, 200);
    fake.wait_for_request(|r| reply_to(r, id), WAIT).await;
    // The handler counts the update right after its reply: allow it a moment.
    let deadline = Instant::now() + WAIT;
    loop {
        let metrics = http::get(bot.addr(), "/metrics").await;
        assert_eq!(metrics.status, 200);
        let commands = sample(&metrics.body, "parxis_updates_total{kind=\"command\"}");
        if commands == Some(1.0) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{commands:?} in\n{}",
            metrics.body
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    bot.sigterm();
    let status = bot.wait_exit(Duration::from_secs(8)).await;
    assert_eq!(status.code(), Some(0), "exit status 0:\n{}", bot.logs());
    assert!(
        !fake.requests().iter().any(|r| r.method == "deletewebhook"),
        "a stopping replica leaves the shared webhook in place"
    );
    assert!(
        !fake.requests().iter().any(|r| r.method == "getupdates"),
        "no polling in webhook mode"
    );
    let updates = check_logs(&bot.logs());
    assert_eq!(updates.len(), 1);
}

#[test]
fn missing_token_and_bad_values_stop_the_bot_with_a_clear_message() {
    let run = |vars: &[(&str, &str)]| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_parxis"));
        cmd.arg("bot")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default());
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("run parxis bot");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("TELOXIDE_TOKEN"), "{err}");
    let (code, err) = run(&[("TELOXIDE_TOKEN", "123:SECRET"), ("PORT", "not-a-port")]);
    assert_eq!(code, Some(2));
    assert!(err.contains("PORT") && !err.contains("SECRET"), "{err}");
    let (code, err) = run(&[
        ("TELOXIDE_TOKEN", "123:SECRET"),
        ("PARXIS_DEFAULT_LANGUAGE", "fr"),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("PARXIS_DEFAULT_LANGUAGE") && !err.contains("SECRET"),
        "{err}"
    );
}
