//! Showing the one board message: edit it in place, re-post it when it is gone.
//!
//! Text mode edits the message text; image mode edits the photo (editMessageMedia) with a
//! caption. "message is not modified" is success; "message to edit not found" (someone
//! deleted the board) and other failed edits re-post the board. A 429 is waited out and a
//! network error retried (bounded, see [`retrying`]); a chat the bot was removed from or
//! that moved to a supergroup is reported to the caller.

use std::future::{Future, IntoFuture};
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{InputFile, InputMedia, InputMediaPhoto, MessageId, ParseMode};
use teloxide::{ApiError, RequestError};
use tracing::warn;

use super::Ctx;
use super::handlers::TgBot;
use super::settings::Display;
use super::table::{Status, Table};
use super::view;
use crate::i18n::Lang;
use crate::render::image;

/// Telegram's caption limit, in characters.
pub const CAPTION_LIMIT: usize = 1024;
/// Telegram's message limit, in characters.
pub const TEXT_LIMIT: usize = 4096;

/// Cut `s` to at most `limit` characters, keeping whole lines where possible.
#[must_use]
pub fn fit(s: &str, limit: usize) -> String {
    if s.chars().count() <= limit {
        return s.to_string();
    }
    let mut out = String::new();
    for line in s.lines() {
        if out.chars().count() + line.chars().count() + 2 > limit {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out.push('…');
    out
}

fn kind_of(e: &RequestError) -> &'static str {
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

/// Retries of one request after a 429 or a network error.
const MAX_RETRIES: u32 = 2;
/// The longest a request waits for Telegram's `retry_after` in all; past it, it gives up.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(10);
/// The first pause after a network error (doubled after each further one).
const NETWORK_BACKOFF: Duration = Duration::from_millis(200);

/// Send a request built by `make`, again after a 429 (waiting `retry_after`, at most
/// [`MAX_RETRY_WAIT`] in all) or a network error (short backoff), at most [`MAX_RETRIES`]
/// times. Other results are returned as they come.
///
/// # Errors
/// The last error.
pub async fn retrying<T, F, Fut>(ctx: &Ctx, chat: ChatId, mut make: F) -> Result<T, RequestError>
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
                (waited + d <= MAX_RETRY_WAIT).then_some(d)
            }
            RequestError::Network(_) => Some(NETWORK_BACKOFF * 2u32.pow(attempt)),
            _ => None,
        };
        let Some(pause) = pause.filter(|_| attempt < MAX_RETRIES) else {
            return Err(e);
        };
        ctx.metrics.telegram_error(kind_of(&e));
        warn!(chat = chat.0, error = %e, ?pause, "Telegram request failed: retrying");
        tokio::time::sleep(pause).await;
        waited += pause;
        attempt += 1;
    }
}

/// What [`show`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The board message was edited in place (or already showed this).
    Edited,
    /// A new board message was posted: its id and kind (photo or text) must be stored.
    Posted(i32, bool),
}

/// Is this edit failure one to answer by posting the board again? Not when the chat is
/// gone or moved, and not when Telegram still says "slow down" or is unreachable (a new
/// message would fail the same way).
fn repost_after(e: &RequestError) -> bool {
    !(chat_gone(e)
        || matches!(
            e,
            RequestError::MigrateToChatId(_)
                | RequestError::RetryAfter(_)
                | RequestError::Network(_)
        ))
}

/// What an edit of board message `id` came to: `Some` result to return (edited, or an error
/// that a new message would not cure), or `None` to post the board again (the old message,
/// if it still exists, loses its buttons).
async fn after_edit<T>(
    bot: &TgBot,
    ctx: &Ctx,
    chat: ChatId,
    id: i32,
    r: Result<T, RequestError>,
) -> Option<Result<Shown, RequestError>> {
    match r {
        Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Some(Ok(Shown::Edited)),
        Err(e) => {
            ctx.metrics.telegram_error(kind_of(&e));
            if !repost_after(&e) {
                return Some(Err(e));
            }
            warn!(chat = chat.0, error = %e, "board edit failed: re-posting");
            let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
            None
        }
    }
}

/// Show `table` in `chat`: edit the board message in place, or post it when there is none
/// or it cannot be edited (deleted by someone).
///
/// # Errors
/// The Telegram error when neither worked; [`chat_gone`] and
/// [`RequestError::MigrateToChatId`] tell the caller to end or move the chat's game.
pub async fn show(
    bot: &TgBot,
    ctx: &Ctx,
    chat: ChatId,
    table: &Table,
    lang: Lang,
    display: Display,
) -> Result<Shown, RequestError> {
    let text = view::board_text(lang, table, ctx.now_ms());
    let kb = view::keyboard(lang, table);
    let image_mode =
        display == Display::Image && table.game.is_some() && table.status != Status::Lobby;
    if !image_mode {
        let body = if text.board.is_empty() {
            text.status
        } else {
            format!("{}\n\n{}", text.board, text.status)
        };
        let body = fit(&body, TEXT_LIMIT);
        if let Some(id) = table.board_msg.filter(|_| !table.board_photo) {
            let r = retrying(ctx, chat, || {
                bot.edit_message_text(chat, MessageId(id), body.clone())
                    .parse_mode(ParseMode::Html)
                    .reply_markup(kb.clone())
                    .into_future()
            })
            .await;
            if let Some(done) = after_edit(bot, ctx, chat, id, r).await {
                return done;
            }
        }
        if let Some(id) = table.board_msg.filter(|_| table.board_photo) {
            // A photo board (image mode before): it loses its buttons.
            let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
        }
        let m = retrying(ctx, chat, || {
            bot.send_message(chat, body.clone())
                .parse_mode(ParseMode::Html)
                .reply_markup(kb.clone())
                .into_future()
        })
        .await?;
        return Ok(Shown::Posted(m.id.0, false));
    }
    let Some(game) = table.game.as_ref() else {
        return Ok(Shown::Edited);
    };
    let png = image::png(
        game,
        &image::View {
            last_move: table.last_move,
            choices: game.legal_moves().to_vec(),
            names: std::array::from_fn(|i| {
                let c = crate::engine::Arms::Four.colours()[i];
                table.player_of(c).map(|p| p.name.clone())
            }),
            letters: None,
        },
    );
    let caption = fit(&text.status, CAPTION_LIMIT);
    if let Some(id) = table.board_msg.filter(|_| !table.board_photo) {
        // A text board (the lobby, or emoji mode before): it loses its buttons.
        let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
    }
    if let Some(id) = table.board_msg.filter(|_| table.board_photo) {
        let r = retrying(ctx, chat, || {
            let media = InputMedia::Photo(
                InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
                    .caption(caption.clone())
                    .parse_mode(ParseMode::Html),
            );
            bot.edit_message_media(chat, MessageId(id), media)
                .reply_markup(kb.clone())
                .into_future()
        })
        .await;
        if let Some(done) = after_edit(bot, ctx, chat, id, r).await {
            return done;
        }
    }
    let m = retrying(ctx, chat, || {
        bot.send_photo(chat, InputFile::memory(png.clone()).file_name("board.png"))
            .caption(caption.clone())
            .parse_mode(ParseMode::Html)
            .reply_markup(kb.clone())
            .into_future()
    })
    .await?;
    Ok(Shown::Posted(m.id.0, true))
}
