//! Every answer of the port counted by route and status class (`parxis_http_requests_total`).
//!
//! The route is the pattern the request matched (`/healthz`, `/live/api/live`,
//! `/live/pic/{id}/{file}`: the routes the port serves, a bounded set), `webhook` for the
//! webhook's path, `mounted` for whatever else the mounted router serves, and `unmatched`
//! for any other path: never the raw path, which a client chooses.

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::metrics::Metrics;

/// A route's name set by a handler that serves paths of its own (the fallback's).
#[derive(Clone, Copy, Debug)]
pub(super) struct RouteName(pub &'static str);

/// The middleware: counts the answer once the handler gave it (a stream counts when it
/// starts).
pub(super) async fn count(
    State(metrics): State<Metrics>,
    request: Request,
    next: Next,
) -> Response {
    let matched = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned());
    let response = next.run(request).await;
    let named = response.extensions().get::<RouteName>().map(|r| r.0);
    let route = named.or(matched.as_deref()).unwrap_or("unmatched");
    metrics.http_request(route, response.status().as_u16());
    response
}
