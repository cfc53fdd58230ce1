//! The emoji board: the whole board in a chat message, at most 15 emoji wide.
//!
//! A 330-pixel Telegram bubble at 15 px holds 17 emoji a line, and a one-cell-per-square
//! cross would need 19. So the cross is **unfolded**: its four arms stand side by side,
//! yellow, blue, red, green, each three cells wide and eight tall, with its tip at the top:
//!
//! ```text
//! 🏠4️⃣🎲 🏠4️⃣➖ 🏠4️⃣➖ 🏠4️⃣➖    nest count; 🎲 = seat to act
//! ⬜🔲⬜ ⬜🔲⬜ ⬜🔲⬜ ⬜🔲⬜    67 68 1 │ 16 17 18 │ 33 34 35 │ 50 51 52
//! ⬜🟨⬜ ⬜🟦⬜ ⬜🟥⬜ ⬜🟩⬜     ↑  ↓  ↓   the left column climbs to the tip,
//! ⬜🟨⬜ ⬜🟦⬜ ⬜🟥⬜ ⬜🟩⬜     ↑  ↓  ↓   the right column comes down; the
//! ⬜🟨⬜ ⬜🟦⬜ ⬜🟥⬜ ⬜🟩⬜     ↑  ↓  ↓   middle column is the corridor
//! 🔲🟨🟨 🔲🟦🟦 🔲🟥🟥 🔲🟩🟩    63 y4 5 │ 12 b4 22 │ …   (safe · corridor · exit)
//! ⬜🟨⬜ ⬜🟦⬜ ⬜🟥⬜ ⬜🟩⬜
//! ⬜🟨⬜ ⬜🟦⬜ ⬜🟥⬜ ⬜🟩⬜
//! ⬜🟨⬜ ⬜🟦⬜ ⬜🟥⬜ ⬜🟩⬜    60 y7 8 │ 9 b7 25 │ 26 r7 42 │ 43 g7 59
//! ➖🏁0️⃣ ➖🏁0️⃣ ➖🏁0️⃣ ➖🏁0️⃣    goal count under the corridor
//! 🟨68 🟦17 🟥34 🟩51              the tip numbers (anchors)
//! ```
//!
//! Each arm holds 17 ring squares `a..a+16` with `a` = 60, 9, 26, 43: `a..a+7` up the
//! left column, `a+8` at the tip (the colour's entry square), `a+9..a+16` down the right
//! column; the path then steps right to the bottom of the next arm (8 → 9, 25 → 26,
//! 42 → 43, and from green's 59 back to yellow's 60). The corridor runs down the middle
//! column from the tip to 🏁. The fifth row of squares of every arm reads
//! *safe · corridor 4 · exit*: the colour's exit square stands beside its corridor, as on
//! a printed board.
//! [`layout::CELLS`] is the table of every square's cell; the tests check it covers
//! 68 ring + 28 corridor squares + 4 nests + 4 goals without overlap.
//!
//! Width: 12 emoji + 3 en spaces (U+2002) between arms = 15 cells; every line, the
//! anchors and footnotes included, is at most [`MAX_WIDTH`] cells by [`cell_width`],
//! which counts any character (ASCII and spaces too) as a full cell. In the phone
//! rendering (a phone screenshot of the message: 330-px bubble, 15-px text, an emoji about
//! 18.7 px) a grid line takes about 247 px, the width of 13.2 emoji, where 17 fit.
//!
//! # Cell vocabulary
//!
//! | cell | meaning |
//! |---|---|
//! | ⬜ | empty ring square |
//! | 🔲 | empty safe square (R1.3) |
//! | 🟨🟦🟥🟩 | empty corridor square (middle column) or exit square (beside corridor 4) |
//! | 🟡🔵🔴🟢 | one piece |
//! | 💛💙❤️💚 | a barrier: two pieces of one colour (R4.2) |
//! | 1️⃣…8️⃣ | any other two pieces; the footnote `1️⃣ 12 🔵🟡` under the grid names the square and the colours in arrival order (R1.7) |
//! | 🏠 n / 🏁 n | pieces in the nest / in the goal |
//! | 🎲 | the seat to act · 🏆 a winner · ➖ filler (an unseated colour shows only ➖) |
//!
//! A same-colour pair that is not a barrier (option `barriers: safe` off a safe square)
//! is shown as a footnoted pair, so a heart always means "cannot be passed".
//! Everything is a single-code-point emoji with default emoji presentation except the
//! keycaps (digit + U+FE0F + U+20E3, the standard sequence) and ❤️ (U+2764 U+FE0F; the
//! only red heart). The text never contains `<`, `>` or `&`, so it can be sent as HTML.
//!
//! Under the grid: the anchor line (tip numbers, [`EmojiOptions::anchors`]), then one
//! footnote line per keycap pair. The bot adds the localized [`legend`] and, if it likes,
//! one [`pieces_line`] per colour (`🟡 🏠1 7 12 🟨5`) for exact square numbers.
//!
//! [`ansi_board`] draws the same layout with coloured letters for terminals.

mod ansi;
mod grid;
pub mod layout;

pub use ansi::ansi_board;

use crate::engine::{Colour, Game, Loc, Square};

use grid::{Glyph, Grid};
use layout::ROWS;

/// The widest line the board may have, in cells as counted by [`cell_width`].
pub const MAX_WIDTH: usize = 15;

/// Space between arms: an en space (U+2002), so the arms stand apart at half an emoji.
pub const SEPARATOR: &str = "\u{2002}";

