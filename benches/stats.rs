//! The stats tables under load, on a real `redis-server` started for the run (127.0.0.1).
//!
//! Seeds one chat with 10,000 games recorded through `Store::record_game` (1,000 members,
//! four humans a game, so everyone is settled) and the global tables with 100,000 players
//! (raw pipelined writes of the same layout: an aggregate hash, a rating line, an index
//! entry each), then times, one call at a time:
//!
//! - `/top`: the chat's weekly, all-time and rating tables (top 10, 5 apart, the caller's
//!   line) and the global rating table of 100,000 players;
//! - `/stats`: a player's card;
//! - recording one finished game of four humans.
//!
//! For each: median and p99 over many calls, the ratio of the median to a bare round trip
//! (PING through the same `Store`, measured in the same run), and the Redis round trips per
//! call, counted by
//! a loopback proxy between a second `Store` and the server (each burst of bytes the client
//! sends is one request; calls run one at a time). Then the memory each recorded game adds
//! (`MEMORY USAGE` of the history list and of the markers; `used_memory` before and after
//! 2,000 games). Takes about a minute.
//!
//! ```text
//! cargo bench --bench stats
//! ```

#[path = "../tests/it/support/redis.rs"]
mod redis_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use parxis::engine::Preset;
use parxis::stats::{ChatZone, GameRecord, Player, SeatRecord};
use parxis::store::{StatsScope, Store, Table, keys};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use redis_support::TestRedis;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const CHAT: i64 = -1_001_000_000_001;
const CHAT_GAMES: usize = 10_000;
const MEMBERS: i64 = 1_000;
const GLOBAL_USERS: i64 = 100_000;
/// Monday 30 November 2026, 12:00 in Madrid.
const NOON: i64 = 1_796_036_400_000;

fn game(id: &str, chat: i64, ended_ms: i64, rng: &mut ChaCha8Rng) -> GameRecord {
    let mut users: Vec<i64> = Vec::new();
    while users.len() < 4 {
        let u = 1 + rng.random_range(0..MEMBERS);
        if !users.contains(&u) {
            users.push(u);
        }
    }
    let winner = rng.random_range(0..4);
    let colours = ["yellow", "blue", "red", "green"];
    let seats = users
        .iter()
        .enumerate()
        .map(|(i, &id)| SeatRecord {
            player: Player::Human {
                id,
                name: format!("Jugador {id}"),
            },
            colour: colours[i].to_owned(),
            team: u8::try_from(i).unwrap_or(0),
            distance: if i == winner {
                0
            } else {
                rng.random_range(20..200)
            },
            won: i == winner,
            captures_made: rng.random_range(0..6),
            captures_suffered: rng.random_range(0..6),
            pieces_home: if i == winner {
                4
            } else {
                rng.random_range(0..4)
            },
            third_sixes: rng.random_range(0..2),
            timeouts: 0,
            faces: [0; 6],
        })
        .collect();
    GameRecord {
        id: id.to_owned(),
        chat,
        topic: None,
        preset: Preset::Classic,
        options: Preset::Classic.options(),
        arms: 4,
        started_ms: ended_ms - 1_800_000,
        ended_ms,
        moves: rng.random_range(100..300),
        rolls: rng.random_range(150..400),
        seats,
    }
}

/// A loopback proxy to Redis that counts the client's request bursts.
async fn counting_proxy(redis_port: u16, count: Arc<AtomicU64>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let count = count.clone();
            tokio::spawn(async move {
                let Ok(server) = TcpStream::connect(("127.0.0.1", redis_port)).await else {
                    return;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                let (mut cr, mut cw) = client.into_split();
                let (mut sr, mut sw) = server.into_split();
                let up = async {
                    let mut buf = vec![0u8; 1 << 16];
                    while let Ok(n) = cr.read(&mut buf).await {
                        if n == 0 || sw.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                };
                let down = async {
                    let mut buf = vec![0u8; 1 << 16];
                    while let Ok(n) = sr.read(&mut buf).await {
                        if n == 0 || cw.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                    }
                };
                tokio::join!(up, down);
            });
        }
    });
    port
}

