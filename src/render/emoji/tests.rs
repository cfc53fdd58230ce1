use std::collections::HashSet;

use super::*;
use crate::engine::setup::Setup;
use crate::engine::{Arms, Colour, Game, Preset};

fn game(json: &str) -> Game {
    let setup: Setup = serde_json::from_str(json).expect("test setup parses");
    Game::from_setup(&setup).expect("test setup is valid")
}

fn four_seats(board: &str) -> Game {
    game(&format!(
        r#"{{"seats": ["yellow","blue","red","green"], "turn": "blue", "board": {board}}}"#
    ))
}

/// The cell of ring square `n` in a rendered board: row `(n-1)/10`, cell `(n-1)%10`
/// after the label and its space.
fn ring_cell(text: &str, n: u8) -> String {
    let line = text
        .lines()
        .nth(usize::from((n - 1) / 10))
        .expect("row exists");
    let cells = split_cells(line);
    let label = cells.len() - usize::from(line_len(text, n));
    cells[label + usize::from((n - 1) % 10)].to_string()
}

/// Squares in the row of square `n` of a rendered board (10, or fewer in the last row).
fn line_len(text: &str, n: u8) -> u8 {
    let rows = text.lines().take_while(|l| !l.is_empty()).count();
    let row = usize::from((n - 1) / 10);
    let ring = ring_of(rows);
    if row + 1 == rows {
        ring - 10 * row as u8
    } else {
        10
    }
}

fn ring_of(rows: usize) -> u8 {
    match rows {
        7 => 68,
        11 => 102,
        _ => 136,
    }
}

/// The line of colour `c` (the one that starts with its piece) of a rendered board.
fn colour_line(text: &str, c: Colour) -> Vec<String> {
    let line = text
        .lines()
        .find(|l| l.starts_with(piece(c)) && l.contains(NEST))
        .expect("the colour has a line");
    split_cells(line).into_iter().map(str::to_string).collect()
}

fn every_seat(arms: Arms) -> Game {
    Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours()).unwrap()
}

#[test]
fn the_ring_is_written_in_rows_of_ten_labelled_by_their_first_square() {
    // Given an empty board of each size
    for (arms, rows, width) in [(Arms::Four, 7, 2), (Arms::Six, 11, 3), (Arms::Eight, 14, 3)] {
        let text = board(&every_seat(arms));
        let ring: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
        // Then there is one row per ten squares, each labelled 1, 11, 21… right-aligned
        assert_eq!(ring.len(), rows, "{arms} arms");
        let mut squares = 0;
        for (r, line) in ring.iter().enumerate() {
            let label = format!("{}", 10 * r + 1);
            let pad = "\u{2007}".repeat(width - label.len());
            assert!(line.starts_with(&format!("{label}{pad} ")), "{line}");
            squares += cell_width(line) - width - 1;
        }
        // And the rows hold the whole ring, each square once
        assert_eq!(squares, usize::from(arms.ring()), "{arms} arms");
    }
}