/// Choices for [`board_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmojiOptions {
    /// Mark the seat to act with 🎲 in its header.
    pub turn_marker: bool,
    /// Add the anchor line `🟨68 🟦17 🟥34 🟩51` (the tip numbers) under the grid.
    pub anchors: bool,
}

impl Default for EmojiOptions {
    fn default() -> Self {
        Self {
            turn_marker: true,
            anchors: true,
        }
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
        // R8 colours (the emoji board draws four arms for now).
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
/// Filler in headers and footers.
pub const FILL: &str = "➖";

fn glyph(g: Glyph) -> &'static str {
    match g {
        Glyph::Sep => SEPARATOR,
        Glyph::Fill => FILL,
        Glyph::Empty => EMPTY,
        Glyph::Safe => SAFE,
        Glyph::Lane(c) => lane(c),
        Glyph::Piece(c) => piece(c),
        Glyph::Barrier(c) => barrier(c),
        Glyph::Pair(n) | Glyph::Count(n) => keycap(n),
        Glyph::Nest => NEST,
        Glyph::Goal => GOAL,
        Glyph::Turn => TURN,
        Glyph::Trophy => TROPHY,
    }
}

/// The emoji board of `game` (language-neutral: the grid only, no words), with the
/// default [`EmojiOptions`].
#[must_use]
pub fn board(game: &Game) -> String {
    board_with(game, &EmojiOptions::default())
}

/// The emoji board of `game`: [`layout::ROWS`] grid lines, the anchor line if asked for,
/// then one footnote line per pair that is not a barrier. Lines are joined by `\n`, with
/// no newline at the end.
#[must_use]
pub fn board_with(game: &Game, opts: &EmojiOptions) -> String {
    let Grid { cells, notes } = grid::layout(game, opts.turn_marker);
    let mut lines: Vec<String> = Vec::with_capacity(ROWS + 1 + notes.len());
    for row in &cells {
        lines.push(row.iter().map(|&g| glyph(g)).collect());
    }
    if opts.anchors {
        let anchors: Vec<String> = crate::engine::Arms::Four
            .colours()
            .iter()
            .map(|&c| format!("{}{}", lane(c), crate::engine::Arms::Four.entry_square(c)))
            .collect();
        lines.push(anchors.join(SEPARATOR));
    }
    for (i, note) in notes.iter().enumerate() {
        let n = u8::try_from(i + 1).unwrap_or(u8::MAX);
        lines.push(format!(
            "{} {} {}{}",
            keycap(n),
            square_label(note.square),
            piece(note.pieces[0]),
            piece(note.pieces[1])
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

/// What a legend entry explains; the bot maps each key to a localized text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegendKey {
    /// One piece of each colour.
    Pieces,
    /// Two pieces of one colour: a barrier.
    Barrier,
    /// Any other two pieces on a square, listed under the board.
    Pair,
    /// An empty ring square.
    Square,
    /// A safe square.
    Safe,
    /// The corridors (middle columns) and the exit squares beside them.
    Lane,
    /// Pieces in the nest.
    Nest,
    /// Pieces in the goal.
    Goal,
    /// The seat to act.
    Turn,
    /// The winner.
    Winner,
    /// The tip numbers under the board.
    Anchors,
}

impl LegendKey {
    /// A stable id for the localized text (`legend-barrier`, …).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Pieces => "legend-pieces",
            Self::Barrier => "legend-barrier",
            Self::Pair => "legend-pair",
            Self::Square => "legend-square",
            Self::Safe => "legend-safe",
            Self::Lane => "legend-lane",
            Self::Nest => "legend-nest",
            Self::Goal => "legend-goal",
            Self::Turn => "legend-turn",
            Self::Winner => "legend-winner",
            Self::Anchors => "legend-anchors",
        }
    }

    /// The English text, a fallback and a model for translations.
    #[must_use]
    pub const fn english(self) -> &'static str {
        match self {
            Self::Pieces => "pieces",
            Self::Barrier => "barrier (two of one colour)",
            Self::Pair => "two pieces, see the list under the board",
            Self::Square => "square",
            Self::Safe => "safe square",
            Self::Lane => "corridor (middle) and exit (beside it)",
            Self::Nest => "pieces at home",
            Self::Goal => "pieces in the goal",
            Self::Turn => "to play",
            Self::Winner => "winner",
            Self::Anchors => "tip square numbers; left columns count up, right ones down",
        }
    }
}

/// The board's legend: each emoji (or group) with what it means, in reading order.
#[must_use]
pub fn legend() -> &'static [(&'static str, LegendKey)] {
    &[
        ("🟡🔵🔴🟢", LegendKey::Pieces),
        ("💛💙❤\u{fe0f}💚", LegendKey::Barrier),
        ("1\u{fe0f}\u{20e3}", LegendKey::Pair),
        (EMPTY, LegendKey::Square),
        (SAFE, LegendKey::Safe),
        ("🟨🟦🟥🟩", LegendKey::Lane),
        (NEST, LegendKey::Nest),
        (GOAL, LegendKey::Goal),
        (TURN, LegendKey::Turn),
        (TROPHY, LegendKey::Winner),
        ("🟨68", LegendKey::Anchors),
    ]
}

/// The legend in English, one `emoji meaning` line per entry.
#[must_use]
pub fn legend_english() -> String {
    legend()
        .iter()
        .map(|(e, k)| format!("{e} {}", k.english()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;
