//! The board as SVG, drawn by the same code as the PNG ([`super::board`] and
//! [`super::scene`] over the [`Canvas`] trait): the same layout on 4, 6 and 8 arms, the same
//! colours, shapes, labels and type sizes, in the same image pixels (the `viewBox` is the
//! PNG's size). The live board of the Mini App shows it.
//!
//! Two layers: [`board_svg`], the printed board (the same for every game of a size, built
//! once), and [`scene_svg`], what changes (pieces, names, die, trail, labels), a `<g>` to
//! put over it. Each piece is a `<g class="pc">` carrying its colour and point
//! (`data-c`, `data-x`, `data-y`), so a page can find the piece that moved and animate it.
//! Text is laid out with the PNG's own font metrics: each string gets the `textLength` it
//! has in the PNG, so names fit their nests whatever font the phone has.
//!
//! ```
//! use parxis::engine::{Arms, Colour, Game, Preset};
//! use parxis::render::image::{View, board_svg, scene_svg};
//!
//! let board = board_svg(Arms::Four);
//! assert!(board.starts_with("<svg") && board.contains("viewBox=\"0 0 880 880\""));
//! let game = Game::new(Preset::Jcf, Preset::Jcf.options(), &[Colour::Yellow, Colour::Red]).unwrap();
//! let scene = scene_svg(&game, &View::default());
//! assert_eq!(scene.matches("class=\"pc\"").count(), 8); // 4 yellow and 4 red pieces at home
//! ```

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::OnceLock;

use super::View;
use super::canvas::{Canvas, Part, Rgb};
use super::layout::{self, Area, Point};
use super::paint;
use super::text;
use crate::engine::{Arms, Game};

/// An SVG document being written: elements appended to a string.
pub(crate) struct Svg {
    out: String,
    /// The printed board's colours (fill or stroke) as they were written, each element
    /// classed by them (`f-rrggbb`, `s-rrggbb`) so a dark page can turn them over
    /// ([`paint::dark`]); `None` for the scene, whose pieces read on either board.
    themed: Option<BTreeSet<(bool, Rgb)>>,
    /// The smallest type of the printed board (its square numbers), in its pixels.
    min_text: f32,
}

/// A number with at most one decimal, no trailing `.0` (SVG sizes stay small).
struct N(f32);

impl std::fmt::Display for N {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = (self.0 * 10.0).round() / 10.0;
        if v.fract() == 0.0 {
            write!(f, "{}", v as i64)
        } else {
            write!(f, "{v:.1}")
        }
    }
}

/// `#rrggbb`.
struct Hex(Rgb);

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0[0], self.0[1], self.0[2])
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

impl Svg {
    fn new() -> Self {
        Self {
            out: String::with_capacity(16 * 1024),
            themed: None,
            min_text: 0.0,
        }
    }

    /// Classes the element being written by its fill and stroke (on the printed board).
    fn theme(&mut self, fill: Option<Rgb>, stroke: Option<Rgb>) {
        let Some(used) = self.themed.as_mut() else {
            return;
        };
        self.out.push_str(" class=\"");
        for (i, (is_stroke, rgb)) in [(false, fill), (true, stroke)]
            .into_iter()
            .filter_map(|(k, c)| c.map(|c| (k, c)))
            .enumerate()
        {
            used.insert((is_stroke, rgb));
            let _ = write!(
                self.out,
                "{}{}-{}",
                if i > 0 { " " } else { "" },
                if is_stroke { 's' } else { 'f' },
                &Hex(rgb).to_string()[1..]
            );
        }
        self.out.push('"');
    }

    /// The dark page's colours of every colour classed so far: CSS rules that apply under
    /// a root of class `dark` (the page's style sheet carries them: no inline style).
    fn dark_style(&self) -> String {
        let mut css = String::new();
        for &(is_stroke, rgb) in self.themed.iter().flatten() {
            let (k, prop) = if is_stroke {
                ('s', "stroke")
            } else {
                ('f', "fill")
            };
            let _ = write!(
                css,
                ".dark #board .{k}-{}{{{prop}:{}}}",
                &Hex(rgb).to_string()[1..],
                Hex(paint::dark(rgb))
            );
        }
        css
    }

    fn opacity(&mut self, attr: &str, alpha: u8) {
        if alpha < 255 {
            let _ = write!(self.out, " {attr}=\"{:.3}\"", f32::from(alpha) / 255.0);
        }
    }

