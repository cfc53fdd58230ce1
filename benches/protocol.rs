//! `parxis rules` throughput: 1,026 requests from seeded random play-outs of every preset
//! (roll requests and bonus requests), answered by `protocol::serve` in process (criterion,
//! then a median of 15 runs per request).
//!
//! With `PARXIS_BASELINE_BIN=/path/to/an/older/parxis`, the same input is also piped through
//! that binary and through this build's binary, 15 runs each, alternating; each time is less
//! the median time of the same binary on empty input (its start-up), and the report gives
//! both per-request medians and their ratio. The two binaries' answers are checked equal as
//! JSON values first, so the comparison is between implementations that agree.
//!
//! Run with `cargo bench --bench protocol`.

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use criterion::{Criterion, Throughput};
use parxis::engine::{Arms, Game, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// Requests in the input.
const REQUESTS: usize = 1026;

/// Requests from seeded random games: at each roll, with probability 1/8, a roll request for
/// the position and the die about to be rolled; every pending bonus, with probability 1/2, a
/// bonus request. Games cycle through the presets and 2, 3 and 4 seats (pairs for solidari).
fn requests() -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(1026);
    let mut out = Vec::with_capacity(REQUESTS);
    let mut game_no = 0usize;
    while out.len() < REQUESTS {
        let preset = Preset::ALL[game_no % 3];
        let opts = preset.options();
        let n = if opts.pairs { 4 } else { 2 + game_no % 3 };
        game_no += 1;
        let seats = Arms::Four.default_seats(n).expect("2 to 4 seats");
        let mut g = Game::new(preset, opts, &seats).expect("a new game");
        while out.len() < REQUESTS {
            match g.phase() {
                Phase::Finished(_) => break,
                Phase::AwaitingRoll(_) => {
                    let die = rng.random_range(1..=6);
                    if rng.random_ratio(1, 8) {
                        out.push(json!({"position": g, "roll": die}).to_string());
                    }
                    g = g.roll(die).expect("a roll");
                }
                Phase::AwaitingBonus { .. } | Phase::AwaitingMove { .. } => {
                    if g.bonus().is_some() && rng.random_ratio(1, 2) {
                        out.push(json!({ "position": g }).to_string());
                    }
                    let moves = g.legal_moves();
                    g = if moves.is_empty() {
                        g.pass().expect("a pass").0
                    } else {
                        g.play_unchecked(moves[rng.random_range(0..moves.len())])
                    };
                }
            }
        }
    }
    out
}

fn serve(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 << 20);
    parxis::protocol::serve(input, &mut out).expect("serve in memory");
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Seconds to pipe `input` through `bin rules` and read every answer; the answers.
fn run_binary(bin: &str, input: &[u8]) -> (f64, Vec<u8>) {
    let t = Instant::now();
    let mut child = Command::new(bin)
        .arg("rules")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the binary");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().expect("the binary runs");
    let secs = t.elapsed().as_secs_f64();
    writer.join().expect("writer").expect("write the input");
    assert!(out.status.success(), "{bin} rules failed");
    (secs, out.stdout)
}

fn answers(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("an answer is JSON"))
        .collect()
}

/// Per-request seconds of two binaries on `input`, start-up excluded, runs alternating.
fn compare_binaries(current: &str, baseline: &str, input: &[u8]) {
    let (_, new_out) = run_binary(current, input);
    let (_, old_out) = run_binary(baseline, input);
    let (new_answers, old_answers) = (answers(&new_out), answers(&old_out));
    assert_eq!(new_answers.len(), REQUESTS, "one answer per request");
    assert_eq!(
        new_answers, old_answers,
        "both binaries give the same answers"
    );
    let mut times = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..15 {
        times[0].push(run_binary(current, input).0);
        times[1].push(run_binary(baseline, input).0);
        times[2].push(run_binary(current, b"").0);
        times[3].push(run_binary(baseline, b"").0);
    }
    let [new_full, old_full, new_empty, old_empty] = times.map(median);
    let per = |full: f64, empty: f64| (full - empty) / REQUESTS as f64 * 1e6;
    let (new_us, old_us) = (per(new_full, new_empty), per(old_full, old_empty));
    println!(
        "protocol binaries ({REQUESTS} requests, median of 15 runs, start-up subtracted): \
         this build {new_us:.2} µs/request ({:.1} ms total, start-up {:.1} ms), \
         baseline {old_us:.2} µs/request ({:.1} ms total, start-up {:.1} ms): {:.1}× faster",
        new_full * 1e3,
        new_empty * 1e3,
        old_full * 1e3,
        old_empty * 1e3,
        old_us / new_us
    );
}

fn main() {
    let lines = requests();
    let bonus = lines.iter().filter(|l| !l.contains("\"roll\"")).count();
    let input = lines.join("\n") + "\n";
    let reference = serve(input.as_bytes());
    // Benchmarks assert their counts: one answer per request, none of them an error.
    let got = answers(&reference);
    assert_eq!(got.len(), REQUESTS);
    assert!(
        got.iter().all(|a| a.get("moves").is_some()),
        "every request is valid"
    );
    assert_eq!(serve(input.as_bytes()), reference, "deterministic");

    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("protocol");
    group.throughput(Throughput::Elements(REQUESTS as u64));
    group.bench_function("serve 1026 requests in memory (elements = requests)", |b| {
        b.iter(|| serve(black_box(input.as_bytes())).len());
    });
    group.finish();
    c.final_summary();

    let runs: Vec<f64> = (0..15)
        .map(|_| {
            let t = Instant::now();
            black_box(serve(black_box(input.as_bytes())));
            t.elapsed().as_secs_f64()
        })
        .collect();
    let secs = median(runs);
    println!(
        "protocol summary ({REQUESTS} requests, {bonus} of them bonus requests, {} KB in, {} KB out; \
         median of 15 runs in memory, one core): {:.2} µs per request, {:.1} ms in all",
        input.len() / 1024,
        reference.len() / 1024,
        secs / REQUESTS as f64 * 1e6,
        secs * 1e3
    );
    if let Ok(baseline) = std::env::var("PARXIS_BASELINE_BIN") {
        compare_binaries(env!("CARGO_BIN_EXE_parxis"), &baseline, input.as_bytes());
    }
}
