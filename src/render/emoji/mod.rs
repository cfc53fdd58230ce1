//! The emoji board: the whole board in a chat message, read cold, at most 15 emoji a line.
//!
//! The ring is written like a page: rows of ten squares, each row labelled by the number
//! of its first square (` 1`, `11`, `21`, …), so square 34 is the fourth cell of row
//! `31` and play runs in reading order (after the last square comes 1 again). Under the
//! ring, one line per seated colour: its nest, its corridor and its goal. A four-arm game
//! in the middle of a turn, the player to act (blue) choosing between moves 1, 2 and 3
//! (`tests/golden/busy_board.txt`; screenshots `docs/emoji_board*.png`):
//!
//! ```text
//! 1  ⬜⬜⬜⬜🟨⬜🟡⬜⬜⬜      ring squares 1–10; 🟨 = yellow's exit (5)
//! 11 ⬜👥⬜⬜⬜⬜1️⃣⬜⬜⬜      👥 two pieces of two colours; 1️⃣ = where move 1 ends
//! 21 ⬜🟦⬜⬜🔵⬜⬜⬜❤️⬜      ❤️ a red barrier on 29
//!  …
//! 61 2️⃣⬜🟢⬜⬜⬜⬜🔲          the last row is shorter (68 squares)
//!
//! 🟡🏠1 🟨🟨🟨🟨🟡🟨🟨🏁0     nest · corridor 1–7 · goal
//! 🔵🏠0 🟦🔵🟦🟦🟦🟦3️⃣🏁0🎲   🎲 = to play; move 3 ends on blue-7
//! 👥 12 🔵🟡                 the pair on 12, in arrival order
//! ```
//!
//! The same layout serves 4, 6 and 8 arms (68, 102, 136 squares: 7, 11 or 14 rows); only
//! the labels grow to three characters.
//!
//! Width: a row is label (2–3) + space + 10 squares ≤ 14 cells; a colour line is
//! 1 + 2 + 1 + 1 + 7 + (a goal move's number) + 2 + 1 ≤ 15. Every line is at most
//! [`MAX_WIDTH`] cells by [`cell_width`], which counts any character (ASCII and spaces
//! too) as a full cell, though digits are narrower than an emoji. Labels are padded after
//! the number with figure spaces (U+2007, a digit's width) so the rows line up in a
//! proportional font and the message never starts with a space.
//!
//! # Cell vocabulary
//!
//! | cell | meaning |
//! |---|---|
//! | ⬜ | empty ring square |
//! | 🔲 | empty safe square (R1.3) |
//! | 🟨🟦🟥🟩… | on the ring: the colour's exit square; in its line: its empty corridor |
//! | 🟡🔵🔴🟢… | one piece |
//! | 💛💙❤️💚… | a barrier: two pieces of one colour (R4.2) |
//! | 👥 | any other two pieces; a line `👥 12 🔵🟡` under the board names them (R1.7) |
//! | 1️⃣…9️⃣, 🔟 | where the move of that number ends (numbered as the caller lists them) |
//! | 🏠 n / 🏁 n | pieces in the nest / in the goal |
//! | 🎲 | the seat to act · 🏆 a winner |
//!
//! A same-colour pair that is not a barrier (option `barriers: safe` off a safe square)
//! is shown as 👥, so a heart always means "cannot be passed". An unseated colour has no
//! line and its exit square is a plain safe square.
//! Everything is a single-code-point emoji with default emoji presentation except the
//! keycaps (digit + U+FE0F + U+20E3, the standard sequence) and ❤️ (U+2764 U+FE0F). The
//! text never contains `<`, `>` or `&`, so it can be sent as HTML.
//!
//! The bot adds the localized [`legend`] and, if it likes, one [`pieces_line`] per colour
//! (`🟡 🏠1 7 12 🟨5`). [`terminal_board`] draws the board for terminals: the real cross
//! on four arms, rows of one arm each on six and eight.

mod ansi;
mod cross;
mod grid;
pub mod layout;
mod legend;
mod rows;
mod term;

pub use ansi::{TermOptions, display_width, letter};
pub use legend::{LegendKey, legend, legend_english};
pub use term::{CROSS_COLUMNS, ansi_board, terminal_board};

