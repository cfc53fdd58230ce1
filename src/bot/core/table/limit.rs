//! R6.3 The game's time limit: how long a game may last, fixed when its lobby opens (the
//! preset's `time_limit_minutes`, or a seated table's own), turned into an end
//! ([`Table::ends_ms`]) when the game starts, and ended at that end with its result.

use serde::{Deserialize, Serialize};

use super::Table;
use crate::engine::Preset;

/// Milliseconds in a minute of the time limit (Telegram's real minute).
pub const MINUTE_MS: u64 = 60_000;

/// R6.3 A game's time limit: `minutes` of `minute_ms` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeLimit {
    /// The limit the players are told (R7 `time_limit_minutes`).
    pub minutes: u32,
    /// How long one of those minutes is: [`MINUTE_MS`], shorter only in tests (as the turn
    /// timer's second).
    #[serde(default = "minute_ms", skip_serializing_if = "is_minute")]
    pub minute_ms: u64,
}

fn minute_ms() -> u64 {
    MINUTE_MS
}

fn is_minute(ms: &u64) -> bool {
    *ms == MINUTE_MS
}

impl TimeLimit {
    /// A limit of `minutes` real minutes.
    #[must_use]
    pub const fn minutes(minutes: u32) -> Self {
        Self {
            minutes,
            minute_ms: MINUTE_MS,
        }
    }

    /// The limit of a preset (R7: Solidari 30 minutes, the others none).
    #[must_use]
    pub fn of(preset: Preset) -> Option<Self> {
        preset.time_limit_minutes().map(Self::minutes)
    }

    /// The limit's length in milliseconds.
    #[must_use]
    pub fn length_ms(self) -> u64 {
        u64::from(self.minutes).saturating_mul(self.minute_ms)
    }
}

impl Table {
    /// The same table with its time limit's minutes `minute_ms` long (tests shorten them;
    /// a table with no limit stays without one).
    #[must_use]
    pub fn with_minute_ms(mut self, minute_ms: u64) -> Self {
        if let Some(l) = &mut self.limit {
            l.minute_ms = minute_ms.max(1);
        }
        self
    }

    /// R6.3 Fix the end of a game starting at `now_ms` from its time limit (none: no end).
    pub(super) fn set_end(&mut self, now_ms: u64) {
        self.ends_ms = self.limit.map(|l| now_ms.saturating_add(l.length_ms()));
    }

    /// R6.3 Whole minutes of the limit left at `now_ms` (rounded up, at least 1), while a
    /// game with a limit is in play.
    #[must_use]
    pub fn minutes_left(&self, now_ms: u64) -> Option<u32> {
        let end = self.ends_ms?;
        self.playing()?;
        let minute = self.limit.map_or(MINUTE_MS, |l| l.minute_ms).max(1);
        let left = end.saturating_sub(now_ms).div_ceil(minute).max(1);
        Some(u32::try_from(left).unwrap_or(u32::MAX))
    }

    /// R6.3 Has the game's time limit run out at `now_ms`?
    #[must_use]
    pub fn time_is_up(&self, now_ms: u64) -> bool {
        self.playing().is_some() && self.ends_ms.is_some_and(|e| e <= now_ms)
    }

    /// R6.3 The game in play with its end moved to `end_ms` (a tournament's extension), its
    /// limit's minutes counted again from `started_ms`. An action like any other: `seq`
    /// bumped, the last action's events kept among the recent turns.
    #[must_use]
    pub fn with_end(&self, end_ms: u64, started_ms: u64) -> Self {
        let mut t = self.next();
        t.ends_ms = Some(end_ms);
        if let Some(l) = &mut t.limit {
            let minutes = end_ms.saturating_sub(started_ms) / l.minute_ms.max(1);
            l.minutes = u32::try_from(minutes).unwrap_or(u32::MAX);
        }
        t
    }

    /// R6.3 The game ended at `now_ms` by a time limit kept outside the table (a
    /// tournament's, which an extension may have moved).
    #[must_use]
    pub fn ended_by_time(&self, now_ms: u64) -> Self {
        let mut t = self.next();
        t.time_up(now_ms);
        t
    }

