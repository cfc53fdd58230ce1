//! The empty printed board, drawn once per process and copied for each image.

use std::sync::OnceLock;

use tiny_skia::Pixmap;

use super::layout::{self, Area, SIZE};
use super::paint::{self, INK, NEST_FLOOR, NUMBER, PAPER, SAFE, SAFE_MARK, piece_rgb, tint};
use super::text;
use crate::engine::{Colour, Square};

/// The empty board (no pieces, no names), drawn on first use.
pub(super) fn empty() -> &'static Pixmap {
    static BOARD: OnceLock<Pixmap> = OnceLock::new();
    BOARD.get_or_init(draw)
}

fn draw() -> Pixmap {
    let mut pm = Pixmap::new(SIZE, SIZE).expect("the board size is valid");
    pm.fill(tiny_skia::Color::WHITE);
    for &c in crate::engine::Arms::Four.colours() {
        nest(&mut pm, c);
        goal(&mut pm, c);
    }
    for sq in crate::engine::Arms::Four.squares() {
        square(&mut pm, sq);
    }
    let half = SIZE as f32 / 2.0;
    let whole = Area::around((half, half), half, half).inset(1.5);
    paint::stroke_area(&mut pm, whole, 3.0, INK, 255);
    pm
}

fn nest(pm: &mut Pixmap, c: Colour) {
    let area = layout::nest_area(c);
    paint::fill_area(pm, area, tint(piece_rgb(c), 0.12), 255);
    paint::stroke_area(pm, area, 2.0, INK, 255);
    // The floor: a rounded square with straight, pixel-aligned sides (cheap to compress).
    let square = |h: f32| Area::around(area.centre(), h, h);
    paint::fill_rounded(pm, square(layout::NEST_FLOOR), 46.0, INK, 255);
    paint::fill_rounded(pm, square(layout::NEST_FLOOR - 3.0), 43.0, NEST_FLOOR, 255);
}

fn goal(pm: &mut Pixmap, c: Colour) {
    let tri = layout::goal_triangle(c);
    paint::fill_polygon(pm, &tri, piece_rgb(c));
    paint::stroke_lines(pm, &tri, true, 2.0, INK, 255);
}

fn square(pm: &mut Pixmap, sq: Square) {
    let area = layout::square_area(sq);
    let fill = match (sq.corridor_of(), sq.ring_number()) {
        (Some((c, _)), _) => tint(piece_rgb(c), 0.5),
        (None, Some(n)) => match crate::engine::Arms::Four
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
    paint::fill_area(pm, area, fill, 255);
    paint::stroke_area(pm, area, 2.0, INK, 255);
    if sq.is_safe() {
        paint::stroke_circle(pm, area.centre(), 14.0, 2.0, SAFE_MARK);
    }
    if let Some(n) = sq.ring_number() {
        text::draw_centred(pm, &n.to_string(), 14.0, layout::number_point(sq), NUMBER);
    }
}
