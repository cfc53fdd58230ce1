//! Nests, goals and the places drawn around them: names, the die, goal counts, labels,
//! and the points of a piece's path.

use super::{Area, Geom, NEST_FLOOR, Point, square_centre};
use parxis::engine::board::{Arms, NEST, Progress};
use parxis::engine::{Colour, Loc};

/// The corners of colour `c`'s nest: the corner square of the image on four arms, the
/// triangle between its arm and the next one (closed by the line joining their ends) on a
/// star board.
#[must_use]
pub fn nest_shape(arms: Arms, c: Colour) -> Vec<Point> {
    let g = Geom::of(arms);
    let (h, r) = (g.half_arm(), g.reach());
    let i = c.index();
    if arms.is_four() {
        let a = g.place(i, (h, h));
        let b = g.place(i, (r, r));
        let area = Area::bounding(&[a, b]);
        return vec![
            (area.x0, area.y0),
            (area.x1, area.y0),
            (area.x1, area.y1),
            (area.x0, area.y1),
        ];
    }
    vec![
        g.place(i, (h, g.apothem)),
        g.place(i, (h, r)),
        g.place(i + 1, (-h, r)),
    ]
}

/// The rectangle holding colour `c`'s nest (the nest itself on four arms).
#[must_use]
pub fn nest_area(arms: Arms, c: Colour) -> Area {
    Area::bounding(&nest_shape(arms, c))
}

/// The centre of colour `c`'s nest (the centre of its inscribed circle on a star board).
#[must_use]
pub fn nest_centre(arms: Arms, c: Colour) -> Point {
    let pts = nest_shape(arms, c);
    if arms.is_four() {
        return Area::bounding(&pts).centre();
    }
    // Incentre: the corners weighted by the lengths of the opposite sides.
    let d = |a: Point, b: Point| (a.0 - b.0).hypot(a.1 - b.1);
    let w = [d(pts[1], pts[2]), d(pts[2], pts[0]), d(pts[0], pts[1])];
    let sum: f32 = w.iter().sum();
    let x = (0..3).map(|k| w[k] * pts[k].0).sum::<f32>() / sum;
    let y = (0..3).map(|k| w[k] * pts[k].1).sum::<f32>() / sum;
    (x, y)
}

/// Radius of the circle inscribed in colour `c`'s nest (half the floor on four arms).
pub(in super::super) fn nest_inradius(arms: Arms, c: Colour) -> f32 {
    if arms.is_four() {
        return NEST_FLOOR;
    }
    let pts = nest_shape(arms, c);
    let d = |a: Point, b: Point| (a.0 - b.0).hypot(a.1 - b.1);
    let (a, b, e) = (d(pts[1], pts[2]), d(pts[2], pts[0]), d(pts[0], pts[1]));
    let area = ((pts[1].0 - pts[0].0) * (pts[2].1 - pts[0].1)
        - (pts[2].0 - pts[0].0) * (pts[1].1 - pts[0].1))
        .abs()
        / 2.0;
    2.0 * area / (a + b + e)
}

/// Colour `c`'s star nest shrunk by `d` px on every side (its turn frame).
pub(in super::super) fn nest_frame(arms: Arms, c: Colour, d: f32) -> Vec<Point> {
    let (x, y) = nest_centre(arms, c);
    let k = (nest_inradius(arms, c) - d) / nest_inradius(arms, c);
    nest_shape(arms, c)
        .into_iter()
        .map(|(px, py)| (x + (px - x) * k, y + (py - y) * k))
        .collect()
}

/// The four places of the pieces in colour `c`'s nest.
#[must_use]
pub fn nest_slots(arms: Arms, c: Colour) -> [Point; 4] {
    let (x, y) = nest_centre(arms, c);
    let d = if arms.is_four() {
        44.0
    } else {
        0.34 * nest_inradius(arms, c)
    };
    [
        (x - d, y - d),
        (x + d, y - d),
        (x - d, y + d),
        (x + d, y + d),
    ]
}

