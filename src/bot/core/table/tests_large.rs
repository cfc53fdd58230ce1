//! The lobby on the boards for 6 and 8 players (R8.5–R8.7), Given / When / Then, pure.

use rand::SeedableRng;

use super::test_support::{actor, dice, lobby};
use super::*;
use crate::bot::core::refusal::Reject;
use crate::engine::Arms;

fn start(t: &Table, rolls: &[u8]) -> Result<Table, Reject> {
    t.act(&actor(1), Action::Start, 0, &mut dice(rolls))
}

#[test]
fn a_lobby_with_no_size_seats_eight_and_refuses_a_ninth() {
    // Given a lobby of eight with no board asked for,
    let t = lobby(8, None, false);
    // When a ninth joins or the host adds a computer, Then the lobby is full at 8.
    assert_eq!(
        t.act(&actor(9), Action::Join, 0, &mut dice(&[1])),
        Err(Reject::Full(8))
    );
    assert_eq!(
        t.act(&actor(1), Action::AddBot(Level::Easy), 0, &mut dice(&[1])),
        Err(Reject::Full(8))
    );
    // When it starts, Then on the board for 8, every colour seated in R8.2 order.
    let g = start(&t, &[6, 1, 1, 1, 1, 1, 1, 1]).expect("start");
    let game = g.game().expect("a game");
    assert_eq!(game.arms(), Arms::Eight);
    let colours: Vec<_> = g
        .players
        .iter()
        .map(|p| p.colour.expect("seated"))
        .collect();
    assert_eq!(colours, Arms::Eight.colours());
    assert_eq!(g.to_move().map(|p| p.id), Some(1), "yellow rolled the 6");
}

#[test]
fn r8_7_five_players_with_no_size_start_on_six_arms_spread_round_the_board() {
    // Given five players and no board asked for, When the host starts, Then R8.7 picks the
    // board for 6 and R8.5 seats them on all colours but purple; all five roll off.
    let t = start(&lobby(5, None, false), &[2, 3, 4, 5, 6]).expect("start");
    let game = t.game().expect("a game");
    assert_eq!(game.arms(), Arms::Six);
    let seats: Vec<_> = game.seats().collect();
    assert_eq!(
        seats,
        [
            Colour::Yellow,
            Colour::Blue,
            Colour::Red,
            Colour::Green,
            Colour::Orange
        ]
    );
    match &t.last[0] {
        Event::RollOff { rounds, starter } => {
            assert_eq!(rounds[0].len(), 5);
            assert_eq!(*starter, Colour::Orange, "orange rolled the 6");
        }
        other => panic!("a roll-off first, not {other:?}"),
    }
    assert_eq!(t.to_move().map(|p| p.id), Some(5));
}

#[test]
fn a_lobby_on_a_board_asked_for_caps_its_seats_and_starts_on_that_board() {
    // Given /newgame 6 with six players, When a seventh joins, Then full at 6.
    let six = lobby(6, Some(Arms::Six), false);
    assert_eq!(
        six.act(&actor(7), Action::Join, 0, &mut dice(&[1])),
        Err(Reject::Full(6))
    );
    // Given /newgame 8 with three players, When started, Then on eight arms, seats spread.
    let t = start(&lobby(3, Some(Arms::Eight), false), &[6, 1, 1]).expect("start");
    let game = t.game().expect("a game");
    assert_eq!(game.arms(), Arms::Eight);
    assert_eq!(
        game.seats().collect::<Vec<_>>(),
        [Colour::Yellow, Colour::Red, Colour::Purple]
    );
    // Given /newgame 4, When two start, Then the four-arm board as before.
    let t = start(&lobby(2, Some(Arms::Four), false), &[6, 1]).expect("start");
    assert_eq!(t.game().map(Game::arms), Some(Arms::Four));
}

