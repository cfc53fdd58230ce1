//! Pings (`/pings`): one short message that mentions the player whose turn it is when they
//! take long, as a reply to the board, and the warning before the timer plays for them.
//!
//! The plan is pure ([`crate::bot::core::pings`]); here it is kept per place in Redis
//! ([`crate::store::Store::save_ping`], compare-and-set), planned anew after every save
//! ([`after_save`]), and fired by the scheduler ([`DueKind::Ping`], under the place's lease):
//! the ping is put on record first, then planned in the outbox ([`Priority::Ping`], leaving a
//! write to boards), so two replicas ping once. Once Telegram took it, [`sent`] records its
//! message, to be deleted when the table moves on ([`Priority::Tidy`]).

use tracing::{debug, info, warn};

use super::Ctx;
use super::chat::{ChatAddr, Here, load};
use super::outbox::{self, Plan, Priority, Slot, Then, Write};
use crate::bot::core::pings::{Ping, PingKind, PingRecord, Sent, WARN_BEFORE_SECS};
use crate::bot::core::seats::dot;
use crate::bot::core::table::Table;
use crate::i18n::{Lang, Msg, tr};
use crate::store::{CasOutcome, DueKind, Place, Versioned};

/// Compare-and-set rounds on the ping record before giving up (a newer save plans anew).
pub const CAS_ROUNDS: usize = 4;
/// A ping that Redis could not answer for waits at least this long.
pub const RETRY_MS: u64 = 500;

fn split(stored: Option<Versioned<PingRecord>>) -> (u64, PingRecord) {
    stored.map_or((0, PingRecord::default()), |v| (v.version, v.state))
}

/// Change the ping record of `place` by `f` (compare-and-set, again on a lost race); `f`
/// returns `None` to leave it. Returns the record saved. The first round starts from `read`
/// when the record was read already (a press reads it with its chat): a record changed
/// since loses the compare-and-set and is read again, in a round of its own.
async fn mutate(
    ctx: &Ctx,
    place: Place,
    ttl: u64,
    mut read: Option<Versioned<PingRecord>>,
    mut f: impl FnMut(&PingRecord) -> Option<PingRecord>,
) -> Option<PingRecord> {
    for _ in 0..CAS_ROUNDS + usize::from(read.is_some()) {
        let (rev, record) = match read.take() {
            Some(r) => split(Some(r)),
            None => match ctx.store.load_ping::<PingRecord>(place).await {
                Ok(r) => split(r),
                Err(e) => {
                    debug!(chat = place.chat, error = %e, "ping record unavailable");
                    return None;
                }
            },
        };
        let next = f(&record)?;
        match ctx.store.save_ping(place, rev, &next, ttl).await {
            Ok(CasOutcome::Saved { .. }) => return Some(next),
            Ok(CasOutcome::Conflict { .. }) => {}
            Err(e) => {
                warn!(chat = place.chat, error = %e, "could not store the ping plan");
                return None;
            }
        }
    }
    None
}

/// After `table` was saved as `version` at `here`: plan the pings anew, and plan the deletes
/// of the ping messages the table moved on from. A ping planned and not made yet for a
/// decision point the table left is taken back.
pub async fn after_save(ctx: &Ctx, here: &Here, table: &Table, version: u64) {
    let place = here.addr.place();
    let timing = ctx.ping_timing(&here.settings);
    let now = ctx.now_ms();
    let mut left_unsent = false;
    let read = here.stored.as_ref().and_then(|s| s.ping.clone());
    let Some(next) = mutate(ctx, place, ctx.ttl_for(table), read, |r| {
        left_unsent = r.pinged && r.sent.is_none() && r.seq != table.seq();
        r.plan(table, version, now, timing)
    })
    .await
    else {
        return;
    };
    if left_unsent {
        let _ = ctx
            .store
            .outbox_cancel(place.chat, &Slot::Ping(place).to_string())
            .await;
    }
    let _ = ctx.store.set_due(DueKind::Ping, place, next.due()).await;
    delete_stale(ctx, place, &next).await;
}

/// Plan the deletes of `record`'s old ping messages (each leaves the record once made).
async fn delete_stale(ctx: &Ctx, place: Place, record: &PingRecord) {
    for &id in &record.stale {
        let w = Write::Delete {
            message_id: id,
            then: Some(Then::PingDeleted { place, id }),
        };
        outbox::plan(
            ctx,
            place.chat,
            Plan::new(w, Slot::Delete(id), Priority::Tidy),
        )
        .await;
    }
}

