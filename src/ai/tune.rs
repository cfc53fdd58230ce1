//! Learning the weights of the learned evaluation ([`super::value`]) from self-play: Monte
//! Carlo targets (who won) for a softmax of the sides' strengths.
//!
//! [`sample_game`] plays one seeded game (seats rotating as in `parxis simulate`) and keeps
//! some positions (each one waiting for a roll, with a seeded chance) with the features of
//! every side and the index of the side that won in the end; [`fit`] finds the weights that
//! make the winners most likely (maximum likelihood of `softmax(w · f_side)`, with a little
//! weight decay), by full-batch gradient ascent (Adam). Everything is a function of the seeds.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::value::{self, FEATURES, Features, Weights};
use super::{Player, choose_player};
use crate::dice::RngDice;
use crate::engine::board::MAX_COLOURS;
use crate::engine::{Arms, Game, Phase, Preset, Winner, roll_off};

/// One kept position: each side's features and the side that won.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Features summed over each side's colours (a colour, or a pair).
    pub sides: arrayvec::ArrayVec<Features, MAX_COLOURS>,
    /// Index in `sides` of the side that won the game.
    pub winner: usize,
}

/// A game that has not ended after this many rolls is left out.
const MAX_ROLLS: u32 = 10_000;

/// Play game `index` of seed `seed` with `players` (rotating over the board's default seats,
/// R8.5) on `arms` under `rules`, and keep each position waiting for a roll with chance
/// `keep` (none of a game that did not end).
#[must_use]
pub fn sample_game(
    players: &[Player],
    arms: Arms,
    rules: Preset,
    pairs: bool,
    seed: u64,
    index: u64,
    keep: f64,
) -> Vec<Sample> {
    let mut kept: Vec<(Game, arrayvec::ArrayVec<u8, MAX_COLOURS>)> = Vec::new();
    let game = SelfPlay {
        players,
        arms,
        rules,
        pairs,
        seed,
        index,
        keep,
    };
    let Some(w) = game.play(|g| kept.push((g.clone(), value::sides(g)))) else {
        return Vec::new();
    };
    let bits: u8 = w.colours().iter().map(|c| 1u8 << c.index()).sum();
    kept.iter()
        .filter_map(|(pos, sides)| {
            let winner = sides.iter().position(|&s| s & bits != 0)?;
            let f = value::features(pos);
            let sides = sides.iter().map(|&s| side_features(&f, s)).collect();
            Some(Sample { sides, winner })
        })
        .collect()
}

/// One seeded self-play game: game `index` of seed `seed` with `players` (rotating over the
/// board's default seats, R8.5) on `arms` under `rules`, its dice, the players' choices and
/// the kept positions each from their own random stream of `seed` and `index`.
pub(crate) struct SelfPlay<'a> {
    pub players: &'a [Player],
    pub arms: Arms,
    pub rules: Preset,
    pub pairs: bool,
    pub seed: u64,
    pub index: u64,
    /// The chance to keep each position waiting for a roll.
    pub keep: f64,
}

impl SelfPlay<'_> {
    /// The seats, and the index in `players` of each colour's player.
    pub(crate) fn seating(&self) -> Option<(crate::engine::Seats, [usize; MAX_COLOURS])> {
        let n = self.players.len();
        let seats = self.arms.default_seats(n)?;
        let mut player_of = [0usize; MAX_COLOURS];
        for j in 0..n {
            player_of[seats[(self.index as usize + j) % n].index()] = j;
        }
        Some((seats, player_of))
    }

    /// Play the game, calling `kept` with each kept position; who won (`None` for a game that
    /// did not end or could not start).
    pub(crate) fn play(&self, mut kept: impl FnMut(&Game)) -> Option<Winner> {
        let (seats, player_of) = self.seating()?;
        let mut opts = self.rules.options();
        opts.pairs = self.pairs;
        let game = Game::new_on(self.arms, self.rules, opts, &seats).ok()?;
        let stream = |k: u64| {
            let mut r = ChaCha8Rng::seed_from_u64(self.seed);
            r.set_stream(3 * self.index + k);
            r
        };
        let mut dice = RngDice::new(stream(0));
        let mut ai_rng = stream(1);
        let mut keep_rng = stream(2);
        let starter = roll_off(&seats, &mut dice).starter;
        let mut g = game.with_first_turn(starter).ok()?;
        let mut rolls = 0;
        loop {
            match g.phase() {
                Phase::Finished(w) => return Some(w),
                Phase::AwaitingRoll(_) => {
                    if rolls >= MAX_ROLLS {
                        return None;
                    }
                    if keep_rng.random_bool(self.keep) {
                        kept(&g);
                    }
                    rolls += 1;
                    g.roll_mut(crate::engine::Dice::roll(&mut dice)).ok()?;
                }
                Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                    let player = self.players[player_of[seat.index()]];
                    match choose_player(&g, player, &mut ai_rng) {
                        Some(mv) => g.play_unchecked_mut(mv),
                        None => {
                            g.pass_unchecked_mut();
                        }
                    }
                }
            }
        }
    }
}