    fn points(&mut self, pts: &[Point]) {
        self.out.push_str(" points=\"");
        for (i, &(x, y)) in pts.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            let _ = write!(self.out, "{},{}", N(x), N(y));
        }
        self.out.push('"');
    }
}

impl Canvas for Svg {
    fn fill_area(&mut self, a: Area, rgb: Rgb, alpha: u8) {
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"",
            N(a.x0),
            N(a.y0),
            N(a.x1 - a.x0),
            N(a.y1 - a.y0),
            Hex(rgb)
        );
        self.opacity("fill-opacity", alpha);
        self.theme(Some(rgb), None);
        self.out.push_str("/>");
    }

    fn stroke_area(&mut self, a: Area, width: f32, rgb: Rgb, alpha: u8) {
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"",
            N(a.x0),
            N(a.y0),
            N(a.x1 - a.x0),
            N(a.y1 - a.y0),
            Hex(rgb),
            N(width)
        );
        self.opacity("stroke-opacity", alpha);
        self.theme(None, Some(rgb));
        self.out.push_str("/>");
    }

    fn fill_circle(&mut self, (x, y): Point, r: f32, rgb: Rgb, alpha: u8) {
        let _ = write!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"",
            N(x),
            N(y),
            N(r),
            Hex(rgb)
        );
        self.opacity("fill-opacity", alpha);
        self.theme(Some(rgb), None);
        self.out.push_str("/>");
    }

    fn stroke_circle(&mut self, (x, y): Point, r: f32, width: f32, rgb: Rgb) {
        let _ = write!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"",
            N(x),
            N(y),
            N(r),
            Hex(rgb),
            N(width)
        );
        self.theme(None, Some(rgb));
        self.out.push_str("/>");
    }

    fn fill_polygon(&mut self, pts: &[Point], rgb: Rgb, alpha: u8, _crisp: bool) {
        self.out.push_str("<polygon");
        self.points(pts);
        let _ = write!(self.out, " fill=\"{}\"", Hex(rgb));
        self.opacity("fill-opacity", alpha);
        self.theme(Some(rgb), None);
        self.out.push_str("/>");
    }

    fn stroke_polygon_crisp(&mut self, pts: &[Point], width: f32, rgb: Rgb) {
        self.out.push_str("<polygon");
        self.points(pts);
        let _ = write!(
            self.out,
            " fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"miter\"",
            Hex(rgb),
            N(width)
        );
        self.theme(None, Some(rgb));
        self.out.push_str("/>");
    }

    fn stroke_lines(&mut self, pts: &[Point], closed: bool, width: f32, rgb: Rgb, alpha: u8) {
        self.out
            .push_str(if closed { "<polygon" } else { "<polyline" });
        self.points(pts);
        let _ = write!(
            self.out,
            " fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"",
            Hex(rgb),
            N(width)
        );
        self.opacity("stroke-opacity", alpha);
        self.theme(None, Some(rgb));
        self.out.push_str("/>");
    }

    fn fill_rounded(&mut self, a: Area, r: f32, rgb: Rgb, alpha: u8) {
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\"",
            N(a.x0),
            N(a.y0),
            N(a.x1 - a.x0),
            N(a.y1 - a.y0),
            N(r),
            Hex(rgb)
        );
        self.opacity("fill-opacity", alpha);
        self.theme(Some(rgb), None);
        self.out.push_str("/>");
    }

    fn text(&mut self, s: &str, size: f32, (x, y): Point, rgb: Rgb, halo: Option<(Rgb, f32)>) {
        if s.is_empty() {
            return;
        }
        // Where the rasterizer puts it: centred on a whole pixel, the baseline below it.
        let (x, y) = (x.round(), y.round() + text::baseline_offset(size));
        let _ = write!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" textLength=\"{}\" fill=\"{}\"",
            N(x),
            N(y),
            N(size),
            N(text::width(s, size)),
            Hex(rgb)
        );
        if let Some((outline, width)) = halo {
            let _ = write!(
                self.out,
                " stroke=\"{}\" stroke-width=\"{}\" paint-order=\"stroke\"",
                Hex(outline),
                N(2.0 * width)
            );
        }
        self.theme(Some(rgb), halo.map(|h| h.0));
        let _ = write!(self.out, ">{}</text>", escape(s));
    }

    fn text_turned(&mut self, s: &str, size: f32, (x, y): Point, rgb: Rgb, degrees: f32) {
        let at = self.out.len();
        self.text(s, size, (x, y), rgb, None);
        if degrees.abs() < 0.05 || self.out.len() == at {
            return;
        }
        // Turned about the point it is centred on (as the rasterizer would place it).
        let turn = format!(
            " transform=\"rotate({} {} {})\"",
            N(degrees),
            N(x.round()),
            N(y.round())
        );
        self.out.insert_str(at + "<text".len(), &turn);
    }

    fn min_text(&self) -> f32 {
        self.min_text
    }

    fn open(&mut self, part: Part) {
        match part {
            Part::Piece(c, (x, y)) => {
                let _ = write!(
                    self.out,
                    "<g class=\"pc\" data-c=\"{}\" data-x=\"{}\" data-y=\"{}\">",
                    c.name(),
                    N(x),
                    N(y)
                );
            }
            Part::Die => self.out.push_str("<g class=\"die\">"),
        }
    }

    fn close(&mut self) {
        self.out.push_str("</g>");
    }
}

