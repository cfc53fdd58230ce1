//! The one place that writes boards: edit the board message in place, or post it (and
//! record which message it is) when there is none or it cannot be edited.
//!
//! Text mode edits the message text; image mode edits the photo (editMessageMedia) with a
//! caption. "message is not modified" is success; "message to edit not found" (someone
//! deleted the board) and other failed edits post the board again. A 429 is never waited
//! out here: it comes back at once and the caller owes the chat a catch-up (see
//! [`super::pace`]); a network error is retried briefly ([`retrying_within`]); a chat the bot
//! was removed from or that moved to a supergroup is reported to the caller.
//!
//! The record of the board message lives under its own key ([`crate::store::keys::display`]):
//! writing it never changes the game's version, so a board shown never makes a concurrent
//! press stale.

use std::future::IntoFuture;
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::ParseMode;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, MessageId};
use teloxide::{ApiError, RequestError};
use tracing::warn;

use super::Ctx;
use super::chat::{ChatAddr, DisplayState, InTopic};
use super::telegram::{TgBot, chat_gone, kind_of, retrying_within};
use crate::bot::core::settings::Display;
use crate::bot::core::table::Table;
use crate::bot::core::view::{self, name_of_seats};
use crate::i18n::Lang;
use crate::render::image;
use crate::stats::ChatZone;

/// Telegram's caption limit, in characters.
pub const CAPTION_LIMIT: usize = 1024;
/// Telegram's message limit, in characters.
pub const TEXT_LIMIT: usize = 4096;

pub use crate::bot::core::view::fit;

/// A board to show: the table, in a language and a display mode, its clock times in the
/// chat's time zone.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    pub table: &'a Table,
    pub lang: Lang,
    pub mode: Display,
    pub zone: &'a ChatZone,
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

/// Take the buttons off an old board message (best effort: it may be gone).
pub async fn strip_buttons(bot: &TgBot, addr: ChatAddr, message_id: i32) {
    let _ = bot
        .edit_message_reply_markup(addr.chat_id(), MessageId(message_id))
        .await;
}

/// What an edit of board message `id` came to: `Some` result to return (edited, or an error
/// that a new message would not cure), or `None` to post the board again (the old message,
/// if it still exists, loses its buttons).
async fn after_edit<T>(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    current: DisplayState,
    r: Result<T, RequestError>,
) -> Option<Result<DisplayState, RequestError>> {
    match r {
        Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Some(Ok(current)),
        Err(e) => {
            ctx.metrics.telegram_error(kind_of(&e));
            if !repost_after(&e) {
                return Some(Err(e));
            }
            warn!(chat = addr.id(), error = %e, "board edit failed: re-posting");
            strip_buttons(bot, addr, current.message_id).await;
            None
        }
    }
}

/// Show `board` in `addr`: edit `current` (the board message, if any) in place, or post a
/// new one. The message that shows the board is recorded unless `recorded` (what the
/// display record holds) already says so. Returns that message.
///
/// # Errors
/// The Telegram error when neither worked; [`chat_gone`] and
/// [`RequestError::MigrateToChatId`] tell the caller to end or move the chat's game.
pub async fn show(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    board: Board<'_>,
    current: Option<DisplayState>,
    recorded: Option<DisplayState>,
) -> Result<DisplayState, RequestError> {
    let shown = if board.mode == Display::Image && board.table.game().is_some() {
        show_photo(bot, ctx, addr, board, current).await?
    } else {
        show_text(bot, ctx, addr, board, current).await?
    };
    if recorded != Some(shown) {
        let ttl = ctx.ttl_for(board.table);
        if let Err(e) = ctx.store.set_display(addr.place(), &shown, ttl).await {
            warn!(chat = addr.id(), error = %e, "could not record the board message");
        }
    }
    Ok(shown)
}

async fn show_text(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    board: Board<'_>,
    current: Option<DisplayState>,
) -> Result<DisplayState, RequestError> {
    let text = view::board_text_in(board.lang, board.table, ctx.now_ms(), board.zone);
    let kb = view::for_lane(view::keyboard(board.lang, board.table), addr.lane());
    let body = if text.board.is_empty() {
        text.status_within(TEXT_LIMIT)
    } else {
        let room = TEXT_LIMIT.saturating_sub(text.board.chars().count() + 2);
        format!("{}\n\n{}", text.board, text.status_within(room))
    };
    let body = fit(&body, TEXT_LIMIT);
    match current {
        Some(d) if !d.photo => {
            let r = retrying_within(ctx, addr, Duration::ZERO, || {
                bot.edit_message_text(addr.chat_id(), MessageId(d.message_id), body.clone())
                    .parse_mode(ParseMode::Html)
                    .reply_markup(kb.clone())
                    .into_future()
            })
            .await;
            if let Some(done) = after_edit(bot, ctx, addr, d, r).await {
                return done;
            }
        }
        // A photo board (image mode before): it loses its buttons.
        Some(d) => strip_buttons(bot, addr, d.message_id).await,
        None => {}
    }
    let m = retrying_within(ctx, addr, Duration::ZERO, || {
        bot.send_message(addr.chat_id(), body.clone())
            .in_topic(addr)
            .parse_mode(ParseMode::Html)
            .reply_markup(kb.clone())
            .into_future()
    })
    .await?;
    Ok(DisplayState {
        message_id: m.id.0,
        photo: false,
    })
}

async fn show_photo(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    board: Board<'_>,
    current: Option<DisplayState>,
) -> Result<DisplayState, RequestError> {
    let Some(game) = board.table.game() else {
        return show_text(bot, ctx, addr, board, current).await;
    };
    let png = image::png(
        game,
        &image::View {
            last_move: board.table.trail,
            choices: board
                .table
                .playing()
                .map(view::ordered_moves)
                .unwrap_or_default(),
            names: name_of_seats(board.table),
            letters: None,
        },
    );
    let text = view::board_text_in(board.lang, board.table, ctx.now_ms(), board.zone);
    let caption = text.status_within(CAPTION_LIMIT);
    let kb: InlineKeyboardMarkup =
        view::for_lane(view::keyboard(board.lang, board.table), addr.lane());
    match current {
        Some(d) if d.photo => {
            let r = retrying_within(ctx, addr, Duration::ZERO, || {
                let media = InputMedia::Photo(
                    InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
                        .caption(caption.clone())
                        .parse_mode(ParseMode::Html),
                );
                bot.edit_message_media(addr.chat_id(), MessageId(d.message_id), media)
                    .reply_markup(kb.clone())
                    .into_future()
            })
            .await;
            if let Some(done) = after_edit(bot, ctx, addr, d, r).await {
                return done;
            }
        }
        Some(_) | None => {}
    }
    let m = retrying_within(ctx, addr, Duration::ZERO, || {
        bot.send_photo(
            addr.chat_id(),
            InputFile::memory(png.clone()).file_name("board.png"),
        )
        .in_topic(addr)
        .caption(caption.clone())
        .parse_mode(ParseMode::Html)
        .reply_markup(kb.clone())
        .into_future()
    })
    .await?;
    // A text board (the lobby, or emoji mode before) then says where the board went, and
    // loses its buttons (one write, as taking the buttons off was).
    if let Some(d) = current.filter(|d| !d.photo) {
        let _ = bot
            .edit_message_text(
                addr.chat_id(),
                MessageId(d.message_id),
                view::board_below(board.lang, board.table),
            )
            .await;
    }
    Ok(DisplayState {
        message_id: m.id.0,
        photo: true,
    })
}
