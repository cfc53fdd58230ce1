//! PNG encoding of a flat-colour picture (the bracket, the season's table) as an 8-bit
//! palette image: the picture is flat colours and anti-aliased text, so its 256 most
//! frequent colours cover almost every pixel; the rare rest (text edges) take the nearest
//! palette colour. About a third of the size of an RGB PNG.

use std::collections::HashMap;

use tiny_skia::Pixmap;

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| u32::from(x.abs_diff(y)).pow(2))
        .sum()
}

/// The pixmap (opaque) as an indexed PNG. Colours are counted and mapped run by run:
/// most of the picture is long runs of one colour.
pub(super) fn encode(pm: &Pixmap) -> Vec<u8> {
    let pixels: Vec<[u8; 3]> = pm
        .data()
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for run in pixels.chunk_by(|a, b| a == b) {
        *counts.entry(run[0]).or_default() += run.len() as u32;
    }
    let mut by_count: Vec<([u8; 3], u32)> = counts.into_iter().collect();
    // Most frequent first; ties by colour so the output does not depend on hashing.
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<[u8; 3]> = by_count.iter().take(256).map(|&(c, _)| c).collect();
    let mut index: HashMap<[u8; 3], u8> = palette
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u8))
        .collect();
    let mut indices = Vec::with_capacity(pixels.len());
    for run in pixels.chunk_by(|a, b| a == b) {
        let p = run[0];
        let i = *index.entry(p).or_insert_with(|| {
            let nearest = palette
                .iter()
                .enumerate()
                .min_by_key(|&(_, &c)| distance(c, p))
                .map_or(0, |(i, _)| i);
            nearest as u8
        });
        indices.extend(std::iter::repeat_n(i, run.len()));
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.concat());
    enc.set_compression(png::Compression::Default);
    enc.set_filter(png::FilterType::NoFilter);
    // Writing to a Vec cannot fail; the header and data sizes match by construction.
    if let Ok(mut w) = enc.write_header() {
        let _ = w.write_image_data(&indices);
    }
    out
}
