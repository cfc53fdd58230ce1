//! The `normal` heuristic: a static evaluation of a position from one seat's point of view.
//!
//! A colour's value is the sum of its pieces' values: progress along the path, a bonus for
//! being out of the nest, for the corridor (safe) and the goal, a small bonus for barriers,
//! less the expected loss of each exposed piece (R4.3): the probability that an opponent can
//! land on it with its next roll, times what the piece would lose. A seat's score is its side's
//! value (its own colour, or its pair in a pairs game, R6.2) less a weighted blend of the
//! opposing sides' values. Captures, reaching the goal and the bonus counts they earn (R5) are
//! scored by looking through the bonus chain of a move (see [`after_value`]).

use super::value;
use crate::engine::board::{MAX_COLOURS, NEST, Square};
use crate::engine::{Colour, Game, Move, Phase};

/// Score of a won game (for the winner's side; its negation for the others).
pub(crate) const WIN: f32 = 10_000.0;

/// Tunable weights of the evaluation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// Value of being out of the nest (it takes a 5 to leave, R3.1).
    pub out: f32,
    /// Extra value of a piece in its corridor (safe for ever, R1.8).
    pub corridor: f32,
    /// Value of a piece in the goal.
    pub goal: f32,
    /// Value of each own barrier on the ring (R4.2).
    pub barrier: f32,
    /// What a captured piece costs on top of its value (the capturer's bonus of 20, R5).
    pub capture_cost: f32,
    /// How much of an opponent's exposure counts (they move before we can strike).
    pub threat: f32,
    /// Weight of the opponents' values against the seat's own.
    pub opponents: f32,
    /// Share of the leading opponent in the opponents' blend (the rest is their mean).
    pub leader: f32,
    /// Extra value of a piece on a safe square of the ring (R1.7).
    pub safe: f32,
    /// Extra value of progress squared (per square, `p² / goal`): the last squares count more.
    pub race: f32,
}

/// The weights of `normal`, and `hard`'s model of its opponents.
pub(crate) const NORMAL: Weights = Weights {
    out: 10.0,
    corridor: 6.0,
    goal: 16.0,
    barrier: 2.0,
    capture_cost: 20.0,
    threat: 0.5,
    opponents: 0.7,
    leader: 0.5,
    safe: 0.0,
    race: 0.0,
};

/// The weights of `hard`'s own play-out moves and play-out scores: opponents' exposure and
/// the leading opponent count more (measured with `parxis simulate`).
pub(crate) const HARD: Weights = Weights {
    threat: 1.0,
    opponents: 1.0,
    leader: 1.0,
    ..NORMAL
};

/// The side of a colour: its pair in a pairs game (R6.2), else itself.
#[inline]
pub(crate) fn same_side(g: &Game, a: Colour, b: Colour) -> bool {
    a == b || (g.opts.pairs && g.partner(a) == b)
}

/// The evaluation of `g` for seat `me` (larger is better).
#[must_use]
pub(crate) fn evaluate(g: &Game, me: Colour, w: &Weights) -> f32 {
    if let Some(win) = g.winner() {
        return if win.includes(me) { WIN } else { -WIN };
    }
    let mut own = 0.0;
    let mut opp_sum = 0.0;
    let mut opp_max = f32::MIN;
    let mut opp_n = 0u32;
    if g.opts.pairs {
        // One side per pair (R8.6: arms / 2 pairs, each a colour and its partner); the
        // opposing pairs blend like opposing colours of an individual game.
        let half = usize::from(g.arms().count() / 2);
        for &c in &g.arms().colours()[..half] {
            let mine = same_side(g, c, me);
            let v = colour_value(g, c, w, mine) + colour_value(g, g.partner(c), w, mine);
            if mine {
                own = v;
            } else {
                opp_sum += v;
                opp_max = opp_max.max(v);
                opp_n += 1;
            }
        }
    } else {
        for c in g.seats() {
            let v = colour_value(g, c, w, c == me);
            if c == me {
                own = v;
            } else {
                opp_sum += v;
                opp_max = opp_max.max(v);
                opp_n += 1;
            }
        }
    }
    if opp_n == 0 {
        return own;
    }
    let mean = opp_sum / opp_n as f32;
    own - w.opponents * (w.leader * opp_max + (1.0 - w.leader) * mean)
}

