//! Animated GIFs of a game, drawn with the PNG board's layout and scene.
//!
//! Small and fast the way lichess's lila-gif is: one fixed palette for the whole animation
//! (the board's, 255 colours, the last index transparent), the first frame whole, and every
//! later frame only the rectangle that changed, its unchanged pixels transparent over the
//! frame before (disposal "keep"). A frame is drawn whole (the empty board copied, the
//! scene drawn on it), compared with the one before as 32-bit words, and only its changed
//! pixels are mapped to the palette.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use tiny_skia::Pixmap;

use super::encode::{self, Palette, bin};
use super::layout::{self, Point};
use super::{View, board, paint, scene};
use crate::engine::{Arms, Colour, Game, Loc, Square, Winner};

/// The palette index of transparent pixels.
const TRANSPARENT: u8 = 255;

/// What a frame shows besides the board view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The roll that made the move, shown as a die by the mover's nest (unless the board
    /// draws something there already: a bonus to play, the winner's star).
    pub roll: Option<(Colour, u8)>,
    /// R5 The bonus the move played, shown as "+10" / "+20" by the mover's nest.
    pub bonus: Option<(Colour, u8)>,
    /// R4.3 A capture: the square where it happened and the colour sent home.
    pub capture: Option<(Loc, Colour)>,
    /// R6.3 The winner by the time limit (a won game's winner is drawn by the board).
    pub time_winner: Option<Winner>,
}

/// One frame: the position, the view of the PNG board, the marks, and how long it shows.
#[derive(Clone, Debug)]
pub struct Still<'a> {
    pub game: &'a Game,
    pub view: &'a View,
    pub marks: Marks,
    /// Draw the seat to act's frame and its pending die or bonus, as the PNG board does
    /// (the first and final frames); a move's frame shows the roll that made it instead.
    pub turn: bool,
    /// Hundredths of a second.
    pub delay_cs: u16,
}

/// The palette of the animations of `arms` (255 colours: index 255 is transparent).
fn palette(arms: Arms) -> &'static Palette {
    use std::sync::OnceLock;
    static PALETTES: [OnceLock<Palette>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    };
    PALETTES[slot].get_or_init(|| {
        let mut p = encode::build(arms, 255);
        p.rgb.resize(256 * 3, 0);
        p
    })
}

/// The image of a frame: the board and its scene, then the marks.
fn draw(still: &Still<'_>) -> Pixmap {
    let game = still.game;
    let arms = game.arms();
    let mut pm = board::empty(arms).clone();
    scene::draw_with(&mut pm, game, still.view, still.turn);
    let s = layout::scale(arms);
    let m = still.marks;
    if let Some(w) = m.time_winner {
        scene::mark_winner(&mut pm, arms, w);
    }
    let taken = |seat: Colour| match game.phase() {
        crate::engine::Phase::AwaitingRoll(_) => false,
        crate::engine::Phase::AwaitingMove { seat: s, .. }
        | crate::engine::Phase::AwaitingBonus { seat: s, .. } => still.turn && s == seat,
        crate::engine::Phase::Finished(w) => w.includes(seat),
    } || m.time_winner.is_some_and(|w| w.includes(seat));
    if let Some((seat, face)) = m.roll
        && !taken(seat)
    {
        paint::die(&mut pm, layout::die_point(arms, seat), 44.0 * s, face, seat);
    }
    if let Some((seat, amount)) = m.bonus
        && !taken(seat)
    {
        scene::bonus_label(&mut pm, arms, seat, amount);
    }
    if let Some((Loc::Sq(sq), victim)) = m.capture {
        let at = capture_point(arms, sq);
        paint::star(&mut pm, at, 15.0 * s, paint::piece_rgb(victim));
    }
    pm
}

/// R4.3 Where a capture on `sq` is marked: a star in the captured colour, beside the
/// square's centre (up and to the right).
#[must_use]
pub fn capture_point(arms: Arms, sq: Square) -> Point {
    let (x, y) = layout::square_centre(arms, sq);
    let d = 17.0 * layout::scale(arms);
    (x + d, y - d)
}

/// The pixels of `pm` as 32-bit words (RGBA bytes).
fn words(pm: &Pixmap) -> impl Iterator<Item = u32> + '_ {
    pm.data()
        .chunks_exact(4)
        .map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]))
}

