//! The same board for terminals without colour emoji: ANSI colours and letters.
//!
//! Same layout as the emoji board; each cell is three terminal columns, so two pieces on a
//! square fit in their own cell (`YB`, arrival order) and need no footnote.
//!
//! | cell | meaning |
//! |---|---|
//! | ` · ` | empty ring square |
//! | ` * ` | empty safe square |
//! | ` : ` in a colour | empty corridor or exit square |
//! | ` Y ` on yellow (B, R, G) | one piece |
//! | `=Y=` on yellow | a barrier |
//! | `YB` each on its colour | any other two pieces |
//! | ` H 4` / ` F 0` | pieces in the nest / goal |
//! | ` < ` | the seat to act; ` W ` a winner |

use std::fmt::Write as _;

use crate::engine::{Colour, Game};

use super::grid::{Glyph, layout};
use super::layout::arm_col;

const RESET: &str = "\x1b[0m";

const fn letter(c: Colour) -> char {
    match c {
        Colour::Yellow => 'Y',
        Colour::Blue => 'B',
        Colour::Red => 'R',
        Colour::Green => 'G',
        // R8 colours (the terminal board draws four arms for now).
        Colour::Orange => 'O',
        Colour::Purple => 'P',
        Colour::Cyan => 'C',
        Colour::Pink => 'K',
    }
}

/// SGR colour number 1..=4 offset (red 1, green 2, yellow 3, blue 4).
const fn sgr(c: Colour) -> u8 {
    match c {
        Colour::Yellow => 3,
        Colour::Blue => 4,
        Colour::Red => 1,
        Colour::Green => 2,
        Colour::Orange => 3,
        Colour::Purple | Colour::Pink => 5,
        Colour::Cyan => 6,
    }
}

fn on(c: Colour, text: &str) -> String {
    format!("\x1b[1;30;4{}m{text}{RESET}", sgr(c))
}

fn fg(c: Colour, text: &str) -> String {
    format!("\x1b[1;3{}m{text}{RESET}", sgr(c))
}

fn dim(text: &str) -> String {
    format!("\x1b[2m{text}{RESET}")
}

fn cell(g: Glyph, notes: &[super::grid::Note]) -> String {
    match g {
        Glyph::Sep => "  ".to_string(),
        Glyph::Fill => "   ".to_string(),
        Glyph::Empty => dim(" · "),
        Glyph::Safe => " * ".to_string(),
        Glyph::Lane(c) => fg(c, " : "),
        Glyph::Piece(c) => on(c, &format!(" {} ", letter(c))),
        Glyph::Barrier(c) => on(c, &format!("={}=", letter(c))),
        Glyph::Pair(n) => match notes.get(usize::from(n).wrapping_sub(1)) {
            Some(note) => {
                let [a, b] = note.pieces;
                format!(
                    "{}{} ",
                    on(a, &letter(a).to_string()),
                    on(b, &letter(b).to_string())
                )
            }
            None => " ? ".to_string(),
        },
        Glyph::Nest => " H ".to_string(),
        Glyph::Goal => " F ".to_string(),
        Glyph::Count(n) => format!(" {n} "),
        Glyph::Turn => " < ".to_string(),
        Glyph::Trophy => " W ".to_string(),
    }
}

/// The board of `game` for an ANSI terminal: the emoji board's layout with coloured
/// letters, then a line with the tip numbers under the tips. Lines end with `\n`.
#[must_use]
pub fn ansi_board(game: &Game) -> String {
    let grid = layout(game, true);
    let mut out = String::new();
    for row in &grid.cells {
        for &g in row {
            out.push_str(&cell(g, &grid.notes));
        }
        out.push('\n');
    }
    // Tip numbers under each arm's middle column: an arm is 9 columns, a separator 2.
    let mut width = 0;
    for &c in crate::engine::Arms::Four.colours() {
        let x = arm_col(c) / 4 * 11 + 3;
        out.extend(std::iter::repeat_n(' ', x.saturating_sub(width)));
        let _ = write!(
            out,
            "{}",
            fg(
                c,
                &format!("{:^3}", crate::engine::Arms::Four.entry_square(c))
            )
        );
        width = x + 3;
    }
    out.push('\n');
    out
}
