//! PNG board rendering: time per picture and its size, today's code against the code before
//! issue 52 (frozen in `benches/render_v1`), measured in the same binary and the same run.
//!
//! The busy mid-game position of each board size (4, 6 and 8 arms: every colour out, a
//! barrier, the last move's trail, the moves to choose from labelled, names in the nests),
//! and the boards of a seeded game of each size (every position a player chooses a move
//! in, as the bot draws it).
//!
//! `cargo bench --bench render` runs criterion on one busy picture per board, today's and
//! the previous code's, then prints a summary per board: the median time of a picture over
//! 31 alternating batches of each (the thread's CPU time, so that waiting for a core on a
//! shared machine does not count), their ratio, and the PNG sizes; then, over the seeded
//! game's boards, the median size and time of both. It checks that both draw the same
//! picture (the golden images' tolerance) and that each busy PNG stays under 150 KB.
//! `PARXIS_BENCH_SUMMARY_ONLY=1` skips the criterion part.

use std::hint::black_box;

use criterion::Criterion;
use parxis::bot::core::view::ordered_moves;
use parxis::engine::{Arms, Game, Loc, Phase, Preset, Setup, Square};
use parxis::render::image::{View, png};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[allow(dead_code, unreachable_pub, unused_imports)]
#[path = "render_v1/mod.rs"]
mod render_v1;

const BOARDS: [(&str, &str); 3] = [
    ("4 arms", include_str!("../tests/data/render/busy.json")),
    ("6 arms", include_str!("../tests/data/render/busy_6.json")),
    ("8 arms", include_str!("../tests/data/render/busy_8.json")),
];

const NAMES: [&str; 8] = [
    "Núria",
    "Pau·la",
    "Iñaki",
    "François",
    "Joan",
    "Mª Àngels",
    "Lluís",
    "Ona",
];

/// Timed batches per code and board in the summary.
const RUNS: usize = 31;
/// Pictures per timed batch.
const BATCH: usize = 20;
/// Boards of the seeded game drawn per board size.
const GAME_BOARDS: usize = 300;

/// The busy position once yellow played 17 → 20 (a barrier) and blue rolled a 4, and the
/// view the bot would draw for it: yellow's trail and blue's moves, nearest home first.
fn busy(json: &str) -> (Game, View) {
    let setup: Setup = serde_json::from_str(json).expect("a position");
    let before = Game::from_setup(&setup).expect("a valid position");
    let last = before
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Square::ring(17).map(Loc::Sq).expect("square 17"))
        .expect("yellow can play 17 → 20");
    let game = before.play(last).and_then(|g| g.roll(4)).expect("legal");
    let view = View {
        last_move: Some(last.into()),
        choices: ordered_moves(&game),
        names: NAMES.map(|s| Some(s.to_owned())),
        letters: None,
    };
    (game, view)
}

/// The boards of seeded random games on `arms` (every seat taken): each position where a
/// player chooses among moves, with the last move's trail and the choices, up to `n`.
fn game_boards(arms: Arms, seed: u64, n: usize) -> Vec<(Game, View)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut g = Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours())
            .expect("a new game");
        let mut last = None;
        while out.len() < n {
            match g.phase() {
                Phase::Finished(_) => break,
                Phase::AwaitingRoll(_) => g = g.roll(rng.random_range(1..=6)).expect("a roll"),
                _ => {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        g = g.pass().expect("a pass").0;
                        continue;
                    }
                    let view = View {
                        last_move: last,
                        choices: ordered_moves(&g),
                        names: NAMES.map(|s| Some(s.to_owned())),
                        letters: None,
                    };
                    out.push((g.clone(), view));
                    let mv = moves[rng.random_range(0..moves.len())];
                    last = Some(mv.into());
                    g = g.play(mv).expect("a legal move");
                }
            }
        }
    }
    out
}

