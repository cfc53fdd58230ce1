//! `GET <path>/pic/<game id>/<n>.png`: picture `n` of an inline game's board, for Telegram to
//! fetch (an inline message takes a new photo only by URL; see
//! [`crate::bot::effects::inline`]).
//!
//! The URL is the capability: the game's unguessable id (checked with the bot's key before
//! anything is read, so a made-up id costs no store round trip) and the picture's number.
//! Only inline places' pictures are kept and served: a group's board is uploaded, never
//! named by URL. No body is read; a picture no longer kept (they last minutes) is 404, a
//! store that cannot be read 503 with `Retry-After`.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tracing::warn;

use crate::bot::effects::live::Live;
use crate::bot::effects::{Ctx, inline};

#[derive(Clone)]
struct Pictures {
    live: Arc<Live>,
    ctx: Arc<Ctx>,
}

/// The picture route under the page's path `p`.
pub(super) fn router(p: &str, live: Arc<Live>, ctx: Arc<Ctx>) -> Router {
    Router::new()
        .route(&format!("{p}/pic/{{id}}/{{file}}"), get(picture))
        .with_state(Pictures { live, ctx })
}

/// The number of a picture's file name, `<n>.png` (at most 20 digits).
fn number_of(file: &str) -> Option<u64> {
    let n = file.strip_suffix(".png")?;
    if n.is_empty() || n.len() > 20 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

async fn picture(State(s): State<Pictures>, Path((id, file)): Path<(String, String)>) -> Response {
    let (Some(place), Some(n)) = (s.live.place_of(&id), number_of(&file)) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match inline::picture(&s.ctx, place, n).await {
        Ok(Some(png)) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "public, max-age=600, immutable"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            png,
        )
            .into_response(),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            warn!(error = %e, "inline picture unavailable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "1")],
            )
                .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::number_of;

    #[test]
    fn a_picture_is_named_by_its_number_alone() {
        assert_eq!(number_of("12.png"), Some(12));
        assert_eq!(number_of("0.png"), Some(0));
        for bad in [
            "",
            ".png",
            "12",
            "12.PNG",
            "-1.png",
            "1.5.png",
            "x.png",
            "99999999999999999999999.png",
        ] {
            assert_eq!(number_of(bad), None, "{bad}");
        }
    }
}
