//! Inline games: a game played on an *inline message*, posted by a user through `@<bot>` in
//! any chat (the bot need not be a member), and group boards pressed with only an
//! `inline_message_id` (Bot API 10.5's `callback_query_mode`).
//!
//! An inline message is a place of its own ([`Place::inline`]: a synthetic chat id from the
//! message id, paced like a group). Its settings are fixed when the game opens (the chooser's
//! language, the board as emoji or a picture as chosen, Roll button, no pings: the bot
//! cannot post there), its message id is kept beside the game
//! ([`crate::store::keys::inline_msg`]), and its board is edited in place by that id when
//! the outbox's drain makes the place's `Board` write ([`edit_board`]): the same planning,
//! budget and catch-up as a chat's board. Nothing else can be written there: the outbox
//! drops every other write of an inline place.
//!
//! A picture board cannot be uploaded to an inline message, only named by URL: the drain
//! keeps the PNG in the store under the board's version ([`crate::store::keys::picture`],
//! minutes) and edits the message's media to its URL on the bot's public HTTP port
//! ([`super::live::Live::picture_url`]: the page's path, the game's unguessable id, the
//! version), which Telegram fetches from whichever replica it reaches. The picture choice is
//! offered only when the bot has that public URL (the live board is configured). Once the
//! message shows a photo, its text boards (a lobby after a rematch) are its caption.
//!
//! ```text
//! inline_query ─▶ answerInlineQuery ("New game", a placeholder with a New game button)
//! chosen_inline_result ─▶ register (settings, id) ─▶ lobby::open_lobby ─▶ Board planned
//! callback (inline_message_id, no message) ─▶ place_of_callback ─▶ the chat's handlers
//! ```

use teloxide::RequestError;
use teloxide::types::{CallbackQuery, InlineKeyboardButtonKind, InlineKeyboardMarkup};
use tracing::warn;

use super::botapi::photo::{EditMessageCaptionInline, EditMessageMediaInline};
use super::botapi::{EditMessageText, styled};
use super::chat::ChatAddr;
use super::ctx::Ctx;
use super::display::{CAPTION_LIMIT, Rendered};
use super::telegram::TgBot;
use crate::bot::core::settings::{ChatSettings, DiceMode, Display};
use crate::bot::core::view;
use crate::i18n::Lang;
use crate::store::{InlineMessage, Place, StoreError};

/// The place of inline message `id`.
#[must_use]
pub fn place_of(id: &str) -> Place {
    Place::inline(id)
}

/// The settings of an inline game: the chooser's language and board (emoji, or a picture
/// named by URL), the Roll button (a roll is a press), and no pings (the bot cannot post in
/// a chat it is not in).
#[must_use]
pub fn settings(lang: Lang, display: Display) -> ChatSettings {
    ChatSettings {
        lang: Some(lang),
        display,
        dice: DiceMode::Button,
        pings_secs: 0,
        lang_offered: true,
        ..ChatSettings::default()
    }
}

/// Records inline message `id` as a place: its settings in `lang` with its board drawn as
/// `display` (a picture only when the bot can serve it: else emoji), and its id, so that
/// every replica (after a restart too) edits it.
///
/// # Errors
/// The store's error (nothing is opened then).
pub async fn register(
    ctx: &Ctx,
    id: &str,
    lang: Lang,
    display: Display,
) -> Result<ChatAddr, StoreError> {
    let place = place_of(id);
    let display = if pictures_served(ctx) {
        display
    } else {
        Display::Emoji
    };
    ctx.store
        .set_settings(place.chat, &settings(lang, display))
        .await?;
    ctx.store
        .set_inline_id(place, id, ctx.open_ttl_secs)
        .await?;
    Ok(ChatAddr::from(place))
}

/// Can inline boards be pictures here? Only with a public URL for Telegram to fetch them
/// from: the live board's.
#[must_use]
pub fn pictures_served(ctx: &Ctx) -> bool {
    ctx.live.is_some()
}

