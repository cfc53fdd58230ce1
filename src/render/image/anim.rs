//! Animated GIFs of a game, drawn with the PNG board's layout and scene.
//!
//! Small and fast the way lichess's lila-gif is: one fixed palette for the whole animation
//! (the board's, 255 colours, the last index transparent), the first frame whole, and every
//! later picture only where it changed, its unchanged pixels transparent over the frame
//! before (disposal "keep"). A picture is drawn only in the regions its move can change
//! (the empty board copied there, the scene's elements reaching them drawn again), compared
//! with the screen before as 32-bit words, and only its changed pixels are mapped to the
//! palette. The places a move changes lie far apart (the previous trail and die, the new
//! ones, a captured piece's nest), so each is written as a frame of its own ([`split`]):
//! LZW then covers those places, not one rectangle spanning the board.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use tiny_skia::Pixmap;

use super::encode::{self, Palette, bin};
use super::layout::{self, Area, Point};
use super::{View, board, paint, scene, text};
use crate::engine::{Arms, Colour, Game, Loc, Square, Winner};

/// The palette index of transparent pixels.
const TRANSPARENT: u8 = 255;

/// The animation's width against the PNG board's: 720 px for the four-arm board (880),
/// 818 px for six and eight arms (1000). Drawn with the same layout and scene, scaled.
pub const FRAME_SCALE: f32 = 9.0 / 11.0;

/// Width of the animation of a board of `arms`, in pixels (the board is square: its
/// height too; the [`band`] lies below it).
#[must_use]
pub fn side(arms: Arms) -> u32 {
    (layout::size(arms) as f32 * FRAME_SCALE).round() as u32
}

/// Height of the band below the board: the mover's piece and name, and the progress bar
/// along its bottom edge.
#[must_use]
pub fn band(arms: Arms) -> u32 {
    (side(arms) as f32 * 0.085).round() as u32
}

/// Height of the animation: the board and the band.
#[must_use]
pub fn height(arms: Arms) -> u32 {
    side(arms) + band(arms)
}

/// Height of the progress bar at the band's bottom edge, in pixels.
#[must_use]
pub fn bar(arms: Arms) -> u32 {
    (band(arms) as f32 * 0.1).round().max(3.0) as u32
}

/// The exact scale from layout coordinates to the animation's pixels.
#[must_use]
pub fn scale_of(arms: Arms) -> f32 {
    side(arms) as f32 / layout::size(arms) as f32
}

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

/// What the band below the board says: who moved, and how far the replay has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Banner {
    /// The seat whose piece and name the band shows (its name from the view's names).
    pub mover: Option<Colour>,
    /// How far along the replay is, in thousandths (the progress bar's filled part).
    pub done: u16,
}

/// One frame: the position, the view of the PNG board, the marks, and how long it shows.
#[derive(Clone, Debug)]
pub struct Still<'a> {
    pub game: &'a Game,
    pub view: &'a View,
    pub marks: Marks,
    /// The band below the board.
    pub banner: Banner,
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

/// Draw the marks of `still` over its scene.
fn draw_marks(pm: &mut impl paint::Canvas, still: &Still<'_>) {
    let game = still.game;
    let arms = game.arms();
    let s = layout::scale(arms);
    let m = still.marks;
    if let Some(w) = m.time_winner {
        scene::mark_winner(pm, arms, w);
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
        paint::die(pm, layout::die_point(arms, seat), 44.0 * s, face, seat);
    }
    if let Some((seat, amount)) = m.bonus
        && !taken(seat)
    {
        scene::bonus_label(pm, arms, seat, amount);
    }
    if let Some((Loc::Sq(sq), victim)) = m.capture {
        let at = capture_point(arms, sq);
        paint::star(pm, at, 15.0 * s, paint::piece_rgb(victim));
    }
}

/// Where the marks can reach (the die, the bonus, the capture's star).
fn marks_bounds(arms: Arms, m: Marks, out: &mut Vec<Area>) {
    let s = layout::scale(arms);
    if let Some((seat, _)) = m.roll {
        out.push(Area::around(
            layout::die_point(arms, seat),
            22.0 * s + 8.0,
            22.0 * s + 8.0,
        ));
    }
    if let Some((seat, _)) = m.bonus {
        out.push(Area::around(
            layout::die_point(arms, seat),
            30.0 * s + 4.0,
            19.0 * s + 4.0,
        ));
    }
    if let Some((Loc::Sq(sq), _)) = m.capture {
        out.push(Area::around(
            capture_point(arms, sq),
            15.0 * s + 8.0,
            15.0 * s + 8.0,
        ));
    }
}

