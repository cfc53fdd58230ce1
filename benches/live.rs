//! The live board under many viewers: the real bot (dispatcher, driver, live board hub and
//! HTTP port per replica) against the fake Bot API and a real `redis-server`, on 127.0.0.1.
//!
//! For each set-up a fresh two-player game (auto dice) is watched by N viewers, each a
//! Server-Sent Events connection of its own user (from one of 16 loopback addresses, so the
//! server's own connection caps apply as to phones); the players tap (`POST <path>/api/act`)
//! one move at a time, each once every viewer has the previous state. Measured, per tap:
//! - **viewer latency**: from sending the tap to one viewer having the state it saved,
//!   over every viewer of every tap (median, p99);
//! - **all updated**: from sending the tap to the last viewer having it (median, p99);
//! - for 1, 100 and 1,000 viewers on one replica, and for 100 and 1,000 viewers spread over
//!   two replicas (every other viewer on the replica the taps do not reach: Redis pub/sub
//!   between);
//! - **100 games × 10 viewers** at once (viewers spread over the two replicas, every game
//!   tapped at the same time, `PARXIS_LIVE_GAME_TAPS` taps each);
//! - **memory per viewer** (measured first): the server process's resident memory with 1,000
//!   viewers connected (held by a child process) minus without, over 1,000.
//!
//! ```text
//! cargo bench --bench live
//! PARXIS_LIVE_TAPS=60 PARXIS_LIVE_GAME_TAPS=20 cargo bench --bench live
//! ```

#![allow(dead_code, clippy::cast_precision_loss)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use http_body_util::{BodyExt, Empty, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::effects::live::{GameId, Limits, LinkKey};
use parxis::engine::Colour;
use parxis::i18n::Lang;
use parxis::store::Place;
use serde_json::Value;
use support::bot_harness::{Harness, Options};
use support::fake_tg::{TOKEN, TestUser};
use support::live::{PATH, app, init_data, mid_game, now_secs, serve};
use tokio::sync::mpsc;

/// The next viewer's user id.
static NEXT_VIEWER: AtomicI64 = AtomicI64::new(100_000);

const TWO_PLAYERS: &str = r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","board":{}}"#;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

type Http = Client<HttpConnector, Empty<Bytes>>;

/// Source addresses the viewers connect from, so that no address passes the server's
/// connection cap per address (128 by default), as viewers on their own phones would not.
const SOURCES: u8 = 16;

/// One HTTP client per source address (127.0.1.k), without a pool: each viewer its own
/// connection.
fn clients() -> Vec<Http> {
    (0..SOURCES)
        .map(|k| {
            let mut connector = HttpConnector::new();
            connector.set_local_address(Some(std::net::Ipv4Addr::new(127, 0, 1, k + 1).into()));
            Client::builder(TokioExecutor::new())
                .pool_max_idle_per_host(0)
                .build(connector)
        })
        .collect()
}

/// The client viewer `i` connects with.
fn client(clients: &[Http], i: usize) -> Http {
    clients[i % clients.len()].clone()
}

/// One viewer: reads its stream and reports each state's version (and, for viewer 0, the
/// whole frame) with the time it arrived.
async fn viewer(
    http: Http,
    addr: SocketAddr,
    auth: String,
    index: usize,
    tx: mpsc::UnboundedSender<(usize, u64, Instant, Option<Value>)>,
) {
    let req = axum::http::Request::get(format!("http://{addr}{PATH}/api/live"))
        .header("authorization", auth)
        .body(Empty::<Bytes>::new())
        .expect("a request");
    let Ok(res) = http.request(req).await else {
        return;
    };
    if res.status() != 200 {
        // A refused viewer would leave the run waiting for it: stop loudly instead.
        eprintln!("viewer {index} refused: {}", res.status());
        std::process::exit(1);
    }
    let mut body = res.into_body();
    let mut buf = String::new();
    while let Some(Ok(frame)) = body.frame().await {
        let Ok(data) = frame.into_data() else {
            continue;
        };
        buf.push_str(&String::from_utf8_lossy(&data));
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            if !block.starts_with("event: state") {
                continue;
            }
            let at = Instant::now();
            let Some(json) = block.split("data: ").nth(1) else {
                continue;
            };
            let v = json
                .strip_prefix("{\"v\":")
                .and_then(|r| r.split(',').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let whole = (index == 0).then(|| serde_json::from_str(json.trim()).unwrap_or_default());
            if tx.send((index, v, at, whole)).is_err() {
                return;
            }
        }
    }
}

