//! The table's stats side: per-player counts, the game record, rematch. Given / When / Then.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::test_support::actor;
use super::*;
use crate::bot::core::refusal::Reject;
use crate::dice::RngDice;
use crate::engine::ScriptedDice;
use crate::stats::Player as Seat;

fn lobby_of(ids: &[i64]) -> Table {
    let mut t = Table::lobby(&actor(ids[0]), Preset::Jcf, false);
    for &id in &ids[1..] {
        t = t
            .act(&actor(id), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .expect("join");
    }
    t
}

/// Three humans and an easy computer, played to the end by the bot (seeded).
fn finished_game(seed: u64) -> Table {
    let mut t = lobby_of(&[1, 2, 3]);
    t = t
        .act(
            &actor(1),
            Action::AddBot(Level::Easy),
            0,
            &mut ScriptedDice::new(&[1]),
        )
        .expect("add");
    t.seq = 41;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice_rng = ChaCha8Rng::seed_from_u64(seed ^ 1);
    t = t
        .act(&actor(1), Action::Start, 1_000, &mut RngDice(&mut dice_rng))
        .expect("start");
    for i in 0..20_000u64 {
        if t.status() != Status::Playing {
            return t;
        }
        t = t
            .automatic_turn(2_000 + i, &mut RngDice(&mut dice_rng), &mut rng)
            .expect("someone to move");
    }
    panic!("the game did not end");
}

#[test]
fn a_finished_game_s_record_counts_every_capture_once_on_each_side() {
    // Given a game played to the end, When its record is built,
    let t = finished_game(3);
    let rec = t
        .game_record(-100, None)
        .expect("finished")
        .validated()
        .expect("valid");
    // Then every capture is made by one player and suffered by another,
    let made: u32 = rec.seats.iter().map(|s| s.captures_made).sum();
    let suffered: u32 = rec.seats.iter().map(|s| s.captures_suffered).sum();
    assert_eq!(made, t.stats.captures);
    assert_eq!(suffered, t.stats.captures);
    assert!(t.stats.captures > 0, "a whole game without a capture");
    // the timer's turns are the humans' timeouts, the computer has none,
    let timeouts: u32 = rec.seats.iter().map(|s| s.timeouts).sum();
    assert!(timeouts > 0);
    assert!(
        rec.seats
            .iter()
            .any(|s| s.timeouts == 0 && matches!(s.player, Seat::Computer { .. }))
    );
    // one side won with all four pieces home, and the record has the table's figures.
    let winner = rec.seats.iter().find(|s| s.won).expect("a winner");
    assert_eq!(winner.pieces_home, 4);
    assert_eq!((rec.moves, rec.rolls), (t.stats.moves, t.stats.rolls));
    assert_eq!(rec.humans().count(), 3);
    assert!(rec.counts_for_ranking());
}

#[test]
fn the_game_id_comes_from_the_stored_table_so_every_replica_derives_the_same() {
    // Given a finished game, When it is stored and loaded again (another replica),
    let t = finished_game(5);
    let json = serde_json::to_string(&t).expect("json");
    let again: Table = serde_json::from_str(&json).expect("loads");
    // Then the id and the whole record are the same, and the id names the start.
    assert_eq!(again.game_id(), t.game_id());
    assert_eq!(again.game_record(-1, None), t.game_record(-1, None));
    assert_eq!(t.game_id(), "g42-1000");
}

#[test]
fn a_table_stored_before_the_counters_loads_with_zero_counts() {
    // Given a stored table without tally or invited fields, When loaded, Then zero counts.
    let t = finished_game(5);
    let mut v = serde_json::to_value(&t).expect("json");
    let obj = v.as_object_mut().expect("object");
    assert!(obj.remove("tally").is_some());
    let old: Table = serde_json::from_value(v).expect("an old table loads");
    assert_eq!(old.tally, Tally::default());
    assert!(old.invited.is_empty());
}

#[test]
fn a_cancelled_game_has_no_record() {
    // Given a game in play, When it is cancelled, Then nothing is recorded.
    let t = lobby_of(&[1, 2])
        .act(&actor(1), Action::Start, 0, &mut ScriptedDice::new(&[6, 1]))
        .expect("start");
    let t = t
        .act(&actor(1), Action::Cancel, 0, &mut ScriptedDice::new(&[1]))
        .expect("cancel");
    assert_eq!(t.game_record(-1, None), None);
}

#[test]
fn rematch_seats_the_same_players_and_waits_for_the_others_to_join() {
    // Given a finished game of players 1, 2, 3 and an easy computer,
    let t = finished_game(3);
    // When a stranger presses Rematch, Then it is refused;
    assert_eq!(t.rematch(&actor(9)), Err(Reject::NotAPlayer));
    // When player 2 presses it, Then a lobby with the same seats and rules, 2 hosting,
    let l = t.rematch(&actor(2)).expect("rematch");
    assert_eq!(l.status(), Status::Lobby);
    assert_eq!((l.preset, l.pairs, l.host), (t.preset, t.pairs, 2));
    let ids: Vec<i64> = l.players.iter().map(|p| p.id).collect();
    assert_eq!(ids, t.players.iter().map(|p| p.id).collect::<Vec<_>>());
    assert!(
        l.players
            .iter()
            .any(|p| p.kind == PlayerKind::Computer(Level::Easy))
    );
    assert!(l.seq > t.seq);
    // 1 and 3 invited until they press Join;
    assert_eq!(l.invited, vec![1, 3]);
    let l = l
        .act(&actor(1), Action::Join, 0, &mut ScriptedDice::new(&[1]))
        .expect("1 confirms");
    assert_eq!(l.invited, vec![3]);
    assert_eq!(
        l.act(&actor(1), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .err(),
        Some(Reject::AlreadyJoined)
    );
    // When 2 starts, Then 3, who never confirmed, is left out.
    let g = l
        .act(
            &actor(2),
            Action::Start,
            0,
            &mut ScriptedDice::new(&[6, 5, 4]),
        )
        .expect("start");
    let ids: Vec<i64> = g.players.iter().map(|p| p.id).collect();
    assert_eq!(ids.len(), 3);
    assert!(!ids.contains(&3));
    assert!(g.invited.is_empty());
}

#[test]
fn rematch_keeps_the_board_size_the_game_was_opened_with() {
    // Given a finished game whose lobby asked for the 6-arm board,
    let mut t = finished_game(7);
    t.board = Some(crate::engine::Arms::Six);
    // When a player presses Rematch, Then the new lobby asks for the same board.
    let l = t.rematch(&actor(1)).expect("rematch");
    assert_eq!(l.board, Some(crate::engine::Arms::Six));
    assert_eq!(l.capacity(), 6);
}
