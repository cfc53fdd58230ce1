//! PNG board rendering: time per image for a busy mid-game position on each board size
//! (4, 6 and 8 arms), and its size.
//!
//! `cargo bench --bench render` runs criterion on one render per board (copy the cached
//! board, draw the position with labels and a trail, encode), then prints, for each board,
//! the median and p99 of 1000 timed renders, the ratio of its median to the four-arm
//! board's measured in the same run, and the PNG size, and asserts each size stays under
//! 150 KB.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::bot::core::view::ordered_moves;
use parxis::engine::{Game, Loc, Setup, Square};
use parxis::render::image::{View, png};

const BOARDS: [(&str, &str); 3] = [
    ("4 arms", include_str!("../tests/data/render/busy.json")),
    ("6 arms", include_str!("../tests/data/render/busy_6.json")),
    ("8 arms", include_str!("../tests/data/render/busy_8.json")),
];

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
    let names = [
        "Núria",
        "Pau·la",
        "Iñaki",
        "François",
        "Joan",
        "Mª Àngels",
        "Lluís",
        "Ona",
    ];
    let view = View {
        last_move: Some(last.into()),
        choices: ordered_moves(&game),
        names: names.map(|s| Some(s.to_owned())),
        letters: None,
    };
    (game, view)
}

fn render(c: &mut Criterion) {
    for (name, json) in BOARDS {
        let (game, view) = busy(json);
        let _ = png(&game, &view); // draw the cached empty board once
        c.bench_function(&format!("render busy board png, {name}"), |b| {
            b.iter(|| png(black_box(&game), black_box(&view)));
        });
    }
}

fn percentiles(_: &mut Criterion) {
    let mut baseline = None;
    for (name, json) in BOARDS {
        let (game, view) = busy(json);
        let size = png(&game, &view).len();
        let mut times: Vec<Duration> = (0..1000)
            .map(|_| {
                let t = Instant::now();
                black_box(png(black_box(&game), black_box(&view)));
                t.elapsed()
            })
            .collect();
        times.sort_unstable();
        let median = times[500].as_secs_f64() * 1e3;
        let base = *baseline.get_or_insert(median);
        println!(
            "render busy board png, {name}, 1000 renders: median {median:.2} ms ({:.2}× the 4-arm median), p99 {:.2} ms, max {:.2} ms; PNG {size} bytes ({:.1} KB)",
            median / base,
            times[990].as_secs_f64() * 1e3,
            times[999].as_secs_f64() * 1e3,
            size as f64 / 1024.0
        );
        assert!(
            size < 150 * 1024,
            "{name}: PNG of {size} bytes exceeds 150 KB"
        );
    }
}

criterion_group!(benches, render, percentiles);
criterion_main!(benches);
