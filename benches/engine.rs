//! Engine throughput: random play-outs of full 4-player JCF games with legal-move generation
//! and `play_unchecked`, dice and move choices pre-generated so the random number generator
//! is not measured (a baseline with the generator in the loop is measured beside it).
//!
//! Run with `cargo bench --bench engine`; it ends with a summary of the median moves per
//! second and games per second on one core.

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

fn start() -> Game {
    Game::new(Preset::Jcf, Preset::Jcf.options(), Arms::Four.colours()).expect("new game")
}

/// Counts of a play-out: (rolls, moves played).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Counts {
    rolls: u64,
    moves: u64,
}

/// Play one game to its end: the hot loop (no allocation, no RNG).
fn playout(s: &Script) -> Counts {
    let mut g = start();
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

fn batch(scripts: &[Script]) -> Counts {
    scripts.iter().fold(Counts::default(), |a, s| {
        let c = playout(black_box(s));
        Counts {
            rolls: a.rolls + c.rolls,
            moves: a.moves + c.moves,
        }
    })
}

fn benches(c: &mut Criterion, scripts: &[Script]) {
    let total = batch(scripts);
    // Benchmarks assert their counts: every game ends, and the batch is deterministic.
    assert!(total.moves > 100 * GAMES as u64, "{total:?}");
    assert_eq!(batch(scripts), total);

    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(total.moves));
    group.bench_function("jcf_4p_32_games_pregenerated (elements = moves)", |b| {
        b.iter(|| batch(black_box(scripts)));
    });
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
fn summary(scripts: &[Script]) {
    let mut rates: Vec<(f64, f64)> = (0..15)
        .map(|_| {
            let t = Instant::now();
            let n = batch(black_box(scripts));
            let s = t.elapsed().as_secs_f64();
            (n.moves as f64 / s, GAMES as f64 / s)
        })
        .collect();
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (moves, games) = rates[rates.len() / 2];
    let n = batch(scripts);
    println!(
        "engine summary (median of 15 batches of {GAMES} games, one core): \
         {:.2} M moves/s, {:.0} games/s, {:.0} moves and {:.0} rolls per game, {:.1} ns per move",
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
    summary(&scripts);
}
