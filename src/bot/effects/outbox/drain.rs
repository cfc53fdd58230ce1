//! Draining a chat's outbox (the scheduler's [`DueKind::Outbox`] firing, under the chat's
//! lease): take the next write the budget allows, make it, forget it, and again, until the
//! budget says wait (the chat is then due when it allows one) or nothing is left.

use tracing::{debug, info, warn};

use super::make::{Made, make};
use super::pace_of;
use super::{Then, Write};
use crate::bot::effects::Ctx;
use crate::bot::effects::crash::CrashPoint;
use crate::bot::effects::telegram::TgBot;
use crate::store::{DueKind, Place, Taken};

/// At most this many writes in one firing (a budget large enough to allow more in tests
/// leaves the rest to the next firing, so one chat never holds a task for long).
pub const MAX_WRITES_PER_DRAIN: usize = 64;
/// How long after Redis failed a drain is tried again.
pub const RETRY_MS: u64 = 1_000;

/// Make `chat`'s planned writes that its budget allows now.
pub async fn drain(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let here = Place::of_chat(chat);
    let pace = pace_of(ctx, chat);
    for _ in 0..MAX_WRITES_PER_DRAIN {
        let now = ctx.now_ms();
        let taken = match ctx.store.outbox_take(chat, now, pace).await {
            Ok(t) => t,
            Err(e) => {
                debug!(chat, error = %e, "outbox unavailable");
                let _ = ctx
                    .store
                    .set_due(DueKind::Outbox, here, Some(now + RETRY_MS))
                    .await;
                return;
            }
        };
        let (slot, meta, json) = match taken {
            Taken::Write {
                slot,
                meta,
                json,
                dropped,
            } => {
                count_dropped(ctx, chat, dropped);
                (slot, meta, json)
            }
            Taken::Wait { until_ms, dropped } => {
                debug!(chat, now, until_ms, "outbox waits");
                count_dropped(ctx, chat, dropped);
                let _ = ctx
                    .store
                    .set_due(DueKind::Outbox, here, Some(until_ms))
                    .await;
                return;
            }
            Taken::Empty { dropped } => {
                count_dropped(ctx, chat, dropped);
                // Off the due set, then looked at again: a write planned in between put the
                // chat back (or is put back here), so none is left behind.
                let _ = ctx.store.set_due(DueKind::Outbox, here, None).await;
                if ctx.store.outbox_len(chat).await.unwrap_or(1) > 0 {
                    let _ = ctx.store.set_due(DueKind::Outbox, here, Some(now)).await;
                }
                return;
            }
        };
        debug!(chat, slot = %slot, now, expires = meta.expires_ms, "write taken");
        // A private chat's message also takes one from the bot's own budget (about 30 a
        // second, shared by every replica); the write stays planned meanwhile.
        if chat > 0 {
            match ctx.store.private_take(now).await {
                Ok(None) => {}
                Ok(Some(at)) => {
                    debug!(chat, at, "the bot's private budget waits");
                    let _ = ctx.store.set_due(DueKind::Outbox, here, Some(at)).await;
                    return;
                }
                Err(_) => {
                    let _ = ctx
                        .store
                        .set_due(DueKind::Outbox, here, Some(now + RETRY_MS))
                        .await;
                    return;
                }
            }
        }
        let write: Write = match serde_json::from_str(&json) {
            Ok(w) => w,
            Err(e) => {
                warn!(chat, slot = %slot, error = %e, "dropping a write that does not decode");
                let _ = ctx.store.outbox_done(chat, &slot, meta.id, 0).await;
                continue;
            }
        };
        let made = make(bot, ctx, chat, &write, &meta).await;
        ctx.metrics.outbox(made.name());
        match made {
            Made::Done { shown, sent } => {
                // A crash here (Telegram answered, the outbox not told) leaves the write
                // planned: the next drainer makes it again (at least once; see
                // docs/ARCHITECTURE.md).
                ctx.crash_point(CrashPoint::OutboxMade, &slot).await;
                let _ = ctx.store.outbox_done(chat, &slot, meta.id, shown).await;
                if let (Some(then), Some(id)) = (then_of(&write), sent) {
                    after_sent(ctx, chat, then, id).await;
                }
            }
            Made::Dropped => {
                let _ = ctx.store.outbox_done(chat, &slot, meta.id, 0).await;
                if let Write::Topic { then, .. } = &write {
                    crate::bot::effects::tourney::sent::topic_refused(ctx, chat, then).await;
                }
            }
            Made::Later(at) => {
                let _ = ctx.store.set_due(DueKind::Outbox, here, Some(at)).await;
                return;
            }
            Made::Gone => {
                info!(chat, "chat gone: its planned writes are dropped");
                let _ = ctx.store.outbox_clear(chat).await;
                return;
            }
        }
    }
    let _ = ctx
        .store
        .set_due(DueKind::Outbox, here, Some(ctx.now_ms()))
        .await;
}

fn count_dropped(ctx: &Ctx, chat: i64, dropped: u32) {
    if dropped > 0 {
        info!(chat, dropped, "replies dropped: not made within their time");
        for _ in 0..dropped {
            ctx.metrics.outbox("stale");
        }
    }
}

/// What follows a write, if anything.
fn then_of(w: &Write) -> Option<&Then> {
    match w {
        Write::Send { then, .. } | Write::Delete { then, .. } => then.as_ref(),
        Write::Topic { then, .. } | Write::Animation { then, .. } => Some(then),
        _ => None,
    }
}

/// Once a write is made: tell the module that asked for it what Telegram answered (`id`: the
/// new message's id, the new topic's thread id, or the deleted message's).
async fn after_sent(ctx: &Ctx, chat: i64, then: &Then, id: i32) {
    match then {
        Then::Pinged { place, plan_seq } => {
            crate::bot::effects::pings::sent(ctx, *place, *plan_seq, id).await;
        }
        Then::PingDeleted { place, id } => {
            crate::bot::effects::pings::deleted(ctx, *place, *id).await;
        }
        Then::ReplayPosted { game } => {
            crate::bot::effects::outbox::media::posted(ctx, chat, game, id).await;
        }
        Then::Signup { .. }
        | Then::TableTopic { .. }
        | Then::TableCall { .. }
        | Then::ExtOffer { .. }
        | Then::Invite { .. } => {
            crate::bot::effects::tourney::sent::sent(ctx, chat, then, id).await;
        }
    }
}