/// A fresh two-player game at `place`, its settings, and its link's id.
async fn game(h: &Harness, chat: i64) -> (Place, String) {
    let place = Place::of_chat(chat);
    h.store
        .set_settings(
            chat,
            &ChatSettings {
                lang: Some(Lang::En),
                display: Display::Emoji,
                timer_secs: 0,
                dice: DiceMode::Auto,
                pings_secs: 0,
                lang_offered: true,
            },
        )
        .await
        .expect("settings");
    // The table's stored form with `seq` 1 (a first game).
    let mut v = serde_json::to_value(mid_game(2, TWO_PLAYERS)).expect("json");
    v["seq"] = 1.into();
    let table: parxis::bot::core::table::Table = serde_json::from_value(v).expect("a table");
    let saved = h.store.save(place, 0, &table, 3600).await.expect("saved");
    assert!(matches!(saved, parxis::store::CasOutcome::Saved { .. }));
    (
        place,
        GameId::of(&LinkKey::of_token(TOKEN), place)
            .as_str()
            .to_owned(),
    )
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

struct Run {
    each: Vec<Duration>,
    all: Vec<Duration>,
}

/// Where a set-up's viewers connect.
#[derive(Clone, Copy)]
enum Watch {
    /// All on the replica the taps reach.
    One,
    /// Every other viewer on each of the two replicas.
    Spread,
}

/// `viewers` viewers of a fresh game, on the replicas `watch` says; `taps` taps sent to
/// replica 0.
async fn run(
    h: &Harness,
    addrs: &[SocketAddr],
    chat: i64,
    viewers: usize,
    watch: Watch,
    taps: usize,
) -> Run {
    let tap_at = 0;
    let (_place, id) = game(h, chat).await;
    let http = clients();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut tasks = Vec::new();
    for i in 0..viewers {
        // A user of their own (a user's streams are limited): ids never reused in a run.
        let user = TestUser::new(NEXT_VIEWER.fetch_add(1, Ordering::Relaxed), "Viewer");
        let auth = format!("tma {}", init_data(&user, Some("en"), &id, now_secs()));
        let watch_at = match watch {
            Watch::One => 0,
            Watch::Spread => i % 2,
        };
        tasks.push(tokio::spawn(viewer(
            client(&http, i),
            addrs[watch_at],
            auth,
            i,
            tx.clone(),
        )));
    }
    drop(tx);
    // Everyone has the stored game.
    let mut latest: Vec<u64> = vec![0; viewers];
    let mut frame = Value::Null;
    while latest.contains(&0) {
        let (i, v, _, whole) = rx.recv().await.expect("a viewer's first frame");
        latest[i] = latest[i].max(v);
        if let Some(w) = whole {
            frame = w;
        }
    }
    let players = [
        (Colour::Yellow, TestUser::new(11, "Ana")),
        (Colour::Red, TestUser::new(12, "Biel")),
    ];
    let auths: Vec<(Colour, String)> = players
        .iter()
        .map(|(c, u)| {
            (
                *c,
                format!("tma {}", init_data(u, Some("en"), &id, now_secs())),
            )
        })
        .collect();
    let tapper: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let mut run = Run {
        each: Vec::new(),
        all: Vec::new(),
    };
    for _ in 0..taps {
        if frame["stage"] != "playing" {
            break;
        }
        let turn = frame["turn"].as_str().unwrap_or_default();
        let auth = &auths
            .iter()
            .find(|(c, _)| c.name() == turn)
            .expect("a player to move")
            .1;
        let body = match frame["phase"].as_str() {
            Some("roll") => format!("{{\"seq\":{},\"do\":\"roll\"}}", frame["seq"]),
            _ => {
                let m = &frame["moves"][0];
                format!(
                    "{{\"seq\":{},\"do\":\"move\",\"index\":{},\"from\":{},\"to\":{}}}",
                    frame["seq"], m["index"], m["from"], m["to"]
                )
            }
        };
        let req = axum::http::Request::post(format!("http://{}{PATH}/api/act", addrs[tap_at]))
            .header("authorization", auth.as_str())
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(body)))
            .expect("a request");
        let sent = Instant::now();
        let res = tapper.request(req).await.expect("the tap's answer");
        let answer: Value =
            serde_json::from_slice(&res.into_body().collect().await.expect("a body").to_bytes())
                .unwrap_or_default();
        assert_eq!(answer["ok"], true, "{answer}");
        let v = answer["v"].as_u64().unwrap_or(0);
        let mut last = sent;
        while latest.iter().any(|&seen| seen < v) {
            let (i, seen, at, whole) = rx.recv().await.expect("viewers keep up");
            if seen >= v && latest[i] < v {
                run.each.push(at - sent);
                last = last.max(at);
            }
            latest[i] = latest[i].max(seen);
            if let Some(w) = whole {
                frame = w;
            }
        }
        run.all.push(last - sent);
    }
    for t in tasks {
        t.abort();
    }
    run
}

