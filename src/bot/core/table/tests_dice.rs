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
