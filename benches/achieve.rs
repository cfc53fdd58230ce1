//! The cost of computing a game's achievements at its end (the record job): the record
//! replayed through the engine and its moments read ([`parxis::bot::core::achieve::earned`]),
//! against replaying the record alone ([`parxis::bot::core::replay::walk`]) in the same run, on seeded
//! games of 4, 6 and 8 computer players (JCF, normal). Criterion prints the medians.
//!
//! `cargo bench --bench achieve`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::bot::core::achieve;
use parxis::bot::core::replay::sample::{self, Sample};

fn bench(c: &mut Criterion) {
    for players in [4, 6, 8] {
        let table = sample::play(&Sample::computers(players, 2026)).expect("a game");
        let replay = table.replay().expect("its record");
        let walk = parxis::bot::core::replay::walk(&replay).expect("it replays");
        let found = achieve::moments(&replay, &walk);
        println!(
            "{players} players: {} steps, {} achievements found",
            walk.steps.len(),
            found.len()
        );
        let mut g = c.benchmark_group(format!("achieve/{players}p"));
        g.bench_function("walk (replay alone)", |b| {
            b.iter(|| parxis::bot::core::replay::walk(black_box(&replay)).expect("replays"));
        });
        g.bench_function("earned (walk + moments)", |b| {
            b.iter(|| achieve::earned(black_box(&table)).expect("earned"));
        });
        g.bench_function("moments (on a walk)", |b| {
            b.iter(|| achieve::moments(black_box(&replay), black_box(&walk)));
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
