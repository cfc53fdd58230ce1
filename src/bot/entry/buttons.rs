//! One handler per kind of button. Every press is answered (`answerCallbackQuery`), and a
//! plain press reads as one straight line:
//!
//! ```text
//! decode (pure) → chat loaded (1 round trip, in schema) → Table::step (pure)
//!   → compare-and-set save (1) → answerCallbackQuery → plan the board, due set, gauge
//! ```
//!
//! With the update's dedup mark (1) that is 3 Redis round trips before the answer. The
//! answer says "🎲 4" after a roll, a refusal's reason, or, for a press on a board that is
//! behind, what happened since and when the board catches up ("… — the board catches up in
//! about 6 s", one more round trip: the chat's outbox due time).

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::warn;

use super::{Started, handled};
use crate::bot::core::callback::Press;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::Action;
use crate::bot::core::view;
use crate::bot::effects::chat::Here;
use crate::bot::effects::commit::{self, follow};
use crate::bot::effects::outbox;
use crate::bot::effects::telegram::{TgBot, actor_of, is_group};
use crate::bot::effects::{Ctx, HandlerResult, lobby, schedule};
use crate::engine::Preset;

/// Answer the press: silently when it went through, with a short alert when refused.
pub(super) async fn answer(
    bot: &TgBot,
    here: &Here,
    q: &CallbackQuery,
    result: Result<(), Refusal>,
) {
    let text = result.err().map(|r| view::refusal(here.lang, r));
    answer_with(bot, here, q, text).await;
}

/// Answer the press with `text` (a short toast), or silently.
pub(super) async fn answer_with(bot: &TgBot, here: &Here, q: &CallbackQuery, text: Option<String>) {
    let mut req = bot.answer_callback_query(q.id.clone());
    if let Some(text) = text {
        req = req.text(text).show_alert(false);
    }
    if let Err(e) = req.await {
        warn!(chat = here.addr.id(), error = %e, "answerCallbackQuery failed");
    }
}

/// The message a press came from, when it is a group's (games live in groups).
fn pressed_in_group(q: &CallbackQuery) -> Result<&Message, Refusal> {
    let msg = q.regular_message().ok_or(Alert::Stale)?;
    if !is_group(&msg.chat) {
        return Err(Alert::GroupsOnly.into());
    }
    Ok(msg)
}

/// A table button (join, leave, start, cancel, add a computer, roll, a move).
pub async fn on_action(
    bot: TgBot,
    q: CallbackQuery,
    press: Press,
    action: Action,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let actor = actor_of(&q.from);
    let result = match pressed_in_group(&q) {
        Ok(_) => {
            commit::act_pressed(
                &bot,
                &ctx,
                &here,
                actor.clone(),
                action,
                Some(press.version),
                Some(&q.id.0),
            )
            .await
        }
        Err(r) => Err(r),
    };
    let text = match &result {
        Ok(saved) if action == Action::Roll => view::press_answer(here.lang, &saved.table),
        Ok(_) => None,
        Err(Refusal::Alert(Alert::Stale)) => {
            Some(stale_answer(&ctx, &here, &q, press.version).await)
        }
        Err(r) => Some(view::refusal(here.lang, *r)),
    };
    answer_with(&bot, &here, &q, text).await;
    match result {
        Ok(saved) => follow(&ctx, &here, &saved, false).await,
        Err(r @ (Refusal::Reject(_) | Refusal::Alert(Alert::Stale))) => {
            // A player marked absent who presses is back, even when the press is refused.
            let back = commit::welcome_back(&ctx, &here, actor.id).await;
            if !back
                && r == Refusal::Alert(Alert::Stale)
                && let Some(m) = q.regular_message()
            {
                commit::refresh_if_behind(&ctx, &here, m.id.0, press.version).await;
            }
        }
        Err(Refusal::Alert(Alert::NoGame)) => {
            // The game is gone (Redis lost it, or it expired): the board's buttons would stay
            // dead, so they make way for a "New game".
            if let Some(m) = q.regular_message() {
                let kb = Some(view::new_game_only(here.lang));
                outbox::buttons(&ctx, here.addr.id(), m.id.0, kb, outbox::Priority::Reply).await;
            }
        }
        Err(_) => {}
    }
    handled(&ctx, "callback", started);
    Ok(())
}

/// A press on a board older than the stored game. On the chat's board message itself the
/// board is behind (its write is planned, waiting for the chat's budget, or on its way):
/// say what happened since and when the board catches up (the chat's outbox is due then),
/// never "use the latest", which is nowhere to be seen. On an older message, the chat's
/// board is the latest one: say so.
async fn stale_answer(ctx: &Ctx, here: &Here, q: &CallbackQuery, drawn_at: u64) -> String {
    let on_board = q
        .regular_message()
        .is_some_and(|m| here.display().is_some_and(|d| d.message_id == m.id.0));
    match here.table() {
        Ok(rec) if on_board && rec.state.seq() != drawn_at => {
            let wait = schedule::catch_up_secs(ctx, here.addr.id()).await;
            view::behind_answer_in(here.lang, &rec.state, wait)
        }
        _ => view::refusal(here.lang, Alert::Stale.into()),
    }
}

/// "New game" under a finished board: a lobby with the same rules and board asked for.
pub async fn on_new_game(
    bot: TgBot,
    q: CallbackQuery,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let result = match pressed_in_group(&q) {
        Ok(_) => {
            let (preset, pairs, board) =
                here.table().ok().map_or((Preset::Jcf, false, None), |r| {
                    (r.state.preset(), r.state.pairs(), r.state.board())
                });
            let actor = actor_of(&q.from);
            lobby::open_lobby(&ctx, &here, &actor, preset, pairs, board).await
        }
        Err(r) => Err(r),
    };
    answer(&bot, &here, &q, result.as_ref().map(|_| ()).map_err(|r| *r)).await;
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
    answer(&bot, &here, &q, Err(Alert::Invalid.into())).await;
    handled(&ctx, "callback", started);
    Ok(())
}
