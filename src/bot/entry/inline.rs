//! Inline mode: `@<bot>` typed in any chat offers "New game"; the chosen result opens its
//! lobby on the inline message the user posted (see [`crate::bot::effects::inline`]).
//!
//! ```text
//! inline_query ─▶ on_query: answerInlineQuery ("New game" with an emoji board, and with a
//!                           picture board when the bot can serve pictures; the user's
//!                           language)
//! chosen_inline_result ─▶ on_chosen: the place registered, a lobby opened (its board edits
//!                                   the inline message through the outbox)
//! guest_message (10.0) ─▶ guest::on_mention: answerGuestQuery with the same offer, then as
//!                                   on_chosen
//! ```
//!
//! The article's message carries a "New game" button, so the inline message has an id even
//! when inline feedback is off (no `chosen_inline_result`): its first press opens the lobby
//! the same way ([`super::buttons::on_new_game`]).

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{
    ChosenInlineResult, InlineQuery, InlineQueryResult, InlineQueryResultArticle,
    InputMessageContent, InputMessageContentText, ParseMode, User,
};
use tracing::{info, warn};

use super::started::{Started, handled};
use crate::bot::core::settings::Display;
use crate::bot::core::view;
use crate::bot::effects::chat::{self, user_lang};
use crate::bot::effects::telegram::{TgBot, actor_of};
use crate::bot::effects::{Ctx, HandlerResult, inline, lobby};
use crate::engine::Preset;
use crate::i18n::{Lang, Msg, tr};

/// The id of the "New game" result (an emoji board).
pub const NEW_GAME: &str = "new";
/// The id of the "New game (picture board)" result.
pub const NEW_PICTURE_GAME: &str = "new-pic";

/// The board a result id asks for; `None` for an id that is not ours.
fn display_of(result_id: &str) -> Option<Display> {
    match result_id {
        NEW_GAME => Some(Display::Emoji),
        NEW_PICTURE_GAME => Some(Display::Image),
        _ => None,
    }
}

/// The language of an inline update's user (there is no chat to ask).
pub(super) fn lang_of(ctx: &Ctx, user: &User) -> Lang {
    user_lang(Some(user)).unwrap_or(ctx.default_lang)
}

/// The offer "New game" (2 to 4 players), in `lang`, with its board drawn as `display`: its
/// message is a placeholder with a New game button (so the posted message has an inline id),
/// edited into the lobby once the game opens. A guest mention is answered with the emoji
/// one ([`super::guest`]).
pub(super) fn offer(lang: Lang, display: Display) -> InlineQueryResult {
    let content = InputMessageContent::Text(
        InputMessageContentText::new(tr(lang, &Msg::InlineOpening)).parse_mode(ParseMode::Html),
    );
    let (id, title, description, keyboard) = match display {
        Display::Emoji => (
            NEW_GAME,
            Msg::InlineTitle,
            Msg::InlineDescription,
            view::new_game_only(lang),
        ),
        Display::Image => (
            NEW_PICTURE_GAME,
            Msg::InlineTitlePicture,
            Msg::InlineDescriptionPicture,
            view::new_picture_game_only(lang),
        ),
    };
    let article = InlineQueryResultArticle::new(id, tr(lang, &title), content)
        .description(tr(lang, &description))
        .reply_markup(keyboard);
    InlineQueryResult::Article(article)
}

/// Every offer the bot can keep: the emoji board, and the picture board when the bot has a
/// public URL to serve pictures from.
fn offers(ctx: &Ctx, lang: Lang) -> Vec<InlineQueryResult> {
    let mut all = vec![offer(lang, Display::Emoji)];
    if inline::pictures_served(ctx) {
        all.push(offer(lang, Display::Image));
    }
    all
}

/// Inline message `id`, just posted by `user`'s choice (or for their guest mention), becomes
/// a place with its board drawn as `display`, and its lobby opens, hosted by `user`.
pub(super) async fn open(ctx: &Ctx, id: &str, user: &User, lang: Lang, display: Display) {
    match inline::register(ctx, id, lang, display).await {
        Ok(addr) => {
            let here = chat::load(ctx, addr, Some(user)).await;
            let actor = actor_of(user);
            if let Err(refusal) =
                lobby::open_lobby(ctx, &here, &actor, Preset::Jcf, false, None).await
            {
                // A first press on the placeholder may have opened it already.
                info!(?refusal, "inline lobby not opened");
            }
        }
        Err(e) => warn!(error = %e, "inline place not recorded"),
    }
}

/// `@<bot> …` typed anywhere: the one offer, "New game" (2 to 4 players), in the user's
/// language; personal (its language is the user's) and not cached.
pub async fn on_query(
    bot: TgBot,
    q: InlineQuery,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let lang = lang_of(&ctx, &q.from);
    info!(kind = "inline_query", user = q.from.id.0, "update");
    if let Err(e) = bot
        .answer_inline_query(q.id, offers(&ctx, lang))
        .cache_time(0)
        .is_personal(true)
        .await
    {
        warn!(error = %e, "answerInlineQuery failed");
    }
    handled(&ctx, "inline_query", started);
    Ok(())
}

/// A "New game" result chosen (inline feedback on): the inline message becomes a place
/// and its lobby opens, hosted by the user who posted it.
pub async fn on_chosen(r: ChosenInlineResult, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let (Some(id), Some(display)) = (r.inline_message_id.as_deref(), display_of(&r.result_id))
    else {
        return Ok(());
    };
    let lang = lang_of(&ctx, &r.from);
    info!(kind = "chosen_inline_result", user = r.from.id.0, "update");
    open(&ctx, id, &r.from, lang, display).await;
    handled(&ctx, "chosen_inline_result", started);
    Ok(())
}
