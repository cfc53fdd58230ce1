//! A small neural network's chance of each seat winning a four-arm game (no pairs): the
//! evaluation of the `net` player and of `mc/…/leaf=2`.
//!
//! The input, from the point of view of one seat (`me`), has the four colours in turn order
//! starting with `me`'s: for each, where its pieces are (one input per progress square, the
//! count of its pieces there) and its twelve features of [`super::value`] (progress, risk,
//! threats, …). One hidden layer of rectified units, then one output (a logit) per seat; the
//! chance of each seat is the softmax of the seated ones. The weights are learned from
//! self-play (see [`super::net_train`]).

use super::value::{self, FEATURES};
use crate::engine::{Colour, Game, Move, MoveList};

/// Seats of the board the network plays (four arms).
pub const SEATS: usize = 4;
/// Progress values of a four-arm board: the nest (0) to the goal (72).
pub const SPAN: usize = 73;
/// Inputs that say where the pieces are.
pub const SPARSE: usize = SEATS * SPAN;
/// Inputs of the colours' features.
pub const DENSE: usize = SEATS * FEATURES;
/// All inputs.
pub const INPUTS: usize = SPARSE + DENSE;
/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 256;

/// A position as the network sees it, before it is turned to one seat's point of view: each
/// colour's pieces' progress and features (colour index order), and which colours are seated.
#[derive(Clone, Debug, PartialEq)]
pub struct Raw {
    pub prog: [[u8; 4]; SEATS],
    pub feats: [[f32; FEATURES]; SEATS],
    pub seated: u8,
}

impl Raw {
    /// The raw input of `g` (a four-arm game).
    #[must_use]
    pub fn of(g: &Game) -> Self {
        let f = value::features(g);
        let mut prog = [[0u8; 4]; SEATS];
        let mut feats = [[0.0f32; FEATURES]; SEATS];
        let mut seated = 0u8;
        for c in g.seats() {
            let i = c.index();
            if i < SEATS {
                prog[i] = g.prog[i];
                feats[i] = f[i];
                seated |= 1 << i;
            }
        }
        Self {
            prog,
            feats,
            seated,
        }
    }

    /// The input from the point of view of colour index `me`.
    #[must_use]
    pub fn input(&self, me: usize) -> Input {
        let mut x = Input {
            sparse: [0; 4 * SEATS],
            n_sparse: 0,
            dense: [0.0; DENSE],
            seated: 0,
        };
        for r in 0..SEATS {
            let c = (me + r) % SEATS;
            if self.seated & (1 << c) == 0 {
                continue;
            }
            x.seated |= 1 << r;
            for &p in &self.prog[c] {
                x.sparse[x.n_sparse] = (r * SPAN + usize::from(p).min(SPAN - 1)) as u16;
                x.n_sparse += 1;
            }
            x.dense[r * FEATURES..(r + 1) * FEATURES].copy_from_slice(&self.feats[c]);
        }
        x
    }
}

/// The network's input from one seat's point of view.
#[derive(Clone, Debug)]
pub struct Input {
    /// Indices of the inputs that are 1 per piece (a piece's relative seat and progress).
    pub sparse: [u16; 4 * SEATS],
    pub n_sparse: usize,
    /// The features of the seats, `me`'s first.
    pub dense: [f32; DENSE],
    /// Relative seats that are seated (bit `r`).
    pub seated: u8,
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub hidden: usize,
    /// `INPUTS × hidden`, one row per input.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// `hidden × SEATS`.
    pub w2: Vec<f32>,
    pub b2: [f32; SEATS],
}

const MAGIC: &[u8; 4] = b"PXN1";

impl Net {
    /// A network of zero weights with `hidden` units.
    #[must_use]
    pub fn zero(hidden: usize) -> Self {
        Self {
            hidden,
            w1: vec![0.0; INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; hidden * SEATS],
            b2: [0.0; SEATS],
        }
    }