/// What a frame drew, to know what the next one changes.
struct Drawn {
    game: Game,
    trail: Option<super::Trail>,
    marks: Marks,
    /// Drawn whole: the turn, a winner's marks, the end card (the next frame is drawn
    /// whole too).
    whole: bool,
}

/// The parts of the board (layout coordinates) that may differ between what `prev` drew
/// and `still`: each changed square, nest and goal, both trails, both frames' marks.
fn dirty(prev: &Drawn, still: &Still<'_>) -> Vec<Area> {
    let (a, b) = (&prev.game, still.game);
    let arms = b.arms();
    let mut parts: Vec<Area> = Vec::new();
    for i in (0..a.squares.len()).filter(|&i| a.squares[i] != b.squares[i]) {
        if let Some(sq) = Square::from_index(i) {
            parts.push(scene::square_bounds(arms, sq));
        }
    }
    for &c in arms.colours() {
        if a.in_nest(c) != b.in_nest(c) {
            parts.push(scene::nest_bounds(arms, c));
        }
        if a.in_goal(c) != b.in_goal(c) {
            parts.push(scene::goal_bounds(arms, c));
        }
    }
    if let Some(t) = prev.trail {
        parts.push(scene::trail_bounds(a, t));
    }
    if let Some(t) = still.view.last_move {
        parts.push(scene::trail_bounds(b, t));
    }
    marks_bounds(arms, prev.marks, &mut parts);
    marks_bounds(arms, still.marks, &mut parts);
    parts
}

mod split;

use split::Px;
pub use split::SUB_FRAME_CS;

/// How an animation writes a move's change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The changed places, in a few frames ([`split`]).
    Split,
    /// One rectangle around all of them (a benchmark's baseline).
    OneRectangle,
    /// The whole screen (a benchmark's baseline).
    Whole,
}