/// The place a callback without its message names: an inline game's when the inline message
/// holds one; else the group whose board it is (a 10.5 callback on the bot's own message),
/// when a press that carried its message taught us its `chat_instance`; else the inline
/// message's place (which holds no game: the press is told so).
pub async fn place_of_callback(ctx: &Ctx, q: &CallbackQuery, id: &str) -> Place {
    let inline = place_of(id);
    match ctx.store.inline_id(inline).await {
        Ok(Some(stored)) if stored == id => return inline,
        Ok(Some(_)) => warn!(chat = inline.chat, "two inline messages share a place"),
        Ok(None) => {}
        Err(e) => warn!(error = %e, "inline place unavailable"),
    }
    match ctx.store.chat_of_instance(&q.chat_instance).await {
        Ok(Some(chat)) => Place::of_chat(chat),
        Ok(None) => inline,
        Err(e) => {
            warn!(error = %e, "chat instance unavailable");
            inline
        }
    }
}

/// Takes guest query `query_id` (Bot API 10.0) to be answered: true the first time any
/// replica sees it, so `answerGuestQuery` is attempted once per query, whatever delivers its
/// update again.
///
/// # Errors
/// The store's error (the caller decides: Redis away is no reason to leave a mention
/// unanswered).
pub async fn take_guest_query(ctx: &Ctx, query_id: &str) -> Result<bool, StoreError> {
    ctx.store.take_guest_query(query_id).await
}

/// Learns the chat of a press that carried its group message (for the presses that will
/// carry only `inline_message_id`). Once per `chat_instance` and replica: later presses
/// cost no round trip.
pub async fn learn_instance(ctx: &Ctx, q: &CallbackQuery, chat: i64) {
    if !ctx.instances.first(&q.chat_instance) {
        return;
    }
    if let Err(e) = ctx.store.set_chat_instance(&q.chat_instance, chat).await {
        warn!(chat, error = %e, "chat instance not recorded");
        ctx.instances.forget(&q.chat_instance);
    }
}

/// The keyboard of an inline board: a chat's, without what an inline message cannot do
/// (🎞 Replay posts an animation in the chat).
#[must_use]
pub fn keyboard(mut kb: InlineKeyboardMarkup) -> InlineKeyboardMarkup {
    for row in &mut kb.inline_keyboard {
        row.retain(|b| {
            !matches!(&b.kind, InlineKeyboardButtonKind::CallbackData(d)
                if d.starts_with("p:") || d.contains("@p:"))
        });
    }
    kb.inline_keyboard.retain(|row| !row.is_empty());
    kb
}

/// Picture `n` of inline place `place`, while kept (`Ok(None)` for any other place: a
/// group's boards are uploaded, never served).
///
/// # Errors
/// The store's error.
pub async fn picture(ctx: &Ctx, place: Place, n: u64) -> Result<Option<Vec<u8>>, StoreError> {
    if !place.is_inline() {
        return Ok(None);
    }
    ctx.store.picture(place, n).await
}

/// Keeps picture board `r` (version `version` of `place`) for Telegram to fetch, and its
/// URL; `Ok(None)` when `r` is text or pictures cannot be served (its caption is shown).
///
/// # Errors
/// The store's error (the board is written later).
pub async fn keep_picture(
    ctx: &Ctx,
    place: Place,
    version: u64,
    r: &Rendered,
) -> Result<Option<String>, StoreError> {
    let (Rendered::Photo { png, .. }, Some(live)) = (r, ctx.live.as_ref()) else {
        return Ok(None);
    };
    ctx.store.put_picture(place, version, png).await?;
    Ok(Some(live.picture_url(place, version)))
}

/// Inline place `place` draws its boards as emoji from now on: Telegram could not fetch its
/// pictures, and each failed try would cost one more request of the place's budget.
///
/// # Errors
/// The store's error (the next board tries a picture again).
pub async fn stop_pictures(ctx: &Ctx, place: Place) -> Result<(), StoreError> {
    let mut s: ChatSettings = ctx.store.settings(place.chat).await?;
    s.display = Display::Emoji;
    ctx.store.set_settings(place.chat, &s).await
}

/// Did Telegram refuse a picture because it could not fetch its URL (or found no image
/// there)? The bot's public URL is then wrong or unreachable from Telegram: the board is
/// better shown without its picture than not at all.
#[must_use]
pub fn url_not_fetched(e: &RequestError) -> bool {
    use teloxide::ApiError;
    match e {
        RequestError::Api(ApiError::FailedToGetUrlContent | ApiError::WrongFileIdOrUrl) => true,
        RequestError::Api(ApiError::Unknown(text)) => text.contains("web page content"),
        _ => false,
    }
}

