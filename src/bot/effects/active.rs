//! Game counters and the active-games gauge.
//!
//! - `parxis_games_started_total` / `parxis_games_finished_total` count transitions, read
//!   from the table that was just saved ([`change`]). Each transition is saved by exactly one
//!   compare-and-set, so each is counted once, by the replica that won it.
//! - `parxis_active_games` is the size of a Redis sorted set shared by every replica
//!   (`parxis:active`, see [`crate::store::keys::ACTIVE`]): a save of a game in play adds or
//!   refreshes its chat, the end of a game removes it, and entries of games left to expire
//!   age out with the game's TTL. Each replica sets its gauge after its own changes and every
//!   [`GAUGE_PERIOD`]; all replicas report the same number, so aggregate with `max`, not
//!   `sum`.

use std::sync::Arc;
use std::time::Duration;

use tracing::debug;

use super::Ctx;
use crate::bot::core::table::{Event, Status, Table};
use crate::store::Place;

/// How often [`run_gauge`] recounts the games in play.
pub const GAUGE_PERIOD: Duration = Duration::from_secs(15);

/// A game's life-cycle transition, as seen in a freshly saved table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The table moved from the lobby into play.
    Started,
    /// A game in play ended: won, out of time, or cancelled.
    Ended,
}

/// The transition that the save of `t` makes, if any.
///
/// `t.last` holds only the events of the action that produced `t` (every transition clears
/// it), and the roll-off for the first turn happens exactly when the lobby starts: so a
/// table in play with a [`Event::RollOff`] has just left the lobby. A closed table with a
/// game has just ended it: no action applies to a closed table, so it is saved by a
/// transition once. A lobby that is cancelled never had a game and is not counted.
#[must_use]
pub fn change(t: &Table) -> Option<Change> {
    match t.status() {
        Status::Playing if t.last().iter().any(|e| matches!(e, Event::RollOff { .. })) => {
            Some(Change::Started)
        }
        Status::Finished | Status::Cancelled if t.game().is_some() => Some(Change::Ended),
        _ => None,
    }
}

/// After `t` was saved at `place`: count its transition and keep the set of games in play
/// (and this replica's gauge) up to date. Redis errors are logged, never returned: metrics
/// must not fail a move.
pub async fn after_save(ctx: &Ctx, place: Place, t: &Table) {
    match change(t) {
        Some(Change::Started) => ctx.metrics.game_started(),
        Some(Change::Ended) => ctx.metrics.game_finished(),
        None => {}
    }
    let now = ctx.now_ms();
    let count = match t.status() {
        Status::Playing => {
            let until = now.saturating_add(ctx.open_ttl_secs.saturating_mul(1000));
            ctx.store.touch_active(place, until, now).await
        }
        Status::Finished | Status::Cancelled => ctx.store.drop_active(place, now).await,
        Status::Lobby => return,
    };
    match count {
        Ok(n) => ctx.metrics.set_active_games(n),
        Err(e) => debug!(%place, error = %e, "could not update the active games"),
    }
}

/// `place` has no game any more (the bot was removed, or the chat moved to a new id).
pub async fn forget(ctx: &Ctx, place: Place) {
    match ctx.store.drop_active(place, ctx.now_ms()).await {
        Ok(n) => ctx.metrics.set_active_games(n),
        Err(e) => debug!(%place, error = %e, "could not update the active games"),
    }
}

/// Recount the games in play into this replica's gauge.
pub async fn refresh(ctx: &Ctx) {
    match ctx.store.active_games(ctx.now_ms()).await {
        Ok(n) => ctx.metrics.set_active_games(n),
        Err(e) => debug!(error = %e, "could not count the active games"),
    }
}

/// Recount every [`GAUGE_PERIOD`] (and once at once) until `stop` changes.
pub async fn run_gauge(ctx: Arc<Ctx>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut tick = tokio::time::interval(GAUGE_PERIOD);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => refresh(&ctx).await,
            _ = stop.changed() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::table::{Action, Actor};
    use crate::engine::{Preset, ScriptedDice};

    fn actor(id: i64) -> Actor {
        Actor {
            id,
            name: format!("p{id}"),
            is_admin: false,
        }
    }

    fn lobby_of_two() -> Table {
        let lobby = Table::lobby(&actor(1), Preset::Jcf, false);
        lobby
            .act(&actor(2), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .expect("join")
    }

    #[test]
    fn the_start_of_a_lobby_is_counted_once_and_later_moves_are_not() {
        let lobby = lobby_of_two();
        assert_eq!(change(&lobby), None, "a join is no transition");
        let mut dice = ScriptedDice::new(&[6, 2, 3, 4, 5, 1]);
        let playing = lobby
            .act(&actor(1), Action::Start, 0, &mut dice)
            .expect("start");
        assert_eq!(change(&playing), Some(Change::Started));
        let mover = playing.to_move().expect("someone to move").id;
        let next = playing
            .act(&actor(mover), Action::Roll, 0, &mut dice)
            .expect("roll");
        assert_eq!(next.status(), Status::Playing);
        assert_eq!(change(&next), None, "a roll in play is no transition");
    }

    #[test]
    fn cancelling_a_game_in_play_ends_it_but_cancelling_a_lobby_does_not() {
        let lobby = lobby_of_two();
        let mut dice = ScriptedDice::new(&[6, 2, 3, 4, 5, 1]);
        let cancelled_lobby = lobby
            .act(&actor(1), Action::Cancel, 0, &mut dice)
            .expect("cancel the lobby");
        assert_eq!(change(&cancelled_lobby), None);
        let playing = lobby
            .act(&actor(1), Action::Start, 0, &mut dice)
            .expect("start");
        let cancelled = playing
            .act(&actor(1), Action::Cancel, 0, &mut dice)
            .expect("cancel the game");
        assert_eq!(cancelled.status(), Status::Cancelled);
        assert_eq!(change(&cancelled), Some(Change::Ended));
    }
}