/// `parts` as disjoint pixel rectangles: overlapping (or nearly touching) ones merged
/// into their bounding rectangle until none overlap.
fn regions(parts: &[Area], k: f32, side: usize) -> Vec<Px> {
    const NEAR: usize = 8;
    let mut out: Vec<Px> = parts
        .iter()
        .map(|&a| pixels(a, k, side))
        .filter(|r| r.2 > r.0 && r.3 > r.1)
        .collect();
    let near = |a: &Px, b: &Px| {
        a.0 < b.2 + NEAR && b.0 < a.2 + NEAR && a.1 < b.3 + NEAR && b.1 < a.3 + NEAR
    };
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..out.len() {
            for j in i + 1..out.len() {
                if near(&out[i], &out[j]) {
                    let (a, b) = (out[i], out.swap_remove(j));
                    out[i] = (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3));
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
    out
}

/// `area` (layout coordinates) as whole pixels within a `side`-pixel image drawn at scale
/// `k`: `(x0, y0, x1, y1)`, ends exclusive.
fn pixels(area: Area, k: f32, side: usize) -> (usize, usize, usize, usize) {
    let clamp = |v: f32| (v.max(0.0) as usize).min(side);
    let (x0, y0) = (clamp((area.x0 * k).floor()), clamp((area.y0 * k).floor()));
    let (x1, y1) = (clamp((area.x1 * k).ceil()), clamp((area.y1 * k).ceil()));
    (x0, y0, x1.max(x0), y1.max(y0))
}

/// R4.3 Where a capture on `sq` is marked: a star in the captured colour, beside the
/// square's centre (up and to the right).
#[must_use]
pub fn capture_point(arms: Arms, sq: Square) -> Point {
    let (x, y) = layout::square_centre(arms, sq);
    let d = 17.0 * layout::scale(arms);
    (x + d, y - d)
}

/// An animation being written, frame by frame.
pub struct Animation {
    encoder: Encoder<Vec<u8>>,
    palette: &'static Palette,
    arms: Arms,
    /// Pixels per layout unit.
    k: f32,
    /// Width in pixels (and the board's height).
    side: usize,
    /// Height in pixels: the board and the band.
    height: usize,
    /// The picture shown after the frames written so far.
    shown: Option<Pixmap>,
    /// Where the next frame is drawn.
    scratch: Pixmap,
    prev: Option<Drawn>,
    /// Pictures pushed (a move's change split into several frames is one picture).
    frames: usize,
    /// Frames written into the GIF.
    gif_frames: usize,
    mode: Mode,
}

/// The empty board of `arms` at the animation's size with the empty band below it, drawn
/// once.
fn empty_frame(arms: Arms) -> &'static Pixmap {
    use std::sync::OnceLock;
    static FRAMES: [OnceLock<Pixmap>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match arms {
        Arms::Four => 0,
        Arms::Six => 1,
        Arms::Eight => 2,
    };
    FRAMES[slot].get_or_init(|| {
        let (w, h) = (side(arms), height(arms));
        let mut pm = Pixmap::new(w, h).expect("the frame size is valid");
        let board = board::empty_at(arms, w);
        let n = board.data().len();
        pm.data_mut()[..n].copy_from_slice(board.data());
        band_background(&mut pm, arms);
        pm
    })
}

/// The band's empty look: dark, with the progress bar's track along its bottom edge.
fn band_background(pm: &mut Pixmap, arms: Arms) {
    let (w, s, b, bar) = (
        side(arms) as f32,
        side(arms) as f32,
        band(arms) as f32,
        bar(arms) as f32,
    );
    paint::fill_area(
        pm,
        Area {
            x0: 0.0,
            y0: s,
            x1: w,
            y1: s + b,
        },
        paint::INK,
        255,
    );
    paint::fill_area(
        pm,
        Area {
            x0: 0.0,
            y0: s + b - bar,
            x1: w,
            y1: s + b,
        },
        BAR_TRACK,
        255,
    );
}

/// Where the band draws the mover's piece: its centre and radius, in pixels.
#[must_use]
pub fn chip(arms: Arms) -> (Point, f32) {
    let (s, b, bar) = (side(arms) as f32, band(arms) as f32, bar(arms) as f32);
    ((b * 0.6, s + (b - bar) / 2.0), (b - bar) * 0.36)
}

/// The progress bar's track and its filled part.
const BAR_TRACK: [u8; 3] = [90, 90, 96];
const BAR_FILL: [u8; 3] = [255, 255, 255];

/// Draw the band of `banner` (over the band's background): the mover's piece and name on
/// the left, the die that made the move on the right, the progress bar at the bottom.
fn draw_band(
    pm: &mut Pixmap,
    arms: Arms,
    view: &View,
    still_roll: Option<(Colour, u8)>,
    banner: Banner,
) {
    let (w, s, b, bar) = (
        side(arms) as f32,
        side(arms) as f32,
        band(arms) as f32,
        bar(arms) as f32,
    );
    let done = f32::from(banner.done.min(1000)) / 1000.0;
    if done > 0.0 {
        paint::fill_area(
            pm,
            Area {
                x0: 0.0,
                y0: s + b - bar,
                x1: (w * done).round(),
                y1: s + b,
            },
            BAR_FILL,
            255,
        );
    }
    let ((cx, mid), r) = chip(arms);
    let Some(c) = banner.mover else { return };
    paint::token(pm, (cx, mid), r, c, None);
    let die = still_roll.filter(|&(seat, _)| seat == c);
    let right = if die.is_some() {
        w - b * 1.2
    } else {
        w - b * 0.4
    };
    let x0 = cx + r + b * 0.3;
    let (name, size) = text::fit(
        &scene::shown_name(view, c),
        right - x0,
        (b - bar) * 0.52,
        (b - bar) * 0.36,
    );
    let tw = text::width(&name, size);
    text::draw_centred(pm, &name, size, (x0 + tw / 2.0, mid), paint::PAPER);
    if let Some((seat, face)) = die {
        paint::die(pm, (w - b * 0.65, mid), (b - bar) * 0.62, face, seat);
    }
}

/// The end card: the finishing order drawn large, each seat's piece, place and name, and
/// how many pieces it took home.
#[derive(Clone, Debug)]
pub struct Card<'a> {
    pub game: &'a Game,
    pub view: &'a View,
    /// The seats in finishing order (the winner or winning pair first).
    pub order: Vec<Colour>,
    /// The seats that won (starred).
    pub winners: Vec<Colour>,
    /// Hundredths of a second.
    pub delay_cs: u16,
}

/// Draw `card` over the board's part of `pm` (the band is drawn by the caller).
fn draw_card(pm: &mut Pixmap, card: &Card<'_>) {
    let arms = card.game.arms();
    let s = side(arms) as f32;
    paint::fill_area(
        pm,
        Area {
            x0: 0.0,
            y0: 0.0,
            x1: s,
            y1: s,
        },
        paint::INK,
        255,
    );
    let n = card.order.len().max(1) as f32;
    let margin = s * 0.06;
    // Room for a trophy above the order.
    let row = ((s - 3.5 * margin) / n).min(s * 0.2);
    let top = (s - row * n) / 2.0 + margin * 0.75;
    text::draw_centred(
        pm,
        "🏆",
        margin,
        (s / 2.0, top - margin * 1.05),
        [250, 204, 21],
    );
    // R1 four pieces each.
    let goal_total = 4;
    for (i, &c) in card.order.iter().enumerate() {
        let won = card.winners.contains(&c);
        let y = top + row * (i as f32 + 0.5);
        let area = Area {
            x0: margin,
            y0: y - row * 0.44,
            x1: s - margin,
            y1: y + row * 0.44,
        };
        let bg = if won {
            paint::piece_rgb(c)
        } else {
            [60, 60, 66]
        };
        paint::fill_rounded(pm, area, row * 0.18, bg, 255);
        let r = row * 0.3;
        let place = char::from_digit(u32::try_from(i + 1).unwrap_or(9).min(9), 10);
        paint::token(pm, (margin + row * 0.5, y), r, c, place);
        let count = format!("{}/{goal_total}", card.game.in_goal(c));
        let csize = row * 0.34;
        let cw = text::width(&count, csize);
        let right = s - margin - row * 0.25;
        let ink = if won {
            paint::letter_rgb(c)
        } else {
            paint::PAPER
        };
        text::draw_centred(pm, &count, csize, (right - cw / 2.0, y), ink);
        let x0 = margin + row;
        let (name, size) = text::fit(
            &scene::shown_name(card.view, c),
            right - cw - row * 0.3 - x0,
            row * if won { 0.5 } else { 0.42 },
            row * 0.28,
        );
        let tw = text::width(&name, size);
        let at = (x0 + tw / 2.0, y);
        if won {
            text::draw_outlined(pm, &name, size, at, paint::PAPER, paint::INK, 3.0);
        } else {
            text::draw_centred(pm, &name, size, at, paint::PAPER);
        }
    }
}

impl Animation {
    /// An animation of a board of `arms`, looping forever.
    ///
    /// # Panics
    /// Never: writing a GIF header into memory cannot fail.
    #[must_use]
    pub fn new(arms: Arms) -> Self {
        let px = side(arms);
        let w16 = u16::try_from(px).unwrap_or(u16::MAX);
        let h16 = u16::try_from(height(arms)).unwrap_or(u16::MAX);
        let palette = palette(arms);
        let mut encoder = Encoder::new(Vec::with_capacity(1 << 20), w16, h16, &palette.rgb)
            .expect("a GIF header in memory");
        let _ = encoder.set_repeat(Repeat::Infinite);
        Self {
            encoder,
            palette,
            arms,
            k: scale_of(arms),
            side: px as usize,
            height: height(arms) as usize,
            shown: None,
            scratch: empty_frame(arms).clone(),
            prev: None,
            frames: 0,
            gif_frames: 0,
            mode: Mode::Split,
        }
    }

    /// The same animation with every frame drawn and written whole, in the same palette:
    /// the baseline the changed rectangles are measured against (`benches/replay.rs`).
    #[must_use]
    pub fn writing_whole_frames(mut self) -> Self {
        self.mode = Mode::Whole;
        self
    }

    /// The same animation with each move's change written as one rectangle around all of
    /// it, not split ([`split`]): the other baseline of `benches/replay.rs`.
    #[must_use]
    pub fn in_one_rectangle(mut self) -> Self {
        self.mode = Mode::OneRectangle;
        self
    }

    /// How many pictures were pushed.
    #[must_use]
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// How many frames the GIF has (a picture may take several: [`split`]).
    #[must_use]
    pub fn gif_frames(&self) -> usize {
        self.gif_frames
    }

    /// Draw `still` into the scratch picture: only the regions that changed since the
    /// frame before (restored from the empty board, then every element of the scene that
    /// reaches one of them drawn again, once) and the band, or all of it. The regions
    /// (disjoint). Outside them the scratch picture may differ from the frame: only they
    /// are read.
    fn draw(&mut self, still: &Still<'_>) -> Vec<Px> {
        let (side, k) = (self.side, self.k);
        let all = (0, 0, side, self.height);
        let band_px = (0, side, side, self.height);
        let whole_now =
            still.turn || still.game.winner().is_some() || still.marks.time_winner.is_some();
        let mut regions = match (&self.prev, self.mode == Mode::Whole || whole_now) {
            (Some(prev), false) if !prev.whole => regions(&dirty(prev, still), k, side),
            _ => vec![all],
        };
        let empty = empty_frame(self.arms);
        if regions == [all] {
            self.scratch.data_mut().copy_from_slice(empty.data());
            let pm = &mut paint::Scaled::new(&mut self.scratch, k);
            scene::draw_with(pm, still.game, still.view, still.turn);
            draw_marks(pm, still);
        } else {
            for &(x0, y0, x1, y1) in &regions {
                for y in y0..y1 {
                    let row = 4 * (y * side + x0)..4 * (y * side + x1);
                    self.scratch.data_mut()[row.clone()].copy_from_slice(&empty.data()[row]);
                }
            }
            // The regions in layout coordinates, for the scene to pick what reaches them.
            let areas: Vec<Area> = regions
                .iter()
                .map(|&(x0, y0, x1, y1)| Area {
                    x0: x0 as f32 / k,
                    y0: y0 as f32 / k,
                    x1: x1 as f32 / k,
                    y1: y1 as f32 / k,
                })
                .collect();
            let pm = &mut paint::Scaled::new(&mut self.scratch, k);
            if !areas.is_empty() {
                scene::draw_in(pm, still.game, still.view, &areas);
            }
            draw_marks(pm, still);
            // The band, every frame: the mover and the progress bar change.
            let (x0, y0, x1, y1) = band_px;
            for y in y0..y1 {
                let row = 4 * (y * side + x0)..4 * (y * side + x1);
                self.scratch.data_mut()[row.clone()].copy_from_slice(&empty.data()[row]);
            }
            regions.push(band_px);
        }
        draw_band(
            &mut self.scratch,
            self.arms,
            still.view,
            still.marks.roll,
            still.banner,
        );
        self.prev = Some(Drawn {
            game: still.game.clone(),
            trail: still.view.last_move,
            marks: still.marks,
            whole: whole_now,
        });
        regions
    }

    /// Add a picture: one frame, or a move's change split into a few frames
    /// ([`split`]).
    pub fn push(&mut self, still: &Still<'_>) {
        let regions = self.draw(still);
        self.write(&regions, still.delay_cs);
    }

    /// Add the end card (drawn whole, the band's progress bar full).
    pub fn push_card(&mut self, card: &Card<'_>) {
        self.scratch
            .data_mut()
            .copy_from_slice(empty_frame(self.arms).data());
        draw_card(&mut self.scratch, card);
        draw_band(
            &mut self.scratch,
            self.arms,
            card.view,
            None,
            Banner {
                mover: None,
                done: 1000,
            },
        );
        if let Some(p) = &mut self.prev {
            p.whole = true;
        }
        self.write(&[(0, 0, self.side, self.height)], card.delay_cs);
    }

    /// Write the scratch picture's `regions` as one frame, or a few ([`split`]).
    fn write(&mut self, regions: &[Px], delay_cs: u16) {
        let (side, height) = (self.side, self.height);
        let lut = &self.palette.lut;
        let now = self.scratch.data();
        match self.shown.as_mut().filter(|_| self.mode != Mode::Whole) {
            None => {
                let frame = Frame {
                    delay: delay_cs,
                    dispose: DisposalMethod::Keep,
                    width: u16::try_from(side).unwrap_or(u16::MAX),
                    height: u16::try_from(height).unwrap_or(u16::MAX),
                    buffer: Cow::Owned(
                        now.chunks_exact(4)
                            .map(|p| lut[bin([p[0], p[1], p[2]])])
                            .collect(),
                    ),
                    ..Frame::default()
                };
                // Writing into memory cannot fail; the frame is the screen.
                let _ = self.encoder.write_frame(&frame);
                self.gif_frames += 1;
                let mut shown = self.shown.take().unwrap_or_else(|| self.scratch.clone());
                shown.data_mut().copy_from_slice(self.scratch.data());
                self.shown = Some(shown);
            }
            Some(shown) => {
                let before = shown.data_mut();
                // Each region's changed rectangle, grouped into frames (or one around all).
                let changed: Vec<Px> = regions
                    .iter()
                    .filter_map(|&r| changed_in(now, before, side, r))
                    .collect();
                let one = changed.iter().copied().reduce(split::union);
                let mut groups = match (self.mode, one) {
                    (_, None) => vec![(0, 0, 1, 1)],
                    (Mode::Split, Some(_)) => split::group(&changed, split::MAX_SUB_FRAMES),
                    (_, Some(r)) => vec![r],
                };
                let delays = split::delays(delay_cs, groups.len()).unwrap_or_else(|| {
                    groups = vec![one.unwrap_or((0, 0, 1, 1))];
                    vec![delay_cs]
                });
                for (&g, &delay) in groups.iter().zip(&delays) {
                    let frame = Frame {
                        delay,
                        dispose: DisposalMethod::Keep,
                        transparent: Some(TRANSPARENT),
                        left: u16::try_from(g.0).unwrap_or(0),
                        top: u16::try_from(g.1).unwrap_or(0),
                        width: u16::try_from(g.2 - g.0).unwrap_or(1),
                        height: u16::try_from(g.3 - g.1).unwrap_or(1),
                        buffer: Cow::Owned(indices_in(now, before, side, regions, g, lut)),
                        ..Frame::default()
                    };
                    // Writing into memory cannot fail; the frame lies within the screen.
                    let _ = self.encoder.write_frame(&frame);
                    self.gif_frames += 1;
                }
                // The screen after this move, within the regions.
                for &(rx0, ry0, rx1, ry1) in regions {
                    for y in ry0..ry1 {
                        let row = 4 * (y * side + rx0)..4 * (y * side + rx1);
                        before[row.clone()].copy_from_slice(&now[row]);
                    }
                }
            }
        }
        self.frames += 1;
    }

    /// The GIF's bytes.
    #[must_use]
    pub fn finish(self) -> Vec<u8> {
        self.encoder.into_inner().unwrap_or_default()
    }
}

/// The rectangle of the pixels of `region` that differ between `now` and `before` (RGBA
/// screens `side` pixels wide), if any.
fn changed_in(now: &[u8], before: &[u8], side: usize, region: Px) -> Option<Px> {
    let (rx0, ry0, rx1, ry1) = region;
    let px = |d: &[u8], i: usize| u32::from_ne_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]);
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for y in ry0..ry1 {
        let row = 4 * (y * side + rx0)..4 * (y * side + rx1);
        let (a, b) = (&now[row.clone()], &before[row]);
        if a == b {
            continue;
        }
        let n = rx1 - rx0;
        let first = (0..n).find(|&i| px(a, 4 * i) != px(b, 4 * i)).unwrap_or(0);
        let last = (0..n).rfind(|&i| px(a, 4 * i) != px(b, 4 * i)).unwrap_or(0);
        x0 = x0.min(rx0 + first);
        x1 = x1.max(rx0 + last + 1);
        y0 = y0.min(y);
        y1 = y1.max(y + 1);
    }
    (x1 > x0).then_some((x0, y0, x1, y1))
}

