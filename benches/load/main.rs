//! Load test of the Telegram bot, bounded and on 127.0.0.1 only.
//!
//! The real bot (its dispatcher and scheduler, as `parxis bot` runs them) is driven
//! through the fake Bot API of the integration tests, with a real `redis-server` started
//! for the run. Many groups play at once: two human players per group pressing random
//! buttons (now and then a wrong, stale or forged one) after a short think, and computer
//! players. At the end every game stored in Redis is validated.
//!
//! ```text
//! cargo bench --bench load                                   # 200 groups, 60 s
//! PARXIS_LOAD_GROUPS=1   PARXIS_LOAD_COMPUTERS=0 cargo bench --bench load   # update handling
//! PARXIS_LOAD_GROUPS=100 PARXIS_LOAD_COMPUTERS=0 cargo bench --bench load
//! ```
//!
//! Settings (environment): `PARXIS_LOAD_GROUPS` (200), `PARXIS_LOAD_SECS` (60),
//! `PARXIS_LOAD_COMPUTERS` computer seats per game, 0–2 (2), `PARXIS_LOAD_PAUSE_MS` the
//! computer's pause (200), `PARXIS_LOAD_THINK_MS` a human's longest think, uniform from
//! 0 (400), `PARXIS_LOAD_NOISE` percent of presses that are wrong, stale or forged (10),
//! `PARXIS_LOAD_SEED` (1).
//!
//! Latency is measured from the moment an update is queued at the fake API to the moment
//! the bot's request reaches it: `answerCallbackQuery` (the whole press, board edit
//! included) and, for presses, the board's `editMessageText`. With computer players some
//! board edits are theirs, so the edit latency is exact only with `PARXIS_LOAD_COMPUTERS=0`.
//! The process exits with status 1 when anything went wrong (a press unanswered or
//! wrongly refused, a game stuck, an invalid stored game).

#[path = "../../tests/it/support/mod.rs"]
mod support;

mod group;
mod report;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parxis::bot::{self, Ctx};
use parxis::i18n::Lang;
use parxis::ops::metrics::Metrics;
use parxis::store::Store;
use tokio::sync::{Notify, oneshot};

use support::fake_tg::{FakeTelegram, Recorded};
use support::redis::TestRedis;

/// What the run is asked to do.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub groups: usize,
    pub secs: u64,
    pub computers: usize,
    pub pause_ms: u64,
    pub think_ms: u64,
    pub noise_pct: u32,
    pub seed: u64,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

impl Config {
    fn from_env() -> Self {
        Self {
            groups: env_or("PARXIS_LOAD_GROUPS", 200usize).clamp(1, 5000),
            secs: env_or("PARXIS_LOAD_SECS", 60u64).clamp(1, 3600),
            computers: env_or("PARXIS_LOAD_COMPUTERS", 2usize).min(2),
            pause_ms: env_or("PARXIS_LOAD_PAUSE_MS", 200u64),
            think_ms: env_or("PARXIS_LOAD_THINK_MS", 400u64),
            noise_pct: env_or("PARXIS_LOAD_NOISE", 10u32).min(100),
            seed: env_or("PARXIS_LOAD_SEED", 1u64),
        }
    }
}

/// Microsecond samples.
#[derive(Default)]
pub struct Samples(Mutex<Vec<u32>>);

impl Samples {
    fn push(&self, d: Duration) {
        let us = u32::try_from(d.as_micros()).unwrap_or(u32::MAX);
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(us);
    }

    /// The samples, sorted.
    pub fn sorted(&self) -> Vec<u32> {
        let mut v = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        v.sort_unstable();
        v
    }
}

/// A press queued at an instant, and who waits for its answer's text.
type InFlight = (Instant, oneshot::Sender<Option<String>>);

