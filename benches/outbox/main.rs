//! The outbox at Telegram's true limit, in real time: the real bot (dispatcher and scheduler)
//! with its budget at `(20, 60_000)`, against the fake Bot API of the integration tests in
//! flood mode (20 writes per 60 s per chat on the real clock, 429 with the true
//! `retry_after`) and a real `redis-server`, on 127.0.0.1 only. Humans press at human pace, so
//! every scenario runs for its whole length (180 s by default).
//!
//! Scenarios:
//! - **lively group**: a 2-player game with `/dice auto`, no turn timer, pings after the
//!   default 30 s (they never come due while players press); each player presses a legal
//!   move, at random, 2–3 s (uniform, seeded) after the board message in the chat shows a
//!   fresh decision for them (its buttons carry the table's `seq`); two other members each
//!   send one command every 6–10 s among `/stats`, `/top`, `/help`, `/rules`, `/board`.
//! - **flooder**: the same, plus one member sending 80 commands with odd arguments in three
//!   minutes (spread over the run).
//! - **many groups**: 100 groups at once, each lively (distinct chats and users), on one bot
//!   process; then the same on two replicas (two bots on the same fake API and Redis).
//! - **think** (only when named in `PARXIS_OUTBOX_ONLY`): 50 lively groups alone (the
//!   baseline), then the same 50 beside 50 groups where four hard computers play (their
//!   turns after the production pause of 3 s, a new game opened whenever one ends), the
//!   computers thinking on the bot's thinking pool; then the same with the old inline
//!   thinking (on the async worker that fired the turn), kept for this comparison only.
//!
//! Figures, per scenario: callback answer latency (update pushed → `answerCallbackQuery`
//! received by the fake) p50 / p99 / max; the most writes in any 60 s of any chat (the fake's
//! flood stats); 429s, and write requests that reached the fake while a 429's `retry_after`
//! ran; board lag (each stored `seq`, sampled in Redis every 50 ms, 100 ms with more than 10
//! groups → the first write after which the chat's board shows it or a later one) p50 / max,
//! over the whole run and from the game's first minute on; the writes made to the chat
//! between a version being stored and the board showing it (the board is never more than one
//! write behind when that is at most 1); replies made (the fake) and dropped as stale (the
//! bots' `parxis_outbox_total{event="stale"}`); presses made.
//!
//! ```text
//! cargo bench --bench outbox                          # four scenarios, 180 s each (~13 min)
//! PARXIS_OUTBOX_SHORT=1 cargo bench --bench outbox    # smoke run: 30 s each, 10 groups
//! PARXIS_OUTBOX_ONLY=lively,flooder cargo bench --bench outbox
//! PARXIS_OUTBOX_ONLY=think PARXIS_OUTBOX_SECS=60 cargo bench --bench outbox
//! ```
//!
//! Settings (environment): `PARXIS_OUTBOX_SECS` (180; 30 when short), `PARXIS_OUTBOX_GROUPS`
//! for the many-groups scenarios (100; 10 when short; at most 5,000), `PARXIS_OUTBOX_SEED` (1),
//! `PARXIS_OUTBOX_SAMPLE_MS` (50, or 100 with more than 10 groups), `PARXIS_OUTBOX_ONLY` (a
//! comma list among `lively`, `flooder`, `many`, `replicas`, and the opt-in `think` — or one
//! of its rows: `think-alone`, `think-pool`, `think-inline`), `PARXIS_OUTBOX_THINK_GROUPS`
//! (50 human and 50 computers' groups; 10 when short), `PARXIS_OUTBOX_BOARD` (`picture`, the
//! default, or `emoji`: how every group's board is shown).

#![allow(dead_code, clippy::cast_precision_loss)]
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

#[path = "../../tests/it/support/mod.rs"]
mod support;

