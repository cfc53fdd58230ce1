//! A cheap play-out policy for the endgame's play-outs to the end of the game
//! ([`super::mc::Config::quick_endgame`]): each legal move scored by what it does alone, in a
//! few comparisons, without the evaluation's danger of every exposed piece (most of a
//! play-out's time, see docs/AI.md). In order: a capture (R3.3, R4.3: 20 to count and a piece
//! sent home), a piece into the goal (R4.5: 10 to count), a piece into its corridor (safe for
//! ever, R1.8), a piece landing on a safe square, then the piece furthest along.

use crate::engine::board::is_safe_index;
use crate::engine::{Game, Move};

/// The score of `mv` for the policy (larger is better).
#[inline]
fn score(g: &Game, mv: Move) -> u32 {
    let arms = g.arms();
    let (from, to) = (mv.from_progress(), mv.to_progress());
    let mut s = u32::from(from);
    if mv.captures().is_some() {
        s += 4_000;
    }
    if to == arms.goal() {
        s += 2_000;
    } else if to > arms.last_ring() {
        if from <= arms.last_ring() {
            s += 1_000;
        }
    } else if is_safe_index(arms.path(mv.colour())[usize::from(to)]) {
        s += 500;
    }
    s
}

/// The policy's move among `moves` (legal moves of `g`), the first of the best; `None` when
/// there is none.
#[must_use]
pub(crate) fn choose(g: &Game, moves: &[Move]) -> Option<Move> {
    let mut best: Option<(u32, Move)> = None;
    for &mv in moves {
        let s = score(g, mv);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rolled(board: serde_json::Value, die: u8) -> Game {
        let g: Game = serde_json::from_value(json!({
            "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow", "board": board
        }))
        .expect("valid position");
        g.roll(die).expect("roll")
    }

    #[test]
    fn a_capture_comes_first_then_the_goal_then_the_corridor() {
        // Yellow on 20 (3 from red on 23) and on 30; red's pieces elsewhere in the nest.
        let g = rolled(
            json!({"20": ["yellow"], "30": ["yellow"], "23": ["red"]}),
            3,
        );
        let mv = choose(&g, &g.legal_moves()).expect("a move");
        assert_eq!(mv.captures(), Some(crate::engine::Colour::Red), "{mv:?}");
        // Without the capture, the piece furthest along moves.
        let g = rolled(json!({"20": ["yellow"], "30": ["yellow"]}), 3);
        let mv = choose(&g, &g.legal_moves()).expect("a move");
        assert_eq!(mv.from_progress(), 30 - 4, "{mv:?}");
    }

    #[test]
    fn no_move_gives_none() {
        let g = rolled(json!({}), 3);
        assert!(g.legal_moves().is_empty());
        assert_eq!(choose(&g, &g.legal_moves()), None);
    }
}
