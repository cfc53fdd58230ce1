//! The four-arm board as the real cross: 19 × 19 cells of four columns (76 columns).
//!
//! Arms: yellow at the bottom, blue on the right, red at the top, green on the left,
//! each three cells wide and eight long around a 3 × 3 centre; each colour's nest is the
//! corner beside its exit square (yellow bottom right, blue top right, red top left,
//! green bottom left). Arm `k` holds ring squares `a..=a+16` (`a` = 60, 9, 26, 43):
//! `a..=a+7` out along its first column, `a+8` at the tip (the colour's entry square),
//! `a+9..=a+16` back along its other column; the path then turns into the next arm,
//! counter-clockwise. The corridor runs from the tip to the centre down the middle
//! column, and the centre cell beside it holds the pieces in the goal.

use crate::engine::{Arms, Colour, Game};

use super::ansi::{Paint, TermOptions, goal_cell, name_text, nest_text, pad, square_cell};
use super::grid::Marks;

/// Cells a side.
pub const SIDE: usize = 19;
/// Columns of one cell.
pub const CELL: usize = 4;

/// `(row, col)` of cell `d` (0 next to the centre … 7 at the tip) of column `lane`
/// (0 first, 1 middle, 2 last) of arm `q` (the colour's index).
const fn place(q: usize, lane: usize, d: usize) -> (usize, usize) {
    match q {
        0 => (11 + d, 8 + lane),
        1 => (10 - lane, 11 + d),
        2 => (7 - d, 10 - lane),
        _ => (8 + lane, 7 - d),
    }
}

/// `(row, col)` of ring square `n` (1..=68).
#[must_use]
pub const fn ring_cell(n: u8) -> (usize, usize) {
    let o = (n as usize + 68 - 60) % 68;
    let (q, i) = (o / 17, o % 17);
    match i {
        0..=7 => place(q, 0, i),
        8 => place(q, 1, 7),
        _ => place(q, 2, 16 - i),
    }
}

/// `(row, col)` of corridor square `k` (1..=7) of colour `c`.
#[must_use]
pub const fn corridor_cell(c: Colour, k: u8) -> (usize, usize) {
    place(c.index(), 1, 7 - k as usize)
}

/// `(row, col)` of the centre cell holding colour `c`'s goal.
#[must_use]
pub const fn goal_pos(c: Colour) -> (usize, usize) {
    match c.index() {
        0 => (10, 9),
        1 => (9, 10),
        2 => (8, 9),
        _ => (9, 8),
    }
}

/// The colour whose nest is the corner at rows `r`, columns `left` or right.
const fn corner(top: bool, left: bool) -> Colour {
    match (top, left) {
        (false, false) => Colour::Yellow,
        (true, false) => Colour::Blue,
        (true, true) => Colour::Red,
        (false, true) => Colour::Green,
    }
}

/// Line `i` (0..8) of a corner: the name on line 2 (top) or 5 (bottom), the nest pieces
/// on the line after.
fn corner_text(game: &Game, c: Colour, top: bool, i: usize, opts: &TermOptions<'_>) -> String {
    if !game.is_seated(c) {
        return String::new();
    }
    let name_line = if top { 2 } else { 4 };
    let paint = Paint(opts.colour);
    if i == name_line {
        format!("  {}", name_text(game, c, opts))
    } else if i == name_line + 1 {
        format!("  {}", nest_text(game, c, paint))
    } else {
        String::new()
    }
}

/// The cross, one string per row (trailing spaces not trimmed).
pub(crate) fn lines(game: &Game, opts: &TermOptions<'_>) -> Vec<String> {
    let marks = Marks(opts.moves);
    let paint = Paint(opts.colour);
    let mut cells: Vec<Vec<Option<String>>> = vec![vec![None; SIDE]; SIDE];
    for sq in Arms::Four.squares() {
        let (r, c) = match sq.corridor_of() {
            Some((col, k)) => corridor_cell(col, k),
            None => ring_cell(sq.ring_number().unwrap_or(1)),
        };
        cells[r][c] = Some(square_cell(game, sq, &marks, paint));
    }
    for &c in Arms::Four.colours() {
        let (r, col) = goal_pos(c);
        cells[r][col] = Some(goal_cell(game, c, opts.moves, paint));
    }
    let blank = " ".repeat(CELL);
    let mut out = Vec::with_capacity(SIDE);
    for (r, row) in cells.iter().enumerate() {
        let arm_row = (8..=10).contains(&r);
        let mut line = String::new();
        if !arm_row {
            let (top, i) = (r < 8, if r < 8 { r } else { r - 11 });
            line.push_str(&pad(
                &corner_text(game, corner(top, true), top, i, opts),
                8 * CELL,
            ));
            for cell in &row[8..=10] {
                line.push_str(cell.as_deref().unwrap_or(&blank));
            }
            line.push_str(&corner_text(game, corner(top, false), top, i, opts));
        } else {
            for cell in row {
                line.push_str(cell.as_deref().unwrap_or(&blank));
            }
        }
        out.push(line);
    }
    out
}

/// Every cell the cross uses for a square, for the layout test.
#[cfg(test)]
pub(crate) fn square_cells() -> Vec<(crate::engine::Square, (usize, usize))> {
    Arms::Four
        .squares()
        .map(|sq| {
            let pos = match sq.corridor_of() {
                Some((c, k)) => corridor_cell(c, k),
                None => ring_cell(sq.ring_number().unwrap_or(1)),
            };
            (sq, pos)
        })
        .collect()
}