/// The scheduler's firing of `place`'s ping (its lease is held): when a ping is due now, it
/// goes on record and is planned in the outbox.
pub async fn fire(ctx: &Ctx, place: Place) {
    let addr = ChatAddr::from(place);
    let here = load(ctx, addr, None).await;
    let now = ctx.now_ms();
    let Some(stored) = here.stored.as_ref() else {
        let _ = ctx
            .store
            .set_due(DueKind::Ping, place, Some(now + RETRY_MS))
            .await;
        return;
    };
    let Some(game) = stored.table.as_ref() else {
        let _ = ctx.store.set_due(DueKind::Ping, place, None).await;
        return;
    };
    let (rev, record) = match ctx.store.load_ping::<PingRecord>(place).await {
        Ok(r) => split(r),
        Err(_) => {
            let _ = ctx
                .store
                .set_due(DueKind::Ping, place, Some(now + RETRY_MS))
                .await;
            return;
        }
    };
    if record.version > game.version {
        // The game was created again (its versions start again): plan from scratch.
        let fresh = record.restarted();
        if let Ok(CasOutcome::Saved { .. }) = ctx
            .store
            .save_ping(place, rev, &fresh, ctx.ttl_for(&game.state))
            .await
        {
            after_save(ctx, &here, &game.state, game.version).await;
        }
        return;
    }
    if record.version != game.version {
        // A save whose plan has not landed (or was lost): plan from the stored table now.
        after_save(ctx, &here, &game.state, game.version).await;
        return;
    }
    let ping = record
        .ping_now(&game.state, now)
        .filter(|_| here.settings.pings_secs > 0);
    let Some(ping) = ping else {
        // Nothing to send now: keep the due set on what is still to come.
        let next = record
            .due()
            .filter(|d| *d > now && here.settings.pings_secs > 0);
        let _ = ctx.store.set_due(DueKind::Ping, place, next).await;
        delete_stale(ctx, place, &record).await;
        return;
    };
    // On record first: a second firing (another replica, a retry) does not ping again.
    let next = record.given_up(ping.kind);
    match ctx
        .store
        .save_ping(place, rev, &next, ctx.ttl_for(&game.state))
        .await
    {
        Ok(CasOutcome::Saved { .. }) => {}
        _ => return,
    }
    let _ = ctx.store.set_due(DueKind::Ping, place, next.due()).await;
    info!(chat = place.chat, topic = addr.topic(), kind = ?ping.kind, player = ping.player, "ping");
    let w = Write::Send {
        place,
        text: text(here.lang, &ping),
        reply_to: here.display().map(|d| d.message_id),
        keyboard: None,
        then: Some(Then::Pinged {
            place,
            plan_seq: record.seq,
        }),
    };
    outbox::plan(
        ctx,
        place.chat,
        Plan::new(w, Slot::Ping(place), Priority::Ping),
    )
    .await;
}

/// The text of `ping`, with a mention that notifies the player.
fn text(lang: Lang, ping: &Ping) -> String {
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
    tr(lang, &msg)
}

/// The ping planned at the decision point `plan_seq` of `place` was sent as `message_id`: on
/// record as the ping on screen (the one before it to delete); or, when the table moved on
/// meanwhile, deleted at once.
pub async fn sent(ctx: &Ctx, place: Place, plan_seq: u64, message_id: i32) {
    let ttl = ctx.open_ttl_secs;
    let Some(next) = mutate(ctx, place, ttl, None, |r| {
        let mut r = r.clone();
        if r.seq == plan_seq {
            if let Some(old) = r.sent.replace(Sent {
                message_id,
                seq: plan_seq,
            }) {
                r.push_stale(old.message_id);
            }
        } else {
            r.push_stale(message_id);
        }
        Some(r)
    })
    .await
    else {
        return;
    };
    delete_stale(ctx, place, &next).await;
}

/// Old ping message `id` of `place` was deleted: it leaves the record.
pub async fn deleted(ctx: &Ctx, place: Place, id: i32) {
    let ttl = ctx.open_ttl_secs;
    mutate(ctx, place, ttl, None, |r| {
        r.stale.contains(&id).then(|| r.without_stale(&[id]))
    })
    .await;
}
