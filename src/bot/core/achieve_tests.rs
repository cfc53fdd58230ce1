//! Each achievement's detection on crafted records (logs written move by move against the
//! engine, ended by the time limit), and on seeded games checked against the table's own
//! counters kept as it played.

use super::*;
use crate::ai::Level;
use crate::bot::core::replay::sample::{self, Sample};
use crate::bot::core::table::{GameLog, ReplaySeat, log_order};
use crate::engine::{Arms, Colour, Game, Move, Phase, Preset};

/// A record written against the engine: each roll, then the move `pick` likes (else the
/// first), bonuses included; rolls with no move pass by themselves, as the log says.
struct Script {
    replay: Replay,
    g: Game,
    log: String,
}

impl Script {
    /// Two or more seats (the first a person, Anna, the others people too) on four arms,
    /// JCF rules; the roll-off makes the first seat start.
    fn new(players: usize, computer: Option<Level>) -> Self {
        let colours: Vec<Colour> = Arms::Four
            .default_seats(players)
            .expect("seats")
            .into_iter()
            .collect();
        let seats = colours
            .iter()
            .enumerate()
            .map(|(i, &c)| ReplaySeat {
                colour: c,
                name: format!("P{i}"),
                computer: if i > 0 { computer } else { None },
            })
            .collect();
        let preset = Preset::Jcf;
        let mut roll_off = String::from("o6");
        for _ in 1..players {
            roll_off.push('1');
        }
        roll_off.push('.');
        let replay = Replay {
            id: "g1-1".into(),
            preset,
            options: preset.options(),
            arms: Arms::Four,
            seats,
            limit: Some(30),
            origin: None,
            started_ms: 0,
            finished_ms: 1,
            log: GameLog::default(),
            fair: None,
        };
        let g = replay
            .new_game()
            .and_then(|g| g.with_first_turn(colours[0]))
            .expect("a game");
        Self {
            replay,
            g,
            log: roll_off,
        }
    }

    fn colour(&self, seat: usize) -> Colour {
        self.replay.seats[seat].colour
    }

    /// Roll `d` for the seat to act and play what `pick` likes.
    fn roll(&mut self, d: u8, pick: impl Fn(&Game, &Move) -> bool) -> &mut Self {
        assert!(
            matches!(self.g.phase(), Phase::AwaitingRoll(_)),
            "{:?}",
            self.g.phase()
        );
        self.log.push(char::from(b'0' + d));
        self.g = self.g.roll(d).expect("a roll");
        while let Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } = self.g.phase() {
            let moves = log_order(&self.g);
            if moves.is_empty() {
                self.g = self.g.pass().expect("a pass").0;
                continue;
            }
            let i = moves.iter().position(|m| pick(&self.g, m)).unwrap_or(0);
            self.log
                .push(char::from(b'a' + u8::try_from(i).expect("index")));
            self.g = self.g.play(moves[i]).expect("a move");
        }
        self
    }

    fn whose_turn(&self) -> Colour {
        self.g.turn().expect("a turn")
    }

    /// The record, ended by the time limit, and what it earned.
    fn moments(&self) -> Vec<(Colour, Achievement)> {
        let mut r = self.replay.clone();
        r.log = GameLog::from_text(&format!("{}e", self.log));
        let w = crate::bot::core::replay::walk(&r).expect("the crafted record replays");
        moments(&r, &w)
    }
}

fn any(_: &Game, _: &Move) -> bool {
    true
}

fn has(found: &[(Colour, Achievement)], c: Colour, a: Achievement) -> bool {
    found.contains(&(c, a))
}

#[test]
fn the_third_six_sending_a_piece_home_is_the_unlucky_one() {
    // Given yellow out of the nest, then three sixes in a row,
    let mut s = Script::new(2, None);
    let (y, r) = (s.colour(0), s.colour(1));
    s.roll(5, any);
    assert_eq!(s.whose_turn(), r);
    s.roll(1, any);
    s.roll(6, any).roll(6, any).roll(6, any);
    // When the record is read, Then yellow has the unlucky six, red has not.
    let found = s.moments();
    assert!(has(&found, y, Achievement::UnluckySix), "{found:?}");
    assert!(!has(&found, r, Achievement::UnluckySix), "{found:?}");
    // And two sixes are not enough.
    let mut two = Script::new(2, None);
    two.roll(5, any)
        .roll(1, any)
        .roll(6, any)
        .roll(6, any)
        .roll(1, any);
    assert!(!has(&two.moments(), y, Achievement::UnluckySix));
}

