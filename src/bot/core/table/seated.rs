//! A table opened from code with its seats already decided (a tournament's table): no lobby,
//! the game starts at once with the players in the order given.

use super::{Actor, Origin, Player, PlayerKind, Table, TimeLimit};
use crate::ai::Level;
use crate::bot::core::refusal::Reject;
use crate::bot::core::seats::board_for;
use crate::engine::Dice;
use crate::engine::{Arms, Preset};

/// Who sits at one seat of a seated table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A Telegram user (id > 0) and the name the board shows.
    Human { id: i64, name: String },
    /// A computer player at a level.
    Computer(Level),
}

/// What a seated table is: its rules, its seats and the tag it carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatedSpec {
    pub preset: Preset,
    /// R6.2 A pairs game: the seats are given partner by partner (`seats[0]` and `seats[1]`
    /// are partners, then `seats[2]` and `seats[3]`…), and fill the board. The preset's own
    /// pairs option (Solidari) also makes a pairs game.
    pub pairs: bool,
    /// R8.7 The board (`None`: the smallest that seats everyone).
    pub board: Option<Arms>,
    /// The seats in turn-order position (R8.2: who joined first), 2 to 8.
    pub seats: Vec<Seat>,
    /// R6.3 The game's time limit in minutes (`None`: no limit).
    pub time_limit_minutes: Option<u32>,
    /// Where it comes from, kept in the table ([`Table::origin`]), e.g. a tournament's table.
    pub origin: Option<Origin>,
}

impl Table {
    /// A game started at once with the seats of `spec` (the first human is the host; none:
    /// nobody hosts it, as with only computers). `seq` continues the place's previous table;
    /// `dice` roll R2.2's first turn.
    ///
    /// # Errors
    /// [`Reject::NeedTwo`], [`Reject::Full`], [`Reject::PairsFillBoard`] or
    /// [`Reject::PairsNeedEven`] for seats that do not make a game, and
    /// [`Reject::AlreadyJoined`] for a user seated twice (or an id that is not a user's).
    pub fn seated(
        spec: &SeatedSpec,
        seq: u64,
        now_ms: u64,
        dice: &mut impl Dice,
    ) -> Result<Self, Reject> {
        Self::seated_fair(spec, seq, now_ms, dice, None)
    }

    /// [`Table::seated`] with fair dice of `seed` (`None`: `dice`, as before them).
    ///
    /// # Errors
    /// As [`Table::seated`].
    pub fn seated_fair(
        spec: &SeatedSpec,
        seq: u64,
        now_ms: u64,
        dice: &mut impl Dice,
        seed: Option<crate::dice::fair::Seed>,
    ) -> Result<Self, Reject> {
        let pairs = spec.pairs || spec.preset.options().pairs;
        let n = spec.seats.len();
        board_for(spec.board, n, pairs)?;
        let mut players = Vec::with_capacity(n);
        let mut computers = 0_i64;
        for seat in &spec.seats {
            players.push(match seat {
                Seat::Human { id, name } => {
                    if *id <= 0 || players.iter().any(|p: &Player| p.id == *id) {
                        return Err(Reject::AlreadyJoined);
                    }
                    Player {
                        id: *id,
                        name: name.clone(),
                        kind: PlayerKind::Human,
                        colour: None,
                        strikes: 0,
                        absent: false,
                    }
                }
                Seat::Computer(level) => {
                    computers += 1;
                    Player {
                        id: -computers,
                        name: format!("🤖 {computers}"),
                        kind: PlayerKind::Computer(*level),
                        colour: None,
                        strikes: 0,
                        absent: false,
                    }
                }
            });
        }
        if pairs {
            // A pairs game fills its board: the colour at position i sits opposite the one
            // at i + n/2 (R6.2), so partners 2k and 2k + 1 go to positions k and k + n/2.
            let half = n / 2;
            let mut order: Vec<Option<Player>> = vec![None; n];
            for (i, p) in players.into_iter().enumerate() {
                order[i / 2 + (i % 2) * half] = Some(p);
            }
            players = order.into_iter().flatten().collect();
        }
        let host = players
            .iter()
            .find(|p| p.kind == PlayerKind::Human)
            .map_or(0, |p| p.id);
        let starter = Actor {
            id: host,
            name: String::new(),
            is_admin: true,
        };
        let mut t = Self::lobby(&starter, spec.preset, pairs).on_board(spec.board);
        t.seq = seq;
        t.host = host;
        t.players = players;
        t.limit = spec.time_limit_minutes.map(TimeLimit::minutes);
        t.fair = seed.map(super::Fair::new);
        t.start(&starter, now_ms, dice)?;
        t.origin.clone_from(&spec.origin);
        Ok(t)
    }
}

impl Table {
    /// A lobby with its `players` already seated in turn order, to be started at once by its
    /// first player (a tournament's table: its players as the tournament names them), with
    /// its time `limit` and its `origin`.
    #[must_use]
    pub fn called(
        mut self,
        players: Vec<Player>,
        limit: Option<TimeLimit>,
        origin: Origin,
    ) -> Self {
        self.players = players;
        self.limit = limit;
        self.origin = Some(origin);
        self
    }

