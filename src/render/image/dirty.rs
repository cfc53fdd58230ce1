//! A pixmap that remembers where it was drawn on: every primitive goes to the pixmap's own
//! drawing ([`Scaled`] at the layout's size; circles from masks kept, `sprite.rs`) and adds the pixels it can reach to a list of
//! rectangles. The PNG path draws a position on a kept copy of the empty board, then
//! reads, encodes and restores only those rectangles (see `scratch.rs`), so a bound that
//! is too small leaves a stale pixel in the next picture: every bound here is generous
//! (anti-aliasing, stroke joins, mitres) and a test draws whole games both ways.

use tiny_skia::Pixmap;

use super::canvas::{Canvas, Rgb};
use super::layout::{Area, Point};
use super::paint::Scaled;
use super::{sprite, text};

/// A rectangle of whole pixels, `x0..x1` × `y0..y1`, inside the pixmap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

/// Pixels beyond a primitive's geometric bounds that are still counted as reached (its
/// anti-aliased edge, rounding).
const MARGIN: f32 = 3.0;

/// The side of the square tiles the drawn pixels are counted in.
const TILE: usize = 4;

/// A pixmap at the layout's size, drawn on through [`Scaled`], with the tiles drawn on.
pub(super) struct Tracking<'a> {
    pm: &'a mut Pixmap,
    /// Tiles across and down.
    cols: usize,
    rows: usize,
    /// Drawn or not, per tile, row by row.
    tiles: Vec<bool>,
}

impl<'a> Tracking<'a> {
    pub(super) fn new(pm: &'a mut Pixmap) -> Self {
        let cols = (pm.width() as usize).div_ceil(TILE);
        let rows = (pm.height() as usize).div_ceil(TILE);
        Tracking {
            pm,
            cols,
            rows,
            tiles: vec![false; cols * rows],
        }
    }

    /// The pixels drawn on, as rectangles that do not overlap: each run of tiles drawn on
    /// in a row of tiles, top to bottom.
    pub(super) fn into_rects(self) -> Vec<Rect> {
        let (w, h) = (self.pm.width() as usize, self.pm.height() as usize);
        let mut rects = Vec::with_capacity(self.rows * 4);
        for (ty, row) in self.tiles.chunks_exact(self.cols).enumerate() {
            let mut tx = 0;
            while tx < self.cols {
                if !row[tx] {
                    tx += 1;
                    continue;
                }
                let start = tx;
                while tx < self.cols && row[tx] {
                    tx += 1;
                }
                rects.push(Rect {
                    x0: start * TILE,
                    y0: ty * TILE,
                    x1: (tx * TILE).min(w),
                    y1: ((ty + 1) * TILE).min(h),
                });
            }
        }
        rects
    }

    fn add(&mut self, r: Rect) {
        for ty in r.y0 / TILE..r.y1.div_ceil(TILE).min(self.rows) {
            let row = &mut self.tiles[ty * self.cols..(ty + 1) * self.cols];
            row[r.x0 / TILE..r.x1.div_ceil(TILE).min(self.cols)].fill(true);
        }
    }

    fn canvas(&mut self) -> Scaled<'_> {
        Scaled::new(self.pm, 1.0)
    }

    /// `a` grown by `grow` and [`MARGIN`], in whole pixels, clipped to the pixmap.
    fn mark(&mut self, a: Area, grow: f32) {
        let g = grow.max(0.0) + MARGIN;
        let (w, h) = (self.pm.width() as f32, self.pm.height() as f32);
        let x0 = (a.x0.min(a.x1) - g).floor().clamp(0.0, w);
        let y0 = (a.y0.min(a.y1) - g).floor().clamp(0.0, h);
        let x1 = (a.x0.max(a.x1) + g).ceil().clamp(0.0, w);
        let y1 = (a.y0.max(a.y1) + g).ceil().clamp(0.0, h);
        if x0.is_nan() || y0.is_nan() || x1.is_nan() || y1.is_nan() {
            // A NaN coordinate reached nothing drawable; mark everything to be safe.
            return self.add(Rect {
                x0: 0,
                y0: 0,
                x1: w as usize,
                y1: h as usize,
            });
        }
        if x1 > x0 && y1 > y0 {
            self.add(Rect {
                x0: x0 as usize,
                y0: y0 as usize,
                x1: x1 as usize,
                y1: y1 as usize,
            });
        }
    }
}

