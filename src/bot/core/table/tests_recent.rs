//! The recent turns a table keeps for the caption's "before:" lines, and the split of
//! events into turns.

use rand::SeedableRng;

use super::test_support::{actor, dice};
use super::*;

/// Humans 1..=n in play, the first seat to roll.
fn playing(n: i64) -> Table {
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false);
    for id in 2..=n {
        t = t
            .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    let mut rolls = vec![6];
    rolls.extend(std::iter::repeat_n(1, usize::try_from(n).unwrap_or(0)));
    t.act(&actor(1), Action::Start, 0, &mut dice(&rolls))
        .expect("start")
}

fn rolled(seat: Colour, die: u8) -> Event {
    Event::Rolled {
        seat,
        die,
        counts: die,
    }
}

#[test]
fn events_split_into_turns_at_another_seat_s_roll_with_its_timeout_said_before_it() {
    // Given the roll-off, yellow's two rolls, red's timed-out turn and a return
    let events = [
        Event::RollOff {
            rounds: Vec::new(),
            starter: Colour::Yellow,
        },
        rolled(Colour::Yellow, 6),
        Event::NoMove { die: 6 },
        Event::RollAgain {
            seat: Colour::Yellow,
        },
        rolled(Colour::Yellow, 2),
        Event::NoMove { die: 2 },
        Event::TimedOut {
            name: "Pau".into(),
            strike: 1,
        },
        rolled(Colour::Red, 3),
        Event::NoMove { die: 3 },
        Event::Absent { name: "Pau".into() },
    ];
    // When they are cut into turns
    let spans = turn_spans(&events);
    // Then the roll-off stands apart, yellow's rolls are one turn, and red's turn starts
    // at the timeout said before its roll and keeps what came after it
    let cut: Vec<(Option<Colour>, usize, usize)> =
        spans.iter().map(|s| (s.seat, s.start, s.end)).collect();
    assert_eq!(
        cut,
        [
            (None, 0, 1),
            (Some(Colour::Yellow), 1, 6),
            (Some(Colour::Red), 6, 10)
        ]
    );
    assert!(turn_spans(&[]).is_empty());
}

#[test]
fn a_table_keeps_the_whole_turns_before_its_last_action_nine_at_most() {
    // Given two humans playing twenty turns with no move possible (JCF: a 3 leaves no nest)
    let mut t = playing(2);
    for _ in 0..20 {
        let id = t.to_move().expect("someone to move").id;
        t = t
            .act(&actor(id), Action::Roll, 0, &mut dice(&[3]))
            .expect("roll");
    }
    // Then the recent turns start at a roll (nothing from the lobby or the roll-off),
    // hold nine whole turns, and the last action's turn is not among them
    assert!(
        matches!(t.recent.first(), Some(Event::Rolled { .. })),
        "{:?}",
        t.recent
    );
    let spans = turn_spans(&t.recent);
    assert_eq!(spans.len(), 9, "{spans:?}");
    assert!(spans.iter().all(|s| s.end - s.start == 2), "{spans:?}");
    assert_eq!(t.last.len(), 2, "{:?}", t.last);
    // And the seats alternate, the newest recent turn being the one before the last action
    let Some(Event::Rolled { seat: last, .. }) = t.last.first() else {
        panic!("the last action rolled: {:?}", t.last);
    };
    assert_ne!(spans.last().and_then(|s| s.seat), Some(*last));
}

#[test]
fn the_recent_turns_are_stored_and_an_older_record_without_them_loads_none() {
    // Given a table with recent turns
    let t = playing(2)
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .and_then(|t| t.act(&actor(2), Action::Roll, 0, &mut dice(&[4])))
        .expect("two turns");
    assert_eq!(t.recent.len(), 2, "{:?}", t.recent);
    // When it is stored and loaded, Then they are there
    let json = serde_json::to_value(&t).expect("encode");
    let back: Table = serde_json::from_value(json.clone()).expect("decode");
    assert_eq!(back.recent, t.recent);
    // And a record of the previous version (no `recent`) loads with none
    let mut old = json;
    old.as_object_mut().expect("an object").remove("recent");
    let loaded: Table = serde_json::from_value(old).expect("an older record loads");
    assert!(loaded.recent.is_empty());
    assert_eq!(loaded.last, t.last);
}

#[test]
fn a_computer_s_whole_turn_joins_the_recent_turns_like_any_other() {
    // Given yellow (a human) rolled a 3 and red is a computer
    let mut with_bot = playing(2);
    with_bot.players[1].kind = PlayerKind::Computer(Level::Easy);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let t = with_bot
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    // When the computer plays its turn
    let t = t
        .computer_turn(0, &mut dice(&[2]), &mut rng)
        .expect("the computer's turn");
    // Then yellow's turn is among the recent turns and the computer's is the last action
    assert_eq!(
        t.recent,
        [rolled(Colour::Yellow, 3), Event::NoMove { die: 3 }]
    );
    assert_eq!(
        t.last.first(),
        Some(&rolled(Colour::Red, 2)),
        "{:?}",
        t.last
    );
}
