use std::collections::HashSet;

use super::layout::{CELLS, COLS, FOOTER, HEADER, ROWS, SPOTS, Spot, corridor_pos, ring_pos};
use super::*;
use crate::engine::setup::Setup;
use crate::engine::{Colour, Game, Preset, Square};

fn game(json: &str) -> Game {
    let setup: Setup = serde_json::from_str(json).expect("test setup parses");
    Game::from_setup(&setup).expect("test setup is valid")
}

fn four_seats(board: &str) -> Game {
    game(&format!(
        r#"{{"seats": ["yellow","blue","red","green"], "turn": "blue", "board": {board}}}"#
    ))
}

/// The cell at grid `(row, col)` of a rendered board.
fn cell_at(text: &str, row: usize, col: usize) -> String {
    let line = text.lines().nth(row).expect("row exists");
    split_cells(line)[col].to_string()
}

/// A busy position: barriers, mixed pairs, corridor pieces, nests and goals.
fn busy() -> Game {
    game(
        r#"{"seats": ["yellow","blue","red","green"], "turn": "red",
            "board": {"5": ["yellow"], "12": ["blue","yellow"], "22": ["blue","blue"],
                      "yellow-3": ["yellow"], "40": ["red"], "34": ["red","red"],
                      "56": ["green","yellow"], "17": ["blue"], "30": ["green","red"]},
            "goal": {"green": 1}}"#,
    )
}

#[test]
fn cells_cover_every_square_nest_and_goal_once_without_overlap() {
    // Given the layout table
    // Then it has 68 ring + 28 corridor squares + 4 nests + 4 goals, each once,
    // each in its own cell, none on a separator column.
    assert_eq!(CELLS.len(), SPOTS);
    let spots: HashSet<Spot> = CELLS.iter().map(|c| c.spot).collect();
    assert_eq!(spots.len(), SPOTS, "duplicate spot");
    for n in 1..=68 {
        assert!(
            spots.contains(&Spot::Sq(Square::ring(n).unwrap())),
            "ring {n}"
        );
    }
    for &c in crate::engine::Arms::Four.colours() {
        for k in 1..=7 {
            assert!(spots.contains(&Spot::Sq(Square::corridor(c, k).unwrap())));
        }
        assert!(spots.contains(&Spot::Nest(c)));
        assert!(spots.contains(&Spot::Goal(c)));
    }
    let places: HashSet<(u8, u8)> = CELLS.iter().map(|c| (c.row, c.col)).collect();
    assert_eq!(places.len(), SPOTS, "two spots share a cell");
    for c in &CELLS {
        assert!((c.row as usize) < ROWS && (c.col as usize) < COLS, "{c:?}");
        assert!(
            !layout::is_separator(c.col as usize),
            "{c:?} on a separator"
        );
        let in_frame = c.row as usize == HEADER || c.row as usize == FOOTER;
        assert_eq!(in_frame, !matches!(c.spot, Spot::Sq(_)), "{c:?}");
    }
}

#[test]
fn the_path_zigzags_up_left_columns_and_down_right_columns() {
    // Consecutive ring squares are neighbours in the grid, except where the path steps
    // from the bottom of one arm to the bottom of the next (and wraps from green to yellow).
    for n in 1..=68u8 {
        let next = n % 68 + 1;
        let (r0, c0) = ring_pos(n);
        let (r1, c1) = ring_pos(next);
        let adjacent = r0.abs_diff(r1) + c0.abs_diff(c1) == 1;
        let arm_step = r0 == 8 && r1 == 8 && (c1 == c0 + 2 || (n == 59 && c1 == 0));
        assert!(
            adjacent || arm_step,
            "{n} {:?} -> {next} {:?}",
            (r0, c0),
            (r1, c1)
        );
    }
    // Tips are the entry squares, above their corridors; exits are on row 5, right.
    for &c in crate::engine::Arms::Four.colours() {
        assert_eq!(
            ring_pos(crate::engine::Arms::Four.entry_square(c)),
            (1, layout::arm_col(c) + 1)
        );
        assert_eq!(corridor_pos(c, 1), (2, layout::arm_col(c) + 1));
        assert_eq!(ring_pos(c.exit_square()), (5, layout::arm_col(c) + 2));
    }
}

