//! Decision time of the computer players: `choose` per level (and `hard-v1`, `hard` before
//! issue 29) over sampled middle-game
//! positions with at least two legal moves (criterion medians, four arms), then the median,
//! p90 and p99 of timed decisions per level and board on one core (1000 positions on four
//! arms, 300 on six and eight, every seat taken).
//!
//! Run with `cargo bench --bench ai`.

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use parxis::ai::{Level, Player, choose, choose_player};
use parxis::engine::{Arms, Game, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Decision positions (a roll or bonus to play, two or more legal moves) from seeded
/// `normal` games of every preset on `arms`, every seat taken, skipping each game's first 40
/// decisions.
fn sample_positions(arms: Arms, n: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(n);
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut game_no = 0u64;
    while out.len() < n {
        let preset = Preset::ALL[(game_no % 3) as usize];
        game_no += 1;
        let mut opts = preset.options();
        opts.pairs = false;
        let Ok(mut g) = Game::new_on(arms, preset, opts, arms.colours()) else {
            continue;
        };
        let mut decisions = 0;
        loop {
            match g.phase() {
                Phase::Finished(_) => break,
                Phase::AwaitingRoll(_) => match g.roll(rng.random_range(1..=6)) {
                    Ok(x) => g = x,
                    Err(_) => break,
                },
                _ => {
                    decisions += 1;
                    if decisions > 40 && g.legal_moves().len() >= 2 && rng.random_bool(0.2) {
                        out.push(g.clone());
                        if out.len() >= n {
                            break;
                        }
                    }
                    g = match choose(&g, Level::Normal, &mut rng) {
                        Some(mv) => g.play_unchecked(mv),
                        None => match g.pass() {
                            Ok((x, _)) => x,
                            Err(_) => break,
                        },
                    };
                }
            }
        }
    }
    out
}

/// The levels, and `hard-v1` (`hard` before issue 29) to compare with; then the candidates
/// named in `AI_BENCH_PLAYERS` (comma-separated, as `parxis simulate --players` writes them,
/// e.g. `mc/p=128/eg=60/egp=1536`), so that a candidate's decision time is measured without
/// a rebuild.
fn players() -> Vec<Player> {
    let mut out = vec![
        Player::Level(Level::Easy),
        Player::Level(Level::Normal),
        Player::Level(Level::Hard),
        Player::PreviousHard,
    ];
    if let Ok(names) = std::env::var("AI_BENCH_PLAYERS") {
        for name in names.split(',').filter(|n| !n.is_empty()) {
            match name.parse() {
                Ok(p) => out.push(p),
                Err(e) => panic!("AI_BENCH_PLAYERS: {name:?}: {e}"),
            }
        }
    }
    out
}

fn percentiles(positions: &[Game], arms: Arms, level: Player) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut times: Vec<f64> = positions
        .iter()
        .map(|g| {
            let t = Instant::now();
            black_box(choose_player(black_box(g), level, &mut rng));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "ai decision time, {} arms, {level} over {} positions: median {:.4} ms, p90 {:.4} ms, p99 {:.4} ms, max {:.4} ms",
        arms.count(),
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}

fn main() {
    let positions = sample_positions(Arms::Four, 1000);
    let mut c = Criterion::default().configure_from_args();
    let few = &positions[..50];
    for level in Level::ALL {
        c.bench_function(&format!("ai/choose/{level} (50 positions)"), |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            b.iter(|| {
                few.iter()
                    .filter_map(|g| choose(black_box(g), level, &mut rng))
                    .count()
            });
        });
    }
    c.bench_function("ai/choose/hard-v1 (50 positions)", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| {
            few.iter()
                .filter_map(|g| choose_player(black_box(g), Player::PreviousHard, &mut rng))
                .count()
        });
    });
    c.final_summary();
    for p in players() {
        percentiles(&positions, Arms::Four, p);
    }
    for arms in [Arms::Six, Arms::Eight] {
        let positions = sample_positions(arms, 300);
        for p in players() {
            percentiles(&positions, arms, p);
        }
    }
}
