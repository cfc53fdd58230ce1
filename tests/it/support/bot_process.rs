//! The real `parxis bot` binary as a child process, pointed at the fake Bot API and a real
//! Redis: spawn it, probe its HTTP port, read its (JSON) logs, stop it.
#![allow(dead_code)]

use std::io::Read;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::fake_tg::{FakeTelegram, Recorded};
use super::http;
use super::redis::TestRedis;

/// A token the fake accepts; its secret part must never reach a log line.
pub const TOKEN: &str = "123:TESTnever-log-this_part";
pub const TOKEN_SECRET_PART: &str = "never-log-this_part";
pub const WEBHOOK_SECRET: &str = "hook-secret_never-logged";
pub const CHAT: i64 = -1_001_234_567_890;
pub const WAIT: Duration = Duration::from_secs(15);

/// A running `parxis bot`; killed on drop if still running.
pub struct BotProcess {
    child: Child,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Reads its standard error into `stderr` until the process closes it.
    reader: Option<std::thread::JoinHandle<()>>,
    port: u16,
}

impl BotProcess {
    /// Starts `parxis bot` with its HTTP port on `port` and the variables `extra` added.
    pub fn spawn(
        fake: &FakeTelegram,
        redis: &TestRedis,
        port: u16,
        extra: &[(&str, String)],
    ) -> Self {
        Self::spawn_with(fake, redis, port, extra, |_| {})
    }

    /// [`Self::spawn`] with its open-file limit (soft and hard) set to `files` before it
    /// starts, as `ulimit -n` would.
    #[cfg(unix)]
    pub fn spawn_with_open_files(
        fake: &FakeTelegram,
        redis: &TestRedis,
        port: u16,
        extra: &[(&str, String)],
        files: u64,
    ) -> Self {
        use std::os::unix::process::CommandExt;
        Self::spawn_with(fake, redis, port, extra, move |cmd| {
            let limit = libc::rlimit {
                rlim_cur: files as libc::rlim_t,
                rlim_max: files as libc::rlim_t,
            };
            // SAFETY: setrlimit is async-signal-safe and only reads the struct, copied in.
            unsafe {
                cmd.pre_exec(move || {
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &raw const limit) == 0 {
                        Ok(())
                    } else {
                        Err(std::io::Error::last_os_error())
                    }
                });
            }
        })
    }

    /// [`Self::spawn`], with `configure` applied to the command last.
    pub fn spawn_with(
        fake: &FakeTelegram,
        redis: &TestRedis,
        port: u16,
        extra: &[(&str, String)],
        configure: impl FnOnce(&mut Command),
    ) -> Self {
        // (a benchmark may point at another build, e.g. the release binary)
        let bin = std::env::var("PARXIS_BOT_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_parxis").to_owned());
        let mut cmd = Command::new(bin);
        cmd.arg("bot")
            .env("TELOXIDE_TOKEN", TOKEN)
            .env("TELOXIDE_API_URL", fake.url())
            .env("REDIS_URL", redis.url())
            .env("PORT", port.to_string())
            .env("PARXIS_LOG_FORMAT", "json")
            .env("PARXIS_DEFAULT_LANGUAGE", "en")
            // Tests play faster than Telegram's 20 board writes a minute.
            .env("PARXIS_BOARD_WRITES_PER_MINUTE", "600")
            .env_remove("RUST_LOG")
            .env_remove("PARXIS_WEBHOOK_URL")
            .env_remove("PARXIS_WEBHOOK_SECRET")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in extra {
            cmd.env(k, v);
        }
        configure(&mut cmd);
        let mut child = cmd.spawn().expect("spawn parxis bot");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut pipe = child.stderr.take().expect("stderr pipe");
        let sink = Arc::clone(&stderr);
        let reader = std::thread::spawn(move || {
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
            reader: Some(reader),
            port,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Resident memory now, in KiB (`VmRSS` of `/proc/<pid>/status`).
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("the process's status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .expect("VmRSS")
    }

    /// Open file descriptors now (`/proc/<pid>/fd`).
    pub fn open_files(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::LOCALHOST, self.port))
    }

    /// Once the process has exited: waits until its last log lines are read (the reader
    /// may still be behind when the exit is seen).
    fn read_to_end(&mut self) {
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }

    pub fn logs(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().expect("log buffer")).into_owned()
    }

    /// Waits until `path` answers 200 (the process may still be starting).
    pub async fn wait_ok(&mut self, path: &str) {
        self.wait_ok_within(path, WAIT).await;
    }

    /// [`Self::wait_ok`] with its own deadline.
    pub async fn wait_ok_within(&mut self, path: &str, within: Duration) {
        let deadline = Instant::now() + within;
        loop {
            self.assert_running();
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

    /// Did the process exit because its port was taken? Waits until `/healthz` answers
    /// (then `false`) or the process exits.
    pub async fn exits_unable_to_listen(&mut self) -> bool {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if self.child.try_wait().expect("try_wait").is_some() {
                self.read_to_end();
                return self.logs().contains("Address already in use");
            }
            if let Ok(Ok(Some(200))) = tokio::time::timeout(
                Duration::from_secs(3),
                tokio::spawn(try_get(self.addr(), "/healthz".to_owned())),
            )
            .await
            {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    }

    /// Panics (with the logs) if the process has exited.
    pub fn assert_running(&mut self) {
        if let Some(status) = self.child.try_wait().expect("try_wait") {
            self.read_to_end();
            panic!("parxis bot exited with {status}:\n{}", self.logs());
        }
    }

    /// The log lines that are JSON objects, in order.
    pub fn json_logs(&self) -> Vec<Value> {
        self.logs()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(Value::is_object)
            .collect()
    }

    /// Waits until `pred` holds over the JSON log lines (the process still running), and
    /// returns them.
    pub async fn wait_logs(
        &mut self,
        what: &str,
        within: Duration,
        pred: impl Fn(&[Value]) -> bool,
    ) -> Vec<Value> {
        let deadline = Instant::now() + within;
        loop {
            self.assert_running();
            let lines = self.json_logs();
            if pred(&lines) {
                return lines;
            }
            assert!(
                Instant::now() < deadline,
                "never logged {what} within {within:?}:\n{}",
                self.logs()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// `GET /readyz`: status and body.
    pub async fn readyz(&self) -> (u16, String) {
        let reply = http::get(self.addr(), "/readyz").await;
        (reply.status, reply.body)
    }

    pub fn sigterm(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -TERM failed");
    }

    /// Waits (bounded) for the process to exit.
    pub async fn wait_exit(&mut self, within: Duration) -> ExitStatus {
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

/// A port free on every address, as the bot binds it (`0.0.0.0`): a port free on 127.0.0.1
/// alone may be held on 127.0.0.x by a client of these tests, and the bot could not listen.
pub fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The bot's reply to message `id` (a sendMessage with `reply_parameters.message_id == id`).
pub fn reply_to(r: &Recorded, id: i64) -> bool {
    r.method == "sendmessage" && r.params["reply_parameters"]["message_id"].as_i64() == Some(id)
}

/// The log lines that announce a retry of the start-up call `step`.
pub fn retries<'a>(lines: &'a [Value], step: &str) -> Vec<&'a Value> {
    lines
        .iter()
        .filter(|l| l["message"] == RETRYING && l["step"] == step)
        .collect()
}

/// The message of the log line each failed start-up attempt gets.
pub const RETRYING: &str = "Telegram did not answer; retrying";

/// Every log line is a JSON object; never the token or the webhook secret; each update's
/// line carries the chat id and the update kind. Returns the update lines.
pub fn check_logs(logs: &str) -> Vec<Value> {
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
