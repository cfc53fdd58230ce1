//! `hard-v1`, the `hard` player before issue 29 (kept in `parxis simulate` to measure `hard`
//! against): truncated Monte Carlo play-outs with common random numbers.
//!
//! Each candidate move is followed by the same sampled dice sequences (common random numbers,
//! so the comparison between moves is not drowned in dice noise), the first die running
//! through 1..=6 evenly across the samples. In a play-out everyone plays the `normal` way
//! (greedy on the evaluation): the opponents exactly as `normal` does, the searching seat with
//! [`HARD`](super::eval::HARD) weights. After [`horizon`] rolls (two rounds of the table),
//! or at the end of the game, the position is scored with the evaluation; a move's score is
//! its mean over the samples.
//!
//! The budget is a fixed number of play-outs per decision (no wall clock), so a decision is a
//! function of the position and of the generator's state.

use super::eval::{self, Weights};
use crate::engine::{Colour, Game, MoveList, Phase};

/// Rolls per play-out on a table of four seats or fewer (about two rounds of a four-player
/// game). Longer play-outs were measured weaker there: the sampled futures drift apart and the
/// noise grows.
pub(crate) const HORIZON: u32 = 8;

/// Rolls per play-out of `g`: two rounds of its table, at least [`HORIZON`]. On a six- or
/// eight-seat table every opponent then still rolls twice before the play-out is scored.
#[must_use]
pub(crate) fn horizon(g: &Game) -> u32 {
    let seats = u32::try_from(g.seats().count()).unwrap_or(4);
    HORIZON.max(2 * seats)
}

/// Play-outs per decision, shared among the candidate moves.
pub(crate) const PLAYOUTS: u32 = 512;

/// A small, fast generator for the sampled dice (SplitMix64), shared by the searches.
pub(super) struct SplitMix(pub(super) u64);

impl SplitMix {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A die 1..=6 (the bias of a 64-bit value modulo 6 is negligible).
    pub(super) fn die(&mut self) -> u8 {
        (self.next() % 6) as u8 + 1
    }
}

/// Who plays how in a play-out.
struct Players<'w> {
    me: Colour,
    mine: &'w Weights,
    others: &'w Weights,
}

/// Play `g` on for [`horizon`] rolls, the first die being `first` and the rest drawn from
/// `seed`, and score the result for `p.me`.
fn playout(g: &Game, p: &Players<'_>, first: u8, seed: u64) -> f32 {
    let mut dice = SplitMix(seed);
    let mut g = g.clone();
    let mut rolls = 0;
    let horizon = horizon(&g);
    loop {
        match g.phase() {
            Phase::Finished(_) => break,
            Phase::AwaitingRoll(_) => {
                if rolls >= horizon {
                    break;
                }
                let die = if rolls == 0 { first } else { dice.die() };
                rolls += 1;
                match g.roll(die) {
                    Ok(x) => g = x,
                    Err(_) => break,
                }
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let moves = g.legal_moves();
                let w = if seat == p.me { p.mine } else { p.others };
                match eval::greedy(&mut g, seat, &moves, w) {
                    Some(mv) => g = g.play_unchecked(mv),
                    None => match g.pass() {
                        Ok((x, _)) => g = x,
                        Err(_) => break,
                    },
                }
            }
        }
    }
    eval::evaluate(&g, p.me, p.mine)
}

/// Samples per candidate when there are `n` of them: the budget shared out, a multiple of 6
/// (so the first die is stratified evenly).
#[must_use]
pub(crate) fn samples_per_move(n: usize) -> u32 {
    let n = u32::try_from(n.max(1)).unwrap_or(4);
    (PLAYOUTS / n / 6 * 6).max(6)
}

/// The mean play-out score of each legal move of `g` for the seat to act; `seed` picks the
/// sampled dice (the same for every move).
#[must_use]
pub(crate) fn scores(g: &Game, moves: &MoveList, seed: u64) -> [f32; 4] {
    let me = g.turn().unwrap_or(Colour::Yellow);
    let players = Players {
        me,
        mine: &eval::HARD,
        others: &eval::NORMAL,
    };
    let samples = samples_per_move(moves.len());
    let mut out = [f32::MIN; 4];
    for (k, &mv) in moves.iter().enumerate() {
        let after = g.play_unchecked(mv);
        let mut sum = 0.0;
        for s in 0..samples {
            let first = (s % 6) as u8 + 1;
            sum += playout(&after, &players, first, seed.wrapping_add(u64::from(s)));
        }
        out[k] = sum / samples as f32;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_shared_in_multiples_of_six() {
        for n in 1..=4 {
            let k = samples_per_move(n);
            assert_eq!(k % 6, 0);
            assert!(k * n as u32 <= PLAYOUTS);
        }
        assert_eq!(samples_per_move(2), 252);
    }

    #[test]
    fn splitmix_dice_are_in_range_and_spread() {
        let mut d = SplitMix(5);
        let mut seen = [0u32; 7];
        for _ in 0..6000 {
            seen[usize::from(d.die())] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(
            seen[1..].iter().all(|&c| (800..1200).contains(&c)),
            "{seen:?}"
        );
    }
}