#[test]
fn a_piece_on_any_ring_square_shows_in_its_row_and_column() {
    // Given one yellow piece on square n, for every square of the four-arm ring
    for n in 1..=68u8 {
        // (yellow, or blue on 1–4, which are off yellow's path)
        let c = if n < 5 { Colour::Blue } else { Colour::Yellow };
        let g = four_seats(&format!(r#"{{"{n}": ["{c}"]}}"#));
        // Then the cell of square n (row (n-1)/10, column (n-1)%10) is that piece
        assert_eq!(ring_cell(&board(&g), n), piece(c), "square {n}");
    }
}

#[test]
fn safe_squares_and_seated_exits_are_marked_on_every_board_size() {
    for arms in Arms::ALL {
        // Given an empty board with every seat taken
        let text = board(&every_seat(arms));
        for n in 1..=arms.ring() {
            let cell = ring_cell(&text, n);
            // Then each colour's exit shows its colour, other safe squares 🔲, the rest ⬜
            let want = match arms.colours().iter().find(|c| c.exit_square() == n) {
                Some(&c) => lane(c),
                None if crate::engine::board::is_safe_square(n) => SAFE,
                None => EMPTY,
            };
            assert_eq!(cell, want, "{arms} arms, square {n}");
        }
    }
}

#[test]
fn an_unseated_colours_exit_is_a_plain_safe_square_and_it_has_no_line() {
    // Given two players (yellow, red) on four arms
    let g = game(r#"{"seats": ["yellow","red"], "turn": "yellow", "board": {}}"#);
    let text = board(&g);
    // Then blue's exit (22) is a plain safe square and blue and green have no line
    assert_eq!(ring_cell(&text, 22), SAFE);
    assert!(!text.contains(lane(Colour::Blue)));
    assert_eq!(text.lines().filter(|l| l.contains(NEST)).count(), 2);
}

#[test]
fn barrier_mixed_pair_and_single_piece_look_different_and_pairs_are_listed() {
    // Given a red barrier on 29, blue-then-yellow on 12 and one green piece on 48
    let g = four_seats(r#"{"29": ["red","red"], "12": ["blue","yellow"], "48": ["green"]}"#);
    let text = board(&g);
    // Then 29 is a red heart, 12 is 👥 listed with its colours in arrival order
    assert_eq!(ring_cell(&text, 29), barrier(Colour::Red));
    assert_eq!(ring_cell(&text, 12), PAIR);
    assert_eq!(ring_cell(&text, 48), piece(Colour::Green));
    assert!(text.lines().any(|l| l == "👥 12 🔵🟡"), "{text}");
}

#[test]
fn a_same_colour_pair_that_is_no_barrier_is_a_pair_not_a_heart() {
    // Given barriers only on safe squares, two blue pieces on plain square 30
    let g = game(
        r#"{"options": {"barriers": "safe"}, "seats": ["yellow","blue"], "turn": "blue",
            "board": {"30": ["blue","blue"]}}"#,
    );
    // Then square 30 is 👥 and listed, not a heart
    let text = board(&g);
    assert_eq!(ring_cell(&text, 30), PAIR);
    assert!(text.contains("👥 30 🔵🔵"), "{text}");
}

#[test]
fn the_colour_line_shows_nest_corridor_goal_and_the_turn() {
    // Given blue to play with one piece in the nest, one on blue-3 and two in the goal
    let g = game(
        r#"{"seats": ["yellow","blue"], "turn": "blue",
            "board": {"blue-3": ["blue"], "30": ["blue"]}, "goal": {"blue": 2}}"#,
    );
    let line = colour_line(&board(&g), Colour::Blue);
    // Then: 🔵 🏠 0 · seven corridor cells with the piece on the third · 🏁 2 🎲
    let want: Vec<String> = [
        "🔵", "🏠", "0", " ", "🟦", "🟦", "🔵", "🟦", "🟦", "🟦", "🟦", "🏁", "2", "🎲",
    ]
    .map(str::to_string)
    .to_vec();
    assert_eq!(line, want);
    // And yellow's line has no die
    assert!(!colour_line(&board(&g), Colour::Yellow).contains(&TURN.to_string()));
}

#[test]
fn moves_are_numbered_where_they_end_in_the_callers_order() {
    // Given blue to move a 3 with pieces on 12 and blue-2 (to 15 and blue-5)
    let g = game(
        r#"{"seats": ["yellow","blue"], "turn": "blue",
            "board": {"12": ["blue"], "blue-2": ["blue"]}, "roll": 3}"#,
    );
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 2);
    // When the caller lists them in either order
    for order in [[0, 1], [1, 0]] {
        let listed = [moves[order[0]], moves[order[1]]];
        let text = board_with(&g, &EmojiOptions::default(), &listed);
        // Then move 1 is marked where the first listed move ends, move 2 the second
        for (i, m) in listed.iter().enumerate() {
            let mark = move_mark(u8::try_from(i + 1).unwrap());
            let cell = match m.to() {
                crate::engine::Loc::Sq(sq) => match sq.ring_number() {
                    Some(n) => ring_cell(&text, n),
                    None => {
                        let (_, k) = sq.corridor_of().unwrap();
                        colour_line(&text, Colour::Blue)[3 + usize::from(k)].clone()
                    }
                },
                other => panic!("unexpected destination {other:?}"),
            };
            assert_eq!(cell, mark, "order {order:?}");
        }
    }
}

#[test]
fn a_move_into_the_goal_is_numbered_before_the_goal_sign() {
    // Given pink on pink-5 with a 3 on eight arms (it reaches the goal)
    let g = game(
        r#"{"arms": 8, "seats": ["yellow","pink"], "turn": "pink",
            "board": {"pink-5": ["pink"]}, "roll": 3}"#,
    );
    let moves = g.legal_moves();
    let text = board_with(&g, &EmojiOptions::default(), &moves);
    // Then pink's line reads … 1️⃣ 🏁 0 🎲
    let line = colour_line(&text, Colour::Pink);
    let goal = line.iter().position(|c| c == GOAL).unwrap();
    assert_eq!(line[goal - 1], move_mark(1));
}