/// The attributes every text and line of the board shares (the PNG's font, round caps).
const STYLE: &str = "font-family=\"DejaVu Sans,Verdana,Arial,sans-serif\" font-weight=\"bold\" \
                     text-anchor=\"middle\" lengthAdjust=\"spacingAndGlyphs\" \
                     stroke-linecap=\"round\" stroke-linejoin=\"round\"";

/// A phone's width in CSS pixels, where the board is as wide as the page.
const PHONE_CSS_PX: f32 = 390.0;
/// The smallest type on the printed board at [`PHONE_CSS_PX`] (its square numbers).
const MIN_TEXT_CSS_PX: f32 = 11.0;

/// The printed board of `arms` as a whole SVG document (`viewBox` the PNG's pixels),
/// drawn once per process. Its board is a `<g id="board">`; a page puts the scene over it.
/// Its numbers are at least 11 CSS px on a 390 px phone (larger than the PNG's), and its
/// elements are classed by colour for [`board_dark_css`].
#[must_use]
pub fn board_svg(arms: Arms) -> &'static str {
    &printed(arms).0
}

/// The dark colours of [`board_svg`]'s (see [`paint::dark`]): CSS rules for a page whose
/// root has class `dark`.
#[must_use]
pub fn board_dark_css(arms: Arms) -> &'static str {
    &printed(arms).1
}

fn printed(arms: Arms) -> &'static (String, String) {
    static BOARDS: [OnceLock<(String, String)>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    };
    BOARDS[slot].get_or_init(|| {
        let size = layout::size(arms);
        let mut svg = Svg::new();
        svg.themed = Some(BTreeSet::new());
        svg.min_text = MIN_TEXT_CSS_PX * size as f32 / PHONE_CSS_PX;
        let _ = write!(
            svg.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" {STYLE}>\
             <g id=\"board\"><rect width=\"{size}\" height=\"{size}\" fill=\"#ffffff\""
        );
        svg.theme(Some(paint::PAPER), None);
        svg.out.push_str("/>");
        super::board::draw_on(&mut svg, arms);
        svg.out.push_str("</g></svg>");
        let css = svg.dark_style();
        (svg.out, css)
    })
}

