//! A season's trophy as a picture: a gold cup, the title ("League champion"), the
//! champions' names as typed (emoji too) and one line about the season. The words come in
//! already in the chat's language ([`Trophy`]): this module only draws.
//!
//! ```
//! use parxis::render::image::trophy::{Trophy, png};
//!
//! let t = Trophy {
//!     title: "Campió de la lliga".into(),
//!     names: vec!["Amparo 🎆".into()],
//!     line: "Lliga · 8 jornades · 10 inscrits".into(),
//! };
//! assert_eq!(&png(&t)[1..4], b"PNG");
//! ```

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};

use super::layout::Area;
use super::paint::{PAPER, Rgb, fill_area};
use super::text;

/// The picture's width (as the standings': about 390 points on a phone).
pub const WIDTH: u32 = 760;
/// The most names shown (champions who share the first place).
pub const MAX_NAMES: usize = 4;

const NIGHT: Rgb = [28, 40, 66];
const GOLD: Rgb = [236, 184, 52];
const GOLD_DARK: Rgb = [176, 126, 22];
const SOFT: Rgb = [200, 208, 224];

/// What the picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trophy {
    /// "League champion".
    pub title: String,
    /// The champions' names as typed (more than one when they share it).
    pub names: Vec<String>,
    /// One line about the season ("League · 8 weeks · 10 members").
    pub line: String,
}

fn fill(pm: &mut Pixmap, pb: PathBuilder, rgb: Rgb) {
    let Some(path) = pb.finish() else { return };
    let mut paint = Paint::default();
    paint.set_color_rgba8(rgb[0], rgb[1], rgb[2], 255);
    paint.anti_alias = true;
    pm.fill_path(
        &path,
        &paint,
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

/// The cup, centred on `cx`, its rim at `top`.
fn cup(pm: &mut Pixmap, cx: f32, top: f32) {
    // Handles: two rings behind the bowl.
    for side in [-1.0_f32, 1.0] {
        let mut pb = PathBuilder::new();
        pb.push_circle(cx + side * 78.0, top + 52.0, 34.0);
        pb.push_circle(cx + side * 78.0, top + 52.0, 21.0);
        let Some(path) = pb.finish() else { continue };
        let mut paint = Paint::default();
        paint.set_color_rgba8(GOLD_DARK[0], GOLD_DARK[1], GOLD_DARK[2], 255);
        paint.anti_alias = true;
        pm.fill_path(
            &path,
            &paint,
            FillRule::EvenOdd,
            Transform::identity(),
            None,
        );
    }
    // The bowl.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 86.0, top);
    pb.line_to(cx + 86.0, top);
    pb.cubic_to(
        cx + 86.0,
        top + 92.0,
        cx + 48.0,
        top + 132.0,
        cx,
        top + 136.0,
    );
    pb.cubic_to(
        cx - 48.0,
        top + 132.0,
        cx - 86.0,
        top + 92.0,
        cx - 86.0,
        top,
    );
    pb.close();
    fill(pm, pb, GOLD);
    // A shine on the bowl.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 62.0, top + 14.0);
    pb.cubic_to(
        cx - 60.0,
        top + 66.0,
        cx - 40.0,
        top + 98.0,
        cx - 22.0,
        top + 112.0,
    );
    pb.cubic_to(
        cx - 50.0,
        top + 90.0,
        cx - 70.0,
        top + 60.0,
        cx - 62.0,
        top + 14.0,
    );
    pb.close();
    fill(pm, pb, [250, 226, 150]);
    // The stem and the base.
    fill_area(
        pm,
        Area {
            x0: cx - 12.0,
            y0: top + 134.0,
            x1: cx + 12.0,
            y1: top + 172.0,
        },
        GOLD_DARK,
        255,
    );
    fill_area(
        pm,
        Area {
            x0: cx - 56.0,
            y0: top + 170.0,
            x1: cx + 56.0,
            y1: top + 196.0,
        },
        GOLD,
        255,
    );
    fill_area(
        pm,
        Area {
            x0: cx - 72.0,
            y0: top + 196.0,
            x1: cx + 72.0,
            y1: top + 214.0,
        },
        GOLD_DARK,
        255,
    );
}

/// The picture.
#[must_use]
pub fn render(t: &Trophy) -> Pixmap {
    let names = &t.names[..t.names.len().min(MAX_NAMES)];
    #[allow(clippy::cast_precision_loss)]
    let height = 420.0 + 64.0 * names.len().max(1) as f32 + 60.0;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let Some(mut pm) = Pixmap::new(WIDTH, height.ceil() as u32) else {
        return Pixmap::new(1, 1).unwrap_or_else(|| unreachable!());
    };
    pm.fill(tiny_skia::Color::from_rgba8(
        NIGHT[0], NIGHT[1], NIGHT[2], 255,
    ));
    #[allow(clippy::cast_precision_loss)]
    let w = WIDTH as f32;
    let cx = w / 2.0;
    // Stars around the cup.
    for (x, y, r) in [
        (150.0, 70.0, 5.0),
        (610.0, 90.0, 6.0),
        (210.0, 230.0, 4.0),
        (560.0, 250.0, 4.0),
        (110.0, 160.0, 3.0),
        (660.0, 180.0, 3.0),
    ] {
        let mut pb = PathBuilder::new();
        pb.push_circle(x, y, r);
        fill(&mut pm, pb, SOFT);
    }
    cup(&mut pm, cx, 48.0);
    let fit_centred = |pm: &mut Pixmap, s: &str, y: f32, size: f32, rgb: Rgb| {
        let (s, size) = text::fit(s, w - 64.0, size, size * 0.6);
        text::draw_centred(pm, &s, size, (cx, y), rgb);
    };
    fit_centred(&mut pm, &t.title, 320.0, 34.0, GOLD);
    for (i, name) in names.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let y = 392.0 + 64.0 * i as f32;
        fit_centred(&mut pm, name, y, 44.0, PAPER);
    }
    #[allow(clippy::cast_precision_loss)]
    let y = 392.0 + 64.0 * names.len().max(1) as f32 + 20.0;
    fit_centred(&mut pm, &t.line, y, 24.0, SOFT);
    pm
}

/// The picture as a PNG (8-bit palette when its colours fit one).
#[must_use]
pub fn png(t: &Trophy) -> Vec<u8> {
    super::flat::encode(&render(t))
}
