//! The board as a grid of abstract glyphs, shared by the emoji and the ANSI renderers.

use crate::engine::{Colour, Game, Square};

use super::layout::{CELLS, COLS, FOOTER, HEADER, ROWS, Spot, arm_col, is_separator};

/// What one cell of the grid shows, before it becomes an emoji or a coloured letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Glyph {
    /// Space between arms.
    Sep,
    /// Filler in the header and footer; also a whole header/footer of an empty seat.
    Fill,
    /// An empty ring square.
    Empty,
    /// An empty safe ring square (not an exit).
    Safe,
    /// An empty exit square or corridor square of this colour.
    Lane(Colour),
    /// One piece.
    Piece(Colour),
    /// Two pieces of one colour forming a barrier (R4.2).
    Barrier(Colour),
    /// Any other two pieces: footnote number (1-based).
    Pair(u8),
    /// The nest sign (before the nest count).
    Nest,
    /// The goal sign (before the goal count).
    Goal,
    /// A count 0..=9 (nest or goal).
    Count(u8),
    /// The seat to act.
    Turn,
    /// A winning colour.
    Trophy,
}

/// Two pieces on one square that are not a barrier, listed under the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Note {
    pub square: Square,
    /// In arrival order (R1.7).
    pub pieces: [Colour; 2],
}

/// The laid-out board.
pub(crate) struct Grid {
    pub cells: [[Glyph; COLS]; ROWS],
    /// Footnotes in reading order; `Glyph::Pair(i)` refers to `notes[i - 1]`.
    pub notes: Vec<Note>,
}

/// The empty look of square `sq`: lane colour for corridors and exits, safe, or plain.
fn empty_look(sq: Square) -> Glyph {
    if let Some((c, _)) = sq.corridor_of() {
        return Glyph::Lane(c);
    }
    let n = sq.ring_number().unwrap_or(0);
    if let Some(c) = crate::engine::Arms::Four
        .colours()
        .iter()
        .copied()
        .find(|c| c.exit_square() == n)
    {
        return Glyph::Lane(c);
    }
    if sq.is_safe() {
        Glyph::Safe
    } else {
        Glyph::Empty
    }
}

fn count(n: u8) -> Glyph {
    Glyph::Count(n.min(9))
}

/// Lay out `game`. `turn_marker` puts [`Glyph::Turn`] in the header of the seat to act.
pub(crate) fn layout(game: &Game, turn_marker: bool) -> Grid {
    let mut cells = [[Glyph::Empty; COLS]; ROWS];
    for row in &mut cells {
        for (col, g) in row.iter_mut().enumerate() {
            if is_separator(col) {
                *g = Glyph::Sep;
            }
        }
    }
    // Headers and footers: 🏠 n ▢ / ▢ 🏁 n, or all filler for an empty seat.
    let winner = game.winner();
    for &c in crate::engine::Arms::Four.colours() {
        let a = arm_col(c);
        let (head, foot) = if game.is_seated(c) {
            let turn = if turn_marker && game.turn() == Some(c) {
                Glyph::Turn
            } else {
                Glyph::Fill
            };
            let won = if winner.is_some_and(|w| w.includes(c)) {
                Glyph::Trophy
            } else {
                Glyph::Fill
            };
            (
                [Glyph::Nest, count(game.in_nest(c)), turn],
                [won, Glyph::Goal, count(game.in_goal(c))],
            )
        } else {
            ([Glyph::Fill; 3], [Glyph::Fill; 3])
        };
        cells[HEADER][a..a + 3].copy_from_slice(&head);
        cells[FOOTER][a..a + 3].copy_from_slice(&foot);
    }
    // Squares, first as pieces; pairs get their footnote numbers in reading order below.
    let mut pairs: Vec<(usize, usize, Note)> = Vec::new();
    for cell in &CELLS {
        let Spot::Sq(sq) = cell.spot else { continue };
        let (r, c) = (cell.row as usize, cell.col as usize);
        let on: Vec<Colour> = game.pieces_on(sq).collect();
        cells[r][c] = match on.as_slice() {
            [] => empty_look(sq),
            [p] => Glyph::Piece(*p),
            [p, _] if game.is_barrier(sq) => Glyph::Barrier(*p),
            [p, q, ..] => {
                pairs.push((
                    r,
                    c,
                    Note {
                        square: sq,
                        pieces: [*p, *q],
                    },
                ));
                Glyph::Pair(0)
            }
        };
    }
    pairs.sort_by_key(|&(r, c, _)| (r, c));
    let mut notes = Vec::with_capacity(pairs.len());
    for (i, (r, c, note)) in pairs.into_iter().enumerate() {
        cells[r][c] = Glyph::Pair(u8::try_from(i + 1).unwrap_or(u8::MAX));
        notes.push(note);
    }
    Grid { cells, notes }
}