fn render(c: &mut Criterion) {
    for (name, json) in BOARDS {
        let (game, view) = busy(json);
        let _ = png(&game, &view); // draw the cached empty board once
        let _ = render_v1::png(&game, &view);
        c.bench_function(&format!("render busy board png, {name}"), |b| {
            b.iter(|| png(black_box(&game), black_box(&view)));
        });
        c.bench_function(&format!("render busy board png v1, {name}"), |b| {
            b.iter(|| render_v1::png(black_box(&game), black_box(&view)));
        });
    }
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

/// Milliseconds of thread CPU time per call of `f`, over `n` calls.
fn per_call_ms(n: usize, f: impl Fn() -> Vec<u8>) -> f64 {
    let t = thread_cpu_secs();
    for _ in 0..n {
        black_box(f());
    }
    (thread_cpu_secs() - t) * 1e3 / n as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// RGB pixels of a PNG (any colour type the encoders write).
fn decode(bytes: &[u8]) -> (u32, Vec<u8>) {
    let mut dec = png::Decoder::new(bytes);
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (info.width, rgb)
}

/// The mean difference per channel and the share of pixels off by more than 32 in a
/// channel, as the golden images' test measures them (`tests/it/support/png_board.rs`).
fn difference(a: &[u8], b: &[u8]) -> (f64, f64) {
    let (a, b) = (decode(a), decode(b));
    assert_eq!(a.0, b.0, "the same size");
    let diffs: Vec<u8> = a.1.iter().zip(&b.1).map(|(x, y)| x.abs_diff(*y)).collect();
    let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
    let off = diffs
        .chunks(3)
        .filter(|p| p.iter().any(|&d| d > 32))
        .count();
    (mean, off as f64 / (diffs.len() / 3) as f64)
}

fn summary(name: &str, json: &str, arms: Arms, seed: u64) {
    let (game, view) = busy(json);
    let (new, old) = (png(&game, &view), render_v1::png(&game, &view));
    let (mean, share) = difference(&new, &old);
    assert!(
        mean < 1.0 && share < 0.005,
        "{name}: today's picture differs from the previous code's: mean {mean:.3}, {:.3} % of pixels",
        share * 100.0
    );
    assert!(
        new.len() < 150 * 1024,
        "{name}: PNG of {} bytes exceeds 150 KB",
        new.len()
    );
    let (mut t_new, mut t_old) = (Vec::with_capacity(RUNS), Vec::with_capacity(RUNS));
    for _ in 0..RUNS {
        t_new.push(per_call_ms(BATCH, || png(&game, &view)));
        t_old.push(per_call_ms(BATCH, || render_v1::png(&game, &view)));
    }
    let (m_new, m_old) = (median(t_new.clone()), median(t_old.clone()));
    let ratios: Vec<f64> = t_old.iter().zip(&t_new).map(|(o, n)| o / n).collect();
    let (lo, hi) = (
        ratios.iter().copied().fold(f64::INFINITY, f64::min),
        ratios.iter().copied().fold(0.0, f64::max),
    );
    println!(
        "summary, render busy board png, {name}: today {m_new:.3} ms, before issue 52 {m_old:.3} ms \
         (medians of {RUNS} alternating batches of {BATCH}, thread CPU time): {:.2}× faster \
         (paired batches {lo:.2}–{hi:.2}×); PNG {:.1} KB against {:.1} KB; pixels against the \
         previous code's: mean difference {mean:.3}, {:.3} % off by more than 32",
        m_old / m_new,
        new.len() as f64 / 1024.0,
        old.len() as f64 / 1024.0,
        share * 100.0
    );

    let boards = game_boards(arms, seed, GAME_BOARDS);
    let (mut s_new, mut s_old, mut t_new, mut t_old) = (vec![], vec![], vec![], vec![]);
    let mut worst: (f64, f64) = (0.0, 0.0);
    for (g, v) in &boards {
        let (new, old) = (png(g, v), render_v1::png(g, v));
        let (mean, share) = difference(&new, &old);
        worst = (worst.0.max(mean), worst.1.max(share));
        s_new.push(new.len() as f64 / 1024.0);
        s_old.push(old.len() as f64 / 1024.0);
        t_new.push(per_call_ms(3, || png(g, v)));
        t_old.push(per_call_ms(3, || render_v1::png(g, v)));
    }
    assert!(
        worst.0 < 1.0 && worst.1 < 0.005,
        "{name}: a game board differs from the previous code's: {worst:?}"
    );
    let (m_new, m_old) = (median(t_new), median(t_old));
    println!(
        "summary, a seeded game's boards, {name} ({} boards): today {m_new:.3} ms, before issue \
         52 {m_old:.3} ms (medians, thread CPU time): {:.2}× faster; PNG median {:.1} KB \
         against {:.1} KB; largest difference in pixels: mean {:.3}, {:.3} % off",
        boards.len(),
        m_old / m_new,
        median(s_new),
        median(s_old),
        worst.0,
        worst.1 * 100.0
    );
}

fn main() {
    if std::env::var_os("PARXIS_BENCH_SUMMARY_ONLY").is_none() {
        let mut c = Criterion::default().configure_from_args();
        render(&mut c);
        c.final_summary();
    }
    for ((name, json), arms) in BOARDS.into_iter().zip(Arms::ALL) {
        summary(name, json, arms, 2026);
    }
}