/// Edit inline message `message` into board `r` (one request, its buttons styled as a
/// chat's): with `picture` (its URL: [`keep_picture`]), the message's media, which turns a
/// text message into a photo; else a text board as the text, or as the caption when the
/// message shows a photo (a picture board's caption when its picture is not shown).
/// "Message is not modified" is success. `Ok(true)` when the message shows a photo after.
///
/// # Errors
/// The Telegram error.
pub async fn edit_board(
    bot: &TgBot,
    metrics: &crate::metrics::Metrics,
    message: &InlineMessage,
    r: &Rendered,
    picture: Option<String>,
) -> Result<bool, RequestError> {
    let id = message.id.as_str();
    let (text, kb) = match r {
        Rendered::Text { body, keyboard } => (body, keyboard),
        Rendered::Photo {
            caption, keyboard, ..
        } => (caption, keyboard),
    };
    let markup = Some(styled(&keyboard(kb.clone())));
    let (result, photo) = match picture {
        Some(url) => {
            let mut edit = EditMessageMediaInline::url(id, url, text.clone());
            edit.reply_markup = markup;
            (
                super::telegram::timed(metrics, edit.request(bot))
                    .await
                    .map(drop),
                true,
            )
        }
        None if message.photo => {
            // A caption holds less than a text: whole lines up to its limit.
            let mut edit = EditMessageCaptionInline::of(id, view::fit(text, CAPTION_LIMIT));
            edit.reply_markup = markup;
            (
                super::telegram::timed(metrics, edit.request(bot))
                    .await
                    .map(drop),
                true,
            )
        }
        None => {
            let mut edit = EditMessageText::of_inline(id, text.clone());
            edit.reply_markup = markup;
            (
                super::telegram::timed(metrics, edit.request(bot))
                    .await
                    .map(drop),
                false,
            )
        }
    };
    match result {
        Ok(()) | Err(RequestError::Api(teloxide::ApiError::MessageNotModified)) => Ok(photo),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teloxide::types::InlineKeyboardButton;

    #[test]
    fn an_inline_place_is_negative_apart_from_every_telegram_chat_and_its_own() {
        // Given two inline message ids,
        let a = place_of("AgAAAFk2AQDoQBcB-7KkGCSr8hQ");
        let b = place_of("AgAAAFk2AQDoQBcB-7KkGCSr8hR");
        // Then each is an inline place, below every chat id Telegram uses (52 bits), and
        // negative (paced as a group), read back from its member,
        for p in [a, b] {
            assert!(p.is_inline());
            assert!(p.chat < -(1_i64 << 52) && p.chat > i64::MIN);
            assert_eq!(p.topic, None);
            assert_eq!(Place::from_member(&p.member()), Some(p));
        }
        // the same id always names the same place, another id another,
        assert_eq!(a, place_of("AgAAAFk2AQDoQBcB-7KkGCSr8hQ"));
        assert_ne!(a, b);
        // and no group, supergroup or user is taken for one.
        for chat in [-1_001_234_567_890, -4_000_000_000_000, -1, 11, 1 << 52] {
            assert!(!Place::of_chat(chat).is_inline(), "{chat}");
        }
    }

    #[test]
    fn an_inline_board_keeps_its_buttons_but_the_replay() {
        let kb = InlineKeyboardMarkup::new([
            vec![
                InlineKeyboardButton::callback("New game", "n:9"),
                InlineKeyboardButton::callback("Rematch", "x:9"),
            ],
            vec![InlineKeyboardButton::callback("Replay", "p:9:3.100")],
            vec![InlineKeyboardButton::callback("Replay", "2@p:9:3.100")],
        ]);
        let kept = keyboard(kb);
        assert_eq!(kept.inline_keyboard.len(), 1);
        assert_eq!(kept.inline_keyboard[0].len(), 2);
    }

    #[test]
    fn an_inline_game_asks_for_no_pings_and_shows_emoji() {
        let s = settings(Lang::Es, Display::Emoji);
        assert_eq!(s.lang, Some(Lang::Es));
        assert_eq!(s.pings_secs, 0);
        assert_eq!(s.display, Display::Emoji);
        assert_eq!(settings(Lang::Es, Display::Image).display, Display::Image);
        assert_eq!(s.dice, DiceMode::Button);
        assert!(s.lang_offered);
    }
}
