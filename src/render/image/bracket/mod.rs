//! The bracket picture of a tournament (R10): rounds as columns, a box per table with the
//! names of its sides, winners carried into the next column, byes marked, the round being
//! played highlighted, and the champion at the end. Large brackets are wrapped into sheets
//! stacked top to bottom (see [`layout`]). Names are drawn as they are (nothing to escape
//! in a picture) and cut with "…" when too long.
//!
//! ```
//! use parxis::engine::Preset;
//! use parxis::render::image::bracket;
//! use parxis::tournament::{Entrant, Labels, Tournament};
//!
//! let e = (0..5).map(|i| Entrant::human(i, &format!("P{i}"))).collect();
//! let t = Tournament::draw(Preset::Jcf, false, 2, e, 1).unwrap();
//! let png = bracket::png(&t, &Labels::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod layout;

use tiny_skia::Pixmap;

use super::layout::Area;
use super::paint::{INK, PAPER, Rgb, die, fill_area, stroke_area, stroke_lines};
use super::text;
use crate::engine::Colour;
use crate::tournament::{Labels, Side, TableId, TableResult, Tournament, View};

pub use layout::{Layout, layout};

/// The fill of the boxes of the round being played (and of the champion's box at the end).
pub const HIGHLIGHT: Rgb = [255, 222, 130];
/// The canvas.
pub const BACKGROUND: Rgb = [240, 238, 232];
/// The row of a side that went through.
pub const WON: Rgb = [196, 232, 196];
/// Names of sides that lost, the bye line and places still to be filled.
const MUTED: Rgb = [140, 140, 146];
/// Connectors.
const LINE: Rgb = [150, 150, 160];

/// The bracket of `t` as a PNG (8-bit palette), with `labels` for the headings and the bye line.
#[must_use]
pub fn png(t: &Tournament, labels: &Labels) -> Vec<u8> {
    super::flat::encode(&render(t, labels))
}

/// Text left-aligned in `area` at `x0 + 8`, vertically centred, cut with "…" to fit.
fn left_text(pm: &mut Pixmap, s: &str, area: Area, rgb: Rgb) {
    let max_w = area.x1 - area.x0 - 16.0;
    let (s, size) = text::fit(s, max_w, layout::FONT, layout::FONT);
    let w = text::width(&s, size);
    let cy = (area.y0 + area.y1) / 2.0;
    text::draw_centred(pm, &s, size, (area.x0 + 8.0 + w / 2.0, cy), rgb);
}

/// Text centred in `area`, cut with "…" to fit.
fn centred_text(pm: &mut Pixmap, s: &str, area: Area, rgb: Rgb) {
    let (s, size) = text::fit(s, area.x1 - area.x0 - 12.0, layout::FONT, layout::FONT);
    text::draw_centred(pm, &s, size, area.centre(), rgb);
}

/// The last roll of `side` in the roll-off that decided table `at` (6 when unknown).
fn roll_off_face(t: &Tournament, at: TableId, side: Option<Side>) -> u8 {
    match t.table(at).map(|s| &s.result) {
        Some(TableResult::RollOff { rolls, .. }) => rolls
            .last()
            .and_then(|r| r.iter().find(|(s, _)| Some(*s) == side))
            .map_or(6, |&(_, v)| v),
        _ => 6,
    }
}

fn render(t: &Tournament, labels: &Labels) -> Pixmap {
    let view: View = t.view();
    let geo = layout(&view);
    let Some(mut pm) = Pixmap::new(geo.width.max(1), geo.height.max(1)) else {
        // Only an absurd size fails; a 1×1 picture is better than a panic.
        return Pixmap::new(1, 1).unwrap_or_else(|| unreachable!());
    };
    let [r, g, b] = BACKGROUND;
    pm.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
    for link in &geo.links {
        let [(x0, y0), (x1, y1)] = *link;
        let mx = (x0 + x1) / 2.0;
        stroke_lines(
            &mut pm,
            &[(x0, y0), (mx, y0), (mx, y1), (x1, y1)],
            false,
            2.0,
            LINE,
            255,
        );
    }
    for h in &geo.headings {
        let (label, current) = match h.round {
            Some(r) => (labels.round(r), view.current == Some(r)),
            None => (labels.champion.clone(), view.champion.is_some()),
        };
        if current {
            fill_area(&mut pm, h.area, HIGHLIGHT, 255);
        }
        centred_text(&mut pm, &label, h.area, INK);
    }
    let name = |side| crate::tournament::text_name(t, side);
    for placed in &geo.boxes {
        let (r, j) = (
            usize::from(placed.table.round),
            usize::from(placed.table.table),
        );
        let table = &view.rounds[r][j];
        let a = placed.area;
        let fill = if view.current == Some(r) {
            HIGHLIGHT
        } else {
            PAPER
        };
        fill_area(&mut pm, a, fill, 255);
        for (i, row) in table.rows.iter().enumerate() {
            let y0 = a.y0 + layout::PAD + i as f32 * layout::ROW_H;
            let area = Area {
                x0: a.x0,
                y0,
                x1: a.x1,
                y1: y0 + layout::ROW_H,
            };
            if row.won && !table.bye {
                fill_area(&mut pm, area.inset(2.0), WON, 255);
            }
            let colour = if row.lost || row.side.is_none() {
                MUTED
            } else {
                INK
            };
            let die_room = if row.won && table.roll_off { 24.0 } else { 0.0 };
            let text_area = Area {
                x1: area.x1 - die_room,
                ..area
            };
            left_text(&mut pm, name(row.side), text_area, colour);
            if die_room > 0.0 {
                // R10.3 A die showing the roll that won the roll-off.
                let face = roll_off_face(t, placed.table, row.side);
                let at = (a.x1 - 14.0, (area.y0 + area.y1) / 2.0);
                fill_area(&mut pm, Area::around(at, 12.0, 12.0), WON, 255);
                die(&mut pm, at, 14.0, face, Colour::Yellow);
            }
        }
        if table.bye {
            let y0 = a.y0 + layout::PAD + table.rows.len() as f32 * layout::ROW_H;
            let area = Area {
                x0: a.x0,
                y0,
                x1: a.x1,
                y1: y0 + layout::ROW_H,
            };
            left_text(&mut pm, &format!("— {}", labels.bye), area, MUTED);
        }
        let width = if table.playing { 4.0 } else { 2.0 };
        stroke_area(&mut pm, a, width, INK, 255);
    }
    let c = geo.champion;
    let fill = if view.champion.is_some() {
        HIGHLIGHT
    } else {
        PAPER
    };
    fill_area(&mut pm, c, fill, 255);
    centred_text(
        &mut pm,
        name(view.champion),
        c,
        if view.champion.is_some() { INK } else { MUTED },
    );
    stroke_area(&mut pm, c, 3.0, INK, 255);
    pm
}
