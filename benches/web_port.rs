//! The web port under a hostile client: the web port's figures of docs/SCALING.md, measured on
//! the real bot (webhook mode, live board on) with a real Redis and the fake Bot API.
//!
//! - resident memory of the bot while 150 clients stall 2 MB bodies (no credentials);
//! - `/healthz` latency and a group's `/help` answer (webhook POST → the reply reaching the
//!   fake Bot API), quiet, under 1,000 silent connections, and under a stream flood (clients
//!   opening live streams as fast as they are answered, from 4 addresses);
//! - time from SIGTERM to exit with 100 open live streams.
//!
//! Medians of `PARXIS_WEB_RUNS` runs (default 5), each on a fresh process. The bot is this
//! build's binary, or `PARXIS_BOT_BIN` (e.g. `target/release/parxis`).
//!
//! ```sh
//! cargo build --release && PARXIS_BOT_BIN=target/release/parxis cargo bench --bench web_port
//! ```

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use support::bot_process::{BotProcess, CHAT, WEBHOOK_SECRET, reply_to};
use support::fake_tg::{FakeTelegram, TestUser};
use support::hostile::{HOOK, WATCHER, open_stream, room_for_sockets, stall_bodies, start};
use support::http;
use support::redis::TestRedis;
use tokio::net::TcpStream;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Resident memory (MiB) added by 150 stalled 2 MB bodies without credentials.
async fn stalled_bodies() -> (f64, f64) {
    let (_fake, _redis, bot) = start(&[], None, TestRedis::start()).await;
    let before = bot.rss_kib();
    let held = stall_bodies(bot.addr(), 150).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let during = bot.rss_kib();
    drop(held);
    (
        before as f64 / 1024.0,
        during.saturating_sub(before) as f64 / 1024.0,
    )
}

/// `/healthz` latencies (ms) of `n` requests.
async fn healthz(bot: &BotProcess, n: usize) -> Vec<f64> {
    let mut out = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        let r = http::get(bot.addr(), "/healthz").await;
        assert_eq!(r.status, 200);
        out.push(ms(t.elapsed()));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    out
}

/// Times (ms) from a group's `/help` POSTed to the webhook to its reply at the Bot API.
async fn helps(fake: &FakeTelegram, bot: &BotProcess, n: usize) -> Vec<f64> {
    let mut out = Vec::new();
    for i in 0..n {
        let member = TestUser::new(11 + (i % 4) as i64, "Ana").lang("en");
        let update = fake.command(CHAT, &member, "/help");
        let id = update["message"]["message_id"].as_i64().expect("id");
        let t = Instant::now();
        let r = http::post_json(bot.addr(), HOOK, Some(WEBHOOK_SECRET), &update).await;
        assert_eq!(r.status, 200);
        fake.wait_for_request(|r| reply_to(r, id), Duration::from_secs(30))
            .await;
        out.push(ms(t.elapsed()));
    }
    out
}

/// Medians (ms) of `/healthz` and `/help`: quiet, under 1,000 silent connections, under a
/// stream flood.
async fn under_load() -> [(f64, f64); 3] {
    // (a budget the /help replies never wait for)
    let (fake, _redis, bot) = start(
        &[("PARXIS_BOARD_WRITES_PER_MINUTE", "600")],
        None,
        TestRedis::start(),
    )
    .await;
    let quiet = (
        median(healthz(&bot, 40).await),
        median(helps(&fake, &bot, 8).await),
    );

    let mut silent = Vec::new();
    for _ in 0..1000 {
        silent.push(TcpStream::connect(bot.addr()).await.expect("connect"));
    }
    let held = (
        median(healthz(&bot, 40).await),
        median(helps(&fake, &bot, 8).await),
    );
    drop(silent);

    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicU64::new(0));
    let mut flooders = Vec::new();
    for a in 0..4u8 {
        let (stop, opened, addr) = (Arc::clone(&stop), Arc::clone(&opened), bot.addr());
        flooders.push(tokio::spawn(async move {
            let mut kept = Vec::new();
            let mut user = WATCHER + i64::from(a) * 100_000;
            while !stop.load(Ordering::Relaxed) {
                user += 1;
                let (h, s) = open_stream(addr, Ipv4Addr::new(127, 0, 0, 10 + a), user).await;
                if h.status == 200 {
                    opened.fetch_add(1, Ordering::Relaxed);
                    kept.push(s);
                }
            }
            kept.len()
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let flood = (
        median(healthz(&bot, 40).await),
        median(helps(&fake, &bot, 8).await),
    );
    stop.store(true, Ordering::Relaxed);
    for f in flooders {
        let _ = f.await;
    }
    eprintln!(
        "  (stream flood: {} streams accepted and held)",
        opened.load(Ordering::Relaxed)
    );
    [quiet, held, flood]
}

/// Time (ms) from SIGTERM to exit with 100 open live streams.
async fn sigterm_exit() -> f64 {
    let (_fake, _redis, mut bot) = start(&[], None, TestRedis::start()).await;
    let mut streams = Vec::new();
    for i in 0..100_i64 {
        let from = Ipv4Addr::new(127, 0, 0, 20 + (i % 4) as u8);
        let (h, s) = open_stream(bot.addr(), from, WATCHER + i).await;
        assert_eq!(h.status, 200, "stream {i}");
        streams.push(s);
    }
    let t = Instant::now();
    bot.sigterm();
    let status = bot.wait_exit(Duration::from_secs(30)).await;
    assert!(status.success(), "{status}");
    ms(t.elapsed())
}

fn main() {
    // `cargo bench` passes `--bench`; a name filter selects nothing else here.
    let runs: usize = std::env::var("PARXIS_WEB_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    room_for_sockets();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let (mut base, mut grown, mut exits) = (Vec::new(), Vec::new(), Vec::new());
        let mut loads: Vec<[(f64, f64); 3]> = Vec::new();
        for run in 0..runs {
            let (b, g) = stalled_bodies().await;
            base.push(b);
            grown.push(g);
            loads.push(under_load().await);
            exits.push(sigterm_exit().await);
            eprintln!("run {}: +{g:.1} MiB, exit {:.0} ms", run + 1, exits[run]);
        }
        let col = |i: usize, j: usize| {
            median(
                loads
                    .iter()
                    .map(|l| if j == 0 { l[i].0 } else { l[i].1 })
                    .collect(),
            )
        };
        println!("web port, medians of {runs} runs:");
        println!(
            "  150 stalled 2 MB bodies: resident memory +{:.1} MiB (from {:.1} MiB)",
            median(grown),
            median(base)
        );
        for (i, what) in ["quiet", "1,000 silent connections", "stream flood"]
            .iter()
            .enumerate()
        {
            println!(
                "  {what}: /healthz {:.2} ms, group /help answered in {:.1} ms",
                col(i, 0),
                col(i, 1)
            );
        }
        println!(
            "  SIGTERM to exit, 100 open streams: {:.0} ms",
            median(exits)
        );
    });
}
