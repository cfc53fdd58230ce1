//! The stats side of a game's end: record the finished game once ([`record_if_finished`],
//! hooked into [`super::commit::after_save`]; retried after a failure, see
//! [`super::unrecorded`]), and open a rematch lobby ([`open_rematch`]).
//!
//! Exactly once: a game ends through one compare-and-set save (a second delivery of the final
//! press, or the same press on another replica, is refused as stale), and the record itself is
//! idempotent by the game's id ([`Table::game_id`], read from the stored table: the same on
//! every replica and every retry), so a repeated hand-over writes nothing.

use tracing::{info, warn};

use super::Ctx;
use super::chat::Here;
use super::commit::{Saved, save};
use super::display;
use super::telegram::TgBot;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::{Actor, SeatResult, Status, Table};
use crate::stats::ChatZone;
use crate::store::{CasOutcome, RecordOutcome, StoreError};

/// The chat's time zone (the default when unset or when Redis cannot say).
pub async fn zone_of(ctx: &Ctx, chat: i64) -> ChatZone {
    match ctx.store.chat_zone(chat).await {
        Ok(name) => ChatZone::or_default(name.as_deref()),
        Err(e) => {
            warn!(chat, error = %e, "time zone unavailable: the default applies");
            ChatZone::default()
        }
    }
}

/// The table with the results of its recording, before it is saved.
#[must_use]
pub fn with_results(t: &Table, ranked: bool, outcome: &RecordOutcome) -> Table {
    let mut next = t.clone();
    next.tally.recorded = true;
    if ranked {
        next.tally.results = outcome
            .seats
            .iter()
            .map(|s| SeatResult {
                id: s.user,
                points_tenths: Some(s.points.tenths()),
                rating: s.chat_rating,
                rated_games: Some(u32::try_from(s.chat_rated_games).unwrap_or(u32::MAX)),
            })
            .collect();
    }
    next
}

/// Record `t` in the stats tables when it is a finished game not yet recorded. `Ok(None)`:
/// nothing to record, or a record already made (elsewhere, or by an attempt whose reply was
/// lost); `Ok(Some((outcome, ranked)))`: recorded now. A failure that may pass (Redis
/// unavailable, ratings that kept changing) puts the place in [`Ctx::unrecorded`], so the
/// driver's poll tries again ([`super::unrecorded`]).
async fn record(
    ctx: &Ctx,
    here: &Here,
    t: &Table,
) -> Result<Option<(RecordOutcome, bool)>, StoreError> {
    if t.status() != Status::Finished || t.tally.recorded {
        return Ok(None);
    }
    let (chat, place) = (here.addr.id(), here.addr.place());
    let Some(mut record) = t.game_record(chat, here.addr.topic()) else {
        return Ok(None);
    };
    if let Some(lane) = here.addr.lane() {
        // Lanes' tables often start together (a tournament round): their ids, made of the
        // start's `seq` and time, could be equal, so a lane's names the lane.
        record.id = format!("{}-l{lane}", record.id);
    }
    let zone = zone_of(ctx, chat).await;
    match ctx.store.record_game(&record, &zone).await {
        Ok(outcome) => {
            ctx.unrecorded.settled(place);
            if outcome.recorded {
                Ok(Some((outcome, record.counts_for_ranking())))
            } else {
                info!(chat, game = %record.id, "game already recorded");
                Ok(None)
            }
        }
        Err(e) => {
            let passing = e.is_unavailable() || matches!(e, StoreError::Contended(_));
            if passing {
                ctx.unrecorded.failed(place);
            }
            warn!(chat, game = %record.id, error = %e, retried = passing, "game not recorded");
            Err(e)
        }
    }
}

/// Before a lobby or rematch replaces the table of `here`: a finished game left unrecorded
/// (a failed recording, then a restart) is recorded now, so replacing it loses nothing.
///
/// # Errors
/// [`Alert::TryAgain`] when it cannot be recorded now for a reason that may pass (the table
/// is kept); a record that can never be made (invalid) does not block the new game.
pub async fn record_before_replacing(ctx: &Ctx, here: &Here, t: &Table) -> Result<(), Refusal> {
    match record(ctx, here, t).await {
        Ok(_) => Ok(()),
        Err(e) if e.is_unavailable() || matches!(e, StoreError::Contended(_)) => {
            Err(Alert::TryAgain.into())
        }
        Err(_) => Ok(()),
    }
}

/// When `saved` is a finished game not yet recorded: record it in the stats tables and save
/// the table with its results (a compare-and-set on `saved.version`: the final board then
/// shows them). Returns the table to show instead, or `None` (nothing to record, a record
/// already made elsewhere, or a failure: the board shows no results for now, and a failure
/// that may pass is retried, see [`super::unrecorded`]).
pub async fn record_if_finished(ctx: &Ctx, here: &Here, saved: &Saved) -> Option<Saved> {
    let t = &saved.table;
    let chat = here.addr.id();
    let (outcome, ranked) = record(ctx, here, t).await.ok()??;
    let next = with_results(t, ranked, &outcome);
    let ttl = ctx.ttl_for(&next);
    match ctx
        .store
        .save(here.addr.place(), saved.version, &next, ttl)
        .await
    {
        Ok(CasOutcome::Saved { version }) => Some(Saved {
            table: next,
            version,
        }),
        Ok(CasOutcome::Conflict { .. }) => None,
        Err(e) => {
            warn!(chat, error = %e, "results not saved");
            // The record is made: show the results all the same.
            Some(Saved {
                table: next,
                version: saved.version,
            })
        }
    }
}

/// Rematch under a finished board: a lobby with the same players seated and the same rules
/// (see [`Table::rematch`]); the old board loses its buttons.
///
/// # Errors
/// [`Alert::GameRunning`] when a table is open, the table's refusal, or the save's.
pub async fn open_rematch(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    actor: &Actor,
) -> Result<Saved, Refusal> {
    let rec = here.table()?;
    if rec.state.is_open() {
        return Err(Alert::GameRunning.into());
    }
    let lobby = rec.state.rematch(actor)?;
    record_before_replacing(ctx, here, &rec.state).await?;
    let saved = save(ctx, here, rec.version, lobby).await?;
    if let Some(old) = here.display() {
        display::strip_buttons(bot, here.addr, old.message_id).await;
    }
    Ok(saved)
}
