//! Computer players over the engine: pure functions of a position and an injected, seeded
//! random number generator.
//!
//! - [`Level::Easy`] plays a uniformly random legal move.
//! - [`Level::Normal`] scores each legal move's resulting position with a one-move heuristic
//!   (progress, captures and bonuses, the goal, safe squares and corridors, barriers, and the
//!   danger of being captured by an opponent's next roll).
//! - [`Level::Hard`] tries each legal move on sampled futures of the dice (the same for every
//!   move), everyone playing the `normal` way, and picks the move with the best mean result.
//!   On four arms without pairs: 512 play-outs of two rounds, each scored by a small neural
//!   network's chance that the seat wins ([`net`], [`mc::HARD_NET`]). Elsewhere: 128
//!   play-outs of two rounds scored by the evaluation, and in the endgame 1536 play-outs to
//!   the end of the game, scored by who won: on six and eight arms from 40 squares from home
//!   by a cheap policy ([`mc::HARD_LARGE`]), in pairs games from 60 by the `normal` way
//!   ([`mc::HARD`]). The budget counts play-outs, not time, so it is reproducible.
//!
//! For measurements, [`Player`] adds candidates that are not a level: `hard:PLAYOUTSxROUNDS`, play-outs
//! scored by a chance of winning learned from self-play ([`search`], [`value`]; the weights
//! made by `parxis tune`, [`learned`]), and `expect:N`, expectimax over the next `N` turns of
//! the other seats with the same leaves ([`expect`]), and `mc/KEY=VALUE/…`, `hard`'s own
//! search with every knob (play-outs, horizon, successive halving, leaf, weights) set on the
//! command line, for screening without a rebuild ([`mc`]), and `net`, the move with the best
//! chance by the network alone. `hard-v1` names `hard` as it was before issue 29 (the module
//! `rollout`), so that `hard` can be measured against it.
//!
//! ```
//! use parxis::ai::{Level, choose};
//! use parxis::engine::{Colour, Game, Preset};
//! use rand::SeedableRng;
//! use rand_chacha::ChaCha8Rng;
//!
//! let game = Game::new(Preset::Jcf, Preset::Jcf.options(), &[Colour::Yellow, Colour::Red])
//!     .unwrap()
//!     .roll(5)
//!     .unwrap();
//! let mut rng = ChaCha8Rng::seed_from_u64(1);
//! let mv = choose(&game, Level::Hard, &mut rng).unwrap();
//! assert!(mv.leaves_nest()); // R4.4.1: the only legal move
//! assert!(game.play(mv).is_ok());
//! ```

mod eval;
pub mod expect;
pub mod learned;
pub mod mc;
pub mod net;
pub mod net_train;
mod quick;
mod rollout;
pub mod search;
pub mod tune;
pub mod value;

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::engine::{Game, Move, MoveList};

/// How strongly a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal move.
    Easy,
    /// The best move by a one-move heuristic.
    Normal,
    /// Monte Carlo play-outs of the next rolls of the dice, scored by a learned network on
    /// four arms (elsewhere by the heuristic, to the end of the game in the endgame).
    Hard,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Self; 3] = [Self::Easy, Self::Normal, Self::Hard];

    /// The name used on the command line and in JSON (`easy`, `normal`, `hard`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Easy => "easy",
            Self::Normal => "normal",
            Self::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "easy" => Ok(Self::Easy),
            "normal" => Ok(Self::Normal),
            "hard" => Ok(Self::Hard),
            _ => Err(format!("unknown level {s:?} (easy, normal or hard)")),
        }
    }
}

/// A computer player of `parxis simulate` and `parxis tune`: a [`Level`], or one kept for
/// measurements only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level, as the bot and `parxis play` have them.
    Level(Level),
    /// `hard` as it was before issue 29 (`hard-v1`): 512 two-round play-outs of `normal`
    /// players scored by the evaluation.
    PreviousHard,
    /// The learned-value play-out search with a budget (`hard:PLAYOUTSxROUNDS`, e.g. `hard:512x2`).
    Hard(search::Config),
    /// Expectimax over the next `n` turns of the other seats (`expect:N`).
    Expect(u32),
    /// `hard-v1`'s search with its knobs set (`mc/KEY=VALUE/…`, see [`mc`]).
    Mc(mc::Config),
    /// The move with the best chance by the network ([`net`]), `normal`'s where it does not play.
    Net,
}

impl Player {
    /// The name on the command line (`easy`, `normal`, `hard`, `hard-v1`, `hard:512x2`).
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Self::Level(l) => l.name().to_string(),
            Self::PreviousHard => "hard-v1".to_string(),
            Self::Hard(c) => format!("hard:{}x{}", c.playouts, c.rounds),
            Self::Expect(n) => format!("expect:{n}"),
            Self::Mc(c) => format!("mc{}", c.spec()),
            Self::Net => "net".to_string(),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.name())
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "hard-v1" {
            return Ok(Self::PreviousHard);
        }
        if s == "net" {
            return Ok(Self::Net);
        }
        if s == "mc" {
            return Ok(Self::Mc(mc::HARD_V1));
        }
        if let Some(spec) = s.strip_prefix("mc/") {
            return mc::Config::parse(spec).map(Self::Mc);
        }
        if let Some(n) = s.strip_prefix("expect:") {
            return match n.parse::<u32>() {
                Ok(n @ 1..=8) => Ok(Self::Expect(n)),
                _ => Err(format!("bad expectimax depth {n:?} (1 to 8)")),
            };
        }
        if let Some(spec) = s.strip_prefix("hard:") {
            let bad = || format!("bad search budget {spec:?} (PLAYOUTSxROUNDS, e.g. 512x2)");
            let (p, r) = spec.split_once('x').ok_or_else(bad)?;
            let playouts: u32 = p.parse().map_err(|_| bad())?;
            let rounds: u32 = r.parse().map_err(|_| bad())?;
            if !(12..=1_000_000).contains(&playouts) || !(1..=50).contains(&rounds) {
                return Err(bad());
            }
            return Ok(Self::Hard(search::Config { playouts, rounds }));
        }
        s.parse::<Level>()
            .map(Self::Level)
            .map_err(|_| format!("unknown player {s:?} (easy, normal, hard, hard-v1, hard:PxR, expect:N, mc/KEY=VALUE…)"))
    }
}

