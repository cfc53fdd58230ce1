//! Copies of the empty board kept for drawing on: a picture takes one, draws the position
//! on it (remembering where, `dirty.rs`), and gives it back with those rectangles restored
//! from the empty board, instead of copying the whole empty board (3–4 MB) every time.

use std::sync::Mutex;

use tiny_skia::Pixmap;

use super::board;
use super::dirty::Rect;
use crate::engine::Arms;

/// Copies kept per board size: as many as pictures drawn at once, at most this many (a
/// further one is dropped when given back).
const KEPT: usize = 8;

fn kept(arms: Arms) -> &'static Mutex<Vec<Pixmap>> {
    static KEPT_BOARDS: [Mutex<Vec<Pixmap>>; 3] = [
        Mutex::new(Vec::new()),
        Mutex::new(Vec::new()),
        Mutex::new(Vec::new()),
    ];
    &KEPT_BOARDS[match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    }]
}

/// A pixmap holding the empty board of `arms` ([`board::empty`]).
pub(super) fn take(arms: Arms) -> Pixmap {
    let kept = kept(arms).lock().ok().and_then(|mut k| k.pop());
    kept.unwrap_or_else(|| board::empty(arms).clone())
}

/// `pm`, taken by [`take`] and drawn on only inside `drawn`, made the empty board again
/// and kept for the next picture.
pub(super) fn give_back(arms: Arms, mut pm: Pixmap, drawn: &[Rect]) {
    let empty = board::empty(arms);
    let stride = empty.width() as usize * 4;
    let (from, to) = (empty.data(), pm.data_mut());
    for r in drawn {
        for y in r.y0..r.y1 {
            let span = y * stride + r.x0 * 4..y * stride + r.x1 * 4;
            to[span.clone()].copy_from_slice(&from[span]);
        }
    }
    if let Ok(mut k) = kept(arms).lock()
        && k.len() < KEPT
    {
        k.push(pm);
    }
}
