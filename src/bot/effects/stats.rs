//! The stats side of a game's end: a finished game recorded once ([`record_due`], the
//! scheduler's [`DueKind::Record`] firing, planned by the save that finished it), its results
//! saved with the table and shown on the final board.
//!
//! Exactly once: a game ends through one compare-and-set save (a second delivery of the final
//! press, or the same press on another replica, is refused as stale), and the record itself is
//! idempotent by the game's id ([`Table::game_id`], read from the stored table: the same on
//! every replica and every retry), so a repeated hand-over writes nothing. The due entry is
//! in Redis, so a recording that fails (Redis away, ratings that kept changing) is tried
//! again after a pause by whichever replica is up, also after a restart.

use tracing::{debug, info, warn};

use super::Ctx;
use super::chat::{ChatAddr, Here, load};
use super::commit::{self, Saved, unrecorded};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::{SeatResult, Table};
use crate::stats::ChatZone;
use crate::store::{CasOutcome, DueKind, KeptReplay, Place, RecordOutcome, StoreError};

/// What `/top`, `/stats` and `/timezone` read and write, as the store keeps it (the entry
/// asks through the functions below, never the store itself).
pub use crate::store::{
    Earned, Forgotten, PlayerCard, StatsScope, Table as TopTable, Top, TopLine,
};

/// The pause before a failed recording is tried again.
pub const RETRY_MS: u64 = 2_000;

pub use super::zone::zone_of;

/// The table with the results of its recording, before it is saved.
#[must_use]
pub fn with_results(t: &Table, ranked: bool, outcome: &RecordOutcome) -> Table {
    t.recorded(ranked.then(|| {
        outcome
            .seats
            .iter()
            .map(|s| SeatResult {
                id: s.user,
                points_tenths: Some(s.points.tenths()),
                rating: s.chat_rating,
                rated_games: Some(u32::try_from(s.chat_rated_games).unwrap_or(u32::MAX)),
            })
            .collect()
    }))
}

/// Whether a recording failure may pass (then it is tried again).
fn passing(e: &StoreError) -> bool {
    e.is_unavailable() || matches!(e, StoreError::Contended(_))
}

/// What recording a game did: `made`: `None` when there was nothing to record or the
/// record was already made (elsewhere, or by an attempt whose reply was lost), else the
/// outcome and whether it counts for ranking; `achievements`: those it earned that are new
/// to their player (awarded once per game: after a lost reply, by the attempt that gets
/// there first).
struct Recorded {
    made: Option<(RecordOutcome, bool)>,
    achievements: Vec<(i64, String)>,
}

/// Record `t` (a finished game at `addr`) in the stats tables, and award its achievements.
async fn record(ctx: &Ctx, addr: ChatAddr, t: &Table) -> Result<Recorded, StoreError> {
    let nothing = Recorded {
        made: None,
        achievements: Vec::new(),
    };
    if !unrecorded(t) {
        return Ok(nothing);
    }
    let chat = addr.id();
    let Some(mut record) = t.game_record(chat, addr.topic()) else {
        return Ok(nothing);
    };
    if let Some(lane) = addr.lane() {
        // Lanes' tables often start together (a tournament round): their ids, made of the
        // start's `seq` and time, could be equal, so a lane's names the lane.
        record.id = format!("{}-l{lane}", record.id);
    }
    let zone = zone_of(ctx, chat).await;
    // The game's whole record, kept with its history entry under the same id (one script:
    // the record and the replay are written together or not at all).
    let replay = t.replay().map(|mut r| {
        r.id.clone_from(&record.id);
        KeptReplay {
            place: addr.place(),
            json: r.to_json(),
        }
    });
    match ctx
        .store
        .record_game_keeping(&record, &zone, replay.as_ref())
        .await
    {
        Ok(outcome) => {
            // The chat's season counts it too (once, by its own record; a failure that may
            // pass has the whole record tried again, which is idempotent).
            super::season::feed::game_recorded(ctx, addr, t, &record).await?;
            let achievements = super::achieve::award_game(ctx, t, &record, &zone).await?;
            if outcome.recorded {
                let ranked = record.counts_for_ranking();
                Ok(Recorded {
                    made: Some((outcome, ranked)),
                    achievements,
                })
            } else {
                info!(chat, game = %record.id, "game already recorded");
                Ok(Recorded {
                    made: None,
                    achievements,
                })
            }
        }
        Err(e) => {
            warn!(chat, game = %record.id, error = %e, retried = passing(&e), "game not recorded");
            Err(e)
        }
    }
}

/// Before a lobby or rematch replaces the table of `here`: a finished game left unrecorded
/// is recorded now, so replacing it loses nothing.
///
/// # Errors
/// [`Alert::TryAgain`] when it cannot be recorded now for a reason that may pass (the table
/// is kept); a record that can never be made (invalid) does not block the new game.
pub async fn record_before_replacing(ctx: &Ctx, here: &Here, t: &Table) -> Result<(), Refusal> {
    match record(ctx, here.addr, t).await {
        Ok(_) => Ok(()),
        Err(e) if passing(&e) => Err(Alert::TryAgain.into()),
        Err(_) => Ok(()),
    }
}