/// Resident memory of this process, KiB.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// Child mode: hold `n` viewers of the game with `id` at `addr` until standard input closes.
async fn hold(addr: SocketAddr, id: String, n: usize) {
    let http = clients();
    let (tx, mut rx) = mpsc::unbounded_channel();
    for i in 0..n {
        let user = TestUser::new(200_000 + i as i64, "Viewer");
        let auth = format!("tma {}", init_data(&user, Some("en"), &id, now_secs()));
        tokio::spawn(viewer(client(&http, i), addr, auth, i + 1, tx.clone()));
    }
    let mut got = std::collections::HashSet::new();
    while got.len() < n {
        let (i, ..) = rx.recv().await.expect("a first frame");
        got.insert(i);
    }
    println!("ready");
    let _ = std::io::stdout().flush();
    tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        let _ = std::io::stdin().lock().read_line(&mut line);
    })
    .await
    .ok();
}

async fn memory_per_viewer(h: &Harness, addr: SocketAddr, n: usize) -> f64 {
    let (_, id) = game(h, -1_002_000_000_999).await;
    let before = rss_kib();
    let mut child = std::process::Command::new(std::env::current_exe().expect("this bench"))
        .env("PARXIS_LIVE_HOLD", format!("{addr} {id} {n}"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the viewers' process");
    let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let ready = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        let _ = out.read_line(&mut line);
        line
    })
    .await
    .expect("ready");
    assert_eq!(ready.trim(), "ready");
    let during = rss_kib();
    assert_eq!(
        h.bots[0].ctx.live.as_ref().map(|l| l.hub.viewers()),
        Some(n)
    );
    drop(child.stdin.take());
    let _ = child.wait();
    (during.saturating_sub(before)) as f64 * 1024.0 / n as f64
}

fn report(name: &str, r: &Run, base: Option<Duration>) -> Duration {
    let mut each = r.each.clone();
    each.sort();
    let mut all = r.all.clone();
    all.sort();
    let p50 = percentile(&each, 0.5);
    let ratio = base.map_or(String::new(), |b| {
        format!(
            " ({:.2}× the 1-viewer median)",
            p50.as_secs_f64() / b.as_secs_f64().max(1e-9)
        )
    });
    println!(
        "{name}: {} taps; viewer latency median {:.2} ms, p99 {:.2} ms{ratio}; all viewers updated median {:.2} ms, p99 {:.2} ms",
        r.all.len(),
        ms(p50),
        ms(percentile(&each, 0.99)),
        ms(percentile(&all, 0.5)),
        ms(percentile(&all, 0.99)),
    );
    p50
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    if let Ok(spec) = std::env::var("PARXIS_LIVE_HOLD") {
        let mut parts = spec.split(' ');
        let addr: SocketAddr = parts
            .next()
            .and_then(|a| a.parse().ok())
            .expect("an address");
        let id = parts.next().expect("an id").to_owned();
        let n = parts.next().and_then(|n| n.parse().ok()).expect("a count");
        rt.block_on(hold(addr, id, n));
        return;
    }
    let taps = usize::try_from(env("PARXIS_LIVE_TAPS", 40)).unwrap_or(40);
    rt.block_on(async {
        // (every viewer connects from 127.0.0.1: the per-address limits lifted too)
        let limits = Limits {
            per_second: 1000,
            burst: 1000,
            streams: 4,
            addr_per_second: 100_000,
            addr_burst: 100_000,
            streams_per_addr: 100_000,
            ..Limits::default()
        };
        let mut h = Harness::start_live(1, Options::default(), Some((app(), limits))).await;
        h.spawn_bot().await;
        let addrs = [serve(&h, 0).await, serve(&h, 1).await];
        // First, before any other set-up has grown the allocator's heap.
        let per = memory_per_viewer(&h, addrs[0], 1000).await;
        println!(
            "memory per viewer (1000 viewers connected, server process, before any other run): {:.1} KiB",
            per / 1024.0
        );
        println!("live board: {taps} taps per set-up, viewers of one game");
        let base = report(
            "1 viewer, one replica",
            &run(&h, &addrs, -1_002_000_000_001, 1, Watch::One, taps).await,
            None,
        );
        let base = Some(base);
        for (n, chat) in [(100, -1_002_000_000_100), (1000, -1_002_000_001_000)] {
            report(
                &format!("{n} viewers, one replica"),
                &run(&h, &addrs, chat, n, Watch::One, taps).await,
                base,
            );
            report(
                &format!("{n} viewers, spread over two replicas"),
                &run(&h, &addrs, chat - 10_000, n, Watch::Spread, taps).await,
                base,
            );
        }
        // 100 games at once, 10 viewers each: every game's taps wait for its own viewers only.
        let game_taps = usize::try_from(env("PARXIS_LIVE_GAME_TAPS", 10)).unwrap_or(10);
        let games = futures_util::future::join_all((0..100).map(|g| {
            run(&h, &addrs, -1_002_000_100_000 - g, 10, Watch::Spread, game_taps)
        }))
        .await;
        let all = Run {
            each: games.iter().flat_map(|r| r.each.iter().copied()).collect(),
            all: games.iter().flat_map(|r| r.all.iter().copied()).collect(),
        };
        report(
            "100 games x 10 viewers at once, spread over two replicas (all viewers updated: of the tap's game)",
            &all,
            base,
        );
        h.stop_bots().await;
    });
}
