//! The evaluation of the `hard:PxR` and `expect:N` searches: a learned estimate of each
//! side's chance to win.
//!
//! Each seated colour gets a vector of [`FEATURES`] numbers describing its pieces (progress,
//! pieces out, in the corridor and in the goal, the chance of being captured before its next
//! turn, safe squares, barriers, what it threatens to capture); its strength is the weighted
//! sum `w · f`, and the chance of each side (a colour, or a pair in a pairs game, R6.2) is the
//! softmax of the sides' strengths. The weights are learned from self-play by `parxis tune`
//! (see [`super::learned`]), so that the chances fit who won.

use super::learned::WEIGHTS;
use crate::engine::board::{MAX_COLOURS, NEST};
use crate::engine::{Colour, Game, Move, Phase};

/// Numbers describing one colour's position.
pub const FEATURES: usize = 12;

/// The features' names, in order (for `parxis tune` and the learned weights' record).
pub const NAMES: [&str; FEATURES] = [
    "progress",
    "out",
    "corridor",
    "goal",
    "progress_squared",
    "risk",
    "risk_progress",
    "safe",
    "barrier",
    "threat",
    "threat_progress",
    "to_move",
];

/// The weights of the features.
pub type Weights = [f32; FEATURES];

/// One colour's features.
pub type Features = [f32; FEATURES];

/// Pieces of the largest board.
const PIECES: usize = 4 * MAX_COLOURS;

/// Die faces of a mask (bit `f` for face `f`, 1..=6), as a share of the six.
static FACE_SHARE: [f32; 128] = {
    let mut t = [0.0f32; 128];
    let mut m = 0;
    while m < 128 {
        t[m] = (m as u32 & 0x7E).count_ones() as f32 / 6.0;
        m += 1;
    }
    t
};

/// Who can capture which piece with its next roll: for piece `4c + k`, the die faces of each
/// colour `o` that land on it (R4.3, and R3.3 on an exit square holding two pieces).
struct Threats {
    faces: [[u8; MAX_COLOURS]; PIECES],
}

impl Threats {
    /// The threats of position `g` (every colour rolls once, alone: R4.1–R4.3).
    fn of(g: &Game) -> Self {
        let mut faces = [[0u8; MAX_COLOURS]; PIECES];
        let arms = g.arms();
        let last_ring = arms.last_ring();
        let pairs = g.opts.pairs;
        for o in g.seats() {
            let prog = g.prog[o.index()];
            let nest = prog.contains(&NEST);
            let six = if nest { 6 } else { g.opts.six_counts };
            let path = arms.path(o);
            for (k, &q) in prog.iter().enumerate() {
                if q == NEST || q > last_ring || prog[..k].contains(&q) {
                    continue; // nest, corridor, goal; a second piece on the square adds nothing
                }
                for face in 1..=6u8 {
                    if face == 5 && nest {
                        continue; // with a piece in the nest a 5 must leave it (R4.4.1)
                    }
                    let count = if face == 6 { six } else { face };
                    let tp = q + count;
                    if tp > last_ring || g.path_blocked(o, q, tp) {
                        continue;
                    }
                    let i = usize::from(path[usize::from(tp)]);
                    if let Some(v) = single_victim(g, o, i, pairs) {
                        faces[v][o.index()] |= 1 << face;
                    }
                }
            }
            // R3.3 A 5 that leaves the nest onto the exit square holding two pieces captures
            // the last-arrived foreign one.
            if nest {
                let i = usize::from(path[1]);
                let [a, b] = g.cell(i);
                let own = o as u8 + 1;
                if b != 0 && !(a == own && b == own) {
                    let victim = if b != own { b } else { a };
                    let vc = Colour::ALL[usize::from(victim - 1)];
                    if !(pairs && g.partner(o) == vc)
                        && let Some(k) = g.slot_at(vc, g.arms().progress_at(vc, i))
                    {
                        faces[4 * vc.index() + k][o.index()] |= 1 << 5;
                    }
                }
            }
        }
        Self { faces }
    }

    /// The chance that piece `v` is captured before its colour rolls again: each other side
    /// rolls once.
    fn danger(&self, v: usize) -> f32 {
        let mut survive = 1.0;
        for &m in &self.faces[v] {
            survive *= 1.0 - FACE_SHARE[usize::from(m)];
        }
        1.0 - survive
    }
}