    /// R6.3 The table ended by its time limit, when it has run out at `now_ms`.
    #[must_use]
    pub fn after_time_limit(&self, now_ms: u64) -> Option<Self> {
        if !self.time_is_up(now_ms) {
            return None;
        }
        let mut t = self.next();
        t.time_up(now_ms);
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{actor, dice};
    use super::*;
    use crate::bot::core::table::{Action, Event, Status, Timing};

    const NO_TIMER: Timing = Timing {
        pause_ms: 100,
        turn_ms: 0,
    };

    /// A lobby of players 1..=4 (the host first) with `preset`.
    fn lobby_of_four(preset: Preset) -> Table {
        let mut t = Table::lobby(&actor(1), preset, false);
        for id in 2..=4 {
            t = t
                .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
                .expect("join");
        }
        t
    }

    fn start(t: &Table, now_ms: u64) -> Table {
        // The roll-off: all four dice differ, the highest starts.
        t.act(&actor(1), Action::Start, now_ms, &mut dice(&[6, 1, 2, 3]))
            .expect("start")
    }

    #[test]
    fn a_solidari_game_started_from_the_lobby_ends_at_its_30_minutes_r6_3() {
        // Given a Solidari lobby of four (the preset's limit: 30 minutes),
        let lobby = lobby_of_four(Preset::Solidari);
        assert_eq!(lobby.limit, Some(TimeLimit::minutes(30)));
        assert_eq!(lobby.ends_ms, None);
        // When the host starts it at t = 1000,
        let mut t = start(&lobby, 1_000);
        let end = 1_000 + 30 * 60_000;
        // Then it ends 30 minutes later, and is due then at the latest (no turn timer);
        assert_eq!(t.ends_ms, Some(end));
        t.plan_deadline(2_000, NO_TIMER);
        assert_eq!(t.due(), Some(end));
        // a minute before, it plays on; at the end it is finished by R6.3,
        assert!(t.after_time_limit(end - 1).is_none());
        let over = t.after_time_limit(end).expect("ended at its limit");
        assert_eq!(over.status(), Status::Finished);
        assert!(
            over.last
                .iter()
                .any(|e| matches!(e, Event::TimeUp { minutes: 30, .. })),
            "{:?}",
            over.last
        );
    }

    #[test]
    fn a_tournament_s_extension_and_time_up_keep_the_last_turn_among_the_recent_ones() {
        // Given a Solidari game started at t = 1000 whose first player just rolled,
        let t = start(&lobby_of_four(Preset::Solidari), 1_000);
        let first = t.to_move().expect("a player to move").id;
        let t = t
            .act(&actor(first), Action::Roll, 2_000, &mut dice(&[3]))
            .expect("rolled");
        assert!(!t.last.is_empty());
        // When a tournament's extension moves its end to 45 minutes after the start,
        let end = 1_000 + 45 * 60_000;
        let ext = t.with_end(end, 1_000);
        // Then it is a new action (buttons of the older board are stale), the end and the
        // limit say 45 minutes, and the roll is still told among the recent turns;
        assert_eq!(ext.seq, t.seq + 1);
        assert_eq!(ext.ends_ms, Some(end));
        assert_eq!(ext.limit.map(|l| l.minutes), Some(45));
        assert!(ext.last.is_empty());
        assert!(ext.recent.ends_with(&t.last), "{:?}", ext.recent);
        // and when the tournament's time is up, the same: the game ends, the roll is kept.
        let over = t.ended_by_time(end);
        assert_eq!(over.status(), Status::Finished);
        assert_eq!(over.seq, t.seq + 1);
        assert!(over.recent.ends_with(&t.last), "{:?}", over.recent);
        assert!(over.last.iter().any(|e| matches!(e, Event::TimeUp { .. })));
    }

    #[test]
    fn jcf_and_classic_games_have_no_time_limit_by_default_r7() {
        for preset in [Preset::Jcf, Preset::Classic] {
            // Given a lobby of the preset, When it starts,
            let lobby = lobby_of_four(preset);
            let t = start(&lobby, 1_000);
            // Then it has no limit, no end, never runs out and shows no time left.
            assert_eq!(lobby.limit, None, "{preset}");
            assert_eq!(t.ends_ms, None, "{preset}");
            assert!(t.after_time_limit(u64::MAX).is_none(), "{preset}");
            assert_eq!(t.minutes_left(1_000), None, "{preset}");
        }
    }

    #[test]
    fn a_rematch_keeps_the_time_limit_and_counts_it_from_its_own_start_r6_3() {
        // Given a Solidari game with 50 ms minutes that ran out,
        let lobby = lobby_of_four(Preset::Solidari).with_minute_ms(50);
        let t = start(&lobby, 1_000);
        assert_eq!(t.ends_ms, Some(1_000 + 30 * 50));
        let over = t.after_time_limit(1_000 + 30 * 50).expect("over");
        // When player 1 opens its rematch, the others confirm and it starts at 9000,
        let mut again = over.rematch(&actor(1)).expect("rematch");
        for id in 2..=4 {
            again = again
                .act(&actor(id), Action::Join, 5_000, &mut dice(&[1]))
                .expect("join");
        }
        let again = start(&again, 9_000);
        // Then it has the same limit, ending 30 (short) minutes after its start.
        assert_eq!(again.limit, over.limit);
        assert_eq!(again.ends_ms, Some(9_000 + 30 * 50));
    }

    #[test]
    fn the_time_limit_survives_the_store_and_older_records_take_the_preset_s() {
        let json = |t: &Table| serde_json::to_value(t).expect("json");
        let load = |v: serde_json::Value| serde_json::from_value::<Table>(v).expect("table");
        // Given a Solidari lobby with the preset's limit, Then it is stored as before (no
        // `limit` field) and loads with it;
        let plain = lobby_of_four(Preset::Solidari);
        let v = json(&plain);
        assert!(v.get("limit").is_none(), "{v}");
        assert_eq!(load(v).limit, Some(TimeLimit::minutes(30)));
        // a limit of its own (shorter minutes, or none at all) is stored and loads back.
        let short = plain.clone().with_minute_ms(50);
        assert_eq!(load(json(&short)).limit, short.limit);
        let mut none = plain;
        none.limit = None;
        let v = json(&none);
        assert_eq!(v.get("limit"), Some(&serde_json::Value::Null));
        assert_eq!(load(v).limit, None);
        // A JCF lobby has none either way.
        assert_eq!(load(json(&lobby_of_four(Preset::Jcf))).limit, None);
    }
}
