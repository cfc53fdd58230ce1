//! The PNG board seen without green cones (deuteranopia, simulated): red and green pieces
//! keep distinct marks; the simulated board is kept as `docs/board_deutan.png`
//! (`PARXIS_BLESS=1 cargo test --test render_png_colour_blind` rewrites it).

use crate::support;
use support::png_board;

use parxis::render::image::{Point, pair_centres};
use png_board::*;

/// sRGB byte to linear light.
fn linear(v: u8) -> f32 {
    let c = f32::from(v) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light to an sRGB byte.
fn srgb(l: f32) -> u8 {
    let c = l.clamp(0.0, 1.0);
    let v = if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (v * 255.0).round() as u8
}

/// How a deuteranope (no green cones) sees an RGB image: Machado, Oliveira and Fernandes
/// (2009), severity 1.0, applied in linear light.
fn deuteranopia(rgb: &[u8]) -> Vec<u8> {
    const M: [[f32; 3]; 3] = [
        [0.367_322, 0.860_646, -0.227_968],
        [0.280_085, 0.672_501, 0.047_413],
        [-0.011_820, 0.042_940, 0.968_881],
    ];
    rgb.chunks_exact(3)
        .flat_map(|p| {
            let l = [linear(p[0]), linear(p[1]), linear(p[2])];
            M.map(|row| srgb(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]))
        })
        .collect()
}

fn encode_rgb(width: usize, rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let height = rgb.len() / 3 / width;
    let mut enc = png::Encoder::new(&mut out, width as u32, height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_compression(png::Compression::Best);
    let mut w = enc.write_header().expect("a PNG header");
    w.write_image_data(rgb).expect("PNG data");
    drop(w);
    out
}

#[test]
fn under_a_red_green_simulation_red_and_green_pieces_keep_distinct_shapes() {
    // Given the docs board seen by a deuteranope,
    let (g, view) = busy("tests/data/render/busy.json");
    let img = render(&g, &view);
    let seen = Image {
        width: img.width,
        rgb: deuteranopia(&img.rgb),
    };
    // red and green pieces come out as near the same colour (why colour alone fails),
    let [red_at, green_at] = pair_centres(FOUR, ring(39));
    let (red, green) = (
        seen.at((red_at.0 - 11.0, red_at.1)),
        seen.at((green_at.0 - 11.0, green_at.1)),
    );
    assert!(dist(red, green) < 70.0, "{red:?} vs {green:?}");
    // yet their marks differ: the light pixels of one token's middle do not match the
    // other's (triangle against diamond).
    let light = |at: Point| -> Vec<bool> {
        seen.disc(at, 10.0)
            .map(|p| p.iter().map(|&v| u32::from(v)).sum::<u32>() > 600)
            .collect()
    };
    let (a, b) = (light(red_at), light(green_at));
    let mismatched = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert!(mismatched > 40, "{mismatched}");
    // The simulated board is kept in docs/ for people to look at.
    let bytes = encode_rgb(seen.width, &seen.rgb);
    assert!(bytes.len() < 150 * 1024, "{} bytes", bytes.len());
    compare_or_bless(&bytes, "docs/board_deutan.png");
}
