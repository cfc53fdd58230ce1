//! How a command is answered: a reply planned in the chat's outbox (never awaited), and the
//! command counted.

use teloxide::types::{InlineKeyboardMarkup, Message};

use super::started::{Started, handled};
use crate::bot::effects::chat::Here;
use crate::bot::effects::outbox;
use crate::bot::effects::telegram::actor_of;
use crate::bot::effects::{Ctx, HandlerResult};

/// Plan `text` (HTML) as the reply to `msg`, the command `what` of its author: a newer reply
/// of theirs to the same command supersedes it, and it is dropped when the chat's budget
/// could not make it within a minute.
pub async fn reply(ctx: &Ctx, here: &Here, msg: &Message, what: &str, text: String) {
    reply_with(ctx, here, msg, what, text, None).await;
}

/// As [`reply`], with buttons under the reply (`None`: none).
pub async fn reply_with(
    ctx: &Ctx,
    here: &Here,
    msg: &Message,
    what: &str,
    text: String,
    keyboard: Option<InlineKeyboardMarkup>,
) {
    outbox::reply_with(ctx, here.addr, author(msg), what, msg.id.0, text, keyboard).await;
}

/// As [`reply`], for a reply that concerns its author alone (their `/help` or `/stats` in
/// a group, a refusal, a setting confirmed to them): shown to them only where Telegram
/// allows it (an ephemeral message), else a plain reply ([`outbox::reply_only`]).
pub async fn reply_only(ctx: &Ctx, here: &Here, msg: &Message, what: &str, text: String) {
    reply_only_with(ctx, here, msg, what, text, None).await;
}

/// As [`reply_only`], with buttons.
pub async fn reply_only_with(
    ctx: &Ctx,
    here: &Here,
    msg: &Message,
    what: &str,
    text: String,
    keyboard: Option<InlineKeyboardMarkup>,
) {
    outbox::reply_only(ctx, here.addr, author(msg), what, msg.id.0, text, keyboard).await;
}

/// The id of the message's author as a player (0 when it has none).
fn author(msg: &Message) -> i64 {
    msg.from.as_ref().map_or(0, |u| actor_of(u).id)
}

/// Count the command: its handling is over (its writes are planned).
#[allow(clippy::unnecessary_wraps)]
pub fn done(ctx: &Ctx, started: Started) -> HandlerResult {
    handled(ctx, "command", started);
    Ok(())
}
