//! Guest Mode (Bot API 10.0): `@<bot>` mentioned in a chat the bot is not a member of. The
//! mention is answered once with `answerGuestQuery`, posting the inline offer an inline
//! query gets; its inline message then becomes the lobby, and from there the game is an
//! inline game (callbacks with `inline_message_id`, its board edited by that id through the
//! outbox, paced as a chat's).
//!
//! ```text
//! guest_message ─▶ (listener: taken out before the dispatcher, which cannot parse it)
//!               ─▶ on_mention ─▶ the query taken once (Redis SET NX, any replica)
//!                             ─▶ answerGuestQuery (the "New game" placeholder) ─▶ its id
//!                             ─▶ inline::open: the place registered, the lobby opened
//! ```
//!
//! The answer is awaited: it is the answer to the query (as `answerInlineQuery` is), made
//! once, and its `inline_message_id` is where the game lives. Every write after it is the
//! inline place's, planned in the outbox.

use std::sync::Arc;

use tracing::{info, warn};

use super::inline;
use super::started::{Started, handled};
use crate::bot::core::settings::Display;
use crate::bot::effects::botapi::guest::{AnswerGuestQuery, GuestMessage};
use crate::bot::effects::telegram::TgBot;
use crate::bot::effects::{self, Ctx};

/// A guest mention: answered with the inline offer once per query, then the lobby opened on
/// the posted message. A mention from nobody (on behalf of a chat) has no host: ignored.
pub async fn on_mention(bot: TgBot, ctx: Arc<Ctx>, g: GuestMessage, started: Started) {
    let Some(from) = g.from.as_ref() else {
        info!(
            kind = "guest_message",
            chat = g.chat.id,
            "a guest mention from no user: ignored"
        );
        handled(&ctx, "ignored", started);
        return;
    };
    info!(
        kind = "guest_message",
        chat = g.chat.id,
        user = from.id.0,
        "update"
    );
    match effects::inline::take_guest_query(&ctx, &g.guest_query_id).await {
        Ok(true) => {}
        Ok(false) => {
            info!(
                chat = g.chat.id,
                "guest query answered already: not answered again"
            );
            handled(&ctx, "guest_message_again", started);
            return;
        }
        // Redis cannot say: the mention is answered (Telegram takes one answer per query
        // anyway); the placeholder's New game button opens the lobby once Redis is back.
        Err(e) => warn!(error = %e, "guest query not recorded; answering it"),
    }
    let lang = inline::lang_of(&ctx, from);
    let answer = AnswerGuestQuery {
        guest_query_id: g.guest_query_id.clone(),
        result: inline::offer(lang, Display::Emoji),
    };
    match answer.request(&bot).await {
        Ok(sent) => {
            inline::open(&ctx, &sent.inline_message_id, from, lang, Display::Emoji).await;
        }
        Err(e) => warn!(chat = g.chat.id, error = %e, "answerGuestQuery failed"),
    }
    handled(&ctx, "guest_message", started);
}
