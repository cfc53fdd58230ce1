//! Board writes at Telegram's pace: a per-chat budget shared by every replica, and a board
//! that converges to the latest stored game.
//!
//! Every board write takes one write from the chat's budget ([`crate::store::Store::try_take_write`],
//! [`Ctx::write_limit`] writes per [`Ctx::write_window_ms`]). When the budget says wait, or
//! Telegram answers 429 (its `retry_after` is then noted for every replica), or the network
//! fails, the write is not retried in the handler: the chat is owed its board and a catch-up
//! is scheduled in Redis for when a write is allowed. The catch-up (fired from the driver's
//! poll, see [`fire_due`]) loads the **latest** table and writes it once, so the states that
//! came and went meanwhile cost one write between them. A write that succeeds clears what was
//! owed up to its version.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use teloxide::RequestError;
use tracing::{debug, info, warn};

use super::Ctx;
use super::board_lock::LastWrite;
use super::chat::{ChatAddr, DisplayState, Here, load};
use super::display::{self, Board};
use super::lifecycle::telegram_failed;
use super::telegram::TgBot;
use crate::bot::core::table::Table;
use crate::store::{CatchupClaim, Place, WriteBudget};

/// How long after a network failure a board write is tried again.
pub const NETWORK_RETRY_MS: u64 = 1_000;
/// At most this many due catch-ups are taken per poll.
pub const CATCHUP_BATCH: usize = 256;
/// How long a catch-up may hold its lease (one board write takes far less).
pub const CATCHUP_LEASE_MS: u64 = 10_000;

/// The window the budget is counted over: the configured one plus a twentieth, as slack
/// for the time between taking a write and Telegram receiving it (a write that took long to
/// build arrives late, and the write a full window later must not arrive inside its window)
/// and for replicas' clocks.
#[must_use]
pub fn paced_window(window_ms: u64) -> u64 {
    window_ms.saturating_add(window_ms / 20)
}

/// What became of one paced board write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paced {
    /// Written (or Telegram said the board was already so).
    Shown,
    /// Not written now: owed, and caught up at `due_ms`.
    Owed { due_ms: u64 },
    /// Failed for good (the chat is gone or moved; handled).
    Failed,
}

/// Show `table` (stored as `version`) in the chat of `here` over the board message
/// `current` (`None`: post a new one), within the chat's write budget. Never waits for
/// Telegram: a write that cannot be made now is owed and caught up later.
pub async fn show(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    table: &Table,
    version: u64,
    current: Option<DisplayState>,
) -> Paced {
    let chat = here.addr.id();
    let place = here.addr.place();
    // One write at a time for this place; a board older than the one written meanwhile
    // is not written again, and the board message is the one last written (see
    // [`super::board_lock`]).
    let lock = ctx.boards.of(place);
    let mut last = lock.lock().await;
    // A later board was written while this one waited: write the latest stored table
    // instead, so the board never goes back (one round trip, only then; and a table
    // created anew since, whose versions start again, is shown all the same).
    let latest;
    let (table, version) = if version < last.version {
        match ctx.store.load::<Table>(place).await {
            Ok(Some(rec)) => {
                latest = rec;
                (&latest.state, latest.version)
            }
            _ => (table, version),
        }
    } else {
        (table, version)
    };
    let recorded = here.stored.as_ref().and_then(|s| s.display);
    let (current, recorded) = match (current, last.display) {
        // Message ids grow within a chat: the later-posted board message is the board.
        (Some(c), Some(mine)) if mine.message_id > c.message_id => (Some(mine), Some(mine)),
        _ => (current, recorded),
    };
    let now = ctx.now_ms();
    match ctx
        .store
        .try_take_write(
            chat,
            now,
            ctx.write_limit,
            paced_window(ctx.write_window_ms),
        )
        .await
    {
        Ok(WriteBudget::Granted) => {}
        Ok(WriteBudget::Wait { until_ms }) => return owe(ctx, place, version, until_ms).await,
        // Redis unavailable: write anyway (Telegram's own 429 still paces us).
        Err(e) => debug!(chat, error = %e, "write budget unavailable"),
    }
    let board = Board {
        table,
        lang: here.lang,
        mode: here.settings.display,
        zone: &here.zone,
    };
    match display::show(bot, ctx, here.addr, board, current, recorded).await {
        Ok(shown) => {
            *last = LastWrite {
                version,
                display: Some(shown),
            };
            if let Err(e) = ctx.store.clear_catchup_if(place, version).await {
                warn!(chat, error = %e, "could not clear the owed board");
            }
            Paced::Shown
        }
        Err(RequestError::RetryAfter(s)) => {
            let until = now.saturating_add(u64::try_from(s.duration().as_millis()).unwrap_or(0));
            let until = match ctx.store.note_retry_after(chat, now, until).await {
                Ok(block) => block.max(until),
                Err(_) => until,
            };
            owe(ctx, place, version, until).await
        }
        Err(RequestError::Network(e)) => {
            warn!(chat, error = %e, "board write failed: catching up later");
            owe(ctx, place, version, now.saturating_add(NETWORK_RETRY_MS)).await
        }
        Err(e) => {
            telegram_failed(bot, ctx, here.addr, &e).await;
            Paced::Failed
        }
    }
}

