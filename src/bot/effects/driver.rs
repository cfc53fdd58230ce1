//! Turns the bot plays by itself: computer players, absent players and the turn timer, and a
//! game's R6.3 time limit. A place's deadline is its member of the due set
//! ([`DueKind::Turn`]), fired by the scheduler under the place's lease
//! ([`super::schedule`]), so it fires after a restart and once across replicas.

use tracing::{debug, info};

use super::Ctx;
use super::chat::{ChatAddr, Here, load};
use super::commit::{follow, save};
use super::deadline::sync_deadline;
use super::telegram::{TgBot, is_admin};
use crate::bot::core::refusal::{Alert, Refusal, Reject};
use crate::bot::core::table::{Actor, Table};
use crate::store::{DueKind, Place};

/// Fire `place`'s deadline (its lease is held): play the automatic turn or the timed-out
/// human's turn, or end the game at its time limit.
pub async fn fire(ctx: &Ctx, place: Place) {
    let addr = ChatAddr::from(place);
    let here = load(ctx, addr, None).await;
    let rec = match here.table() {
        Ok(r) => r,
        Err(Refusal::Alert(Alert::NoGame)) => {
            let _ = ctx.store.set_due(DueKind::Turn, place, None).await;
            return;
        }
        Err(_) => return,
    };
    let now = ctx.now_ms();
    let t = &rec.state;
    let Some(due) = t.due() else {
        // Nothing is due any more (a press or the end of the game came first).
        sync_deadline(ctx, place, t, rec.version).await;
        return;
    };
    if due > now {
        // Re-armed by a newer action: keep the due set in step.
        sync_deadline(ctx, place, t, rec.version).await;
        return;
    }
    // R6.3 A game whose time limit ran out ends with its result; else the turn is played
    // (thought on the thinking pool, off the workers that answer presses).
    let next = match t.after_time_limit(now) {
        Some(over) => Some(over),
        None => {
            let t = t.clone();
            ctx.think
                .run(ctx.streams(place.chat), move |s| {
                    t.bot_turn(now, false, s).map(|n| n.chain(now, s))
                })
                .await
        }
    };
    let Some(next) = next else {
        // Nothing to play (it should not happen): drop the entry, unless a save since our
        // load brought a deadline of its own.
        let _ = ctx.store.set_due(DueKind::Turn, place, None).await;
        if let Ok(Some(latest)) = ctx.store.load::<Table>(place).await
            && latest.version != rec.version
        {
            sync_deadline(ctx, place, &latest.state, latest.version).await;
        }
        return;
    };
    match save(ctx, &here, rec.version, next).await {
        Ok(saved) => follow(ctx, &here, &saved, false).await,
        Err(e) => debug!(%place, ?e, "automatic turn not applied (a press won the race)"),
    }
}

/// `/skip`: the host (or an admin) has the bot play the current turn at once.
///
/// # Errors
/// [`Reject::NotPlaying`] with no game in play, [`Reject::NotHost`] for anyone else, or the
/// save's refusal.
pub async fn skip(bot: &TgBot, ctx: &Ctx, here: &Here, actor: &Actor) -> Result<(), Refusal> {
    let rec = here.table().map_err(|r| match r {
        Refusal::Alert(Alert::NoGame) => Reject::NotPlaying.into(),
        other => other,
    })?;
    let t = &rec.state;
    if t.playing().is_none() {
        return Err(Reject::NotPlaying.into());
    }
    if actor.id != t.host() && !is_admin(bot, here.addr, actor.id).await {
        return Err(Reject::NotHost.into());
    }
    let (t, now) = (t.clone(), ctx.now_ms());
    let next = ctx
        .think
        .run(ctx.streams(here.addr.id()), move |s| {
            t.bot_turn(now, true, s)
        })
        .await;
    let Some(next) = next else {
        return Ok(());
    };
    match save(ctx, here, rec.version, next).await {
        Ok(saved) => follow(ctx, here, &saved, false).await,
        Err(e) => info!(chat = here.addr.id(), ?e, "skip lost a race"),
    }
    Ok(())
}
