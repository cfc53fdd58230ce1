//! Pings (`/pings`): one short message that mentions the player whose turn it is when they
//! take long, as a reply to the board, and the warning before the timer plays for them.
//!
//! The plan is pure ([`crate::bot::core::pings`]); here it is kept per place in Redis
//! ([`crate::store::Store::save_ping`], compare-and-set), re-planned after every save
//! ([`after_save`], once the board is written), and fired from the driver's poll under a
//! per-place lease ([`fire_due`]), so with several replicas a ping is sent once.
//!
//! Every ping and every delete of an old ping is a write to the chat: it takes one from the
//! chat's budget ([`crate::store::Store::try_take_write`]) with [`BOARD_RESERVE`] writes of
//! the window left to boards, so pings never make the board wait. A ping the budget refuses
//! is postponed to when a write is allowed; a delete it refuses waits in the record for the
//! next save or ping.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{MessageId, ParseMode, ReplyParameters};
use tracing::{debug, info, warn};

use super::Ctx;
use super::chat::{ChatAddr, Here, InTopic, load};
use super::pace::paced_window;
use super::telegram::TgBot;
use crate::bot::core::pings::{Ping, PingKind, PingRecord, WARN_BEFORE_SECS};
use crate::bot::core::seats::dot;
use crate::bot::core::table::Table;
use crate::i18n::{Msg, tr};
use crate::store::{CasOutcome, Place, Versioned, WriteBudget};

/// The name of the per-place lease a ping firing takes.
pub const PING_LEASE: &str = "ping";
/// How long a ping firing may hold its lease.
pub const PING_LEASE_MS: u64 = 10_000;
/// At most this many due pings are taken per poll.
pub const PING_BATCH: usize = 256;
/// Writes of the chat's window a ping leaves to boards: a ping is sent only while the
/// window has more than this many writes left.
pub const BOARD_RESERVE: u32 = 4;
/// Compare-and-set rounds on the ping record before giving up (a newer save plans anew).
pub const CAS_ROUNDS: usize = 4;
/// A ping the budget refused, or that Redis could not answer for, waits at least this long.
pub const RETRY_MS: u64 = 500;

/// Writes a ping may take in a window of `limit`: all but [`BOARD_RESERVE`] (at least one).
fn ping_limit(limit: u32) -> u32 {
    limit.saturating_sub(BOARD_RESERVE).max(1)
}

/// Take one write for a ping or a delete from `chat`'s budget: `Ok` to write now, or the
/// time to come back.
async fn take_write(ctx: &Ctx, chat: i64, now: u64) -> Result<(), u64> {
    let window = paced_window(ctx.write_window_ms);
    match ctx
        .store
        .try_take_write(chat, now, ping_limit(ctx.write_limit), window)
        .await
    {
        Ok(WriteBudget::Granted) => Ok(()),
        Ok(WriteBudget::Wait { until_ms }) => Err(until_ms.max(now + RETRY_MS)),
        // Redis unavailable: the ping waits (the board goes first).
        Err(_) => Err(now + RETRY_MS),
    }
}

/// The TTL of a place's ping record: the game's.
fn ttl(ctx: &Ctx, t: &Table) -> u64 {
    ctx.ttl_for(t)
}

/// After `table` was saved as `version` at `here` (and its board written): plan the ping
/// anew and delete a ping the table moved on from.
pub async fn after_save(bot: &TgBot, ctx: &Ctx, here: &Here, table: &Table, version: u64) {
    let place = here.addr.place();
    let timing = ctx.ping_timing(&here.settings);
    for _ in 0..CAS_ROUNDS {
        let stored = match ctx.store.load_ping::<PingRecord>(place).await {
            Ok(r) => r,
            Err(e) => {
                debug!(chat = place.chat, error = %e, "ping record unavailable");
                return;
            }
        };
        let (expected, record) = split(stored);
        let Some(next) = record.plan(table, version, ctx.now_ms(), timing) else {
            return;
        };
        match ctx
            .store
            .save_ping(place, expected, &next, ttl(ctx, table))
            .await
        {
            Ok(CasOutcome::Saved { version: rev }) => {
                let _ = ctx.store.set_ping_due(place, next.due()).await;
                flush_stale(bot, ctx, here.addr, rev, next, table).await;
                return;
            }
            Ok(CasOutcome::Conflict { .. }) => {}
            Err(e) => {
                warn!(chat = place.chat, error = %e, "could not store the ping plan");
                return;
            }
        }
    }
}

fn split(stored: Option<Versioned<PingRecord>>) -> (u64, PingRecord) {
    stored.map_or((0, PingRecord::default()), |v| (v.version, v.state))
}

