//! Headless Chromium (Debian's `chromium` and `chromium-driver` packages) driven over
//! WebDriver: one `chromedriver` on a free loopback port, one browser session per page,
//! each with its own fresh profile, at a phone's size (390 × 844 CSS px).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

/// The phone the pages are shown on: CSS pixels and device pixel ratio.
pub const PHONE: (u32, u32, u32) = (390, 844, 1);
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A running chromedriver.
pub struct Browser {
    driver: Child,
    port: u16,
    profiles: Vec<PathBuf>,
    sessions: usize,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        for p in &self.profiles {
            let _ = std::fs::remove_dir_all(p);
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts chromedriver and waits until it answers.
    ///
    /// # Panics
    /// When chromium or chromedriver is not installed (`.ci/run` installs both), or it does
    /// not answer within 20 s.
    pub async fn start() -> Self {
        for bin in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                std::path::Path::new(bin).exists(),
                "{bin} is missing: apt-get install -y chromium chromium-driver"
            );
        }
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "chromedriver did not open its port"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Self {
            driver,
            port,
            profiles: Vec::new(),
            sessions: 0,
        }
    }

    /// A new browser session (its own Chromium and profile) showing `url`.
    pub async fn page(&mut self, url: &str) -> Client {
        // One profile per session, across every test of the process.
        static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        self.sessions += 1;
        let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("parxis-chromium-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).expect("a profile folder");
        self.profiles.push(profile.clone());
        let (w, h, ratio) = PHONE;
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars",
                    "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                    format!("--user-data-dir={}", profile.display()),
                ],
                "mobileEmulation": {
                    "deviceMetrics": { "width": w, "height": h, "pixelRatio": ratio, "touch": true }
                }
            }
        });
        let Value::Object(caps) = caps else {
            unreachable!()
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a browser session");
        client.goto(url).await.expect("the page loads");
        client
    }
}

/// Waits in the page until `pred` (a JavaScript expression over `s`, the page's
/// `window.__parxis`) holds: checked by the page itself after each frame, tap and failure,
/// so the wait is as long as the event takes. Panics after `limit_ms`.
pub async fn until(page: &Client, pred: &str, limit_ms: u64) {
    let script = format!(
        "const done = arguments[arguments.length - 1];\
         const wait = () => window.__parxis ? window.__parxis.until((s) => ({pred}), {limit_ms}).then(done) \
                                            : setTimeout(wait, 10);\
         wait();"
    );
    let ok = page
        .execute_async(&script, vec![])
        .await
        .unwrap_or_else(|e| panic!("waiting for {pred}: {e}"));
    if ok != Value::Bool(true) {
        let state = peek(page, "JSON.stringify({state: s.state && {v: s.state.v, seq: s.state.seq, turn: s.state.turn, phase: s.state.phase}, you: s.you, failed: s.failed, taps: s.taps.slice(-2), reconnects: s.reconnects})").await;
        panic!("the page never got to {pred} within {limit_ms} ms: {state}");
    }
}

/// The value of a JavaScript expression over `s` (the page's `window.__parxis`).
pub async fn peek(page: &Client, expr: &str) -> Value {
    let script = format!("const s = window.__parxis; return ({expr});");
    page.execute(&script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}