/// The piece (`4c + k`) colour `o` captures by landing on square index `i`: the square's only
/// piece, of another side, on a square that is not safe.
#[inline]
fn single_victim(g: &Game, o: Colour, i: usize, pairs: bool) -> Option<usize> {
    let [a, b] = g.cell(i);
    if a == 0 || b != 0 || a == o as u8 + 1 {
        return None;
    }
    if crate::engine::board::Square::from_index(i).is_some_and(|s| s.is_safe()) {
        return None;
    }
    let vc = Colour::ALL[usize::from(a - 1)];
    if pairs && g.partner(o) == vc {
        return None;
    }
    let k = g.slot_at(vc, g.arms().progress_at(vc, i))?;
    Some(4 * vc.index() + k)
}

/// The features of every seated colour of `g` (zeros for the others).
#[must_use]
pub fn features(g: &Game) -> [Features; MAX_COLOURS] {
    let threats = Threats::of(g);
    let mut out = [[0.0f32; FEATURES]; MAX_COLOURS];
    let arms = g.arms();
    let (goal, last_ring) = (arms.goal(), arms.last_ring());
    let inv_goal = 1.0 / f32::from(goal);
    for c in g.seats() {
        let f = &mut out[c.index()];
        let prog = g.prog[c.index()];
        for (k, &p) in prog.iter().enumerate() {
            if p == NEST {
                continue;
            }
            let x = f32::from(p) * inv_goal;
            f[0] += x;
            f[1] += 1.0;
            f[4] += x * x;
            if p == goal {
                f[3] += 1.0;
                continue;
            }
            if p > last_ring {
                f[2] += 1.0;
                continue;
            }
            let i = g.path_index(c, p);
            let d = threats.danger(4 * c.index() + k);
            f[5] += d;
            f[6] += d * x;
            if crate::engine::board::Square::from_index(i).is_some_and(|s| s.is_safe()) {
                f[7] += 1.0;
            }
            if g.barrier_at(i) && g.cell(i)[0] == c as u8 + 1 && prog[..k].contains(&p) {
                f[8] += 1.0;
            }
        }
    }
    // The seat to act (a roll, a move or a bonus comes next for it).
    if let Some(t) = g.turn() {
        out[t.index()][11] = 1.0;
    }
    // What each colour threatens: the share of its faces that capture each victim.
    for v in 0..PIECES {
        let vc = Colour::ALL[v / 4];
        if !g.is_seated(vc) {
            continue;
        }
        let x = f32::from(g.prog[vc.index()][v % 4]) * inv_goal;
        for (o, &m) in threats.faces[v].iter().enumerate() {
            if m != 0 {
                let share = FACE_SHARE[usize::from(m)];
                out[o][9] += share;
                out[o][10] += share * x;
            }
        }
    }
    out
}

/// The strength `w · f` of each seated colour.
#[must_use]
pub fn strengths(g: &Game, w: &Weights) -> [f32; MAX_COLOURS] {
    let f = features(g);
    let mut s = [0.0f32; MAX_COLOURS];
    for c in g.seats() {
        s[c.index()] = f[c.index()].iter().zip(w).map(|(a, b)| a * b).sum();
    }
    s
}

/// The sides of `g` (R6.2): their colours as bits, at most [`MAX_COLOURS`].
#[must_use]
pub fn sides(g: &Game) -> arrayvec::ArrayVec<u8, MAX_COLOURS> {
    let mut out = arrayvec::ArrayVec::new();
    if g.opts.pairs {
        let half = usize::from(g.arms().count() / 2);
        for &c in &g.arms().colours()[..half] {
            out.push(1 << c.index() | 1 << g.partner(c).index());
        }
    } else {
        for c in g.seats() {
            out.push(1 << c.index());
        }
    }
    out
}

/// The chance that seat `me`'s side wins `g`, by the strengths `s` (a won game: 1 or 0).
#[must_use]
pub fn win_chance_of(g: &Game, me: Colour, s: &[f32; MAX_COLOURS]) -> f32 {
    if let Some(w) = g.winner() {
        return if w.includes(me) { 1.0 } else { 0.0 };
    }
    let mut mine = 0.0f32;
    let mut total = 0.0f32;
    let mut sides_v = [0.0f32; MAX_COLOURS];
    let sides = sides(g);
    // Softmax of the sides' strengths (shifted by the largest, for the exponentials).
    for (j, &bits) in sides.iter().enumerate() {
        sides_v[j] = (0..MAX_COLOURS)
            .filter(|&c| bits & (1 << c) != 0)
            .map(|c| s[c])
            .sum();
    }
    let top = sides_v[..sides.len()]
        .iter()
        .copied()
        .fold(f32::MIN, f32::max);
    for (j, &bits) in sides.iter().enumerate() {
        let e = (sides_v[j] - top).exp();
        total += e;
        if bits & (1 << me.index()) != 0 {
            mine = e;
        }
    }
    mine / total
}

