//! What the board message tells the group, from the pure table (no Telegram, no Redis).

use parxis::bot::table::{Action, Actor, Event, Player, PlayerKind, Status, Table};
use parxis::engine::{Colour, Game, Loc, Preset, ScriptedDice};
use parxis::i18n::Lang;

fn actor(id: i64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        is_admin: false,
    }
}

/// A two-player table (Anna yellow, Pau red) playing `position`.
fn playing(position: &str) -> Table {
    let mut t = Table::lobby(&actor(1, "Anna"), Preset::Jcf, false);
    t.players = [(1, "Anna", Colour::Yellow), (2, "Pau", Colour::Red)]
        .into_iter()
        .map(|(id, name, c)| Player {
            id,
            name: name.into(),
            kind: PlayerKind::Human,
            colour: Some(c),
            strikes: 0,
            absent: false,
        })
        .collect();
    t.status = Status::Playing;
    t.game = Some(serde_json::from_str::<Game>(position).expect("position"));
    t
}

#[test]
fn a_third_six_names_the_piece_the_last_roll_moved_not_the_one_the_bonus_moved() {
    // Given Anna's second six captured on 26 and the 20 was played by her piece on 40 -> 60,
    let t = playing(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","sixes":2,"last_moved":"26",
            "board":{"26":["yellow"],"60":["yellow"]}}"#,
    );
    // When she rolls a third six,
    let after = t
        .act(
            &actor(1, "Anna"),
            Action::Roll,
            0,
            &mut ScriptedDice::new(&[6]),
        )
        .expect("her turn");
    // Then the piece on 26 goes home, and the board message says which one.
    assert!(after.last.contains(&Event::ThirdSix {
        sent_home: Some("26".parse::<Loc>().unwrap())
    }));
    let game = after.game.as_ref().expect("game");
    assert_eq!(game.in_nest(Colour::Yellow), 3);
    assert_eq!(game.turn(), Some(Colour::Red));
    let text = parxis::bot::view::board_text(Lang::En, &after, 0).status;
    assert!(
        text.contains("Third six! The piece Anna moved with the last roll (square 26)"),
        "{text}"
    );
    let ca = parxis::bot::view::board_text(Lang::CaValencia, &after, 0).status;
    assert!(ca.contains("Tercer sis!") && ca.contains("26"), "{ca}");
}
