//! The router over real HTTP on 127.0.0.1, read back with the probe's own client.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::*;
use crate::ops::probe::{self, Response};

/// A running server: its address, the trigger that stops it, and its task.
struct Running {
    addr: SocketAddr,
    stop: oneshot::Sender<()>,
    task: JoinHandle<io::Result<()>>,
}

async fn start(router: Router) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(serve_on(listener, router, async {
        let _ = stopped.await;
    }));
    Running { addr, stop, task }
}

impl Running {
    async fn shutdown(self) -> io::Result<()> {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(5), self.task)
            .await
            .expect("server stops within 5 s")
            .expect("server task did not panic")
    }
}

/// `GET path` over a real socket (blocking client on a blocking thread).
async fn fetch(addr: SocketAddr, path: &str) -> Response {
    let url = format!("http://{addr}{path}");
    tokio::task::spawn_blocking(move || probe::get(&url, Duration::from_secs(5)))
        .await
        .unwrap()
        .unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

async fn probe_async(url: String) -> Result<(), String> {
    tokio::task::spawn_blocking(move || probe::probe(&url))
        .await
        .unwrap()
}

#[tokio::test]
async fn healthz_answers_ok_and_the_probe_accepts_it() {
    let server = start(router(Metrics::new(), always_ready())).await;
    let response = fetch(server.addr, "/healthz").await;
    assert_eq!(response.status, 200);
    assert_eq!(response.body, "ok");
    let port = server.addr.port();
    assert_eq!(probe_async(probe::healthcheck_url(port)).await, Ok(()));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn readyz_follows_the_check_on_every_request() {
    let up = Arc::new(AtomicBool::new(false));
    let flag = up.clone();
    let check = ready_check(move || {
        let flag = flag.clone();
        async move { flag.load(Ordering::SeqCst) }
    });
    let server = start(router(Metrics::new(), check)).await;

    let down = fetch(server.addr, "/readyz").await;
    assert_eq!(down.status, 503);
    assert_eq!(down.body, "not ready");
    let url = format!("http://{}/readyz", server.addr);
    let err = probe_async(url.clone()).await.unwrap_err();
    assert!(err.contains("503"), "{err}");

    up.store(true, Ordering::SeqCst);
    let ready = fetch(server.addr, "/readyz").await;
    assert_eq!(ready.status, 200);
    assert_eq!(ready.body, "ready");
    assert_eq!(probe_async(url).await, Ok(()));

    // Liveness does not depend on readiness.
    up.store(false, Ordering::SeqCst);
    assert_eq!(fetch(server.addr, "/healthz").await.status, 200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn readyz_fails_when_the_check_hangs() {
    let hang = ready_check(std::future::pending::<bool>);
    let server = start(router_with_timeout(
        Metrics::new(),
        hang,
        Duration::from_millis(100),
    ))
    .await;
    let response = fetch(server.addr, "/readyz").await;
    // (why, the check timing out, is in the log only)
    assert_eq!(
        (response.status, response.body.as_str()),
        (503, "not ready")
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn metrics_are_served_as_prometheus_text() {
    let metrics = Metrics::new();
    let server = start(router(metrics.clone(), always_ready())).await;
    metrics.update("callback_query", Duration::from_millis(8));
    metrics.cas_conflict();

    let response = fetch(server.addr, "/metrics").await;
    assert_eq!(response.status, 200);
    assert_eq!(
        response.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    assert!(
        response
            .body
            .contains("parxis_updates_total{kind=\"callback_query\"} 1\n"),
        "{}",
        response.body
    );
    assert!(response.body.contains("parxis_cas_conflicts_total 1\n"));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_paths_and_methods_are_refused() {
    let server = start(router(Metrics::new(), always_ready())).await;
    assert_eq!(fetch(server.addr, "/").await.status, 404);
    assert_eq!(fetch(server.addr, "/healthz/extra").await.status, 404);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn shutdown_finishes_the_request_in_flight_then_closes_the_port() {
    let (entered_tx, entered_rx) = std::sync::mpsc::channel::<()>();
    let entered_tx = std::sync::Mutex::new(entered_tx);
    let slow = ready_check(move || {
        if let Ok(tx) = entered_tx.lock() {
            let _ = tx.send(());
        }
        async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            true
        }
    });
    let server = start(router(Metrics::new(), slow)).await;
    let addr = server.addr;

    let in_flight = tokio::spawn(fetch(addr, "/readyz"));
    // Wait until the handler runs, then ask the server to stop.
    tokio::task::spawn_blocking(move || entered_rx.recv_timeout(Duration::from_secs(5)))
        .await
        .unwrap()
        .expect("the readiness check started");
    server.shutdown().await.unwrap();

    let response = in_flight.await.unwrap();
    assert_eq!(response.status, 200, "the request in flight completed");
    assert_eq!(response.body, "ready");
    let after = tokio::task::spawn_blocking(move || {
        probe::get(&format!("http://{addr}/healthz"), Duration::from_secs(1))
    })
    .await
    .unwrap();
    assert!(
        after.is_err(),
        "port still answering after shutdown: {after:?}"
    );
}

#[tokio::test]
async fn serve_binds_the_given_port_on_all_interfaces() {
    // Find a free port, release it, and serve on it.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(serve(router(Metrics::new(), always_ready()), port, async {
        let _ = stopped.await;
    }));
    let url = probe::healthcheck_url(port);
    let mut result = Err(String::new());
    for _ in 0..50 {
        result = probe_async(url.clone()).await;
        if result.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(result, Ok(()));
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn readyz_keeps_the_reason_out_of_its_answer() {
    // Given a check that names why the bot is not ready
    let check = ready_check_why(|| async {
        Err("telegram unreachable since 2026-01-01T00:00:00Z".to_owned())
    });
    let server = start(router(Metrics::new(), check)).await;
    // When /readyz is asked
    let response = fetch(server.addr, "/readyz").await;
    // Then it answers 503 without the reason (kept for the log), and liveness is unaffected
    assert_eq!(response.status, 503);
    assert_eq!(response.body, "not ready");
    assert_eq!(fetch(server.addr, "/healthz").await.status, 200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_mounted_router_is_served_next_to_the_probes_only_while_mounted() {
    // Given a port with an empty mount
    let mount = Mount::new();
    let server = start(router_with_mount(
        Metrics::new(),
        always_ready(),
        mount.clone(),
    ))
    .await;
    // When nothing is mounted, other paths get 503 and the probes answer
    let early = fetch(server.addr, "/telegram").await;
    assert_eq!(early.status, 503);
    assert!(early.body.starts_with("not ready"), "{}", early.body);
    assert_eq!(fetch(server.addr, "/healthz").await.status, 200);
    // When a router is mounted, its routes are served and its 404 for the rest
    mount.set(Router::new().route("/telegram", get(|| async { "hook" })));
    let hook = fetch(server.addr, "/telegram").await;
    assert_eq!((hook.status, hook.body.as_str()), (200, "hook"));
    assert_eq!(fetch(server.addr, "/elsewhere").await.status, 404);
    assert_eq!(fetch(server.addr, "/readyz").await.body, "ready");
    // When it is cleared, the path is unavailable again
    mount.clear();
    assert_eq!(fetch(server.addr, "/telegram").await.status, 503);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn answers_are_counted_by_route_pattern_and_status_class_never_by_raw_path() {
    let metrics = Metrics::new();
    let mount = Mount::hook("/hook", "s3cret");
    let server = start(router_with_mount(metrics.clone(), always_ready(), mount)).await;
    assert_eq!(fetch(server.addr, "/healthz").await.status, 200);
    assert_eq!(fetch(server.addr, "/healthz").await.status, 200);
    assert_eq!(fetch(server.addr, "/hook").await.status, 401);
    assert_eq!(
        fetch(server.addr, "/some/path/a/client/chose").await.status,
        404
    );
    let text = metrics.render();
    server.shutdown().await.unwrap();
    let count = |series: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
            .and_then(|v| v.parse::<f64>().ok())
    };
    assert_eq!(
        count("parxis_http_requests_total{route=\"/healthz\",status=\"2xx\"}"),
        Some(2.0),
        "{text}"
    );
    assert_eq!(
        count("parxis_http_requests_total{route=\"webhook\",status=\"4xx\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        count("parxis_http_requests_total{route=\"unmatched\",status=\"4xx\"}"),
        Some(1.0),
        "{text}"
    );
    assert!(!text.contains("/some/path"), "{text}");
}

/// `GET /who` with `X-Forwarded-For: <forwarded>` over a raw connection: the body.
async fn who(addr: SocketAddr, forwarded: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /who HTTP/1.1\r\nHost: bot\r\nX-Forwarded-For: {forwarded}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
        .rsplit("\r\n\r\n")
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn behind_a_trusted_proxy_handlers_see_the_client_it_names() {
    let echo = || {
        Router::new().route(
            "/who",
            get(
                |axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<SocketAddr>| async move {
                    peer.ip().to_string()
                },
            ),
        )
    };
    for (trusted, expected) in [("127.0.0.1", "198.51.100.7"), ("10.0.0.0/8", "127.0.0.1")] {
        let bounds = Bounds::from_vars(|k| {
            (k == crate::config::TRUSTED_PROXIES).then(|| trusted.to_owned())
        })
        .unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve_bounded(listener, echo(), bounds, async {
            let _ = stopped.await;
        }));
        assert_eq!(
            who(addr, "1.2.3.4, 198.51.100.7").await,
            expected,
            "{trusted}"
        );
        let _ = stop.send(());
        task.await.unwrap().unwrap();
    }
}
