//! A season's table as a picture, readable on a phone: one line per member with the rank,
//! the movement since last week, the name as typed (emoji too, cut with "…" when long), the
//! games played, the points and the rating. The top three are tinted gold, silver and
//! bronze; members below the season's minimum of games are muted, without a rank. The words
//! come in already in the chat's language ([`Sheet`]): this module only draws.
//!
//! ```
//! use parxis::render::image::standings::{Headings, Line, Sheet, png};
//!
//! let sheet = Sheet {
//!     title: "Lliga de la falla · jornada 3 de 8".into(),
//!     headings: Headings::default(),
//!     lines: vec![Line {
//!         rank: Some(1),
//!         moved: 2,
//!         name: "Amparo 🎆".into(),
//!         games: 3,
//!         points: "+4,5".into(),
//!         rating: Some(1540),
//!     }],
//! };
//! assert_eq!(&png(&sheet)[1..4], b"PNG");
//! ```

use tiny_skia::Pixmap;

use super::layout::Area;
use super::paint::{INK, PAPER, Rgb, fill_area};
use super::text;

/// The picture's width in pixels: shown about 390 points wide on a phone, so text of 26 px
/// reads as 13 points or more.
pub const WIDTH: u32 = 760;
/// One line's height.
const LINE: f32 = 58.0;
/// The title band's height.
const TITLE: f32 = 84.0;
/// The headings' band.
const HEAD: f32 = 46.0;
/// Text sizes.
const FONT: f32 = 26.0;
const SMALL: f32 = 20.0;
const TITLE_FONT: f32 = 30.0;
/// The most lines a picture shows (a season has at most 64 members).
pub const MAX_LINES: usize = 64;

const BACKGROUND: Rgb = [240, 238, 232];
const BAND: Rgb = [44, 62, 96];
const STRIPE: Rgb = [248, 247, 243];
const MUTED: Rgb = [140, 140, 146];
const UP: Rgb = [30, 140, 60];
const DOWN: Rgb = [200, 50, 40];
const MEDALS: [Rgb; 3] = [[255, 226, 140], [226, 228, 234], [240, 208, 176]];

/// The column headings, in the chat's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Headings {
    /// Over the names.
    pub name: String,
    /// Over the games played.
    pub games: String,
    /// Over the points.
    pub points: String,
    /// Over the rating.
    pub rating: String,
}

impl Default for Headings {
    fn default() -> Self {
        Self {
            name: "Player".into(),
            games: "Games".into(),
            points: "Points".into(),
            rating: "Rating".into(),
        }
    }
}

/// One member's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Their rank; `None` below the minimum of games.
    pub rank: Option<u32>,
    /// Lines climbed since last week (negative: fell).
    pub moved: i64,
    /// Their name as typed.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Their points, written in the chat's language (`+4,5`).
    pub points: String,
    /// Their rating, when they have one.
    pub rating: Option<i32>,
}

/// What the picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The title line (the season, the week).
    pub title: String,
    /// The column headings.
    pub headings: Headings,
    /// The lines, in the table's order.
    pub lines: Vec<Line>,
}

/// The columns: rank, movement, name, games, points, rating (left and right edges).
const COLUMNS: [(f32, f32); 6] = [
    (0.0, 64.0),
    (64.0, 124.0),
    (124.0, 452.0),
    (452.0, 552.0),
    (552.0, 664.0),
    (664.0, 760.0),
];

fn area(column: usize, y0: f32, y1: f32) -> Area {
    let (x0, x1) = COLUMNS[column];
    Area { x0, y0, x1, y1 }
}

/// `s` centred in `a`, cut with "…" to fit.
fn centred(pm: &mut Pixmap, s: &str, a: Area, size: f32, rgb: Rgb) {
    let (s, size) = text::fit(s, a.x1 - a.x0 - 8.0, size, size);
    text::draw_centred(pm, &s, size, a.centre(), rgb);
}

