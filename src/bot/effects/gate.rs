//! What lets an update through before it is handled, read from Redis: the store is up, the
//! update was not seen before (by any replica), a member does not flood the bot.

use super::Ctx;
use crate::store::StoreError;

pub use crate::store::{FLOOD_LIMIT, Flood, MUTE_SECS, UpdateMark};

/// Can Redis be asked now (its circuit breaker closed)?
#[must_use]
pub fn redis_up(ctx: &Ctx) -> bool {
    ctx.store.health().up
}

/// Counts a command of `user` in `chat`: past [`FLOOD_LIMIT`] a minute, one notice, then
/// [`MUTE_SECS`] of quiet (see [`crate::store::Store::flood_check`]).
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn flood_check(ctx: &Ctx, chat: i64, user: i64) -> Result<Flood, StoreError> {
    ctx.store
        .flood_check(chat, user, FLOOD_LIMIT, MUTE_SECS, ctx.now_ms())
        .await
}

/// True the first time any replica sees update `update_id` of bot `bot_id` (a mark kept
/// `ttl_secs`).
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn first_time_update(
    ctx: &Ctx,
    bot_id: i64,
    update_id: i64,
    ttl_secs: u64,
) -> Result<bool, StoreError> {
    ctx.store
        .first_time_update_for(bot_id, update_id, ttl_secs)
        .await
}
