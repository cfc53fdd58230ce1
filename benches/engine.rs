//! Engine throughput: random play-outs of full JCF games with every seat taken, on 4, 6 and 8
//! arms, with legal-move generation and `play_unchecked`, dice and move choices
//! pre-generated so the random number generator is not measured (a baseline with the
//! generator in the loop is measured beside it, on four arms).
//!
//! The engine as it was before issue 29 is frozen in `benches/engine_v1` and measured in the
//! same binary and the same run: the engines play the very same games (the same scripts give
//! the same rolls and moves, which the bench checks). Two play-out loops are measured for the
//! current engine: the one of the previous engine, by value (`roll`, `legal_moves`,
//! `play_unchecked`, `pass`: each step copies the game), and the play-out in place that the
//! engine now offers (`roll_mut`, `legal_moves_into`, `play_unchecked_mut`,
//! `pass_unchecked_mut`: no copy). The previous engine has only the first.
//!
//! Run with `cargo bench --bench engine`; it ends with a summary per board: the median moves
//! per second and games per second on one core of each, over 31 alternating timed batches
//! (the thread's CPU time, so that waiting for a core on a shared machine does not count),
//! and the ratios to the previous engine. `PARXIS_BENCH_SUMMARY_ONLY=1` skips the criterion
//! part.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use parxis::engine::{Arms, Game, MoveList, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[allow(dead_code, unreachable_pub)]
#[path = "engine_v1/mod.rs"]
mod engine_v1;

use engine_v1::Phase as PhaseV1;

/// Games per measured batch.
const GAMES: usize = 32;

/// Length of each pre-generated script (a power of two: indices wrap with a mask).
const SCRIPT: usize = 4096;

/// Timed batches per engine and board in the summary.
const RUNS: usize = 31;

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

fn start_v1(arms: u8) -> engine_v1::Game {
    use engine_v1::{Arms, rules::Preset};
    let arms = Arms::from_count(arms).expect("4, 6 or 8");
    engine_v1::Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours())
        .expect("new game")
}

/// Counts of a play-out: (rolls, moves played).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Counts {
    rolls: u64,
    moves: u64,
}