/// The scheduler's firing of `place`'s record: its finished game recorded, the table saved
/// with the results and the final board planned; tried again later when it may pass.
pub async fn record_due(ctx: &Ctx, place: Place) {
    let addr = ChatAddr::from(place);
    let here = load(ctx, addr, None).await;
    let Some(stored) = &here.stored else {
        retry(ctx, place).await;
        return;
    };
    let Some(rec) = stored.table.as_ref().filter(|r| unrecorded(&r.state)) else {
        // Gone, replaced, or recorded meanwhile: the board may still owe its last state.
        let _ = ctx.store.set_due(DueKind::Record, place, None).await;
        if let Some(rec) = &stored.table {
            let saved = Saved {
                table: rec.state.clone(),
                version: rec.version,
            };
            commit::show(ctx, &here, &saved, false).await;
        }
        return;
    };
    debug!(%place, "recording a finished game");
    let shown = match record(ctx, addr, &rec.state).await {
        Ok(Recorded {
            made: Some((outcome, ranked)),
            achievements,
        }) => {
            let next = with_results(&rec.state, ranked, &outcome).with_achievements(achievements);
            let ttl = ctx.ttl_for(&next);
            match ctx.store.save(place, rec.version, &next, ttl).await {
                Ok(CasOutcome::Saved { version }) => Saved {
                    table: next,
                    version,
                },
                // Someone changed the table meanwhile: show what is stored.
                Ok(CasOutcome::Conflict { current }) => Saved {
                    table: rec.state.clone(),
                    version: current,
                },
                Err(e) => {
                    warn!(%place, error = %e, "results not saved");
                    retry(ctx, place).await;
                    return;
                }
            }
        }
        // Recorded before (a lost reply): the table says not yet; mark it so.
        Ok(Recorded {
            made: None,
            achievements,
        }) => {
            let mut next = rec.state.recorded(None);
            if !achievements.is_empty() {
                next = next.with_achievements(achievements);
            }
            match ctx
                .store
                .save(place, rec.version, &next, ctx.ttl_for(&next))
                .await
            {
                Ok(CasOutcome::Saved { version }) => Saved {
                    table: next,
                    version,
                },
                _ => {
                    retry(ctx, place).await;
                    return;
                }
            }
        }
        Err(e) if passing(&e) => {
            // The board shows the game meanwhile, without its results.
            let saved = Saved {
                table: rec.state.clone(),
                version: rec.version,
            };
            commit::show(ctx, &here, &saved, false).await;
            retry(ctx, place).await;
            return;
        }
        Err(_) => {
            // A record that can never be made: the game is shown without results.
            let _ = ctx.store.set_due(DueKind::Record, place, None).await;
            let saved = Saved {
                table: rec.state.clone(),
                version: rec.version,
            };
            commit::show(ctx, &here, &saved, false).await;
            return;
        }
    };
    let _ = ctx.store.set_due(DueKind::Record, place, None).await;
    if shown.version != rec.version && shown.table.tally().recorded {
        // The results just saved: to the live board's viewers too.
        super::publish::publish_saved(ctx, place, &shown.table, shown.version).await;
    }
    commit::show(ctx, &here, &shown, false).await;
}

async fn retry(ctx: &Ctx, place: Place) {
    let at = ctx.now_ms() + RETRY_MS;
    let _ = ctx.store.set_due(DueKind::Record, place, Some(at)).await;
}

/// A points table of `scope`: its first `n` lines, `apart_n` more apart, and `caller`'s.
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn top(
    ctx: &Ctx,
    scope: StatsScope,
    table: TopTable,
    n: usize,
    apart_n: usize,
    caller: Option<i64>,
) -> Result<Top, StoreError> {
    ctx.store.top(scope, table, n, apart_n, caller).await
}

/// `user`'s card in `chat` and everywhere (with the points of `week`, in a group).
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn player_card(
    ctx: &Ctx,
    chat: i64,
    user: i64,
    week: Option<crate::stats::WeekId>,
) -> Result<PlayerCard, StoreError> {
    ctx.store.player_card(chat, user, week).await
}

/// The chat's finished tournaments, newest first (none when Redis cannot say).
pub async fn tourney_history(ctx: &Ctx, chat: i64) -> Vec<String> {
    ctx.store.tourney_history(chat).await.unwrap_or_default()
}

/// The achievements `user` earned in `chat` and anywhere, with how many hold each.
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn achievements(ctx: &Ctx, chat: i64, user: i64) -> Result<Earned, StoreError> {
    ctx.store.achievements(chat, user).await
}

/// The group's rolls per face over its recorded games.
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn group_faces(ctx: &Ctx, chat: i64) -> Result<[u64; 6], StoreError> {
    ctx.store.group_faces(chat).await
}

/// Sets the chat's time zone for its weekly table.
///
/// # Errors
/// The store's error when Redis cannot keep it.
pub async fn set_zone(ctx: &Ctx, chat: i64, zone: &ChatZone) -> Result<(), StoreError> {
    ctx.store.set_chat_zone(chat, zone.name()).await
}

/// Removes `user` from every stats table and drops their private chat's settings.
///
/// # Errors
/// The store's error when Redis cannot do it.
pub async fn forget_user(ctx: &Ctx, user: i64) -> Result<Forgotten, StoreError> {
    ctx.store.forget_user(user).await
}