#[test]
fn every_line_fits_in_fifteen_cells_on_every_board_size_even_when_crowded() {
    // Given, on each board size, every seat with pieces on many squares, pairs and
    // barriers, yellow's move into the goal and ten move numbers
    for arms in Arms::ALL {
        let seats = arms.colours();
        let mut board_json = Vec::new();
        for (i, &c) in seats.iter().enumerate() {
            let n = c.exit_square() + 2;
            board_json.push(format!(
                r#""{n}": ["{c}", "{}"]"#,
                seats[(i + 1) % seats.len()]
            ));
            if c == Colour::Yellow {
                board_json.push(r#""yellow-7": ["yellow"]"#.to_string());
            } else {
                board_json.push(format!(r#""{}": ["{c}", "{c}"]"#, c.exit_square() + 4));
            }
        }
        let json = format!(
            r#"{{"arms": {}, "seats": {}, "turn": "yellow", "board": {{{}}},
                "roll": 1}}"#,
            arms.count(),
            serde_json::to_string(seats).unwrap(),
            board_json.join(",")
        );
        let g = game(&json);
        let moves = g.legal_moves();
        assert!(
            moves.iter().any(|m| m.reaches_goal()),
            "{arms} arms: a goal move"
        );
        let mut many: Vec<Move> = moves.to_vec();
        while many.len() < 10 {
            many.push(moves[0]);
        }
        let text = board_with(&g, &EmojiOptions::default(), &many);
        // Then every line is at most 15 cells
        for line in text.lines() {
            assert!(
                cell_width(line) <= MAX_WIDTH,
                "{arms} arms, {} cells: {line}",
                cell_width(line)
            );
        }
    }
}

#[test]
fn cell_width_counts_ascii_and_emoji_but_not_joiners() {
    // Given lines of emoji, keycaps, a red heart, ASCII and figure spaces
    // Then each visible character is one cell; selectors and keycap marks add none
    assert_eq!(cell_width("⬜🔲⬜"), 3);
    assert_eq!(cell_width("1\u{fe0f}\u{20e3}❤\u{fe0f}"), 2);
    assert_eq!(cell_width("\u{2007}11 ⬜"), 5);
    assert_eq!(
        split_cells("🟡1\u{fe0f}\u{20e3}a"),
        ["🟡", "1\u{fe0f}\u{20e3}", "a"]
    );
}

#[test]
fn the_text_is_safe_for_html_and_has_no_surrounding_blanks() {
    // Given a busy board on each size
    for arms in Arms::ALL {
        let text = board(&every_seat(arms));
        // Then no HTML-special characters and no leading or trailing blank lines
        assert!(!text.contains(['<', '>', '&']));
        assert!(!text.starts_with(char::is_whitespace), "{text}");
        assert!(!text.ends_with(char::is_whitespace), "{text}");
    }
}

#[test]
fn every_glyph_on_the_board_is_in_the_legend_or_a_digit() {
    // Given a board with pieces, barrier, pair and a move number
    let g = game(
        r#"{"seats": ["yellow","blue","red","green"], "turn": "blue", "goal": {"red": 1},
            "board": {"29": ["red","red"], "12": ["blue","yellow"], "blue-2": ["blue"]},
            "roll": 5}"#,
    );
    let text = board_with(&g, &EmojiOptions::default(), &g.legal_moves());
    let known: HashSet<&str> = legend()
        .iter()
        .flat_map(|(e, _)| split_cells(e))
        .chain([" ", "\u{2007}"])
        .collect();
    // Then each cell is a legend emoji, a piece or lane of a seated colour, or a digit
    for line in text.lines() {
        for cell in split_cells(line) {
            let digit = cell.chars().all(|c| c.is_ascii_digit());
            let keycap = cell.ends_with('\u{20e3}');
            assert!(
                known.contains(cell) || digit || keycap,
                "{cell:?} in {line}"
            );
        }
    }
}