/// The chance that seat `me`'s side wins, modelled as a softmax of the sides' values at
/// temperature `t` (in squares): [`value::win_chance_of`] on each colour's value / `t`, 1 or
/// 0 once the game is won. Unlike [`evaluate`]'s linear blend, it is bounded: a play-out that
/// leaves `me` far ahead counts little more than one that leaves it clearly ahead, and the
/// mean over play-outs weighs the chances of finishing first.
#[must_use]
pub(crate) fn win_share(g: &Game, me: Colour, w: &Weights, t: f32) -> f32 {
    let mut s = [0.0f32; MAX_COLOURS];
    for c in g.seats() {
        s[c.index()] = colour_value(g, c, w, same_side(g, c, me)) / t;
    }
    value::win_chance_of(g, me, &s)
}

/// The value of colour `c`'s pieces. `mine` says whether they belong to the evaluating side
/// (their exposure counts in full; an opponent's counts `w.threat`).
fn colour_value(g: &Game, c: Colour, w: &Weights, mine: bool) -> f32 {
    let mut v = 0.0;
    let exposure = if mine { 1.0 } else { w.threat };
    let (goal, last_ring) = (g.arms().goal(), g.arms().last_ring());
    for &p in &g.prog[c.index()] {
        v += match p {
            NEST => 0.0,
            p if p == goal => f32::from(goal) * (1.0 + w.race) + w.out + w.corridor + w.goal,
            p if p > last_ring => {
                // Without the race term `p · (1 + 0 · p / goal)` is `p` exactly: no division.
                let race = if w.race == 0.0 {
                    f32::from(p)
                } else {
                    f32::from(p) * (1.0 + w.race * f32::from(p) / f32::from(goal))
                };
                race + w.out + w.corridor
            }
            p => {
                let mut base = f32::from(p) + w.out;
                if w.race != 0.0 {
                    base += w.race * f32::from(p) * f32::from(p) / f32::from(goal);
                }
                let i = g.path_index(c, p);
                let risk = danger(g, c, i);
                let mut x = base - exposure * risk * (base + w.capture_cost);
                if w.safe != 0.0 && Square::from_index(i).is_some_and(|s| s.is_safe()) {
                    x += w.safe;
                }
                if g.barrier_at(i) && g.cell(i)[0] == c as u8 + 1 {
                    x += w.barrier / 2.0; // each of its two pieces
                }
                x
            }
        };
    }
    v
}

