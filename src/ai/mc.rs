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
    /// Score play-outs by the learned chance of winning.
    pub learned_leaf: bool,
    /// End each play-out when the searching seat is about to roll after [`Self::rounds`]
    /// rounds of the others (so every leaf is scored at the same point of the table's
    /// turn), instead of after a count of rolls.
    pub my_turn: bool,
    /// The searching seat's weights, in thousandths, in the order of [`NAMES`].
    pub weights: [i32; WEIGHTS],
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
    learned_leaf: false,
    my_turn: false,
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
            match k {
                "p" => {
                    c.playouts = int()?;
                    if c.playouts > 1_000_000 {
                        return Err(format!("too many play-outs {v:?}"));
                    }
                }
                "h" => {
                    c.horizon = int()?;
                    if c.horizon > 400 {
                        return Err(format!("horizon {v:?} too long"));
                    }
                }
                "r" => {
                    c.rounds = int()?;
                    if !(1..=50).contains(&c.rounds) {
                        return Err(format!("rounds {v:?} out of range (1 to 50)"));
                    }
                }
                "halve" => c.halving = int()? != 0,
                "leaf" => c.learned_leaf = int()? != 0,
                "turn" => c.my_turn = int()? != 0,
                _ => {
                    let j = NAMES.iter().position(|&n| n == k).ok_or_else(|| {
                        format!(
                            "unknown setting {k:?} (p, h, halve, leaf, {})",
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
        if self.learned_leaf {
            out += "/leaf=1";
        }
        if self.my_turn {
            out += "/turn=1";
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

impl Ctx<'_> {
    fn score(&self, g: &Game) -> f32 {
        if self.learned_leaf {
            value::win_chance(g, self.me)
        } else {
            eval::evaluate(g, self.me, self.mine)
        }
    }

    /// Play `start` on for the horizon (the first die `first`, the others from `seed`) and
    /// score the result.
    fn playout(&self, start: &Game, first: u8, seed: u64) -> f32 {
        self.score(&self.play_on(start, first, seed).0)
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
                    let w = if seat == self.me {
                        self.mine
                    } else {
                        &eval::NORMAL
                    };
                    match eval::greedy(&g, seat, &list, w) {
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
}

/// The score of each legal move of `g` for the seat to act; `seed` picks the sampled dice
/// (the same for every move).
#[must_use]
pub(crate) fn scores(g: &Game, moves: &MoveList, seed: u64, cfg: &Config) -> [f32; 4] {
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
    let ctx = Ctx {
        me,
        mine: &mine,
        end: if cfg.my_turn {
            End::MyTurn(cfg.rounds)
        } else {
            End::Rolls(rolls)
        },
        learned_leaf: cfg.learned_leaf,
    };
    let after: arrayvec::ArrayVec<Game, 4> = moves.iter().map(|&mv| g.play_unchecked(mv)).collect();
    let mut sum = [0.0f32; 4];
    let mut count = [0u32; 4];
    let run = |k: usize, from: u32, to: u32, sum: &mut [f32; 4], count: &mut [u32; 4]| {
        for s in from..to {
            let die = (s % 6) as u8 + 1;
            sum[k] += ctx.playout(&after[k], die, seed.wrapping_add(u64::from(s)));
        }
        count[k] += to - from;
    };
    let moves_n = u32::try_from(n).unwrap_or(4);
    if !cfg.halving || n <= 2 {
        let per = (cfg.playouts / moves_n / 6 * 6).max(6);
        for k in 0..n {
            run(k, 0, per, &mut sum, &mut count);
        }
    } else {
        let half = cfg.playouts / 2;
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
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_print_back() {
        assert_eq!(Config::parse("").unwrap(), HARD_V1);
        let c = Config::parse("p=2048/h=12/r=3/halve=1/threat=0.75/race=0.5").unwrap();
        assert_eq!(c.rounds, 3);
        assert_eq!(c.playouts, 2048);
        assert_eq!(c.horizon, 12);
        assert!(c.halving && !c.learned_leaf);
        assert_eq!(c.weights[5], 750);
        assert_eq!(c.weights[9], 500);
        assert_eq!(Config::parse(&c.spec()).unwrap(), c);
        assert!(Config::parse("p=x").is_err());
        assert!(Config::parse("nope=1").is_err());
        assert!(Config::parse("threat").is_err());
        assert!(Config::parse("r=0").is_err());
    }

    #[test]
    fn a_turn_play_out_ends_when_the_searching_seat_is_about_to_roll() {
        use crate::engine::Preset;
        let seats = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];
        let start = Game::new(Preset::Jcf, Preset::Jcf.options(), &seats).unwrap();
        let w = HARD_V1.eval_weights();
        for seed in 0..50 {
            for turns in 1..=3 {
                let ctx = Ctx {
                    me: Colour::Blue,
                    mine: &w,
                    end: End::MyTurn(turns),
                    learned_leaf: false,
                };
                let (end, rolls) = ctx.play_on(&start, 5, seed);
                assert_eq!(
                    end.phase(),
                    Phase::AwaitingRoll(Colour::Blue),
                    "seed {seed}"
                );
                // Yellow first, then each round Blue and the three others at least.
                assert!(
                    rolls > 4 * (turns - 1),
                    "seed {seed}, {turns} rounds: {rolls} rolls"
                );
            }
        }
    }

    #[test]
    fn hard_v1_weights_round_trip() {
        let w = HARD_V1.eval_weights();
        assert_eq!(w.threat, eval::HARD.threat);
        assert_eq!(w.capture_cost, eval::HARD.capture_cost);
        assert_eq!(w.leader, eval::HARD.leader);
    }
}
