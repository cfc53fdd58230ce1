//! Candidate successors of `hard-v1`, every knob on the command line (`mc/KEY=VALUE/…` in
//! `parxis simulate --players`), so that they can be screened without a rebuild.
//!
//! The search is `hard-v1`'s (see [`super::rollout`]): each candidate move is followed by the
//! same sampled dice sequences (common random numbers, the first die stratified over 1..=6),
//! the other seats playing exactly the `normal` way and the searching seat greedily on its own
//! weights, and after the horizon the position is scored with those weights. What may change:
//!
//! - `p` play-outs per decision (`p=0`: no search, the greedy move on the weights: a cheap
//!   way to screen weights);
//! - `h` rolls per play-out, or (`h=0`, the default) `r` rounds of the table and at least 8
//!   rolls (`r=2`, `hard-v1`'s, by default);
//! - `halve=1`: successive halving, half the budget spread over every candidate and the
//!   other half over the better two;
//! - `turn=1`: each play-out ends when the searching seat is about to roll after `r` rounds
//!   of the other seats (every leaf at the same point of the turn), not after a count of rolls;
//! - `leaf=1`: the play-outs are scored by the learned chance of winning ([`super::value`]);
//!   `leaf=2` by the network's ([`super::net`], where it plays);
//! - `own=1`: the searching seat's own moves in the play-outs are the network's choice;
//! - `soft=T`: the play-outs are scored by a softmax chance of winning over the sides'
//!   values at temperature `T` squares ([`eval::win_share`]);
//! - `nest=K` (and `nh=H`, 4 by default): the searching seat's own moves inside a play-out
//!   chosen by a nested search of `K` play-outs of `H` rolls, not greedily (in the middle
//!   game's play-outs only: in the endgame's, to the end of the game, it would cost a
//!   search per own move);
//! - `eg=D` and `egp=N`: in the endgame (some seat at most `D` squares from home) `N`
//!   play-outs per decision that run to the end of the game, scored by who won ([`HARD`]'s);
//! - `quick=1`: the endgame's play-outs to the end played by every seat with a cheap policy
//!   ([`super::quick`]), not the evaluation's greedy move; `quick=2` adds its rough danger;
//! - the evaluation's weights (`out`, `corr`, `goal`, `bar`, `cap`, `threat`, `opp`, `lead`,
//!   `safe`, `race`; see [`eval::Weights`]), `hard-v1`'s by default.
//!
//! Play-outs run in place ([`Game::roll_mut`], [`Game::legal_moves_into`],
//! [`Game::play_unchecked_mut`]); the budget counts play-outs, never time.

use super::eval::{self, Weights};
use super::rollout::SplitMix;
use super::value;
use crate::engine::{Colour, Game, MoveList, Phase};

/// Number of weights of [`Config::weights`].
pub const WEIGHTS: usize = 10;

/// The weights' names on the command line, in the order of [`Config::weights`].
pub const NAMES: [&str; WEIGHTS] = [
    "out", "corr", "goal", "bar", "cap", "threat", "opp", "lead", "safe", "race",
];

/// A candidate's settings. The weights are kept in thousandths, so that the settings compare
/// and hash exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Play-outs per decision (0: no search).
    pub playouts: u32,
    /// Rolls per play-out (0: [`Self::rounds`] rounds of the table, at least 8).
    pub horizon: u32,
    /// Rounds of the table per play-out when [`Self::horizon`] is 0.
    pub rounds: u32,
    /// Successive halving of the budget.
    pub halving: bool,
    /// What scores a play-out's last position (`leaf=0`, `1` or `2`).
    pub leaf: Leaf,
    /// The searching seat's own moves in the play-outs chosen by the network (`own=1`),
    /// not greedily on its weights.
    pub own_net: bool,
    /// End each play-out when the searching seat is about to roll after [`Self::rounds`]
    /// rounds of the others (so every leaf is scored at the same point of the table's
    /// turn), instead of after a count of rolls.
    pub my_turn: bool,
    /// Score play-outs by the softmax chance of winning at this temperature in squares
    /// ([`eval::win_share`]; 0: the linear evaluation).
    pub soft: u32,
    /// Play-outs of the searching seat's own decisions inside a play-out (0: greedy on its
    /// weights): a nested search, each of its own later moves chosen by a smaller search of
    /// [`Self::inner_horizon`] rolls.
    pub inner: u32,
    /// Rolls per play-out of the nested search.
    pub inner_horizon: u32,
    /// Endgame: once some seat has at most this many squares left to go
    /// ([`Game::distance_of`], R6.1: summed over its pieces, a piece in the nest counting the
    /// whole path), play-outs run to the end of the game (0: never).
    pub endgame: u32,
    /// Play-outs per decision in the endgame (0: [`Self::playouts`]).
    pub endgame_playouts: u32,
    /// Every seat's moves in the endgame's play-outs chosen by [`super::quick`]'s cheap
    /// policy, not greedily on the evaluation (0: greedily; 1: the policy; 2: with its rough
    /// danger).
    pub quick_endgame: u8,
    /// The searching seat's weights, in thousandths, in the order of [`NAMES`].
    pub weights: [i32; WEIGHTS],
}