    /// The weights as bytes (`PXN1`, the hidden units as a little-endian `u32`, then every
    /// weight as a little-endian `f32`: `w1`, `b1`, `w2`, `b2`).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for x in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    /// The weights from [`Net::to_bytes`]'s form.
    ///
    /// # Errors
    /// A wrong header or length.
    pub fn from_bytes(b: &[u8]) -> Result<Self, String> {
        if b.len() < 8 || &b[..4] != MAGIC {
            return Err("not a parxis network (PXN1)".into());
        }
        let hidden = u32::from_le_bytes([b[4], b[5], b[6], b[7]]) as usize;
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!("{hidden} hidden units (1 to {MAX_HIDDEN})"));
        }
        let n = INPUTS * hidden + hidden + hidden * SEATS + SEATS;
        if b.len() != 8 + 4 * n {
            return Err(format!("{} bytes, {} expected", b.len(), 8 + 4 * n));
        }
        let mut v = b[8..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |k: usize| v.by_ref().take(k).collect::<Vec<f32>>();
        let w1 = take(INPUTS * hidden);
        let b1 = take(hidden);
        let w2 = take(hidden * SEATS);
        let b2v = take(SEATS);
        let mut b2 = [0.0; SEATS];
        b2.copy_from_slice(&b2v);
        Ok(Self {
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The hidden layer's activations (after the rectifier) into `a[..hidden]`.
    #[inline]
    pub fn hidden_into(&self, x: &Input, a: &mut [f32; MAX_HIDDEN]) {
        let h = self.hidden;
        let a = &mut a[..h];
        a.copy_from_slice(&self.b1);
        for &i in &x.sparse[..x.n_sparse] {
            let row = &self.w1[usize::from(i) * h..(usize::from(i) + 1) * h];
            for (s, w) in a.iter_mut().zip(row) {
                *s += w;
            }
        }
        for (j, &d) in x.dense.iter().enumerate() {
            if d != 0.0 {
                let i = SPARSE + j;
                let row = &self.w1[i * h..(i + 1) * h];
                for (s, w) in a.iter_mut().zip(row) {
                    *s += d * w;
                }
            }
        }
        for s in a.iter_mut() {
            *s = s.max(0.0);
        }
    }

    /// The output logits of the hidden activations `a`.
    #[inline]
    #[must_use]
    pub fn logits_of(&self, a: &[f32; MAX_HIDDEN]) -> [f32; SEATS] {
        let mut out = self.b2;
        for (k, &s) in a[..self.hidden].iter().enumerate() {
            if s != 0.0 {
                let row = &self.w2[k * SEATS..(k + 1) * SEATS];
                for (o, w) in out.iter_mut().zip(row) {
                    *o += s * w;
                }
            }
        }
        out
    }

    /// Each relative seat's chance to win (the seated ones add up to 1).
    #[must_use]
    pub fn chances(&self, x: &Input) -> [f32; SEATS] {
        let mut a = [0.0f32; MAX_HIDDEN];
        self.hidden_into(x, &mut a);
        softmax(&self.logits_of(&a), x.seated)
    }

    /// The chance that colour `me` wins `g` (a four-arm game without pairs).
    #[must_use]
    pub fn win_chance(&self, g: &Game, me: Colour) -> f32 {
        if let Some(w) = g.winner() {
            return if w.includes(me) { 1.0 } else { 0.0 };
        }
        self.chances(&Raw::of(g).input(me.index()))[0]
    }

    /// The chance for `me` right after one of its moves: a bonus it earned (R5) is played the
    /// best way (or lost) first.
    #[must_use]
    pub fn after_chance(&self, g: &Game, me: Colour) -> f32 {
        value::after_bonus(g, me, &|p: &Game| self.win_chance(p, me))
    }

    /// Each move's chance after it, for the seat to act.
    #[must_use]
    pub fn scores(&self, g: &Game, moves: &MoveList) -> [f32; 4] {
        let mut out = [f32::MIN; 4];
        let Some(me) = g.turn() else {
            return out;
        };
        for (k, &mv) in moves.iter().enumerate().take(4) {
            out[k] = self.after_chance(&g.play_unchecked(mv), me);
        }
        out
    }

    /// The best move by [`Net::after_chance`], first of the best.
    #[must_use]
    pub fn greedy(&self, g: &Game, moves: &MoveList) -> Option<Move> {
        let s = self.scores(g, moves);
        (0..moves.len())
            .max_by(|&a, &b| s[a].total_cmp(&s[b]).then(b.cmp(&a)))
            .map(|k| moves[k])
    }
}

/// Softmax of `logits` over the seats of `seated` (others 0).
#[must_use]
pub fn softmax(logits: &[f32; SEATS], seated: u8) -> [f32; SEATS] {
    let top = (0..SEATS)
        .filter(|&r| seated & (1 << r) != 0)
        .map(|r| logits[r])
        .fold(f32::MIN, f32::max);
    let mut p = [0.0f32; SEATS];
    let mut z = 0.0;
    for r in 0..SEATS {
        if seated & (1 << r) != 0 {
            p[r] = (logits[r] - top).exp();
            z += p[r];
        }
    }
    for x in &mut p {
        *x /= z;
    }
    p
}

/// Does the network play `g` (four arms, no pairs)?
#[must_use]
pub fn plays(g: &Game) -> bool {
    g.arms().is_four() && !g.opts.pairs
}

/// The network made by `parxis train-net` (see `docs/AI.md`, "The network"), in
/// [`Net::to_bytes`]'s form.
static EMBEDDED: std::sync::LazyLock<Option<Net>> =
    std::sync::LazyLock::new(|| Net::from_bytes(include_bytes!("net.bin")).ok());

/// A network to measure in its place (`parxis simulate --net FILE`), set once per process.
static CANDIDATE: std::sync::OnceLock<Net> = std::sync::OnceLock::new();

/// Play with `net` instead of the embedded network in this process (for measurements); false
/// if one was set already.
pub fn use_candidate(net: Net) -> bool {
    CANDIDATE.set(net).is_ok()
}

/// The network in use: a candidate set by [`use_candidate`], else the embedded one.
#[must_use]
pub fn in_use() -> Option<&'static Net> {
    CANDIDATE.get().or(EMBEDDED.as_ref())
}

#[cfg(test)]
#[path = "net_tests.rs"]
mod tests;
