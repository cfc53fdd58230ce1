//! Finished games into the season, from the stats' record of each game (the one path every
//! finished game takes, retried until it is made): a league table's game settles its table;
//! in an open season every game of its rules with two or more of its members counts.
//!
//! Exactly once: the table refuses a second result once settled, and an open season keeps
//! the ids of the games it counted; both by compare-and-set on the season's record. A
//! failure that may pass is handed back, so the record is tried again (it is idempotent).

use tracing::{debug, info};

use super::super::chat::ChatAddr;
use super::tables::results_of;
use super::{Ctx, MutErr, mutate};
use crate::bot::core::table::{SeasonTag, Table};
use crate::stats::GameRecord;
use crate::store::StoreError;

/// Game `t` at `addr`, recorded as `record`, goes into the chat's season if it counts there.
///
/// # Errors
/// [`StoreError::Unavailable`] when the season could not be read or saved now.
pub async fn game_recorded(
    ctx: &Ctx,
    addr: ChatAddr,
    t: &Table,
    record: &GameRecord,
) -> Result<(), StoreError> {
    let chat = addr.id();
    let Some(rec) = super::load(ctx, chat).await? else {
        return Ok(());
    };
    let s = &rec.state;
    if s.week().is_none() {
        return Ok(());
    }
    let users = results_of(record);
    let started = u64::try_from(record.started_ms).unwrap_or_default();
    let result = if s.season.settings.fixtures {
        let Some(tag) = SeasonTag::of(t) else {
            return Ok(());
        };
        let Some((week, table)) = s.table_of_game(addr.place().topic, started) else {
            debug!(
                chat,
                ?tag,
                "a league table's game of another week: not counted"
            );
            return Ok(());
        };
        mutate(ctx, chat, |s| s.table_played(week, table, &users))
            .await
            .map(|(_, counted)| counted)
    } else {
        let (id, preset) = (record.id.clone(), record.preset);
        mutate(ctx, chat, |s| Ok(s.game_ended(&id, preset, &users)))
            .await
            .map(|(_, counted)| counted)
    };
    match result {
        Ok(true) => {
            info!(chat, game = %record.id, "a game counted in the season");
            Ok(())
        }
        Ok(false) | Err(MutErr::Rejected(_)) => Ok(()),
        Err(MutErr::Store) => Err(StoreError::Unavailable(
            "season not saved: the record is tried again".into(),
        )),
    }
}
