//! The rules engine as it was before issue 29 (commit 2f28c3d of `src/engine`), frozen so
//! that `cargo bench --bench engine` measures the previous engine and the current one in the
//! same binary and the same run. The hot path (board, game, moves, play, rules) is copied
//! unchanged; only what a play-out does not need is left out (the protocol setup and its
//! errors, the ranking, the unit tests). Do not edit: it is the baseline.

#![allow(dead_code, clippy::all, clippy::pedantic)]

pub mod board;
pub mod game;
pub mod moves;
pub mod play;
pub mod rules;

pub use board::{Arms, Colour};
pub use game::{Game, Pending, Phase};

use board::{MAX_COLOURS, MAX_SQUARES, NEST};
use rules::{Options, Preset};

impl Game {
    /// A new game on `arms` with `seats` (in turn order) and `preset`'s start-out pieces, as
    /// `Game::new_on` made it (seat checks reduced to `None`).
    pub fn new_on(arms: Arms, preset: Preset, opts: Options, seats: &[Colour]) -> Option<Self> {
        let mut mask = 0u8;
        for &c in seats {
            if !arms.has(c) {
                return None;
            }
            mask |= 1 << c.index();
        }
        let mut g = Self {
            preset,
            opts,
            arms,
            seats: mask,
            turn: *seats.first()?,
            sixes: 0,
            last_moved: None,
            pending: Pending::Roll,
            winner: None,
            squares: [0; MAX_SQUARES],
            prog: [[NEST; 4]; MAX_COLOURS],
        };
        for &c in seats {
            for k in 0..usize::from(preset.start_out()) {
                g.prog[c.index()][k] = 1;
                let i = g.path_index(c, 1);
                g.add_piece(i, c);
            }
        }
        Some(g)
    }
}