fn around((x, y): Point, r: f32) -> Area {
    Area {
        x0: x - r,
        y0: y - r,
        x1: x + r,
        y1: y + r,
    }
}

impl Canvas for Tracking<'_> {
    fn fill_area(&mut self, a: Area, rgb: Rgb, alpha: u8) {
        self.canvas().fill_area(a, rgb, alpha);
        self.mark(a, 0.0);
    }

    fn stroke_area(&mut self, a: Area, width: f32, rgb: Rgb, alpha: u8) {
        if alpha == 255 {
            // Opaque, it is its four sides and a disc on each corner (its round joins):
            // rectangles are filled far faster than the stroke's path.
            let h = width / 2.0;
            let mut c = self.canvas();
            for side in [
                Area {
                    x0: a.x0,
                    y0: a.y0 - h,
                    x1: a.x1,
                    y1: a.y0 + h,
                },
                Area {
                    x0: a.x0,
                    y0: a.y1 - h,
                    x1: a.x1,
                    y1: a.y1 + h,
                },
                Area {
                    x0: a.x0 - h,
                    y0: a.y0,
                    x1: a.x0 + h,
                    y1: a.y1,
                },
                Area {
                    x0: a.x1 - h,
                    y0: a.y0,
                    x1: a.x1 + h,
                    y1: a.y1,
                },
            ] {
                c.fill_area(side, rgb, 255);
            }
            for corner in [(a.x0, a.y0), (a.x1, a.y0), (a.x0, a.y1), (a.x1, a.y1)] {
                sprite::fill_circle(self.pm, corner, h, rgb, 255);
            }
        } else {
            self.canvas().stroke_area(a, width, rgb, alpha);
        }
        // Its four sides, not the inside.
        let (x0, y0, x1, y1) = (a.x0, a.y0, a.x1, a.y1);
        for side in [
            (x0, y0, x1, y0),
            (x0, y1, x1, y1),
            (x0, y0, x0, y1),
            (x1, y0, x1, y1),
        ] {
            let (x0, y0, x1, y1) = side;
            self.mark(Area { x0, y0, x1, y1 }, width / 2.0);
        }
    }

    fn fill_circle(&mut self, at: Point, r: f32, rgb: Rgb, alpha: u8) {
        sprite::fill_circle(self.pm, at, r, rgb, alpha);
        self.mark(around(at, r), 0.0);
    }

    fn stroke_circle(&mut self, at: Point, r: f32, width: f32, rgb: Rgb) {
        sprite::stroke_circle(self.pm, at, r, width, rgb);
        self.mark(around(at, r), width / 2.0);
    }

    fn fill_polygon(&mut self, pts: &[Point], rgb: Rgb, alpha: u8, crisp: bool) {
        sprite::fill_polygon(self.pm, pts, rgb, alpha, crisp);
        if !pts.is_empty() {
            self.mark(Area::bounding(pts), 0.0);
        }
    }

    fn stroke_polygon_crisp(&mut self, pts: &[Point], width: f32, rgb: Rgb) {
        self.canvas().stroke_polygon_crisp(pts, width, rgb);
        if !pts.is_empty() {
            // Mitred corners reach up to the miter limit (4) times half the width.
            self.mark(Area::bounding(pts), 2.0 * width);
        }
    }

    fn stroke_lines(&mut self, pts: &[Point], closed: bool, width: f32, rgb: Rgb, alpha: u8) {
        self.canvas().stroke_lines(pts, closed, width, rgb, alpha);
        // Each segment with round caps and joins: half the width beyond its ends.
        let closing = pts.first().filter(|_| closed && pts.len() > 2);
        for (&p, &q) in pts.iter().zip(pts.iter().skip(1).chain(closing)) {
            self.mark(Area::bounding(&[p, q]), width / 2.0);
        }
        if let [p] = pts {
            self.mark(Area::bounding(&[*p]), width / 2.0);
        }
    }

    fn fill_rounded(&mut self, a: Area, r: f32, rgb: Rgb, alpha: u8) {
        self.canvas().fill_rounded(a, r, rgb, alpha);
        self.mark(a, 0.0);
    }

    fn text(&mut self, s: &str, size: f32, centre: Point, rgb: Rgb, halo: Option<(Rgb, f32)>) {
        self.canvas().text(s, size, centre, rgb, halo);
        self.mark(
            text::extent(s, size, centre, halo.map_or(0.0, |h| h.1)),
            0.0,
        );
    }
}
