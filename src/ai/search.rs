//! The `hard` player: expectimax over the dice.
//!
//! After each candidate move the search follows the next rolls of the game (each die face
//! weighted 1/6), whoever rolls them: opponents are modelled as the `normal` player (greedy
//! on the same evaluation, a deterministic policy), the searching seat maximises, and leaves are
//! scored with the `normal` evaluation. Bonus counts (R5) and passes do not use up depth; each
//! roll does. Iterative deepening runs depth 1, 2, … and keeps the deepest search that finished
//! within a budget of visited nodes, so a decision is reproducible (no wall clock).

use super::eval::{self, WIN, Weights};
use crate::engine::{Colour, Game, MoveList, Phase};

/// Search limits of `hard`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// Deepest search, in rolls after the move.
    pub max_depth: u8,
    /// Visited positions allowed for one decision (all depths together).
    pub nodes: u64,
}

/// The limits `hard` plays with.
pub(crate) const BUDGET: Budget = Budget {
    max_depth: 3,
    nodes: 40_000,
};

struct Search<'w> {
    me: Colour,
    w: &'w Weights,
    nodes: u64,
    budget: u64,
}

/// An aborted search (budget spent).
struct Out;

impl Search<'_> {
    fn value(&mut self, g: &Game, depth: u8) -> Result<f32, Out> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Out);
        }
        match g.phase() {
            Phase::Finished(w) => Ok(if w.includes(self.me) { WIN } else { -WIN }),
            Phase::AwaitingRoll(_) => {
                if depth == 0 {
                    return Ok(eval::evaluate(g, self.me, self.w));
                }
                let mut sum = 0.0;
                for die in 1..=6 {
                    let Ok(next) = g.roll(die) else { continue };
                    sum += self.value(&next, depth - 1)?;
                }
                Ok(sum / 6.0)
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    return match g.pass() {
                        Ok((next, _)) => self.value(&next, depth),
                        Err(_) => Ok(eval::evaluate(g, self.me, self.w)),
                    };
                }
                if seat == self.me {
                    let mut best = f32::MIN;
                    for &mv in &moves {
                        best = best.max(self.value(&g.play_unchecked(mv), depth)?);
                    }
                    return Ok(best);
                }
                // Opponents (and a partner) play the `normal` way.
                let mv = eval::greedy(g, seat, &moves, self.w).unwrap_or(moves[0]);
                self.nodes += moves.len() as u64 - 1;
                self.value(&g.play_unchecked(mv), depth)
            }
        }
    }
}

/// Scores of the legal moves `moves` of `g` for the seat to act, from the deepest search that
/// fits the budget (depth 0, the plain evaluation, always fits).
#[must_use]
pub(crate) fn scores(g: &Game, moves: &MoveList, w: &Weights, budget: Budget) -> [f32; 4] {
    let me = g.turn().unwrap_or(Colour::Yellow);
    let mut best = [f32::MIN; 4];
    for (k, &mv) in moves.iter().enumerate() {
        best[k] = eval::after_value(&g.play_unchecked(mv), me, w);
    }
    let mut search = Search {
        me,
        w,
        nodes: 0,
        budget: budget.nodes,
    };
    'deepen: for depth in 1..=budget.max_depth {
        let mut s = [f32::MIN; 4];
        for (k, &mv) in moves.iter().enumerate() {
            match search.value(&g.play_unchecked(mv), depth) {
                Ok(v) => s[k] = v,
                Err(Out) => break 'deepen,
            }
        }
        best = s;
    }
    best
}