/// The features of a side: the sum over its colours (bits of `side`).
fn side_features(f: &[Features; MAX_COLOURS], side: u8) -> Features {
    let mut out = [0.0f32; FEATURES];
    for (c, fc) in f.iter().enumerate() {
        if side & (1 << c) != 0 {
            for (o, x) in out.iter_mut().zip(fc) {
                *o += x;
            }
        }
    }
    out
}

/// How [`fit`] went.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub weights: Weights,
    /// Mean negative log-likelihood of the winners, per position (the fair-share guess of
    /// `n` sides scores `ln n`).
    pub log_loss: f64,
    /// Share of positions whose favourite side won.
    pub accuracy: f64,
    /// The same two with the weights before fitting.
    pub start_log_loss: f64,
    pub start_accuracy: f64,
}

/// Mean negative log-likelihood and accuracy of `w` on `data`, and the gradient of the mean
/// log-likelihood.
fn loss_and_gradient(data: &[Sample], w: &Weights) -> (f64, f64, [f64; FEATURES]) {
    let mut loss = 0.0f64;
    let mut right = 0.0f64;
    let mut grad = [0.0f64; FEATURES];
    for s in data {
        let v: arrayvec::ArrayVec<f64, MAX_COLOURS> = s
            .sides
            .iter()
            .map(|f| f.iter().zip(w).map(|(a, b)| f64::from(a * b)).sum())
            .collect();
        let top = v.iter().copied().fold(f64::MIN, f64::max);
        let z: f64 = v.iter().map(|x| (x - top).exp()).sum();
        loss += -(v[s.winner] - top - z.ln());
        if v[s.winner] >= top {
            // A favourite shared by k sides counts 1/k.
            right += 1.0 / v.iter().filter(|&&x| x >= top).count() as f64;
        }
        for (j, f) in s.sides.iter().enumerate() {
            let p = (v[j] - top).exp() / z;
            let target = if j == s.winner { 1.0 } else { 0.0 };
            for (g, &x) in grad.iter_mut().zip(f) {
                *g += (target - p) * f64::from(x);
            }
        }
    }
    let n = data.len().max(1) as f64;
    for g in &mut grad {
        *g /= n;
    }
    (loss / n, right / n, grad)
}

/// The weights that make the winners of `data` most likely, from `start`, after `steps`
/// steps of Adam (step size `rate`, weight decay `decay`).
#[must_use]
pub fn fit(data: &[Sample], start: &Weights, steps: u32, rate: f64, decay: f64) -> Fit {
    let (start_log_loss, start_accuracy, _) = loss_and_gradient(data, start);
    let mut w: [f64; FEATURES] = start.map(f64::from);
    let (mut m, mut v) = ([0.0f64; FEATURES], [0.0f64; FEATURES]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    for t in 1..=steps {
        let wf: Weights = w.map(|x| x as f32);
        let (_, _, g) = loss_and_gradient(data, &wf);
        for i in 0..FEATURES {
            let gi = g[i] - decay * w[i];
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] += rate * mh / (vh.sqrt() + eps);
        }
    }
    let weights: Weights = w.map(|x| x as f32);
    let (log_loss, accuracy, _) = loss_and_gradient(data, &weights);
    Fit {
        weights,
        log_loss,
        accuracy,
        start_log_loss,
        start_accuracy,
    }
}

