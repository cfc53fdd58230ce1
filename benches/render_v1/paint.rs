//! Colours and drawing primitives over tiny-skia.

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::layout::{Area, Point};
use super::text;
use parxis::engine::Colour;

pub use super::canvas::Rgb;
pub(crate) use super::canvas::{Canvas, Part};

/// Outlines, grid lines and dark text.
pub(super) const INK: Rgb = [34, 34, 38];
/// Plain ring squares.
pub(super) const PAPER: Rgb = [255, 255, 255];
/// Safe ring squares that are not exit squares.
pub(super) const SAFE: Rgb = [226, 230, 236];
/// The circle that marks a safe square.
pub(super) const SAFE_MARK: Rgb = [140, 148, 160];
/// Printed square numbers.
pub(super) const NUMBER: Rgb = [95, 100, 110];
/// Inside of a nest's circle.
pub(super) const NEST_FLOOR: Rgb = [250, 246, 236];

/// The fill of colour `c`'s pieces: saturated, told apart from the board's tints.
#[must_use]
pub fn piece_rgb(c: Colour) -> Rgb {
    match c {
        Colour::Yellow => [250, 200, 0],
        Colour::Blue => [25, 105, 215],
        Colour::Red => [215, 35, 35],
        Colour::Green => [15, 145, 65],
        // R8 colours.
        Colour::Orange => [240, 125, 15],
        Colour::Purple => [120, 55, 175],
        Colour::Cyan => [0, 170, 195],
        Colour::Pink => [230, 90, 160],
    }
}

/// The colour of the letter on colour `c`'s pieces (dark on yellow, white elsewhere).
pub(super) fn letter_rgb(c: Colour) -> Rgb {
    match c {
        Colour::Yellow => INK,
        _ => PAPER,
    }
}

