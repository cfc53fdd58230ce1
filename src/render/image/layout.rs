//! Board geometry: where every square, nest and goal of the printed board sits in the image.
//!
//! The standard Spanish layout: a cross of four arms (3 columns × 8 rows) around the
//! central goal, a nest in each corner. Yellow's arm is the bottom one, its nest the
//! bottom-right corner beside its exit square 5; the ring runs counter-clockwise, so blue
//! sits top-right, red top-left and green bottom-left (R1.1, R1.2). Each arm holds 17 ring
//! squares: 8 leaving the centre, the tip (a colour's entry square) and 8 coming back;
//! the middle column holds the arm colour's corridor (7 squares) leading to the goal.

use crate::engine::Arms;
use crate::engine::board::{self, NEST, Progress};
use crate::engine::{Colour, Loc, Square};

/// Width and height of the image in pixels.
pub const SIZE: u32 = 880;

/// Centre of the image.
const MID: f32 = SIZE as f32 / 2.0;
/// Length of a cell across its arm (the long side).
pub(super) const CELL_LONG: f32 = 80.0;
/// Length of a cell along its arm (the short side).
pub(super) const CELL_SHORT: f32 = 40.0;
/// Half the width of an arm, and half the side of the central goal square.
const HALF_ARM: f32 = 1.5 * CELL_LONG;
/// Side of a nest (a corner square).
const NEST_SIDE: f32 = MID - HALF_ARM;
/// Half the side of the rounded square that holds a nest's pieces.
pub(super) const NEST_FLOOR: f32 = 110.0;
/// Distance of a piece in a square from the cell centre when two share it.
const PAIR_OFFSET: f32 = 19.0;

/// A point in image pixels.
pub type Point = (f32, f32);

/// An axis-aligned rectangle in image pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left edge.
    pub x0: f32,
    /// Top edge.
    pub y0: f32,
    /// Right edge.
    pub x1: f32,
    /// Bottom edge.
    pub y1: f32,
}

impl Area {
    /// The centre point.
    #[must_use]
    pub fn centre(self) -> Point {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// Is the rectangle wider than tall?
    #[must_use]
    pub fn is_wide(self) -> bool {
        self.x1 - self.x0 > self.y1 - self.y0
    }

    /// Does the rectangle contain the point?
    #[must_use]
    pub fn contains(self, (x, y): Point) -> bool {
        (self.x0..self.x1).contains(&x) && (self.y0..self.y1).contains(&y)
    }

    /// The rectangle `half_w` × `half_h` around `centre`, each way.
    #[must_use]
    pub fn around((x, y): Point, half_w: f32, half_h: f32) -> Self {
        Self {
            x0: x - half_w,
            y0: y - half_h,
            x1: x + half_w,
            y1: y + half_h,
        }
    }

    /// The rectangle shrunk by `d` on every side (grown when `d` is negative).
    #[must_use]
    pub fn inset(self, d: f32) -> Self {
        Self {
            x0: self.x0 + d,
            y0: self.y0 + d,
            x1: self.x1 - d,
            y1: self.y1 - d,
        }
    }

    fn spanning(a: Point, b: Point) -> Self {
        Self {
            x0: a.0.min(b.0),
            y0: a.1.min(b.1),
            x1: a.0.max(b.0),
            y1: a.1.max(b.1),
        }
    }
}

/// Rotates a vector given in the bottom (yellow) arm's frame into arm `arm`'s frame:
/// a quarter turn counter-clockwise on screen per arm.
pub(super) fn turn(arm: usize, (x, y): Point) -> Point {
    match arm % 4 {
        0 => (x, y),
        1 => (y, -x),
        2 => (-x, -y),
        _ => (-y, x),
    }
}

/// A point given relative to the centre in the bottom arm's frame, placed in arm `arm`.
pub(super) fn place(arm: usize, local: Point) -> Point {
    let (x, y) = turn(arm, local);
    (MID + x, MID + y)
}

/// Where a square sits: its arm (the colour index whose corridor the arm holds), its column
/// (-1, 0, 1 from left to right in the bottom arm's frame) and row (0 next to the centre).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    arm: usize,
    col: i8,
    row: u8,
}

