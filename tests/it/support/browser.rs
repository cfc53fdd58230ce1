//! Headless Chromium (Debian's `chromium` and `chromium-driver` packages) driven over
//! WebDriver: one `chromedriver` on a free loopback port and **one** browser session (one
//! Chromium, one fresh profile) per test, emulating a phone: 390 × 844 CSS px at 2×, touch,
//! a phone's user agent, so the page's `<meta name=viewport>` is honoured. A test that needs
//! several pages at once opens them as tabs of that one browser ([`Browser::open`]) and
//! says which one each command is for ([`Browser::on`]). [`assert_fits`] checks that a page
//! does not scroll sideways.
//!
//! The browser is found at `PARXIS_CHROMIUM` / `PARXIS_CHROMEDRIVER`, else on `PATH`
//! (`chromium`, `chromedriver`; `.ci/run` installs both). Without them a test **fails**,
//! unless `PARXIS_SKIP_BROWSER=1` says to skip it (then it says so loudly on stderr).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use fantoccini::wd::{TimeoutConfiguration, WindowHandle};
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

/// The phone the pages are shown on: CSS pixels and device pixel ratio.
pub const PHONE: (u32, u32, u32) = (390, 844, 2);
/// The phone's browser as it names itself (Telegram's Android web view is Chrome's): with
/// it and the device metrics, Chromium emulates a phone, the page's `<meta name=viewport>`
/// honoured (a page wider than the phone then lays out wider, as on a real one).
pub const PHONE_AGENT: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
     (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Telegram-Android/11.2.0";
/// Set to `1` to skip the browser tests where no browser is installed (never in CI).
pub const SKIP_VAR: &str = "PARXIS_SKIP_BROWSER";

/// A running chromedriver and its one browser session.
pub struct Browser {
    driver: Child,
    client: Client,
    profile: PathBuf,
    /// The tab commands go to now (a switch is a round trip: made only when it changes).
    current: Mutex<Option<WindowHandle>>,
    /// Tabs opened so far (the first is the session's own).
    tabs: usize,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// One tab of the browser.
#[derive(Clone, Debug)]
pub struct Tab(WindowHandle);

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `var`'s path, else the first of `names` found on `PATH`.
fn find(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var) {
        return Some(PathBuf::from(p)).filter(|p| p.exists());
    }
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

impl Browser {
    /// Starts chromedriver and one headless Chromium at a phone's size. `None` only when
    /// the browser is missing and [`SKIP_VAR`] is `1`.
    ///
    /// # Panics
    /// When chromium or chromedriver is missing (and skipping was not asked for), or the
    /// browser does not start within 20 s.
    pub async fn start() -> Option<Self> {
        let chromium = find("PARXIS_CHROMIUM", &["chromium", "chromium-browser"]);
        let driver = find("PARXIS_CHROMEDRIVER", &["chromedriver"]);
        let (Some(chromium), Some(driver)) = (chromium, driver) else {
            let missing = "chromium or chromedriver is missing (apt-get install -y chromium \
                           chromium-driver, or set PARXIS_CHROMIUM / PARXIS_CHROMEDRIVER)";
            if std::env::var(SKIP_VAR).as_deref() == Ok("1") {
                eprintln!(
                    "\n*** SKIPPED: a live board browser test did not run: {missing}; \
                     {SKIP_VAR}=1 ***\n"
                );
                return None;
            }
            panic!("{missing}; {SKIP_VAR}=1 skips the browser tests");
        };
        let port = free_port();
        let child = Command::new(&driver)
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
        static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("parxis-chromium-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).expect("a profile folder");
        let (w, h, ratio) = PHONE;
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars",
                    // Tabs in the background run as the one in front (several players).
                    "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                    "--disable-backgrounding-occluded-windows",
                    format!("--user-data-dir={}", profile.display()),
                ],
                "mobileEmulation": {
                    "deviceMetrics": {
                        "width": w, "height": h, "pixelRatio": ratio, "touch": true, "mobile": true
                    },
                    "userAgent": PHONE_AGENT
                }
            }
        });
        let Value::Object(caps) = caps else {
            unreachable!()
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a browser session");
        // A whole game may be waited for in one script.
        client
            .update_timeouts(TimeoutConfiguration::new(
                Some(Duration::from_secs(120)),
                Some(Duration::from_secs(30)),
                None,
            ))
            .await
            .expect("timeouts");
        let first = client.window().await.expect("the first tab");
        Some(Self {
            driver: child,
            client,
            profile,
            current: Mutex::new(Some(first)),
            tabs: 0,
        })
    }

    /// A tab showing `url`: the session's own for the first, a new tab after that.
    pub async fn open(&mut self, url: &str) -> Tab {
        let tab = self.new_tab().await;
        self.on(&tab).await.goto(url).await.expect("the page loads");
        tab
    }

    /// The session's own tab for the first, a new tab after that (showing nothing yet).
    async fn new_tab(&mut self) -> Tab {
        let handle = if self.tabs == 0 {
            self.client.window().await.expect("the first tab")
        } else {
            self.client
                .new_window(true)
                .await
                .expect("a new tab")
                .handle
        };
        self.tabs += 1;
        Tab(handle)
    }

    /// A tab showing `url`, with `script` run in it before any script of the page (and
    /// of every page it loads after): Chromium's `Page.addScriptToEvaluateOnNewDocument`
    /// through chromedriver, so a test can stand something in for what Telegram's client
    /// puts in the page before it runs (its `window.Telegram.WebApp`).
    pub async fn open_with(&mut self, url: &str, script: &str) -> Tab {
        let tab = self.new_tab().await;
        let client = self.on(&tab).await;
        let cmd = Cdp {
            cmd: "Page.addScriptToEvaluateOnNewDocument",
            params: json!({ "source": script }),
        };
        client
            .issue_cmd(cmd)
            .await
            .expect("the script before the page's");
        client.goto(url).await.expect("the page loads");
        tab
    }

    /// The client, its commands going to `tab`.
    pub async fn on(&self, tab: &Tab) -> &Client {
        let switch = {
            let cur = self.current.lock().expect("current tab");
            cur.as_ref() != Some(&tab.0)
        };
        if switch {
            self.client
                .switch_to_window(tab.0.clone())
                .await
                .expect("switch to the tab");
            *self.current.lock().expect("current tab") = Some(tab.0.clone());
        }
        &self.client
    }

    /// Shows `url` in `tab` as a page of its own (loaded anew even when only its fragment
    /// differs from what the tab shows).
    pub async fn show(&self, tab: &Tab, url: &str) -> &Client {
        let c = self.on(tab).await;
        c.goto("about:blank").await.expect("a blank page");
        c.goto(url).await.expect("the page loads");
        c
    }

    /// Ends the session (the browser quits).
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
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

/// How the page lays out against the phone's width: `{inner, doc, body, wide}`, `wide`
/// naming a few of the elements that reach past the phone's right edge or overflow.
pub async fn widths(page: &Client) -> Value {
    let script = format!(
        "const w = {};\
         const wide = [...document.querySelectorAll('body *')]\
           .filter((e) => e.getBoundingClientRect().right > w + 0.5 || e.scrollWidth > e.clientWidth + 1)\
           .slice(-4).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + \
             Math.round(e.getBoundingClientRect().right) + ': ' + (e.textContent || '').slice(0, 48));\
         return {{ inner: window.innerWidth, doc: document.documentElement.scrollWidth,\
                   body: document.body.scrollWidth, wide }};",
        PHONE.0
    );
    page.execute(&script, vec![])
        .await
        .unwrap_or_else(|e| panic!("the page's widths: {e}"))
}

/// Asserts that the page does not scroll sideways on the phone: the document and the body
/// are no wider than the window, and the window is the phone's width (a page wider than
/// its viewport would widen the window on a phone, zoomed out). `what` names the state.
pub async fn assert_fits(page: &Client, what: &str) {
    let w = widths(page).await;
    let phone = u64::from(PHONE.0);
    let inner = w["inner"].as_u64().unwrap_or(u64::MAX);
    let fits = inner == phone
        && w["doc"].as_u64().is_some_and(|d| d <= inner)
        && w["body"].as_u64().is_some_and(|b| b <= inner);
    assert!(
        fits,
        "{what}: the page scrolls sideways on a {phone} px phone: {w}"
    );
}

/// The value of a JavaScript expression over `s` (the page's `window.__parxis`).
pub async fn peek(page: &Client, expr: &str) -> Value {
    let script = format!("const s = window.__parxis; return ({expr});");
    page.execute(&script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// A Chrome DevTools Protocol command, sent through chromedriver's `goog/cdp/execute`.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (axum::http::Method::POST, Some(body.to_string()))
    }
}
