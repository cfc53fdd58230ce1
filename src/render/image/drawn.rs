//! The PNG of a picture drawn over the empty board (`scratch.rs`, `dirty.rs`), written
//! here rather than by the png crate: the empty board's rows are mapped to the palette and
//! filtered once per board size; a picture maps and filters only the rows it was drawn
//! on (and the row below each, whose filter reads it), and hands every row to the same
//! fast deflate the png crate uses (`fdeflate`). The file is the one the png crate writes
//! for the same pixels with the `Paeth` filter and `Compression::Fast`, in one IDAT chunk.

use std::io;
use std::sync::OnceLock;

use tiny_skia::Pixmap;

use super::board;
use super::dirty::Rect;
use super::encode::{self, Palette, bin};
use crate::engine::Arms;

/// The PNG filter type byte of `Paeth`.
const PAETH: u8 = 4;

/// The empty board of one size as the file holds it.
struct Empty {
    /// Palette indices, row by row.
    indices: Vec<u8>,
    /// Each row filtered against the one above, its filter type byte first.
    filtered: Vec<u8>,
}

fn empty(arms: Arms) -> &'static Empty {
    static EMPTY: [OnceLock<Empty>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    };
    EMPTY[slot].get_or_init(|| {
        let pm = board::empty(arms);
        let pal = encode::palette(arms);
        let w = pm.width() as usize;
        let indices: Vec<u8> = pm
            .data()
            .chunks_exact(4)
            .map(|p| pal.lut[bin([p[0], p[1], p[2]])])
            .collect();
        let zeros = vec![0; w];
        let mut filtered = vec![0; (w + 1) * pm.height() as usize];
        for (y, out) in filtered.chunks_exact_mut(w + 1).enumerate() {
            let above = if y == 0 {
                &zeros[..]
            } else {
                &indices[(y - 1) * w..y * w]
            };
            paeth(out, &indices[y * w..(y + 1) * w], above);
        }
        Empty { indices, filtered }
    })
}

/// `row` filtered with `Paeth` against `above` into `out` (its type byte first); one byte
/// per pixel.
fn paeth(out: &mut [u8], row: &[u8], above: &[u8]) {
    out[0] = PAETH;
    paeth_within(out, row, above, 0, row.len());
}

/// [`paeth`] of the pixels `x0..x1` only (the rest of `out` is left as it is).
fn paeth_within(out: &mut [u8], row: &[u8], above: &[u8], x0: usize, x1: usize) {
    let mut x0 = x0;
    if x0 == 0 && x1 > 0 {
        // The first pixel has nothing on its left: its prediction is the pixel above.
        out[1] = row[0].wrapping_sub(above[0]);
        x0 = 1;
    }
    if x0 >= x1 {
        return;
    }
    let pixels = out[x0 + 1..=x1]
        .iter_mut()
        .zip(&row[x0..x1])
        .zip(row[x0 - 1..x1 - 1].iter().zip(&above[x0..x1]))
        .zip(&above[x0 - 1..x1 - 1]);
    for (((o, &x), (&a, &b)), &c) in pixels {
        let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
        let pa = (ib - ic).abs();
        let pb = (ia - ic).abs();
        let pc = (ia + ib - 2 * ic).abs();
        let p = if pa <= pb && pa <= pc {
            a
        } else if pb <= pc {
            b
        } else {
            c
        };
        *o = x.wrapping_sub(p);
    }
}

/// The PNG of `pm`, the empty board of `arms` drawn on only inside `drawn` (as
/// `Tracking::into_rects` gives them: rows of tiles from the top, not overlapping), with
/// the board's palette.
pub(super) fn png(pm: &Pixmap, arms: Arms, drawn: &[Rect]) -> Vec<u8> {
    debug_assert!(drawn.windows(2).all(|p| p[0].y0 <= p[1].y0));
    // Writing to a Vec does not fail.
    write(pm, encode::palette(arms), empty(arms), drawn).unwrap_or_else(|_| encode::png(pm, arms))
}

