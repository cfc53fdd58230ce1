//! Text from the embedded DejaVu Sans Bold font (assets/fonts, Bitstream Vera licence),
//! with Noto Emoji Bold (assets/fonts, SIL Open Font Licence; monochrome outlines, only its
//! characters' glyphs kept) for the emoji and symbols DejaVu lacks: no system font is read
//! at run time.
//!
//! Names are drawn as typed where a face has the glyph; what neither can draw is left out
//! cleanly ([`drawable`]): variation selectors, skin tones, the rest of a joined (ZWJ)
//! emoji after its first person or thing, tags, invisible marks, and characters neither
//! face has (CJK, for one). Never the "missing glyph" box or a "?". Right-to-left runs are
//! put in visual order (letters unjoined: there is no shaping).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, Glyph, PxScale, ScaleFont, point};
use tiny_skia::Pixmap;

use super::canvas::{Canvas, Rgb};
use super::layout::{Area, Point};

static FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
static EMOJI_BYTES: &[u8] = include_bytes!("../../../assets/fonts/NotoEmoji-Bold.ttf");

/// The emoji face, for what DejaVu lacks.
fn emoji() -> &'static FontRef<'static> {
    static FACE: OnceLock<FontRef<'static>> = OnceLock::new();
    FACE.get_or_init(|| FontRef::try_from_slice(EMOJI_BYTES).expect("the embedded font is valid"))
}

/// Which face draws a glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Text,
    Emoji,
}

/// The face that has `ch`, if any.
fn face_of(ch: char) -> Option<(Which, ab_glyph::GlyphId)> {
    let t = face().font.glyph_id(ch);
    if t.0 != 0 {
        return Some((Which::Text, t));
    }
    let e = emoji().glyph_id(ch);
    (e.0 != 0).then_some((Which::Emoji, e))
}

/// Never drawn: variation selectors, skin tones, tags, the keycap's enclosing mark and
/// invisible format marks (joiners, direction marks, zero-width spaces).
fn invisible(ch: char) -> bool {
    matches!(u32::from(ch),
        0xFE00..=0xFE0F | 0xE0100..=0xE01EF | 0x1F3FB..=0x1F3FF | 0xE0000..=0xE007F
        | 0x20E3 | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2069 | 0xFEFF | 0x00AD)
        || ch.is_control()
}

