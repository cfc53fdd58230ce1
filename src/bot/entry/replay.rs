//! `/replay`, `/record` and the 🎞 Replay button: which game, then `effects::replay`, which
//! plans the answer in the chat's outbox (no chat write is awaited here).

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::InlineKeyboardButtonKind;

use super::buttons::answer_with;
use super::reply::done as done_command;
use super::started::{Started, handled};
use crate::bot::core::callback::lane_of;
use crate::bot::core::callback::{GameRef, replied_game};
use crate::bot::effects::chat::Here;
use crate::bot::effects::replay::{Done, Which, post_record, post_replay, tell};
use crate::bot::effects::telegram::{TgBot, actor_of};
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Msg, ReplayMsg, tr_plain};

/// The game a command names: the board it replies to (a finished board's Replay button),
/// else the place's last finished game. A reply to another message of the bot that is no
/// finished board: `Err`.
fn which(msg: &Message) -> Result<Which, Msg> {
    let Some(replied) = msg.reply_to_message() else {
        return Ok(Which::Last);
    };
    let data = replied.reply_markup().map(|kb| {
        kb.inline_keyboard
            .iter()
            .flatten()
            .filter_map(|b| match &b.kind {
                InlineKeyboardButtonKind::CallbackData(d) => Some(d.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
    });
    match data.and_then(replied_game) {
        Some(id) => Ok(Which::Game(id)),
        None if replied.from.as_ref().is_some_and(|u| u.is_bot) => {
            Err(Msg::Replay(ReplayMsg::NotFinished))
        }
        // A reply to someone's message is no request about a board.
        None => Ok(Which::Last),
    }
}

fn user_of(from: Option<&teloxide::types::User>) -> i64 {
    from.map_or(0, |u| actor_of(u).id)
}

/// `/replay`: the animation planned (or why not, as a reply).
pub async fn replay(msg: Message, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let done = match which(&msg) {
        Ok(w) => post_replay(&ctx, &here, w, Some(msg.id.0)).await,
        Err(m) => Done::Told(m),
    };
    if let Done::Told(m) = done {
        tell(
            &ctx,
            &here,
            user_of(msg.from.as_ref()),
            "replay",
            msg.id.0,
            &m,
        )
        .await;
    }
    done_command(&ctx, started)
}

/// `/record`: the JSON Lines file planned (or why not, as a reply).
pub async fn record(msg: Message, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let done = match which(&msg) {
        Ok(w) => post_record(&ctx, &here, w, Some(msg.id.0)).await,
        Err(m) => Done::Told(m),
    };
    if let Done::Told(m) = done {
        tell(
            &ctx,
            &here,
            user_of(msg.from.as_ref()),
            "record",
            msg.id.0,
            &m,
        )
        .await;
    }
    done_command(&ctx, started)
}

/// 🎞 Replay under a finished board: that game's animation, planned. The press is
/// answered at once ("on its way"); why nothing will come is told in a reply to the board.
pub async fn on_button(
    bot: TgBot,
    q: CallbackQuery,
    game: GameRef,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let lane = q.data.as_deref().and_then(lane_of);
    let board = q.regular_message().map(|m| m.id.0);
    let which = Which::Game(game.id(lane));
    let done = post_replay(&ctx, &here, which, board).await;
    let toast = match &done {
        Done::Planned => Msg::Replay(ReplayMsg::OnItsWay),
        Done::Told(m) => m.clone(),
    };
    // The only request awaited: the press's answer, which never waits behind the chat's
    // writes.
    answer_with(
        &bot,
        &ctx.metrics,
        &here,
        &q,
        Some(tr_plain(here.lang, &toast)),
    )
    .await;
    if let (Done::Told(m), Some(board)) = (&done, board) {
        tell(&ctx, &here, actor_of(&q.from).id, "replay", board, m).await;
    }
    handled(&ctx, "callback", started);
    Ok(())
}