#[test]
fn every_line_fits_in_fifteen_cells() {
    let two_seats = Game::new(
        Preset::Jcf,
        Preset::Jcf.options(),
        &[Colour::Yellow, Colour::Red],
    )
    .unwrap();
    // Eight pairs: the most footnotes a board can have.
    let crowded = four_seats(
        r#"{"1":["blue","red"],"2":["blue","red"],"3":["green","red"],"6":["green","red"],
            "7":["yellow","blue"],"8":["yellow","blue"],"9":["yellow","green"],"10":["yellow","green"]}"#,
    );
    for g in [busy(), two_seats, crowded] {
        for opts in [
            EmojiOptions::default(),
            EmojiOptions {
                turn_marker: false,
                anchors: false,
            },
        ] {
            let text = board_with(&g, &opts);
            for line in text.lines() {
                assert!(
                    cell_width(line) <= MAX_WIDTH,
                    "{} cells: {line}",
                    cell_width(line)
                );
            }
        }
    }
}

#[test]
fn cell_width_counts_ascii_and_emoji_but_not_joiners() {
    assert_eq!(cell_width("⬜🔲⬜"), 3);
    assert_eq!(cell_width("🏠4\u{fe0f}\u{20e3}❤\u{fe0f}"), 3);
    assert_eq!(cell_width("🟨68"), 3);
    assert_eq!(
        split_cells("1\u{fe0f}\u{20e3} 12"),
        ["1\u{fe0f}\u{20e3}", " ", "1", "2"]
    );
}

#[test]
fn a_piece_on_any_square_appears_at_that_squares_cell_in_its_colour() {
    for &c in crate::engine::Arms::Four.colours() {
        for p in 1..=71 {
            // Given one piece of colour c at progress p
            let sq = crate::engine::Arms::Four.square_at(c, p).unwrap();
            let g = four_seats(&format!(r#"{{"{sq}": ["{}"]}}"#, c.name()));
            // When the board is drawn
            let text = board(&g);
            // Then its cell shows the piece, and no other cell does
            let (r, col) = match sq.corridor_of() {
                Some((cc, k)) => corridor_pos(cc, k),
                None => ring_pos(sq.ring_number().unwrap()),
            };
            assert_eq!(cell_at(&text, r, col), piece(c), "{c} on {sq}");
            assert_eq!(text.matches(piece(c)).count(), 1, "{c} on {sq}:\n{text}");
        }
    }
}

#[test]
fn barrier_mixed_pair_and_single_piece_look_different() {
    // Given a barrier on 22, a mixed pair on 12 (blue first), a single piece on 17
    let g = busy();
    let text = board(&g);
    let at = |n: u8| {
        let (r, c) = ring_pos(n);
        cell_at(&text, r, c)
    };
    // Then the barrier is a blue heart, the single a blue circle, the pair a keycap
    assert_eq!(at(22), barrier(Colour::Blue));
    assert_eq!(at(17), piece(Colour::Blue));
    assert_eq!(at(34), barrier(Colour::Red));
    // Pairs are numbered in reading order: 56 (row 5, green arm) is after 12 (row 5, blue
    // arm); 30 (row 4, red arm) comes first.
    assert_eq!(at(30), keycap(1));
    assert_eq!(at(12), keycap(2));
    assert_eq!(at(56), keycap(3));
    // And the footnotes name square and colours in arrival order
    let notes: Vec<&str> = text.lines().skip(ROWS + 1).collect();
    assert_eq!(
        notes,
        [
            format!("{} 30 🟢🔴", keycap(1)),
            format!("{} 12 🔵🟡", keycap(2)),
            format!("{} 56 🟢🟡", keycap(3)),
        ]
    );
}

#[test]
fn a_same_colour_pair_that_is_no_barrier_is_footnoted_not_a_heart() {
    // Given barriers only on safe squares (solidari without pairs) and a red pair on 40
    let g = game(
        r#"{"rules":"solidari","options":{"pairs":false},"seats":["yellow","red"],
            "turn":"red","board":{"40":["red","red"],"46":["yellow","yellow"],"red-2":["red","red"]}}"#,
    );
    let text = board(&g);
    let at = |(r, c): (usize, usize)| cell_at(&text, r, c);
    // Then 46 (safe) is a barrier, 40 and the corridor pair are footnoted pairs
    assert_eq!(at(ring_pos(46)), barrier(Colour::Yellow));
    assert_eq!(at(corridor_pos(Colour::Red, 2)), keycap(1));
    assert_eq!(at(ring_pos(40)), keycap(2));
    assert!(text.ends_with(&format!("{} 🟥2 🔴🔴\n{} 40 🔴🔴", keycap(1), keycap(2))));
}

#[test]
fn nest_and_goal_counts_show_in_header_and_footer() {
    let g = busy();
    let text = board(&g);
    for &c in crate::engine::Arms::Four.colours() {
        let (r, col) = layout::nest_pos(c);
        assert_eq!(cell_at(&text, r, col), keycap(g.in_nest(c)), "{c} nest");
        assert_eq!(cell_at(&text, r, col - 1), NEST);
        let (r, col) = layout::goal_pos(c);
        assert_eq!(cell_at(&text, r, col), keycap(g.in_goal(c)), "{c} goal");
        assert_eq!(cell_at(&text, r, col - 1), GOAL);
    }
    assert_eq!(g.in_nest(Colour::Green), 1);
    assert_eq!(g.in_goal(Colour::Green), 1);
    // The seat to act (red) has the die; the others have filler
    assert_eq!(cell_at(&text, 0, layout::arm_col(Colour::Red) + 2), TURN);
    assert_eq!(cell_at(&text, 0, layout::arm_col(Colour::Blue) + 2), FILL);
}

#[test]
fn an_unseated_colour_shows_only_filler_and_a_winner_a_trophy() {
    let g = game(
        r#"{"seats":["yellow","red"],"turn":null,"winner":"red",
            "board":{"20":["yellow"]},"goal":{"red":4}}"#,
    );
    let text = board(&g);
    let lines: Vec<&str> = text.lines().collect();
    let blue = layout::arm_col(Colour::Blue);
    for row in [HEADER, FOOTER] {
        let cells = split_cells(lines[row]);
        assert_eq!(cells[blue..blue + 3], [FILL; 3]);
    }
    let red = layout::arm_col(Colour::Red);
    assert_eq!(split_cells(lines[FOOTER])[red], TROPHY);
    assert_eq!(split_cells(lines[FOOTER])[red + 2], keycap(4));
    assert!(!text.contains(TURN), "nobody is to act in a won game");
}

