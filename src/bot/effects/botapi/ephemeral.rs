//! A reply shown to one member of a group (an ephemeral message, Bot API 10.2), and the
//! plain reply it falls back to.
//!
//! Telegram sends an ephemeral message only where the bot may (reports from clients that
//! use it: a group, the bot an administrator there; a private chat answers `BOT_NOT_ADMIN`),
//! and a server before 10.2 refuses the unknown parameter. Any such refusal falls back to
//! the plain reply at once, and the chat is remembered for
//! [`REFUSED_FOR_MS`](crate::bot::effects::whispers::REFUSED_FOR_MS) (by this replica, [`Refused`]) so its next
//! replies go plain without paying a refused request first. A 429, a network error, or a
//! chat the bot can no longer write to is not a refusal of the ephemeral form: it goes back
//! to the outbox as any write's error (the write stays planned, or the chat ends).

use teloxide::types::InlineKeyboardMarkup;
use teloxide::{ApiError, RequestError};
use tracing::info;

use super::keyboard::styled;
use super::send::{EphemeralMessageParameters, ReplyTo, SendMessage};
use crate::bot::effects::chat::ChatAddr;
use crate::bot::effects::telegram::{TgBot, chat_gone};
use crate::bot::effects::whispers::Refused;

/// Is `e` Telegram refusing the ephemeral form itself (so the plain reply may go)?
fn refusal_of_the_form(e: &RequestError) -> bool {
    match e {
        RequestError::Api(ApiError::BotBlocked) => false,
        RequestError::Api(_) => !chat_gone(e),
        _ => false,
    }
}

/// How a whispered reply went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whispered {
    /// Shown to the member alone.
    Ephemeral,
    /// Sent as a plain reply (message id).
    Plain(i32),
    /// Refused (the bot may not show ephemeral messages there): nothing sent. The caller
    /// plans the same reply again, which then goes plain, as a write of its own: the refused
    /// request was one of the chat's requests, and the plain one is another.
    Refused,
}

/// A reply for one member: `text` (HTML) in answer to their message `reply_to`.
#[derive(Clone, Copy, Debug)]
pub struct Whisper<'a> {
    pub user: i64,
    pub reply_to: i32,
    pub text: &'a str,
    pub keyboard: Option<&'a InlineKeyboardMarkup>,
}

/// Send `w` at `addr`, shown to its member alone where Telegram allows it, else as a plain
/// reply.
///
/// # Errors
/// A Telegram error that is not a refusal of the ephemeral form (429, network, the chat
/// gone), or the plain reply's error.
pub async fn reply(
    bot: &TgBot,
    metrics: &crate::metrics::Metrics,
    addr: ChatAddr,
    w: Whisper<'_>,
    refused: &Refused,
    now_ms: u64,
) -> Result<Whispered, RequestError> {
    let Whisper {
        user,
        reply_to,
        text,
        keyboard,
    } = w;
    let mut send = SendMessage::html(addr, text.to_owned());
    send.reply_markup = keyboard.map(styled);
    let chat = addr.id();
    if !refused.recently(chat, now_ms) {
        let mut whisper = send.clone();
        whisper.ephemeral_message_parameters = Some(EphemeralMessageParameters {
            receiver_user_id: user,
            callback_query_id: None,
            replace_callback_query_message: None,
        });
        match crate::bot::effects::telegram::timed(metrics, whisper.request(bot)).await {
            Ok(_) => return Ok(Whispered::Ephemeral),
            Err(e) if refusal_of_the_form(&e) => {
                info!(chat, error = %e, "ephemeral reply refused: plain replies in this chat for a while");
                refused.note(chat, now_ms);
                return Ok(Whispered::Refused);
            }
            Err(e) => return Err(e),
        }
    }
    send.reply_parameters = Some(ReplyTo {
        message_id: reply_to,
        allow_sending_without_reply: true,
    });
    let m = crate::bot::effects::telegram::timed(metrics, send.request(bot)).await?;
    Ok(Whispered::Plain(m.message_id))
}