/// Play check game `index` of seed `seed`: `hard` with the weights `w` and the search of `cfg`
/// (`hard:PxR` or `expect:N`; `hard:512x2` otherwise)
/// against `n - 1` `normal` players on the smallest board for `n` (seats rotating); did
/// `hard` win? `None` for a game that did not end.
#[must_use]
pub fn check_game(
    w: &Weights,
    cfg: &Player,
    n: usize,
    rules: Preset,
    seed: u64,
    index: u64,
) -> Option<bool> {
    let arms = Arms::for_players(n)?;
    let seats = arms.default_seats(n)?;
    let hard = seats[(index % n as u64) as usize];
    let mut opts = rules.options();
    opts.pairs = false;
    let game = Game::new_on(arms, rules, opts, &seats).ok()?;
    let mut dice_rng = ChaCha8Rng::seed_from_u64(seed);
    dice_rng.set_stream(2 * index);
    let mut ai_rng = ChaCha8Rng::seed_from_u64(seed);
    ai_rng.set_stream(2 * index + 1);
    let mut dice = RngDice::new(dice_rng);
    let starter = roll_off(&seats, &mut dice).starter;
    let mut g = game.with_first_turn(starter).ok()?;
    for _ in 0..MAX_ROLLS * 4 {
        match g.phase() {
            Phase::Finished(win) => return Some(win.includes(hard)),
            Phase::AwaitingRoll(_) => g.roll_mut(crate::engine::Dice::roll(&mut dice)).ok()?,
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let moves = g.legal_moves();
                let mv = match moves.len() {
                    0 => None,
                    1 => Some(moves[0]),
                    _ if seat == hard => {
                        let scores = match cfg {
                            Player::Expect(d) => super::expect::scores(&g, &moves, *d, w),
                            Player::Hard(c) => {
                                super::search::scores(&g, &moves, ai_rng.random(), c, w)
                            }
                            _ => super::search::scores(
                                &g,
                                &moves,
                                ai_rng.random(),
                                &super::search::DEFAULT,
                                w,
                            ),
                        };
                        Some(super::pick_best(&moves, &scores, &mut ai_rng))
                    }
                    _ => super::choose(&g, super::Level::Normal, &mut ai_rng),
                };
                match mv {
                    Some(mv) => g.play_unchecked_mut(mv),
                    None => {
                        g.pass_unchecked_mut();
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn sampled_games_are_reproducible_and_name_a_winner() {
        let players = [Player::Level(Level::Easy); 4];
        let a = sample_game(&players, Arms::Four, Preset::Jcf, false, 7, 3, 0.2);
        let b = sample_game(&players, Arms::Four, Preset::Jcf, false, 7, 3, 0.2);
        assert_eq!(a, b);
        assert!(a.len() > 5, "{} positions", a.len());
        assert!(a.iter().all(|s| s.sides.len() == 4 && s.winner < 4));
        let winners: std::collections::BTreeSet<usize> = a.iter().map(|s| s.winner).collect();
        assert_eq!(winners.len(), 1, "one winner per game");
    }

    #[test]
    fn fitting_finds_the_feature_that_tells_the_winner() {
        // Given positions where the winner is the side with the most progress
        let mut data = Vec::new();
        for k in 0..200usize {
            let mut sides = arrayvec::ArrayVec::new();
            for j in 0..4usize {
                let mut f = [0.0f32; FEATURES];
                f[0] = ((k * 7 + j * 3) % 10) as f32 / 10.0;
                f[5] = ((k + j) % 3) as f32; // noise
                sides.push(f);
            }
            let winner = (0..4)
                .max_by(|&a, &b| sides[a][0].total_cmp(&sides[b][0]))
                .unwrap_or(0);
            data.push(Sample { sides, winner });
        }
        // When fitted from zero weights
        let fit = fit(&data, &[0.0; FEATURES], 300, 0.05, 0.0);
        // Then the progress weight is large and positive, and the fit beats the fair share
        assert!(fit.weights[0] > 3.0, "{:?}", fit.weights);
        assert!(fit.log_loss < fit.start_log_loss);
        assert!((fit.start_log_loss - 4f64.ln()).abs() < 1e-6);
        assert!(fit.accuracy > 0.9, "{}", fit.accuracy);
    }
}
