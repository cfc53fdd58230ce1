//! PNG encoding, favouring speed: fast deflate with the `Paeth` filter.
//!
//! The four-arm board is written as RGB. A star board's turned cells give far more
//! distinct rows, so it is written with a palette of 256 colours: the colours of its
//! empty board, the pieces and the overlays, and blends of ink and paper for the edges of
//! text and tokens. Each pixel is mapped through a table of 15-bit colours to the nearest
//! palette entry (colours on the palette map to themselves).

use std::collections::HashMap;
use std::sync::OnceLock;

use tiny_skia::Pixmap;

use super::board;
use super::paint::{self, INK, PAPER, Rgb, piece_rgb, shade, tint};
use parxis::engine::Arms;

/// Encodes an opaque pixmap of a board of `arms`.
pub(super) fn png(pm: &Pixmap, arms: Arms) -> Vec<u8> {
    if arms.is_four() {
        return write(pm, &drop_alpha(pm.data()), png::ColorType::Rgb, None);
    }
    let pal = palette(arms);
    let idx: Vec<u8> = pm
        .data()
        .chunks_exact(4)
        .map(|p| pal.lut[bin([p[0], p[1], p[2]])])
        .collect();
    write(pm, &idx, png::ColorType::Indexed, Some(&pal.rgb))
}

fn write(pm: &Pixmap, data: &[u8], color: png::ColorType, plte: Option<&[u8]>) -> Vec<u8> {
    let mut out = Vec::with_capacity(160 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(color);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    enc.set_filter(png::FilterType::Paeth);
    if let Some(p) = plte {
        enc.set_palette(p.to_vec());
    }
    // Writing to a Vec cannot fail; the header and data sizes match by construction.
    if let Ok(mut w) = enc.write_header() {
        let _ = w.write_image_data(data);
    }
    out
}

/// RGB bytes from opaque RGBA: each pixel is copied as 4 bytes and the next one overwrites
/// the alpha byte (one unaligned store per pixel instead of three).
fn drop_alpha(rgba: &[u8]) -> Vec<u8> {
    let n = rgba.len() / 4;
    let mut rgb = vec![0u8; n * 3 + 1];
    for (i, px) in rgba.chunks_exact(4).enumerate() {
        rgb[3 * i..3 * i + 4].copy_from_slice(px);
    }
    rgb.truncate(n * 3);
    rgb
}

/// A board's palette: up to 256 colours (`rgb`, 3 bytes each) and the entry for every
/// 15-bit colour.
pub(super) struct Palette {
    pub rgb: Vec<u8>,
    pub lut: Vec<u8>,
}

/// The 15-bit bin of a colour.
pub(super) fn bin(c: Rgb) -> usize {
    (usize::from(c[0] >> 3) << 10) | (usize::from(c[1] >> 3) << 5) | usize::from(c[2] >> 3)
}

fn palette(arms: Arms) -> &'static Palette {
    static PALETTES: [OnceLock<Palette>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = usize::from(arms == Arms::Eight);
    PALETTES[slot].get_or_init(|| build(arms, 256))
}

/// The palette of `arms` with at most `cap` colours (the animation keeps one index free
/// for its transparent pixels).
pub(super) fn build(arms: Arms, cap: usize) -> Palette {
    let mut colours: Vec<Rgb> = Vec::with_capacity(cap);
    let add = |c: Rgb, list: &mut Vec<Rgb>| {
        if list.len() < cap && !list.contains(&c) {
            list.push(c);
        }
    };
    // The pieces, their letters, trails, dice and labels, over ink and paper edges.
    for k in 0..=12 {
        add(mix(INK, PAPER, k as f32 / 12.0), &mut colours);
    }
    for &c in arms.colours() {
        let p = piece_rgb(c);
        for rgb in [
            p,
            shade(p, 0.25),
            shade(p, 0.1),
            tint(p, 0.2),
            tint(p, 0.12),
            tint(p, 0.3),
            tint(p, 0.5),
            mix(p, INK, 0.33),
            mix(p, INK, 0.66),
            mix(p, PAPER, 0.5),
            mix(shade(p, 0.25), PAPER, 0.4),
        ] {
            add(rgb, &mut colours);
        }
    }
    for rgb in [
        paint::SAFE,
        paint::SAFE_MARK,
        paint::NUMBER,
        paint::NEST_FLOOR,
    ] {
        add(rgb, &mut colours);
    }
    // Then the empty board's most frequent colours.
    let board = board::empty(arms);
    let mut count: HashMap<Rgb, u32> = HashMap::new();
    for p in board.data().chunks_exact(4) {
        *count.entry([p[0], p[1], p[2]]).or_default() += 1;
    }
    let mut frequent: Vec<(Rgb, u32)> = count.into_iter().collect();
    frequent.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (rgb, _) in frequent {
        add(rgb, &mut colours);
    }
    let mut lut = vec![0u8; 1 << 15];
    for (i, v) in lut.iter_mut().enumerate() {
        let centre = [
            ((i >> 10) as u8) << 3 | 4,
            (((i >> 5) & 31) as u8) << 3 | 4,
            ((i & 31) as u8) << 3 | 4,
        ];
        *v = nearest(&colours, centre);
    }
    // A palette colour maps to itself (the first one listed when two share a bin).
    for (k, &c) in colours.iter().enumerate().rev() {
        lut[bin(c)] = k as u8;
    }
    Palette {
        rgb: colours.iter().flatten().copied().collect(),
        lut,
    }
}

/// `a` mixed with `b`: `t` 0 keeps `a`, 1 gives `b`.
fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    std::array::from_fn(|k| (f32::from(a[k]) * (1.0 - t) + f32::from(b[k]) * t).round() as u8)
}

fn nearest(colours: &[Rgb], c: Rgb) -> u8 {
    let d = |p: &Rgb| -> i32 {
        (0..3)
            .map(|k| (i32::from(p[k]) - i32::from(c[k])).pow(2))
            .sum()
    };
    colours
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| d(p))
        .map_or(0, |(k, _)| k as u8)
}
