//! The bot's HTTP port: `/healthz`, `/readyz`, `/metrics`, in polling and webhook mode alike.
//!
//! In webhook mode, merge teloxide's webhook router into [`router`]'s (`router.merge(hook)`)
//! and serve both on the one port.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /healthz` | 200 `ok` while the process runs (liveness) |
//! | `GET /readyz` | 200 `ready` when the readiness check passes within [`READY_TIMEOUT`], else 503 `not ready` (the reason only in the log) |
//! | `GET /metrics` | Prometheus text format (not on this port when `PARXIS_METRICS_ADDR` gives it its own: [`metrics_router`]) |
//! | `GET /favicon.ico` | 204 |
//!
//! [`router_with_mount`] adds a [`Mount`]: every other path goes to the router mounted there
//! (the webhook, once `setWebhook` succeeded), or gets 503 while nothing is, so the port can
//! answer probes before the bot has reached Telegram. A mount made with [`Mount::hook`]
//! knows the webhook's path and secret: other paths get 404, and a request without the
//! secret header gets 401 before a byte of its body is read (the body is then capped at
//! [`HOOK_BODY_MAX`]). [`Mount::none`] (long polling) answers 404 to every other path.
//!
//! [`serve_on`] serves with the connection bounds of [`serve`] ([`Bounds`]).

mod counted;
pub mod forwarded;
mod serve;
mod tally;

pub use serve::{
    Bounds, RESERVED_FILES, positive, positive_count, raise_open_files, serve_bounded,
};
pub use tally::Tally;

use std::future::Future;
use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::net::TcpListener;
use tower::ServiceExt;

use super::metrics::{CONTENT_TYPE, Metrics};

/// The future a readiness check returns: `Ok` when the bot can serve, else why not (`None`:
/// no reason given).
pub type ReadyFuture = Pin<Box<dyn Future<Output = Result<(), Option<String>>> + Send>>;

/// A readiness check, run on every `GET /readyz`. Build one with [`ready_check`] or
/// [`ready_check_why`].
pub type ReadyCheck = Arc<dyn Fn() -> ReadyFuture + Send + Sync>;

/// A check slower than this counts as failed (503), so a hung Redis cannot hang the probe.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// Wraps an async closure as a [`ReadyCheck`].
///
/// # Examples
///
/// ```
/// use parxis::ops::http::ready_check;
///
/// // In the bot: `ready_check(move || { let store = store.clone(); async move { store.ping().await.is_ok() } })`
/// let check = ready_check(|| async { true });
/// # let _ = check;
/// ```
pub fn ready_check<F, Fut>(check: F) -> ReadyCheck
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = bool> + Send + 'static,
{
    Arc::new(move || {
        let ready = check();
        Box::pin(async move { if ready.await { Ok(()) } else { Err(None) } }) as ReadyFuture
    })
}

/// Wraps an async closure that says why the bot is not ready (`Err(reason)`, shown by
/// `/readyz` after `not ready: `) as a [`ReadyCheck`].
pub fn ready_check_why<F, Fut>(check: F) -> ReadyCheck
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<(), String>> + Send + 'static,
{
    Arc::new(move || {
        let fut = check();
        Box::pin(async move { fut.await.map_err(Some) }) as ReadyFuture
    })
}

/// A webhook update's largest body taken: Telegram's updates are a few kilobytes (a
/// message of 4,096 characters with its entities, a poll, a member list change).
pub const HOOK_BODY_MAX: usize = 256 * 1024;

/// The header Telegram sends the webhook's secret in.
pub const HOOK_SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// What a [`Mount`] serves besides its router.
#[derive(Clone, Default)]
enum Guard {
    /// Every path goes to the router (503 while there is none).
    #[default]
    Open,
    /// Only the webhook's path, with its secret checked before the body.
    Hook { path: String, secret: String },
    /// Nothing: every other path is 404.
    Closed,
}

