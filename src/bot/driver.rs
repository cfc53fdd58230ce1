//! Turns the bot plays by itself: computer players, absent players and the turn timer.
//!
//! Due times live in Redis (`parxis:deadlines`, a sorted set), so they fire after a
//! restart; each firing takes a per-chat lease, so with several replicas it fires once.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use teloxide::prelude::*;
use tracing::{debug, info, warn};

use super::Ctx;
use super::handlers::{self, TgBot, rng_for};
use super::settings::ChatSettings;
use super::table::{Actor, Event, Status, Table};
use crate::ai::Level;
use crate::dice::RngDice;
use crate::i18n::{Lang, Msg, tr};

/// Strikes after which a player is marked absent.
pub const STRIKES_TO_ABSENT: u8 = 3;

/// Set `table.deadline_ms` for what comes next: a computer's move after a short pause,
/// or the human's turn timer.
pub async fn plan_deadline(ctx: &Ctx, chat: i64, table: &mut Table) {
    let s: ChatSettings = ctx.store.settings(chat).await.unwrap_or_default();
    plan_deadline_with(ctx, &s, table);
}

/// As [`plan_deadline`], with the chat's settings already read.
pub fn plan_deadline_with(ctx: &Ctx, s: &ChatSettings, table: &mut Table) {
    table.deadline_ms = None;
    if table.status != Status::Playing {
        return;
    }
    let Some(p) = table.to_move() else { return };
    let now = ctx.now_ms();
    if p.is_automatic() {
        table.deadline_ms = Some(now + ctx.pause.as_millis() as u64);
    } else if s.timer_secs > 0 {
        table.deadline_ms = Some(now + u64::from(s.timer_secs) * ctx.timer_unit_ms);
    }
}

/// The due-set entry a table wants.
fn wanted(t: &Table) -> Option<u64> {
    t.deadline_ms.filter(|_| t.status == Status::Playing)
}

/// Mirror `table.deadline_ms` (the table just saved) into the due set.
///
/// A save by someone else (the driver and a press, or two replicas) may land between our
/// save and this write, and its own write may land before ours: so after writing, the
/// latest table is read back and, when it wants something else, that is written instead.
/// Every save is followed by such a write-then-check, so the last save's deadline is what
/// stays in the due set (a clear can never hide a newer deadline, which would leave a
/// computer's turn unplayed).
pub async fn sync_deadline(ctx: &Ctx, chat: i64, table: &Table) {
    let mut want = wanted(table);
    for _ in 0..4 {
        let r = match want {
            Some(due) => ctx.store.set_deadline(chat, due).await,
            None => ctx.store.clear_deadline(chat).await,
        };
        if let Err(e) = r {
            warn!(chat, error = %e, "could not store the deadline");
            return;
        }
        let latest = match ctx.store.load::<Table>(chat).await {
            Ok(Some(r)) => wanted(&r.state),
            Ok(None) => None,
            Err(_) => return,
        };
        if latest == want {
            return;
        }
        want = latest;
    }
}

/// How often the due set is polled.
pub const POLL: Duration = Duration::from_millis(100);
/// At most this many due chats are taken per poll.
const DUE_BATCH: usize = 256;

/// Poll the due set until `stop` changes, firing due chats; then wait for the turns being
/// played to finish (graceful shutdown) and return.
pub async fn run(bot: TgBot, ctx: Arc<Ctx>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(POLL);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut firing = tokio::task::JoinSet::new();
    // Chats this replica is firing now: not fired again until done.
    let busy: Arc<Mutex<HashSet<i64>>> = Arc::default();
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => {
                while firing.join_next().await.is_some() {}
                return;
            }
        }
        while firing.try_join_next().is_some() {}
        let due = match ctx.store.due_chats(ctx.now_ms(), DUE_BATCH).await {
            Ok(d) => d,
            Err(e) => {
                debug!(error = %e, "due chats unavailable");
                continue;
            }
        };
        for chat in due {
            if !lock(&busy).insert(chat) {
                continue;
            }
            let (bot, ctx, busy) = (bot.clone(), ctx.clone(), busy.clone());
            firing.spawn(async move {
                fire(&bot, &ctx, chat).await;
                lock(&busy).remove(&chat);
            });
        }
    }
}

