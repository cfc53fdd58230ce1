//! Make and unmake: a move played on the game itself and taken back, for searches that try
//! each legal move of a position (no copy of the whole game per move tried).

use super::board::{Loc, MAX_COLOURS, Progress};
use super::game::{Game, OFF, Pending, SQUARE_WORDS, Winner};
use super::moves::Move;

/// What [`Game::play_undoable`] changed, to be put back by [`Game::undo`]: the two squares
/// the move touches (where it starts, where it lands and captures), every piece's progress
/// in its stored order, the barrier set and the turn's bookkeeping. Small and `Copy`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// Square indices and their packed pieces before the move ([`OFF`] for no square).
    squares: [(u8, u8); 2],
    prog: [[Progress; 4]; MAX_COLOURS],
    barriers: [u64; SQUARE_WORDS + 1],
    turn: super::board::Colour,
    sixes: u8,
    last_moved: Option<Loc>,
    pending: Pending,
    winner: Option<Winner>,
}

impl Game {
    /// [`Game::play_unchecked_mut`], and what it changed, so that [`Game::undo`] puts the
    /// game back exactly as it was (the pieces in the same stored order, so the legal moves
    /// come in the same order). The same contract: `mv` comes from [`Game::legal_moves`] of
    /// this very position.
    #[inline]
    pub fn play_undoable(&mut self, mv: Move) -> Undo {
        let path = self.arms.path(mv.colour());
        let (a, b) = (
            path[usize::from(mv.from_progress())],
            path[usize::from(mv.to_progress())],
        );
        let keep = |i: u8| {
            (
                i,
                if i == OFF {
                    0
                } else {
                    self.squares[usize::from(i)]
                },
            )
        };
        let undo = Undo {
            squares: [keep(a), keep(b)],
            prog: self.prog,
            barriers: self.barriers,
            turn: self.turn,
            sixes: self.sixes,
            last_moved: self.last_moved,
            pending: self.pending,
            winner: self.winner,
        };
        self.play_unchecked_mut(mv);
        undo
    }

    /// Take back the move whose [`Undo`] `u` is: the game is as it was before
    /// [`Game::play_undoable`]. Undo moves in the reverse order of playing them.
    #[inline]
    pub fn undo(&mut self, u: &Undo) {
        // The second square first: a move that stays on its square keeps the first's value.
        for &(i, v) in u.squares.iter().rev() {
            if i != OFF {
                self.squares[usize::from(i)] = v;
            }
        }
        self.prog = u.prog;
        self.barriers = u.barriers;
        self.turn = u.turn;
        self.sixes = u.sixes;
        self.last_moved = u.last_moved;
        self.pending = u.pending;
        self.winner = u.winner;
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::engine::{Arms, Game, Phase, Preset};

    /// Every field as stored (the pieces' stored order included), not the position's
    /// equality.
    fn raw(g: &Game) -> String {
        format!("{g:?}")
    }

    #[test]
    fn every_legal_move_played_and_undone_leaves_the_game_exactly_as_it_was() {
        let mut rng = ChaCha8Rng::seed_from_u64(53);
        let mut tried = 0u32;
        for arms in Arms::ALL {
            for preset in Preset::ALL {
                for pairs in [false, true] {
                    let mut opts = preset.options();
                    opts.pairs = pairs;
                    let mut g = Game::new_on(arms, preset, opts, arms.colours()).expect("game");
                    while !matches!(g.phase(), Phase::Finished(_)) {
                        if matches!(g.phase(), Phase::AwaitingRoll(_)) {
                            g.roll_mut(rng.random_range(1..=6)).expect("roll");
                            continue;
                        }
                        let moves = g.legal_moves();
                        let (before, copy) = (raw(&g), g.clone());
                        for &mv in &moves {
                            let u = g.play_undoable(mv);
                            assert_eq!(raw(&g), raw(&copy.play_unchecked(mv)), "{mv:?}");
                            g.undo(&u);
                            assert_eq!(raw(&g), before, "{mv:?} undone");
                            tried += 1;
                        }
                        if moves.is_empty() {
                            g.pass_unchecked_mut();
                        } else {
                            g.play_unchecked_mut(moves[rng.random_range(0..moves.len())]);
                        }
                    }
                }
            }
        }
        assert!(tried > 10_000, "{tried}");
    }
}
