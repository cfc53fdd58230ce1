//! The cells of the board for terminals (the layouts are [`super::cross`] and
//! [`super::rows`], chosen by [`super::term`]): four columns a square, numbers on the empty
//! squares, ANSI colours when asked for. Without colour a cell still reads:
//!
//! | cell | meaning |
//! |---|---|
//! | ` 12 ` | empty ring square 12 |
//! | ` 12*` | empty safe square |
//! | `y 5 ` | yellow's exit square (5), empty (lower-case letter: the colour) |
//! | ` :: ` | an empty corridor square (in the colour's colour) |
//! | `  Y ` | one yellow piece (B blue, R red, G green, O orange, P purple, C cyan, K pink) |
//! | ` YY=` | a yellow barrier |
//! | ` YB ` | two pieces, in arrival order |
//! | ` (1)` | where move 1 ends |
//!
//! Pieces in the nest stand by the colour's name (in its corner of the cross), pieces in
//! the goal as letters in the centre (or after the corridor).

use crate::engine::{Colour, Game, Loc, Move, Square};

use super::grid::{self, Glyph, Marks};

const RESET: &str = "\x1b[0m";

/// Choices for the terminal board (`terminal_board`).
#[derive(Clone, Copy, Debug)]
pub struct TermOptions<'a> {
    /// Use ANSI colours (only when standard output is a terminal and `NO_COLOR` is unset).
    pub colour: bool,
    /// The choices, in the order they are listed: move `i` is marked `(i+1)` where it ends.
    pub moves: &'a [Move],
    /// The name written by each seated colour's nest ("You", "🤖 Red"); a colour not
    /// listed gets its letter.
    pub names: &'a [(Colour, String)],
    /// The terminal's width: the four-arm cross needs `CROSS_COLUMNS` (76); below that the
    /// four arms are drawn as rows too (68 columns).
    pub columns: usize,
}

/// The letter of a colour's pieces.
#[must_use]
pub const fn letter(c: Colour) -> char {
    match c {
        Colour::Yellow => 'Y',
        Colour::Blue => 'B',
        Colour::Red => 'R',
        Colour::Green => 'G',
        Colour::Orange => 'O',
        Colour::Purple => 'P',
        Colour::Cyan => 'C',
        Colour::Pink => 'K',
    }
}

/// SGR colour: the 8 basic colours, orange and pink from the 256-colour palette.
const fn sgr(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "3",
        Colour::Blue => "4",
        Colour::Red => "1",
        Colour::Green => "2",
        Colour::Orange => "8;5;208",
        Colour::Purple => "5",
        Colour::Cyan => "6",
        Colour::Pink => "8;5;213",
    }
}

/// Paints text, or leaves it plain.
#[derive(Clone, Copy)]
pub(crate) struct Paint(pub bool);

impl Paint {
    /// Black bold text on colour `c`.
    pub fn on(self, c: Colour, text: &str) -> String {
        if self.0 {
            format!("\x1b[1;30;4{}m{text}{RESET}", sgr(c))
        } else {
            text.to_string()
        }
    }

    /// Bold text in colour `c`.
    pub fn fg(self, c: Colour, text: &str) -> String {
        if self.0 {
            format!("\x1b[1;3{}m{text}{RESET}", sgr(c))
        } else {
            text.to_string()
        }
    }

    /// Faint text.
    pub fn dim(self, text: &str) -> String {
        if self.0 {
            format!("\x1b[2m{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    /// Bold text.
    pub fn bold(self, text: &str) -> String {
        if self.0 {
            format!("\x1b[1m{text}{RESET}")
        } else {
            text.to_string()
        }
    }
}

/// The four columns of square `sq`.
pub(crate) fn square_cell(game: &Game, sq: Square, marks: &Marks<'_>, paint: Paint) -> String {
    let n = sq.ring_number().unwrap_or(0);
    match grid::square_glyph(game, sq, marks) {
        Glyph::Empty => paint.dim(&format!("{n:>3} ")),
        Glyph::Safe => format!("{n:>3}*"),
        Glyph::Exit(c) => {
            let l = letter(c).to_ascii_lowercase();
            let text = if n < 100 {
                format!("{l}{n:>2} ")
            } else {
                format!("{l}{n}")
            };
            paint.fg(c, &text)
        }
        Glyph::Lane(c) => paint.fg(c, " :: "),
        Glyph::Piece(c) => format!("  {} ", paint.on(c, &letter(c).to_string())),
        Glyph::Barrier(c) => paint.on(c, &format!(" {0}{0}=", letter(c))),
        Glyph::Pair(p, q) => format!(
            " {}{} ",
            paint.on(p, &letter(p).to_string()),
            paint.on(q, &letter(q).to_string())
        ),
        Glyph::Move(m) => paint.bold(&format!("{:>4}", format!("({m})"))),
    }
}

/// The four columns of colour `c`'s goal: its pieces there as letters, or the number of
/// a move that ends there.
pub(crate) fn goal_cell(game: &Game, c: Colour, moves: &[Move], paint: Paint) -> String {
    if let Some(i) = moves
        .iter()
        .position(|m| m.to() == Loc::Goal && m.colour() == c)
    {
        return paint.bold(&format!("{:>4}", format!("({})", i + 1)));
    }
    let n = usize::from(game.in_goal(c));
    if n == 0 || !game.is_seated(c) {
        return "    ".to_string();
    }
    let letters: String = std::iter::repeat_n(letter(c), n).collect();
    paint.on(c, &format!("{letters:^4}"))
}

/// Colour `c`'s pieces in the nest as letters (`Y Y Y`), or nothing.
pub(crate) fn nest_text(game: &Game, c: Colour, paint: Paint) -> String {
    let l = letter(c).to_string();
    let pieces: Vec<String> = (0..game.in_nest(c)).map(|_| paint.on(c, &l)).collect();
    pieces.join(" ")
}

/// The name by colour `c`'s nest: a marker for the seat to act (`▶`) or a winner (`*`),
/// then the caller's name.
pub(crate) fn name_text(game: &Game, c: Colour, opts: &TermOptions<'_>) -> String {
    let name = opts
        .names
        .iter()
        .find(|(n, _)| *n == c)
        .map_or_else(|| letter(c).to_string(), |(_, s)| s.clone());
    let mark = if game.winner().is_some_and(|w| w.includes(c)) {
        "* "
    } else if game.turn() == Some(c) {
        "▶ "
    } else {
        ""
    };
    Paint(opts.colour).fg(c, &format!("{mark}{name}"))
}

/// Columns a terminal gives `s`: ANSI escapes take none, joiners none, emoji two.
#[must_use]
pub fn display_width(s: &str) -> usize {
    let mut w = 0;
    let mut in_escape = false;
    for ch in s.chars() {
        if in_escape {
            in_escape = ch != 'm';
            continue;
        }
        match ch {
            '\x1b' => in_escape = true,
            '\u{fe00}'..='\u{fe0f}' | '\u{200d}' | '\u{20e3}' => {}
            '\u{1f000}'..='\u{1faff}' | '\u{2600}'..='\u{27bf}' => w += 2,
            _ => w += 1,
        }
    }
    w
}

/// `s` padded with spaces to `width` terminal columns.
pub(crate) fn pad(s: &str, width: usize) -> String {
    let w = display_width(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}
