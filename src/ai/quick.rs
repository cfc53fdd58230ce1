//! A cheap play-out policy for the endgame's play-outs to the end of the game
//! ([`super::mc::Config::quick_endgame`]): each legal move scored by what it does alone, in a
//! few comparisons, without the evaluation's danger of every exposed piece (most of a
//! play-out's time, see docs/AI.md). In order: a capture (R3.3, R4.3: 20 to count and a piece
//! sent home), a piece into the goal (R4.5: 10 to count), a piece into its corridor (safe for
//! ever, R1.8), a piece landing on a safe square, then the piece furthest along.
//!
//! With `exposure` (`quick=2`), a rough danger is added: the opponents' pieces one to six
//! squares behind the square a piece lands on (or leaves) on the ring, barriers and the
//! nest's 5 not looked at.
use super::eval::same_side;
use crate::engine::board::{NEST, is_safe_index};
use crate::engine::{Colour, Game, Move};

/// What one attacker behind a piece costs the move, in the score's units (below a safe
/// square's 500 for one attacker, above it for two).
const ATTACKER: u32 = 300;

/// The opponents' pieces one to six squares behind ring square index `i` (a piece of colour
/// `c` standing there), each counted once per piece.
#[inline]
fn attackers(g: &Game, c: Colour, i: u8) -> u32 {
    let arms = g.arms();
    let mut n = 0;
    for o in g.seats() {
        if same_side(g, o, c) {
            continue;
        }
        let tp = arms.progress_at(o, usize::from(i));
        if tp == NEST {
            continue;
        }
        for &q in &g.prog[o.index()] {
            n += u32::from((q != NEST) & (q < tp) & (tp.wrapping_sub(q) <= 6));
        }
    }
    n
}

/// The score of `mv` for the policy (larger is better).
#[inline]
fn score(g: &Game, mv: Move, exposure: bool) -> u32 {
    let arms = g.arms();
    let (from, to) = (mv.from_progress(), mv.to_progress());
    let path = arms.path(mv.colour());
    // The base keeps the score above 0: a landing square has at most 28 attackers (seven
    // opponents' four pieces), 8 400 in all.
    let mut s = 20_000 + u32::from(from);
    if exposure {
        // On the ring and not safe: the piece left there or landed there can be hit.
        let open =
            |p: u8| p != NEST && p <= arms.last_ring() && !is_safe_index(path[usize::from(p)]);
        if open(from) {
            s += ATTACKER * attackers(g, mv.colour(), path[usize::from(from)]);
        }
        if mv.captures().is_none() && to < arms.goal() && open(to) {
            s -= ATTACKER * attackers(g, mv.colour(), path[usize::from(to)]);
        }
    }
    if mv.captures().is_some() {
        s += 4_000;
    }
    if to == arms.goal() {
        s += 2_000;
    } else if to > arms.last_ring() {
        if from <= arms.last_ring() {
            s += 1_000;
        }
    } else if is_safe_index(path[usize::from(to)]) {
        s += 500;
    }
    s
}

/// The policy's move among `moves` (legal moves of `g`), the first of the best; `None` when
/// there is none. `exposure` adds the rough danger (`quick=2`).
#[must_use]
pub(crate) fn choose(g: &Game, moves: &[Move], exposure: bool) -> Option<Move> {
    let mut best: Option<(u32, Move)> = None;
    for &mv in moves {
        let s = score(g, mv, exposure);
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
        let mv = choose(&g, &g.legal_moves(), false).expect("a move");
        assert_eq!(mv.captures(), Some(crate::engine::Colour::Red), "{mv:?}");
        // Without the capture, the piece furthest along moves.
        let g = rolled(json!({"20": ["yellow"], "30": ["yellow"]}), 3);
        let mv = choose(&g, &g.legal_moves(), false).expect("a move");
        assert_eq!(mv.from_progress(), 30 - 4, "{mv:?}");
    }

    #[test]
    fn with_exposure_a_piece_keeps_off_the_square_in_front_of_an_opponent() {
        // Yellow on 20 and 30, red on 31: a 3 takes yellow from 30 to 33, two squares in
        // front of red, or from 20 to 23, out of red's reach. Without exposure the piece
        // furthest along moves, with it the other one.
        let g = rolled(
            json!({"20": ["yellow"], "30": ["yellow"], "31": ["red"]}),
            3,
        );
        let plain = choose(&g, &g.legal_moves(), false).expect("a move");
        assert_eq!(plain.from_progress(), 30 - 4, "{plain:?}");
        let careful = choose(&g, &g.legal_moves(), true).expect("a move");
        assert_eq!(careful.from_progress(), 20 - 4, "{careful:?}");
    }

    #[test]
    fn no_move_gives_none() {
        let g = rolled(json!({}), 3);
        assert!(g.legal_moves().is_empty());
        assert_eq!(choose(&g, &g.legal_moves(), false), None);
    }
}