/// A strong right-to-left letter (Hebrew, Arabic and their presentation forms).
fn rtl(ch: char) -> bool {
    matches!(u32::from(ch), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

/// `text` as it can be drawn: every character a face has, in visual order; left out what
/// neither face can draw, the marks that are never drawn ([`invisible`]), and what follows
/// a zero-width joiner (a joined emoji shows its first part: "👨‍👩‍👧" is drawn "👨").
/// Spaces are trimmed and runs of them collapsed. Empty when nothing can be drawn.
#[must_use]
pub fn drawable(text: &str) -> String {
    let mut out: Vec<char> = Vec::with_capacity(text.len());
    let mut joined = false;
    for ch in text.chars() {
        if ch == '\u{200D}' {
            joined = true;
            continue;
        }
        if invisible(ch) {
            continue;
        }
        if std::mem::take(&mut joined) {
            continue;
        }
        let ch = if ch.is_whitespace() { ' ' } else { ch };
        if ch == ' ' {
            if out.last().is_some_and(|&c| c != ' ') {
                out.push(' ');
            }
        } else if face_of(ch).is_some() {
            out.push(ch);
        }
    }
    while out.last() == Some(&' ') {
        out.pop();
    }
    // Runs of right-to-left letters (with the spaces between them) reversed in place.
    let mut i = 0;
    while i < out.len() {
        if rtl(out[i]) {
            let mut j = i + 1;
            while j < out.len()
                && (rtl(out[j]) || (out[j] == ' ' && out.get(j + 1).is_some_and(|&c| rtl(c))))
            {
                j += 1;
            }
            out[i..j].reverse();
            i = j;
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// The glyph ids `text` is drawn with, and their faces' missing-glyph id 0 never among
/// them: what a test reads to tell that nothing is drawn as a box or a "?".
#[must_use]
pub fn glyphs_of(text: &str) -> Vec<(bool, u16)> {
    layout(text, 20.0)
        .0
        .iter()
        .map(|(w, g)| (*w == Which::Emoji, g.id.0))
        .collect()
}

struct Face {
    font: FontRef<'static>,
    /// Capital height as a fraction of the pixel scale, to centre text vertically.
    cap: f32,
}

fn face() -> &'static Face {
    static FACE: OnceLock<Face> = OnceLock::new();
    FACE.get_or_init(|| {
        let font = FontRef::try_from_slice(FONT_BYTES).expect("the embedded font is valid");
        let h = font.glyph_id('H');
        let cap = font.outline(h).map_or(0.63, |o| o.bounds.height().abs())
            / font.height_unscaled().max(1.0);
        Face { font, cap }
    })
}

/// Glyphs of [`drawable`] `text` at `size` px laid out from x = 0 on baseline 0, each with
/// its face, and the total advance.
fn layout(text: &str, size: f32) -> (Vec<(Which, Glyph)>, f32) {
    let text = drawable(text);
    let sf = face().font.as_scaled(PxScale::from(size));
    let ef = emoji().as_scaled(PxScale::from(size));
    let mut glyphs = Vec::with_capacity(text.len());
    let mut x = 0.0;
    let mut prev: Option<(Which, ab_glyph::GlyphId)> = None;
    for ch in text.chars() {
        let Some((which, id)) = (if ch == ' ' {
            Some((Which::Text, sf.glyph_id(' ')))
        } else {
            face_of(ch)
        }) else {
            continue;
        };
        if let Some((Which::Text, p)) = prev
            && which == Which::Text
        {
            x += sf.kern(p, id);
        }
        glyphs.push((which, id.with_scale_and_position(size, point(x, 0.0))));
        x += match which {
            Which::Text => sf.h_advance(id),
            Which::Emoji => ef.h_advance(id),
        };
        prev = Some((which, id));
    }
    (glyphs, x)
}

/// The width of `text` at `size` px.
pub(super) fn width(text: &str, size: f32) -> f32 {
    layout(text, size).1
}

/// Longest text [`fit`] considers; the rest is cut (a Telegram name has at most 64).
const FIT_CHARS: usize = 64;

/// `text` shrunk (down to `min_size`) and then shortened with "…" to fit `max_width`.
pub(super) fn fit(text: &str, max_width: f32, size: f32, min_size: f32) -> (String, f32) {
    let text = match text.char_indices().nth(FIT_CHARS) {
        Some((cut, _)) => &text[..cut],
        None => text,
    };
    let text = &drawable(text);
    let w = width(text, size);
    if w <= max_width {
        return (text.to_owned(), size);
    }
    let scaled = (size * max_width / w).max(min_size);
    if width(text, scaled) <= max_width {
        return (text.to_owned(), scaled);
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>().trim_end().to_owned() + "…";
        if width(&s, scaled) <= max_width {
            return (s, scaled);
        }
    }
    (String::new(), scaled)
}

/// The coverage of a rasterized string (0..=255 per pixel) and, if asked, of its halo,
/// placed relative to the integer point the text is centred on.
struct Raster {
    /// Offset of the buffer's top-left corner from the anchor point.
    dx: i32,
    dy: i32,
    w: usize,
    h: usize,
    text: Vec<u8>,
    halo: Vec<u8>,
}

/// Strings already rasterized, by (text, size, halo): names, numbers and letters repeat
/// from image to image. Bounded: cleared when full.
type Cache = HashMap<(String, u32, u32), Arc<Raster>>;
const CACHE_LIMIT: usize = 512;

fn raster(text: &str, size: f32, halo: f32) -> Arc<Raster> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let key = (text.to_owned(), size.to_bits(), halo.to_bits());
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(r) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return r;
    }
    let r = Arc::new(rasterize(text, size, halo));
    if let Ok(mut c) = cache.lock() {
        if c.len() >= CACHE_LIMIT {
            c.clear();
        }
        c.insert(key, Arc::clone(&r));
    }
    r
}

fn rasterize(text: &str, size: f32, halo: f32) -> Raster {
    let face = face();
    let (glyphs, w) = layout(text, size);
    // Centred on the anchor at a whole pixel, so a cached raster fits every place.
    let x0 = -(w / 2.0).round();
    let baseline = (face.cap * size / 2.0).round();
    let outlines: Vec<_> = glyphs
        .into_iter()
        .filter_map(|(which, g)| {
            let pos = g.position;
            let g = Glyph {
                position: point(pos.x + x0, pos.y + baseline),
                ..g
            };
            match which {
                Which::Text => face.font.outline_glyph(g),
                Which::Emoji => emoji().outline_glyph(g),
            }
        })
        .collect();
    let pad = halo.ceil() as i32 + 1;
    let (mut lx, mut ly, mut hx, mut hy) = (0i32, 0i32, 1i32, 1i32);
    if let Some(first) = outlines.first() {
        let b = first.px_bounds();
        (lx, ly, hx, hy) = (
            b.min.x as i32,
            b.min.y as i32,
            b.max.x as i32,
            b.max.y as i32,
        );
    }
    for o in &outlines {
        let b = o.px_bounds();
        lx = lx.min(b.min.x as i32);
        ly = ly.min(b.min.y as i32);
        hx = hx.max(b.max.x as i32);
        hy = hy.max(b.max.y as i32);
    }
    let (dx, dy) = (lx - pad, ly - pad);
    let w = (hx - lx + 2 * pad) as usize;
    let h = (hy - ly + 2 * pad) as usize;
    let mut cov = vec![0u8; w * h];
    for o in &outlines {
        let b = o.px_bounds();
        let (ox, oy) = (b.min.x as i32 - dx, b.min.y as i32 - dy);
        o.draw(|gx, gy, c| {
            let (x, y) = (ox + gx as i32, oy + gy as i32);
            if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h {
                let i = y as usize * w + x as usize;
                let v = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                cov[i] = cov[i].saturating_add(v);
            }
        });
    }
    let halo = if halo > 0.0 {
        dilate(&cov, w, h, halo)
    } else {
        Vec::new()
    };
    Raster {
        dx,
        dy,
        w,
        h,
        text: cov,
        halo,
    }
}

/// The coverage grown by `r` pixels: each pixel takes the largest coverage within `r`.
fn dilate(cov: &[u8], w: usize, h: usize, r: f32) -> Vec<u8> {
    let k = r.ceil() as i32;
    let offsets: Vec<(i32, i32)> = (-k..=k)
        .flat_map(|y| (-k..=k).map(move |x| (x, y)))
        .filter(|&(x, y)| ((x * x + y * y) as f32) <= r * r + 0.5)
        .collect();
    let mut out = vec![0u8; w * h];
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let mut m = 0;
            for &(ox, oy) in &offsets {
                let (sx, sy) = (x + ox, y + oy);
                if sx >= 0 && sy >= 0 && (sx as usize) < w && (sy as usize) < h {
                    m = m.max(cov[sy as usize * w + sx as usize]);
                }
            }
            out[y as usize * w + x as usize] = m;
        }
    }
    out
}