/// What scores a play-out's last position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leaf {
    /// The evaluation ([`eval::evaluate`], or [`eval::win_share`] with [`Config::soft`]).
    Evaluation,
    /// The learned chance of winning ([`value`]).
    Learned,
    /// The network's chance of winning ([`super::net`]), where it plays; the evaluation
    /// elsewhere.
    Network,
}

const fn milli(x: f32) -> i32 {
    (x * 1000.0) as i32
}

/// `hard-v1`'s settings.
pub const HARD_V1: Config = Config {
    playouts: 512,
    horizon: 0,
    rounds: 2,
    halving: false,
    leaf: Leaf::Evaluation,
    own_net: false,
    my_turn: false,
    soft: 0,
    inner: 0,
    inner_horizon: 4,
    endgame: 0,
    endgame_playouts: 0,
    quick_endgame: 0,
    weights: [
        milli(eval::HARD.out),
        milli(eval::HARD.corridor),
        milli(eval::HARD.goal),
        milli(eval::HARD.barrier),
        milli(eval::HARD.capture_cost),
        milli(eval::HARD.threat),
        milli(eval::HARD.opponents),
        milli(eval::HARD.leader),
        milli(eval::HARD.safe),
        milli(eval::HARD.race),
    ],
};

/// `hard`'s settings (issue 29): 128 play-outs of two rounds (more were measured no
/// stronger), a bonus of 8 for a piece on a safe square in its own play-outs and leaves, and
/// in the endgame (some seat at most 60 squares from home) 1536 play-outs that run to the
/// end of the game, so that the last moves are chosen on who wins, not on a sum of squares
/// (fewer on six and eight arms, [`endgame_budget`]).
pub const HARD: Config = Config {
    playouts: 128,
    endgame: 60,
    endgame_playouts: 1536,
    weights: with_weight(HARD_V1.weights, 8, 8.0),
    ..HARD_V1
};

/// `hard`'s settings where the network plays (four arms, no pairs; issue 53): 512 play-outs
/// of two rounds, everyone playing greedily as in [`HARD`], each scored by the network's
/// chance that the searching seat wins ([`super::net`]). No endgame search: the network's
/// leaves were as strong without it, at a sixth of the time.
pub const HARD_NET: Config = Config {
    playouts: 512,
    leaf: Leaf::Network,
    weights: HARD.weights,
    ..HARD_V1
};

/// `hard`'s settings on six and eight arms without pairs (issue 53):
/// [`HARD`]'s, with the endgame from 40 squares from home and its play-outs to the end of the
/// game played by [`super::quick`]'s cheap policy, so that a decision takes at most about
/// 10 ms at p99 on one core (`HARD`'s endgame took over 100 ms).
pub const HARD_LARGE: Config = Config {
    endgame: 40,
    quick_endgame: 1,
    ..HARD
};

/// `hard`'s settings for the position `g`: [`HARD_NET`] where the network plays (four arms
/// without pairs), [`HARD`] in pairs games (there the cheap endgame was five points weaker:
/// 60.0 % against 65.0 % over the same 400 games), else [`HARD_LARGE`].
#[must_use]
pub fn hard_for(g: &Game) -> &'static Config {
    if super::net::plays(g) && super::net::in_use().is_some() {
        &HARD_NET
    } else if g.opts.pairs {
        &HARD
    } else {
        &HARD_LARGE
    }
}

const fn with_weight(mut w: [i32; WEIGHTS], k: usize, x: f32) -> [i32; WEIGHTS] {
    w[k] = milli(x);
    w
}

