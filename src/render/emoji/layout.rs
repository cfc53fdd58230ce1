//! Where everything sits on the unfolded board: the [`CELLS`] table.
//!
//! The grid is [`ROWS`] × [`COLS`] cells. Arm `k` (the arm of colour `k` in R1.2 order)
//! owns columns `4k..4k+3`; columns 3, 7 and 11 are separators. Row 0 is the header
//! (nest), rows 1..=8 the squares, row 9 the footer (goal).

use crate::engine::{Colour, Square};

/// Rows of the grid: header, eight rows of squares, footer.
pub const ROWS: usize = 10;
/// Columns of the grid: four arms of three cells and three separators.
pub const COLS: usize = 15;
/// The header row (nests).
pub const HEADER: usize = 0;
/// The footer row (goals).
pub const FOOTER: usize = ROWS - 1;

/// What a cell of the grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A ring or corridor square.
    Sq(Square),
    /// The count of a colour's pieces in its nest.
    Nest(Colour),
    /// The count of a colour's pieces in its goal.
    Goal(Colour),
}

/// One entry of [`CELLS`]: a spot and its grid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Row, 0..[`ROWS`].
    pub row: u8,
    /// Column, 0..[`COLS`].
    pub col: u8,
    /// What is shown there.
    pub spot: Spot,
}

/// Number of spots: 68 ring squares, 28 corridor squares, 4 nests, 4 goals.
pub const SPOTS: usize = 68 + 28 + 4 + 4;

/// First grid column of colour `c`'s arm.
#[must_use]
pub const fn arm_col(c: Colour) -> usize {
    4 * c.index()
}

/// Is grid column `col` a separator between arms?
#[must_use]
pub const fn is_separator(col: usize) -> bool {
    col % 4 == 3
}

/// The first ring square of arm `k`: the bottom of its left column (60, 9, 26, 43).
#[must_use]
pub const fn arm_start(k: usize) -> u8 {
    ((60 - 1 + 17 * k) % 68 + 1) as u8
}

/// Grid position `(row, col)` of ring square `n` (1..=68).
///
/// Each arm holds 17 ring squares `a..a+16` (`a` = [`arm_start`]): `a..=a+7` up the left
/// column, `a+8` at the tip (top of the middle column), `a+9..=a+16` down the right column.
#[must_use]
pub const fn ring_pos(n: u8) -> (usize, usize) {
    let o = (n as usize + 68 - 60) % 68;
    let (k, i) = (o / 17, o % 17);
    let base = 4 * k;
    match i {
        0..=7 => (1 + 7 - i, base),
        8 => (1, base + 1),
        _ => (1 + i - 9, base + 2),
    }
}

/// Grid position of corridor square `k` (1..=7) of colour `c`: the middle column of its
/// arm, below the tip.
#[must_use]
pub const fn corridor_pos(c: Colour, k: u8) -> (usize, usize) {
    (1 + k as usize, arm_col(c) + 1)
}

/// Grid position of colour `c`'s nest count (header, after 🏠).
#[must_use]
pub const fn nest_pos(c: Colour) -> (usize, usize) {
    (HEADER, arm_col(c) + 1)
}

/// Grid position of colour `c`'s goal count (footer, after 🏁).
#[must_use]
pub const fn goal_pos(c: Colour) -> (usize, usize) {
    (FOOTER, arm_col(c) + 2)
}

const fn colour(i: usize) -> Colour {
    match Colour::from_index(i) {
        Some(c) => c,
        None => panic!("colour index out of range"),
    }
}

const fn cell(pos: (usize, usize), spot: Spot) -> Cell {
    Cell {
        row: pos.0 as u8,
        col: pos.1 as u8,
        spot,
    }
}

const fn build() -> [Cell; SPOTS] {
    let placeholder = cell((0, 0), Spot::Nest(Colour::Yellow));
    let mut t = [placeholder; SPOTS];
    let mut i = 0;
    while i < 68 {
        let n = i as u8 + 1;
        let sq = match Square::ring(n) {
            Some(s) => s,
            None => panic!("ring square out of range"),
        };
        t[i] = cell(ring_pos(n), Spot::Sq(sq));
        i += 1;
    }
    let mut c = 0;
    while c < 4 {
        let col = colour(c);
        let mut k = 1;
        while k <= 7 {
            let sq = match Square::corridor(col, k) {
                Some(s) => s,
                None => panic!("corridor square out of range"),
            };
            t[i] = cell(corridor_pos(col, k), Spot::Sq(sq));
            i += 1;
            k += 1;
        }
        c += 1;
    }
    let mut c = 0;
    while c < 4 {
        let col = colour(c);
        t[i] = cell(nest_pos(col), Spot::Nest(col));
        t[i + 1] = cell(goal_pos(col), Spot::Goal(col));
        i += 2;
        c += 1;
    }
    t
}

/// Every spot of the board with its grid position: ring squares 1..=68, then the
/// corridors (yellow-1..green-7), then nest and goal of each colour.
pub static CELLS: [Cell; SPOTS] = build();
