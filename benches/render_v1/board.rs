//! The empty printed board of each size, drawn once per process and copied for each image.

use std::sync::OnceLock;

use tiny_skia::Pixmap;

use super::layout::{self, Area};
use super::paint::{
    self, Canvas, INK, NEST_FLOOR, NUMBER, PAPER, SAFE, SAFE_MARK, piece_rgb, tint,
};
use super::text;
use parxis::engine::{Arms, Colour, Square};

/// The empty board of `arms` (no pieces, no names), drawn on first use.
pub(super) fn empty(arms: Arms) -> &'static Pixmap {
    static BOARDS: [OnceLock<Pixmap>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    };
    BOARDS[slot].get_or_init(|| draw(arms, layout::size(arms)))
}

/// The empty board of `arms` drawn `side` pixels wide (an animation's frames), drawn once.
pub(super) fn empty_at(arms: Arms, side: u32) -> &'static Pixmap {
    static BOARDS: [OnceLock<Pixmap>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    };
    BOARDS[slot].get_or_init(|| draw(arms, side))
}

/// The empty board, `side` pixels wide (the layout's size, scaled).
fn draw(arms: Arms, side: u32) -> Pixmap {
    let size = layout::size(arms);
    let mut pm = Pixmap::new(side, side).expect("the board size is valid");
    pm.fill(tiny_skia::Color::WHITE);
    let k = side as f32 / size as f32;
    draw_on(&mut paint::Scaled::new(&mut pm, k), arms);
    pm
}

/// The printed board of `arms` on a white canvas: nests, goals, squares and the frame.
pub(super) fn draw_on(pm: &mut impl Canvas, arms: Arms) {
    for &c in arms.colours() {
        nest(pm, arms, c);
        goal(pm, arms, c);
    }
    for sq in arms.squares() {
        square(pm, arms, sq);
    }
    let half = layout::size(arms) as f32 / 2.0;
    let whole = Area::around((half, half), half, half).inset(1.5);
    paint::stroke_area(pm, whole, 3.0, INK, 255);
}

fn nest(pm: &mut impl Canvas, arms: Arms, c: Colour) {
    let fill = tint(piece_rgb(c), 0.12);
    if arms.is_four() {
        let area = layout::nest_area(arms, c);
        paint::fill_area(pm, area, fill, 255);
        paint::stroke_area(pm, area, 2.0, INK, 255);
        // The floor: a rounded square with straight, pixel-aligned sides (cheap to compress).
        let square = |h: f32| Area::around(area.centre(), h, h);
        paint::fill_rounded(pm, square(layout::NEST_FLOOR), 46.0, INK, 255);
        paint::fill_rounded(pm, square(layout::NEST_FLOOR - 3.0), 43.0, NEST_FLOOR, 255);
        return;
    }
    let shape = layout::nest_shape(arms, c);
    paint::fill_polygon_crisp(pm, &shape, fill);
    paint::stroke_polygon_crisp(pm, &shape, 2.0, INK);
    let (centre, r) = (layout::nest_centre(arms, c), layout::nest_inradius(arms, c));
    paint::fill_circle(pm, centre, r - 6.0, INK, 255);
    paint::fill_circle(pm, centre, r - 9.0, NEST_FLOOR, 255);
}

fn goal(pm: &mut impl Canvas, arms: Arms, c: Colour) {
    let tri = layout::goal_triangle(arms, c);
    if arms.is_four() {
        paint::fill_polygon(pm, &tri, piece_rgb(c));
        paint::stroke_lines(pm, &tri, true, 2.0, INK, 255);
    } else {
        paint::fill_polygon_crisp(pm, &tri, piece_rgb(c));
        paint::stroke_polygon_crisp(pm, &tri, 2.0, INK);
    }
}

fn square(pm: &mut impl Canvas, arms: Arms, sq: Square) {
    let fill = match (sq.corridor_of(), sq.ring_number()) {
        (Some((c, _)), _) => tint(piece_rgb(c), 0.5),
        (None, Some(n)) => match arms
            .colours()
            .iter()
            .copied()
            .find(|c| c.exit_square() == n)
        {
            Some(c) => tint(piece_rgb(c), 0.3),
            None if sq.is_safe() => SAFE,
            None => PAPER,
        },
        (None, None) => PAPER,
    };
    let s = layout::scale(arms);
    if arms.is_four() {
        let area = layout::square_area(arms, sq);
        paint::fill_area(pm, area, fill, 255);
        paint::stroke_area(pm, area, 2.0, INK, 255);
    } else {
        let quad = layout::square_quad(arms, sq);
        paint::fill_polygon_crisp(pm, &quad, fill);
        paint::stroke_polygon_crisp(pm, &quad, 2.0, INK);
    }
    let centre = layout::square_centre(arms, sq);
    if sq.is_safe() {
        paint::stroke_circle(pm, centre, 14.0 * s, 2.0, SAFE_MARK);
    }
    // Safe squares (exits among them) carry larger, darker numbers: the ones a player
    // looks for at phone size.
    // A canvas with a floor for type (the live board on a phone) grows them to it, moved in
    // from the cell's end as far as they need to stay inside it.
    if let Some(n) = sq.ring_number() {
        let label = n.to_string();
        let (png, rgb) = if sq.is_safe() {
            (number_size(arms, n), INK)
        } else {
            (14.0 * s, NUMBER)
        };
        let size = png.max(pm.min_text());
        // Grown past what fits across a star board's narrow cells (three digits), the
        // numbers are written along the cells, every one of the board alike.
        let longest = arms.ring().to_string();
        if size > png && layout::numbers_along(arms, text::width(&longest, size)) {
            let (at, degrees) = layout::number_along(arms, sq, text::width(&label, size));
            pm.text_turned(&label, size, at, rgb, degrees);
            return;
        }
        let at = if size > png {
            let cap = 0.73 * size;
            layout::number_point_fitting(arms, sq, (text::width(&label, size), cap))
        } else {
            layout::number_point(arms, sq)
        };
        text::draw_centred(pm, &label, size, at, rgb);
    }
}

/// The size of a ring number that stands out (safe squares, squares named by the
/// buttons): three digits a little smaller to stay in the cell.
pub(super) fn number_size(arms: Arms, n: u8) -> f32 {
    let s = layout::scale(arms);
    if n >= 100 { 16.0 * s } else { 19.0 * s }
}