/// Delete the ping messages `record` (stored as `rev`) has to delete, within the budget;
/// those deleted leave the record. When the budget refuses some, they stay and the place is
/// due again when a write is allowed (or at its next ping, if sooner).
async fn flush_stale(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    mut rev: u64,
    mut record: PingRecord,
    table: &Table,
) {
    if record.stale.is_empty() {
        return;
    }
    let mut deleted = Vec::new();
    let mut retry = None;
    for &id in &record.stale {
        let now = ctx.now_ms();
        if let Err(until) = take_write(ctx, addr.id(), now).await {
            retry = Some(until);
            break;
        }
        // Best effort: a message someone deleted already is gone all the same.
        if let Err(e) = bot.delete_message(addr.chat_id(), MessageId(id)).await {
            debug!(chat = addr.id(), error = %e, "ping not deleted");
            if matches!(e, RequestError::RetryAfter(_) | RequestError::Network(_)) {
                retry = Some(now + RETRY_MS);
                break;
            }
        }
        deleted.push(id);
    }
    if let Some(until) = retry {
        let due = record.due().map_or(until, |d| d.min(until));
        let _ = ctx.store.set_ping_due(addr.place(), Some(due)).await;
    }
    if deleted.is_empty() {
        return;
    }
    for _ in 0..CAS_ROUNDS {
        let next = record.without_stale(&deleted);
        match ctx
            .store
            .save_ping(addr.place(), rev, &next, ttl(ctx, table))
            .await
        {
            Ok(CasOutcome::Conflict { .. }) => {
                match ctx.store.load_ping::<PingRecord>(addr.place()).await {
                    Ok(Some(v)) => (rev, record) = (v.version, v.state),
                    _ => return,
                }
            }
            _ => return,
        }
    }
}

/// Fire the pings due now (one task each, never two at once for a place on this replica);
/// each one wins its lease before sending, so across replicas a ping is sent once.
pub async fn fire_due(
    bot: &TgBot,
    ctx: &Arc<Ctx>,
    tasks: &mut tokio::task::JoinSet<()>,
    busy: &Arc<Mutex<HashSet<Place>>>,
) {
    let due = match ctx.store.due_pings(ctx.now_ms(), PING_BATCH).await {
        Ok(d) => d,
        Err(e) => {
            debug!(error = %e, "due pings unavailable");
            return;
        }
    };
    for place in due {
        if !lock(busy).insert(place) {
            continue;
        }
        let (bot, ctx, busy) = (bot.clone(), ctx.clone(), busy.clone());
        tasks.spawn(async move {
            fire(&bot, &ctx, ChatAddr::from(place)).await;
            lock(&busy).remove(&place);
        });
    }
}

fn lock(m: &Mutex<HashSet<Place>>) -> std::sync::MutexGuard<'_, HashSet<Place>> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One place's due ping, under its lease.
pub async fn fire(bot: &TgBot, ctx: &Ctx, addr: ChatAddr) {
    let place = addr.place();
    match ctx
        .store
        .try_lease_at(place, PING_LEASE, &ctx.owner, PING_LEASE_MS)
        .await
    {
        Ok(true) => {}
        _ => return,
    }
    fire_locked(bot, ctx, addr).await;
    let _ = ctx
        .store
        .release_lease_at(place, PING_LEASE, &ctx.owner)
        .await;
}