/// A slot for a router that is served on the same port later (the webhook route, which
/// exists only once `setWebhook` succeeded). Clones share the slot.
#[derive(Clone, Default)]
pub struct Mount(Arc<RwLock<Option<Router>>>, Guard);

impl Mount {
    /// An empty slot, serving every path once a router is set.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty slot for the webhook at `path`: other paths get 404, and a request to it
    /// without `secret` in [`HOOK_SECRET_HEADER`] gets 401 before its body is read.
    #[must_use]
    pub fn hook(path: &str, secret: &str) -> Self {
        Self(
            Arc::default(),
            Guard::Hook {
                path: path.to_owned(),
                secret: secret.to_owned(),
            },
        )
    }

    /// A slot that never serves anything (long polling): every other path gets 404.
    #[must_use]
    pub fn none() -> Self {
        Self(Arc::default(), Guard::Closed)
    }

    /// Serves `router` from now on (replacing any other).
    pub fn set(&self, router: Router) {
        *self.0.write().unwrap_or_else(PoisonError::into_inner) = Some(router);
    }

    /// Stops serving the mounted router and drops it once the requests in flight are done.
    pub fn clear(&self) {
        self.0
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }

    fn get(&self) -> Option<Router> {
        self.0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// A check that always passes: for tools that have nothing to wait for.
#[must_use]
pub fn always_ready() -> ReadyCheck {
    ready_check(|| async { true })
}

#[derive(Clone)]
struct AppState {
    metrics: Metrics,
    ready: ReadyCheck,
    ready_timeout: Duration,
    mount: Mount,
}

impl AppState {
    fn new(metrics: Metrics, ready: ReadyCheck, mount: Mount) -> Self {
        Self {
            metrics,
            ready,
            ready_timeout: READY_TIMEOUT,
            mount,
        }
    }
}

/// The router with the three routes; `metrics` is what `/metrics` renders.
pub fn router(metrics: Metrics, ready: ReadyCheck) -> Router {
    router_with_timeout(metrics, ready, READY_TIMEOUT)
}

/// [`router`], with every other path sent to what `mount` holds (503 while it is empty).
pub fn router_with_mount(metrics: Metrics, ready: ReadyCheck, mount: Mount) -> Router {
    router_with_apps(metrics, ready, mount, None)
}

/// [`router_with_mount`], with the routes of `apps` served too (the live board, handed in by
/// the bot's entry: its page and requests under its own path).
pub fn router_with_apps(
    metrics: Metrics,
    ready: ReadyCheck,
    mount: Mount,
    apps: Option<Router>,
) -> Router {
    with_apps(routes(), AppState::new(metrics, ready, mount), apps)
}

/// The probes and the mounted router served together with `apps`.
fn with_apps(ops: Router<AppState>, state: AppState, apps: Option<Router>) -> Router {
    let metrics = state.metrics.clone();
    let ops = ops.fallback(mounted).with_state(state);
    counting(
        match apps {
            Some(apps) => ops.merge(apps),
            None => ops,
        },
        metrics,
    )
}

/// `router` with every answer counted by route and status class.
fn counting(router: Router, metrics: Metrics) -> Router {
    router.layer(axum::middleware::from_fn_with_state(
        metrics,
        counted::count,
    ))
}

fn router_with_timeout(metrics: Metrics, ready: ReadyCheck, ready_timeout: Duration) -> Router {
    let router = routes().with_state(AppState {
        metrics: metrics.clone(),
        ready,
        ready_timeout,
        mount: Mount::new(),
    });
    counting(router, metrics)
}

fn routes() -> Router<AppState> {
    probes().route("/metrics", get(metrics_text))
}

/// `/healthz`, `/readyz` and the icon (no `/metrics`).
fn probes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}

/// [`router_with_apps`] without `/metrics` (served by [`metrics_router`] on its own address).
pub fn router_without_metrics(
    metrics: Metrics,
    ready: ReadyCheck,
    mount: Mount,
    apps: Option<Router>,
) -> Router {
    with_apps(probes(), AppState::new(metrics, ready, mount), apps)
}

/// `/metrics` alone, for an internal address (`PARXIS_METRICS_ADDR`); other paths 404.
pub fn metrics_router(metrics: Metrics) -> Router {
    let router = Router::new()
        .route("/metrics", get(metrics_text))
        .with_state(AppState {
            metrics: metrics.clone(),
            ready: always_ready(),
            ready_timeout: READY_TIMEOUT,
            mount: Mount::none(),
        });
    counting(router, metrics)
}

/// Equal in time whatever the bytes (the webhook's secret).
fn same_secret(given: &[u8], secret: &[u8]) -> bool {
    given.len() == secret.len()
        && given
            .iter()
            .zip(secret)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

async fn mounted(State(state): State<AppState>, request: Request) -> Response {
    let name = match &state.mount.1 {
        Guard::Hook { path, .. } if request.uri().path() == path => Some("webhook"),
        Guard::Open => Some("mounted"),
        _ => None,
    };
    let mut response = mounted_answer(state, request).await;
    if let Some(name) = name {
        response.extensions_mut().insert(counted::RouteName(name));
    }
    response
}

async fn mounted_answer(state: AppState, request: Request) -> Response {
    let request = match &state.mount.1 {
        Guard::Open => request,
        Guard::Closed => return StatusCode::NOT_FOUND.into_response(),
        Guard::Hook { path, secret } => {
            if request.uri().path() != path {
                return StatusCode::NOT_FOUND.into_response();
            }
            let given = request
                .headers()
                .get(HOOK_SECRET_HEADER)
                .map_or(&[][..], |v| v.as_bytes());
            if !same_secret(given, secret.as_bytes()) {
                return StatusCode::UNAUTHORIZED.into_response();
            }
            let declared = request
                .headers()
                .get(header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|n| n > HOOK_BODY_MAX) {
                return StatusCode::PAYLOAD_TOO_LARGE.into_response();
            }
            request.map(|body| {
                axum::body::Body::new(http_body_util::Limited::new(body, HOOK_BODY_MAX))
            })
        }
    };
    match state.mount.get() {
        Some(router) => match router.oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        },
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the webhook is not set yet",
        )
            .into_response(),
    }
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, String) {
    match tokio::time::timeout(state.ready_timeout, (state.ready)()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready".to_owned()),
        Ok(Err(None)) => (StatusCode::SERVICE_UNAVAILABLE, "not ready".to_owned()),
        Ok(Err(Some(reason))) => {
            // The reason is for operators: internal error text stays out of the answer.
            tracing::info!(reason = %reason, "not ready");
            (StatusCode::SERVICE_UNAVAILABLE, "not ready".to_owned())
        }
        Err(_) => {
            tracing::warn!(
                timeout_ms = state.ready_timeout.as_millis(),
                "readiness check timed out"
            );
            (StatusCode::SERVICE_UNAVAILABLE, "not ready".to_owned())
        }
    }
}

async fn metrics_text(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, CONTENT_TYPE)],
        state.metrics.render(),
    )
}

/// Serves `router` on every interface at `port` until `shutdown` completes, then stops
/// accepting and waits for requests in flight.
///
/// # Errors
///
/// The port cannot be bound, or the server fails.
pub async fn serve<F>(router: Router, port: u16, shutdown: F) -> io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::UNSPECIFIED, port))).await?;
    serve_on(listener, router, shutdown).await
}

/// [`serve`] on a listener bound by the caller (tests bind `127.0.0.1:0`), within the
/// default [`Bounds`].
///
/// # Errors
///
/// The server fails.
pub async fn serve_on<F>(listener: TcpListener, router: Router, shutdown: F) -> io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    serve_bounded(listener, router, Bounds::default(), shutdown).await
}

#[cfg(test)]
mod tests;