/// The move `player` plays now (see [`choose`]).
#[must_use]
pub fn choose_player(game: &Game, player: Player, rng: &mut impl Rng) -> Option<Move> {
    choose_player_among(game, &game.legal_moves(), player, rng)
}

/// [`choose_player`] among `moves`, which are [`Game::legal_moves`] of `game` (a caller that
/// steps a game in place has them already: they are not generated twice).
#[must_use]
#[inline]
pub fn choose_player_among(
    game: &Game,
    moves: &MoveList,
    player: Player,
    rng: &mut impl Rng,
) -> Option<Move> {
    // Easy's draw written here, small enough to go inline into a caller's loop
    // (`parxis simulate`); the other players' searches stay a call.
    if let Player::Level(Level::Easy) = player {
        return easy_among(moves, rng);
    }
    choose_player_searching(game, moves, player, rng)
}

/// [`choose_player_among`] for every player but easy.
#[must_use]
#[inline(never)]
fn choose_player_searching(
    game: &Game,
    moves: &MoveList,
    player: Player,
    rng: &mut impl Rng,
) -> Option<Move> {
    if let Player::Level(l) = player {
        return choose_among(game, moves, l, rng);
    }
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let scores = match player {
        Player::Hard(cfg) => search::scores(game, moves, rng.random(), &cfg, &learned::WEIGHTS),
        Player::Expect(n) => expect::scores(game, moves, n, &learned::WEIGHTS),
        Player::Mc(cfg) => mc::scores(game, moves, rng.random(), &cfg),
        Player::Net => match net::in_use() {
            Some(n) if net::plays(game) => n.scores(game, moves),
            _ => normal_scores(game, moves),
        },
        Player::PreviousHard | Player::Level(_) => rollout::scores(game, moves, rng.random()),
    };
    Some(pick_best(moves, &scores, rng))
}

/// The move `level` plays now, among [`Game::legal_moves`] (the pending roll's or bonus's);
/// `None` exactly when there is no legal move (then the seat must [`Game::pass`]).
///
/// Deterministic for a given position and generator state: `rng` picks `easy`'s move, seeds
/// `hard`'s sampled dice and breaks ties.
#[must_use]
pub fn choose(game: &Game, level: Level, rng: &mut impl Rng) -> Option<Move> {
    choose_among(game, &game.legal_moves(), level, rng)
}

/// [`choose`] among `moves`, which are [`Game::legal_moves`] of `game`.
#[must_use]
#[inline]
pub fn choose_among(
    game: &Game,
    moves: &MoveList,
    level: Level,
    rng: &mut impl Rng,
) -> Option<Move> {
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let scores = match level {
        Level::Easy => return easy_among(moves, rng),
        Level::Normal => normal_scores(game, moves),
        Level::Hard => mc::scores(game, moves, rng.random(), mc::hard_for(game)),
    };
    Some(pick_best(moves, &scores, rng))
}

/// Easy's move among `moves`: the only one drawing no number, else one drawn uniformly.
#[must_use]
#[inline(always)]
pub(crate) fn easy_among(moves: &MoveList, rng: &mut impl Rng) -> Option<Move> {
    match moves.len() {
        0 => None,
        1 => Some(moves[0]),
        n => moves.get(rng.random_range(0..n)).copied(),
    }
}

fn normal_scores(game: &Game, moves: &MoveList) -> [f32; 4] {
    let mut s = [f32::MIN; 4];
    let Some(me) = game.turn() else {
        return s;
    };
    for (k, &mv) in moves.iter().enumerate() {
        s[k] = eval::after_value(&game.play_unchecked(mv), me, &eval::NORMAL);
    }
    s
}

/// The best-scored move; a random one among those within a hair of the best.
pub(crate) fn pick_best(moves: &MoveList, scores: &[f32; 4], rng: &mut impl Rng) -> Move {
    let best = scores[..moves.len()]
        .iter()
        .copied()
        .fold(f32::MIN, f32::max);
    let near = |s: f32| s >= best - 1e-3;
    let ties = scores[..moves.len()].iter().filter(|&&s| near(s)).count();
    let mut pick = if ties > 1 {
        rng.random_range(0..ties)
    } else {
        0
    };
    for (k, &s) in scores[..moves.len()].iter().enumerate() {
        if near(s) {
            if pick == 0 {
                return moves[k];
            }
            pick -= 1;
        }
    }
    moves[0]
}