/// The chance that seat `me`'s side wins `g` by the learned weights.
#[must_use]
pub fn win_chance(g: &Game, me: Colour) -> f32 {
    win_chance_with(g, me, &WEIGHTS)
}

/// The chance that seat `me`'s side wins `g` by the weights `w`.
#[must_use]
pub fn win_chance_with(g: &Game, me: Colour, w: &Weights) -> f32 {
    if let Some(win) = g.winner() {
        return if win.includes(me) { 1.0 } else { 0.0 };
    }
    win_chance_of(g, me, &strengths(g, w))
}

/// The chance for seat `me` right after one of its moves: when the move earned a bonus (R5),
/// the best way to play it (or its loss) is looked through.
#[must_use]
pub fn after_chance(g: &Game, me: Colour, w: &Weights) -> f32 {
    after_bonus(g, me, &|p: &Game| win_chance_with(p, me, w))
}

/// `score` of the position right after one of `me`'s moves: when the move earned a bonus
/// (R5), of the best way to play it (or of its loss).
pub(crate) fn after_bonus(g: &Game, me: Colour, score: &impl Fn(&Game) -> f32) -> f32 {
    if let Phase::AwaitingBonus { seat, .. } = g.phase()
        && seat == me
    {
        let moves = g.legal_moves();
        if moves.is_empty() {
            let mut next = g.clone();
            next.pass_unchecked_mut();
            return score(&next);
        }
        return moves
            .iter()
            .map(|&mv| after_bonus(&g.play_unchecked(mv), me, score))
            .fold(f32::MIN, f32::max);
    }
    score(g)
}

/// The move of `moves` (legal in `g`, for the seat to act) with the best chance after it by
/// the weights `w`, first of equal best.
#[must_use]
pub fn greedy(g: &Game, moves: &[Move], w: &Weights) -> Option<Move> {
    let seat = g.turn()?;
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    for &mv in moves {
        let v = after_chance(&g.play_unchecked(mv), seat, w);
        if v > best_v {
            best_v = v;
            best = Some(mv);
        }
    }
    best
}

/// Progress of colour `c`'s most advanced piece (for tests).
#[cfg(test)]
fn lead(g: &Game, c: Colour) -> crate::engine::board::Progress {
    g.prog[c.index()].iter().copied().max().unwrap_or(NEST)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn game(v: serde_json::Value) -> Game {
        serde_json::from_value(v).expect("valid position")
    }

    #[test]
    fn a_piece_in_front_of_an_opponent_is_in_danger_and_threatened() {
        // Given red on 21 (red has pieces in its nest) and yellow on 24: red's 3 captures.
        let g = game(json!({
            "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
            "board": {"21": ["red"], "24": ["yellow"]}
        }));
        let f = features(&g);
        let (y, r) = (Colour::Yellow.index(), Colour::Red.index());
        assert!(
            (f[y][5] - 1.0 / 6.0).abs() < 1e-6,
            "yellow's risk {:?}",
            f[y]
        );
        assert!(
            (f[r][9] - 1.0 / 6.0).abs() < 1e-6,
            "red's threat {:?}",
            f[r]
        );
        // Yellow, ahead of red's piece, cannot reach it.
        assert_eq!(f[r][5], 0.0);
        assert_eq!(f[y][9], 0.0);
        assert!(lead(&g, Colour::Yellow) > 0);
    }

    #[test]
    fn safe_squares_barriers_and_corridors_protect() {
        let g = game(json!({
            "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
            "board": {"26": ["red"], "29": ["yellow"], "21": ["red"],
                      "23": ["yellow", "yellow"], "yellow-2": ["yellow"]}
        }));
        let f = features(&g)[Colour::Yellow.index()];
        // 29 is safe (red 3 behind); the barrier's pieces cannot be landed on; the corridor
        // is safe.
        assert_eq!(f[5], 0.0, "{f:?}");
        assert_eq!(f[8], 1.0, "one barrier");
        assert_eq!(f[7], 1.0, "one piece on a safe square");
        assert_eq!(f[2], 1.0, "one piece in the corridor");
    }

    #[test]
    fn chances_add_up_to_one_and_follow_the_weights() {
        let g = game(json!({
            "rules": "jcf", "seats": ["yellow", "blue", "red", "green"], "turn": "yellow",
            "board": {"30": ["yellow"], "40": ["blue"]}, "goal": {"yellow": 2}
        }));
        let total: f32 = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green]
            .iter()
            .map(|&c| win_chance(&g, c))
            .sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        // With weight on the goal only, yellow (two pieces home) is the favourite.
        let mut w = [0.0; FEATURES];
        w[3] = 1.0;
        assert!(win_chance_with(&g, Colour::Yellow, &w) > win_chance_with(&g, Colour::Blue, &w));
    }
}
