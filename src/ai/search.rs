//! A candidate successor of `hard` (`hard:PxR` in `parxis simulate`): Monte Carlo play-outs of the next rounds scored by the learned chance
//! of winning ([`super::value`]).
//!
//! Each candidate move is followed by the same sampled dice sequences (common random
//! numbers: the comparison between moves is not drowned in dice noise), the first die running
//! through 1..=6 evenly across the samples. In a play-out the searching seat plays greedily
//! on the learned chance of winning, every other seat the `normal` way (exactly the `normal`
//! player's choice, first of equal best). After [`Config::rounds`] rounds of the table (or at
//! the end of the game) the position is scored with the learned chance that the searching
//! seat's side wins; a move's score is its mean over the samples. The samples are spent in
//! two halves: all the candidates get the first half, the better two the second (successive
//! halving), so close decisions get more samples.
//!
//! Play-outs run in place ([`Game::roll_mut`], [`Game::legal_moves_into`],
//! [`Game::play_unchecked_mut`]): no copy of the game per step. The budget counts play-outs,
//! not time, so a decision is a function of the position and of the seed.

use super::eval;
use super::rollout::SplitMix;
use super::value::{self, Weights};
use crate::engine::{Colour, Game, MoveList, Phase};

/// How much the search plays out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Play-outs per decision, shared among the candidate moves.
    pub playouts: u32,
    /// Rounds of the table per play-out (each seat rolls this many times, at least).
    pub rounds: u32,
}

/// The budget measured so far (`hard:512x2`: 200 games against three `normal` players on 4
/// arms won 38.0 %, 95 % interval 31.6 %–44.9 %; its decision time not benchmarked yet).
pub const DEFAULT: Config = Config {
    playouts: 512,
    rounds: 2,
};

/// Play `start` on for `rolls` rolls (the first die `first`, the others from `seed`) and
/// score the result for `me`.
fn playout(start: &Game, me: Colour, w: &Weights, first: u8, seed: u64, rolls: u32) -> f32 {
    let mut dice = SplitMix(seed);
    let mut g = start.clone();
    let mut list = MoveList::new();
    let mut rolled = 0;
    loop {
        match g.phase() {
            Phase::Finished(_) => break,
            Phase::AwaitingRoll(_) => {
                if rolled >= rolls {
                    break;
                }
                let die = if rolled == 0 { first } else { dice.die() };
                rolled += 1;
                if g.roll_mut(die).is_err() {
                    break;
                }
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                g.legal_moves_into(&mut list);
                let mv = match list.len() {
                    0 => {
                        g.pass_unchecked_mut();
                        continue;
                    }
                    1 => Some(list[0]),
                    _ if seat == me => value::greedy(&g, &list, w),
                    _ => eval::greedy(&mut g, seat, &list, &eval::NORMAL),
                };
                match mv {
                    Some(mv) => g.play_unchecked_mut(mv),
                    None => break,
                }
            }
        }
    }
    value::win_chance_with(&g, me, w)
}

/// The mean play-out score of each legal move of `g` for the seat to act; `seed` picks the
/// sampled dice (the same for every move).
#[must_use]
pub fn scores(g: &Game, moves: &MoveList, seed: u64, cfg: &Config, w: &Weights) -> [f32; 4] {
    let me = g.turn().unwrap_or(Colour::Yellow);
    let seats = u32::try_from(g.seats().count()).unwrap_or(4);
    let rolls = cfg.rounds * seats;
    let n = moves.len();
    let mut sum = [0.0f32; 4];
    let mut count = [0u32; 4];
    let after: arrayvec::ArrayVec<Game, 4> = moves.iter().map(|&mv| g.play_unchecked(mv)).collect();
    // Samples (multiples of 6, so that the first die is stratified evenly) in two halves.
    let half = cfg.playouts / 2;
    let first = (half / u32::try_from(n).unwrap_or(4) / 6 * 6).max(6);
    let run = |k: usize, from: u32, to: u32, sum: &mut [f32; 4], count: &mut [u32; 4]| {
        for s in from..to {
            let die = (s % 6) as u8 + 1;
            sum[k] += playout(
                &after[k],
                me,
                w,
                die,
                seed.wrapping_add(u64::from(s)),
                rolls,
            );
        }
        count[k] += to - from;
    };
    for k in 0..n {
        run(k, 0, first, &mut sum, &mut count);
    }
    if n > 2 {
        // The better two get the second half.
        let mut order: [usize; 4] = [0, 1, 2, 3];
        order[..n].sort_by(|&a, &b| sum[b].total_cmp(&sum[a]));
        let more = (half / 2 / 6 * 6).max(6);
        for &k in &order[..2] {
            run(k, first, first + more, &mut sum, &mut count);
        }
    } else if n == 2 {
        let more = (half / 2 / 6 * 6).max(6);
        for k in 0..2 {
            run(k, first, first + more, &mut sum, &mut count);
        }
    }
    let mut out = [f32::MIN; 4];
    for k in 0..n {
        out[k] = sum[k] / count[k].max(1) as f32;
        // The candidates dropped after the first half keep their (lower) mean, below the
        // others: a move is ranked among those with as many samples only.
        if count[k] < count.iter().copied().max().unwrap_or(0) {
            out[k] -= 1.0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
