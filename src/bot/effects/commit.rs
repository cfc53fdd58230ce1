//! One action as a straight line: the place's state (already loaded for the update) → the
//! pure step → compare-and-set save → (the caller answers the callback) → [`follow`].
//!
//! [`save`] is the last Redis round trip before a callback can be answered. [`follow`] only
//! *plans* what must follow a save: the board write (the outbox), the deadline (the due
//! set), the ping plan, the stats record of a finished game and a tournament table's result
//! (due items of the scheduler). It never calls back into the modules that save, so none of
//! them imports this one back.

use tracing::{info, warn};

use super::Ctx;
use super::chat::Here;
use super::ctx::Stream;
use super::outbox;
use super::telegram::{TgBot, is_admin};
use super::think;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::DiceMode;
use crate::bot::core::table::{Action, Actor, Status, Table, TableTag};
use crate::dice::RngDice;
use crate::store::{CasOutcome, DueKind, Place};

/// A table just saved, and the version it was saved as.
#[derive(Clone, Debug)]
pub struct Saved {
    pub table: Table,
    pub version: u64,
}

/// Apply `action` by `actor` to the place's table as loaded in `here`: a button carries
/// `drawn_at` (the `seq` it was drawn at), a command none. Saves by compare-and-set.
///
/// Round trips: the save, plus `getChatMember` at Telegram when someone other than the host
/// manages the table.
///
/// # Errors
/// A [`Refusal`] to tell the user; nothing was changed.
pub async fn act(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    actor: Actor,
    action: Action,
    drawn_at: Option<u64>,
) -> Result<Saved, Refusal> {
    act_pressed(bot, ctx, here, actor, action, drawn_at, None).await
}

/// [`act`] for a button: `press` is Telegram's id of the press (a Start press's goes into
/// the fair dice's salt, see [`Table::pressed_start`]).
///
/// # Errors
/// As [`act`].
pub async fn act_pressed(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    mut actor: Actor,
    action: Action,
    drawn_at: Option<u64>,
    press: Option<&str>,
) -> Result<Saved, Refusal> {
    let rec = here.table()?;
    if action.manages() && actor.id != rec.state.host() {
        actor.is_admin = is_admin(bot, here.addr, actor.id).await;
    }
    let mut dice = ctx.rng(here.addr.id(), rec.state.seq(), Stream::Dice);
    let state = match press {
        Some(id) if action == Action::Start => &rec.state.clone().pressed_start(id),
        _ => &rec.state,
    };
    let next = state.step(
        &actor,
        action,
        drawn_at,
        ctx.now_ms(),
        &mut RngDice(&mut dice),
    )?;
    save(ctx, here, rec.version, next).await
}

/// Plan `table`'s deadline with the chat's settings and save it by compare-and-set on
/// `expected` (0: the place must have no table). One round trip. First everything that needs
/// no human choice is played ([`Table::until_human`]), so the board asks a human straight for
/// a choice; when a computer may play, on the thinking pool ([`super::think`]).
///
/// # Errors
/// [`Alert::Stale`] on a lost race, [`Alert::TryAgain`] when Redis is unavailable.
pub async fn save(ctx: &Ctx, here: &Here, expected: u64, table: Table) -> Result<Saved, Refusal> {
    let now = ctx.now_ms();
    let auto = here.settings.dice == DiceMode::Auto;
    let streams = ctx.streams(here.addr.id());
    let mut table = if think::computers_play(&table) {
        ctx.think
            .run(streams, move |s| table.until_human(now, auto, s))
            .await
    } else {
        table.until_human(now, auto, &mut { streams })
    };
    table.plan_deadline(now, ctx.timing(&here.settings));
    store(ctx, here.addr.place(), expected, table).await
}

/// Save `table` at `place` as it is (its deadline planned by the caller).
///
/// # Errors
/// As [`save`].
pub async fn store(ctx: &Ctx, place: Place, expected: u64, table: Table) -> Result<Saved, Refusal> {
    let ttl = ctx.ttl_for(&table);
    match ctx.store.save(place, expected, &table, ttl).await {
        Ok(CasOutcome::Saved { version }) => Ok(Saved { table, version }),
        Ok(CasOutcome::Conflict { .. }) => {
            ctx.metrics.cas_conflict();
            Err(Alert::Stale.into())
        }
        Err(e) => {
            warn!(chat = place.chat, error = %e, "store error");
            Err(Alert::TryAgain.into())
        }
    }
}

/// Does a finished `t` still wait for its stats record?
#[must_use]
pub fn unrecorded(t: &Table) -> bool {
    t.status() == Status::Finished && !t.tally().recorded
}

/// How the board of a save is planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardWrite {
    /// Edited in place as soon as the chat's budget allows (a press in the chat).
    Now,
    /// Posted anew at the bottom (`/board`, a new table).
    Repost,
    /// Shared with the saves that follow soon ([`outbox::board_soon`]): a tap on the live
    /// board, whose players see the move on their pages at once.
    Coalesced,
}