impl Config {
    /// The evaluation's weights.
    #[must_use]
    pub(crate) fn eval_weights(&self) -> Weights {
        let w = self.weights.map(|m| m as f32 / 1000.0);
        Weights {
            out: w[0],
            corridor: w[1],
            goal: w[2],
            barrier: w[3],
            capture_cost: w[4],
            threat: w[5],
            opponents: w[6],
            leader: w[7],
            safe: w[8],
            race: w[9],
        }
    }

    /// Parse `KEY=VALUE` settings separated by `/` (what follows `mc/`), from `hard-v1`'s.
    ///
    /// # Errors
    /// An unknown key or a value out of range, with what was expected.
    pub fn parse(spec: &str) -> Result<Self, String> {
        let mut c = HARD_V1;
        for part in spec.split('/').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("bad setting {part:?} (KEY=VALUE)"))?;
            let int = || {
                v.parse::<u32>()
                    .map_err(|_| format!("bad value {v:?} for {k}"))
            };
            // A count in `range`, else the error `err`.
            let within = |range: std::ops::RangeInclusive<u32>, err: String| {
                int().and_then(|x| range.contains(&x).then_some(x).ok_or(err))
            };
            match k {
                "p" => c.playouts = within(0..=1_000_000, format!("too many play-outs {v:?}"))?,
                "h" => c.horizon = within(0..=400, format!("horizon {v:?} too long"))?,
                "r" => {
                    c.rounds = within(1..=50, format!("rounds {v:?} out of range (1 to 50)"))?;
                }
                "halve" => c.halving = int()? != 0,
                "leaf" => {
                    c.leaf = match int()? {
                        0 => Leaf::Evaluation,
                        1 => Leaf::Learned,
                        2 => Leaf::Network,
                        _ => return Err(format!("leaf {v:?} out of range (0 to 2)")),
                    };
                }
                "turn" => c.my_turn = int()? != 0,
                "own" => c.own_net = int()? != 0,
                "nest" => {
                    c.inner = within(0..=10_000, format!("too many nested play-outs {v:?}"))?;
                }
                "nh" => {
                    let err = format!("nested horizon {v:?} out of range (1 to 400)");
                    c.inner_horizon = within(1..=400, err)?;
                }
                "eg" => c.endgame = int()?,
                "egp" => {
                    c.endgame_playouts =
                        within(0..=1_000_000, format!("too many play-outs {v:?}"))?;
                }
                "quick" => {
                    let err = format!("quick {v:?} out of range (0 to 2)");
                    c.quick_endgame = within(0..=2, err)? as u8;
                }
                "soft" => {
                    let err = format!("temperature {v:?} too high (0 to 10000)");
                    c.soft = within(0..=10_000, err)?;
                }
                _ => {
                    let j = NAMES.iter().position(|&n| n == k).ok_or_else(|| {
                        format!(
                            "unknown setting {k:?} (p, h, r, halve, leaf, turn, soft, eg, egp, quick, nest, nh, {})",
                            NAMES.join(", ")
                        )
                    })?;
                    let x: f32 = v.parse().map_err(|_| format!("bad weight {v:?} for {k}"))?;
                    if !x.is_finite() || x.abs() > 1000.0 {
                        return Err(format!("weight {v:?} for {k} out of range"));
                    }
                    c.weights[j] = milli(x);
                }
            }
        }
        Ok(c)
    }

    /// The settings as [`Self::parse`] reads them, those that differ from `hard-v1`'s only.
    #[must_use]
    pub fn spec(&self) -> String {
        let mut out = String::new();
        let d = HARD_V1;
        if self.playouts != d.playouts {
            out += &format!("/p={}", self.playouts);
        }
        if self.horizon != d.horizon {
            out += &format!("/h={}", self.horizon);
        }
        if self.rounds != d.rounds {
            out += &format!("/r={}", self.rounds);
        }
        if self.halving {
            out += "/halve=1";
        }
        match self.leaf {
            Leaf::Evaluation => {}
            Leaf::Learned => out += "/leaf=1",
            Leaf::Network => out += "/leaf=2",
        }
        if self.own_net {
            out += "/own=1";
        }
        if self.my_turn {
            out += "/turn=1";
        }
        if self.inner != d.inner {
            out += &format!("/nest={}", self.inner);
        }
        if self.inner_horizon != d.inner_horizon {
            out += &format!("/nh={}", self.inner_horizon);
        }
        if self.endgame != 0 {
            out += &format!("/eg={}", self.endgame);
        }
        if self.endgame_playouts != 0 {
            out += &format!("/egp={}", self.endgame_playouts);
        }
        if self.quick_endgame != 0 {
            out += &format!("/quick={}", self.quick_endgame);
        }
        if self.soft != 0 {
            out += &format!("/soft={}", self.soft);
        }
        for (j, name) in NAMES.iter().enumerate() {
            if self.weights[j] != d.weights[j] {
                out += &format!("/{name}={}", self.weights[j] as f32 / 1000.0);
            }
        }
        out
    }
}

