//! Where the boxes of a bracket go: rounds as columns, each table's box centred on the
//! boxes whose winners it takes, and large brackets wrapped into sheets stacked top to
//! bottom so that no sheet is wider than [`MAX_COLUMNS`] columns.
//!
//! Widths are chosen for a phone: at [`MAX_COLUMNS`] the canvas is [`MAX_WIDTH`] px wide, and
//! the [`FONT`] px names are still 11 px when the picture is shown 390 px wide.

use super::super::layout::Area;
use crate::tournament::{TableId, View};

/// Most columns side by side (rounds, and the champion's column).
pub const MAX_COLUMNS: usize = 4;
/// Name and heading size, px.
pub const FONT: f32 = 22.0;
/// Width of a box.
pub const BOX_W: f32 = 168.0;
/// Space between columns, where the connectors run.
pub const GAP: f32 = 22.0;
/// Outer margin.
pub const MARGIN: f32 = 16.0;
/// Height of one name row.
pub const ROW_H: f32 = 34.0;
/// Inner padding of a box, above and below the rows.
pub const PAD: f32 = 4.0;
/// Space between boxes in a column.
pub const TABLE_GAP: f32 = 10.0;
/// Height of a sheet's column headings.
pub const HEADER_H: f32 = 40.0;
/// Space between sheets.
pub const SHEET_GAP: f32 = 26.0;
/// The widest canvas.
pub const MAX_WIDTH: f32 =
    2.0 * MARGIN + MAX_COLUMNS as f32 * BOX_W + (MAX_COLUMNS - 1) as f32 * GAP;

/// One table's box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub table: TableId,
    pub area: Area,
}

/// A column heading: the round (or `None` for the champion's column) and its place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heading {
    pub round: Option<usize>,
    pub area: Area,
}

/// The whole picture's geometry.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    pub boxes: Vec<Placed>,
    pub headings: Vec<Heading>,
    /// The champion's box.
    pub champion: Area,
    /// Connectors: from a box's right edge to the row of the box it feeds.
    pub links: Vec<[(f32, f32); 2]>,
}

impl Layout {
    /// The box of table `at`.
    #[must_use]
    pub fn area_of(&self, at: TableId) -> Option<Area> {
        self.boxes.iter().find(|b| b.table == at).map(|b| b.area)
    }
}

/// Rows a table's box shows: its sides, and one more line saying "bye" for a bye.
fn rows(view: &View, r: usize, j: usize) -> usize {
    let t = &view.rounds[r][j];
    t.rows.len() + usize::from(t.bye)
}

fn box_h(rows: usize) -> f32 {
    rows as f32 * ROW_H + 2.0 * PAD
}

/// One sheet: rounds `first..end` (`end` = all rounds and the champion when `last`),
/// showing tables `tables` of round `first` and what they feed.
struct Sheet {
    first: usize,
    end: usize,
    tables: std::ops::Range<usize>,
    champion: bool,
}

/// The sheets of a bracket of `n_rounds` rounds.
fn sheets(view: &View) -> Vec<Sheet> {
    let n = view.rounds.len();
    let one = Sheet {
        first: 0,
        end: n,
        tables: 0..view.rounds.first().map_or(0, Vec::len),
        champion: true,
    };
    if n < MAX_COLUMNS {
        return vec![one];
    }
    // Upper sheets: rounds 0..s, one per table of round s; the last sheet: s.. and the
    // champion, at most MAX_COLUMNS columns.
    let s = (n + 1 - MAX_COLUMNS).max(MAX_COLUMNS - 1);
    let mut out = Vec::new();
    for j in 0..view.rounds[s].len() {
        let mut range = j..j + 1;
        for r in (1..=s).rev() {
            let first = &view.rounds[r][range.start].feeders;
            let last = &view.rounds[r][range.end - 1].feeders;
            range = first.start..last.end;
        }
        out.push(Sheet {
            first: 0,
            end: s,
            tables: range,
            champion: false,
        });
    }
    out.push(Sheet {
        first: s,
        end: n,
        tables: 0..view.rounds[s].len(),
        champion: true,
    });
    out
}

