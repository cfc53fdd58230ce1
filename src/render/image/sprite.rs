//! Circles (pieces, their rings, badges, the arrival ring) and filled polygons (the pieces'
//! shapes) drawn from coverage masks that tiny-skia rasterises once per radius, stroke
//! width and position within a pixel (a polygon: per shape and position within a pixel),
//! then blended into the pixmap in the wanted colour: a board draws a few dozen circles of
//! a handful of sizes, and rasterising each path anew was most of a picture's drawing. The
//! pixels are those of the pixmap's own circles ([`super::paint::Scaled`]) but for the
//! rounding of the blend (a step of one in a channel at an edge).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tiny_skia::{FillRule, LineCap, LineJoin, Mask, PathBuilder, Pixmap, Stroke, Transform};

use super::canvas::Rgb;
use super::layout::Point;

/// The coverage (0..=255) of a circle, placed relative to the whole pixel its centre is in.
struct Coverage {
    /// Offset of the mask's top-left corner from that pixel.
    dx: i32,
    dy: i32,
    w: usize,
    h: usize,
    cov: Vec<u8>,
    /// Per row, the columns from its first to past its last covered pixel.
    spans: Vec<(usize, usize)>,
}

/// Radius, stroke width (0 for a disc) and the centre's place within its pixel, as bits.
type Key = (u32, u32, u32, u32);

/// Masks kept at most (a board draws a handful of sizes at a few dozen places).
const KEPT: usize = 1024;

/// Fills the circle of radius `r` at `at` in `rgb` at `alpha`, as the pixmap's
/// `fill_circle` does.
pub(super) fn fill_circle(pm: &mut Pixmap, at: Point, r: f32, rgb: Rgb, alpha: u8) {
    draw(pm, at, r, 0.0, rgb, alpha);
}

/// Strokes the circle of radius `r` at `at`, `width` wide, in `rgb`, as the pixmap's
/// `stroke_circle` does.
pub(super) fn stroke_circle(pm: &mut Pixmap, at: Point, r: f32, width: f32, rgb: Rgb) {
    draw(pm, at, r, width, rgb, 255);
}

/// Fills the polygon `pts` in `rgb` at `alpha` (`crisp`: without anti-aliasing), as the
/// pixmap's `fill_polygon` does: a piece's shape is the same polygon at each place.
pub(super) fn fill_polygon(pm: &mut Pixmap, pts: &[Point], rgb: Rgb, alpha: u8, crisp: bool) {
    if pts.len() < 3 || pts.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) {
        return;
    }
    let x0 = pts
        .iter()
        .map(|p| p.0)
        .fold(f32::INFINITY, f32::min)
        .floor()
        - 2.0;
    let y0 = pts
        .iter()
        .map(|p| p.1)
        .fold(f32::INFINITY, f32::min)
        .floor()
        - 2.0;
    let key: Vec<u32> = std::iter::once(u32::from(crisp))
        .chain(
            pts.iter()
                .flat_map(|p| [(p.0 - x0).to_bits(), (p.1 - y0).to_bits()]),
        )
        .collect();
    static CACHE: OnceLock<Mutex<HashMap<Vec<u32>, Arc<Coverage>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    let kept = cache.lock().ok().and_then(|c| c.get(&key).cloned());
    let c = match kept {
        Some(c) => c,
        None => {
            let local: Vec<Point> = pts.iter().map(|p| (p.0 - x0, p.1 - y0)).collect();
            let Some(c) = rasterise_polygon(&local, crisp).map(Arc::new) else {
                return;
            };
            if let Ok(mut kept) = cache.lock() {
                if kept.len() >= KEPT {
                    kept.clear();
                }
                kept.insert(key, Arc::clone(&c));
            }
            c
        }
    };
    blend(pm, &c, (x0 as i32, y0 as i32), rgb, alpha);
}

