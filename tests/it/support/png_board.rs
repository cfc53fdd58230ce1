//! Support for the PNG board tests: the image decoded to RGB, pixel probes (piece colours,
//! blobs, discs), test positions, and golden images compared or blessed.
//!
//! `PARXIS_BLESS=1 cargo test --test render_png_golden --test render_png_colour_blind`
//! rewrites the golden images (`tests/golden/`, `docs/*.png`) after an intended change of
//! the drawing.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::path::PathBuf;

use parxis::bot::core::view::ordered_moves;
use parxis::engine::{Arms, Colour, Game, Loc, Setup, Square};
use parxis::render::image::{self, Area, Point, SIZE, View, piece_rgb};

pub const FOUR: Arms = Arms::Four;

/// Any PNG of the project's (palette or RGB) as `(width, height, RGB bytes)`.
pub fn decode_rgb(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(png);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// A decoded RGB image.
pub struct Image {
    pub width: usize,
    pub rgb: Vec<u8>,
}

impl Image {
    pub fn decode(bytes: &[u8]) -> Self {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("PNG data");
        assert_eq!(info.width, info.height);
        assert!([SIZE, 1000].contains(&info.width), "{}", info.width);
        assert_eq!(info.color_type, png::ColorType::Rgb);
        buf.truncate(info.buffer_size());
        Self {
            width: info.width as usize,
            rgb: buf,
        }
    }

    pub fn at(&self, (x, y): Point) -> [u8; 3] {
        let i = (y as usize * self.width + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Pixels within `r` of `centre`.
    pub fn disc(&self, (cx, cy): Point, r: f32) -> impl Iterator<Item = [u8; 3]> + '_ {
        let r2 = r * r;
        let (x0, x1) = ((cx - r).floor() as i32, (cx + r).ceil() as i32);
        let (y0, y1) = ((cy - r).floor() as i32, (cy + r).ceil() as i32);
        (y0..=y1)
            .flat_map(move |y| (x0..=x1).map(move |x| (x as f32, y as f32)))
            .filter(move |&(x, y)| (x + 0.5 - cx).powi(2) + (y + 0.5 - cy).powi(2) <= r2)
            .map(|p| self.at(p))
    }

    /// How many pixels within `r` of `centre` differ between two images.
    pub fn differing(&self, other: &Self, centre: Point, r: f32) -> usize {
        self.disc(centre, r)
            .zip(other.disc(centre, r))
            .filter(|(a, b)| dist(*a, *b) > 40.0)
            .count()
    }
}

pub fn dist(a: [u8; 3], b: [u8; 3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| (f32::from(x) - f32::from(y)).powi(2))
        .sum::<f32>()
        .sqrt()
}

pub fn is_piece(p: [u8; 3], c: Colour) -> bool {
    dist(p, piece_rgb(c)) < 45.0
}

/// Fraction of the pixels within `r` of `centre` that have colour `c`'s piece colour.
pub fn piece_share(img: &Image, centre: Point, r: f32, c: Colour) -> f32 {
    let (n, hits) = img
        .disc(centre, r)
        .fold((0, 0), |(n, h), p| (n + 1, h + usize::from(is_piece(p, c))));
    hits as f32 / n as f32
}

/// Connected blobs of `c`'s piece colour inside `area`, counting those of at least `min` px.
pub fn blobs(img: &Image, area: Area, c: Colour, min: usize) -> usize {
    let (x0, y0) = (area.x0 as i32, area.y0 as i32);
    let (w, h) = ((area.x1 - area.x0) as i32, (area.y1 - area.y0) as i32);
    let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
    let mut seen = vec![false; (w * h) as usize];
    let mut count = 0;
    for sy in 0..h {
        for sx in 0..w {
            let hit = |x: i32, y: i32| is_piece(img.at(((x0 + x) as f32, (y0 + y) as f32)), c);
            if seen[(sy * w + sx) as usize] || !hit(sx, sy) {
                continue;
            }
            let mut size = 0;
            let mut queue = VecDeque::from([(sx, sy)]);
            seen[(sy * w + sx) as usize] = true;
            while let Some((x, y)) = queue.pop_front() {
                size += 1;
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if inside(nx, ny) && !seen[(ny * w + nx) as usize] && hit(nx, ny) {
                        seen[(ny * w + nx) as usize] = true;
                        queue.push_back((nx, ny));
                    }
                }
            }
            if size >= min {
                count += 1;
            }
        }
    }
    count
}

pub fn game(json: &str) -> Game {
    let setup: Setup = serde_json::from_str(json).expect("test position JSON");
    Game::from_setup(&setup).expect("a valid test position")
}

pub fn render(g: &Game, view: &View) -> Image {
    Image::decode(&image::png(g, view))
}

/// Player names for the first colours, by colour index.
pub fn names(list: &[&str]) -> [Option<String>; 8] {
    std::array::from_fn(|i| list.get(i).map(|s| (*s).to_owned()))
}

pub fn ring(n: u8) -> Square {
    Square::ring(n).expect("a ring square")
}

pub fn four_seats(board: &str, goal: &str, extra: &str) -> Game {
    game(&format!(
        r#"{{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow",
            "board":{board},"goal":{goal}{extra}}}"#
    ))
}

pub fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

pub fn bless() -> bool {
    std::env::var_os("PARXIS_BLESS").is_some_and(|v| v == "1")
}

/// Compares an image with a committed one: mean absolute difference below 1.0 and fewer
/// than 0.5 % of the pixels off by more than 32 in some channel. Rewrites it when blessing.
pub fn compare_or_bless(bytes: &[u8], path: &str) {
    let path = golden(path);
    if bless() {
        std::fs::create_dir_all(path.parent().expect("a parent directory")).expect("mkdir");
        std::fs::write(&path, bytes).expect("write the golden image");
        return;
    }
    let want = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with PARXIS_BLESS=1 to create it)",
            path.display()
        )
    });
    let (got, want) = (Image::decode(bytes), Image::decode(&want));
    let diffs: Vec<u8> = got
        .rgb
        .iter()
        .zip(&want.rgb)
        .map(|(a, b)| a.abs_diff(*b))
        .collect();
    let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
    let off = diffs
        .chunks(3)
        .filter(|p| p.iter().any(|&d| d > 32))
        .count();
    let share = off as f64 / (diffs.len() / 3) as f64;
    assert!(
        mean < 1.0 && share < 0.005,
        "{} differs: mean {mean:.3}, {:.3} % pixels off (PARXIS_BLESS=1 rewrites it)",
        path.display(),
        share * 100.0
    );
}

/// The busy position of `file` once yellow played 17 → 20 and blue rolled a 4, and the
/// view the bot draws for it.
pub fn busy(file: &str) -> (Game, View) {
    let before = game(&std::fs::read_to_string(golden(file)).expect("the position file"));
    let last = before
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Loc::Sq(ring(17)))
        .expect("yellow can play 17 → 20");
    let g = before.play(last).and_then(|g| g.roll(4)).expect("legal");
    let view = View {
        last_move: Some(last.into()),
        choices: ordered_moves(&g),
        names: names(&[
            "Núria",
            "Pau·la",
            "Iñaki",
            "François",
            "Joan",
            "Mª Àngels",
            "Lluís",
            "Ona",
        ]),
        letters: None,
    };
    (g, view)
}

pub fn dist_pt(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}