/// The run's shared bookkeeping: in-flight presses, latencies, counters.
#[derive(Default)]
pub struct Probe {
    /// Callback query id → when it was queued, and who waits for its answer.
    pending: Mutex<HashMap<String, InFlight>>,
    /// Chat → when its in-flight press was queued (for the board edit's latency).
    edit_wait: Mutex<HashMap<i64, Instant>>,
    /// Chat → woken when the bot edits or posts there (the players look again).
    wakers: Mutex<HashMap<i64, Arc<Notify>>>,
    pub answer_latency: Samples,
    pub edit_latency: Samples,
    pub updates: AtomicU64,
    pub presses: AtomicU64,
    pub noise: AtomicU64,
    pub edits: AtomicU64,
    pub sends: AtomicU64,
    pub requests: AtomicU64,
    pub games_started: AtomicU64,
    pub games_finished: AtomicU64,
    /// Problems, each with a short description (the run fails when there is any).
    pub errors: Mutex<Vec<String>>,
    pub running: AtomicBool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Probe {
    /// Record a problem.
    pub fn error(&self, what: String) {
        let mut e = lock(&self.errors);
        if e.len() < 10_000 {
            e.push(what);
        }
    }

    /// Register a press about to be queued; its answer's text (`None`: accepted) arrives
    /// on the returned channel.
    pub fn expect_answer(
        &self,
        id: &str,
        chat: i64,
        at: Instant,
    ) -> oneshot::Receiver<Option<String>> {
        let (tx, rx) = oneshot::channel();
        lock(&self.pending).insert(id.to_owned(), (at, tx));
        lock(&self.edit_wait).insert(chat, at);
        rx
    }

    /// What wakes group `chat`'s players when the bot writes there.
    pub fn waker(&self, chat: i64) -> Arc<Notify> {
        lock(&self.wakers).entry(chat).or_default().clone()
    }

    fn wake(&self, r: &Recorded) {
        if let Some(chat) = r.chat_id()
            && let Some(n) = lock(&self.wakers).get(&chat)
        {
            n.notify_one();
        }
    }

    /// Called by the fake for every request.
    fn saw(&self, r: &Recorded) {
        self.requests.fetch_add(1, Ordering::Relaxed);
        match r.method.as_str() {
            "answercallbackquery" => {
                let id = r.str_param("callback_query_id").unwrap_or_default();
                if let Some((at, tx)) = lock(&self.pending).remove(id) {
                    self.answer_latency.push(r.at.saturating_duration_since(at));
                    let _ = tx.send(r.str_param("text").map(str::to_owned));
                }
            }
            "editmessagetext" | "editmessagemedia" => {
                self.edits.fetch_add(1, Ordering::Relaxed);
                if let Some(chat) = r.chat_id()
                    && let Some(at) = lock(&self.edit_wait).remove(&chat)
                {
                    self.edit_latency.push(r.at.saturating_duration_since(at));
                }
                self.wake(r);
            }
            "sendmessage" | "sendphoto" => {
                self.sends.fetch_add(1, Ordering::Relaxed);
                self.wake(r);
            }
            _ => {}
        }
        let not_modified = r.response["description"]
            .as_str()
            .is_some_and(|d| d.contains("not modified"));
        if !r.ok() && r.method != "getupdates" && !not_modified {
            self.error(format!(
                "{} answered {}: {}",
                r.method, r.status, r.response["description"]
            ));
        }
    }
}

/// The environment every group task shares.
pub struct Env {
    pub cfg: Config,
    pub fake: FakeTelegram,
    pub store: Store,
    pub probe: Arc<Probe>,
}

fn main() {
    let cfg = Config::from_env();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let failed = rt.block_on(run(cfg));
    rt.shutdown_timeout(Duration::from_secs(5));
    if failed {
        std::process::exit(1);
    }
}

async fn run(cfg: Config) -> bool {
    eprintln!("load: {cfg:?}");
    let redis = TestRedis::start();
    let fake = FakeTelegram::start().await;
    fake.keep_log(false);
    let probe = Arc::new(Probe::default());
    let p = probe.clone();
    fake.tap(move |r| p.saw(r));

    // The bot, as `parxis bot` runs it (long polling), with its own Redis connection.
    let bot_store = Store::connect(&redis.url()).await.expect("bot store");
    let mut ctx = Ctx::new(bot_store, Lang::En, Metrics::new());
    ctx.pause = Duration::from_millis(cfg.pause_ms);
    ctx.seed = Some(cfg.seed);
    // Press-to-edit latency is measured here, not pacing (`cargo bench --bench pace`).
    (ctx.write_limit, ctx.write_window_ms) = support::bot_harness::UNPACED;
    let (kicks, kicked) = bot::effects::ctx::Kicks::new();
    ctx.kicks = Some(kicks);
    let ctx = Arc::new(ctx);
    let tg = fake.bot();
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    let driver = tokio::spawn(bot::schedule::run(tg.clone(), ctx.clone(), kicked, stop_rx));
    let mut dispatcher = bot::dispatcher(tg.clone(), ctx.clone());
    let token = dispatcher.shutdown_token();
    let dispatch = tokio::spawn(async move { dispatcher.dispatch().await });

    let store = Store::connect(&redis.url()).await.expect("client store");
    let env = Arc::new(Env {
        cfg,
        fake,
        store,
        probe: probe.clone(),
    });
    probe.running.store(true, Ordering::Relaxed);
    let started = Instant::now();
    let tasks: Vec<_> = (0..cfg.groups)
        .map(|i| tokio::spawn(group::play(env.clone(), i)))
        .collect();
    tokio::time::sleep(Duration::from_secs(cfg.secs)).await;
    probe.running.store(false, Ordering::Relaxed);
    let mut seqs = Vec::with_capacity(tasks.len());
    for t in tasks {
        match tokio::time::timeout(Duration::from_secs(20), t).await {
            Ok(Ok(s)) => seqs.push(s),
            Ok(Err(e)) => probe.error(format!("a group task failed: {e}")),
            Err(_) => probe.error("a group task did not stop".into()),
        }
    }
    let elapsed = started.elapsed();
    let updates_handled = probe.updates.load(Ordering::Relaxed);
    let metrics = ctx.metrics.render();

    // Let the automatic turns in flight land, then check every stored game.
    let validation = report::validate(&env, &seqs).await;

    let _ = stop.send(true);
    if let Ok(f) = token.shutdown() {
        let _ = tokio::time::timeout(Duration::from_secs(10), f).await;
    }
    let _ = tokio::time::timeout(Duration::from_secs(10), dispatch).await;
    let _ = tokio::time::timeout(Duration::from_secs(10), driver).await;

    report::print(
        &cfg,
        &probe,
        elapsed,
        updates_handled,
        &metrics,
        &validation,
    )
}