fn rasterise_polygon(pts: &[Point], crisp: bool) -> Option<Coverage> {
    let (first, rest) = pts.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    let path = pb.finish()?;
    let w = pts.iter().map(|p| p.0).fold(0.0, f32::max).ceil() as u32 + 3;
    let h = pts.iter().map(|p| p.1).fold(0.0, f32::max).ceil() as u32 + 3;
    let mut mask = Mask::new(w, h)?;
    mask.fill_path(&path, FillRule::Winding, !crisp, Transform::identity());
    Some(Coverage::of(&mask, (0, 0)))
}

fn draw(pm: &mut Pixmap, (x, y): Point, r: f32, width: f32, rgb: Rgb, alpha: u8) {
    if !(x.is_finite() && y.is_finite() && r.is_finite() && width.is_finite()) || r <= 0.0 {
        return;
    }
    let (px, py) = (x.floor(), y.floor());
    let key = (
        r.to_bits(),
        width.to_bits(),
        (x - px).to_bits(),
        (y - py).to_bits(),
    );
    if let Some(c) = coverage(key) {
        blend(pm, &c, (px as i32, py as i32), rgb, alpha);
    }
}

fn coverage(key: Key) -> Option<Arc<Coverage>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Coverage>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(c) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return Some(c);
    }
    let c = Arc::new(rasterise(key)?);
    if let Ok(mut kept) = cache.lock() {
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.insert(key, Arc::clone(&c));
    }
    Some(c)
}

fn rasterise((r, width, fx, fy): Key) -> Option<Coverage> {
    let (r, width, fx, fy) = (
        f32::from_bits(r),
        f32::from_bits(width),
        f32::from_bits(fx),
        f32::from_bits(fy),
    );
    let pad = (r + width / 2.0).ceil() as i32 + 2;
    let side = (2 * pad + 1) as u32;
    let circle = PathBuilder::from_circle(pad as f32 + fx, pad as f32 + fy, r)?;
    let path = if width > 0.0 {
        // As the pixmap strokes a path wider than a hairline: its outline, filled.
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        circle.stroke(&stroke, 1.0)?
    } else {
        circle
    };
    let mut mask = Mask::new(side, side)?;
    mask.fill_path(&path, FillRule::Winding, true, Transform::identity());
    Some(Coverage::of(&mask, (-pad, -pad)))
}

impl Coverage {
    /// The coverage of `mask`, its top-left corner at `(dx, dy)` from the anchor pixel.
    fn of(mask: &Mask, (dx, dy): (i32, i32)) -> Self {
        let w = mask.width() as usize;
        let spans = mask
            .data()
            .chunks_exact(w)
            .map(|row| {
                let first = row.iter().position(|&c| c > 0).unwrap_or(0);
                let end = row.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
                (first, end.max(first))
            })
            .collect();
        Coverage {
            dx,
            dy,
            w,
            h: mask.height() as usize,
            cov: mask.data().to_vec(),
            spans,
        }
    }
}

/// Blends `rgb` at `alpha` into the opaque pixmap through the coverage placed at `(ax, ay)`.
fn blend(pm: &mut Pixmap, c: &Coverage, (ax, ay): (i32, i32), rgb: Rgb, alpha: u8) {
    let (pw, ph) = (pm.width() as i32, pm.height() as i32);
    let alpha = u32::from(alpha);
    let data = pm.data_mut();
    for y in 0..c.h {
        let py = ay + c.dy + y as i32;
        if py < 0 || py >= ph {
            continue;
        }
        let (first, end) = c.spans[y];
        let row = &c.cov[y * c.w + first..y * c.w + end];
        for (x, &cov) in row.iter().enumerate() {
            let px = ax + c.dx + (first + x) as i32;
            if cov == 0 || px < 0 || px >= pw {
                continue;
            }
            let k = (u32::from(cov) * alpha + 127) / 255;
            let i = (py as usize * pw as usize + px as usize) * 4;
            if k == 255 {
                // Covered: the colour itself (what the blend below gives, without it).
                data[i..i + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
                continue;
            }
            for (d, &v) in data[i..i + 3].iter_mut().zip(&rgb) {
                *d = ((u32::from(*d) * (255 - k) + u32::from(v) * k + 127) / 255) as u8;
            }
            data[i + 3] = ((u32::from(data[i + 3]) * (255 - k) + 255 * k + 127) / 255) as u8;
        }
    }
}
