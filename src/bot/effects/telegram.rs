//! Talking to Telegram: the bot type, what an error means, small helpers. Writes to chats are
//! planned in the outbox ([`super::outbox`]), never made here.

use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{ChatKind, User};
use teloxide::{ApiError, RequestError};
use tracing::warn;

use super::chat::ChatAddr;
use crate::bot::core::table::Actor;
use crate::metrics::Metrics;
use teloxide::requests::{Output, Payload, Request};

/// The bot type. No throttling adaptor: every write to a chat goes through its outbox, which
/// keeps Telegram's limits, and `answerCallbackQuery` never waits behind a chat's writes.
pub type TgBot = Bot;

/// Longest display name kept, in characters.
pub const NAME_LIMIT: usize = 40;
/// The longest a handler waits for Telegram to say whether someone is an administrator.
pub const ADMIN_CHECK_TIMEOUT: Duration = Duration::from_secs(3);

/// Send `request` and count its time by Bot API method (`parxis_telegram_request_seconds`),
/// and a 429 apart (`parxis_telegram_429_total`). The method is the payload's own name, so
/// the label's values are the API's fixed list.
///
/// # Errors
/// The request's own error.
pub async fn timed<R>(metrics: &Metrics, request: R) -> Result<Output<R>, RequestError>
where
    R: Request<Err = RequestError>,
{
    let started = std::time::Instant::now();
    let answer = request.send().await;
    // teloxide names a payload `SendMessage`; the Bot API, and the metric, `sendMessage`.
    let name = <R::Payload as Payload>::NAME;
    let mut chars = name.chars();
    let method: String = chars
        .next()
        .map(|c| c.to_ascii_lowercase())
        .into_iter()
        .chain(chars)
        .collect();
    metrics.telegram_request(
        &method,
        started.elapsed(),
        matches!(answer, Err(RequestError::RetryAfter(_))),
    );
    answer
}

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

/// Is user `id` an administrator of `chat`? Asked only when someone other than the host
/// manages a table (a read, not a write to the chat: it is not in the chat's budget), and
/// given up after [`ADMIN_CHECK_TIMEOUT`].
pub async fn is_admin(bot: &TgBot, chat: ChatAddr, id: i64) -> bool {
    let Ok(user) = u64::try_from(id) else {
        return false;
    };
    let ask = bot.get_chat_member(chat.chat_id(), UserId(user));
    match tokio::time::timeout(ADMIN_CHECK_TIMEOUT, ask.into_future()).await {
        Ok(Ok(m)) => m.is_privileged(),
        Ok(Err(e)) => {
            warn!(chat = chat.id(), error = %e, "getChatMember failed");
            false
        }
        Err(_) => {
            warn!(chat = chat.id(), "getChatMember took too long");
            false
        }
    }
}

/// Does the chat have forum topics on?
#[must_use]
pub fn is_forum(chat: &teloxide::types::Chat) -> bool {
    use teloxide::types::{ChatKind, PublicChatKind};
    matches!(&chat.kind, ChatKind::Public(p) if matches!(&p.kind, PublicChatKind::Supergroup(s) if s.is_forum))
}
