//! The bot's HTTP port: `/healthz`, `/readyz`, `/metrics`, in polling and webhook mode alike.
//!
//! In webhook mode, merge teloxide's webhook router into [`router`]'s (`router.merge(hook)`)
//! and serve both on the one port.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /healthz` | 200 `ok` while the process runs (liveness) |
//! | `GET /readyz` | 200 `ready` when the readiness check passes within [`READY_TIMEOUT`], else 503 |
//! | `GET /metrics` | Prometheus text format |

use std::future::Future;
use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio::net::TcpListener;

use super::metrics::{CONTENT_TYPE, Metrics};

/// The future a readiness check returns: `true` when the bot can serve (Redis answers).
pub type ReadyFuture = Pin<Box<dyn Future<Output = bool> + Send>>;

/// A readiness check, run on every `GET /readyz`. Build one with [`ready_check`].
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
    Arc::new(move || Box::pin(check()) as ReadyFuture)
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
}

/// The router with the three routes; `metrics` is what `/metrics` renders.
pub fn router(metrics: Metrics, ready: ReadyCheck) -> Router {
    router_with_timeout(metrics, ready, READY_TIMEOUT)
}

fn router_with_timeout(metrics: Metrics, ready: ReadyCheck, ready_timeout: Duration) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_text))
        .with_state(AppState {
            metrics,
            ready,
            ready_timeout,
        })
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    match tokio::time::timeout(state.ready_timeout, (state.ready)()).await {
        Ok(true) => (StatusCode::OK, "ready"),
        Ok(false) => (StatusCode::SERVICE_UNAVAILABLE, "not ready"),
        Err(_) => {
            tracing::warn!(
                timeout_ms = state.ready_timeout.as_millis(),
                "readiness check timed out"
            );
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: check timed out",
            )
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

/// [`serve`] on a listener bound by the caller (tests bind `127.0.0.1:0`).
///
/// # Errors
///
/// The server fails.
pub async fn serve_on<F>(listener: TcpListener, router: Router, shutdown: F) -> io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    tracing::info!(addr = %listener.local_addr()?, "HTTP server listening");
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await?;
    tracing::info!("HTTP server stopped");
    Ok(())
}

#[cfg(test)]
mod tests;
