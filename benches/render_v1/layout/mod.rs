//! Board geometry: where every square, nest and goal of the printed board sits in the image.
//!
//! Every board is a star of arms around a central goal; each arm is the same strip of
//! 3 columns × 8 rows turned by 360°/arms around the centre. Yellow's arm is the bottom
//! one; the ring runs counter-clockwise on screen, so each colour's nest sits in the wedge
//! between its arm and the next one, beside its exit square (R1.1, R1.2, R8). Each arm
//! holds 17 ring squares: 8 leaving the centre, the tip (a colour's entry square) and 8
//! coming back; the middle column holds the arm colour's corridor (7 squares) leading to
//! the goal, a regular polygon with one triangle per colour.
//!
//! Four arms are the standard Spanish cross: the goal is a square, the arms meet at right
//! angles and each nest fills a corner of the image. Six and eight arms keep the cells'
//! proportions (a little smaller) and put a triangular nest in each wedge.

mod places;

pub(super) use places::{
    die_point, goal_slots, name_point, name_width, nest_frame, nest_inradius, path_points,
};
pub use places::{
    goal_centre, goal_triangle, loc_point, nest_area, nest_centre, nest_shape, nest_slots,
};

use parxis::engine::Square;
use parxis::engine::board::{self, Arms};

/// Width and height of the four-arm image in pixels ([`size`] gives every board's).
pub const SIZE: u32 = 880;

/// Length of a four-arm cell across its arm (the long side).
pub(super) const CELL_LONG: f32 = 80.0;
/// Length of a four-arm cell along its arm (the short side).
pub(super) const CELL_SHORT: f32 = 40.0;
/// Half the side of the rounded square that holds a four-arm nest's pieces.
pub(super) const NEST_FLOOR: f32 = 110.0;
/// Distance of a piece in a square from the cell centre when two share it (four arms).
const PAIR_OFFSET: f32 = 19.0;

/// A point in image pixels.
pub type Point = (f32, f32);

/// Width and height of the image of a board of `arms`, in pixels.
#[must_use]
pub fn size(arms: Arms) -> u32 {
    Geom::of(arms).size
}

/// Size of the cells, pieces and type of a board of `arms` against the four-arm board's.
#[must_use]
pub fn scale(arms: Arms) -> f32 {
    Geom::of(arms).s
}

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

    /// The smallest rectangle holding every point.
    #[must_use]
    pub fn bounding(pts: &[Point]) -> Self {
        let mut a = Self {
            x0: f32::INFINITY,
            y0: f32::INFINITY,
            x1: f32::NEG_INFINITY,
            y1: f32::NEG_INFINITY,
        };
        for &(x, y) in pts {
            a.x0 = a.x0.min(x);
            a.y0 = a.y0.min(y);
            a.x1 = a.x1.max(x);
            a.y1 = a.y1.max(y);
        }
        a
    }
}

/// The measures of one board's drawing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Geom {
    pub arms: Arms,
    /// Number of arms.
    n: usize,
    /// Scale of the cells against the four-arm board.
    pub s: f32,
    /// Image side in pixels.
    pub size: u32,
    /// Distance from the centre to the inner end of every arm (the goal polygon's apothem).
    pub apothem: f32,
}

impl Geom {
    pub fn of(arms: Arms) -> Self {
        let n = usize::from(arms.count());
        let (s, size) = match arms {
            Arms::Four => (1.0, SIZE),
            Arms::Six => (0.9, 1000),
            Arms::Eight => (0.8, 1000),
        };
        let half_arm = 1.5 * CELL_LONG * s;
        let apothem = match arms {
            Arms::Four => half_arm,
            _ => half_arm / (std::f32::consts::PI / n as f32).tan(),
        };
        Self {
            arms,
            n,
            s,
            size,
            apothem,
        }
    }

    /// The image centre.
    pub fn mid(&self) -> f32 {
        self.size as f32 / 2.0
    }

    pub fn cell_long(&self) -> f32 {
        CELL_LONG * self.s
    }

    pub fn cell_short(&self) -> f32 {
        CELL_SHORT * self.s
    }

    /// Half the width of an arm.
    pub fn half_arm(&self) -> f32 {
        1.5 * self.cell_long()
    }

    /// Distance from the centre to the outer end of every arm.
    pub fn reach(&self) -> f32 {
        self.apothem + 8.0 * self.cell_short()
    }

    /// Rotates a vector given in the bottom (yellow) arm's frame into arm `arm`'s frame:
    /// 360°/arms counter-clockwise on screen per arm (exact quarter turns on four arms).
    pub fn turn(&self, arm: usize, (x, y): Point) -> Point {
        if self.n == 4 {
            return match arm % 4 {
                0 => (x, y),
                1 => (y, -x),
                2 => (-x, -y),
                _ => (-y, x),
            };
        }
        let a = std::f32::consts::TAU * (arm % self.n) as f32 / self.n as f32;
        let (sin, cos) = a.sin_cos();
        (x * cos + y * sin, -x * sin + y * cos)
    }