/// The smallest rectangle holding every pixel that differs: `(x0, y0, x1, y1)`, exclusive
/// ends; `None` when the images are equal.
fn changed(a: &Pixmap, b: &Pixmap) -> Option<(usize, usize, usize, usize)> {
    let w = a.width() as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    let (ra, rb) = (a.data(), b.data());
    for (y, (la, lb)) in ra
        .chunks_exact(4 * w)
        .zip(rb.chunks_exact(4 * w))
        .enumerate()
    {
        if la == lb {
            continue;
        }
        let first = la
            .chunks_exact(4)
            .zip(lb.chunks_exact(4))
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        let last = w
            - 1
            - la.chunks_exact(4)
                .rev()
                .zip(lb.chunks_exact(4).rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last + 1);
        y0 = y0.min(y);
        y1 = y + 1;
    }
    (x1 > x0).then_some((x0, y0, x1, y1))
}

/// An animation being written, frame by frame.
pub struct Animation {
    encoder: Encoder<Vec<u8>>,
    palette: &'static Palette,
    prev: Option<Pixmap>,
    frames: usize,
    /// Write every frame whole (the benchmark's baseline), not only what changed.
    whole: bool,
}

impl Animation {
    /// An animation of a board of `arms`, looping forever.
    ///
    /// # Panics
    /// Never: writing a GIF header into memory cannot fail.
    #[must_use]
    pub fn new(arms: Arms) -> Self {
        let side = u16::try_from(layout::size(arms)).unwrap_or(u16::MAX);
        let palette = palette(arms);
        let mut encoder = Encoder::new(Vec::with_capacity(1 << 20), side, side, &palette.rgb)
            .expect("a GIF header in memory");
        let _ = encoder.set_repeat(Repeat::Infinite);
        Self {
            encoder,
            palette,
            prev: None,
            frames: 0,
            whole: false,
        }
    }

    /// The same animation with every frame written whole, in the same palette: the
    /// baseline the changed rectangles are measured against (`benches/replay.rs`).
    #[must_use]
    pub fn writing_whole_frames(mut self) -> Self {
        self.whole = true;
        self
    }

    /// How many frames were written.
    #[must_use]
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// Add a frame.
    pub fn push(&mut self, still: &Still<'_>) {
        let pm = draw(still);
        let lut = &self.palette.lut;
        let index = |w: u32| {
            let b = w.to_ne_bytes();
            lut[bin([b[0], b[1], b[2]])]
        };
        let w = pm.width() as usize;
        let mut frame = Frame {
            delay: still.delay_cs,
            dispose: DisposalMethod::Keep,
            ..Frame::default()
        };
        match self.prev.as_ref().filter(|_| !self.whole) {
            None => {
                frame.width = u16::try_from(w).unwrap_or(u16::MAX);
                frame.height = u16::try_from(pm.height()).unwrap_or(u16::MAX);
                frame.buffer = Cow::Owned(words(&pm).map(index).collect());
            }
            Some(prev) => {
                frame.transparent = Some(TRANSPARENT);
                let (x0, y0, x1, y1) = changed(prev, &pm).unwrap_or((0, 0, 1, 1));
                let (fw, fh) = (x1 - x0, y1 - y0);
                let mut buf = Vec::with_capacity(fw * fh);
                let (now, before) = (pm.data(), prev.data());
                for y in y0..y1 {
                    let row = 4 * (y * w + x0)..4 * (y * w + x1);
                    for (p, q) in now[row.clone()]
                        .chunks_exact(4)
                        .zip(before[row].chunks_exact(4))
                    {
                        buf.push(if p == q {
                            TRANSPARENT
                        } else {
                            lut[bin([p[0], p[1], p[2]])]
                        });
                    }
                }
                frame.left = u16::try_from(x0).unwrap_or(0);
                frame.top = u16::try_from(y0).unwrap_or(0);
                frame.width = u16::try_from(fw).unwrap_or(1);
                frame.height = u16::try_from(fh).unwrap_or(1);
                frame.buffer = Cow::Owned(buf);
            }
        }
        // Writing into memory cannot fail; the frame lies within the screen by construction.
        let _ = self.encoder.write_frame(&frame);
        self.prev = Some(pm);
        self.frames += 1;
    }

    /// The GIF's bytes.
    #[must_use]
    pub fn finish(self) -> Vec<u8> {
        self.encoder.into_inner().unwrap_or_default()
    }
}

/// One frame alone as a GIF, in the animations' palette: what the last frame of an
/// animation ending on the same still looks like.
#[must_use]
pub fn still_gif(still: &Still<'_>) -> Vec<u8> {
    let mut a = Animation::new(still.game.arms());
    a.push(still);
    a.finish()
}