use crate::engine::{Colour, Game, Loc, Move, Square};

use grid::{Glyph, Marks};

/// The widest line the board may have, in cells as counted by [`cell_width`].
pub const MAX_WIDTH: usize = 15;

/// Choices for [`board_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmojiOptions {
    /// Mark the seat to act with 🎲 at the end of its line.
    pub turn_marker: bool,
}

impl Default for EmojiOptions {
    fn default() -> Self {
        Self { turn_marker: true }
    }
}

/// One piece of colour `c`.
#[must_use]
pub const fn piece(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "🟡",
        Colour::Blue => "🔵",
        Colour::Red => "🔴",
        Colour::Green => "🟢",
        // R8 colours. Cyan and pink have no coloured circle in Unicode: 💠 is cyan and 🌸
        // pink on every phone (Unicode 6.0), and neither is a heart (hearts are barriers).
        Colour::Orange => "🟠",
        Colour::Purple => "🟣",
        Colour::Cyan => "💠",
        Colour::Pink => "🌸",
    }
}

/// The colour's lane: its empty corridor and exit squares.
#[must_use]
pub const fn lane(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "🟨",
        Colour::Blue => "🟦",
        Colour::Red => "🟥",
        Colour::Green => "🟩",
        // R8 colours.
        Colour::Orange => "🟧",
        Colour::Purple => "🟪",
        Colour::Cyan => "🔷",
        Colour::Pink => "🎀",
    }
}

/// A barrier of colour `c`.
#[must_use]
pub const fn barrier(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "💛",
        Colour::Blue => "💙",
        Colour::Red => "❤\u{fe0f}",
        Colour::Green => "💚",
        Colour::Orange => "🧡",
        Colour::Purple => "💜",
        Colour::Cyan => "🩵",
        Colour::Pink => "🩷",
    }
}

/// The keycap emoji of digit `d` (0..=9; larger values give `#️⃣`).
#[must_use]
pub const fn keycap(d: u8) -> &'static str {
    match d {
        0 => "0\u{fe0f}\u{20e3}",
        1 => "1\u{fe0f}\u{20e3}",
        2 => "2\u{fe0f}\u{20e3}",
        3 => "3\u{fe0f}\u{20e3}",
        4 => "4\u{fe0f}\u{20e3}",
        5 => "5\u{fe0f}\u{20e3}",
        6 => "6\u{fe0f}\u{20e3}",
        7 => "7\u{fe0f}\u{20e3}",
        8 => "8\u{fe0f}\u{20e3}",
        9 => "9\u{fe0f}\u{20e3}",
        _ => "#\u{fe0f}\u{20e3}",
    }
}

/// Empty ring square.
pub const EMPTY: &str = "⬜";
/// Empty safe square.
pub const SAFE: &str = "🔲";
/// Nest sign.
pub const NEST: &str = "🏠";
/// Goal sign.
pub const GOAL: &str = "🏁";
/// The seat to act.
pub const TURN: &str = "🎲";
/// A winner.
pub const TROPHY: &str = "🏆";

/// Two pieces of different colours (or a same-colour pair that is no barrier).
pub const PAIR: &str = "👥";

/// The emoji of the move numbered `n` (1-based): a keycap 1️⃣…9️⃣, 🔟, then #️⃣.
#[must_use]
pub const fn move_mark(n: u8) -> &'static str {
    match n {
        1..=9 => keycap(n),
        10 => "🔟",
        _ => keycap(u8::MAX),
    }
}

fn glyph(g: Glyph) -> &'static str {
    match g {
        Glyph::Empty => EMPTY,
        Glyph::Safe => SAFE,
        Glyph::Exit(c) | Glyph::Lane(c) => lane(c),
        Glyph::Piece(c) => piece(c),
        Glyph::Barrier(c) => barrier(c),
        Glyph::Pair(..) => PAIR,
        Glyph::Move(n) => move_mark(n),
    }
}

/// The emoji board of `game` (language-neutral: no words) with the default
/// [`EmojiOptions`] and no move numbers.
#[must_use]
pub fn board(game: &Game) -> String {
    board_with(game, &EmojiOptions::default(), &[])
}

