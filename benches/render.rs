//! PNG board rendering: time per image for a busy mid-game position, and its size.
//!
//! `cargo bench --bench render` runs criterion on one render (copy the cached board, draw
//! the position with labels and a trail, encode), then prints the median and p99 of 1000
//! timed renders and the PNG size, and asserts the size stays under 150 KB.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::engine::{Game, Loc, Setup, Square};
use parxis::render::image::{View, png};

/// The busy position once yellow played 17 → 20 (a barrier) and blue rolled a 4, and the
/// view the bot would draw for it: yellow's trail and blue's three moves.
fn busy() -> (Game, View) {
    let setup: Setup = serde_json::from_str(include_str!("../tests/data/render/busy.json"))
        .expect("busy.json is a position");
    let before = Game::from_setup(&setup).expect("busy.json is valid");
    let last = before
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Square::ring(17).map(Loc::Sq).expect("square 17"))
        .expect("yellow can play 17 → 20");
    let game = before.play(last).and_then(|g| g.roll(4)).expect("legal");
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 3, "blue has three moves with a 4");
    let view = View {
        last_move: Some(last.into()),
        choices: moves.to_vec(),
        names: std::array::from_fn(|i| {
            ["Núria", "Pau·la", "Iñaki", "François"]
                .get(i)
                .map(|s| (*s).to_owned())
        }),
        letters: None,
    };
    (game, view)
}

fn render(c: &mut Criterion) {
    let (game, view) = busy();
    let _ = png(&game, &view); // draw the cached empty board once
    c.bench_function("render busy board png", |b| {
        b.iter(|| png(black_box(&game), black_box(&view)));
    });
}

fn percentiles(_: &mut Criterion) {
    let (game, view) = busy();
    let size = png(&game, &view).len();
    let mut times: Vec<Duration> = (0..1000)
        .map(|_| {
            let t = Instant::now();
            black_box(png(black_box(&game), black_box(&view)));
            t.elapsed()
        })
        .collect();
    times.sort_unstable();
    println!(
        "render busy board png, 1000 renders: median {:.2} ms, p99 {:.2} ms, max {:.2} ms; PNG {} bytes ({:.1} KB)",
        times[500].as_secs_f64() * 1e3,
        times[990].as_secs_f64() * 1e3,
        times[999].as_secs_f64() * 1e3,
        size,
        size as f64 / 1024.0
    );
    assert!(size < 150 * 1024, "PNG of {size} bytes exceeds 150 KB");
}

criterion_group!(benches, render, percentiles);
criterion_main!(benches);
