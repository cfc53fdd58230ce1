//! Expectimax over the next rolls of the table: after each candidate move, every face of each
//! following seat's die (and of its sixes' extra rolls) is tried, the other seats answering the
//! `normal` way (their exact choice) and the searching seat playing its bonuses at best; when
//! the searching seat is to roll again, or after `depth` opponents' rolls, the position is
//! scored with the learned chance of winning ([`super::value`]). A candidate's score is the
//! exact expectation over the dice: no sampling noise, and a budget counted in nodes.

use super::eval;
use super::value::{self, Weights};
use crate::engine::{Colour, Game, MoveList, Phase};

/// The score of `g` for `me` after the searching seat's move: the expectation over the next
/// `depth` turns of other seats (a turn: a seat's roll and the extra rolls of its sixes);
/// `roller` is the seat whose turn is under way.
#[must_use]
pub fn value_after(g: &Game, me: Colour, depth: u32, roller: Option<Colour>, w: &Weights) -> f32 {
    match g.phase() {
        Phase::Finished(_) => value::win_chance_with(g, me, w),
        Phase::AwaitingRoll(seat) => {
            let new_turn = roller != Some(seat);
            if seat == me || (new_turn && depth == 0) {
                return value::win_chance_with(g, me, w);
            }
            let depth = if new_turn { depth - 1 } else { depth };
            let mut sum = 0.0;
            for die in 1..=6 {
                let mut next = g.clone();
                if next.roll_mut(die).is_err() {
                    return value::win_chance_with(g, me, w);
                }
                sum += value_after(&next, me, depth, Some(seat), w);
            }
            sum / 6.0
        }
        Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
            let mut list = MoveList::new();
            g.legal_moves_into(&mut list);
            if list.is_empty() {
                let mut next = g.clone();
                next.pass_unchecked_mut();
                return value_after(&next, me, depth, roller, w);
            }
            if seat == me {
                // The searching seat's own bonus (R5) or a six's roll: its best.
                return list
                    .iter()
                    .map(|&mv| value_after(&g.play_unchecked(mv), me, depth, roller, w))
                    .fold(f32::MIN, f32::max);
            }
            let mv = match list.len() {
                1 => list[0],
                _ => match eval::greedy(&mut g.clone(), seat, &list, &eval::NORMAL) {
                    Some(mv) => mv,
                    None => list[0],
                },
            };
            value_after(&g.play_unchecked(mv), me, depth, roller, w)
        }
    }
}

/// The expectimax score of each legal move of `g` for the seat to act, over the next
/// `depth` turns of the other seats.
#[must_use]
pub fn scores(g: &Game, moves: &MoveList, depth: u32, w: &Weights) -> [f32; 4] {
    let me = g.turn().unwrap_or(Colour::Yellow);
    let mut out = [f32::MIN; 4];
    for (k, &mv) in moves.iter().enumerate() {
        out[k] = value_after(&g.play_unchecked(mv), me, depth, Some(me), w);
    }
    out
}