#[test]
fn r8_6_pairs_start_only_when_they_fill_their_board_with_partners_opposite() {
    // Given pairs with no size, When 5 or 7 start, Then refused (no board is filled);
    for n in [5, 7] {
        assert_eq!(
            start(&lobby(n, None, true), &[6; 8]),
            Err(Reject::PairsNeedEven),
            "{n}"
        );
    }
    // Given pairs on the board for 8 with six players, Then refused: it needs eight.
    assert_eq!(
        start(&lobby(6, Some(Arms::Eight), true), &[6; 8]),
        Err(Reject::PairsFillBoard(Arms::Eight))
    );
    // Given six players in pairs, When started, Then the board for 6, partners opposite.
    let t = start(&lobby(6, None, true), &[6, 1, 1, 1, 1, 1]).expect("start");
    let game = t.game().expect("a game");
    assert_eq!(game.arms(), Arms::Six);
    assert!(game.options().pairs);
    assert_eq!(Arms::Six.partner(Colour::Blue), Colour::Orange);
    // And eight in pairs on the board for 8 asked for.
    let t = start(
        &lobby(8, Some(Arms::Eight), true),
        &[6, 1, 1, 1, 1, 1, 1, 1],
    )
    .expect("start");
    assert_eq!(t.game().map(Game::arms), Some(Arms::Eight));
}

#[test]
fn on_eight_arms_timeouts_mark_absent_a_leaver_is_replaced_and_a_kick_takes_the_seat() {
    // Given eight humans in play on the board for 8,
    let mut t = start(&lobby(8, None, false), &[6, 1, 1, 1, 1, 1, 1, 1]).expect("start");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    // When the timer plays the turns of whoever is to move until pink times out three times,
    let pink = t.player_of(Colour::Pink).expect("pink").id;
    let mut turns = 0;
    while !t.players.iter().any(|p| p.id == pink && p.absent) {
        turns += 1;
        assert!(turns < 2_000, "pink never timed out three times");
        t = t
            .automatic_turn(0, &mut dice(&[3]), &mut rng)
            .expect("a turn");
    }
    // Then pink is absent (the computer plays the seat) and the game goes on.
    assert!(t.last.contains(&Event::Absent {
        name: format!("p{pink}")
    }));
    assert_eq!(t.status(), Status::Playing);
    // When cyan's player leaves, Then a computer takes the seat, narrated as replaced.
    let cyan = t.player_of(Colour::Cyan).expect("cyan").id;
    let t = t
        .act(&actor(cyan), Action::Leave, 0, &mut dice(&[1]))
        .expect("leave");
    assert_eq!(
        t.player_of(Colour::Cyan).map(|p| p.kind),
        Some(PlayerKind::Computer(Level::Normal))
    );
    // When the host removes purple (`/kick morat`: see the command's tests), Then purple's
    // seat is the computer's too.
    let purple = t
        .players
        .iter()
        .position(|p| p.colour == Some(Colour::Purple));
    let i = u8::try_from(purple.expect("purple's place")).expect("a small place");
    let t = t
        .act(&actor(1), Action::Remove(i), 0, &mut dice(&[1]))
        .expect("kick");
    assert!(matches!(t.last[0], Event::Removed { .. }));
    assert!(
        t.player_of(Colour::Purple)
            .is_some_and(Player::is_automatic)
    );
    assert_eq!(t.game().map(Game::arms), Some(Arms::Eight));
}

#[test]
fn the_board_asked_for_is_stored_and_older_records_load_without_one() {
    // Given a lobby of /newgame 8, When stored and loaded, Then the board is kept;
    let t = lobby(3, Some(Arms::Eight), false);
    let json = serde_json::to_string(&t).expect("json");
    assert!(json.contains("\"board\":8"), "{json}");
    let back: Table = serde_json::from_str(&json).expect("loads");
    assert_eq!(back, t);
    // Given a record written before boards could be asked for, Then it loads with none;
    let old = lobby(3, None, false);
    let json = serde_json::to_string(&old).expect("json");
    assert!(!json.contains("board"), "{json}");
    let back: Table = serde_json::from_str(&json).expect("loads");
    assert_eq!(back.board, None);
    // and a board no one can ask for is refused, not guessed.
    let bad = serde_json::to_string(&t)
        .expect("json")
        .replace("\"board\":8", "\"board\":5");
    assert!(serde_json::from_str::<Table>(&bad).is_err());
}
