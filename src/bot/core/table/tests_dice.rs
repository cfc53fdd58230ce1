//! `/dice auto` in the pure table: the rolls made for humans whose turn starts.

use super::test_support::{actor, dice};
use super::*;
use crate::engine::Phase;

/// A game in play between `ids` (human ids; negative: add a computer), first seat to roll.
fn playing(humans: &[i64], computers: usize) -> Table {
    let mut t = Table::lobby(&actor(humans[0]), Preset::Jcf, false);
    for &id in &humans[1..] {
        t = t
            .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    for _ in 0..computers {
        t = t
            .act(
                &actor(humans[0]),
                Action::AddBot(Level::Easy),
                0,
                &mut dice(&[1]),
            )
            .expect("add");
    }
    // The roll-off: the first seat rolls 6, the others 1.
    let mut t = t
        .act(&actor(humans[0]), Action::Start, 0, &mut dice(&[6, 1]))
        .expect("start");
    t.last.clear();
    t
}

#[test]
fn auto_dice_rolls_for_the_human_to_move_and_stops_at_a_computer_s_turn() {
    // Given a human and a computer, the human (yellow) to roll, no piece out
    let mut t = playing(&[1], 1);
    assert!(t.awaits_roll_by(1));
    let rolls_before = t.stats.rolls;
    // When the bot rolls for humans with a 3 (JCF: no piece can leave the nest)
    let rolls = t.roll_for_humans(0, &mut dice(&[3]));
    // Then it rolled once, the turn passed, and it stopped at the computer's turn
    assert_eq!(rolls, 1);
    assert_eq!(t.stats.rolls, rolls_before + 1);
    assert!(matches!(t.last[0], Event::Rolled { die: 3, .. }));
    assert!(matches!(t.last[1], Event::NoMove { die: 3 }));
    assert!(t.to_move().is_some_and(Player::is_automatic));
}

#[test]
fn auto_dice_chains_turns_without_a_choice_between_humans_up_to_a_choice() {
    // Given two humans, yellow to roll
    let mut t = playing(&[1, 2], 0);
    // When the dice are 3 (yellow: nothing), 2 (red: nothing), 5 (yellow: a piece leaves
    // the nest, the only move) and 5 again (red: the same)
    let rolls = t.roll_for_humans(0, &mut dice(&[3, 2, 5, 5, 3]));
    // Then every one of those turns was played in the one go, narrated in order
    assert!(rolls >= 4, "{rolls} rolls: {:?}", t.last);
    let dice_rolled: Vec<u8> = t
        .last
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { die, .. } => Some(*die),
            _ => None,
        })
        .collect();
    assert_eq!(&dice_rolled[..4], &[3, 2, 5, 5]);
    // And it stops where a human has a move to choose, or is to roll no more
    match t.playing().map(Game::phase) {
        Some(Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. }) => {
            assert!(t.playing().expect("in play").legal_moves().len() > 1);
        }
        other => assert!(rolls == MAX_AUTO_STEPS, "stopped at {other:?}"),
    }
}

#[test]
fn auto_dice_never_rolls_for_a_human_who_must_choose_a_move_or_is_absent() {
    // Given two humans, yellow to roll but marked absent
    let mut t = playing(&[1, 2], 0);
    t.players.iter_mut().for_each(|p| p.absent = p.id == 1);
    // When the bot rolls for humans, Then nothing happens (the driver plays absent seats)
    assert_eq!(t.roll_for_humans(0, &mut dice(&[5])), 0);
    assert!(t.last.is_empty());
}

/// The streams of a test chat: each action's stream seeded from `seed` and its `seq`.
pub(crate) struct SeededStreams(pub(crate) u64);

impl super::Streams for SeededStreams {
    type R = rand_chacha::ChaCha8Rng;

    fn dice(&mut self, seq: u64) -> Self::R {
        rand::SeedableRng::seed_from_u64(self.0 ^ (seq << 2))
    }

    fn auto_dice(&mut self, seq: u64) -> Self::R {
        rand::SeedableRng::seed_from_u64(self.0 ^ (seq << 2) ^ 1)
    }