impl Cell {
    fn of(sq: Square) -> Self {
        if let Some((c, k)) = sq.corridor_of() {
            return Self {
                arm: c.index(),
                col: 0,
                row: board::CORRIDOR - k,
            };
        }
        let n = sq.ring_number().map_or(0, usize::from);
        // 60..=68 and 1..=8 form the bottom arm: shift so each arm is 17 consecutive values.
        let q = (n + 8) % Arms::Four.ring() as usize;
        let (arm, p) = (q / 17, (q % 17) as u8);
        match p {
            0..=7 => Self {
                arm,
                col: -1,
                row: p,
            },
            8 => Self {
                arm,
                col: 0,
                row: 7,
            },
            _ => Self {
                arm,
                col: 1,
                row: 16 - p,
            },
        }
    }

    /// The cell's centre in the bottom arm's frame, relative to the image centre.
    fn local_centre(self) -> Point {
        (
            f32::from(self.col) * CELL_LONG,
            HALF_ARM + CELL_SHORT * (f32::from(self.row) + 0.5),
        )
    }
}

/// The rectangle of a ring or corridor square.
#[must_use]
pub fn square_area(sq: Square) -> Area {
    let c = Cell::of(sq);
    let (x, y) = c.local_centre();
    let a = place(c.arm, (x - CELL_LONG / 2.0, y - CELL_SHORT / 2.0));
    let b = place(c.arm, (x + CELL_LONG / 2.0, y + CELL_SHORT / 2.0));
    Area::spanning(a, b)
}

/// The centre of a ring or corridor square.
#[must_use]
pub fn square_centre(sq: Square) -> Point {
    square_area(sq).centre()
}

/// Where the printed number of a ring square sits: at the cell's outer end.
pub(super) fn number_point(sq: Square) -> Point {
    let c = Cell::of(sq);
    let end = if c.col == 1 { 1.0 } else { -1.0 };
    let (dx, dy) = turn(c.arm, (end * 29.0, 0.0));
    let (x, y) = square_centre(sq);
    (x + dx, y + dy)
}

/// Centres of the two places in a square: first and second arrival (left/right on
/// horizontal cells, top/bottom on vertical ones).
#[must_use]
pub fn pair_centres(sq: Square) -> [Point; 2] {
    let area = square_area(sq);
    let (x, y) = area.centre();
    if area.is_wide() {
        [(x - PAIR_OFFSET, y), (x + PAIR_OFFSET, y)]
    } else {
        [(x, y - PAIR_OFFSET), (x, y + PAIR_OFFSET)]
    }
}

/// The rectangle of colour `c`'s nest (a corner of the board).
#[must_use]
pub fn nest_area(c: Colour) -> Area {
    let a = place(c.index(), (HALF_ARM, HALF_ARM));
    let b = place(c.index(), (HALF_ARM + NEST_SIDE, HALF_ARM + NEST_SIDE));
    Area::spanning(a, b)
}

/// The centre of colour `c`'s nest.
#[must_use]
pub fn nest_centre(c: Colour) -> Point {
    nest_area(c).centre()
}

/// The four places of the pieces in colour `c`'s nest.
#[must_use]
pub fn nest_slots(c: Colour) -> [Point; 4] {
    let (x, y) = nest_centre(c);
    const D: f32 = 44.0;
    [
        (x - D, y - D),
        (x + D, y - D),
        (x - D, y + D),
        (x + D, y + D),
    ]
}

/// Unit vector from colour `c`'s nest centre toward the board's outer edge (y only).
fn nest_outward(c: Colour) -> f32 {
    if nest_centre(c).1 > MID { 1.0 } else { -1.0 }
}

/// Where a player's name is written: the band of the nest between its floor and the
/// board's edge.
pub(super) fn name_point(c: Colour) -> Point {
    let (x, y) = nest_centre(c);
    (
        x,
        y + nest_outward(c) * (NEST_FLOOR + NEST_SIDE / 2.0) / 2.0,
    )
}

/// Where the pending roll's die is drawn: the nest corner nearest the board's centre.
pub(super) fn die_point(c: Colour) -> Point {
    let (x, y) = nest_centre(c);
    const D: f32 = 126.0;
    (x + D * (MID - x).signum(), y + D * (MID - y).signum())
}

