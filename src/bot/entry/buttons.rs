//! One handler per kind of button. Every press is answered (`answerCallbackQuery`), and a
//! plain press reads as one straight line:
//!
//! ```text
//! decode (pure) → chat loaded with the update's dedup mark (1 round trip, in schema)
//!   → Table::step (pure) → compare-and-set save (1) → answerCallbackQuery
//!   → plan the board, due set, gauge
//! ```
//!
//! That is 2 Redis round trips before the answer. The
//! answer says "🎲 4" after a roll, a refusal's reason, or, for a press on a board that is
//! behind, what happened since and when the board catches up ("… — the board catches up in
//! about 6 s", one more round trip: the chat's outbox due time). The press and its refusals
//! are [`press`]'s, shared with the live board's tap.

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::warn;

use super::started::{Started, handled};
use crate::bot::core::callback::{Button, Press};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::Display;
use crate::bot::core::table::Action;
use crate::bot::core::view;
use crate::bot::effects::chat::{self, Here};
use crate::bot::effects::press;
use crate::bot::effects::telegram::{TgBot, actor_of, is_group, timed};
use crate::bot::effects::{Ctx, HandlerResult, inline, lobby};
use crate::metrics::Metrics;

/// Answer the press: silently when it went through, with a short alert when refused.
pub(super) async fn answer(
    bot: &TgBot,
    metrics: &Metrics,
    here: &Here,
    q: &CallbackQuery,
    result: Result<(), Refusal>,
) {
    let text = result.err().map(|r| view::refusal(here.lang, r));
    answer_with(bot, metrics, here, q, text).await;
}

/// Answer the press with `text` (a short toast), or silently.
pub(super) async fn answer_with(
    bot: &TgBot,
    metrics: &Metrics,
    here: &Here,
    q: &CallbackQuery,
    text: Option<String>,
) {
    let mut req = bot.answer_callback_query(q.id.clone());
    if let Some(text) = text {
        req = req.text(text).show_alert(false);
    }
    if let Err(e) = timed(metrics, req).await {
        warn!(chat = here.addr.id(), error = %e, "answerCallbackQuery failed");
    }
}

/// Where a press may act: under a group's message (games live in groups), or on an inline
/// message (an inline game, or a group board pressed with only `inline_message_id`, Bot
/// API 10.5), whose place `here` was resolved to.
pub(super) fn pressed_at(q: &CallbackQuery, here: &Here) -> Result<(), Refusal> {
    if let Some(msg) = q.regular_message() {
        if !is_group(&msg.chat) {
            return Err(Alert::GroupsOnly.into());
        }
        return Ok(());
    }
    let place = here.addr.place();
    if q.inline_message_id.is_some() && (place.is_inline() || place.chat < 0) {
        return Ok(());
    }
    Err(Alert::Stale.into())
}

/// A table button (join, leave, start, cancel, add a computer, roll, a move): one
/// [`press`] (shared with the live board's tap), answered, then followed.
pub async fn on_action(
    bot: TgBot,
    q: CallbackQuery,
    press: Press,
    action: Action,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let p = press::Press {
        actor: actor_of(&q.from),
        action,
        drawn_at: press.version,
        lang: here.lang,
        source: press::Source::Button {
            message: q.regular_message().map(|m| m.id.0),
            id: &q.id.0,
        },
    };
    let mut pressed = match pressed_at(&q, &here) {
        Ok(_) => press::press(&bot, &ctx, &here, p).await,
        Err(r) => press::refused(&ctx, &here, &p, r).await,
    };
    answer_with(&bot, &ctx.metrics, &here, &q, pressed.answer.take()).await;
    pressed.follow(&ctx, &here).await;
    handled(&ctx, "callback", started);
    Ok(())
}

/// "New game" under a finished board: a lobby with the same rules and board asked for. On
/// an inline message that is no place yet (the offer's placeholder, posted while inline
/// feedback is off), the press makes it one first, its board drawn as the offer said
/// ([`Button::NewPictureGame`]: a picture).
pub async fn on_new_game(
    bot: TgBot,
    q: CallbackQuery,
    button: Button,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let display = match button {
        Button::NewPictureGame => Display::Image,
        _ => Display::Emoji,
    };
    let here = match (&q.inline_message_id, here.stored.as_ref()) {
        (Some(id), Some(stored)) if here.addr.place().is_inline() && stored.table.is_none() => {
            let lang = here.lang;
            match inline::register(&ctx, id, lang, display).await {
                Ok(addr) => chat::load(&ctx, addr, Some(&q.from)).await,
                Err(e) => {
                    warn!(error = %e, "inline place not recorded");
                    here
                }
            }
        }
        _ => here,
    };
    let result = match pressed_at(&q, &here) {
        Ok(()) => lobby::new_game(&ctx, &here, &actor_of(&q.from)).await,
        Err(r) => Err(r),
    };
    answer(
        &bot,
        &ctx.metrics,
        &here,
        &q,
        result.as_ref().map(|_| ()).map_err(|r| *r),
    )
    .await;
    handled(&ctx, "callback", started);
    Ok(())
}

/// Callback data that is not ours (forged, or from another bot).
pub async fn on_invalid(
    bot: TgBot,
    q: CallbackQuery,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    answer(&bot, &ctx.metrics, &here, &q, Err(Alert::Invalid.into())).await;
    handled(&ctx, "callback", started);
    Ok(())
}