/// After a save: plan what follows it. The board (posted anew with `repost`), unless the
/// game just finished unrecorded: then its record goes first and plans the final board with
/// the results. The games gauge, the deadline in the due set, the ping plan; a tournament
/// table's end wakes its tournament.
pub async fn follow(ctx: &Ctx, here: &Here, saved: &Saved, repost: bool) {
    let write = if repost {
        BoardWrite::Repost
    } else {
        BoardWrite::Now
    };
    follow_with(ctx, here, saved, write).await;
}

/// [`follow`], the board planned as `write` says. The live board's viewers on every replica
/// get the saved table first ([`super::publish::publish_saved`], nothing without the Mini
/// App configured).
pub async fn follow_with(ctx: &Ctx, here: &Here, saved: &Saved, write: BoardWrite) {
    let place = here.addr.place();
    let t = &saved.table;
    super::publish::publish_saved(ctx, place, t, saved.version).await;
    if unrecorded(t) {
        match ctx
            .store
            .set_due(DueKind::Record, place, Some(ctx.now_ms()))
            .await
        {
            Ok(()) => ctx.kick(DueKind::Record, place),
            // Redis failed just after the save: the board shows the game without results,
            // and the next lobby or rematch there records it first.
            Err(e) => {
                warn!(chat = place.chat, error = %e, "the record of a finished game not planned");
                show_with(ctx, here, saved, write).await;
            }
        }
    } else {
        show_with(ctx, here, saved, write).await;
    }
    tokio::join!(
        super::active::after_save(ctx, place, t),
        super::deadline::sync_deadline(ctx, place, t, saved.version),
        super::pings::after_save(ctx, here, t, saved.version),
        wake_tourney(ctx, place, t),
    );
}

/// Plan the board of the table just saved.
pub async fn show(ctx: &Ctx, here: &Here, saved: &Saved, repost: bool) {
    let write = if repost {
        BoardWrite::Repost
    } else {
        BoardWrite::Now
    };
    show_with(ctx, here, saved, write).await;
}

/// [`show`], the board planned as `write` says.
pub async fn show_with(ctx: &Ctx, here: &Here, saved: &Saved, write: BoardWrite) {
    // A table stored by the previous version named its board message itself, and a save
    // does not write that back: the message becomes the place's board record, so the board
    // the drain writes later is still edited in place.
    if let Some(legacy) = here
        .stored
        .as_ref()
        .filter(|s| s.display.is_none())
        .and_then(|_| here.display())
        && let Err(e) = ctx
            .store
            .set_display(here.addr.place(), &legacy, ctx.ttl_for(&saved.table))
            .await
    {
        warn!(chat = here.addr.id(), error = %e, "the old board message not recorded");
    }
    let playing = saved.table.status() == Status::Playing;
    let carried = outbox::Saved {
        version: saved.version,
        table: saved.table.clone(),
    };
    match write {
        BoardWrite::Now => outbox::board(ctx, here.addr, carried, playing, false).await,
        BoardWrite::Repost => outbox::board(ctx, here.addr, carried, playing, true).await,
        BoardWrite::Coalesced => outbox::board_soon(ctx, here.addr, carried, playing).await,
    }
}

/// A tournament's table that ended wakes the tournament (its result into the bracket).
async fn wake_tourney(ctx: &Ctx, place: Place, t: &Table) {
    let ours = TableTag::of(t).is_some();
    if !ours || t.is_open() {
        return;
    }
    let chat = Place::of_chat(place.chat);
    if ctx
        .store
        .due_by(DueKind::Tourney, chat, ctx.now_ms())
        .await
        .is_ok()
    {
        ctx.kick(DueKind::Tourney, chat);
    }
}

/// A refused press by `id`: if they were marked absent they are back all the same (saved
/// and shown; a lost race is left to their next press). Returns whether they were absent.
pub async fn welcome_back(ctx: &Ctx, here: &Here, id: i64) -> bool {
    let Ok(rec) = here.table() else { return false };
    let Some(back) = rec
        .state
        .returning(id, ctx.now_ms(), ctx.timing(&here.settings))
    else {
        return false;
    };
    // `returning` planned the deadline itself when it was their turn: save as it is.
    if let Ok(saved) = store(ctx, here.addr.place(), rec.version, back).await {
        follow(ctx, here, &saved, false).await;
    }
    true
}

/// A stale press on the board message itself means the board shows an old state (its write
/// is planned, or Telegram kept refusing it): make sure the latest board is planned.
pub async fn refresh_if_behind(ctx: &Ctx, here: &Here, pressed: i32, drawn_at: u64) {
    let Ok(rec) = here.table() else { return };
    let t = &rec.state;
    if here.display().is_some_and(|d| d.message_id == pressed) && t.seq() != drawn_at && t.is_open()
    {
        info!(
            chat = here.addr.id(),
            seq = t.seq(),
            shown = drawn_at,
            "the board was behind: planned again"
        );
        let saved = Saved {
            table: t.clone(),
            version: rec.version,
        };
        show(ctx, here, &saved, false).await;
    }
}