/// Everything a play-out needs.
struct Ctx<'a> {
    me: Colour,
    mine: &'a Weights,
    end: End,
    learned_leaf: bool,
    net: Option<&'a super::net::Net>,
    /// The network that chooses the searching seat's own moves in the play-outs.
    own: Option<&'a super::net::Net>,
    soft: f32,
    /// Play-outs of the searching seat's own decisions inside a play-out, and their horizon.
    inner: u32,
    inner_horizon: u32,
    /// Every seat plays [`super::quick`]'s move (the endgame's play-outs of a
    /// [`Config::quick_endgame`] search): 0 no, 1 yes, 2 with its rough danger.
    quick: u8,
}

/// When a play-out ends.
#[derive(Clone, Copy)]
enum End {
    /// After this many rolls.
    Rolls(u32),
    /// When the searching seat is about to roll after this many rounds of the others
    /// ([`Config::my_turn`]).
    MyTurn(u32),
}

/// The most rolls of a play-out that ends at the searching seat's turn (a seat that cannot
/// move for ever would otherwise never give it back).
const MAX_TURN_ROLLS: u32 = 80;

/// The most rolls of an endgame play-out (one that runs to the end of the game).
const ENDGAME_ROLLS: u32 = 400;

impl Ctx<'_> {
    fn score(&self, g: &Game) -> f32 {
        if let Some(n) = self.net {
            n.win_chance(g, self.me)
        } else if self.learned_leaf {
            value::win_chance(g, self.me)
        } else if self.soft > 0.0 {
            eval::win_share(g, self.me, self.mine, self.soft)
        } else {
            eval::evaluate(g, self.me, self.mine)
        }
    }

    /// Play `start` on for the horizon (the first die `first`, the others from `seed`) and
    /// score the result.
    fn playout(&self, start: &Game, first: u8, seed: u64) -> f32 {
        self.score(&self.play_on(start, first, seed).0)
    }

    /// The summed scores of play-outs `from..to` of `start`: play-out `s` has the first die
    /// `s % 6 + 1` (so the first die is stratified) and the others from `seed + s`, the same
    /// for every candidate move (common random numbers).
    fn sum_playouts(&self, start: &Game, from: u32, to: u32, seed: u64) -> f32 {
        (from..to)
            .map(|s| self.playout(start, (s % 6) as u8 + 1, seed.wrapping_add(u64::from(s))))
            .sum()
    }

    /// The position a play-out ends in, and the rolls it took.
    fn play_on(&self, start: &Game, first: u8, seed: u64) -> (Game, u32) {
        let mut dice = SplitMix(seed);
        let mut g = start.clone();
        let mut list = MoveList::new();
        let mut rolled = 0;
        let mut rounds = 0;
        let mut others_rolled = false;
        loop {
            match g.phase() {
                Phase::Finished(_) => break,
                Phase::AwaitingRoll(seat) => {
                    let done = match self.end {
                        End::Rolls(n) => rolled >= n,
                        End::MyTurn(n) => {
                            if seat != self.me {
                                others_rolled = true;
                            } else if others_rolled {
                                others_rolled = false;
                                rounds += 1;
                            }
                            rounds >= n || rolled >= MAX_TURN_ROLLS
                        }
                    };
                    if done {
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
                    if self.quick != 0 {
                        match super::quick::choose(&g, &list, self.quick == 2) {
                            Some(mv) => g.play_unchecked_mut(mv),
                            None => {
                                g.pass_unchecked_mut();
                            }
                        }
                        continue;
                    }
                    if seat == self.me
                        && list.len() > 1
                        && let Some(n) = self.own
                        && let Some(mv) = n.greedy(&g, &list)
                    {
                        g.play_unchecked_mut(mv);
                        continue;
                    }
                    if seat == self.me && self.inner > 0 && list.len() > 1 {
                        let mv = self.nested_choice(&g, &list, dice.next());
                        g.play_unchecked_mut(mv);
                        continue;
                    }
                    let w = if seat == self.me {
                        self.mine
                    } else {
                        &eval::NORMAL
                    };
                    match eval::greedy(&mut g, seat, &list, w) {
                        Some(mv) => g.play_unchecked_mut(mv),
                        None => {
                            g.pass_unchecked_mut();
                        }
                    }
                }
            }
        }
        (g, rolled)
    }
    /// The searching seat's move inside a play-out, chosen by a smaller search: the same
    /// play-outs (greedy inside), [`Self::inner`] of them shared among the moves.
    fn nested_choice(&self, g: &Game, moves: &MoveList, seed: u64) -> crate::engine::Move {
        let inner = Ctx {
            inner: 0,
            end: End::Rolls(self.inner_horizon),
            ..*self
        };
        let n = u32::try_from(moves.len()).unwrap_or(4);
        let per = (self.inner / n / 6 * 6).max(6);
        let mut best = (f32::MIN, moves[0]);
        for &mv in moves.iter() {
            let sum = inner.sum_playouts(&g.play_unchecked(mv), 0, per, seed);
            if sum > best.0 {
                best = (sum, mv);
            }
        }
        best.1
    }
}

