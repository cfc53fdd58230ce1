//! Engine throughput: random play-outs of full JCF games with every seat taken, on 4, 6 and 8
//! arms, with legal-move generation and `play_unchecked`, dice and move choices
//! pre-generated so the random number generator is not measured (a baseline with the
//! generator in the loop is measured beside it, on four arms).
//!
//! Run with `cargo bench --bench engine`; it ends with a summary per board of the median
//! moves per second and games per second on one core. The four-arm workload is the same as
//! before the large boards (same scripts, same games), so its figure compares across commits.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput};
use parxis::engine::{Arms, Game, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per measured batch.
const GAMES: usize = 32;

/// Length of each pre-generated script (a power of two: indices wrap with a mask).
const SCRIPT: usize = 4096;

/// Pre-generated randomness of one game: dice and move-choice indices, used cyclically.
struct Script {
    dice: Vec<u8>,
    picks: Vec<u8>,
}

fn scripts() -> Vec<Script> {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    (0..GAMES)
        .map(|_| Script {
            dice: (0..SCRIPT).map(|_| rng.random_range(1..=6)).collect(),
            picks: (0..SCRIPT).map(|_| rng.random_range(0..12)).collect(),
        })
        .collect()
}

fn start_on(arms: Arms) -> Game {
    Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours()).expect("new game")
}

fn start() -> Game {
    start_on(Arms::Four)
}

/// Counts of a play-out: (rolls, moves played).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Counts {
    rolls: u64,
    moves: u64,
}

/// Play one game on `arms` to its end: the hot loop (no allocation, no RNG).
fn playout(s: &Script, arms: Arms) -> Counts {
    let mut g = start_on(arms);
    let (mut d, mut p) = (0usize, 0usize);
    let mut n = Counts::default();
    loop {
        match g.phase() {
            Phase::Finished(_) => return n,
            Phase::AwaitingRoll(_) => {
                let die = s.dice[d & (SCRIPT - 1)];
                d += 1;
                n.rolls += 1;
                g = match g.roll(die) {
                    Ok(x) => x,
                    Err(_) => return n,
                };
            }
            _ => {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    g = match g.pass() {
                        Ok((x, _)) => x,
                        Err(_) => return n,
                    };
                } else {
                    let k = usize::from(s.picks[p & (SCRIPT - 1)]) % moves.len();
                    p += 1;
                    n.moves += 1;
                    g = g.play_unchecked(moves[k]);
                }
            }
        }
    }
}

/// The same play-out drawing dice and choices from the generator (baseline of RNG cost).
fn playout_rng(rng: &mut ChaCha8Rng) -> Counts {
    let mut g = start();
    let mut n = Counts::default();
    loop {
        match g.phase() {
            Phase::Finished(_) => return n,
            Phase::AwaitingRoll(_) => {
                n.rolls += 1;
                g = match g.roll(rng.random_range(1..=6)) {
                    Ok(x) => x,
                    Err(_) => return n,
                };
            }
            _ => {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    g = match g.pass() {
                        Ok((x, _)) => x,
                        Err(_) => return n,
                    };
                } else {
                    n.moves += 1;
                    g = g.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }
}

fn batch(scripts: &[Script], arms: Arms) -> Counts {
    scripts.iter().fold(Counts::default(), |a, s| {
        let c = playout(black_box(s), arms);
        Counts {
            rolls: a.rolls + c.rolls,
            moves: a.moves + c.moves,
        }
    })
}

fn benches(c: &mut Criterion, scripts: &[Script]) {
    let mut group = c.benchmark_group("engine");
    for arms in Arms::ALL {
        let total = batch(scripts, arms);
        // Benchmarks assert their counts: every game ends, and the batch is deterministic.
        assert!(total.moves > 100 * GAMES as u64, "{total:?}");
        assert_eq!(batch(scripts, arms), total);
        group.throughput(Throughput::Elements(total.moves));
        let name = format!(
            "jcf_{}p_32_games_pregenerated (elements = moves)",
            arms.count()
        );
        group.bench_function(name, |b| {
            b.iter(|| batch(black_box(scripts), arms));
        });
    }
    group.throughput(Throughput::Elements(GAMES as u64));
    group.bench_function("jcf_4p_32_games_with_chacha8 (elements = games)", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| (0..GAMES).map(|_| playout_rng(&mut rng).moves).sum::<u64>());
    });
    group.finish();

    let mid = {
        // A middle-game position for the single-step figure.
        let mut g = start();
        let s = &scripts[0];
        for k in 0..400 {
            match g.phase() {
                Phase::AwaitingRoll(_) => g = g.roll(s.dice[k]).unwrap_or(g),
                _ => {
                    let m = g.legal_moves();
                    g = match m.first() {
                        Some(&mv) => g.play_unchecked(mv),
                        None => g.pass().map(|x| x.0).unwrap_or(g),
                    };
                }
            }
        }
        if matches!(g.phase(), Phase::AwaitingRoll(_)) {
            g
        } else {
            start()
        }
    };
    c.bench_function("engine/roll+legal_moves+play (6 dice, middle game)", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for die in 1..=6 {
                if let Ok(r) = black_box(&mid).roll(die) {
                    let moves = r.legal_moves();
                    if let Some(&mv) = moves.first() {
                        n += usize::from(black_box(r.play_unchecked(mv)).sixes());
                    }
                }
            }
            n
        });
    });
}

/// Median of a few timed batches: moves per second and games per second on one core.
fn summary(scripts: &[Script], arms: Arms) {
    let mut rates: Vec<(f64, f64)> = (0..15)
        .map(|_| {
            let t = Instant::now();
            let n = batch(black_box(scripts), arms);
            let s = t.elapsed().as_secs_f64();
            (n.moves as f64 / s, GAMES as f64 / s)
        })
        .collect();
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (moves, games) = rates[rates.len() / 2];
    let n = batch(scripts, arms);
    println!(
        "engine summary, {} arms, {} players (median of 15 batches of {GAMES} games, one core): \
         {:.2} M moves/s, {:.0} games/s, {:.0} moves and {:.0} rolls per game, {:.1} ns per move",
        arms.count(),
        arms.count(),
        moves / 1e6,
        games,
        n.moves as f64 / GAMES as f64,
        n.rolls as f64 / GAMES as f64,
        1e9 / moves
    );
}

fn main() {
    let scripts = scripts();
    let mut c = Criterion::default().configure_from_args();
    benches(&mut c, &scripts);
    c.final_summary();
    for arms in Arms::ALL {
        summary(&scripts, arms);
    }
}
