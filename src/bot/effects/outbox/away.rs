//! Writes while Redis is away. The outbox lives in Redis, so when Redis cannot be reached a
//! command still gets one short answer ("busy, try again") sent straight from this replica,
//! paced by a budget of its own far inside Telegram's ([`super::super::away::AWAY_GAP_MS`] between two writes to
//! a chat from this replica: three a minute, however many replicas), and never to a chat
//! still under a 429 this replica saw. The handler does not wait for it.

use teloxide::prelude::*;
use teloxide::types::{MessageId, ParseMode, ReplyParameters};
use tracing::{debug, info};

use crate::bot::effects::Ctx;
use crate::bot::effects::chat::{ChatAddr, InTopic};
use crate::bot::effects::telegram::TgBot;

/// Reply `text` (HTML) to message `to` at `addr` now, from this replica, if its away budget
/// allows; sent by a task of its own (the caller does not wait). Returns whether it is sent.
pub fn reply_now(bot: &TgBot, ctx: &Ctx, addr: ChatAddr, to: i32, text: String) -> bool {
    let chat = addr.id();
    let now = ctx.now_ms();
    let away = ctx.away.clone();
    if !away.take(chat, now) {
        debug!(
            chat,
            "Redis away and this chat's away budget spent: no answer"
        );
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
