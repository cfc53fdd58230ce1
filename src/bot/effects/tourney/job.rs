//! A chat's tournament firing (the scheduler's [`crate::store::DueKind::Tourney`], under the
//! chat's lease): results to post, tables to call, games to start, tables being played to
//! check, buttons that stopped applying to take off; then the next due time, never sooner
//! than [`REFIRE_MS`] (a table whose place still holds an open game puts its start off
//! longer each time: 5 s, 10 s, then every 20 s, [`crate::bot::core::tourney::BLOCKED_SECS`]).

use tracing::debug;

use super::super::chat::load as load_place;
use super::texts::home;
use super::{Ctx, REFIRE_MS, load, results, sync_due_after, tables, unbutton};
use crate::store::{DueKind, Place};

/// Fire `chat`'s tournament.
pub async fn fire(ctx: &Ctx, chat: i64) {
    match load(ctx, chat).await {
        Ok(Some(rec))
            if rec.state.is_open()
                || !rec.state.unposted.is_empty()
                || !rec.state.stale_msgs.is_empty() =>
        {
            let lang = load_place(ctx, home(chat, &rec.state), None).await.lang;
            results::check_playing(ctx, chat).await;
            results::post_unposted(ctx, chat, lang).await;
            unbutton::flush(ctx, chat).await;
            if let Ok(Some(latest)) = load(ctx, chat).await {
                tables::call_tables(ctx, chat, lang, &latest.state).await;
            }
            tables::start_due(ctx, chat).await;
            if let Ok(Some(latest)) = load(ctx, chat).await {
                sync_due_after(ctx, chat, &latest.state, ctx.now_ms() + REFIRE_MS).await;
            }
        }
        Ok(_) => {
            let _ = ctx
                .store
                .set_due(DueKind::Tourney, Place::of_chat(chat), None)
                .await;
        }
        Err(e) => debug!(chat, error = %e, "tournament not loaded"),
    }
}