    fn choice(&mut self, seq: u64) -> Self::R {
        rand::SeedableRng::seed_from_u64(self.0 ^ (seq << 2) ^ 2)
    }
}

/// A lobby of `humans` people and computers up to `seats`, on the board that seats them,
/// started with the roll-off of `streams`.
pub(crate) fn started(seats: usize, humans: usize, streams: &mut SeededStreams) -> Table {
    let board = crate::engine::Arms::ALL
        .into_iter()
        .find(|a| usize::from(a.count()) >= seats)
        .expect("a board for the seats");
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false).on_board(Some(board));
    for id in 2..=humans {
        t = t
            .act(&actor(id as i64), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    for _ in humans..seats {
        t = t
            .act(&actor(1), Action::AddBot(Level::Easy), 0, &mut dice(&[1]))
            .expect("add a computer");
    }
    let mut roll_off = crate::dice::RngDice(streams.dice(t.seq));
    t.act(&actor(1), Action::Start, 0, &mut roll_off)
        .expect("start")
}

/// The next saved state of a game in play, as the bot plays it under auto dice: a
/// computer's turn when its pause is over, else the human to move picks their first legal
/// move; then everything that needs no human choice.
pub(crate) fn next_board(t: Table, streams: &mut SeededStreams) -> Table {
    let p = t.to_move().cloned().expect("someone to move");
    let t = if p.is_automatic() {
        t.bot_turn(0, false, streams)
            .expect("a computer's turn")
            .chain(0, streams)
    } else {
        t.act(&actor(p.id), Action::Move(0), 0, &mut dice(&[1]))
            .expect("a move")
    };
    t.until_human(0, true, streams)
}

#[test]
fn under_auto_dice_no_game_s_first_board_asks_a_human_to_roll_on_any_board() {
    // Given games of 2, 4, 6 and 8 seats (one human and computers, two humans, every seat
    // human), started as the bot starts them, many seeds each,
    let mut asked = Vec::new();
    for seats in [2, 4, 6, 8] {
        for humans in [1, 2, seats] {
            for seed in 0..60 {
                let mut streams = SeededStreams(seed * 1_000 + seats as u64 * 10 + humans as u64);
                let t = started(seats, humans, &mut streams);
                // When everything that needs no human choice is played (as each save does)
                let t = t.until_human(0, true, &mut streams);
                // Then no human is to roll: a human has a move to choose, or a computer is
                // to move (after its pause), or the game is over.
                if let Some(p) = t.to_move()
                    && t.awaits_roll_by(p.id)
                {
                    asked.push((seats, humans, seed));
                }
            }
        }
    }
    assert!(
        asked.is_empty(),
        "a human asked to roll (seats, humans, seed): {asked:?}"
    );
}

#[test]
fn under_auto_dice_no_board_of_a_whole_game_asks_a_human_to_roll() {
    // Given games of 2, 4, 6 and 8 seats with humans and computers, played to the end as the
    // bot plays them: every save first plays what needs no human choice, a computer's turn
    // comes when its pause is over, and a human picks their first legal move,
    let mut asked = Vec::new();
    for (seats, humans) in [(2, 1), (2, 2), (4, 2), (6, 3), (8, 2)] {
        for seed in 0..4 {
            let mut streams = SeededStreams(seed * 7_919 + seats as u64);
            let mut t = started(seats, humans, &mut streams).until_human(0, true, &mut streams);
            let mut boards = 0;
            while t.playing().is_some() && boards < 5_000 {
                boards += 1;
                // Then no board (a saved state) asks a human to roll.
                let Some(p) = t.to_move().cloned() else { break };
                if t.awaits_roll_by(p.id) {
                    asked.push((seats, humans, seed, boards));
                    break;
                }
                t = next_board(t, &mut streams);
            }
            assert!(
                t.playing().is_none() || !asked.is_empty(),
                "{seats}/{humans}/{seed}: no end"
            );
        }
    }
    assert!(
        asked.is_empty(),
        "a human asked to roll (seats, humans, seed, board): {asked:?}"
    );
}
