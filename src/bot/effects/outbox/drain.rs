//! Draining a chat's outbox (the scheduler's [`DueKind::Outbox`] firing, under the chat's
//! lease): take the next write the budget allows, make it, forget it, hand back its
//! [`Receipt`], and again, until the budget says wait (the chat is then due when it allows
//! one) or nothing is left.

use tracing::{debug, info, warn};

use super::Write;
use super::make::{Made, make};
use super::pace_of;
use super::receipt::Receipt;
use crate::bot::effects::Ctx;
use crate::bot::effects::crash::CrashPoint;
use crate::bot::effects::telegram::TgBot;
use crate::store::{Done, DueKind, Place, Taken};

/// At most this many writes in one firing (a budget large enough to allow more in tests
/// leaves the rest to the next firing, so one chat never holds a task for long).
pub const MAX_WRITES_PER_DRAIN: usize = 64;
/// How long after Redis failed a drain is tried again.
pub const RETRY_MS: u64 = 1_000;

/// One firing's drain of a chat's outbox: each [`Drain::next`] makes the next write the
/// budget allows and hands back its [`Receipt`], until the firing is over. Whoever drains
/// applies each receipt before asking for the next write (as a ping's message is on record
/// before the next write is taken), so nothing here knows the modules that planned.
///
/// A write made with no receipt (a board's edit), or one whose receipt goes first
/// ([`Receipt::before_done`]), is forgotten by the next step's take, in the same round trip
/// ([`crate::store::Store::outbox_done_take`]); alone when the firing ends there.
#[derive(Debug)]
pub struct Drain {
    chat: i64,
    /// Writes this firing may still take.
    left: usize,
    over: bool,
    /// A write made and not forgotten yet: its receipt (if any) goes out first
    /// ([`Receipt::before_done`]). Forgotten at the next step, with the next take.
    unfinished: Option<MadeWrite>,
}

/// A write made, not forgotten yet: its slot, its plan's id and the board version it showed.
#[derive(Debug)]
struct MadeWrite {
    slot: String,
    id: u64,
    shown: u64,
}

impl MadeWrite {
    /// Forget the write (a newer one of its slot stays). A crash before this (Telegram
    /// answered, the outbox not told) leaves it planned: the next drainer makes it again (at
    /// least once; see docs/ARCHITECTURE.md).
    async fn forget(self, ctx: &Ctx, chat: i64) {
        ctx.crash_point(CrashPoint::OutboxMade, &self.slot).await;
        let _ = ctx
            .store
            .outbox_done(chat, &self.slot, self.id, self.shown)
            .await;
    }

    /// As the store forgets it.
    fn done(&self) -> Done<'_> {
        Done {
            slot: &self.slot,
            id: self.id,
            shown_version: self.shown,
        }
    }
}

/// One step of a [`Drain`].
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A write was taken and dealt with (made, dropped, or the chat found gone): what its
    /// planner must hear, if anything.
    Took(Option<Receipt>),
    /// Nothing more in this firing: the chat is due again when its budget allows, at once
    /// after [`MAX_WRITES_PER_DRAIN`], or not while nothing is planned.
    Over,
}

impl Drain {
    /// The drain of `chat`'s planned writes that its budget allows now.
    #[must_use]
    pub fn of(chat: i64) -> Self {
        Self {
            chat,
            left: MAX_WRITES_PER_DRAIN,
            over: false,
            unfinished: None,
        }
    }

    /// Make the next write, if the budget allows one and this firing has not taken its
    /// share.
    pub async fn next(&mut self, bot: &TgBot, ctx: &Ctx) -> Step {
        let made = self.unfinished.take();
        if self.over || self.left == 0 {
            if let Some(made) = made {
                // No take follows: forgotten alone.
                made.forget(ctx, self.chat).await;
            }
            if !self.over {
                self.over = true;
                let _ = ctx
                    .store
                    .set_due(
                        DueKind::Outbox,
                        Place::of_chat(self.chat),
                        Some(ctx.now_ms()),
                    )
                    .await;
            }
            return Step::Over;
        }
        self.left -= 1;
        match step(bot, ctx, self.chat, made).await {
            Some((receipt, unfinished, go_on)) => {
                self.over = !go_on;
                self.unfinished = unfinished;
                Step::Took(receipt)
            }
            None => {
                self.over = true;
                Step::Over
            }
        }
    }
}

/// Forget `made` (the write made before, if any) and take and make `chat`'s next write: its
/// receipt, the write made when it is still to forget (with the next take: its receipt, if
/// any, goes first), and whether the drain goes on; `None` when nothing was taken (the chat
/// is due again when it may be).
async fn step(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    made: Option<MadeWrite>,
) -> Option<(Option<Receipt>, Option<MadeWrite>, bool)> {
    let here = Place::of_chat(chat);
    let pace = pace_of(ctx, chat);
    let now = ctx.now_ms();
    if let Some(m) = &made {
        ctx.crash_point(CrashPoint::OutboxMade, &m.slot).await;
    }
    let taken = match ctx
        .store
        .outbox_done_take(chat, made.as_ref().map(MadeWrite::done), now, pace)
        .await
    {
        Ok(t) => t,
        Err(e) => {
            debug!(chat, error = %e, "outbox unavailable");
            let _ = ctx
                .store
                .set_due(DueKind::Outbox, here, Some(now + RETRY_MS))
                .await;
            return None;
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
            return None;
        }
        Taken::Empty { dropped } => {
            count_dropped(ctx, chat, dropped);
            // Off the due set, then looked at again (one round trip): a write planned in
            // between put the chat back (or is put back here), so none is left behind.
            if ctx.store.outbox_off_due(chat).await.unwrap_or(1) > 0 {
                let _ = ctx.store.set_due(DueKind::Outbox, here, Some(now)).await;
            }
            return None;
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
                return None;
            }
            Err(_) => {
                let _ = ctx
                    .store
                    .set_due(DueKind::Outbox, here, Some(now + RETRY_MS))
                    .await;
                return None;
            }
        }
    }
    let write: Write = match serde_json::from_str(&json) {
        Ok(w) => w,
        Err(e) => {
            warn!(chat, slot = %slot, error = %e, "dropping a write that does not decode");
            let _ = ctx.store.outbox_done(chat, &slot, meta.id, 0).await;
            return Some((None, None, true));
        }
    };
    let made = make(bot, ctx, chat, &write, &meta).await;
    ctx.metrics.outbox(made.name());
    match made {
        Made::Done { shown, receipt } => {
            let made = MadeWrite {
                slot,
                id: meta.id,
                shown,
            };
            if receipt.as_ref().is_none_or(Receipt::before_done) {
                return Some((receipt, Some(made), true));
            }
            made.forget(ctx, chat).await;
            Some((receipt, None, true))
        }
        Made::Dropped => {
            let _ = ctx.store.outbox_done(chat, &slot, meta.id, 0).await;
            Some((Receipt::refused(chat, &write), None, true))
        }
        Made::Later(at) => {
            let _ = ctx.store.set_due(DueKind::Outbox, here, Some(at)).await;
            None
        }
        Made::Gone(receipt) => {
            info!(chat, "chat gone: its planned writes are dropped");
            let _ = ctx.store.outbox_clear(chat).await;
            Some((Some(receipt), None, false))
        }
    }
}

fn count_dropped(ctx: &Ctx, chat: i64, dropped: u32) {
    if dropped > 0 {
        info!(chat, dropped, "replies dropped: not made within their time");
        for _ in 0..dropped {
            ctx.metrics.outbox("stale");
        }
    }
}