/// Where a player's name is written: on four arms the band of the nest between its floor
/// and the board's edge; on a star board across the lower part of the nest's floor, below
/// its pieces (text stays level whichever way the wedge points).
pub(in super::super) fn name_point(arms: Arms, c: Colour) -> Point {
    let g = Geom::of(arms);
    let (x, y) = nest_centre(arms, c);
    if arms.is_four() {
        let outward = if y > g.mid() { 1.0 } else { -1.0 };
        let side = g.mid() - g.half_arm();
        return (x, y + outward * (NEST_FLOOR + side / 2.0) / 2.0);
    }
    (x, y + 0.76 * nest_inradius(arms, c))
}

/// The widest a name may be written in colour `c`'s nest.
pub(in super::super) fn name_width(arms: Arms, c: Colour) -> f32 {
    if arms.is_four() {
        let a = nest_area(arms, c);
        return a.x1 - a.x0 - 24.0;
    }
    1.5 * nest_inradius(arms, c)
}

/// Where the pending roll's die is drawn: the nest's corner nearest the board's centre.
pub(in super::super) fn die_point(arms: Arms, c: Colour) -> Point {
    let g = Geom::of(arms);
    let (x, y) = nest_centre(arms, c);
    if arms.is_four() {
        const D: f32 = 126.0;
        let mid = g.mid();
        return (x + D * (mid - x).signum(), y + D * (mid - y).signum());
    }
    let apex = nest_shape(arms, c)[0];
    let k = 0.6;
    (x + (apex.0 - x) * k, y + (apex.1 - y) * k)
}

/// The three corners of colour `c`'s goal triangle in the centre of the board.
#[must_use]
pub fn goal_triangle(arms: Arms, c: Colour) -> [Point; 3] {
    let g = Geom::of(arms);
    let (arm, h) = (c.index(), g.half_arm());
    [
        g.place(arm, (-h, g.apothem)),
        g.place(arm, (h, g.apothem)),
        (g.mid(), g.mid()),
    ]
}

/// Distance from the centre of the goal count and the goal slots, as shares of the goal
/// triangle's height (62 and 101 px on four arms).
const GOAL_COUNT: f32 = 62.0 / 120.0;
const GOAL_SLOTS: f32 = 101.0 / 120.0;

/// The centre of colour `c`'s goal count label, inside its triangle.
#[must_use]
pub fn goal_centre(arms: Arms, c: Colour) -> Point {
    let g = Geom::of(arms);
    g.place(c.index(), (0.0, (GOAL_COUNT * g.apothem).round()))
}

/// The places of pieces in colour `c`'s goal: a row along the triangle's base.
pub(in super::super) fn goal_slots(arms: Arms, c: Colour) -> [Point; 4] {
    let g = Geom::of(arms);
    let y = (GOAL_SLOTS * g.apothem).round();
    [-45.0, -15.0, 15.0, 45.0].map(|x| g.place(c.index(), (x * g.s, y)))
}

/// The point that stands for a location of colour `c` (nest centre, square centre, goal).
#[must_use]
pub fn loc_point(arms: Arms, c: Colour, loc: Loc) -> Point {
    match loc {
        Loc::Nest => nest_centre(arms, c),
        Loc::Sq(sq) => square_centre(arms, sq),
        Loc::Goal => goal_centre(arms, c),
    }
}

/// The points a piece of colour `c` passes going from progress `from` to `to`.
pub(in super::super) fn path_points(
    arms: Arms,
    c: Colour,
    from: Progress,
    to: Progress,
) -> Vec<Point> {
    let goal = arms.goal();
    (from..=to.min(goal))
        .map(|p| match p {
            NEST => nest_centre(arms, c),
            p if p == goal => goal_centre(arms, c),
            _ => arms
                .square_at(c, p)
                .map_or_else(|| goal_centre(arms, c), |sq| square_centre(arms, sq)),
        })
        .collect()
}
