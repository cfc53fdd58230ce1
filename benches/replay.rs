//! Replays of seeded games of 4, 6 and 8 computer players (JCF, normal level, the table
//! saved and read back between actions as the bot does): the stored record's size, the
//! JSON Lines file's size, the GIF's frames and size, the time to encode the GIF on one
//! core (median) and the memory it needs at its peak.
//!
//! `cargo bench --bench replay` runs criterion on each GIF, then prints for each game the
//! median of 7 timed encodes, against the same frames written whole (no changed
//! rectangles, same encoder and palette) measured in the same run, and the peak of heap
//! memory allocated while encoding (a counting allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::bot::core::table::Replay;
use parxis::replay::sample::{self, Sample};
use parxis::replay::{self, Walk, jsonl};

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

const GAMES: [(usize, u64); 3] = [(4, 2026), (6, 2026), (8, 2026)];

fn game(players: usize, seed: u64) -> (Replay, Walk) {
    let table = sample::play(&Sample::computers(players, seed)).expect("a game");
    let r = table.replay().expect("its record");
    let w = replay::walk(&r).expect("it replays");
    (r, w)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("replay gif");
    g.sample_size(10);
    for (players, seed) in GAMES {
        let (r, w) = game(players, seed);
        let _ = replay::gif(&r, &w); // the empty board and the palette, drawn once
        g.bench_function(format!("{players} players"), |b| {
            b.iter(|| replay::gif(black_box(&r), black_box(&w)));
        });
    }
    g.finish();
}

fn median(mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..7)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort_unstable();
    t[3]
}

fn figures(_: &mut Criterion) {
    for (players, seed) in GAMES {
        let (r, w) = game(players, seed);
        let record = r.to_json().len();
        let lines = jsonl::write(&r, &w).len();
        let gif = replay::gif(&r, &w);
        let whole = replay::gif_whole_frames(&r, &w);
        let base = NOW.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        black_box(replay::gif(&r, &w));
        let peak = PEAK.load(Ordering::Relaxed) - base;
        let t = median(|| {
            black_box(replay::gif(black_box(&r), black_box(&w)));
        });
        let tw = median(|| {
            black_box(replay::gif_whole_frames(black_box(&r), black_box(&w)));
        });
        let walk = median(|| {
            black_box(replay::walk(black_box(&r)).expect("replays"));
        });
        println!(
            "replay, {players} players ({} arms, seed {seed}): {} steps, {} moves; record {record} B (log {} B), JSON Lines {:.0} KB; GIF {} frames {}×{}, {:.0} KB, encode median {:.0} ms (whole frames: {:.0} KB, {:.0} ms: {:.2}× the time, {:.2}× the size), peak heap {:.1} MB; walk {:.2} ms",
            r.arms.count(),
            w.steps.len(),
            w.moves(),
            r.log.len(),
            lines as f64 / 1024.0,
            replay::frame_count(&w),
            parxis::render::image::size(r.arms),
            parxis::render::image::size(r.arms),
            gif.len() as f64 / 1024.0,
            t.as_secs_f64() * 1e3,
            whole.len() as f64 / 1024.0,
            tw.as_secs_f64() * 1e3,
            t.as_secs_f64() / tw.as_secs_f64(),
            gif.len() as f64 / whole.len() as f64,
            peak as f64 / (1024.0 * 1024.0),
            walk.as_secs_f64() * 1e3,
        );
    }
}

criterion_group!(benches, bench, figures);
criterion_main!(benches);