#[test]
fn pieces_line_lists_nest_squares_and_goal() {
    let g = game(
        r#"{"seats": ["yellow","blue"], "turn": "yellow",
            "board": {"7": ["yellow"], "yellow-5": ["yellow"]}, "goal": {"yellow": 1}}"#,
    );
    // Then 🟡 🏠1 7 🟨5 🏁1 (squares along the path)
    assert_eq!(pieces_line(&g, Colour::Yellow), "🟡 🏠1 7 🟨5 🏁1");
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut esc = false;
    for ch in s.chars() {
        match (esc, ch) {
            (false, '\x1b') => esc = true,
            (true, 'm') => esc = false,
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

#[test]
fn the_terminal_cross_puts_every_square_in_its_own_cell_with_its_number() {
    // Given the cross layout
    let cells = cross::square_cells();
    // Then 68 ring + 28 corridor squares, each in its own cell of the 19×19 cross,
    // never in a corner (nest) or in the centre (goal)
    assert_eq!(cells.len(), 68 + 28);
    let places: HashSet<(usize, usize)> = cells.iter().map(|&(_, p)| p).collect();
    assert_eq!(places.len(), cells.len(), "two squares share a cell");
    for &(sq, (r, c)) in &cells {
        let in_arm = (8..=10).contains(&r) || (8..=10).contains(&c);
        let centre = (8..=10).contains(&r) && (8..=10).contains(&c);
        assert!(r < 19 && c < 19 && in_arm && !centre, "{sq} at {r},{c}");
    }
    // And consecutive ring squares touch (side or corner), 68 → 1 included
    for n in 1..=68u8 {
        let (a, b) = (cross::ring_cell(n), cross::ring_cell(n % 68 + 1));
        assert!(a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1, "{n}");
    }
    // And each corridor starts beside its colour's entry square
    for &c in Arms::Four.colours() {
        let (e, k1) = (
            cross::ring_cell(Arms::Four.entry_square(c)),
            cross::corridor_cell(c, 1),
        );
        assert_eq!(e.0.abs_diff(k1.0) + e.1.abs_diff(k1.1), 1, "{c}");
    }
    // And an empty board shows each ring square's number in its cell
    let text = strip_ansi(&ansi_board(&every_seat(Arms::Four)));
    let lines: Vec<&str> = text.lines().collect();
    for (sq, (r, c)) in cells {
        let Some(n) = sq.ring_number() else { continue };
        let cell: String = lines[r].chars().skip(4 * c).take(4).collect();
        assert!(cell.contains(&n.to_string()), "{n}: {cell:?}");
    }
}

#[test]
fn the_terminal_board_is_coloured_only_when_asked() {
    let g = four_seats(r#"{"29": ["red","red"], "12": ["blue","yellow"]}"#);
    let plain = terminal_board(
        &g,
        &TermOptions {
            colour: false,
            moves: &[],
            names: &[],
            columns: 80,
        },
    );
    let coloured = ansi_board(&g);
    // Then only the coloured one has escapes, and without them both read the same
    assert!(!plain.contains('\x1b'));
    assert!(coloured.contains('\x1b'));
    let trimmed: Vec<String> = strip_ansi(&coloured)
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect();
    assert_eq!(trimmed, plain.lines().collect::<Vec<_>>());
    // And the pair on 12 reads BY, the barrier on 29 RR=
    assert!(plain.contains(" BY ") && plain.contains(" RR="), "{plain}");
}

#[test]
fn six_and_eight_arm_terminal_boards_have_one_row_per_arm_reading_the_same() {
    for arms in [Arms::Six, Arms::Eight] {
        // Given an empty board with every seat
        let text = ansi_board(&every_seat(arms));
        let plain = strip_ansi(&text);
        let rows: Vec<&str> = plain.lines().take(usize::from(arms.count())).collect();
        for (k, row) in rows.iter().enumerate() {
            let cells: Vec<String> = row
                .chars()
                .collect::<Vec<_>>()
                .chunks(4)
                .map(|c| c.iter().collect())
                .collect();
            // Then row k holds squares 17k+1..=17k+17, the exit fifth, safe 12th and 17th
            assert_eq!(cells.len(), 17, "{row}");
            let exit = Colour::from_index(k).unwrap();
            assert!(
                cells[4].starts_with(letter(exit).to_ascii_lowercase()),
                "{row}"
            );
            assert!(
                cells[11].ends_with('*') && cells[16].trim_end().ends_with('*'),
                "{row}"
            );
        }
        // And every seat has a line with its entry square
        for &c in arms.colours() {
            let entry = format!("{} >", arms.entry_square(c));
            assert!(plain.contains(&entry), "{c} {entry}");
        }
    }
}

#[test]
fn four_arms_in_a_terminal_narrower_than_the_cross_are_drawn_in_rows() {
    // Given a four-seat game and a terminal of 75 columns (the cross needs 76)
    let g = every_seat(Arms::Four);
    let narrow = |columns| {
        terminal_board(
            &g,
            &TermOptions {
                colour: false,
                moves: &[],
                names: &[],
                columns,
            },
        )
    };
    let rows = narrow(CROSS_COLUMNS - 1);
    // Then the board is four rows of 17 squares, a blank line and four colour lines,
    // none wider than 68 columns; at 76 columns it is the 19-row cross
    assert_eq!(rows.lines().count(), 4 + 1 + 4, "{rows}");
    assert!(rows.lines().all(|l| display_width(l) <= 68), "{rows}");
    assert!(
        rows.lines().next().unwrap().trim_end().ends_with("17*"),
        "{rows}"
    );
    assert_eq!(narrow(CROSS_COLUMNS).lines().count(), 19);
}
