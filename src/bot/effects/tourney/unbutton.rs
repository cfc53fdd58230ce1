//! Buttons that no longer apply taken off (a partner invitation replaced, moot or closed;
//! the R10.5 extension buttons of a decided table): the record lists their messages
//! ([`Tourney::stale_msgs`], see `core::tourney::buttons`), and the chat's tournament firing
//! ([`flush`], under its lease) edits each one's keyboard away.
//!
//! Each edit is a write to the group: it takes one from the chat's write budget
//! ([`crate::store::Store::try_take_write`]) as pings do, leaving
//! [`BOARD_RESERVE`] writes of the window to boards. When the budget says wait (or Telegram
//! says 429, or the network fails) the rest wait in the record until then
//! ([`Tourney::unbutton_at`]). The one write is [`take_off`].

use teloxide::RequestError;
use teloxide::prelude::Requester;
use teloxide::types::MessageId;
use tracing::debug;

use super::super::chat::ChatAddr;
use super::super::pace::paced_window;
use super::super::pings::BOARD_RESERVE;
use super::super::telegram::TgBot;
use super::{Ctx, mutate};
use crate::bot::core::tourney::Tourney;
use crate::store::WriteBudget;

/// How long after a network failure the next try comes, ms.
const RETRY_MS: u64 = 1_000;

/// What became of one message's buttons.
enum Off {
    /// Off (or the message is gone, or had none left).
    Done,
    /// Not now: try again at this time (Unix ms).
    Later(u64),
}

/// Take the buttons off message `id` of `chat`, within the chat's write budget.
async fn take_off(bot: &TgBot, ctx: &Ctx, chat: i64, id: i32) -> Off {
    let now = ctx.now_ms();
    let limit = ctx.write_limit.saturating_sub(BOARD_RESERVE).max(1);
    let window = paced_window(ctx.write_window_ms);
    match ctx.store.try_take_write(chat, now, limit, window).await {
        Ok(WriteBudget::Granted) => {}
        Ok(WriteBudget::Wait { until_ms }) => return Off::Later(until_ms.max(now + 1)),
        // Redis unavailable: the board goes first; try again shortly.
        Err(_) => return Off::Later(now + RETRY_MS),
    }
    let edit = bot
        .edit_message_reply_markup(ChatAddr::new(chat).chat_id(), MessageId(id))
        .await;
    match edit {
        Ok(_) => Off::Done,
        Err(RequestError::RetryAfter(s)) => {
            let until = now.saturating_add(u64::try_from(s.duration().as_millis()).unwrap_or(0));
            let until = ctx
                .store
                .note_retry_after(chat, now, until)
                .await
                .map_or(until, |b| b.max(until));
            Off::Later(until)
        }
        Err(RequestError::Network(e)) => {
            debug!(chat, error = %e, "buttons not taken off: again later");
            Off::Later(now + RETRY_MS)
        }
        // Not modified, not found, no rights: nothing is left to take off there.
        Err(e) => {
            debug!(chat, id, error = %e, "buttons not taken off: left as they are");
            Off::Done
        }
    }
}

/// Take the buttons off the stale messages of `chat`'s tournament (under the firing's
/// lease; from the latest record, as a firing that outlived its lease may run beside
/// another) while the budget allows; the record keeps the rest and when to go on.
pub async fn flush(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let t: &Tourney = &rec.state;
    let now = ctx.now_ms();
    if t.unbutton_due(now).is_none_or(|due| due > now) {
        return;
    }
    let mut done = Vec::new();
    let mut later = None;
    for &id in &t.stale_msgs {
        match take_off(bot, ctx, chat, id).await {
            Off::Done => done.push(id),
            Off::Later(at) => {
                later = Some(at);
                break;
            }
        }
    }
    let _ = mutate(ctx, chat, |t| {
        t.unbuttoned(&done, later);
        Ok(())
    })
    .await;
}