/// The geometry of the bracket picture of `view`.
#[must_use]
pub fn layout(view: &View) -> Layout {
    let mut out = Layout {
        width: 0,
        height: 0,
        boxes: Vec::new(),
        headings: Vec::new(),
        champion: Area {
            x0: 0.0,
            y0: 0.0,
            x1: 0.0,
            y1: 0.0,
        },
        links: Vec::new(),
    };
    let mut top = MARGIN;
    let mut widest = 0usize;
    for sheet in sheets(view) {
        let columns = sheet.end - sheet.first + usize::from(sheet.champion);
        widest = widest.max(columns);
        let x_of = |c: usize| MARGIN + c as f32 * (BOX_W + GAP);
        for c in 0..columns {
            let round = (sheet.first + c < sheet.end).then_some(sheet.first + c);
            out.headings.push(Heading {
                round,
                area: Area {
                    x0: x_of(c),
                    y0: top,
                    x1: x_of(c) + BOX_W,
                    y1: top + HEADER_H - 6.0,
                },
            });
        }
        let y_start = top + HEADER_H;
        let mut bottom = y_start;
        // Boxes of the previous column: (table index, area).
        let mut prev: Vec<(usize, Area)> = Vec::new();
        let mut range = sheet.tables.clone();
        for (c, r) in (sheet.first..sheet.end).enumerate() {
            if c > 0 {
                // The tables of round r fed by the previous column's tables.
                let fed = |j: &usize| {
                    let f = &view.rounds[r][*j].feeders;
                    f.start < range.end && f.end > range.start
                };
                let js: Vec<usize> = (0..view.rounds[r].len()).filter(fed).collect();
                range = js.first().copied().unwrap_or(0)..js.last().map_or(0, |l| l + 1);
            }
            let x0 = x_of(c);
            let mut cursor = y_start;
            let mut placed = Vec::new();
            for j in range.clone() {
                let h = box_h(rows(view, r, j));
                let feeders: Vec<&Area> = prev
                    .iter()
                    .filter(|(i, _)| view.rounds[r][j].feeders.contains(i))
                    .map(|(_, a)| a)
                    .collect();
                let mut y0 = if feeders.is_empty() {
                    cursor
                } else {
                    let mid = feeders.iter().map(|a| (a.y0 + a.y1) / 2.0).sum::<f32>()
                        / feeders.len() as f32;
                    mid - h / 2.0
                };
                y0 = y0.max(cursor);
                let area = Area {
                    x0,
                    y0,
                    x1: x0 + BOX_W,
                    y1: y0 + h,
                };
                // Connectors from each feeder to the row it fills here.
                for (i, a) in &prev {
                    let f = &view.rounds[r][j].feeders;
                    if f.contains(i) {
                        let row = (i - f.start) as f32;
                        let to_y = y0 + PAD + (row + 0.5) * ROW_H;
                        out.links.push([(a.x1, (a.y0 + a.y1) / 2.0), (x0, to_y)]);
                    }
                }
                cursor = area.y1 + TABLE_GAP;
                bottom = bottom.max(area.y1);
                out.boxes.push(Placed {
                    table: TableId::new(r, j),
                    area,
                });
                placed.push((j, area));
            }
            prev = placed;
        }
        if sheet.champion {
            let x0 = x_of(columns - 1);
            let h = box_h(1);
            let mid = prev
                .first()
                .map_or(y_start + h / 2.0, |(_, a)| (a.y0 + a.y1) / 2.0);
            let y0 = (mid - h / 2.0).max(y_start);
            out.champion = Area {
                x0,
                y0,
                x1: x0 + BOX_W,
                y1: y0 + h,
            };
            if let Some((_, a)) = prev.first() {
                out.links
                    .push([(a.x1, (a.y0 + a.y1) / 2.0), (x0, y0 + h / 2.0)]);
            }
            bottom = bottom.max(y0 + h);
        }
        top = bottom + SHEET_GAP;
    }
    let w = 2.0 * MARGIN + widest as f32 * BOX_W + widest.saturating_sub(1) as f32 * GAP;
    out.width = w.ceil() as u32;
    out.height = (top - SHEET_GAP + MARGIN).ceil() as u32;
    out
}
