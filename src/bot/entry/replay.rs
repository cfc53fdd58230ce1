//! `/replay`, `/record` and the 🎞 Replay button: which game, then `effects::replay`.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::InlineKeyboardButtonKind;

use super::buttons::answer_with;
use super::{Started, handled};
use crate::bot::core::callback::lane_of;
use crate::bot::core::replay::{GameRef, replied_game};
use crate::bot::effects::chat::Here;
use crate::bot::effects::replay::{Done, Which, post_record, post_replay, tell};
use crate::bot::effects::telegram::TgBot;
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

/// `/replay`.
pub async fn replay(
    bot: TgBot,
    msg: Message,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let done = match which(&msg) {
        Ok(w) => post_replay(&bot, &ctx, &here, w, Some(msg.id)).await,
        Err(m) => Done::Told(m),
    };
    if let Done::Told(m) = done {
        tell(&bot, &here, Some(msg.id), &m).await;
    }
    handled(&ctx, "command", started);
    Ok(())
}

/// `/record`.
pub async fn record(
    bot: TgBot,
    msg: Message,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let done = match which(&msg) {
        Ok(w) => post_record(&bot, &ctx, &here, w, Some(msg.id)).await,
        Err(m) => Done::Told(m),
    };
    if let Done::Told(m) = done {
        tell(&bot, &here, Some(msg.id), &m).await;
    }
    handled(&ctx, "command", started);
    Ok(())
}

/// 🎞 Replay under a finished board: that game's animation. The press is answered at once
/// (drawing takes a moment); why nothing was posted is told in a message replying to the
/// board (not when another press is uploading it: it is on its way).
pub async fn on_button(
    bot: TgBot,
    q: CallbackQuery,
    game: GameRef,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let lane = q.data.as_deref().and_then(lane_of);
    let board = q.regular_message().map(|m| m.id);
    let which = Which::Game(game.id(lane));
    let toast = tr_plain(here.lang, &Msg::Replay(ReplayMsg::OnItsWay));
    answer_with(&bot, &here, &q, Some(toast)).await;
    let done = post_replay(&bot, &ctx, &here, which, board).await;
    match done {
        Done::Told(Msg::Replay(ReplayMsg::OnItsWay)) => {}
        Done::Told(m) => tell(&bot, &here, board, &m).await,
        _ => {}
    }
    handled(&ctx, "callback", started);
    Ok(())
}