mod crowd;
mod figures;
mod probe;
mod think;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parxis::bot::core::settings::{ChatSettings, DEFAULT_PINGS_SECS, DiceMode, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::i18n::Lang;
use parxis::store::Store;

use crowd::Group;
use figures::Row;
use probe::Probe;
use support::bot_harness::{Harness, Options};
use support::fake_tg::{Flood, FloodClock};

/// Telegram's limit, as the bot's budget.
const TELEGRAM: (u32, u64) = (20, 60_000);
/// How long after the run the boards get to catch up before the figures are taken.
const GRACE: Duration = Duration::from_secs(20);

/// What the run is asked to do.
struct Config {
    secs: u64,
    groups: usize,
    seed: u64,
    sample_ms: Option<u64>,
    only: Option<Vec<String>>,
    think_groups: usize,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

impl Config {
    fn from_env() -> Self {
        let short = std::env::var("PARXIS_OUTBOX_SHORT").is_ok_and(|v| v != "0");
        Self {
            secs: env_or("PARXIS_OUTBOX_SECS", if short { 30 } else { 180 }).clamp(5, 3600),
            groups: env_or("PARXIS_OUTBOX_GROUPS", if short { 10 } else { 100 }).clamp(1, 5000),
            seed: env_or("PARXIS_OUTBOX_SEED", 1),
            sample_ms: std::env::var("PARXIS_OUTBOX_SAMPLE_MS")
                .ok()
                .and_then(|v| v.trim().parse().ok()),
            only: std::env::var("PARXIS_OUTBOX_ONLY")
                .ok()
                .map(|v| v.split(',').map(|s| s.trim().to_owned()).collect()),
            think_groups: env_or("PARXIS_OUTBOX_THINK_GROUPS", if short { 10 } else { 50 })
                .clamp(1, 500),
        }
    }
}

/// One scenario.
struct Scenario {
    key: &'static str,
    name: String,
    groups: usize,
    replicas: usize,
    flooder: bool,
    /// Groups where hard computers play beside the lively ones (the `think` scenarios).
    computers: usize,
    /// The old way: computers think on the async worker that fired their turn.
    inline: bool,
    /// Run only when named in `PARXIS_OUTBOX_ONLY`.
    opt_in: bool,
}

impl Scenario {
    fn lively(key: &'static str, name: String, groups: usize, replicas: usize) -> Self {
        Self {
            key,
            name,
            groups,
            replicas,
            flooder: false,
            computers: 0,
            inline: false,
            opt_in: false,
        }
    }

