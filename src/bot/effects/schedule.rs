//! The one scheduler: everything the bot does later — a computer's or a timed-out turn, a
//! chat's planned writes, a ping, a tournament's calls and results, a game's stats record —
//! is a member of a due set in Redis ([`DueKind`]). One loop polls them all (one round trip
//! every [`POLL`]), and fires each due member under its lease, so it survives restarts and
//! fires once across replicas. A [`Kicks`](super::ctx::Kicks) message fires one at once
//! (a write just planned), and a test clock that moves wakes the loop.
//!
//! Each kind's firing owns its due entry: it moves it (the next deadline, the time the
//! budget allows a write) or removes it when nothing is left.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc::UnboundedReceiver;
use tokio::task::JoinSet;
use tracing::debug;

use super::Ctx;
use super::telegram::TgBot;
use crate::store::{DueKind, Place};

/// How often the due sets are polled.
pub const POLL: Duration = Duration::from_millis(100);
/// At most this many due members of each kind are taken per poll.
pub const BATCH: usize = 256;

/// How long a firing of `kind` may hold its lease (far more than it takes; a replica that
/// dies holding it delays the work by this much).
#[must_use]
pub fn lease_ms(kind: DueKind) -> u64 {
    match kind {
        // A drain may wait on a slow Telegram request or two.
        DueKind::Outbox => 30_000,
        DueKind::Tourney | DueKind::Season => 20_000,
        DueKind::Turn | DueKind::Ping | DueKind::Record => 10_000,
    }
}

type Item = (DueKind, Place);

/// Poll and fire until `stop` changes; then wait for the firings under way (graceful
/// shutdown) and return.
pub async fn run(
    bot: TgBot,
    ctx: Arc<Ctx>,
    mut kicks: UnboundedReceiver<Item>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(POLL);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut moved = ctx.clock.moved();
    let mut firing: JoinSet<Item> = JoinSet::new();
    // Fired now on this replica; kicked again meanwhile (fired once more when done).
    let mut busy: HashSet<Item> = HashSet::new();
    let mut again: HashSet<Item> = HashSet::new();
    let mut next: Vec<Item> = Vec::new();
    loop {
        let poll = tokio::select! {
            _ = tick.tick() => true,
            () = async {
                match &mut moved {
                    Some(rx) => {
                        if rx.changed().await.is_err() {
                            std::future::pending::<()>().await;
                        }
                    }
                    None => std::future::pending().await,
                }
            } => true,
            Some(item) = kicks.recv() => {
                next.push(item);
                false
            }
            Some(Ok(done)) = firing.join_next(), if !firing.is_empty() => {
                busy.remove(&done);
                if again.remove(&done) {
                    next.push(done);
                }
                false
            }
            _ = stop.changed() => {
                while firing.join_next().await.is_some() {}
                return;
            }
        };
        while let Ok(item) = kicks.try_recv() {
            next.push(item);
        }
        if poll {
            match ctx.store.due_all(ctx.now_ms(), BATCH).await {
                Ok(due) => next.extend(due),
                Err(e) => debug!(error = %e, "due sets unavailable"),
            }
        }
        for item in next.drain(..) {
            if !busy.insert(item) {
                again.insert(item);
                continue;
            }
            let (bot, ctx) = (bot.clone(), ctx.clone());
            firing.spawn(async move {
                fire(&bot, &ctx, item).await;
                item
            });
        }
    }
}

/// Fire one due member under its lease.
async fn fire(bot: &TgBot, ctx: &Ctx, (kind, place): Item) {
    match ctx
        .store
        .try_lease_at(place, kind.lease(), &ctx.owner, lease_ms(kind))
        .await
    {
        Ok(true) => {}
        _ => return,
    }
    match kind {
        DueKind::Turn => super::driver::fire(ctx, place).await,
        DueKind::Outbox => super::receipts::drain(bot, ctx, place.chat).await,
        DueKind::Ping => super::pings::fire(ctx, place).await,
        DueKind::Tourney => super::tourney::job::fire(ctx, place.chat).await,
        DueKind::Record => super::stats::record_due(ctx, place).await,
        DueKind::Season => super::season::job::fire(ctx, place.chat).await,
    }
    let _ = ctx
        .store
        .release_lease_at(place, kind.lease(), &ctx.owner)
        .await;
}

/// Roughly how long until `chat`'s planned writes are made, whole seconds rounded up: the
/// time its outbox is due ([`DueKind::Outbox`], set by the drain when the budget or a 429
/// makes it wait) minus now. `None` when not known (nothing due, or Redis unreadable).
pub async fn catch_up_secs(ctx: &Ctx, chat: i64) -> Option<u32> {
    let due = ctx
        .store
        .due_at(DueKind::Outbox, Place::of_chat(chat))
        .await
        .ok()
        .flatten()?;
    let wait_ms = due.saturating_sub(ctx.now_ms());
    Some(u32::try_from(wait_ms.div_ceil(1_000)).unwrap_or(u32::MAX))
}