/// The colour `rgb` takes on the dark board (the live page in a dark theme): its lightness
/// turned over (white paper near black, dark ink light grey), its hue and saturation kept,
/// so each arm's tint stays its colour. The pieces' own colours (the goals) are kept: they
/// read on either board, and the colour-blind shapes are drawn on them.
#[must_use]
pub fn dark(rgb: Rgb) -> Rgb {
    if Colour::ALL.iter().any(|&c| piece_rgb(c) == rgb) {
        return rgb;
    }
    let [r, g, b] = rgb.map(|v| f32::from(v) / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let l = (max + min) / 2.0;
    let d = max - min;
    let sat = if d == 0.0 {
        0.0
    } else {
        d / (1.0 - (2.0 * l - 1.0).abs())
    };
    let hue = if d == 0.0 {
        0.0
    } else if max == r {
        ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        (b - r) / d + 2.0
    } else {
        (r - g) / d + 4.0
    };
    let l2 = 0.08 + (1.0 - l) * 0.8;
    let c = (1.0 - (2.0 * l2 - 1.0).abs()) * sat;
    let x = c * (1.0 - (hue.rem_euclid(2.0) - 1.0).abs());
    let (r1, g1, b1) = match hue as u8 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l2 - c / 2.0;
    [r1, g1, b1].map(|v| ((v + m).clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// `rgb` mixed with white: `amount` 0 keeps it, 1 gives white.
pub(super) fn tint(rgb: Rgb, amount: f32) -> Rgb {
    rgb.map(|v| (f32::from(v) + (255.0 - f32::from(v)) * amount).round() as u8)
}

/// `rgb` mixed with black: `amount` 0 keeps it, 1 gives black.
pub(super) fn shade(rgb: Rgb, amount: f32) -> Rgb {
    rgb.map(|v| (f32::from(v) * (1.0 - amount)).round() as u8)
}

fn paint(rgb: Rgb, alpha: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(rgb[0], rgb[1], rgb[2], alpha);
    p.anti_alias = true;
    p
}

/// A pixmap drawn on `k` times the layout's size (a replay's smaller frames: the same
/// layout, the same scene, fewer pixels). Layout coordinates stay as they are; only what
/// reaches the pixels is scaled: paths through a transform, text at `k` times its size.
/// At `k` = 1 it draws exactly what the pixmap's own [`Canvas`] does (that one is this).
pub(crate) struct Scaled<'a> {
    pm: &'a mut Pixmap,
    k: f32,
    ts: Transform,
}

impl<'a> Scaled<'a> {
    /// `pm`, drawn on at `k` times the layout's size.
    pub(crate) fn new(pm: &'a mut Pixmap, k: f32) -> Self {
        let ts = if k == 1.0 {
            Transform::identity()
        } else {
            Transform::from_scale(k, k)
        };
        Scaled { pm, k, ts }
    }

    fn fill_path(&mut self, path: &tiny_skia::Path, rgb: Rgb, alpha: u8) {
        let p = paint(rgb, alpha);
        self.pm
            .fill_path(path, &p, FillRule::Winding, self.ts, None);
    }

    fn stroke_path(&mut self, path: &tiny_skia::Path, width: f32, rgb: Rgb, alpha: u8) {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        let p = paint(rgb, alpha);
        self.pm.stroke_path(path, &p, &stroke, self.ts, None);
    }
}

impl Canvas for Scaled<'_> {
    fn fill_area(&mut self, a: Area, rgb: Rgb, alpha: u8) {
        if let Some(r) = Rect::from_ltrb(a.x0, a.y0, a.x1, a.y1) {
            self.pm.fill_rect(r, &paint(rgb, alpha), self.ts, None);
        }
    }

    fn stroke_area(&mut self, a: Area, width: f32, rgb: Rgb, alpha: u8) {
        if let Some(r) = Rect::from_ltrb(a.x0, a.y0, a.x1, a.y1) {
            let path = PathBuilder::from_rect(r);
            self.stroke_path(&path, width, rgb, alpha);
        }
    }

    fn fill_circle(&mut self, (x, y): Point, r: f32, rgb: Rgb, alpha: u8) {
        if let Some(path) = PathBuilder::from_circle(x, y, r) {
            self.fill_path(&path, rgb, alpha);
        }
    }

    fn stroke_circle(&mut self, (x, y): Point, r: f32, width: f32, rgb: Rgb) {
        if let Some(path) = PathBuilder::from_circle(x, y, r) {
            self.stroke_path(&path, width, rgb, 255);
        }
    }

    fn fill_polygon(&mut self, pts: &[Point], rgb: Rgb, alpha: u8, crisp: bool) {
        if let Some(path) = polyline(pts, true) {
            let mut p = paint(rgb, alpha);
            p.anti_alias = !crisp;
            self.pm
                .fill_path(&path, &p, FillRule::Winding, self.ts, None);
        }
    }

    fn stroke_polygon_crisp(&mut self, pts: &[Point], width: f32, rgb: Rgb) {
        if let Some(path) = polyline(pts, true) {
            let mut p = paint(rgb, 255);
            p.anti_alias = false;
            let stroke = Stroke {
                width,
                line_join: LineJoin::Miter,
                ..Stroke::default()
            };
            self.pm.stroke_path(&path, &p, &stroke, self.ts, None);
        }
    }

    fn stroke_lines(&mut self, pts: &[Point], closed: bool, width: f32, rgb: Rgb, alpha: u8) {
        if let Some(path) = polyline(pts, closed) {
            self.stroke_path(&path, width, rgb, alpha);
        }
    }

    fn fill_rounded(&mut self, a: Area, r: f32, rgb: Rgb, alpha: u8) {
        let k = 0.552_284_8 * r; // cubic Bézier circle constant
        let mut pb = PathBuilder::new();
        pb.move_to(a.x0 + r, a.y0);
        pb.line_to(a.x1 - r, a.y0);
        pb.cubic_to(a.x1 - r + k, a.y0, a.x1, a.y0 + r - k, a.x1, a.y0 + r);
        pb.line_to(a.x1, a.y1 - r);
        pb.cubic_to(a.x1, a.y1 - r + k, a.x1 - r + k, a.y1, a.x1 - r, a.y1);
        pb.line_to(a.x0 + r, a.y1);
        pb.cubic_to(a.x0 + r - k, a.y1, a.x0, a.y1 - r + k, a.x0, a.y1 - r);
        pb.line_to(a.x0, a.y0 + r);
        pb.cubic_to(a.x0, a.y0 + r - k, a.x0 + r - k, a.y0, a.x0 + r, a.y0);
        pb.close();
        if let Some(path) = pb.finish() {
            self.fill_path(&path, rgb, alpha);
        }
    }

    fn text(&mut self, s: &str, size: f32, (x, y): Point, rgb: Rgb, halo: Option<(Rgb, f32)>) {
        let (k, centre) = (self.k, (x * self.k, y * self.k));
        match halo {
            None => text::raster_centred(self.pm, s, size * k, centre, rgb),
            Some((outline, width)) => {
                text::raster_outlined(self.pm, s, size * k, centre, rgb, outline, width * k);
            }
        }
    }
}

/// The PNG's own drawing: a pixmap at the layout's size.
impl Canvas for Pixmap {
    fn fill_area(&mut self, a: Area, rgb: Rgb, alpha: u8) {
        Scaled::new(self, 1.0).fill_area(a, rgb, alpha);
    }

    fn stroke_area(&mut self, a: Area, width: f32, rgb: Rgb, alpha: u8) {
        Scaled::new(self, 1.0).stroke_area(a, width, rgb, alpha);
    }

    fn fill_circle(&mut self, at: Point, r: f32, rgb: Rgb, alpha: u8) {
        Scaled::new(self, 1.0).fill_circle(at, r, rgb, alpha);
    }

    fn stroke_circle(&mut self, at: Point, r: f32, width: f32, rgb: Rgb) {
        Scaled::new(self, 1.0).stroke_circle(at, r, width, rgb);
    }

    fn fill_polygon(&mut self, pts: &[Point], rgb: Rgb, alpha: u8, crisp: bool) {
        Scaled::new(self, 1.0).fill_polygon(pts, rgb, alpha, crisp);
    }

    fn stroke_polygon_crisp(&mut self, pts: &[Point], width: f32, rgb: Rgb) {
        Scaled::new(self, 1.0).stroke_polygon_crisp(pts, width, rgb);
    }

    fn stroke_lines(&mut self, pts: &[Point], closed: bool, width: f32, rgb: Rgb, alpha: u8) {
        Scaled::new(self, 1.0).stroke_lines(pts, closed, width, rgb, alpha);
    }

    fn fill_rounded(&mut self, a: Area, r: f32, rgb: Rgb, alpha: u8) {
        Scaled::new(self, 1.0).fill_rounded(a, r, rgb, alpha);
    }

    fn text(&mut self, s: &str, size: f32, centre: Point, rgb: Rgb, halo: Option<(Rgb, f32)>) {
        Scaled::new(self, 1.0).text(s, size, centre, rgb, halo);
    }
}

/// Fills a rectangle.
pub(super) fn fill_area(pm: &mut impl Canvas, a: Area, rgb: Rgb, alpha: u8) {
    pm.fill_area(a, rgb, alpha);
}

/// Strokes a rectangle's outline.
pub(super) fn stroke_area(pm: &mut impl Canvas, a: Area, width: f32, rgb: Rgb, alpha: u8) {
    pm.stroke_area(a, width, rgb, alpha);
}

/// Fills a circle.
pub(super) fn fill_circle(pm: &mut impl Canvas, at: Point, r: f32, rgb: Rgb, alpha: u8) {
    pm.fill_circle(at, r, rgb, alpha);
}

/// Strokes a circle.
pub(super) fn stroke_circle(pm: &mut impl Canvas, at: Point, r: f32, width: f32, rgb: Rgb) {
    pm.stroke_circle(at, r, width, rgb);
}

/// Fills a polygon.
pub(super) fn fill_polygon(pm: &mut impl Canvas, pts: &[Point], rgb: Rgb) {
    pm.fill_polygon(pts, rgb, 255, false);
}

/// Fills a polygon without anti-aliasing: straight-edged star cells compress far better
/// with hard edges, and the phone's downscaling smooths them.
pub(super) fn fill_polygon_crisp(pm: &mut impl Canvas, pts: &[Point], rgb: Rgb) {
    pm.fill_polygon(pts, rgb, 255, true);
}

/// Strokes a closed polygon without anti-aliasing (see [`fill_polygon_crisp`]).
pub(super) fn stroke_polygon_crisp(pm: &mut impl Canvas, pts: &[Point], width: f32, rgb: Rgb) {
    pm.stroke_polygon_crisp(pts, width, rgb);
}

/// Fills a polygon with a translucent colour.
pub(super) fn fill_polygon_alpha(pm: &mut impl Canvas, pts: &[Point], rgb: Rgb, alpha: u8) {
    pm.fill_polygon(pts, rgb, alpha, false);
}

/// Strokes a polyline (open) or polygon (`closed`).
pub(super) fn stroke_lines(
    pm: &mut impl Canvas,
    pts: &[Point],
    closed: bool,
    width: f32,
    rgb: Rgb,
    alpha: u8,
) {
    pm.stroke_lines(pts, closed, width, rgb, alpha);
}

fn polyline(pts: &[Point], closed: bool) -> Option<tiny_skia::Path> {
    let (first, rest) = pts.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

/// Fills a rounded rectangle (a capsule when `r` is half the shorter side).
pub(super) fn fill_rounded(pm: &mut impl Canvas, a: Area, r: f32, rgb: Rgb, alpha: u8) {
    pm.fill_rounded(a, r, rgb, alpha);
}

/// A piece: a round token in its colour with a dark outline and its mark: the given
/// letter, or else its colour's shape (told apart without seeing colour, in any language).
pub(super) fn token(pm: &mut impl Canvas, at: Point, r: f32, c: Colour, letter: Option<char>) {
    pm.open(Part::Piece(c, at));
    fill_circle(pm, at, r, piece_rgb(c), 255);
    stroke_circle(pm, at, r, 2.5, INK);
    let ink = letter_rgb(c);
    if let Some(letter) = letter {
        let mut buf = [0u8; 4];
        text::draw_centred(pm, letter.encode_utf8(&mut buf), r * 1.15, at, ink);
    } else {
        shape(pm, at, r, c, ink);
    }
    pm.close();
}

/// The corners of a regular polygon of `n` corners, radius `r`, first corner at `turn`
/// (radians from straight up).
fn regular(at: Point, n: usize, r: f32, turn: f32) -> Vec<Point> {
    (0..n)
        .map(|k| {
            let a = turn + std::f32::consts::TAU * k as f32 / n as f32;
            (at.0 + r * a.sin(), at.1 - r * a.cos())
        })
        .collect()
}

/// Colour `c`'s shape: yellow a dot, blue a square, red a triangle, green a diamond,
/// orange a cross, purple a star, cyan a hexagon, pink a triangle upside down.
pub(super) fn shape(pm: &mut impl Canvas, at: Point, r: f32, c: Colour, rgb: Rgb) {
    use std::f32::consts::PI;
    let pts = match c {
        Colour::Yellow => return fill_circle(pm, at, r * 0.4, rgb, 255),
        Colour::Blue => regular(at, 4, r * 0.5, PI / 4.0),
        Colour::Red => regular((at.0, at.1 + r * 0.08), 3, r * 0.58, 0.0),
        Colour::Green => regular(at, 4, r * 0.55, 0.0),
        Colour::Orange => {
            let (w, h) = (r * 0.52, r * 0.17);
            fill_area(pm, Area::around(at, w, h), rgb, 255);
            return fill_area(pm, Area::around(at, h, w), rgb, 255);
        }
        Colour::Purple => star_points(at, r * 0.6),
        Colour::Cyan => regular(at, 6, r * 0.5, PI / 6.0),
        Colour::Pink => regular((at.0, at.1 - r * 0.08), 3, r * 0.58, PI),
    };
    fill_polygon(pm, &pts, rgb);
}

fn star_points(at: Point, r: f32) -> Vec<Point> {
    let outer = regular(at, 5, r, 0.0);
    let inner = regular(at, 5, r * 0.42, std::f32::consts::PI / 5.0);
    outer
        .into_iter()
        .zip(inner)
        .flat_map(|(o, i)| [o, i])
        .collect()
}

/// A five-pointed star in `rgb` with a thick dark outline (the winner's mark).
pub(super) fn star(pm: &mut impl Canvas, at: Point, r: f32, rgb: Rgb) {
    let pts = star_points(at, r);
    stroke_lines(pm, &pts, true, 7.0, INK, 255);
    fill_polygon(pm, &pts, rgb);
}

/// A numbered label: a dark disc with a white rim and a white number.
pub(super) fn badge(pm: &mut impl Canvas, at: Point, r: f32, label: &str) {
    fill_circle(pm, at, r + 2.0, PAPER, 255);
    fill_circle(pm, at, r, INK, 255);
    text::draw_centred(pm, label, r * 1.35, at, PAPER);
}

/// A die showing `face` (1..=6), with a border in the colour that rolled it.
pub(super) fn die(pm: &mut impl Canvas, (x, y): Point, side: f32, face: u8, c: Colour) {
    pm.open(Part::Die);
    let area = Area::around((x, y), side / 2.0, side / 2.0);
    let border = area.inset(-4.0);
    fill_rounded(pm, border, side * 0.22, INK, 255);
    fill_rounded(pm, area, side * 0.18, PAPER, 255);
    let q = side * 0.27;
    let pips: &[(f32, f32)] = match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    let pip = if c == Colour::Yellow {
        INK
    } else {
        shade(piece_rgb(c), 0.1)
    };
    for (dx, dy) in pips {
        fill_circle(pm, (x + dx * q, y + dy * q), side * 0.1, pip, 255);
    }
    pm.close();
}