fn lock(m: &Mutex<HashSet<i64>>) -> std::sync::MutexGuard<'_, HashSet<i64>> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Fire one chat's deadline: play the automatic turn or the timed-out human's turn.
pub async fn fire(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let lease_ms = 10_000;
    match ctx
        .store
        .try_lease(chat, "turn", &ctx.owner, lease_ms)
        .await
    {
        Ok(true) => {}
        _ => return,
    }
    fire_locked(bot, ctx, chat).await;
    let _ = ctx.store.release_lease(chat, "turn", &ctx.owner).await;
}

async fn fire_locked(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let rec = match ctx.store.load::<Table>(chat).await {
        Ok(Some(r)) => r,
        Ok(None) => {
            let _ = ctx.store.clear_deadline(chat).await;
            return;
        }
        Err(_) => return,
    };
    let now = ctx.now_ms();
    let t = &rec.state;
    let Some(due) = wanted(t) else {
        // Nothing is due any more (a press or the end of the game came first).
        sync_deadline(ctx, chat, t).await;
        return;
    };
    if due > now {
        // Re-armed by a newer action: keep the due set in step.
        sync_deadline(ctx, chat, t).await;
        return;
    }
    let Some(next) = play_for(t, ctx, chat, now) else {
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
    match handlers::commit(bot, ctx, chat, rec.version, next).await {
        Ok(_) => {}
        Err(e) => debug!(
            chat,
            ?e,
            "automatic turn not applied (a press won the race)"
        ),
    }
}

/// The table after the bot plays the turn of the seat to move (computer, absent, or a
/// human whose time ran out: a strike, and absent after three).
#[must_use]
pub fn play_for(t: &Table, ctx: &Ctx, chat: i64, now: u64) -> Option<Table> {
    let p = t.to_move()?.clone();
    let mut rng = rng_for(ctx, chat, t.seq);
    let mut dice_rng = rand_chacha::ChaCha8Rng::clone(&rng);
    if p.is_automatic() {
        return t.computer_turn(now, &mut RngDice(&mut dice_rng), &mut rng);
    }
    let mut next = t.clone();
    next.last.clear();
    next.seq += 1;
    let strikes = {
        let pl = next.players.iter_mut().find(|x| x.id == p.id)?;
        pl.strikes += 1;
        if pl.strikes >= STRIKES_TO_ABSENT {
            pl.absent = true;
        }
        pl.strikes
    };
    next.last.push(Event::TimedOut {
        name: p.name.clone(),
        strike: strikes,
    });
    next.play_turn_for(
        p.id,
        Level::Normal,
        now,
        &mut RngDice(&mut dice_rng),
        &mut rng,
    );
    if strikes >= STRIKES_TO_ABSENT {
        next.last.push(Event::Absent { name: p.name });
    }
    Some(next)
}

/// `/skip`: the host (or an admin) has the bot play the current turn at once.
pub async fn skip(
    bot: &TgBot,
    ctx: &Ctx,
    msg: &Message,
    actor: Actor,
    lang: Lang,
) -> handlers::HandlerResult {
    let chat = msg.chat.id.0;
    let rec = match ctx.store.load::<Table>(chat).await {
        Ok(Some(r)) if r.state.status == Status::Playing => r,
        Ok(_) => {
            bot.send_message(msg.chat.id, tr(lang, &Msg::NoLobby))
                .await?;
            return Ok(());
        }
        Err(_) => {
            bot.send_message(msg.chat.id, tr(lang, &Msg::AlertTryAgain))
                .await?;
            return Ok(());
        }
    };
    let admin = actor.id == rec.state.host || {
        let m = bot
            .get_chat_member(msg.chat.id, UserId(actor.id as u64))
            .await;
        m.map(|m| m.is_privileged()).unwrap_or(false)
    };
    if !admin {
        bot.send_message(msg.chat.id, tr(lang, &Msg::OnlyHost))
            .await?;
        return Ok(());
    }
    let t = &rec.state;
    let name = t.to_move().map(|p| p.name.clone()).unwrap_or_default();
    if let Some(mut next) = play_for(t, ctx, chat, ctx.now_ms()) {
        // Skipped, not "did not play in time" (the strike still counts).
        next.last.retain(|e| !matches!(e, Event::TimedOut { .. }));
        next.last.insert(0, Event::Skipped { name });
        if let Err(e) = handlers::commit(bot, ctx, chat, rec.version, next).await {
            info!(chat, ?e, "skip lost a race");
        }
    }
    Ok(())
}
