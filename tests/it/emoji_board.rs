//! The emoji board and the terminal board against committed golden texts
//! (tests/golden/*.txt), on 4, 6 and 8 arms.
//!
//! After an intended change of the board, regenerate with
//! `PARXIS_UPDATE_GOLDEN=1 cargo test --test emoji_board`, look at the texts (and a phone-width
//! screenshot of the emoji ones), commit.

use std::path::PathBuf;

use parxis::engine::{Colour, Game, Preset, Setup};
use parxis::render::emoji::{self, EmojiOptions, TermOptions};

fn check_golden(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let text = if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    };
    if std::env::var_os("PARXIS_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("golden file is writable");
    }
    let want = std::fs::read_to_string(&path).expect("golden file exists");
    assert!(
        text == want,
        "{name} differs from the golden text:\n{text}\nwanted:\n{want}"
    );
}

fn game(json: &str) -> Game {
    let setup: Setup = serde_json::from_str(json).expect("the test position parses");
    Game::from_setup(&setup).expect("the test position is valid")
}

/// Four arms, blue to move a 5: a barrier, two mixed pairs, corridor pieces, a goal.
const FOUR: &str = r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"blue",
    "board":{"7":["yellow"],"12":["blue","yellow"],"29":["red","red"],
             "yellow-5":["yellow"],"44":["red"],"48":["green"],"56":["green","blue"],
             "blue-2":["blue"],"63":["green"],"25":["blue"]},
    "goal":{"red":1},"roll":5}"#;

/// Six arms, five players (R8.5 seats), orange to move a 4 with a piece near its goal.
const SIX: &str = r#"{"rules":"jcf","arms":6,"seats":["yellow","blue","red","orange","purple"],
    "turn":"orange","board":{"5":["yellow"],"30":["blue","red"],"39":["red","red"],
             "73":["orange"],"orange-4":["orange"],"95":["purple"],"101":["yellow"],
             "purple-7":["purple"]},
    "goal":{"blue":2,"purple":1},"roll":4}"#;

/// Eight arms, every seat, pink to move a 3: pink-5 reaches the goal (move 1).
const EIGHT: &str = r#"{"rules":"jcf","arms":8,
    "seats":["yellow","blue","red","green","orange","purple","cyan","pink"],
    "turn":"pink","board":{"pink-5":["pink"],"60":["pink"],"107":["cyan"],"124":["pink"],
             "136":["yellow","yellow"],"22":["blue"],"80":["orange","green"],
             "cyan-2":["cyan"]},
    "goal":{"green":1},"roll":3}"#;

fn emoji_with_moves(json: &str) -> String {
    let g = game(json);
    let moves = g.legal_moves();
    assert!(!moves.is_empty(), "the test position has moves to number");
    let mut text = emoji::board_with(&g, &EmojiOptions::default(), &moves);
    for c in g.seats() {
        text.push('\n');
        text.push_str(&emoji::pieces_line(&g, c));
    }
    text
}

#[test]
fn empty_four_arm_board_matches_golden() {
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
fn four_arm_mid_game_board_with_move_numbers_matches_golden() {
    // Given blue to move a 5 in a busy four-arm position
    // When the board is drawn with the legal moves numbered in their order
    // Then it is the committed text (ring rows, colour lines, pairs, piece lists)
    check_golden("busy_board.txt", &emoji_with_moves(FOUR));
}

#[test]
fn six_arm_mid_game_board_matches_golden() {
    // Given five players on six arms, orange to move a 4
    // Then the board is the committed text: 11 ring rows, five colour lines
    check_golden("busy_board_6.txt", &emoji_with_moves(SIX));
}

#[test]
fn eight_arm_mid_game_board_matches_golden() {
    // Given eight players, pink to move a 3 with a piece that can reach the goal
    // Then the board is the committed text: 14 ring rows, eight colour lines
    check_golden("busy_board_8.txt", &emoji_with_moves(EIGHT));
}

#[test]
fn every_golden_board_line_fits_fifteen_cells() {
    // Given the golden positions on every board size
    for json in [FOUR, SIX, EIGHT] {
        let text = emoji_with_moves(json);
        // Then no line is wider than 15 cells by the board's width rule
        for line in text.lines() {
            assert!(
                emoji::cell_width(line) <= emoji::MAX_WIDTH,
                "{} cells: {line}",
                emoji::cell_width(line)
            );
        }
    }
}

fn names(g: &Game) -> Vec<(Colour, String)> {
    g.seats()
        .map(|c| {
            let n = if c == Colour::Yellow {
                "You".to_string()
            } else {
                let s = c.name();
                format!("🤖 {}{}", s[..1].to_uppercase(), &s[1..])
            };
            (c, n)
        })
        .collect()
}

fn terminal(json: &str) -> String {
    let g = game(json);
    let moves = g.legal_moves();
    let names = names(&g);
    emoji::terminal_board(
        &g,
        &TermOptions {
            colour: false,
            moves: &moves,
            names: &names,
            columns: 80,
        },
    )
}

#[test]
fn four_arm_terminal_cross_matches_golden_and_fits_eighty_columns() {
    // Given the busy four-arm position, drawn for a terminal without colour
    let text = terminal(FOUR);
    // Then it is the committed cross, 19 rows, none wider than 80 columns, no escapes
    assert_eq!(text.lines().count(), 19);
    for line in text.lines() {
        assert!(emoji::display_width(line) <= 80, "too wide: {line}");
    }
    assert!(!text.contains('\x1b'));
    check_golden("terminal_board.txt", &text);
}

#[test]
fn six_and_eight_arm_terminal_boards_match_golden_and_fit_eighty_columns() {
    // Given the six- and eight-arm positions, drawn for a terminal without colour
    for (json, name, rows) in [
        (SIX, "terminal_board_6.txt", 6 + 1 + 5),
        (EIGHT, "terminal_board_8.txt", 8 + 1 + 8),
    ] {
        let text = terminal(json);
        // Then one row per arm, a blank line, one line per seat, each ≤ 80 columns
        assert_eq!(text.lines().count(), rows, "{name}");
        for line in text.lines() {
            assert!(emoji::display_width(line) <= 80, "too wide: {line}");
        }
        check_golden(name, &text);
    }
}
