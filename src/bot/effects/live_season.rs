//! The chat's season as the live board's page reads it (`api/season`): one read of the
//! season's key, nothing written. The season's own life (sign-up, weeks, posts) is the
//! season effects'; the page only looks.

use tracing::warn;

use crate::bot::core::season::SeasonRec;
use crate::bot::effects::Ctx;
use crate::store::StoreError;

/// What the page is told of a chat's season.
#[derive(Clone, Debug)]
pub enum Seen {
    /// The chat's season (open, over or called off), as stored.
    Season(Box<SeasonRec>),
    /// None: never opened, or a record that no longer reads (logged).
    None,
    /// Redis cannot be read now: try again.
    Away,
}

/// Chat `chat`'s season.
pub async fn season(ctx: &Ctx, chat: i64) -> Seen {
    match ctx.store.load_season::<SeasonRec>(chat).await {
        Ok(Some(rec)) => Seen::Season(Box::new(rec.state)),
        Ok(None) => Seen::None,
        Err(StoreError::Corrupt(e)) => {
            warn!(chat, error = %e, "live board: a season that does not read");
            Seen::None
        }
        Err(e) => {
            warn!(chat, error = %e, "live board: the season cannot be read");
            Seen::Away
        }
    }
}