/// Endgame play-outs per decision at a table of `seats`: `playouts` up to four seats, and
/// `playouts · 16 / seats²` beyond (a play-out to the end of the game is about `seats / 4`
/// times longer there, and there are as many more of the seat's decisions to wait for), so
/// a decision's cost in the endgame stays about that of four seats.
#[must_use]
pub(crate) fn endgame_budget(playouts: u32, seats: usize) -> u32 {
    let seats = u32::try_from(seats).unwrap_or(8).max(4);
    playouts * 16 / (seats * seats)
}

/// A bound on the magnitude of a play-out's score under [`eval::evaluate`] with weights `w`
/// on `g`'s board: [`eval::WIN`] for a won game, and for any other position the most its
/// pieces' values can add up to (four pieces a colour, two colours a side, the opponents'
/// blend), with a margin for rounding.
fn score_bound(g: &Game, w: &Weights) -> f64 {
    let goal = f64::from(g.arms().goal());
    let a = |x: f32| f64::from(x).abs();
    let base = goal * (1.0 + a(w.race)) + a(w.out) + a(w.corridor) + a(w.goal);
    let piece = base + a(w.threat).max(1.0) * (base + a(w.capture_cost)) + a(w.safe) + a(w.barrier);
    let side = 8.0 * piece;
    let blend = side * (1.0 + a(w.opponents) * (a(w.leader) + (1.0 - f64::from(w.leader)).abs()));
    blend.max(f64::from(eval::WIN)) * 1.01
}

/// Can the move with the largest sum in `sum` (after `per − left` play-outs each, `per` in
/// all) still lose its place, or tie within [`super::pick_best`]'s hair, once each move has
/// had `left` more play-outs of scores in [−bound, bound]? A sure answer: the f32 sums'
/// rounding (at most `2^−24` of `per · bound` per addition) and the means' are allowed for.
fn out_of_reach(sum: &[f32], per: u32, left: u32, bound: f64) -> bool {
    let Some(lead) = (0..sum.len()).max_by(|&a, &b| sum[a].total_cmp(&sum[b])) else {
        return false;
    };
    let per = f64::from(per);
    let rounding = per * per * bound / f64::from(1u32 << 24);
    let need = 2.0 * f64::from(left) * bound + 4.0 * rounding + per * 0.01 + bound;
    (0..sum.len()).all(|k| k == lead || f64::from(sum[lead]) - f64::from(sum[k]) > need)
}

/// The score of each legal move of `g` for the seat to act; `seed` picks the sampled dice
/// (the same for every move).
#[must_use]
pub(crate) fn scores(g: &Game, moves: &MoveList, seed: u64, cfg: &Config) -> [f32; 4] {
    scores_with(g, moves, seed, cfg, true)
}