/// A move that leaves yellow's barrier standing: one of the piece not in it.
fn keeps_barrier(g: &Game, m: &Move) -> bool {
    let from = m.from();
    !matches!(from, crate::engine::Loc::Sq(sq) if g.is_barrier(sq))
}

#[test]
fn a_barrier_held_through_three_turns_is_of_iron_and_two_are_not() {
    // Given yellow: a piece out and moved on, then two pieces out on the exit square (a
    // barrier), red never leaving its nest (no 5),
    let build = |turns: usize| {
        let mut s = Script::new(2, None);
        s.roll(5, any).roll(1, any); // yellow out; red passes
        s.roll(4, any).roll(1, any); // yellow's piece moves on
        s.roll(5, |_, m| m.leaves_nest()).roll(1, any);
        s.roll(5, |_, m| m.leaves_nest()).roll(1, any); // the barrier
        // When yellow moves only the other piece for `turns` turns,
        for _ in 0..turns {
            s.roll(2, keeps_barrier).roll(1, any);
        }
        s
    };
    let y = build(0).colour(0);
    // Then three turns make the iron barrier, two do not,
    let found = build(3).moments();
    assert!(has(&found, y, Achievement::IronBarrier), "{found:?}");
    assert!(!has(&build(2).moments(), y, Achievement::IronBarrier));
    // and a barrier opened on the second turn starts again.
    let mut broken = build(1);
    broken.roll(2, |g, m| !keeps_barrier(g, m)).roll(1, any);
    broken.roll(2, keeps_barrier).roll(1, any);
    assert!(!has(&broken.moments(), y, Achievement::IronBarrier));
}

#[test]
fn the_side_last_at_half_time_is_the_farthest_from_its_goal() {
    // Given yellow moving on while red stays in its nest the whole game,
    let mut s = Script::new(2, None);
    let (y, r) = (s.colour(0), s.colour(1));
    for _ in 0..4 {
        s.roll(5, any).roll(1, any);
    }
    let mut rec = s.replay.clone();
    rec.log = GameLog::from_text(&format!("{}e", s.log));
    let w = crate::bot::core::replay::walk(&rec).expect("replays");
    // Then red is last at half-time; yellow leads at the time limit and wins, no comeback.
    assert_eq!(last_at_half_time(&rec, &w), Some(r));
    assert_eq!(w.end.winner().map(|w| w.includes(y)), Some(true));
    let found = moments(&rec, &w);
    assert!(
        !found.iter().any(|&(_, a)| a == Achievement::Comeback),
        "{found:?}"
    );
    assert!(has(&found, y, Achievement::FirstWin));
    assert!(!has(&found, r, Achievement::FirstWin));
}

#[test]
fn beating_a_hard_computer_and_nothing_for_the_loser() {
    let mut s = Script::new(2, Some(Level::Hard));
    let (y, r) = (s.colour(0), s.colour(1));
    s.roll(5, any).roll(1, any);
    let found = s.moments();
    assert!(has(&found, y, Achievement::HardBeaten), "{found:?}");
    assert!(!has(&found, r, Achievement::HardBeaten));
    let mut normal = Script::new(2, Some(Level::Normal));
    normal.roll(5, any).roll(1, any);
    assert!(!has(&normal.moments(), y, Achievement::HardBeaten));
}

