//! Turns the bot plays by itself: computer players, absent players and the turn timer.
//!
//! Due times live in Redis (`parxis:deadlines`, a sorted set of places: a chat or one forum
//! topic of it), so they fire after a restart; each firing takes a per-place lease, so with
//! several replicas it fires once.
//! The same poll fires the boards owed a catch-up ([`super::pace`]) and the due pings
//! ([`super::pings`]).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tracing::{debug, info};

use super::Ctx;
use super::chat::{ChatAddr, Here, load};
use super::commit::{after_save, save};
use super::deadline::sync_deadline;
use super::telegram::{TgBot, is_admin};
use crate::bot::core::refusal::{Alert, Refusal, Reject};
use crate::bot::core::table::{Actor, Table};
use crate::dice::RngDice;
use crate::store::Place;

/// How often the due set is polled.
pub const POLL: Duration = Duration::from_millis(100);
/// At most this many due places are taken per poll.
pub const DUE_BATCH: usize = 256;
/// The name of the per-place lease a firing takes.
pub const TURN_LEASE: &str = "turn";
/// How long a firing may hold its lease (a turn takes far less).
pub const TURN_LEASE_MS: u64 = 10_000;

/// Poll the due set until `stop` changes, firing due places; then wait for the turns being
/// played to finish (graceful shutdown) and return.
pub async fn run(bot: TgBot, ctx: Arc<Ctx>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(POLL);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut firing = tokio::task::JoinSet::new();
    // Places this replica is firing now: not fired again until done.
    let busy: Arc<Mutex<HashSet<Place>>> = Arc::default();
    // Places whose board this replica is catching up now.
    let catching: Arc<Mutex<HashSet<Place>>> = Arc::default();
    // Places this replica is pinging now.
    let pinging: Arc<Mutex<HashSet<Place>>> = Arc::default();
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => {
                while firing.join_next().await.is_some() {}
                return;
            }
        }
        while firing.try_join_next().is_some() {}
        super::pace::fire_due(&bot, &ctx, &mut firing, &catching).await;
        super::unrecorded::retry_due(&bot, &ctx, &mut firing);
        super::tourney::fire_due(&bot, &ctx, &mut firing).await;
        super::pings::fire_due(&bot, &ctx, &mut firing, &pinging).await;
        let due = match ctx.store.due_places(ctx.now_ms(), DUE_BATCH).await {
            Ok(d) => d,
            Err(e) => {
                debug!(error = %e, "due places unavailable");
                continue;
            }
        };
        for place in due {
            if !lock(&busy).insert(place) {
                continue;
            }
            let (bot, ctx, busy) = (bot.clone(), ctx.clone(), busy.clone());
            firing.spawn(async move {
                fire(&bot, &ctx, ChatAddr::from(place)).await;
                lock(&busy).remove(&place);
            });
        }
    }
}

fn lock(m: &Mutex<HashSet<Place>>) -> std::sync::MutexGuard<'_, HashSet<Place>> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Fire one place's deadline under its lease: play the automatic turn or the timed-out
/// human's turn.
pub async fn fire(bot: &TgBot, ctx: &Ctx, addr: ChatAddr) {
    let place = addr.place();
    match ctx
        .store
        .try_lease_at(place, TURN_LEASE, &ctx.owner, TURN_LEASE_MS)
        .await
    {
        Ok(true) => {}
        _ => return,
    }
    fire_locked(bot, ctx, addr).await;
    let _ = ctx
        .store
        .release_lease_at(place, TURN_LEASE, &ctx.owner)
        .await;
}

async fn fire_locked(bot: &TgBot, ctx: &Ctx, addr: ChatAddr) {
    let chat = addr.place();
    let here = load(ctx, addr, None).await;
    let rec = match here.table() {
        Ok(r) => r,
        Err(Refusal::Alert(Alert::NoGame)) => {
            let _ = ctx.store.clear_deadline(chat).await;
            return;
        }
        Err(_) => return,
    };
    let now = ctx.now_ms();
    let t = &rec.state;
    let Some(due) = t.due() else {
        // Nothing is due any more (a press or the end of the game came first).
        sync_deadline(ctx, chat, t).await;
        return;
    };
    if due > now {
        // Re-armed by a newer action: keep the due set in step.
        sync_deadline(ctx, chat, t).await;
        return;
    }
    // R6.3 A game whose time limit ran out ends with its result; else the turn is played.
    let next = t
        .after_time_limit(now)
        .or_else(|| bot_turn(ctx, addr, t, now, false).map(|n| chain(ctx, addr, n, now)));
    let Some(next) = next else {
        // Nothing to play (it should not happen): drop the entry, unless a save since our
        // load brought a deadline of its own.
        let _ = ctx.store.clear_deadline(chat).await;
        if let Ok(Some(latest)) = ctx.store.load::<Table>(chat).await
            && latest.version != rec.version
        {
            sync_deadline(ctx, chat, &latest.state).await;
        }
        return;
    };
    match save(ctx, &here, rec.version, next).await {
        Ok(saved) => after_save(bot, ctx, &here, &saved).await,
        Err(e) => debug!(
            chat = %chat,
            ?e,
            "automatic turn not applied (a press won the race)"
        ),
    }
}

/// At most this many automatic turns are chained into one save (and one board write).
pub const MAX_CHAINED_TURNS: usize = 16;

/// After an automatic turn: play the turns of the automatic seats that follow (computers,
/// absent players) in the same go, up to the next human's turn, so they cost one save and
/// one board write; the events of every turn are kept, oldest first, for the board to tell.
/// The pause before computer turns is so kept between board writes, not between moves the
/// chat never sees.
pub(super) fn chain(ctx: &Ctx, addr: ChatAddr, mut t: Table, now: u64) -> Table {
    let mut events = std::mem::take(&mut t.last);
    for _ in 0..MAX_CHAINED_TURNS {
        let Some(mut more) = t
            .to_move()
            .filter(|p| p.is_automatic())
            .and_then(|_| bot_turn(ctx, addr, &t, now, false))
        else {
            break;
        };
        events.append(&mut more.last);
        t = more;
    }
    t.last = events;
    t
}

/// The table after the bot plays the turn of the seat to move (see
/// [`Table::automatic_turn`]; [`Table::skipped_turn`] for `/skip`), with the chat's
/// seeded randomness.
fn bot_turn(ctx: &Ctx, addr: ChatAddr, t: &Table, now: u64, skip: bool) -> Option<Table> {
    let mut rng = ctx.rng(addr.id(), t.seq);
    let mut dice_rng = rand_chacha::ChaCha8Rng::clone(&rng);
    let dice = &mut RngDice(&mut dice_rng);
    if skip {
        t.skipped_turn(now, dice, &mut rng)
    } else {
        t.automatic_turn(now, dice, &mut rng)
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
    if actor.id != t.host && !is_admin(bot, here.addr, actor.id).await {
        return Err(Reject::NotHost.into());
    }
    let Some(next) = bot_turn(ctx, here.addr, t, ctx.now_ms(), true) else {
        return Ok(());
    };
    match save(ctx, here, rec.version, next).await {
        Ok(saved) => after_save(bot, ctx, here, &saved).await,
        Err(e) => info!(chat = here.addr.id(), ?e, "skip lost a race"),
    }
    Ok(())
}