async fn fire_locked(bot: &TgBot, ctx: &Ctx, addr: ChatAddr) {
    let place = addr.place();
    let here = load(ctx, addr, None).await;
    let now = ctx.now_ms();
    let Some(stored) = here.stored.as_ref() else {
        let _ = ctx.store.set_ping_due(place, Some(now + RETRY_MS)).await;
        return;
    };
    let Some(game) = stored.table.as_ref() else {
        let _ = ctx.store.set_ping_due(place, None).await;
        return;
    };
    let (rev, record) = match ctx.store.load_ping::<PingRecord>(place).await {
        Ok(r) => split(r),
        Err(_) => {
            let _ = ctx.store.set_ping_due(place, Some(now + RETRY_MS)).await;
            return;
        }
    };
    if record.version > game.version {
        // The game was created again (its versions start again): plan from scratch.
        let fresh = record.restarted();
        if let Ok(CasOutcome::Saved { .. }) = ctx
            .store
            .save_ping(place, rev, &fresh, ttl(ctx, &game.state))
            .await
        {
            after_save(bot, ctx, &here, &game.state, game.version).await;
        }
        return;
    }
    if record.version != game.version {
        // A save whose plan has not landed (or was lost): plan from the stored table now.
        after_save(bot, ctx, &here, &game.state, game.version).await;
        return;
    }
    let ping = record
        .ping_now(&game.state, now)
        .filter(|_| here.settings.pings_secs > 0);
    let Some(ping) = ping else {
        // Nothing to send now: keep the due set on what is still to come, and delete the
        // pings the budget kept on screen.
        let next = record
            .due()
            .filter(|d| *d > now && here.settings.pings_secs > 0);
        let _ = ctx.store.set_ping_due(place, next).await;
        flush_stale(bot, ctx, addr, rev, record, &game.state).await;
        return;
    };
    if let Err(until) = take_write(ctx, addr.id(), now).await {
        // The board goes first: the ping waits for a write.
        let _ = ctx.store.set_ping_due(place, Some(until)).await;
        return;
    }
    let sent = send(bot, &here, &ping).await;
    let message = sent.as_ref().ok().copied();
    let next = match sent {
        Ok(id) => record.sent(ping.kind, id),
        Err(RequestError::RetryAfter(s)) => {
            let until = now.saturating_add(u64::try_from(s.duration().as_millis()).unwrap_or(0));
            let until = ctx
                .store
                .note_retry_after(addr.id(), now, until)
                .await
                .map_or(until, |b| b.max(until));
            let _ = ctx.store.set_ping_due(place, Some(until)).await;
            return;
        }
        Err(RequestError::Network(e)) => {
            debug!(chat = addr.id(), error = %e, "ping not sent: trying again");
            let _ = ctx.store.set_ping_due(place, Some(now + RETRY_MS)).await;
            return;
        }
        Err(e) => {
            // The chat will not take it (gone, no rights): not again this turn.
            warn!(chat = addr.id(), error = %e, "ping not sent");
            record.given_up(ping.kind)
        }
    };
    info!(chat = addr.id(), topic = addr.topic(), kind = ?ping.kind, player = ping.player, "ping");
    store_sent(
        bot,
        ctx,
        addr,
        &game.state,
        rev,
        &record,
        next,
        ping.kind,
        message,
    )
    .await;
}

/// Save the record after a ping (`next`, from `planned` stored as `rev`); when a save
/// came meanwhile, merge the ping into the latest record ([`PingRecord::sent_late`]).
#[allow(clippy::too_many_arguments)]
async fn store_sent(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    table: &Table,
    mut rev: u64,
    planned: &PingRecord,
    mut next: PingRecord,
    kind: PingKind,
    message: Option<i32>,
) {
    let place = addr.place();
    for _ in 0..CAS_ROUNDS {
        match ctx
            .store
            .save_ping(place, rev, &next, ttl(ctx, table))
            .await
        {
            Ok(CasOutcome::Saved { version }) => {
                let _ = ctx.store.set_ping_due(place, next.due()).await;
                flush_stale(bot, ctx, addr, version, next, table).await;
                return;
            }
            Ok(CasOutcome::Conflict { .. }) => {
                let Ok(Some(latest)) = ctx.store.load_ping::<PingRecord>(place).await else {
                    return;
                };
                rev = latest.version;
                next = match message {
                    Some(id) => latest.state.sent_late(planned, kind, id),
                    None => latest.state.clone(),
                };
            }
            Err(e) => {
                warn!(chat = place.chat, error = %e, "could not record the ping");
                return;
            }
        }
    }
}

/// Send `ping` at `here`, as a reply to the board (sent without it if the board is gone),
/// in the place's topic. Returns the message id.
async fn send(bot: &TgBot, here: &Here, ping: &Ping) -> Result<i32, RequestError> {
    let msg = match ping.kind {
        PingKind::Roll => Msg::PingRoll {
            id: ping.player,
            name: ping.name.clone(),
            dot: dot(ping.seat).to_owned(),
        },
        PingKind::Choose => Msg::PingChoose {
            id: ping.player,
            name: ping.name.clone(),
            dot: dot(ping.seat).to_owned(),
        },
        PingKind::Warning => Msg::PingWarning {
            id: ping.player,
            name: ping.name.clone(),
            seconds: u32::try_from(WARN_BEFORE_SECS).unwrap_or(30),
        },
    };
    let mut req = bot
        .send_message(here.addr.chat_id(), tr(here.lang, &msg))
        .in_topic(here.addr)
        .parse_mode(ParseMode::Html);
    if let Some(board) = here.display() {
        req = req.reply_parameters(
            ReplyParameters::new(MessageId(board.message_id)).allow_sending_without_reply(),
        );
    }
    Ok(req.await?.id.0)
}