#[test]
fn seeded_games_agree_with_the_table_s_own_counters() {
    // Given seeded games of 2 to 4 players (and pairs), When their records are read,
    // Then captures, untouched homes, wins and pairs wins agree with what the table counted
    // as it played (its tally and its final position), and every kind shows up somewhere.
    let mut seen = std::collections::HashSet::new();
    for seed in 0..8 {
        for (players, pairs) in [(2, false), (3, false), (4, false), (4, true)] {
            let mut spec = Sample::computers(players, seed);
            spec.pairs = pairs;
            let t = sample::play(&spec).expect("a game");
            let r = t.replay().expect("a record");
            let w = crate::bot::core::replay::walk(&r).expect("replays");
            let found = moments(&r, &w);
            let rec = t.game_record(-1, None).expect("a record");
            for (seat, s) in r.seats.iter().zip(&rec.seats) {
                let c = seat.colour;
                assert_eq!(
                    has(&found, c, Achievement::FirstCapture),
                    s.captures_made >= 1,
                    "seed {seed}: {found:?}"
                );
                assert_eq!(
                    has(&found, c, Achievement::ThreeCaptures),
                    s.captures_made >= 3,
                    "seed {seed}"
                );
                assert_eq!(
                    has(&found, c, Achievement::Untouched),
                    s.pieces_home == 4 && s.captures_suffered == 0,
                    "seed {seed}"
                );
                assert_eq!(has(&found, c, Achievement::FirstWin), s.won, "seed {seed}");
                assert_eq!(
                    has(&found, c, Achievement::PairsWin),
                    s.won && pairs,
                    "seed {seed}"
                );
                if has(&found, c, Achievement::Comeback) || has(&found, c, Achievement::FullBoard) {
                    assert!(s.won, "seed {seed}: only a winner");
                }
            }
            seen.extend(found.iter().map(|&(_, a)| a));
        }
    }
    for a in [
        Achievement::FirstCapture,
        Achievement::ThreeCaptures,
        Achievement::Untouched,
        Achievement::FirstWin,
        Achievement::PairsWin,
        Achievement::FullBoard,
        Achievement::IronBarrier,
        Achievement::UnluckySix,
        Achievement::Comeback,
    ] {
        assert!(seen.contains(&a), "{a:?} never earned in 32 seeded games");
    }
}

#[test]
fn last_at_half_time_and_winning_is_a_comeback() {
    // Given yellow racing ahead for the first half while red cannot leave its nest, then red
    // out with a 5 and rolling 4s while yellow rolls 1s, until the time limit,
    let mut s = Script::new(2, None);
    let (y, r) = (s.colour(0), s.colour(1));
    s.roll(5, any).roll(1, any);
    for _ in 0..5 {
        s.roll(4, any).roll(1, any);
    }
    s.roll(1, any).roll(5, any);
    for _ in 0..9 {
        s.roll(1, any).roll(4, any);
    }
    let mut rec = s.replay.clone();
    rec.log = GameLog::from_text(&format!("{}e", s.log));
    let w = crate::bot::core::replay::walk(&rec).expect("replays");
    // Then red was last at half-time, leads at the end, and its win is a comeback (yellow,
    // ahead at half-time, gets none).
    assert_eq!(last_at_half_time(&rec, &w), Some(r));
    assert_eq!(w.end.winner().map(|w| w.includes(r)), Some(true));
    let found = moments(&rec, &w);
    assert!(has(&found, r, Achievement::Comeback), "{found:?}");
    assert!(!has(&found, y, Achievement::Comeback), "{found:?}");
}

#[test]
fn a_win_with_every_piece_out_at_once_fills_the_board_and_three_do_not() {
    // Given yellow bringing out a piece with each 5 and moving one off its exit with each
    // 4, while red stays in its nest, until the time limit,
    let out = |pieces: usize| {
        let mut s = Script::new(2, None);
        for i in 0..pieces {
            s.roll(5, any).roll(1, any);
            if i + 1 < pieces {
                s.roll(4, any).roll(1, any);
            }
        }
        s
    };
    // Then four out at once, and the win, fill the board;
    let four = out(4);
    let y = four.colour(0);
    let found = four.moments();
    assert!(has(&found, y, Achievement::FirstWin), "{found:?}");
    assert!(has(&found, y, Achievement::FullBoard), "{found:?}");
    // three out, the same win, do not.
    let found = out(3).moments();
    assert!(has(&found, y, Achievement::FirstWin), "{found:?}");
    assert!(!has(&found, y, Achievement::FullBoard), "{found:?}");
}
