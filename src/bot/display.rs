//! Showing the one board message: edit it in place, re-post it when it is gone.
//!
//! Text mode edits the message text; image mode edits the photo (editMessageMedia) with a
//! caption. "message is not modified" is success; "message to edit not found" (someone
//! deleted the board) and any failed media edit re-post the board.

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
        RequestError::Api(_) => "api",
        RequestError::RetryAfter(_) => "retry_after",
        RequestError::MigrateToChatId(_) => "migrate",
        RequestError::Network(_) => "network",
        _ => "other",
    }
}

/// Show `table` in `chat`. `Ok(Some((id, photo)))` when a new message was posted (its id
/// and kind must be stored), `Ok(None)` when the existing one was edited.
///
/// # Errors
/// The Telegram error when even re-posting failed.
pub async fn show(
    bot: &TgBot,
    ctx: &Ctx,
    chat: ChatId,
    table: &Table,
    lang: Lang,
    display: Display,
) -> Result<Option<(i32, bool)>, RequestError> {
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
            let r = bot
                .edit_message_text(chat, MessageId(id), body.clone())
                .parse_mode(ParseMode::Html)
                .reply_markup(kb.clone())
                .await;
            match r {
                Ok(_) => return Ok(None),
                Err(RequestError::Api(ApiError::MessageNotModified)) => return Ok(None),
                Err(e) => {
                    ctx.metrics.telegram_error(kind_of(&e));
                    warn!(chat = chat.0, error = %e, "board edit failed: re-posting");
                    let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
                }
            }
        }
        if let Some(id) = table.board_msg.filter(|_| table.board_photo) {
            let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
        }
        let m = bot
            .send_message(chat, body)
            .parse_mode(ParseMode::Html)
            .reply_markup(kb)
            .await?;
        return Ok(Some((m.id.0, false)));
    }
    let Some(game) = table.game.as_ref() else {
        return Ok(None);
    };
    let png = image::png(
        game,
        &image::View {
            last_move: table.last_move,
            choices: game.legal_moves().to_vec(),
            names: crate::engine::Colour::ALL.map(|c| table.player_of(c).map(|p| p.name.clone())),
            letters: None,
        },
    );
    let caption = fit(&text.status, CAPTION_LIMIT);
    if let Some(id) = table.board_msg.filter(|_| !table.board_photo) {
        // A text board (the lobby, or emoji mode before): it loses its buttons.
        let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
    }
    if let Some(id) = table.board_msg.filter(|_| table.board_photo) {
        let media = InputMedia::Photo(
            InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
                .caption(caption.clone())
                .parse_mode(ParseMode::Html),
        );
        let r = bot
            .edit_message_media(chat, MessageId(id), media)
            .reply_markup(kb.clone())
            .await;
        match r {
            Ok(_) => return Ok(None),
            Err(RequestError::Api(ApiError::MessageNotModified)) => return Ok(None),
            Err(e) => {
                ctx.metrics.telegram_error(kind_of(&e));
                warn!(chat = chat.0, error = %e, "board media edit failed: re-posting");
                let _ = bot.edit_message_reply_markup(chat, MessageId(id)).await;
            }
        }
    }
    let m = bot
        .send_photo(chat, InputFile::memory(png).file_name("board.png"))
        .caption(caption)
        .parse_mode(ParseMode::Html)
        .reply_markup(kb)
        .await?;
    Ok(Some((m.id.0, true)))
}
