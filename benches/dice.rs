//! The cost of a provably fair roll ([`parxis::dice::fair::roll`]: one HMAC-SHA256 of the
//! game's seed, salt and roll number) against today's per-action generator before it (a
//! ChaCha8 seeded for the action, from the operating system in production, from a number
//! in tests, then one roll), and, for scale, one Redis round trip (a `PING` to a local
//! `redis-server`, skipped when none is installed): what every press costs at least.
//!
//! `cargo bench --bench dice` runs criterion on each, then prints the median of 51 samples
//! of each (nanoseconds per roll) and the ratios against the seeded ChaCha8 baseline
//! measured in the same run.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::dice::RngDice;
use parxis::dice::fair::{self, Seed};
use parxis::engine::Dice;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A salt as long as a four-player lobby's with a phrase and a press id.
const SALT: &str =
    "parxis-v1|players=1234567890,2345678901,-1,-2|press=4382019233284123456|phrases=green apples";

fn fair_roll(n: u64) -> u8 {
    let seed = Seed::from_bytes([7; 32]);
    fair::roll(&seed, SALT, n)
}

fn chacha_seeded(n: u64) -> u8 {
    RngDice(ChaCha8Rng::seed_from_u64(n)).roll()
}

fn chacha_os(_: u64) -> u8 {
    RngDice(ChaCha8Rng::from_os_rng()).roll()
}

/// Median nanoseconds per call of `f` over 51 samples of `per` calls.
fn median_ns(per: u64, mut f: impl FnMut(u64) -> u8) -> f64 {
    let mut samples: Vec<f64> = (0..51)
        .map(|s| {
            let t = Instant::now();
            for n in 0..per {
                black_box(f(black_box(s * per + n)));
            }
            t.elapsed().as_secs_f64() * 1e9 / per as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// A local `redis-server` on a free port, and the median of 51 samples of 200 `PING`s.
fn redis_ping_ns() -> Option<f64> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .ok()?
        .local_addr()
        .ok()?
        .port();
    let mut server = std::process::Command::new("redis-server")
        .args([
            "--port",
            &port.to_string(),
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let url = format!("redis://127.0.0.1:{port}/");
    let client = redis::Client::open(url).ok()?;
    let mut conn = None;
    for _ in 0..100 {
        if let Ok(c) = client.get_connection() {
            conn = Some(c);
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let result = conn.map(|mut c| {
        median_ns(200, |_| {
            let _: String = redis::cmd("PING").query(&mut c).unwrap_or_default();
            0
        })
    });
    let _ = server.kill();
    let _ = server.wait();
    result
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dice");
    let mut n = 0u64;
    g.bench_function("fair_hmac_sha256", |b| {
        b.iter(|| {
            n += 1;
            fair_roll(black_box(n))
        });
    });
    g.bench_function("chacha8_seeded_per_action", |b| {
        b.iter(|| {
            n += 1;
            chacha_seeded(black_box(n))
        });
    });
    g.bench_function("chacha8_os_per_action", |b| {
        b.iter(|| chacha_os(black_box(0)));
    });
    g.finish();

    let fair_ns = median_ns(20_000, fair_roll);
    let seeded_ns = median_ns(20_000, chacha_seeded);
    let os_ns = median_ns(20_000, chacha_os);
    println!("\nmedians of 51 samples, ns per roll:");
    println!("  fair (HMAC-SHA256)         {fair_ns:9.1}");
    println!("  ChaCha8 seeded per action  {seeded_ns:9.1}  (baseline)");
    println!("  ChaCha8 from the OS        {os_ns:9.1}");
    println!("  fair / seeded ChaCha8      {:9.2}x", fair_ns / seeded_ns);
    println!("  fair / OS ChaCha8          {:9.2}x", fair_ns / os_ns);
    match redis_ping_ns() {
        Some(ping) => {
            println!("  Redis PING round trip      {ping:9.1}");
            println!("  fair roll / Redis trip     {:9.4}", fair_ns / ping);
        }
        None => println!("  (no redis-server: no round trip measured)"),
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
