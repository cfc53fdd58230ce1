//! Talking to Telegram: the bot type, bounded retries, what an error means, small helpers.

use std::future::{Future, IntoFuture};
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{ChatKind, ParseMode, ReplyParameters, User};
use teloxide::{ApiError, RequestError};
use tracing::warn;

use super::Ctx;
use super::chat::{ChatAddr, InTopic};
use crate::bot::core::table::Actor;

/// The bot type: teloxide's Bot behind the Throttle adaptor (Telegram's rate limits).
pub type TgBot = teloxide::adaptors::Throttle<Bot>;

/// Retries of one request after a 429 or a network error.
pub const MAX_RETRIES: u32 = 2;
/// The longest a request waits for Telegram's `retry_after` in all; past it, it gives up.
pub const MAX_RETRY_WAIT: Duration = Duration::from_secs(10);
/// The first pause after a network error (doubled after each further one).
pub const NETWORK_BACKOFF: Duration = Duration::from_millis(200);
/// Longest display name kept, in characters.
pub const NAME_LIMIT: usize = 40;

/// A short name of what a failed request says, for the metrics.
#[must_use]
pub fn kind_of(e: &RequestError) -> &'static str {
    match e {
        RequestError::Api(ApiError::MessageNotModified) => "not_modified",
        RequestError::Api(ApiError::MessageToEditNotFound) => "not_found",
        e if chat_gone(e) => "forbidden",
        RequestError::Api(_) => "api",
        RequestError::RetryAfter(_) => "retry_after",
        RequestError::MigrateToChatId(_) => "migrate",
        RequestError::Network(_) => "network",
        _ => "other",
    }
}

/// Does `e` say the bot can no longer write to the chat (kicked, left, blocked)? Then the
/// chat's game must end. Telegram words it differently for basic groups ("Forbidden: bot
/// was kicked from the group chat", which teloxide does not know) and supergroups.
#[must_use]
pub fn chat_gone(e: &RequestError) -> bool {
    match e {
        RequestError::Api(
            ApiError::BotKicked
            | ApiError::BotKickedFromSupergroup
            | ApiError::BotKickedFromChannel
            | ApiError::BotBlocked,
        ) => true,
        RequestError::Api(ApiError::Unknown(text)) => {
            let t = text.to_ascii_lowercase();
            t.starts_with("forbidden: bot was kicked")
                || t.starts_with("forbidden: bot is not a member")
                || t.starts_with("forbidden: the group chat was deleted")
        }
        _ => false,
    }
}

/// Send a request built by `make`, again after a 429 (waiting `retry_after`, at most
/// [`MAX_RETRY_WAIT`] in all) or a network error (short backoff), at most [`MAX_RETRIES`]
/// times. Other results are returned as they come.
///
/// # Errors
/// The last error.
pub async fn retrying<T, F, Fut>(ctx: &Ctx, chat: ChatAddr, make: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    retrying_within(ctx, chat, MAX_RETRY_WAIT, make).await
}

/// As [`retrying`], waiting out 429s for at most `max_wait` in all. Board writes pass
/// [`Duration::ZERO`]: a 429 comes back at once, to be caught up later (see
/// [`super::pace`]), so no handler ever sleeps on Telegram's `retry_after`.
///
/// # Errors
/// The last error.
pub async fn retrying_within<T, F, Fut>(
    ctx: &Ctx,
    chat: ChatAddr,
    max_wait: Duration,
    mut make: F,
) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut waited = Duration::ZERO;
    let mut attempt = 0;
    loop {
        let e = match make().await {
            Ok(v) => return Ok(v),
            Err(e) => e,
        };
        let pause = match &e {
            RequestError::RetryAfter(s) => {
                let d = s.duration();
                (waited + d <= max_wait).then_some(d)
            }
            RequestError::Network(_) => Some(NETWORK_BACKOFF * 2u32.pow(attempt)),
            _ => None,
        };
        let Some(pause) = pause.filter(|_| attempt < MAX_RETRIES) else {
            return Err(e);
        };
        ctx.metrics.telegram_error(kind_of(&e));
        warn!(chat = chat.id(), error = %e, ?pause, "Telegram request failed: retrying");
        tokio::time::sleep(pause).await;
        waited += pause;
        attempt += 1;
    }
}

/// The player a Telegram user is (name trimmed, at most [`NAME_LIMIT`] characters).
#[must_use]
pub fn actor_of(u: &User) -> Actor {
    let mut name = u.first_name.trim().to_string();
    if name.is_empty() {
        name = u.username.clone().unwrap_or_else(|| format!("#{}", u.id.0));
    }
    Actor {
        id: i64::try_from(u.id.0).unwrap_or(i64::MAX),
        name: name.chars().take(NAME_LIMIT).collect(),
        is_admin: false,
    }
}

/// Is `chat` a group (games are played in groups only)?
#[must_use]
pub fn is_group(chat: &teloxide::types::Chat) -> bool {
    matches!(chat.kind, ChatKind::Public(_)) && !chat.is_channel()
}

/// Is user `id` an administrator of `chat`? (Only asked when it matters.)
pub async fn is_admin(bot: &TgBot, chat: ChatAddr, id: i64) -> bool {
    let Ok(user) = u64::try_from(id) else {
        return false;
    };
    match bot.get_chat_member(chat.chat_id(), UserId(user)).await {
        Ok(m) => m.is_privileged(),
        Err(e) => {
            warn!(chat = chat.id(), error = %e, "getChatMember failed");
            false
        }
    }
}

/// Reply to a message with a short HTML text (in the message's forum topic, if any).
///
/// # Errors
/// The Telegram error.
pub async fn reply(bot: &TgBot, msg: &Message, text: String) -> Result<(), RequestError> {
    bot.send_message(msg.chat.id, text)
        .in_topic(ChatAddr::of_message(msg))
        .parse_mode(ParseMode::Html)
        .reply_parameters(ReplyParameters::new(msg.id).allow_sending_without_reply())
        .into_future()
        .await?;
    Ok(())
}

/// As [`reply`], with buttons under the reply (`None`: none).
///
/// # Errors
/// The Telegram error.
pub async fn reply_with(
    bot: &TgBot,
    msg: &Message,
    text: String,
    keyboard: Option<teloxide::types::InlineKeyboardMarkup>,
) -> Result<(), RequestError> {
    let Some(keyboard) = keyboard else {
        return reply(bot, msg, text).await;
    };
    bot.send_message(msg.chat.id, text)
        .in_topic(ChatAddr::of_message(msg))
        .parse_mode(ParseMode::Html)
        .reply_parameters(ReplyParameters::new(msg.id).allow_sending_without_reply())
        .reply_markup(keyboard)
        .into_future()
        .await?;
    Ok(())
}

/// Say a short HTML text at `chat` (in its forum topic, if any).
///
/// # Errors
/// The Telegram error.
pub async fn say(bot: &TgBot, chat: ChatAddr, text: String) -> Result<(), RequestError> {
    bot.send_message(chat.chat_id(), text)
        .in_topic(chat)
        .parse_mode(ParseMode::Html)
        .into_future()
        .await?;
    Ok(())
}