#[test]
fn the_text_is_safe_for_html_and_has_no_surrounding_blanks() {
    let text = board(&busy());
    assert!(!text.contains(['<', '>', '&']));
    for line in text.lines() {
        assert_eq!(line.trim(), line);
    }
    assert_eq!(
        text.lines().nth(ROWS),
        Some("🟨68\u{2002}🟦17\u{2002}🟥34\u{2002}🟩51")
    );
}

#[test]
fn every_glyph_on_the_board_is_in_the_legend() {
    let known: String = legend().iter().map(|(e, _)| *e).collect();
    let text = board(&busy());
    for line in text.lines().take(ROWS) {
        for cell in split_cells(line) {
            let is_keycap = cell.ends_with('\u{20e3}');
            let ok = cell == SEPARATOR || cell == FILL || is_keycap || known.contains(cell);
            assert!(ok, "{cell:?} is not explained by the legend");
        }
    }
    assert!(legend_english().lines().count() == legend().len());
}

#[test]
fn pieces_line_lists_nest_squares_and_goal() {
    let g = busy();
    assert_eq!(pieces_line(&g, Colour::Yellow), "🟡 5 12 56 🟨3");
    assert_eq!(pieces_line(&g, Colour::Green), "🟢 🏠1 56 30 🏁1");
    assert_eq!(pieces_line(&g, Colour::Red), "🔴 40 30 34 34");
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut esc = false;
    for ch in s.chars() {
        match (esc, ch) {
            (false, '\x1b') => esc = true,
            (true, 'm') => esc = false,
            (true, _) => {}
            (false, _) => out.push(ch),
        }
    }
    out
}

#[test]
fn ansi_board_has_the_same_layout_with_pairs_inline() {
    let plain = strip_ansi(&ansi_board(&busy()));
    let lines: Vec<&str> = plain.lines().collect();
    assert_eq!(lines.len(), ROWS + 1);
    // Every grid line is 4 arms × 9 columns + 3 separators × 2.
    for line in &lines[..ROWS] {
        assert_eq!(line.chars().count(), 42, "{line:?}");
    }
    let cell = |n: u8| {
        let (r, c) = ring_pos(n);
        let x = c / 4 * 11 + c % 4 * 3;
        lines[r].chars().skip(x).take(3).collect::<String>()
    };
    assert_eq!(cell(12), "BY ");
    assert_eq!(cell(22), "=B=");
    assert_eq!(cell(17), " B ");
    assert_eq!(cell(1), " · ");
    assert_eq!(cell(63), " * ");
    assert_eq!(lines[ROWS].trim(), "68         17         34         51");
}