/// The play-out loop, the same text for both engines: play one game to its end (no
/// allocation, no RNG).
macro_rules! playout_loop {
    ($g:expr, $s:expr, $P:ident) => {{
        let s: &Script = $s;
        let mut g = $g;
        let (mut d, mut p) = (0usize, 0usize);
        let mut n = Counts::default();
        loop {
            match g.phase() {
                $P::Finished(_) => return n,
                $P::AwaitingRoll(_) => {
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
    }};
}

/// Play one game on `arms` to its end with the current engine, in place.
fn playout_mut(s: &Script, arms: Arms) -> Counts {
    let mut g = start_on(arms);
    let mut moves = MoveList::new();
    let (mut d, mut p) = (0usize, 0usize);
    let mut n = Counts::default();
    loop {
        match g.phase() {
            Phase::Finished(_) => return n,
            Phase::AwaitingRoll(_) => {
                let die = s.dice[d & (SCRIPT - 1)];
                d += 1;
                n.rolls += 1;
                if g.roll_mut(die).is_err() {
                    return n;
                }
            }
            _ => {
                g.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    g.pass_unchecked_mut();
                } else {
                    let k = usize::from(s.picks[p & (SCRIPT - 1)]) % moves.len();
                    p += 1;
                    n.moves += 1;
                    g.play_unchecked_mut(moves[k]);
                }
            }
        }
    }
}

/// Play one game on `arms` to its end with the current engine, by value.
fn playout(s: &Script, arms: Arms) -> Counts {
    playout_loop!(start_on(arms), s, Phase)
}

/// Play one game on `arms` arms to its end with the previous engine.
fn playout_v1(s: &Script, arms: u8) -> Counts {
    playout_loop!(start_v1(arms), s, PhaseV1)
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

fn add(a: Counts, c: Counts) -> Counts {
    Counts {
        rolls: a.rolls + c.rolls,
        moves: a.moves + c.moves,
    }
}

fn batch(scripts: &[Script], arms: Arms) -> Counts {
    scripts.iter().fold(Counts::default(), |a, s| {
        add(a, playout(black_box(s), arms))
    })
}

fn batch_mut(scripts: &[Script], arms: Arms) -> Counts {
    scripts.iter().fold(Counts::default(), |a, s| {
        add(a, playout_mut(black_box(s), arms))
    })
}

fn batch_v1(scripts: &[Script], arms: Arms) -> Counts {
    scripts.iter().fold(Counts::default(), |a, s| {
        add(a, playout_v1(black_box(s), arms.count()))
    })
}

fn benches(c: &mut Criterion, scripts: &[Script]) {
    let mut group = c.benchmark_group("engine");
    for arms in Arms::ALL {
        let total = batch(scripts, arms);
        group.throughput(Throughput::Elements(total.moves));
        let name = format!(
            "jcf_{}p_32_games_pregenerated (elements = moves)",
            arms.count()
        );
        group.bench_function(name, |b| {
            b.iter(|| batch(black_box(scripts), arms));
        });
        let name = format!(
            "in place: jcf_{}p_32_games_pregenerated (elements = moves)",
            arms.count()
        );
        group.bench_function(name, |b| {
            b.iter(|| batch_mut(black_box(scripts), arms));
        });
        let name = format!(
            "previous engine: jcf_{}p_32_games_pregenerated (elements = moves)",
            arms.count()
        );
        group.bench_function(name, |b| {
            b.iter(|| batch_v1(black_box(scripts), arms));
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

/// CPU time this thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`): on a machine shared
/// with other jobs, the time the thread waited for a core does not count.
fn thread_cpu_secs() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant of the platform.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Moves per second and games per second of one timed batch (thread CPU time).
fn timed(run: impl Fn() -> Counts) -> (f64, f64) {
    let t = thread_cpu_secs();
    let n = black_box(run());
    let s = thread_cpu_secs() - t;
    (n.moves as f64 / s, GAMES as f64 / s)
}

fn median(mut v: Vec<(f64, f64)>) -> (f64, f64) {
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    v[v.len() / 2]
}

/// The median of the paired ratios `a[i] / b[i]` of moves per second.
fn paired(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    median(a.iter().zip(b).map(|(x, y)| (x.0 / y.0, 0.0)).collect()).0
}

/// Medians of [`RUNS`] alternating timed batches of each engine and loop on one core, and
/// their ratios to the previous engine.
fn summary(scripts: &[Script], arms: Arms) {
    let n = batch(scripts, arms);
    // The engines and loops play the very same games: the same rolls and moves.
    assert!(n.moves > 100 * GAMES as u64, "{n:?}");
    assert_eq!(batch(scripts, arms), n, "the batch is deterministic");
    assert_eq!(batch_mut(scripts, arms), n, "in place, the same games");
    assert_eq!(
        batch_v1(scripts, arms),
        n,
        "the previous engine plays the same games"
    );
    let (mut new, mut inplace, mut old) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        new.push(timed(|| batch(black_box(scripts), arms)));
        inplace.push(timed(|| batch_mut(black_box(scripts), arms)));
        old.push(timed(|| batch_v1(black_box(scripts), arms)));
    }
    let (r_new, r_inplace) = (paired(&new, &old), paired(&inplace, &old));
    let (moves, games) = median(new);
    let (in_moves, in_games) = median(inplace);
    let (old_moves, old_games) = median(old);
    println!(
        "engine summary, {a} arms, {a} players (medians of {RUNS} alternating batches of \
         {GAMES} games, one core; {:.0} moves and {:.0} rolls per game):\n  \
         play-out in place: {:.2} M moves/s, {:.0} games/s, {:.1} ns per move: {:.2}x the \
         previous engine (median of the {RUNS} paired ratios {:.2})\n  \
         by value, the previous loop: {:.2} M moves/s, {:.0} games/s, {:.1} ns per move: \
         {:.2}x (paired {:.2})\n  \
         previous engine: {:.2} M moves/s, {:.0} games/s, {:.1} ns per move",
        n.moves as f64 / GAMES as f64,
        n.rolls as f64 / GAMES as f64,
        in_moves / 1e6,
        in_games,
        1e9 / in_moves,
        in_moves / old_moves,
        r_inplace,
        moves / 1e6,
        games,
        1e9 / moves,
        moves / old_moves,
        r_new,
        old_moves / 1e6,
        old_games,
        1e9 / old_moves,
        a = arms.count(),
    );
}

fn main() {
    let scripts = scripts();
    if std::env::var_os("PARXIS_BENCH_SUMMARY_ONLY").is_none() {
        let mut c = Criterion::default().configure_from_args();
        benches(&mut c, &scripts);
        c.final_summary();
    }
    for arms in Arms::ALL {
        summary(&scripts, arms);
    }
}