    /// Whether `only` (none: the default set) asks for this scenario.
    fn asked(&self, only: Option<&Vec<String>>) -> bool {
        match only {
            None => !self.opt_in,
            Some(o) => o
                .iter()
                .any(|k| k == self.key || (k == "think" && self.key.starts_with("think-"))),
        }
    }
}

/// The environment every person of a scenario shares.
pub struct Env {
    pub h: Harness,
    pub probe: Arc<Probe>,
    pub groups: Vec<Group>,
    pub secs: u64,
    pub seed: u64,
}

/// The settings of every group: the board as a picture (the default; the emoji board with
/// `PARXIS_OUTBOX_BOARD=emoji`), `/dice auto`, no turn timer, pings after the default wait,
/// the language chosen (no language row).
fn settings() -> ChatSettings {
    let display = match std::env::var("PARXIS_OUTBOX_BOARD").as_deref() {
        Ok("emoji") => Display::Emoji,
        Ok("picture") | Err(_) => Display::Image,
        Ok(other) => panic!("PARXIS_OUTBOX_BOARD is emoji or picture, not {other:?}"),
    };
    ChatSettings {
        lang: Some(Lang::En),
        display,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: DEFAULT_PINGS_SECS,
        lang_offered: true,
    }
}

/// The 1-minute load average of the machine.
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

async fn run(sc: &Scenario, cfg: &Config) -> Row {
    eprintln!(
        "outbox: {} ({} group(s), {} replica(s), {} s) …",
        sc.name, sc.groups, sc.replicas, cfg.secs
    );
    let mut h = Harness::start_with(
        cfg.seed,
        Options {
            write_budget: TELEGRAM,
            ..Options::default()
        },
    )
    .await;
    if sc.key.starts_with("think-") {
        // The production pause before a computer's turn, in every think row alike.
        h.stop_bots().await;
        h.pause = parxis::bot::effects::ctx::COMPUTER_PAUSE;
        h.spawn_bot().await;
    }
    for _ in 1..sc.replicas {
        h.spawn_bot().await;
    }
    for b in &h.bots {
        b.ctx.think.set_inline(sc.inline);
    }
    let groups: Vec<Group> = (0..sc.groups).map(Group::new).collect();
    for g in &groups {
        h.store
            .set_settings(g.chat, &settings())
            .await
            .expect("settings");
    }
    let probe = Arc::new(Probe::default());
    h.fake.keep_log(false);
    let p = probe.clone();
    h.fake.tap(move |r| p.saw(r));
    h.fake.flood(Flood {
        limit: 20,
        window: Duration::from_secs(60),
        clock: FloodClock::Real,
    });
    let start = Instant::now();
    probe.running.store(true, Ordering::Relaxed);
    probe.sampling.store(true, Ordering::Relaxed);
    let sampler_store = Store::connect(&h.redis.url()).await.expect("store");
    let every =
        Duration::from_millis(
            cfg.sample_ms
                .unwrap_or(if sc.groups > 10 { 100 } else { 50 }),
        );
    let samplers: Vec<_> = groups
        .iter()
        .map(|g| tokio::spawn(probe.clone().sample(sampler_store.clone(), g.chat, every)))
        .collect();
    let env = Arc::new(Env {
        h,
        probe: probe.clone(),
        groups,
        secs: cfg.secs,
        seed: cfg.seed,
    });
    let load = tokio::spawn({
        let probe = probe.clone();
        async move {
            let mut seen = Vec::new();
            while probe.running.load(Ordering::Relaxed) {
                seen.push(load_average());
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
            seen
        }
    });
    let mut people = Vec::new();
    let players: Vec<_> = (0..sc.groups)
        .map(|i| tokio::spawn(crowd::players(env.clone(), i)))
        .collect();
    for i in 0..sc.groups {
        for which in 0..2 {
            people.push(tokio::spawn(crowd::member(env.clone(), i, which)));
        }
    }
    if sc.flooder {
        people.push(tokio::spawn(crowd::flooder(env.clone(), 0)));
    }
    let computers: Vec<_> = (0..sc.computers)
        .map(|i| tokio::spawn(think::computers(env.clone(), i)))
        .collect();
    tokio::time::sleep(Duration::from_secs(cfg.secs)).await;
    probe.running.store(false, Ordering::Relaxed);
    let mut finished = 0;
    for p in players {
        finished += p.await.unwrap_or_default();
    }
    for p in people {
        let _ = p.await;
    }
    let mut computer_games = 0;
    for c in computers {
        computer_games += c.await.unwrap_or_default();
    }
    if sc.computers > 0 {
        eprintln!(
            "outbox: {} computers' games opened in {} groups",
            computer_games, sc.computers
        );
    }
    // The boards catch up with the last presses (the samplers go on meanwhile).
    let grace = Instant::now();
    while grace.elapsed() < GRACE && !probe.caught_up() {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(every * 3).await;
    probe.sampling.store(false, Ordering::Relaxed);
    for s in samplers {
        let _ = s.await;
    }
    let end = Instant::now();
    let loads = load.await.unwrap_or_default();

    let mut row = Row {
        name: sc.name.clone(),
        groups: sc.groups,
        replicas: sc.replicas,
        secs: cfg.secs,
        finished,
        ..Row::default()
    };
    let mut taken = probe.take();
    figures::latencies(&mut row, &mut taken, start);
    figures::lags(&mut row, &taken, end);
    let stats: Vec<_> = env
        .groups
        .iter()
        .map(|g| env.h.fake.flood_stats(g.chat))
        .collect();
    figures::flood(&mut row, &stats);
    for b in &env.h.bots {
        row.stale += b.ctx.metrics.outbox_count("stale");
        row.superseded += b.ctx.metrics.outbox_count("superseded");
        row.flood_notices += b.ctx.metrics.outbox_count("flood_notice");
        row.made.push(b.ctx.metrics.outbox_count("made"));
        figures::handler(&mut row, &b.ctx.metrics.render());
    }
    let loads: Vec<f64> = loads.into_iter().filter(|l| !l.is_nan()).collect();
    row.load = [
        loads.iter().sum::<f64>() / loads.len().max(1) as f64,
        loads.iter().copied().fold(0.0, f64::max),
    ];
    check(&env, &mut row).await;

    drop(taken);
    match Arc::try_unwrap(env) {
        Ok(mut env) => env.h.stop_bots().await,
        Err(_) => row
            .problems
            .push("the run's tasks still hold the bots".into()),
    }
    row
}

/// Nothing the humans did may have broken a game or changed a chat's settings.
async fn check(env: &Env, row: &mut Row) {
    for g in &env.groups {
        let s: ChatSettings = env.h.store.settings(g.chat).await.unwrap_or_default();
        if s != settings() {
            row.problems
                .push(format!("chat {}: settings changed to {s:?}", g.chat));
        }
        match env.h.store.load::<Table>(g.chat).await {
            Ok(Some(r)) if r.state.status() == Status::Cancelled => row
                .problems
                .push(format!("chat {}: the game was cancelled", g.chat)),
            Ok(Some(_)) => {}
            other => row.problems.push(format!(
                "chat {}: no game stored ({:?})",
                g.chat,
                other.map(|o| o.map(|r| r.version))
            )),
        }
    }
    if row.unanswered > 0 {
        row.problems
            .push(format!("{} presses never answered", row.unanswered));
    }
}

fn main() {
    let cfg = Config::from_env();
    let all = [
        Scenario::lively("lively", "lively group".into(), 1, 1),
        Scenario {
            flooder: true,
            ..Scenario::lively("flooder", "flooder".into(), 1, 1)
        },
        Scenario::lively(
            "many",
            format!("{} groups, 1 bot", cfg.groups),
            cfg.groups,
            1,
        ),
        Scenario::lively(
            "replicas",
            format!("{} groups, 2 replicas", cfg.groups),
            cfg.groups,
            2,
        ),
        Scenario {
            opt_in: true,
            ..Scenario::lively(
                "think-alone",
                format!("{} human groups alone", cfg.think_groups),
                cfg.think_groups,
                1,
            )
        },
        Scenario {
            opt_in: true,
            computers: cfg.think_groups,
            ..Scenario::lively(
                "think-pool",
                format!(
                    "{0} human + {0} hard-computer groups, thinking pool",
                    cfg.think_groups
                ),
                cfg.think_groups,
                1,
            )
        },
        Scenario {
            opt_in: true,
            computers: cfg.think_groups,
            inline: true,
            ..Scenario::lively(
                "think-inline",
                format!(
                    "{0} human + {0} hard-computer groups, inline thinking (old)",
                    cfg.think_groups
                ),
                cfg.think_groups,
                1,
            )
        },
    ];
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let started = Instant::now();
    let mut rows = Vec::new();
    for sc in &all {
        if !sc.asked(cfg.only.as_ref()) {
            continue;
        }
        let row = rt.block_on(run(sc, &cfg));
        figures::print_details(&row);
        rows.push(row);
    }
    rt.shutdown_timeout(Duration::from_secs(5));
    println!();
    println!(
        "seed {} · {} s a scenario · boards as {:?} · all scenarios in {:.0} s",
        cfg.seed,
        cfg.secs,
        settings().display,
        started.elapsed().as_secs_f64()
    );
    figures::print_table(&rows);
}