/// [`scores`]; `stop_early` allows the endgame's early stop (the tests compare with none).
fn scores_with(g: &Game, moves: &MoveList, seed: u64, cfg: &Config, stop_early: bool) -> [f32; 4] {
    let me = g.turn().unwrap_or(Colour::Yellow);
    let mine = cfg.eval_weights();
    let n = moves.len();
    let mut out = [f32::MIN; 4];
    if cfg.playouts == 0 {
        for (k, &mv) in moves.iter().enumerate() {
            out[k] = eval::after_value(&g.play_unchecked(mv), me, &mine);
        }
        return out;
    }
    let rolls = if cfg.horizon == 0 {
        let seats = u32::try_from(g.seats().count()).unwrap_or(4);
        super::rollout::HORIZON.max(cfg.rounds * seats)
    } else {
        cfg.horizon
    };
    let endgame = cfg.endgame > 0 && g.seats().any(|c| g.distance_of(c) <= cfg.endgame);
    let ctx = Ctx {
        me,
        mine: &mine,
        end: if endgame {
            End::Rolls(ENDGAME_ROLLS)
        } else if cfg.my_turn {
            End::MyTurn(cfg.rounds)
        } else {
            End::Rolls(rolls)
        },
        learned_leaf: cfg.leaf == Leaf::Learned,
        net: if cfg.leaf == Leaf::Network && super::net::plays(g) {
            super::net::in_use()
        } else {
            None
        },
        own: if cfg.own_net && super::net::plays(g) {
            super::net::in_use()
        } else {
            None
        },
        soft: cfg.soft as f32,
        // The nested search is for the middle game's short play-outs: in the endgame's
        // play-outs to the end of the game it would cost a search per own move.
        inner: if endgame { 0 } else { cfg.inner },
        inner_horizon: cfg.inner_horizon,
        quick: if endgame { cfg.quick_endgame } else { 0 },
    };
    let after: arrayvec::ArrayVec<Game, 4> = moves.iter().map(|&mv| g.play_unchecked(mv)).collect();
    let mut sum = [0.0f32; 4];
    let mut count = [0u32; 4];
    let run = |k: usize, from: u32, to: u32, sum: &mut [f32; 4], count: &mut [u32; 4]| {
        sum[k] += ctx.sum_playouts(&after[k], from, to, seed);
        count[k] += to - from;
    };
    let moves_n = u32::try_from(n).unwrap_or(4);
    let budget = if endgame && cfg.endgame_playouts > 0 {
        endgame_budget(cfg.endgame_playouts, g.seats().count())
    } else {
        cfg.playouts
    };
    if !cfg.halving || n <= 2 {
        let per = (budget / moves_n / 6 * 6).max(6);
        if stop_early && endgame && cfg.leaf == Leaf::Evaluation && cfg.soft == 0 {
            // Deterministic early stop (issue 53): the moves' play-outs in step (each move's
            // sum added up in the same order as below, so the same floats), stopped once the
            // leader is out of reach whatever the remaining play-outs score (each in
            // [−bound, bound]): the choice is the one the whole budget makes, and alone
            // within a hair of the best (so no random tie-break is drawn either way). The
            // other scores are then means over fewer play-outs.
            let bound = score_bound(g, &mine);
            let mut done = 0;
            while done < per {
                let to = if done == 0 {
                    per / 2
                } else {
                    (done + 6).min(per)
                };
                for k in 0..n {
                    for s in done..to {
                        sum[k] += ctx.playout(
                            &after[k],
                            (s % 6) as u8 + 1,
                            seed.wrapping_add(u64::from(s)),
                        );
                    }
                    count[k] += to - done;
                }
                done = to;
                if done < per && out_of_reach(&sum[..n], per, per - done, bound) {
                    break;
                }
            }
        } else {
            for k in 0..n {
                run(k, 0, per, &mut sum, &mut count);
            }
        }
    } else {
        let half = budget / 2;
        let first = (half / moves_n / 6 * 6).max(6);
        for k in 0..n {
            run(k, 0, first, &mut sum, &mut count);
        }
        let mut order: [usize; 4] = [0, 1, 2, 3];
        order[..n].sort_by(|&a, &b| sum[b].total_cmp(&sum[a]));
        let more = (half / 2 / 6 * 6).max(6);
        for &k in &order[..2] {
            run(k, first, first + more, &mut sum, &mut count);
        }
    }
    let most = count.iter().copied().max().unwrap_or(0);
    for k in 0..n {
        out[k] = sum[k] / count[k].max(1) as f32;
        if count[k] < most {
            // Dropped after the first half: ranked below those that got the whole budget.
            out[k] -= 1e6;
        }
    }
    out
}

#[cfg(test)]
#[path = "mc_tests.rs"]
mod tests;