fn write(pm: &Pixmap, pal: &Palette, e: &Empty, drawn: &[Rect]) -> io::Result<Vec<u8>> {
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let data = pm.data();
    let mut z = fdeflate::Compressor::new(Vec::with_capacity(128 * 1024))?;
    let zeros = vec![0; w];
    let (mut row, mut above) = (vec![0; w], vec![0; w]);
    let mut filtered = vec![0; w + 1];
    // The drawn spans of the row above (its indices are then in `above`).
    let mut above_spans: &[Rect] = &[];
    let mut first = 0;
    for y in 0..h {
        while first < drawn.len() && drawn[first].y1 <= y {
            first += 1;
        }
        let spans = &drawn[first..];
        let spans = &spans[..spans.iter().take_while(|r| r.y0 <= y).count()];
        let line = y * (w + 1)..(y + 1) * (w + 1);
        if spans.is_empty() && above_spans.is_empty() {
            z.write_data(&e.filtered[line])?;
            continue;
        }
        row.copy_from_slice(&e.indices[y * w..(y + 1) * w]);
        // Runs of one colour are the rule: the last lookup is kept.
        let (mut last, mut last_index) = (None, 0);
        for r in spans {
            let at = y * w + r.x0..y * w + r.x1;
            let px = &data[at.start * 4..at.end * 4].as_chunks::<4>().0;
            for (i, p) in row[r.x0..r.x1].iter_mut().zip(*px) {
                if last != Some(*p) {
                    (last, last_index) = (Some(*p), pal.lut[bin([p[0], p[1], p[2]])]);
                }
                *i = last_index;
            }
        }
        let up: &[u8] = match (y, above_spans.is_empty()) {
            (0, _) => &zeros,
            (_, false) => &above,
            (_, true) => &e.indices[(y - 1) * w..y * w],
        };
        // The empty board's filtered row, filtered again where this row or the one above
        // changed (and one pixel further: its left neighbours changed).
        filtered.copy_from_slice(&e.filtered[line]);
        for r in spans.iter().chain(above_spans) {
            paeth_within(&mut filtered, &row, up, r.x0, (r.x1 + 1).min(w));
        }
        z.write_data(&filtered)?;
        std::mem::swap(&mut row, &mut above);
        above_spans = spans;
    }
    let idat = z.finish()?;

    let mut out = Vec::with_capacity(idat.len() + pal.rgb.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = [0; 13];
    ihdr[..4].copy_from_slice(&(w as u32).to_be_bytes());
    ihdr[4..8].copy_from_slice(&(h as u32).to_be_bytes());
    // 8 bits, indexed colour, deflate, adaptive filtering, not interlaced.
    ihdr[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &pal.rgb);
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// A PNG chunk: its length, type, data and the CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Phase, Preset};
    use crate::render::image::dirty::Tracking;
    use crate::render::image::{View, scene};

    /// The palette indices of a PNG written here.
    fn indices(bytes: &[u8]) -> Vec<u8> {
        let mut reader = png::Decoder::new(bytes).read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a frame");
        assert_eq!(info.color_type, png::ColorType::Indexed);
        buf.truncate(info.buffer_size());
        buf
    }

    /// The picture drawn on a fresh copy of the empty board, every pixel indexed.
    fn fresh(game: &Game, view: &View) -> Vec<u8> {
        let arms = game.arms();
        let mut pm = board::empty(arms).clone();
        scene::draw(&mut Tracking::new(&mut pm), game, view);
        let pal = encode::palette(arms);
        pm.data()
            .chunks_exact(4)
            .map(|p| pal.lut[bin([p[0], p[1], p[2]])])
            .collect()
    }

    /// Every picture of games on each board, drawn one after the other on the kept copies
    /// of the empty board (each left by the one before), is the picture drawn on a fresh
    /// copy: nothing drawn is left out of the tiles read and restored, and the rows
    /// filtered once and again make the file of those pixels.
    #[test]
    fn each_picture_of_a_game_is_its_drawing_on_a_fresh_board() {
        for arms in Arms::ALL {
            let mut game = Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours())
                .expect("a new game");
            let mut seed: u64 = 0x5eed_0052;
            let mut next = |n: usize| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (seed >> 33) as usize % n
            };
            let (mut last, mut pictures) = (None, 0);
            while pictures < 40 {
                match game.phase() {
                    Phase::Finished(_) => break,
                    Phase::AwaitingRoll(_) => {
                        game = game.roll(next(6) as u8 + 1).expect("a roll");
                        continue;
                    }
                    _ => {}
                }
                let moves = game.legal_moves();
                if moves.is_empty() {
                    game = game.pass().expect("a pass").0;
                    continue;
                }
                // Names and letters on every other picture.
                let view = View {
                    last_move: last,
                    choices: moves.to_vec(),
                    names: std::array::from_fn(|i| (pictures % 2 == 0).then(|| format!("Nom {i}"))),
                    letters: (pictures % 2 == 1)
                        .then_some(['G', 'B', 'V', 'E', 'T', 'L', 'C', 'R']),
                };
                let want = fresh(&game, &view);
                let got = indices(&crate::render::image::png(&game, &view));
                let off = got.iter().zip(&want).filter(|(a, b)| a != b).count();
                assert_eq!(off, 0, "{arms:?}, picture {pictures}: {off} pixels differ");
                pictures += 1;
                let mv = moves[next(moves.len())];
                last = Some(mv.into());
                game = game.play(mv).expect("a legal move");
            }
            assert_eq!(pictures, 40, "{arms:?}");
        }
    }
}
