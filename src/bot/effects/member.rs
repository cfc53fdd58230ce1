//! Is a user a member of a group? Asked of Telegram (`getChatMember`: a read, not a write to
//! the chat, so outside the chat's write budget) within [`MEMBER_CHECK_TIMEOUT`], and the
//! answer cached in Redis for every replica for a few minutes (`PARXIS_MEMBER_CACHE_SECS`):
//! the live board shows a group's game only to its members.

use std::time::Duration;

use teloxide::prelude::Requester;
use teloxide::types::{ChatId, UserId};
use tracing::warn;

use super::{Ctx, TgBot};

/// `getChatMember` is given up after this.
pub const MEMBER_CHECK_TIMEOUT: Duration = Duration::from_secs(5);

/// Why membership could not be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unknown {
    #[error("Telegram did not answer getChatMember")]
    Telegram,
}

/// Is `user` a present member of `chat` (creator, administrator, member, or restricted but
/// still in)? Left, kicked and never-in are not. From the cache when it knows; else asked
/// and cached for `cache_secs` (a Redis outage only skips the cache).
///
/// # Errors
/// [`Unknown::Telegram`]: the cache does not know and Telegram did not answer in time (or
/// failed otherwise than saying the user is not there).
pub async fn is_member(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    user: i64,
    cache_secs: u64,
) -> Result<bool, Unknown> {
    if let Ok(Some(known)) = ctx.store.cached_member(chat, user).await {
        return Ok(known);
    }
    let Ok(id) = u64::try_from(user) else {
        return Ok(false);
    };
    let ask = bot.get_chat_member(ChatId(chat), UserId(id));
    let member = match tokio::time::timeout(
        MEMBER_CHECK_TIMEOUT,
        super::telegram::timed(&ctx.metrics, ask),
    )
    .await
    {
        Ok(Ok(m)) => m.is_present(),
        // Telegram's way of saying the user is not known there.
        Ok(Err(teloxide::RequestError::Api(e))) if e.to_string().contains("not found") => false,
        Ok(Err(e)) => {
            warn!(chat, error = %e, "getChatMember failed");
            return Err(Unknown::Telegram);
        }
        Err(_) => {
            warn!(chat, "getChatMember took too long");
            return Err(Unknown::Telegram);
        }
    };
    if let Err(e) = ctx.store.cache_member(chat, user, member, cache_secs).await {
        warn!(chat, error = %e, "membership not cached");
    }
    Ok(member)
}
