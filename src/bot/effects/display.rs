//! Boards as Telegram shows them: a table rendered as text (emoji mode, and every lobby) or
//! as a photo with a caption (image mode), with its buttons (styled, and disabled when
//! impossible: [`botapi::keyboard`], text and photo alike); and the two requests that show
//! it, an edit of the board message in place or a new message. Only the outbox's drain calls
//! them ([`super::outbox::make`]), one request each, within the chat's budget.
//!
//! The record of the board message lives under its own key ([`crate::store::keys::display`]):
//! writing it never changes the game's version, so a board shown never makes a concurrent
//! press stale.

use teloxide::RequestError;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, MessageId};

use super::botapi::photo::{EditMessageMedia, SendPhoto};
use super::botapi::{self, EditMessageText, SendMessage};
use super::chat::{ChatAddr, DisplayState};
use super::telegram::{TgBot, timed};
use crate::bot::core::settings::Display;
use crate::bot::core::table::Table;
use crate::bot::core::view::{self, name_of_seats};
use crate::i18n::Lang;
use crate::metrics::Metrics;
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

/// A board ready to send.
#[derive(Clone, Debug)]
pub enum Rendered {
    Text {
        body: String,
        keyboard: InlineKeyboardMarkup,
    },
    Photo {
        png: Vec<u8>,
        caption: String,
        keyboard: InlineKeyboardMarkup,
    },
}

impl Rendered {
    /// Is it a photo (image mode with a game)?
    #[must_use]
    pub fn is_photo(&self) -> bool {
        matches!(self, Self::Photo { .. })
    }
}

/// Render `board` for `addr` at `now_ms` (the caption's countdown is computed from it),
/// with `extra` as one more row of buttons under the table's (the live board's link).
#[must_use]
pub fn render(
    addr: ChatAddr,
    board: Board<'_>,
    now_ms: u64,
    extra: Option<Vec<InlineKeyboardButton>>,
) -> Rendered {
    let text = view::board_text_in(board.lang, board.table, now_ms, board.zone);
    let local_time = |html: String| deadline_entity(html, board);
    let mut keyboard = view::for_lane(view::keyboard(board.lang, board.table), addr.lane());
    if let Some(row) = extra {
        keyboard.inline_keyboard.push(row);
    }
    match board.table.game() {
        Some(game) if board.mode == Display::Image => {
            let png = image::png(
                game,
                &image::View {
                    last_move: board.table.trail(),
                    choices: board
                        .table
                        .playing()
                        .map(view::ordered_moves)
                        .unwrap_or_default(),
                    names: name_of_seats(board.table),
                    letters: None,
                },
            );
            Rendered::Photo {
                png,
                caption: local_time(text.status_within(CAPTION_LIMIT)),
                keyboard,
            }
        }
        _ => {
            let body = if text.board.is_empty() {
                text.status_within(TEXT_LIMIT)
            } else {
                let room = TEXT_LIMIT.saturating_sub(text.board.chars().count() + 2);
                format!("{}\n\n{}", text.board, text.status_within(room))
            };
            Rendered::Text {
                body: local_time(fit(&body, TEXT_LIMIT)),
                keyboard,
            }
        }
    }
}

/// `html` with the turn's deadline ("⏳ until 19:42") as a `date_time` entity (Bot API 9.5):
/// each reader sees the time in their own zone, the chat's zone's clock stays as the
/// fallback text.
fn deadline_entity(html: String, board: Board<'_>) -> String {
    let Some(due) = board.table.deadline_ms() else {
        return html;
    };
    let due = i64::try_from(due).unwrap_or(i64::MAX);
    let (hour, minute) = board.zone.clock_of(due);
    botapi::date_time::mark_clock(&html, "⏳", &format!("{hour}:{minute:02}"), due / 1000)
}

/// Can `current` be edited into `r` (a text into a text, a photo into a photo)?
#[must_use]
pub fn editable(current: DisplayState, r: &Rendered) -> bool {
    current.photo == r.is_photo()
}

/// Edit board message `current` into `r` (one request). "Message is not modified" is
/// success.
///
/// # Errors
/// The Telegram error.
pub async fn edit(
    bot: &TgBot,
    metrics: &Metrics,
    addr: ChatAddr,
    current: DisplayState,
    r: &Rendered,
) -> Result<(), RequestError> {
    let id = MessageId(current.message_id);
    let result = match r {
        Rendered::Text { body, keyboard } => {
            let mut edit = EditMessageText::of_message(addr.id(), id.0, body.clone());
            edit.reply_markup = Some(botapi::styled(keyboard));
            timed(metrics, edit.request(bot)).await.map(drop)
        }
        Rendered::Photo {
            png,
            caption,
            keyboard,
        } => {
            let mut edit =
                EditMessageMedia::png(addr.id(), id.0, png.clone(), "board.png", caption.clone());
            edit.reply_markup = Some(botapi::styled(keyboard));
            timed(metrics, edit.request(bot)).await.map(drop)
        }
    };
    match result {
        Err(RequestError::Api(teloxide::ApiError::MessageNotModified)) => Ok(()),
        other => other,
    }
}

/// Post `r` as a new message at `addr` (one request); the message that now shows the board.
///
/// # Errors
/// The Telegram error.
pub async fn post(
    bot: &TgBot,
    metrics: &Metrics,
    addr: ChatAddr,
    r: &Rendered,
) -> Result<DisplayState, RequestError> {
    match r {
        Rendered::Text { body, keyboard } => {
            let mut send = SendMessage::html(addr, body.clone());
            send.reply_markup = Some(botapi::styled(keyboard));
            let m = timed(metrics, send.request(bot)).await?;
            Ok(DisplayState {
                message_id: m.message_id,
                photo: false,
            })
        }
        Rendered::Photo {
            png,
            caption,
            keyboard,
        } => {
            let mut send = SendPhoto::png(addr, png.clone(), "board.png", caption.clone());
            send.reply_markup = Some(botapi::styled(keyboard));
            let m = timed(metrics, send.request(bot)).await?;
            Ok(DisplayState {
                message_id: m.message_id,
                photo: true,
            })
        }
    }
}