/// A frame's pixels over rectangle `g`: transparent but where a pixel of one of `regions`
/// changed between `before` and `now`, there its colour in the palette (`lut`).
fn indices_in(
    now: &[u8],
    before: &[u8],
    side: usize,
    regions: &[Px],
    g: Px,
    lut: &[u8],
) -> Vec<u8> {
    let (x0, y0, x1, y1) = g;
    let fw = x1 - x0;
    let px = |d: &[u8], i: usize| u32::from_ne_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]);
    let mut buf = vec![TRANSPARENT; fw * (y1 - y0)];
    for &(rx0, ry0, rx1, ry1) in regions {
        let (cx0, cx1) = (rx0.max(x0), rx1.min(x1));
        if cx1 <= cx0 {
            continue;
        }
        for y in ry0.max(y0)..ry1.min(y1) {
            let out = &mut buf[(y - y0) * fw + (cx0 - x0)..(y - y0) * fw + (cx1 - x0)];
            let row = 4 * (y * side + cx0)..4 * (y * side + cx1);
            let (a, b) = (&now[row.clone()], &before[row]);
            if a == b {
                continue;
            }
            for (i, o) in out.iter_mut().enumerate() {
                let (p, q) = (px(a, 4 * i), px(b, 4 * i));
                if p != q {
                    let c = p.to_ne_bytes();
                    *o = lut[bin([c[0], c[1], c[2]])];
                }
            }
        }
    }
    buf
}

/// One frame alone as a GIF, in the animations' palette: what the last frame of an
/// animation ending on the same still looks like.
#[must_use]
pub fn still_gif(still: &Still<'_>) -> Vec<u8> {
    let mut a = Animation::new(still.game.arms());
    a.push(still);
    a.finish()
}