/// The three corners of colour `c`'s goal triangle in the centre of the board.
#[must_use]
pub fn goal_triangle(c: Colour) -> [Point; 3] {
    let arm = c.index();
    [
        place(arm, (-HALF_ARM, HALF_ARM)),
        place(arm, (HALF_ARM, HALF_ARM)),
        (MID, MID),
    ]
}

/// The centre of colour `c`'s goal count label, inside its triangle.
#[must_use]
pub fn goal_centre(c: Colour) -> Point {
    place(c.index(), (0.0, 62.0))
}

/// The places of pieces in colour `c`'s goal: a row along the triangle's base.
pub(super) fn goal_slots(c: Colour) -> [Point; 4] {
    [-45.0, -15.0, 15.0, 45.0].map(|x| place(c.index(), (x, 101.0)))
}

/// Where a move label for the goal of colour `c` is drawn: near the triangle's tip.
pub(super) fn goal_label_point(c: Colour) -> Point {
    place(c.index(), (0.0, 30.0))
}

/// The point that stands for a location of colour `c` (nest centre, square centre, goal).
#[must_use]
pub fn loc_point(c: Colour, loc: Loc) -> Point {
    match loc {
        Loc::Nest => nest_centre(c),
        Loc::Sq(sq) => square_centre(sq),
        Loc::Goal => goal_centre(c),
    }
}

/// The points a piece of colour `c` passes going from progress `from` to `to`.
pub(super) fn path_points(c: Colour, from: Progress, to: Progress) -> Vec<Point> {
    let goal = Arms::Four.goal();
    (from..=to.min(goal))
        .map(|p| match p {
            NEST => nest_centre(c),
            p if p == goal => goal_centre(c),
            _ => Arms::Four
                .square_at(c, p)
                .map_or_else(|| goal_centre(c), square_centre),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(n: u8) -> Square {
        Square::ring(n).expect("a ring number")
    }

    #[test]
    fn yellow_exit_sits_beside_yellow_nest_bottom_right() {
        let (x, y) = square_centre(ring(5));
        assert!(x > MID && y > MID);
        let nest = nest_area(Colour::Yellow);
        assert!(nest.x0 >= MID && nest.y0 >= MID);
        assert!(
            (x + CELL_LONG / 2.0 - nest.x0).abs() < 0.01,
            "5 borders the nest"
        );
    }

    #[test]
    fn consecutive_ring_squares_touch_and_tile_without_overlap() {
        let mut seen = std::collections::HashSet::new();
        for sq in Arms::Four.squares() {
            let (x, y) = square_centre(sq);
            assert!(
                seen.insert((x as i32, y as i32)),
                "{sq} overlaps another square"
            );
        }
        for n in 1..=68u8 {
            let next = if n == 68 { 1 } else { n + 1 };
            let (a, b) = (square_centre(ring(n)), square_centre(ring(next)));
            let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
            assert!(d <= CELL_LONG * 1.3, "{n} → {next} jumps {d}");
        }
    }

    #[test]
    fn corridors_run_from_the_entry_square_to_the_goal() {
        for &c in crate::engine::Arms::Four.colours() {
            let entry = square_centre(ring(Arms::Four.entry_square(c)));
            let first = square_centre(Square::corridor(c, 1).expect("corridor"));
            let last = square_centre(Square::corridor(c, 7).expect("corridor"));
            let goal = goal_centre(c);
            let d = |a: Point, b: Point| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
            assert!((d(entry, first) - CELL_SHORT).abs() < 0.01, "{c}");
            assert!(d(last, goal) < d(first, goal), "{c}");
        }
    }

    #[test]
    fn ring_runs_counter_clockwise() {
        // Yellow's exit (bottom), blue's (right), red's (top), green's (left).
        let angle = |n: u8| {
            let (x, y) = square_centre(ring(n));
            (MID - y).atan2(x - MID)
        };
        let a: Vec<f32> = [5, 22, 39, 56].map(angle).to_vec();
        for w in a.windows(2) {
            let turn = (w[1] - w[0]).rem_euclid(std::f32::consts::TAU);
            assert!(turn > 0.0 && turn < std::f32::consts::PI, "{a:?}");
        }
    }
}