    /// A point given relative to the centre in the bottom arm's frame, placed in arm `arm`.
    pub fn place(&self, arm: usize, local: Point) -> Point {
        let (x, y) = self.turn(arm, local);
        (self.mid() + x, self.mid() + y)
    }
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
    fn of(g: &Geom, sq: Square) -> Self {
        if let Some((c, k)) = sq.corridor_of() {
            return Self {
                arm: c.index(),
                col: 0,
                row: board::CORRIDOR - k,
            };
        }
        let n = sq.ring_number().map_or(0, usize::from);
        // 17k - 8 ..= 17k + 8 form arm k: shift so each arm is 17 consecutive values.
        let q = (n + 8) % usize::from(g.arms.ring());
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
    fn local_centre(self, g: &Geom) -> Point {
        (
            f32::from(self.col) * g.cell_long(),
            g.apothem + g.cell_short() * (f32::from(self.row) + 0.5),
        )
    }
}

/// The four corners of a ring or corridor square on a board of `arms`, in order round it.
#[must_use]
pub fn square_quad(arms: Arms, sq: Square) -> [Point; 4] {
    let g = Geom::of(arms);
    let c = Cell::of(&g, sq);
    let (x, y) = c.local_centre(&g);
    let (hw, hh) = (g.cell_long() / 2.0, g.cell_short() / 2.0);
    [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map(|(dx, dy)| g.place(c.arm, (x + dx, y + dy)))
}

/// The rectangle holding a ring or corridor square (the square itself on four arms).
#[must_use]
pub fn square_area(arms: Arms, sq: Square) -> Area {
    Area::bounding(&square_quad(arms, sq))
}

/// The centre of a ring or corridor square.
#[must_use]
pub fn square_centre(arms: Arms, sq: Square) -> Point {
    let g = Geom::of(arms);
    let c = Cell::of(&g, sq);
    g.place(c.arm, c.local_centre(&g))
}

/// Where the printed number of a ring square sits: at the cell's outer end.
pub(super) fn number_point(arms: Arms, sq: Square) -> Point {
    let g = Geom::of(arms);
    let c = Cell::of(&g, sq);
    let end = if c.col == 1 { 1.0 } else { -1.0 };
    let (dx, dy) = g.turn(c.arm, (end * 29.0 * g.s, 0.0));
    let (x, y) = square_centre(arms, sq);
    (x + dx, y + dy)
}

/// [`number_point`] for a number of `(width, height)` pixels larger than the PNG's: moved in
/// from the cell's end as far as it needs to stay inside the cell (2 px from its edge).
pub(super) fn number_point_fitting(arms: Arms, sq: Square, (w, h): (f32, f32)) -> Point {
    let g = Geom::of(arms);
    let c = Cell::of(&g, sq);
    let end = if c.col == 1 { 1.0 } else { -1.0 };
    let (ux, uy) = g.turn(c.arm, (1.0, 0.0));
    let extent = ux.abs() * w / 2.0 + uy.abs() * h / 2.0;
    let offset = (29.0 * g.s).min(CELL_LONG * g.s / 2.0 - extent - 2.0 * g.s);
    let (dx, dy) = g.turn(c.arm, (end * offset, 0.0));
    let (x, y) = square_centre(arms, sq);
    (x + dx, y + dy)
}

/// Where a ring number `w` pixels long sits when it is written along its cell's long side
/// (the live board's grown numbers on a star board, where three digits are wider than a
/// cell is deep), and the angle it is turned by, in degrees clockwise, kept upright (within
/// ±90°): at the cell's outer end, moved in as far as it needs to stay inside the cell.
pub(super) fn number_along(arms: Arms, sq: Square, w: f32) -> (Point, f32) {
    let g = Geom::of(arms);
    let c = Cell::of(&g, sq);
    let end = if c.col == 1 { 1.0 } else { -1.0 };
    let offset = (29.0 * g.s)
        .min(CELL_LONG * g.s / 2.0 - w / 2.0 - 2.0 * g.s)
        .max(0.0);
    let (dx, dy) = g.turn(c.arm, (end * offset, 0.0));
    let (x, y) = square_centre(arms, sq);
    let (ux, uy) = g.turn(c.arm, (1.0, 0.0));
    let mut degrees = uy.atan2(ux).to_degrees();
    if degrees > 90.01 {
        degrees -= 180.0;
    } else if degrees <= -89.99 {
        degrees += 180.0;
    }
    ((x + dx, y + dy), degrees)
}

/// Whether the live board writes the ring numbers of `arms` along their cells (at `size`
/// pixels): when the board's longest number does not fit across a cell's short side.
pub(super) fn numbers_along(arms: Arms, width_of_longest: f32) -> bool {
    let g = Geom::of(arms);
    width_of_longest + 4.0 * g.s > g.cell_short()
}

/// Centres of the two places in a square: first and second arrival (left/right on
/// horizontal cells, top/bottom on vertical ones; across the arm on a star board).
#[must_use]
pub fn pair_centres(arms: Arms, sq: Square) -> [Point; 2] {
    let (x, y) = square_centre(arms, sq);
    if arms.is_four() {
        return if square_area(arms, sq).is_wide() {
            [(x - PAIR_OFFSET, y), (x + PAIR_OFFSET, y)]
        } else {
            [(x, y - PAIR_OFFSET), (x, y + PAIR_OFFSET)]
        };
    }
    let g = Geom::of(arms);
    let (dx, dy) = g.turn(Cell::of(&g, sq).arm, (PAIR_OFFSET * g.s, 0.0));
    [(x - dx, y - dy), (x + dx, y + dy)]
}
