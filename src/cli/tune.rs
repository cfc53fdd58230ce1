//! `parxis tune`: learn the weights of the learned evaluation (of the `hard:PxR` and
//! `expect:N` searches) from self-play ([`crate::ai::tune`]) and print them as the Rust source of `src/ai/learned.rs`.
//!
//! Game `i` is played at a table of `tables[i % len]` players of `--player` (seats rotating as
//! in `parxis simulate`, on the smallest board that seats them, R8.7) with its own random
//! streams of `--seed` and `i`, so the data and the weights depend on neither the scheduling
//! nor `--threads`. The fit starts from zero weights.

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Parser;

use crate::ai::Player;
use crate::ai::tune::{Sample, fit, sample_game};
use crate::ai::value::{FEATURES, NAMES};
use crate::engine::{Arms, Preset};

/// Command-line arguments of `parxis tune`.
#[derive(Clone, Debug, Parser)]
pub struct Args {
    /// Number of self-play games.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// The player at every seat of the self-play games (easy, normal, hard, hard-v1, hard:PxR).
    #[arg(long, default_value = "normal")]
    pub player: Player,
    /// Players per table, comma-separated (2 to 8; game i uses the i-th, cyclically).
    #[arg(long, value_delimiter = ',', default_value = "4")]
    pub tables: Vec<usize>,
    /// The rule set.
    #[arg(long, default_value = "jcf")]
    pub rules: Preset,
    /// Base seed of the games.
    #[arg(long, default_value_t = 29)]
    pub seed: u64,
    /// Chance to keep each position waiting for a roll.
    #[arg(long, default_value_t = 0.0625)]
    pub keep: f64,
    /// Steps of the fit (Adam).
    #[arg(long, default_value_t = 600)]
    pub steps: u32,
    /// Step size of the fit.
    #[arg(long, default_value_t = 0.05)]
    pub rate: f64,
    /// Weight decay of the fit.
    #[arg(long, default_value_t = 1e-4)]
    pub decay: f64,
    /// Worker threads for the games.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// After the fit, this many games of `hard` with the fitted weights against `normal`
    /// players (a quick check of the weights; 0: none).
    #[arg(long, default_value_t = 0)]
    pub check_games: u64,
    /// The check's player using the fitted weights: hard:PLAYOUTSxROUNDS or expect:N.
    #[arg(long, default_value = "hard:256x2")]
    pub check_with: Player,
    /// Players at the check's tables (hard and normal ones).
    #[arg(long, default_value_t = 4)]
    pub check_players: usize,
}

/// `hard` with the weights `w` against `normal` players: (games won, games ended).
fn check(a: &Args, w: &crate::ai::value::Weights, cfg: &Player) -> (u64, u64) {
    let next = AtomicU64::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..a.threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let (mut won, mut ended) = (0u64, 0u64);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= a.check_games {
                            return (won, ended);
                        }
                        let r = crate::ai::tune::check_game(
                            w,
                            cfg,
                            a.check_players,
                            a.rules,
                            a.seed ^ 0x5EED,
                            i,
                        );
                        if let Some(win) = r {
                            ended += 1;
                            won += u64::from(win);
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or((0, 0)))
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    })
}

/// The positions of all the games of `a`, in game order.
fn samples(a: &Args, progress: &(dyn Fn(u64) + Sync)) -> Vec<Sample> {
    let done = AtomicU64::new(0);
    in_game_order(0..a.games, a.threads, |i| {
        let n = a.tables[(i % a.tables.len() as u64) as usize];
        let arms = Arms::for_players(n).unwrap_or_default();
        let players = vec![a.player; n];
        let kept = sample_game(&players, arms, a.rules, false, a.seed, i, a.keep);
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        if d.is_multiple_of(1000) {
            progress(d);
        }
        kept
    })
}

/// `game(i)` for every game `i` of `games` on `threads` workers, concatenated in game order
/// (so the result does not depend on the scheduling).
pub(crate) fn in_game_order<T: Send>(
    games: std::ops::Range<u64>,
    threads: usize,
    game: impl Fn(u64) -> Vec<T> + Sync,
) -> Vec<T> {
    let next = AtomicU64::new(games.start);
    let mut parts: Vec<(u64, Vec<T>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games.end {
                            return out;
                        }
                        out.push((i, game(i)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    parts.sort_by_key(|(i, _)| *i);
    parts.into_iter().flat_map(|(_, s)| s).collect()
}

/// The weights as the Rust source of `src/ai/learned.rs`'s constant.
fn weights_source(w: &[f32; FEATURES]) -> String {
    let mut s = String::from("pub const WEIGHTS: Weights = [\n");
    for (name, x) in NAMES.iter().zip(w) {
        s.push_str(&format!("    {x:.6}, // {name}\n"));
    }
    s.push_str("];\n");
    s
}

/// Run `parxis tune`.
pub fn run(a: &Args) -> ExitCode {
    if a.games == 0 || a.threads == 0 || !(0.0..=1.0).contains(&a.keep) {
        eprintln!("parxis tune: --games and --threads must be at least 1, --keep within 0..1");
        return ExitCode::from(2);
    }
    if let Some(&n) = a.tables.iter().find(|&&n| !(2..=8).contains(&n)) {
        eprintln!("parxis tune: a table seats 2 to 8 players, not {n}");
        return ExitCode::from(2);
    }
    let start = Instant::now();
    let data = samples(a, &|d| eprintln!("parxis tune: {d}/{} games", a.games));
    let played = start.elapsed();
    let fitted = fit(&data, &[0.0; FEATURES], a.steps, a.rate, a.decay);
    let total = start.elapsed();
    let tables: Vec<String> = a.tables.iter().map(ToString::to_string).collect();
    println!(
        "parxis tune --games {} --player {} --tables {} --rules {} --seed {} --keep {} --steps {} --rate {} --decay {}",
        a.games,
        a.player,
        tables.join(","),
        a.rules,
        a.seed,
        a.keep,
        a.steps,
        a.rate,
        a.decay
    );
    println!(
        "{} positions from {} games in {:.1} s ({} thread(s)); fit in {:.1} s; total {:.1} s",
        data.len(),
        a.games,
        played.as_secs_f64(),
        a.threads,
        (total - played).as_secs_f64(),
        total.as_secs_f64()
    );
    println!(
        "log-loss per position {:.4} (zero weights {:.4}), favourite won {:.1} % (zero weights {:.1} %)",
        fitted.log_loss,
        fitted.start_log_loss,
        100.0 * fitted.accuracy,
        100.0 * fitted.start_accuracy
    );
    print!("{}", weights_source(&fitted.weights));
    if a.check_games > 0 {
        let t = Instant::now();
        let (won, ended) = check(a, &fitted.weights, &a.check_with);
        let (lo, hi) = crate::cli::simulate::wilson95(won, ended);
        println!(
            "check: {} with these weights against {} normal won {won} of {ended} games: {:.1} % [{:.1}, {:.1}] ({:.1} s)",
            a.check_with,
            a.check_players - 1,
            100.0 * won as f64 / ended.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            t.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