/// Probability that a piece of colour `c` on ring square index `i` is captured before its
/// seat moves again: every opponent rolls once, and hits with each die face whose count lands
/// exactly on it along a path free of barriers (R4.1–R4.3), or with a 5 when the square is
/// the opponent's exit square and holds two pieces (R3.3).
#[must_use]
pub(crate) fn danger(g: &Game, c: Colour, i: usize) -> f32 {
    let cell = g.cell(i);
    let Some(sq) = Square::from_index(i) else {
        return 0.0;
    };
    let Some(n) = sq.ring_number() else {
        return 0.0; // corridors are safe (R1.8)
    };
    let mut survive = 1.0f32;
    if sq.is_safe() {
        // Only the exit capture of R3.3 threatens a piece on a safe square.
        if cell[1] == 0 {
            return 0.0;
        }
        let Some(&owner) = g.arms().colours().iter().find(|o| o.exit_square() == n) else {
            return 0.0;
        };
        if owner != c && g.is_seated(owner) && !same_side(g, owner, c) && g.in_nest(owner) > 0 {
            let own = owner as u8 + 1;
            let victim = if cell[1] != own { cell[1] } else { cell[0] };
            if victim == c as u8 + 1 {
                return 1.0 / 6.0;
            }
        }
        return 0.0;
    }
    if cell[1] != 0 {
        return 0.0; // two pieces: nobody can land here (R1.6)
    }
    for o in g.seats() {
        if same_side(g, o, c) {
            continue;
        }
        // The square's progress on `o`'s path (a table's, where `progress_on_ring` divides):
        // 0 when it is not on the ring part of the path.
        let tp = g.arms().progress_at(o, i);
        if tp == NEST {
            continue;
        }
        let nest = g.in_nest(o);
        let six = if nest == 0 { g.opts.six_counts } else { 6 };
        let mut faces = 0u8;
        for &q in &g.prog[o.index()] {
            if q == NEST || q >= tp {
                continue;
            }
            let d = tp - q;
            let face = match d {
                1..=4 => d,
                5 if nest == 0 => 5, // with a piece in the nest a 5 must leave it (R4.4.1)
                _ if d == six => 6,
                _ => continue,
            };
            if faces & (1 << face) != 0 {
                continue;
            }
            // R4.2 no barrier at q + 1 ..= tp − 1 (read from the engine's barrier bit set).
            if !g.path_blocked(o, q, tp - 1) {
                faces |= 1 << face;
            }
        }
        // `1 − faces / 6` from a table: the same floats, without a division on the chain of
        // products.
        survive *= MISS[faces.count_ones() as usize];
    }
    1.0 - survive
}

/// `1 − k / 6`, the chance that an opponent with `k` hitting faces misses (the division
/// done at compile time: the same floats).
#[allow(clippy::eq_op)] // 6 / 6 written out as the division it stands for
const MISS: [f32; 9] = [
    1.0 - 0.0 / 6.0,
    1.0 - 1.0 / 6.0,
    1.0 - 2.0 / 6.0,
    1.0 - 3.0 / 6.0,
    1.0 - 4.0 / 6.0,
    1.0 - 5.0 / 6.0,
    1.0 - 6.0 / 6.0,
    1.0 - 7.0 / 6.0,
    1.0 - 8.0 / 6.0,
];

/// The value for seat `me` of the position right after one of its moves: when the move earned
/// a bonus (R5), the best way to play it (or its loss) is looked through.
#[must_use]
pub(crate) fn after_value(g: &Game, me: Colour, w: &Weights) -> f32 {
    if let Phase::AwaitingBonus { seat, .. } = g.phase()
        && seat == me
    {
        return after_value_mut(&mut g.clone(), me, w);
    }
    evaluate(g, me, w)
}

/// [`after_value`] of `g` itself: the bonus moves are tried on it and taken back, and `g`
/// is left as it was.
fn after_value_mut(g: &mut Game, me: Colour, w: &Weights) -> f32 {
    if let Phase::AwaitingBonus { seat, .. } = g.phase()
        && seat == me
    {
        let moves = g.legal_moves();
        if moves.is_empty() {
            return match g.pass() {
                Ok((next, _)) => evaluate(&next, me, w),
                Err(_) => evaluate(g, me, w),
            };
        }
        return moves
            .iter()
            .map(|&mv| move_value(g, mv, me, w))
            .fold(f32::MIN, f32::max);
    }
    evaluate(g, me, w)
}

/// [`after_value`] of the position after `mv`, played on `g` and taken back ([`Game::undo`]):
/// no copy of the game per move tried.
#[inline]
fn move_value(g: &mut Game, mv: Move, me: Colour, w: &Weights) -> f32 {
    let undo = g.play_undoable(mv);
    let v = after_value_mut(g, me, w);
    g.undo(&undo);
    v
}