/// What changes on the board of `game` (pieces, barriers, goal counts, names, the die, the
/// last move's trail, the labels of `view.choices`), as one `<g class="scene">` in the
/// board's pixels, drawn by the PNG's own scene code.
#[must_use]
pub fn scene_svg(game: &Game, view: &View) -> String {
    let mut svg = Svg::new();
    let _ = write!(svg.out, "<g class=\"scene\" {STYLE}>");
    super::scene::draw(&mut svg, game, view);
    svg.out.push_str("</g>");
    svg.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Colour, Preset};

    #[test]
    fn numbers_are_short_and_exact_to_a_tenth() {
        assert_eq!(N(12.0).to_string(), "12");
        assert_eq!(N(12.04).to_string(), "12");
        assert_eq!(N(12.25).to_string(), "12.3");
        assert_eq!(N(-0.5).to_string(), "-0.5");
    }

    #[test]
    fn each_size_of_board_has_every_square_and_nest_of_the_png() {
        for arms in [Arms::Four, Arms::Six, Arms::Eight] {
            let svg = board_svg(arms);
            // Every square is one shape (a rect on four arms, a polygon on star boards), the
            // ring squares carry their number.
            let n = usize::from(arms.ring());
            for number in [1, n / 2, n] {
                assert!(
                    svg.contains(&format!(">{number}</text>")),
                    "{arms:?}: square {number}"
                );
            }
            assert!(!svg.contains(&format!(">{}</text>", n + 1)), "{arms:?}");
            assert!(svg.ends_with("</g></svg>"));
        }
    }

    #[test]
    fn the_board_carries_a_dark_palette_that_keeps_the_pieces_colours() {
        // The paper turns near black and the ink light; an arm's tint stays its hue, darker;
        // the pieces' colours (the goals) are kept.
        let luma =
            |c: Rgb| 0.299 * f32::from(c[0]) + 0.587 * f32::from(c[1]) + 0.114 * f32::from(c[2]);
        assert!(luma(paint::dark(paint::PAPER)) < 40.0);
        assert!(luma(paint::dark(paint::INK)) > 170.0);
        let corridor = paint::tint(paint::piece_rgb(Colour::Red), 0.5);
        let dark = paint::dark(corridor);
        assert!(luma(dark) < luma(corridor) / 2.0, "{dark:?}");
        assert!(
            dark[0] > dark[1] && dark[0] > dark[2],
            "still red: {dark:?}"
        );
        for c in Colour::ALL {
            assert_eq!(paint::dark(paint::piece_rgb(c)), paint::piece_rgb(c));
        }
        // Every fill and stroke of the printed board is classed and has its dark rule.
        for arms in [Arms::Four, Arms::Six, Arms::Eight] {
            let (body, style) = (board_svg(arms), board_dark_css(arms));
            assert!(style.contains(&format!(
                ".dark #board .f-ffffff{{fill:{}}}",
                Hex(paint::dark(paint::PAPER))
            )));
            for rgb in [paint::INK, paint::NUMBER, paint::SAFE, paint::NEST_FLOOR] {
                let hex = &Hex(rgb).to_string()[1..];
                assert!(body.contains(&format!("-{hex}")), "{arms:?} {rgb:?}");
                assert!(
                    style.contains(&format!("-{hex}{{"))
                        && style.contains(&Hex(paint::dark(rgb)).to_string()),
                    "{arms:?} {rgb:?}"
                );
            }
            let painted = body.matches(" fill=\"#").count() + body.matches(" stroke=\"#").count();
            let classed = body.matches("f-").count()
                + body.matches(" s-").count()
                + body.matches("\"s-").count();
            assert_eq!(painted, classed, "{arms:?}");
        }
        // The scene is not classed: its pieces and shapes are the same on either board.
        let game = Game::new(
            Preset::Jcf,
            Preset::Jcf.options(),
            &[Colour::Yellow, Colour::Red],
        )
        .unwrap();
        assert!(!scene_svg(&game, &View::default()).contains("class=\"f-"));
    }

    /// The box of each number of the printed board, as the phone draws it: its centre, half
    /// its length and half its capital height, and the unit vector it runs along.
    fn number_boxes(svg: &str) -> Vec<(String, Point, f32, f32, Point)> {
        let attr = |t: &str, name: &str| -> Option<f32> {
            let at = t.find(&format!(" {name}=\""))? + name.len() + 3;
            t[at..].split('"').next()?.parse().ok()
        };
        svg.split("<text")
            .skip(1)
            .map(|t| {
                let label = t.split('>').nth(1).unwrap().split('<').next().unwrap();
                let size = attr(t, "font-size").unwrap();
                let length = attr(t, "textLength").unwrap();
                let (x, y) = (attr(t, "x").unwrap(), attr(t, "y").unwrap());
                let (centre, degrees) = match t.find("rotate(") {
                    Some(at) => {
                        let v: Vec<f32> = t[at + 7..]
                            .split(')')
                            .next()
                            .unwrap()
                            .split(' ')
                            .map(|n| n.parse().unwrap())
                            .collect();
                        ((v[1], v[2]), v[0])
                    }
                    None => ((x, y - text::baseline_offset(size)), 0.0),
                };
                let r = degrees.to_radians();
                (
                    label.to_owned(),
                    centre,
                    length / 2.0,
                    0.73 * size / 2.0,
                    (r.cos(), r.sin()),
                )
            })
            .collect()
    }

    /// Whether two boxes of [`number_boxes`] overlap (separating axes).
    fn overlap(a: &(String, Point, f32, f32, Point), b: &(String, Point, f32, f32, Point)) -> bool {
        let axes = |u: Point| [u, (-u.1, u.0)];
        let extent = |bx: &(String, Point, f32, f32, Point), axis: Point| {
            let (u, v) = (bx.4, (-bx.4.1, bx.4.0));
            let c = bx.1.0 * axis.0 + bx.1.1 * axis.1;
            let r = bx.2 * (u.0 * axis.0 + u.1 * axis.1).abs()
                + bx.3 * (v.0 * axis.0 + v.1 * axis.1).abs();
            (c - r, c + r)
        };
        axes(a.4).into_iter().chain(axes(b.4)).all(|axis| {
            let (a0, a1) = extent(a, axis);
            let (b0, b1) = extent(b, axis);
            a0 < b1 && b0 < a1
        })
    }

    #[test]
    fn square_numbers_grown_for_a_phone_never_overlap_and_stay_in_their_cells() {
        for arms in [Arms::Four, Arms::Six, Arms::Eight] {
            let boxes = number_boxes(board_svg(arms));
            assert_eq!(boxes.len(), usize::from(arms.ring()), "{arms:?}");
            // No two numbers touch (a number 1 px larger on every side, to be readable),
            for (i, a) in boxes.iter().enumerate() {
                let grown = (a.0.clone(), a.1, a.2 + 1.0, a.3 + 1.0, a.4);
                for b in &boxes[i + 1..] {
                    assert!(!overlap(&grown, b), "{arms:?}: {} and {} overlap", a.0, b.0);
                }
                // and each stays inside its own square.
                let n: u8 = a.0.parse().unwrap();
                let sq = crate::engine::Square::ring(n).unwrap();
                let quad = layout::square_quad(arms, sq);
                let (u, v) = (a.4, (-a.4.1, a.4.0));
                for (su, sv) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                    let p = (
                        a.1.0 + su * a.2 * u.0 + sv * a.3 * v.0,
                        a.1.1 + su * a.2 * u.1 + sv * a.3 * v.1,
                    );
                    assert!(inside(&quad, p, 1.5), "{arms:?}: {} leaves its square", a.0);
                }
            }
            // On the star boards the numbers run along their cells (three digits).
            let turned = boxes.iter().filter(|b| b.4.0 < 0.999).count();
            assert_eq!(turned > 0, arms != Arms::Four, "{arms:?}: {turned} turned");
        }
    }

    /// Whether `p` is inside the convex `quad` (or within `slack` pixels of it).
    fn inside(quad: &[Point; 4], p: Point, slack: f32) -> bool {
        let edge = |i: usize| (quad[i], quad[(i + 1) % 4]);
        let area: f32 = (0..4)
            .map(|i| {
                let (a, b) = edge(i);
                a.0 * b.1 - b.0 * a.1
            })
            .sum();
        (0..4).all(|i| {
            let (a, b) = edge(i);
            let (ex, ey) = (b.0 - a.0, b.1 - a.1);
            let cross = (ex * (p.1 - a.1) - ey * (p.0 - a.0)) / ex.hypot(ey);
            cross * area.signum() >= -slack
        })
    }

    #[test]
    fn square_numbers_are_at_least_eleven_css_px_on_a_phone() {
        for arms in [Arms::Four, Arms::Six, Arms::Eight] {
            let svg = board_svg(arms);
            let k = PHONE_CSS_PX / layout::size(arms) as f32;
            let sizes: Vec<f32> = svg
                .split("font-size=\"")
                .skip(1)
                .map(|t| t.split('"').next().unwrap().parse().unwrap())
                .collect();
            assert!(sizes.len() >= usize::from(arms.ring()), "{arms:?}");
            let smallest = sizes.iter().copied().fold(f32::MAX, f32::min);
            assert!(smallest * k >= 10.95, "{arms:?}: {} css px", smallest * k);
        }
    }

    #[test]
    fn a_name_is_escaped_and_pieces_carry_their_colour_and_point() {
        let game = Game::new(
            Preset::Jcf,
            Preset::Jcf.options(),
            &[Colour::Yellow, Colour::Red],
        )
        .unwrap();
        let mut view = View::default();
        view.names[Colour::Red.index()] = Some("<Pep & \"Ana\">".into());
        let svg = scene_svg(&game, &view);
        assert!(svg.contains("&lt;Pep &amp; &quot;Ana&quot;&gt;"), "{svg}");
        assert!(!svg.contains("<Pep"));
        let slot = layout::nest_slots(Arms::Four, Colour::Red)[0];
        assert!(
            svg.contains(&format!(
                "data-c=\"red\" data-x=\"{}\" data-y=\"{}\"",
                N(slot.0),
                N(slot.1)
            )),
            "{svg}"
        );
    }
}