/// Blends an opaque colour into the pixmap with per-pixel coverage.
fn blit(pm: &mut Pixmap, r: &Raster, cov: &[u8], (ax, ay): (i32, i32), rgb: Rgb) {
    let (pw, ph) = (pm.width() as i32, pm.height() as i32);
    let data = pm.data_mut();
    for y in 0..r.h {
        let py = ay + r.dy + y as i32;
        if py < 0 || py >= ph {
            continue;
        }
        for x in 0..r.w {
            let c = u32::from(cov[y * r.w + x]);
            let px = ax + r.dx + x as i32;
            if c == 0 || px < 0 || px >= pw {
                continue;
            }
            let i = (py as usize * pw as usize + px as usize) * 4;
            if c == 255 {
                // Covered: the colour itself (what the blend below gives, without it).
                data[i..i + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
                continue;
            }
            for (k, &v) in rgb.iter().enumerate() {
                let d = u32::from(data[i + k]);
                data[i + k] = ((d * (255 - c) + u32::from(v) * c + 127) / 255) as u8;
            }
            let a = u32::from(data[i + 3]);
            data[i + 3] = ((a * (255 - c) + 255 * c + 127) / 255) as u8;
        }
    }
}

fn anchor((x, y): Point) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// The pixels [`raster_centred`] (`halo` 0) or [`raster_outlined`] (its halo's width) can
/// change for `text` at `size` centred on `centre`.
pub(super) fn extent(text: &str, size: f32, centre: Point, halo: f32) -> Area {
    let r = raster(text, size, halo);
    let (ax, ay) = anchor(centre);
    let (x0, y0) = ((ax + r.dx) as f32, (ay + r.dy) as f32);
    Area {
        x0,
        y0,
        x1: x0 + r.w as f32,
        y1: y0 + r.h as f32,
    }
}

/// Draws `text` centred on `centre` (horizontally on its advance, vertically on its
/// capital height) in an opaque colour.
pub(super) fn draw_centred(pm: &mut impl Canvas, text: &str, size: f32, centre: Point, rgb: Rgb) {
    pm.text(text, size, centre, rgb, None);
}

/// Draws `text` centred with a halo of `outline` colour `halo` pixels wide around it.
pub(super) fn draw_outlined(
    pm: &mut impl Canvas,
    text: &str,
    size: f32,
    centre: Point,
    rgb: Rgb,
    outline: Rgb,
    halo: f32,
) {
    pm.text(text, size, centre, rgb, Some((outline, halo)));
}

/// How far below the point text is centred on its baseline lies, at `size` px (the
/// rasterizer's own rounding, so an SVG puts its text where the PNG does).
pub(super) fn baseline_offset(size: f32) -> f32 {
    (face().cap * size / 2.0).round()
}

/// [`draw_centred`] on a pixmap.
pub(super) fn raster_centred(pm: &mut Pixmap, text: &str, size: f32, centre: Point, rgb: Rgb) {
    let r = raster(text, size, 0.0);
    blit(pm, &r, &r.text, anchor(centre), rgb);
}

/// [`draw_outlined`] on a pixmap.
pub(super) fn raster_outlined(
    pm: &mut Pixmap,
    text: &str,
    size: f32,
    centre: Point,
    rgb: Rgb,
    outline: Rgb,
    halo: f32,
) {
    let r = raster(text, size, halo);
    let at = anchor(centre);
    blit(pm, &r, &r.halo, at, outline);
    blit(pm, &r, &r.text, at, rgb);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ink drawn by `s` at 40 px on a white canvas: count of darkened pixels.
    fn ink(s: &str) -> (usize, Pixmap) {
        let mut pm = Pixmap::new(160, 80).expect("size");
        pm.fill(tiny_skia::Color::WHITE);
        draw_centred(&mut pm, s, 40.0, (80.0, 40.0), [0, 0, 0]);
        let n = pm.data().chunks(4).filter(|p| p[0] < 128).count();
        (n, pm)
    }

    #[test]
    fn catalan_spanish_and_valencian_letters_have_their_own_glyphs() {
        let (_, q) = ink("?");
        for ch in [
            'à', 'è', 'é', 'í', 'ï', 'ò', 'ó', 'ú', 'ü', 'ç', 'ñ', '·', 'Ŀ', 'ŀ', '€',
        ] {
            assert_ne!(face().font.glyph_id(ch).0, 0, "{ch} is in the font");
            let (n, pm) = ink(&ch.to_string());
            assert!(n > 10, "{ch} draws ink");
            assert_ne!(pm.data(), q.data(), "{ch} is not drawn as the fallback ?");
        }
        // Each glyph of "l·l" adds ink: the middle dot is drawn between the two l.
        let (ll, _) = ink("ll");
        let (l_dot_l, _) = ink("l·l");
        assert!(l_dot_l > ll + 10, "{l_dot_l} vs {ll}");
        let (accented, _) = ink("àçñ");
        let (plain, _) = ink("acn");
        assert!(accented > plain + 20, "{accented} vs {plain}");
    }

    #[test]
    fn text_is_centred_on_its_capital_height() {
        let (_, pm) = ink("H");
        let rows: Vec<usize> = (0..80)
            .filter(|y| (0..160).any(|x| pm.data()[(y * 160 + x) * 4] < 128))
            .collect();
        let (top, bottom) = (rows[0], rows[rows.len() - 1]);
        assert!((top + bottom).abs_diff(80) <= 2, "H spans {top}..{bottom}");
    }

    #[test]
    fn long_text_is_shrunk_then_shortened_to_fit() {
        let (s, size) = fit("Núria", 300.0, 26.0, 17.0);
        assert_eq!((s.as_str(), size), ("Núria", 26.0));
        let long = "Maximilià Bartomeu de la Serra i Puigdollers";
        let (s, size) = fit(long, 296.0, 26.0, 17.0);
        assert!(size >= 17.0 && width(&s, size) <= 296.0);
        assert!(s.ends_with('…') && s.starts_with("Maximilià"), "{s}");
        let huge = "ñ".repeat(5000);
        let t = std::time::Instant::now();
        let (s, _) = fit(&huge, 296.0, 26.0, 17.0);
        assert!(s.ends_with('…') && s.chars().count() <= FIT_CHARS + 1);
        assert!(t.elapsed().as_secs() < 2, "a huge name is cut early");
    }
}
