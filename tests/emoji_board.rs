//! The emoji board against committed golden texts (tests/golden/*.txt).
//!
//! After an intended change of the board, regenerate with
//! `PARXIS_UPDATE_GOLDEN=1 cargo test --test emoji_board`, look at the texts (and a phone-width
//! screenshot of `tests/golden/busy_board.txt`), commit.

use std::path::PathBuf;

use parxis::engine::{Game, Preset, Setup};
use parxis::render::emoji;

fn check_golden(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let text = format!("{text}\n");
    if std::env::var_os("PARXIS_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("golden file is writable");
    }
    let want = std::fs::read_to_string(&path).expect("golden file exists");
    assert!(
        text == want,
        "{name} differs from the golden text:\n{text}\nwanted:\n{want}"
    );
}

#[test]
fn empty_board_matches_golden() {
    // Given a new four-seat game, yellow to roll
    let game = Game::new(
        Preset::Jcf,
        Preset::Jcf.options(),
        parxis::engine::Arms::Four.colours(),
    )
    .unwrap();
    // Then the board is the committed empty board
    check_golden("empty_board.txt", &emoji::board(&game));
}

#[test]
fn mid_game_board_matches_golden() {
    // Given a mid-game position with a barrier, two mixed pairs, corridor pieces and a goal
    let setup: Setup = serde_json::from_str(
        r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"blue",
            "board":{"7":["yellow"],"12":["blue","yellow"],"29":["red","red"],
                     "yellow-5":["yellow"],"44":["red"],"48":["green"],"56":["green","blue"],
                     "blue-2":["blue"],"63":["green"],"25":["blue"]},
            "goal":{"red":1}}"#,
    )
    .unwrap();
    let game = Game::from_setup(&setup).unwrap();
    let mut text = emoji::board(&game);
    for c in game.seats() {
        text.push('\n');
        text.push_str(&emoji::pieces_line(&game, c));
    }
    check_golden("busy_board.txt", &text);
}