/// The emoji board of `game`, with move `i` of `moves` (in the caller's order, e.g. the
/// buttons') numbered `i + 1` where it ends. Lines: the ring rows, a blank line, one line
/// per seated colour, then one line per pair shown as 👥. Joined by `\n`, no newline at
/// the end.
#[must_use]
pub fn board_with(game: &Game, opts: &EmojiOptions, moves: &[Move]) -> String {
    let marks = Marks(moves);
    let arms = game.arms();
    let mut lines: Vec<String> = Vec::new();
    let mut pairs: Vec<(Square, Colour, Colour)> = Vec::new();
    for (first, last) in layout::rows(arms) {
        let mut line = layout::label(arms, first);
        line.push(' ');
        for sq in grid::ring_squares(first, last) {
            let g = grid::square_glyph(game, sq, &marks);
            if let Glyph::Pair(p, q) = g {
                pairs.push((sq, p, q));
            }
            line.push_str(glyph(g));
        }
        lines.push(line);
    }
    lines.push(String::new());
    let winner = game.winner();
    for c in game.seats() {
        let mut line = format!("{}{NEST}{} ", piece(c), game.in_nest(c));
        for sq in grid::corridor(c) {
            line.push_str(glyph(grid::square_glyph(game, sq, &marks)));
        }
        for (i, m) in moves.iter().enumerate() {
            if m.to() == Loc::Goal && m.colour() == c {
                line.push_str(move_mark(u8::try_from(i + 1).unwrap_or(u8::MAX)));
            }
        }
        line.push_str(&format!("{GOAL}{}", game.in_goal(c)));
        if winner.is_some_and(|w| w.includes(c)) {
            line.push_str(TROPHY);
        } else if opts.turn_marker && game.turn() == Some(c) {
            line.push_str(TURN);
        }
        lines.push(line);
    }
    for (sq, p, q) in pairs {
        lines.push(format!(
            "{PAIR} {} {}{}",
            square_label(sq),
            piece(p),
            piece(q)
        ));
    }
    lines.join("\n")
}

/// A square's short language-neutral name: `12` on the ring, `🟨3` in a corridor.
#[must_use]
pub fn square_label(sq: Square) -> String {
    match sq.corridor_of() {
        Some((c, k)) => format!("{}{k}", lane(c)),
        None => sq.to_string(),
    }
}

/// Where colour `c`'s pieces are, in one language-neutral line for the text under the
/// board: `🟡 🏠2 5 40 🟨3 🏁1` (nest count, squares along the path, goal count; a count
/// of 0 is left out).
#[must_use]
pub fn pieces_line(game: &Game, c: Colour) -> String {
    let mut parts = vec![piece(c).to_string()];
    let nest = game.in_nest(c);
    if nest > 0 {
        parts.push(format!("{NEST}{nest}"));
    }
    for loc in game.piece_locations(c) {
        if let Loc::Sq(sq) = loc {
            parts.push(square_label(sq));
        }
    }
    let goal = game.in_goal(c);
    if goal > 0 {
        parts.push(format!("{GOAL}{goal}"));
    }
    parts.join(" ")
}

/// Is `ch` a mark that joins the cell before it (variation selector, ZWJ, keycap)?
const fn is_joiner(ch: char) -> bool {
    matches!(ch, '\u{fe00}'..='\u{fe0f}' | '\u{200d}' | '\u{20e3}')
}

/// Width of a line in cells, counted conservatively: every character that does not join
/// the one before it (variation selectors, ZWJ, the keycap mark) is one cell, ASCII
/// letters, digits and spaces included, though they are narrower than an emoji.
#[must_use]
pub fn cell_width(line: &str) -> usize {
    line.chars().filter(|&ch| !is_joiner(ch)).count()
}

/// Split a line into its cells as [`cell_width`] counts them.
#[must_use]
pub fn split_cells(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices() {
        if is_joiner(ch) {
            continue;
        }
        if let Some(s) = start {
            out.push(&line[s..i]);
        }
        start = Some(i);
    }
    if let Some(s) = start {
        out.push(&line[s..]);
    }
    out
}

#[cfg(test)]
mod tests;
