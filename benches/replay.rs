//! Replays of seeded games of 2, 4, 6 and 8 computer players (JCF, normal level, the table
//! saved and read back between actions as the bot does): the stored record's size, the
//! JSON Lines file's size, the GIF's frames, size and length (its frames' delays added up:
//! at most a minute, `replay::pace`), the time to encode the GIF on one
//! core (median) and the memory it needs at its peak.
//!
//! `cargo bench --bench replay` runs criterion on each GIF, then prints for each game the
//! median of 7 timed encodes (wall time, and the thread's CPU time: the figure on one
//! core when other processes share the machine), against two baselines measured in the
//! same run with the same encoder and palette: each move's change written as one
//! rectangle around all of it (not split into a frame per place), and every frame written
//! whole; and the peak of heap memory allocated while encoding (a counting allocator).
//!
//! `PARXIS_REPLAY_PLAYERS=4` limits the run to the games of that many players.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::bot::core::replay::sample::{self, Sample};
use parxis::bot::core::replay::{self, Walk, jsonl};
use parxis::bot::core::table::Replay;

/// The heap in use now and at its peak.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, as `System` requires.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

const GAMES: [(usize, u64); 4] = [(2, 2026), (4, 2026), (6, 2026), (8, 2026)];

fn game(players: usize, seed: u64) -> (Replay, Walk) {
    let table = sample::play(&Sample::computers(players, seed)).expect("a game");
    let r = table.replay().expect("its record");
    let w = replay::walk(&r).expect("it replays");
    (r, w)
}

/// The games to measure (all, or those `PARXIS_REPLAY_PLAYERS` names).
fn games() -> Vec<(usize, u64)> {
    let only: Option<Vec<usize>> = std::env::var("PARXIS_REPLAY_PLAYERS")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect());
    GAMES
        .into_iter()
        .filter(|(p, _)| only.as_ref().is_none_or(|o| o.contains(p)))
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("replay gif");
    g.sample_size(10);
    for (players, seed) in games() {
        let (r, w) = game(players, seed);
        let _ = replay::gif(&r, &w); // the empty board and the palette, drawn once
        g.bench_function(format!("{players} players"), |b| {
            b.iter(|| replay::gif(black_box(&r), black_box(&w)));
        });
    }
    g.finish();
}

/// The CPU time this thread has run (Linux's `/proc/thread-self/schedstat`), or `None`.
/// On a machine shared with other builds the wall time of one encode counts the time other
/// processes held the core; the thread's CPU time is the figure "on one core".
fn cpu_now() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The medians of 7 runs of `f`: wall time and this thread's CPU time.
fn median(mut f: impl FnMut()) -> (Duration, Duration) {
    let (mut wall, mut cpu): (Vec<Duration>, Vec<Duration>) = (0..7)
        .map(|_| {
            let (s, c) = (Instant::now(), cpu_now());
            f();
            let used = match (c, cpu_now()) {
                (Some(a), Some(b)) => b.saturating_sub(a),
                _ => Duration::ZERO,
            };
            (s.elapsed(), used)
        })
        .unzip();
    wall.sort_unstable();
    cpu.sort_unstable();
    (wall[3], cpu[3])
}

fn figures(_: &mut Criterion) {
    for (players, seed) in games() {
        let (r, w) = game(players, seed);
        let record = r.to_json().len();
        let lines = jsonl::write(&r, &w).len();
        let gif = replay::gif(&r, &w);
        let whole = replay::gif_whole_frames(&r, &w);
        let base = NOW.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        black_box(replay::gif(&r, &w));
        let peak = PEAK.load(Ordering::Relaxed) - base;
        let (t, tc) = median(|| {
            black_box(replay::gif(black_box(&r), black_box(&w)));
        });
        let one = replay::gif_one_rectangle(&r, &w);
        let (_, toc) = median(|| {
            black_box(replay::gif_one_rectangle(black_box(&r), black_box(&w)));
        });
        let (tw, twc) = median(|| {
            black_box(replay::gif_whole_frames(black_box(&r), black_box(&w)));
        });
        let gif_frames = gif_frame_count(&gif);
        let pace = replay::pace(&w);
        let (walk, _) = median(|| {
            black_box(replay::walk(black_box(&r)).expect("replays"));
        });
        println!(
            "replay, {players} players ({} arms, seed {seed}): {} steps, {} moves; record {record} B (log {} B), JSON Lines {:.0} KB; GIF {} pictures ({} of {} board changes{}) in {gif_frames} frames {}×{}, {:.0} KB, plays {:.1} s, encode median {:.0} ms wall, {:.0} ms CPU (one rectangle a move: {:.0} KB, {:.0} ms CPU: {:.2}× the CPU time; whole frames: {:.0} KB, {:.0} ms wall, {:.0} ms CPU: {:.2}× the CPU time, {:.2}× the size), peak heap {:.1} MB; walk {:.2} ms",
            r.arms.count(),
            w.steps.len(),
            w.moves(),
            r.log.len(),
            lines as f64 / 1024.0,
            replay::frame_count(&w),
            pace.beats.len(),
            pace.changes,
            if pace.highlights { ", highlights" } else { "" },
            parxis::render::image::anim::side(r.arms),
            parxis::render::image::anim::height(r.arms),
            gif.len() as f64 / 1024.0,
            f64::from(gif_length_cs(&gif)) / 100.0,
            t.as_secs_f64() * 1e3,
            tc.as_secs_f64() * 1e3,
            one.len() as f64 / 1024.0,
            toc.as_secs_f64() * 1e3,
            tc.as_secs_f64() / toc.as_secs_f64().max(1e-9),
            whole.len() as f64 / 1024.0,
            tw.as_secs_f64() * 1e3,
            twc.as_secs_f64() * 1e3,
            tc.as_secs_f64() / twc.as_secs_f64().max(1e-9),
            gif.len() as f64 / whole.len() as f64,
            peak as f64 / (1024.0 * 1024.0),
            walk.as_secs_f64() * 1e3,
        );
    }
}

/// The GIF `bytes`' frames' delays added up (hundredths of a second).
fn gif_length_cs(bytes: &[u8]) -> u32 {
    let mut d = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut cs = 0;
    while let Some(f) = d.read_next_frame().expect("a frame") {
        cs += u32::from(f.delay);
    }
    cs
}

/// How many frames the GIF `bytes` has.
fn gif_frame_count(bytes: &[u8]) -> usize {
    let mut d = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut n = 0;
    while d.read_next_frame().expect("a frame").is_some() {
        n += 1;
    }
    n
}

criterion_group!(benches, bench, figures);
criterion_main!(benches);