/// The greedy (`normal`) choice for the seat to act, first of equal best: the deterministic
/// opponent model of the `hard` search. Each move is tried on `g` and taken back, so `g` is
/// left as it was.
#[must_use]
pub(crate) fn greedy(g: &mut Game, seat: Colour, moves: &[Move], w: &Weights) -> Option<Move> {
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    for &mv in moves {
        let v = move_value(g, mv, seat, w);
        if v > best_v {
            best_v = v;
            best = Some(mv);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn game(board: serde_json::Value) -> Game {
        serde_json::from_value(json!({
            "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow", "board": board
        }))
        .expect("valid position")
    }

    fn danger_on(g: &Game, n: u8) -> f32 {
        let sq = Square::ring(n).expect("ring square");
        danger(g, Colour::Yellow, sq.index())
    }

    #[test]
    fn a_piece_three_squares_ahead_of_an_opponent_is_hit_by_one_face() {
        // Red on 21 (red has pieces in its nest), yellow on 24: red's 3 captures.
        let g = game(json!({"21": ["red"], "24": ["yellow"]}));
        assert!((danger_on(&g, 24) - 1.0 / 6.0).abs() < 1e-6);
    }

    #[test]
    fn two_opponent_pieces_at_different_distances_double_the_danger() {
        let g = game(json!({"21": ["red"], "22": ["red"], "24": ["yellow"]}));
        assert!((danger_on(&g, 24) - 2.0 / 6.0).abs() < 1e-6);
    }

    #[test]
    fn safe_squares_pairs_and_barriers_protect() {
        // On the safe square 29, red 3 behind: no danger.
        let g = game(json!({"26": ["red"], "29": ["yellow"]}));
        assert_eq!(danger_on(&g, 29), 0.0);
        // Two pieces on 24: nobody can land there (R1.6).
        let g = game(json!({"21": ["red"], "24": ["yellow", "yellow"]}));
        assert_eq!(danger_on(&g, 24), 0.0);
        // A yellow barrier on 23 stands between red on 21 and yellow on 25 (R4.2).
        let g = game(json!({"21": ["red"], "23": ["yellow", "yellow"], "25": ["yellow"]}));
        assert_eq!(danger_on(&g, 25), 0.0);
    }

    #[test]
    fn a_five_does_not_threaten_while_the_opponent_must_leave_its_nest() {
        // Red 5 behind with pieces in its nest: the 5 must be used to leave (R4.4.1).
        let g = game(json!({"20": ["red"], "25": ["yellow"]}));
        assert_eq!(danger_on(&g, 25), 0.0);
    }

    /// [`danger`] as it was written before issue 53: the path to the target read square by
    /// square.
    fn danger_square_by_square(g: &Game, c: Colour, i: usize) -> f32 {
        let cell = g.cell(i);
        let Some(sq) = Square::from_index(i) else {
            return 0.0;
        };
        let Some(n) = sq.ring_number() else {
            return 0.0;
        };
        if sq.is_safe() || cell[1] != 0 {
            return danger(g, c, i); // no path is read there
        }
        let mut survive = 1.0f32;
        for o in g.seats() {
            if same_side(g, o, c) {
                continue;
            }
            let Some(tp) = g.arms().progress_on_ring(o, n) else {
                continue;
            };
            let nest = g.in_nest(o);
            let six = if nest == 0 { g.opts.six_counts } else { 6 };
            let path = g.arms().path(o);
            let mut faces = 0u8;
            for &q in &g.prog[o.index()] {
                if q == NEST || q >= tp {
                    continue;
                }
                let d = tp - q;
                let face = match d {
                    1..=4 => d,
                    5 if nest == 0 => 5,
                    _ if d == six => 6,
                    _ => continue,
                };
                if faces & (1 << face) != 0 {
                    continue;
                }
                if (q + 1..tp).all(|s| !g.barrier_at(path[s as usize] as usize)) {
                    faces |= 1 << face;
                }
            }
            survive *= 1.0 - f32::from(faces.count_ones() as u8) / 6.0;
        }
        1.0 - survive
    }

    /// A game of `arms` under `preset` and `opts`, every seat taken, played for at most
    /// `steps` steps with random dice and random legal moves; `seen` looks at it after each.
    fn random_walk(
        arms: crate::engine::Arms,
        preset: crate::engine::Preset,
        opts: crate::engine::Options,
        steps: u32,
        rng: &mut impl rand::Rng,
        mut seen: impl FnMut(&Game),
    ) {
        let mut g = Game::new_on(arms, preset, opts, arms.colours()).expect("game");
        for _ in 0..steps {
            match g.phase() {
                Phase::Finished(_) => break,
                Phase::AwaitingRoll(_) => {
                    g.roll_mut(rng.random_range(1..=6)).expect("roll");
                }
                _ => {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        g.pass_unchecked_mut();
                    } else {
                        g.play_unchecked_mut(moves[rng.random_range(0..moves.len())]);
                    }
                }
            }
            seen(&g);
        }
    }

    #[test]
    fn danger_reads_barriers_as_the_square_by_square_walk_did() {
        use crate::engine::{Arms, Preset};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
        let mut compared = 0u32;
        for arms in Arms::ALL {
            for preset in Preset::ALL {
                for pairs in [false, true] {
                    let mut opts = preset.options();
                    opts.pairs = pairs;
                    random_walk(arms, preset, opts, 3000, &mut rng, |g| {
                        for c in g.seats() {
                            for p in g.progress(c) {
                                if p == NEST || p > arms.last_ring() {
                                    continue;
                                }
                                let i = g.path_index(c, p);
                                let (new, old) =
                                    (danger(g, c, i), danger_square_by_square(g, c, i));
                                assert_eq!(new.to_bits(), old.to_bits(), "{g:?} {c} {i}");
                                compared += u32::from(g.barriers.iter().any(|&w| w != 0));
                            }
                        }
                    });
                }
            }
        }
        assert!(
            compared > 10_000,
            "too few positions with barriers: {compared}"
        );
    }

    #[test]
    fn the_misses_table_holds_the_divisions_floats() {
        for (k, &m) in MISS.iter().enumerate() {
            let x = std::hint::black_box(f32::from(k as u8));
            assert_eq!(m.to_bits(), (1.0 - x / 6.0).to_bits(), "{k}");
        }
    }

    #[test]
    fn danger_and_evaluation_are_those_of_before_issue_53_bit_for_bit() {
        use crate::engine::{Arms, Preset};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5353);
        let (mut compared, mut hit) = (0u32, 0u32);
        let race = Weights {
            race: 0.5,
            ..NORMAL
        };
        for arms in Arms::ALL {
            for preset in Preset::ALL {
                for (pairs, six) in [(false, 6), (true, 7), (false, 12)] {
                    let mut opts = preset.options();
                    (opts.pairs, opts.six_counts) = (pairs, six);
                    random_walk(arms, preset, opts, 1500, &mut rng, |g| {
                        for c in g.seats() {
                            for p in g.progress(c) {
                                if p == NEST || p > arms.last_ring() {
                                    continue;
                                }
                                let i = g.path_index(c, p);
                                // The walk divides `1 − faces / 6` at run time, as before issue 53.
                                let (new, old) =
                                    (danger(g, c, i), danger_square_by_square(g, c, i));
                                assert_eq!(new.to_bits(), old.to_bits(), "{g:?} {c} {i}");
                                compared += 1;
                                hit += u32::from(new > 0.0);
                            }
                            // The race term's division is kept where its weight is not 0.
                            let v = evaluate(g, c, &race);
                            assert!(v.is_finite());
                        }
                    });
                }
            }
        }
        assert!(compared > 20_000 && hit > 2_000, "{compared} {hit}");
    }

    #[test]
    fn a_capture_scores_better_than_a_quiet_move() {
        let g: Game = serde_json::from_value(json!({
            "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
            "board": {"10": ["yellow"], "30": ["yellow"], "13": ["red"]}, "roll": 3
        }))
        .expect("valid position");
        let scored: Vec<(bool, f32)> = g
            .legal_moves()
            .iter()
            .map(|&m| {
                let v = after_value(&g.play_unchecked(m), Colour::Yellow, &NORMAL);
                (m.captures().is_some(), v)
            })
            .collect();
        let capture = scored.iter().find(|s| s.0).map(|s| s.1);
        let quiet = scored.iter().find(|s| !s.0).map(|s| s.1);
        assert!(capture > quiet, "{scored:?}");
    }
}