    /// The same game with the humans not in `ready` marked absent: the computer plays for
    /// them until they press a button.
    #[must_use]
    pub fn absent_unless(mut self, ready: &[i64]) -> Self {
        for p in &mut self.players {
            if p.kind == PlayerKind::Human && !ready.contains(&p.id) {
                p.absent = true;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::table::Stage;
    use crate::bot::core::table::test_support::dice;

    fn human(id: i64) -> Seat {
        Seat::Human {
            id,
            name: format!("p{id}"),
        }
    }

    fn spec(seats: Vec<Seat>, pairs: bool) -> SeatedSpec {
        SeatedSpec {
            preset: Preset::Jcf,
            pairs,
            board: None,
            seats,
            time_limit_minutes: Some(45),
            origin: Some(Origin::Other("t-3".into())),
        }
    }

    #[test]
    fn a_seated_table_starts_at_once_with_its_seats_and_keeps_its_tag() {
        // Given two humans and a computer, in that order,
        let s = spec(
            vec![human(11), Seat::Computer(Level::Hard), human(12)],
            false,
        );
        // When the table is opened at t = 1000,
        let t = Table::seated(&s, 5, 1_000, &mut dice(&[6, 1, 2, 3, 4, 5])).expect("a game");
        // Then it is in play with them seated in order, the first human hosting,
        assert!(matches!(t.stage, Stage::Playing(_)));
        let ids: Vec<i64> = t.players.iter().map(|p| p.id).collect();
        assert_eq!(ids, [11, -1, 12]);
        assert_eq!(t.players[1].kind, PlayerKind::Computer(Level::Hard));
        assert!(t.players.iter().all(|p| p.colour.is_some()));
        assert_eq!(t.host, 11);
        assert_eq!(t.seq, 5);
        // and it carries its tag and its time limit (45 minutes from the start).
        assert_eq!(t.origin, Some(Origin::Other("t-3".into())));
        assert_eq!(t.ends_ms, Some(1_000 + 45 * 60_000));
        let end = 1_000 + 45 * 60_000;
        assert!(t.after_time_limit(end - 1).is_none());
        let over = t.after_time_limit(end).expect("ended at its time limit");
        assert_eq!(over.status(), crate::bot::core::table::Status::Finished);
        assert_eq!(over.seq, t.seq + 1);
        // and both survive the store's JSON.
        let back: Table =
            serde_json::from_str(&serde_json::to_string(&t).expect("json")).expect("table");
        assert_eq!(back.origin, t.origin);
        assert_eq!(back.ends_ms, t.ends_ms);
    }

    #[test]
    fn a_game_with_a_time_limit_is_due_at_its_end_at_the_latest_r6_3() {
        use crate::bot::core::table::Timing;
        // Given a seated game of two humans ending at 1000 + 45 min,
        let s = spec(vec![human(11), human(12)], false);
        let mut t = Table::seated(&s, 1, 1_000, &mut dice(&[6, 1])).expect("a game");
        let end = 1_000 + 45 * 60_000;
        // When its deadline is planned with no turn timer, Then it is the end;
        t.plan_deadline(
            2_000,
            Timing {
                pause_ms: 50,
                turn_ms: 0,
            },
        );
        assert_eq!(t.due(), Some(end));
        // with a timer running out before the end, the timer; after it, the end.
        t.plan_deadline(
            2_000,
            Timing {
                pause_ms: 50,
                turn_ms: 90_000,
            },
        );
        assert_eq!(t.due(), Some(92_000));
        t.plan_deadline(
            end - 10,
            Timing {
                pause_ms: 50,
                turn_ms: 90_000,
            },
        );
        assert_eq!(t.due(), Some(end));
    }

    #[test]
    fn seated_partners_sit_opposite_each_other_r6_2() {
        // Given four players given partner by partner (11 with 12, 13 with 14),
        let s = spec(vec![human(11), human(12), human(13), human(14)], true);
        // When the pairs table is opened,
        let t = Table::seated(&s, 1, 0, &mut dice(&[6, 1, 2, 3, 4, 5])).expect("a game");
        let Stage::Playing(g) = &t.stage else {
            panic!("in play")
        };
        let colour = |id: i64| {
            t.players
                .iter()
                .find(|p| p.id == id)
                .and_then(|p| p.colour)
                .expect("seated")
        };
        // Then each one's partner colour is their partner's.
        assert_eq!(g.partner(colour(11)), colour(12));
        assert_eq!(g.partner(colour(13)), colour(14));
        assert_ne!(g.partner(colour(11)), colour(13));
    }

    #[test]
    fn seats_that_make_no_game_are_refused() {
        let d = &mut dice(&[6, 1]);
        // Given one player, a user twice, or an odd pairs table, Then no table.
        let one = spec(vec![human(11)], false);
        assert_eq!(Table::seated(&one, 1, 0, d), Err(Reject::NeedTwo));
        let twice = spec(vec![human(11), human(11)], false);
        assert_eq!(Table::seated(&twice, 1, 0, d), Err(Reject::AlreadyJoined));
        let odd = spec(vec![human(11), human(12), human(13)], true);
        assert_eq!(Table::seated(&odd, 1, 0, d), Err(Reject::PairsNeedEven));
    }
}