/// Owe `place` the board of `version`, caught up at `due_ms` (or later if already later).
async fn owe(ctx: &Ctx, place: Place, version: u64, due_ms: u64) -> Paced {
    match ctx.store.owe_board(place, version, due_ms).await {
        Ok(owed) => {
            ctx.metrics.telegram_error("board_owed");
            Paced::Owed {
                due_ms: owed.due_ms,
            }
        }
        Err(e) => {
            warn!(chat = place.chat, error = %e, "could not owe the board");
            Paced::Owed { due_ms }
        }
    }
}

/// Fire the catch-ups due now (one task each, never two at once for a place on this
/// replica); each one wins its lease before writing, so across replicas it fires once.
pub async fn fire_due(
    bot: &TgBot,
    ctx: &Arc<Ctx>,
    tasks: &mut tokio::task::JoinSet<()>,
    busy: &Arc<Mutex<HashSet<Place>>>,
) {
    let due = match ctx.store.due_catchups(ctx.now_ms(), CATCHUP_BATCH).await {
        Ok(d) => d,
        Err(e) => {
            debug!(error = %e, "due catch-ups unavailable");
            return;
        }
    };
    for place in due {
        if !lock(busy).insert(place) {
            continue;
        }
        let (bot, ctx, busy) = (bot.clone(), ctx.clone(), busy.clone());
        tasks.spawn(async move {
            catch_up(&bot, &ctx, place).await;
            lock(&busy).remove(&place);
        });
    }
}

fn lock(m: &Mutex<HashSet<Place>>) -> std::sync::MutexGuard<'_, HashSet<Place>> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One catch-up: under its lease, write the latest board of `place` (once).
pub async fn catch_up(bot: &TgBot, ctx: &Ctx, place: Place) {
    let claim = ctx
        .store
        .claim_catchup(place, &ctx.owner, ctx.now_ms(), CATCHUP_LEASE_MS)
        .await;
    let owed = match claim {
        Ok(CatchupClaim::Write(owed)) => owed,
        Ok(_) => return,
        Err(e) => {
            debug!(chat = place.chat, error = %e, "catch-up not claimed");
            return;
        }
    };
    let here = load(ctx, ChatAddr::from(place), None).await;
    match here.table() {
        Ok(rec) => {
            let paced = show(bot, ctx, &here, &rec.state, rec.version, here.display()).await;
            if paced == Paced::Failed {
                // The chat is gone (or moved, with its game): nothing more is owed here.
                let _ = ctx.store.clear_catchup_if(place, u64::MAX).await;
            }
            info!(
                chat = place.chat,
                since = owed.since,
                latest = owed.latest,
                written = rec.version,
                ?paced,
                "board caught up"
            );
        }
        Err(_) if here.stored.is_some() => {
            // No table any more: nothing to show.
            let _ = ctx.store.clear_catchup_if(place, u64::MAX).await;
        }
        // Redis unavailable: the record stays; try again shortly.
        Err(_) => {
            let due = ctx.now_ms().saturating_add(NETWORK_RETRY_MS);
            let _ = ctx.store.schedule_catchup(place, due).await;
        }
    }
    let _ = ctx.store.release_catchup(place, &ctx.owner).await;
}
