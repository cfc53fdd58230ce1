//! Inline mode: `@<bot>` typed in any chat offers "New game"; the chosen result opens its
//! lobby on the inline message the user posted (see [`crate::bot::effects::inline`]).
//!
//! ```text
//! inline_query ─▶ on_query: answerInlineQuery (one article, in the user's language)
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
use crate::bot::core::view;
use crate::bot::effects::chat::{self, user_lang};
use crate::bot::effects::telegram::{TgBot, actor_of};
use crate::bot::effects::{Ctx, HandlerResult, inline, lobby};
use crate::engine::Preset;
use crate::i18n::{Lang, Msg, tr};

/// The id of the "New game" result.
pub const NEW_GAME: &str = "new";

/// The language of an inline update's user (there is no chat to ask).
pub(super) fn lang_of(ctx: &Ctx, user: &User) -> Lang {
    user_lang(Some(user)).unwrap_or(ctx.default_lang)
}

/// The one offer, "New game" (2 to 4 players), in `lang`: its message is a placeholder with
/// a New game button (so the posted message has an inline id), edited into the lobby once
/// the game opens. A guest mention is answered with the same result ([`super::guest`]).
pub(super) fn offer(lang: Lang) -> InlineQueryResult {
    let content = InputMessageContent::Text(
        InputMessageContentText::new(tr(lang, &Msg::InlineOpening)).parse_mode(ParseMode::Html),
    );
    let article = InlineQueryResultArticle::new(NEW_GAME, tr(lang, &Msg::InlineTitle), content)
        .description(tr(lang, &Msg::InlineDescription))
        .reply_markup(view::new_game_only(lang));
    InlineQueryResult::Article(article)
}

/// Inline message `id`, just posted by `user`'s choice (or for their guest mention), becomes
/// a place and its lobby opens, hosted by `user`.
pub(super) async fn open(ctx: &Ctx, id: &str, user: &User, lang: Lang) {
    match inline::register(ctx, id, lang).await {
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
        .answer_inline_query(q.id, [offer(lang)])
        .cache_time(0)
        .is_personal(true)
        .await
    {
        warn!(error = %e, "answerInlineQuery failed");
    }
    handled(&ctx, "inline_query", started);
    Ok(())
}

/// The "New game" result chosen (inline feedback on): the inline message becomes a place
/// and its lobby opens, hosted by the user who posted it.
pub async fn on_chosen(r: ChosenInlineResult, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let Some(id) = r
        .inline_message_id
        .as_deref()
        .filter(|_| r.result_id == NEW_GAME)
    else {
        return Ok(());
    };
    let lang = lang_of(&ctx, &r.from);
    info!(kind = "chosen_inline_result", user = r.from.id.0, "update");
    open(&ctx, id, &r.from, lang).await;
    handled(&ctx, "chosen_inline_result", started);
    Ok(())
}
