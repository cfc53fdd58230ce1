//! R10.5 The extension buttons of a timed tournament table (`tx:` propose, `ty:` answer):
//! answered with a toast, the change itself in [`crate::bot::effects::tourney::ext`].

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::warn;

use super::started::{Started, handled};
use crate::bot::effects::chat::Here;
use crate::bot::effects::telegram::{TgBot, actor_of};
use crate::bot::effects::tourney::ext::{ExtPress, press};
use crate::bot::effects::tourney::{load, sync_due};
use crate::bot::effects::{Ctx, HandlerResult};

/// Decodes an extension button's data; `None` for anything else.
#[must_use]
pub fn decode(data: &str) -> Option<ExtPress> {
    crate::bot::effects::tourney::ext::decode(data)
}

/// An extension button.
pub async fn on_button(
    bot: TgBot,
    q: CallbackQuery,
    p: ExtPress,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let chat = here.addr.id();
    let msg = q.regular_message().map(|m| m.id);
    let text = press(&ctx, chat, here.lang, msg, p, actor_of(&q.from).id).await;
    let answer = bot.answer_callback_query(q.id.clone()).text(text);
    if let Err(e) = crate::bot::effects::telegram::timed(&ctx.metrics, answer).await {
        warn!(chat, error = %e, "answerCallbackQuery failed");
    }
    if let Ok(Some(rec)) = load(&ctx, chat).await {
        sync_due(&ctx, chat, &rec.state).await;
    }
    handled(&ctx, "callback", started);
    Ok(())
}
