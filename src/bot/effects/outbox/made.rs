//! What became of a write ([`Made`]) and what a failed request means for it ([`failed`]):
//! shared by the writes made in [`super::make`] and the replays' in [`super::media`].

use teloxide::{ApiError, RequestError};
use tracing::warn;

use super::Write;
use super::receipt::Receipt;
use crate::bot::effects::Ctx;
use crate::bot::effects::chat::ChatAddr;
use crate::bot::effects::telegram::{chat_gone, kind_of};

/// How long after a network failure a write is tried again.
pub const NETWORK_RETRY_MS: u64 = 1_000;

/// What became of a write.
#[derive(Debug, Clone, PartialEq)]
pub enum Made {
    /// Made (or nothing was left to do). `shown`: the game version a board showed (0 for
    /// other writes); `receipt`: what its planner must hear (the new message's id, a lobby
    /// posted).
    Done {
        shown: u64,
        receipt: Option<Receipt>,
    },
    /// Not now: planned still, due again at this time (a 429, the network, the budget).
    Later(u64),
    /// Refused for good by Telegram: dropped (logged).
    Dropped,
    /// The chat is gone (the bot was removed, the member blocked it) or moved: nothing
    /// more goes there; the receipt says which.
    Gone(Receipt),
}

impl Made {
    /// Made, with nothing to tell.
    pub const DONE: Self = Self::Done {
        shown: 0,
        receipt: None,
    };

    /// For the metrics.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Self::Done { .. } => "made",
            Self::Later(_) => "later",
            Self::Dropped => "refused",
            Self::Gone(_) => "gone",
        }
    }
}

/// What a failed request means for its write.
pub async fn failed(ctx: &Ctx, addr: ChatAddr, w: &Write, e: RequestError) -> Made {
    ctx.metrics.telegram_error(kind_of(&e));
    let now = ctx.now_ms();
    if addr.id() > 0 && private_refused(&e) {
        // The user blocked the bot, or never started it: nothing more goes to them.
        return Made::Gone(Receipt::Blocked { user: addr.id() });
    }
    match &e {
        RequestError::RetryAfter(s) => {
            let until = now.saturating_add(u64::try_from(s.duration().as_millis()).unwrap_or(0));
            let block = ctx
                .store
                .note_retry_after(addr.id(), now, until)
                .await
                .unwrap_or(until);
            warn!(
                chat = addr.id(),
                until = block.max(until),
                "429: the chat waits"
            );
            Made::Later(block.max(until))
        }
        RequestError::Network(_) | RequestError::Io(_) => {
            warn!(chat = addr.id(), error = %e, "network: the write waits");
            // The chat waits as after a 429: a write planned meanwhile wakes the drain at
            // once, and without the block the head write would be tried again at once.
            let until = now + NETWORK_RETRY_MS;
            let block = ctx
                .store
                .note_retry_after(addr.id(), now, until)
                .await
                .unwrap_or(until);
            Made::Later(block.max(until))
        }
        RequestError::MigrateToChatId(new) => Made::Gone(Receipt::Migrated {
            from: addr,
            to: ChatAddr::new(new.0),
        }),
        e if chat_gone(e) => Made::Gone(Receipt::ChatGone { addr }),
        // Edits and deletes of a message someone deleted have nothing left to do.
        RequestError::Api(
            ApiError::MessageNotModified
            | ApiError::MessageToEditNotFound
            | ApiError::MessageToDeleteNotFound
            | ApiError::MessageCantBeDeleted
            | ApiError::MessageCantBeEdited,
        ) => Made::DONE,
        e => {
            warn!(chat = addr.id(), error = %e, write = ?kind(w), "write refused: dropped");
            Made::Dropped
        }
    }
}

/// Does this failure of a private message mean the bot may not write to the user (they
/// blocked it, deleted their account, or never started it)?
#[must_use]
pub fn private_refused(e: &RequestError) -> bool {
    match e {
        RequestError::Api(
            ApiError::BotBlocked | ApiError::UserDeactivated | ApiError::CantInitiateConversation,
        ) => true,
        RequestError::Api(ApiError::Unknown(text)) => {
            let t = text.to_ascii_lowercase();
            t.contains("can't initiate conversation")
                || t.contains("bot was blocked by the user")
                || t.contains("user is deactivated")
        }
        _ => false,
    }
}

fn kind(w: &Write) -> &'static str {
    match w {
        Write::Board { .. } => "board",
        Write::Send { .. } => "send",
        Write::Whisper { .. } => "whisper",
        Write::Photo { .. } => "photo",
        Write::Edit { .. } => "edit",
        Write::Markup { .. } => "markup",
        Write::Delete { .. } => "delete",
        Write::Topic { .. } => "topic",
        Write::Animation { .. } => "animation",
        Write::Document { .. } => "document",
    }
}
