//! Writes while Redis is away. The outbox lives in Redis, so when Redis cannot be reached a
//! command still gets one short answer ("busy, try again") sent straight from this replica,
//! paced by a budget of its own far inside Telegram's ([`AWAY_GAP_MS`] between two writes to
//! a chat from this replica: three a minute, however many replicas), and never to a chat
//! still under a 429 this replica saw. The handler does not wait for it.

use std::collections::HashMap;
use std::sync::Mutex;

use teloxide::prelude::*;
use teloxide::types::{MessageId, ParseMode, ReplyParameters};
use tracing::{debug, info};

use crate::bot::effects::Ctx;
use crate::bot::effects::chat::{ChatAddr, InTopic};
use crate::bot::effects::telegram::TgBot;

/// The least time between two writes this replica makes to one chat while Redis is away.
pub const AWAY_GAP_MS: u64 = 20_000;
/// At most this many chats are remembered (the oldest are forgotten first).
const MAX_CHATS: usize = 10_000;

/// When this replica may write to each chat again while Redis is away.
#[derive(Debug, Default)]
pub struct AwayWrites {
    next: Mutex<HashMap<i64, u64>>,
}

impl AwayWrites {
    /// Take a write to `chat` at `now` if its gap has passed.
    fn take(&self, chat: i64, now: u64) -> bool {
        let mut next = self
            .next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if next.get(&chat).is_some_and(|&at| at > now) {
            return false;
        }
        if next.len() >= MAX_CHATS {
            next.retain(|_, at| *at > now);
        }
        next.insert(chat, now + AWAY_GAP_MS);
        true
    }

    /// Telegram said wait: no write to `chat` before `until`.
    fn hold(&self, chat: i64, until: u64) {
        let mut next = self
            .next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let at = next.entry(chat).or_insert(until);
        *at = (*at).max(until);
    }
}

/// Reply `text` (HTML) to message `to` at `addr` now, from this replica, if its away budget
/// allows; sent by a task of its own (the caller does not wait). Returns whether it is sent.
pub fn reply_now(bot: &TgBot, ctx: &Ctx, addr: ChatAddr, to: i32, text: String) -> bool {
    let chat = addr.id();
    let now = ctx.now_ms();
    let away = ctx.away.clone();
    if !away.take(chat, now) {
        debug!(chat, "Redis away and this chat's away budget spent: no answer");
        ctx.metrics.outbox("away_quiet");
        return false;
    }
    ctx.metrics.outbox("away_reply");
    let bot = bot.clone();
    tokio::spawn(async move {
        let sent = bot
            .send_message(addr.chat_id(), text)
            .in_topic(addr)
            .parse_mode(ParseMode::Html)
            .reply_parameters(ReplyParameters::new(MessageId(to)).allow_sending_without_reply())
            .await;
        if let Err(teloxide::RequestError::RetryAfter(s)) = &sent {
            let wait = u64::try_from(s.duration().as_millis()).unwrap_or(u64::MAX);
            away.hold(chat, now.saturating_add(wait));
        }
        if let Err(e) = sent {
            info!(chat, error = %e, "answer while Redis is away not sent");
        }
    });
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chat_gets_one_away_write_per_gap_and_none_under_a_429() {
        let w = AwayWrites::default();
        assert!(w.take(-1, 1_000));
        assert!(!w.take(-1, 1_000 + AWAY_GAP_MS - 1));
        assert!(w.take(-2, 1_000), "another chat has its own gap");
        assert!(w.take(-1, 1_000 + AWAY_GAP_MS));
        w.hold(-2, 500_000);
        assert!(!w.take(-2, 400_000));
        assert!(w.take(-2, 500_000));
    }
}