/// A column heading centred in `a`: smaller type before it is cut ("Valoració").
fn heading(pm: &mut Pixmap, s: &str, a: Area) {
    let (s, size) = text::fit(s, a.x1 - a.x0 - 4.0, SMALL, SMALL * 0.7);
    text::draw_centred(pm, &s, size, a.centre(), MUTED);
}

/// `s` from the left of `a`, cut with "…" to fit.
fn left(pm: &mut Pixmap, s: &str, a: Area, size: f32, rgb: Rgb) {
    let (s, size) = text::fit(s, a.x1 - a.x0 - 12.0, size, size);
    let w = text::width(&s, size);
    text::draw_centred(
        pm,
        &s,
        size,
        (a.x0 + 6.0 + w / 2.0, (a.y0 + a.y1) / 2.0),
        rgb,
    );
}

/// The picture.
#[must_use]
pub fn render(sheet: &Sheet) -> Pixmap {
    let lines = &sheet.lines[..sheet.lines.len().min(MAX_LINES)];
    #[allow(clippy::cast_precision_loss)]
    let height = TITLE + HEAD + LINE * lines.len().max(1) as f32 + 12.0;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let Some(mut pm) = Pixmap::new(WIDTH, height.ceil() as u32) else {
        return Pixmap::new(1, 1).unwrap_or_else(|| unreachable!());
    };
    let [r, g, b] = BACKGROUND;
    pm.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
    #[allow(clippy::cast_precision_loss)]
    let w = WIDTH as f32;
    let band = Area {
        x0: 0.0,
        y0: 0.0,
        x1: w,
        y1: TITLE,
    };
    fill_area(&mut pm, band, BAND, 255);
    centred(&mut pm, &sheet.title, band, TITLE_FONT, PAPER);
    let (h0, h1) = (TITLE, TITLE + HEAD);
    let h = &sheet.headings;
    left(&mut pm, &h.name, area(2, h0, h1), SMALL, MUTED);
    heading(&mut pm, &h.games, area(3, h0, h1));
    heading(&mut pm, &h.points, area(4, h0, h1));
    heading(&mut pm, &h.rating, area(5, h0, h1));
    for (i, line) in lines.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let y0 = h1 + LINE * i as f32;
        let y1 = y0 + LINE;
        let tint = match line.rank {
            Some(r @ 1..=3) => Some(MEDALS[usize::try_from(r - 1).unwrap_or(0)]),
            _ => (i % 2 == 0).then_some(STRIPE),
        };
        if let Some(tint) = tint {
            let a = Area {
                x0: 8.0,
                y0: y0 + 3.0,
                x1: w - 8.0,
                y1: y1 - 3.0,
            };
            fill_area(&mut pm, a, tint, 255);
        }
        let ink = if line.rank.is_some() { INK } else { MUTED };
        let rank = line.rank.map_or_else(|| "–".to_owned(), |r| r.to_string());
        centred(&mut pm, &rank, area(0, y0, y1), FONT, ink);
        let (arrow, rgb) = match line.moved {
            m if m > 0 => (format!("▲{m}"), UP),
            m if m < 0 => (format!("▼{}", -m), DOWN),
            _ => ("·".to_owned(), MUTED),
        };
        centred(&mut pm, &arrow, area(1, y0, y1), SMALL, rgb);
        left(&mut pm, &line.name, area(2, y0, y1), FONT, ink);
        centred(&mut pm, &line.games.to_string(), area(3, y0, y1), FONT, ink);
        centred(&mut pm, &line.points, area(4, y0, y1), FONT, ink);
        let rating = line
            .rating
            .map_or_else(|| "–".to_owned(), |r| r.to_string());
        centred(&mut pm, &rating, area(5, y0, y1), SMALL, MUTED);
    }
    pm
}

/// The picture as a PNG (8-bit palette).
#[must_use]
pub fn png(sheet: &Sheet) -> Vec<u8> {
    super::flat::encode(&render(sheet))
}