/// Median of a sample, µs.
fn median(times: &[Duration]) -> f64 {
    let mut t = times.to_vec();
    t.sort();
    t[t.len() / 2].as_secs_f64() * 1e6
}

fn report(name: &str, mut times: Vec<Duration>, trips: f64, baseline: f64) {
    let ratio = median(&times) / baseline;
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times[i].as_secs_f64() * 1e6
    };
    println!(
        "{name:<28} n={:<5} median {:>5.0} µs ({ratio:>4.1}× PING)   p99 {:>5.0} µs   round trips {trips:.2}",
        times.len(),
        at(0.5),
        at(0.99)
    );
}

async fn used_memory(raw: &mut redis::aio::MultiplexedConnection) -> i64 {
    let info: String = redis::cmd("INFO")
        .arg("memory")
        .query_async(raw)
        .await
        .expect("info");
    info.lines()
        .find_map(|l| l.strip_prefix("used_memory:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

async fn memory_usage(raw: &mut redis::aio::MultiplexedConnection, key: &str) -> i64 {
    redis::cmd("MEMORY")
        .arg("USAGE")
        .arg(key)
        .arg("SAMPLES")
        .arg(0)
        .query_async::<Option<i64>>(raw)
        .await
        .expect("memory usage")
        .unwrap_or(0)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let started = Instant::now();
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let count = Arc::new(AtomicU64::new(0));
    let proxy = counting_proxy(server.port(), count.clone()).await;
    let counted = Store::connect(&format!("redis://127.0.0.1:{proxy}/"))
        .await
        .expect("connect through proxy");
    let mut raw = server.raw().await;
    let zone = ChatZone::default();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);

    // Global players: aggregate, rating line and index entry, as record_game leaves them.
    let global = StatsScope::Global;
    for batch in 0..(GLOBAL_USERS / 1000) {
        let mut pipe = redis::pipe();
        for u in (batch * 1000 + 1)..=(batch * 1000 + 1000) {
            let user = 10_000_000 + u;
            let mu = 15.0 + rng.random::<f64>() * 20.0;
            let sg = 1.5 + rng.random::<f64>() * 6.0;
            let games = rng.random_range(1..200);
            pipe.cmd("HSET")
                .arg(global.user(user))
                .arg(&[
                    ("n", format!("Usuari {user}")),
                    ("g", games.to_string()),
                    ("w", (games / 4).to_string()),
                    ("r", games.to_string()),
                    ("mu", mu.to_string()),
                    ("sg", sg.to_string()),
                ])
                .ignore();
            let shown = parxis::stats::Rating { mu, sigma: sg }.display();
            let table = global.of_user(user).table("rating", games < 3);
            pipe.cmd("ZADD").arg(table).arg(shown).arg(user).ignore();
            pipe.cmd("SADD")
                .arg(keys::stats_user_chats(user))
                .arg(-1_000_000 - u % 5000)
                .ignore();
        }
        let () = pipe.query_async(&mut raw).await.expect("seed global");
    }
    // The chat: 10,000 games through the real path, one week's worth ending before NOON.
    for i in 0..CHAT_GAMES {
        let ended = NOON - 1_000 * (CHAT_GAMES - i) as i64;
        let g = game(&format!("seed{i}"), CHAT, ended, &mut rng);
        store.record_game(&g, &zone).await.expect("seed game");
    }
    let dbsize: i64 = redis::cmd("DBSIZE").query_async(&mut raw).await.unwrap();
    println!(
        "seeded {CHAT_GAMES} games in one chat ({MEMBERS} members) and {GLOBAL_USERS} global players: {dbsize} keys, {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // The baseline: one bare round trip (PING) through the same Store.
    let mut pings = Vec::with_capacity(3_000);
    for _ in 0..3_000 {
        let t = Instant::now();
        store.ping().await.expect("ping");
        pings.push(t.elapsed());
    }
    let baseline = median(&pings);
    report("PING (baseline)", pings, 1.0, baseline);

    let week = zone.week_of(NOON);
    let chat = StatsScope::Chat(CHAT);
    let queries: [(&str, StatsScope, Table); 4] = [
        ("/top (chat, this week)", chat, Table::Week(week)),
        ("/top all (chat, all time)", chat, Table::AllTime),
        ("/top rating (chat)", chat, Table::Rating),
        ("top rating (global, 100k)", global, Table::Rating),
    ];
    for (name, scope, table) in queries {
        let runs = 3_000;
        let mut times = Vec::with_capacity(runs);
        for i in 0..runs {
            let caller = 1 + (i as i64 * 7919) % MEMBERS;
            let t = Instant::now();
            let top = store
                .top(scope, table, 10, 5, Some(caller))
                .await
                .expect("top");
            times.push(t.elapsed());
            assert!(!top.top.is_empty());
        }
        let before = count.load(Ordering::Relaxed);
        for _ in 0..100 {
            counted
                .top(scope, table, 10, 5, Some(7))
                .await
                .expect("top");
        }
        let trips = (count.load(Ordering::Relaxed) - before) as f64 / 100.0;
        report(name, times, trips, baseline);
    }
    {
        let runs = 3_000;
        let mut times = Vec::with_capacity(runs);
        for i in 0..runs {
            let user = 1 + (i as i64) % MEMBERS;
            let t = Instant::now();
            let card = store
                .player_card(CHAT, user, Some(week))
                .await
                .expect("card");
            times.push(t.elapsed());
            assert!(card.chat.is_some_and(|c| c.games > 0));
        }
        let before = count.load(Ordering::Relaxed);
        for _ in 0..100 {
            counted
                .player_card(CHAT, 5, Some(week))
                .await
                .expect("card");
        }
        let trips = (count.load(Ordering::Relaxed) - before) as f64 / 100.0;
        report("/stats (player card)", times, trips, baseline);
    }

    // Recording: memory and time over 2,000 more games.
    let history = keys::stats_history(CHAT);
    let mem_before = used_memory(&mut raw).await;
    let runs = 2_000;
    let mut times = Vec::with_capacity(runs);
    for i in 0..runs {
        let g = game(&format!("bench{i}"), CHAT, NOON + i as i64, &mut rng);
        let t = Instant::now();
        let out = store.record_game(&g, &zone).await.expect("record");
        times.push(t.elapsed());
        assert!(out.recorded);
    }
    let mem_after = used_memory(&mut raw).await;
    let before = count.load(Ordering::Relaxed);
    for i in 0..100 {
        let g = game(&format!("counted{i}"), CHAT, NOON + 10_000 + i, &mut rng);
        counted.record_game(&g, &zone).await.expect("record");
    }
    let trips = (count.load(Ordering::Relaxed) - before) as f64 / 100.0;
    report("record one game (4 humans)", times, trips, baseline);
    let before = count.load(Ordering::Relaxed);
    let g = game("counted0", CHAT, NOON + 10_000, &mut rng);
    let again = counted.record_game(&g, &zone).await.expect("again");
    assert!(!again.recorded);
    println!(
        "record the same game again: {} round trips, nothing written",
        count.load(Ordering::Relaxed) - before
    );

    let list = memory_usage(&mut raw, &history).await;
    let len: i64 = redis::cmd("LLEN")
        .arg(&history)
        .query_async(&mut raw)
        .await
        .unwrap();
    let marker_chat = memory_usage(&mut raw, &chat.done(CHAT, "bench0")).await;
    let marker_global = memory_usage(&mut raw, &global.done(CHAT, "bench0")).await;
    let json_len = game("bench0", CHAT, NOON, &mut rng).to_json().len();
    println!(
        "memory per recorded game: history entry {} B (list {list} B / {len} entries; JSON {json_len} B), \
         markers {marker_chat} + {marker_global} B (30 days); used_memory grew {} B a game over {runs} games \
         (existing players)",
        list / len.max(1),
        (mem_after - mem_before) / runs as i64
    );
    let user_hash = memory_usage(&mut raw, &chat.user(1)).await;
    println!("a player's chat aggregate hash: {user_hash} B");
    println!("total {:.1} s", started.elapsed().as_secs_f64());
}
