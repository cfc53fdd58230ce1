//! The bot's Prometheus metrics and their text exposition for `GET /metrics`.
//!
//! | metric | type | labels |
//! | --- | --- | --- |
//! | `parxis_updates_total` | counter | `kind` |
//! | `parxis_update_seconds` | histogram | |
//! | `parxis_games_started_total` | counter | |
//! | `parxis_games_finished_total` | counter | |
//! | `parxis_active_games` | gauge | |
//! | `parxis_telegram_errors_total` | counter | `kind` |
//! | `parxis_cas_conflicts_total` | counter | |
//! | `parxis_redis_up` | gauge (1 when Redis answers, as the store's circuit breaker knows) | |
//! | `parxis_redis_failures_total` | counter (store operations that found Redis away) | |
//! | `parxis_redis_unavailable_seconds_total` | counter (time Redis was away, the current outage included) | |
//! | `parxis_outbox_total` | counter | `event` (planned, superseded, made, later, stale, refused, gone, flood_notice, flood_quiet, …) |
//! | `parxis_build_info` | gauge (always 1) | `version` |
//!
//! and the operator's series of [`ops`] (the process, Telegram, HTTP, Redis latency, outbox
//! backlog, board lag, live streams, thinking); deploy/README.md has the whole table, which a
//! test checks against a running bot's output.
//!
//! Label values must come from a small fixed set (`"message"`, `"callback_query"`,
//! `"retry_after"`, …): each distinct value is a new time series kept forever.

mod ops;

pub use ops::{Reading, status_class};

use std::sync::{Arc, Mutex};
use std::time::Duration;

use prometheus::{
    Counter, Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, IntGaugeVec,
    Opts, Registry, TextEncoder,
};

/// What the store says of Redis when `/metrics` is read: up, failures so far, time away so far.
pub type RedisReading = Box<dyn Fn() -> (bool, u64, Duration) + Send + Sync>;

/// The Redis series and where they are read from.
struct RedisSeries {
    up: IntGauge,
    failures: IntCounter,
    unavailable: Counter,
    source: Mutex<Option<RedisReading>>,
}

/// `Content-Type` of [`Metrics::render`]'s output.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Upper bounds (seconds) of the update-latency histogram's buckets: from a cache hit to a slow
/// Telegram round trip.
const UPDATE_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// A handle on the bot's metrics. Cheap to clone (every field is an `Arc` inside); all clones
/// update the same values. Each `Metrics::new()` has its own registry, so tests do not share
/// counts.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use parxis::ops::metrics::Metrics;
///
/// let metrics = Metrics::new();
/// metrics.update("callback_query", Duration::from_millis(12));
/// metrics.game_started();
/// let text = metrics.render();
/// assert!(text.contains("parxis_updates_total{kind=\"callback_query\"} 1"));
/// assert!(text.contains("parxis_games_started_total 1"));
/// ```
#[derive(Clone, Debug)]
pub struct Metrics {
    registry: Registry,
    updates: IntCounterVec,
    update_seconds: Histogram,
    games_started: IntCounter,
    games_finished: IntCounter,
    active_games: IntGauge,
    telegram_errors: IntCounterVec,
    outbox: IntCounterVec,
    redis: Arc<RedisSeries>,
    cas_conflicts: IntCounter,
    ops: Arc<ops::OpsSeries>,
}

impl Metrics {
    /// A fresh set of metrics, all at zero, in a registry of its own.
    #[must_use]
    pub fn new() -> Self {
        // The definitions below are constants: registering them cannot fail unless a name is
        // malformed or duplicated, which `every_metric_is_exposed` would catch.
        const VALID: &str = "static metric definitions are valid and distinct";

        let registry = Registry::new();
        let updates = IntCounterVec::new(
            Opts::new("parxis_updates_total", "Telegram updates handled, by kind."),
            &["kind"],
        )
        .expect(VALID);
        let update_seconds = Histogram::with_opts(
            HistogramOpts::new(
                "parxis_update_seconds",
                "Time to handle one Telegram update, in seconds.",
            )
            .buckets(UPDATE_BUCKETS.to_vec()),
        )
        .expect(VALID);
        let games_started =
            IntCounter::new("parxis_games_started_total", "Games started.").expect(VALID);
        let games_finished = IntCounter::new(
            "parxis_games_finished_total",
            "Games that ended (won, cancelled or abandoned).",
        )
        .expect(VALID);
        let active_games = IntGauge::new(
            "parxis_active_games",
            "Games in progress, as last counted by this process.",
        )
        .expect(VALID);
        let telegram_errors = IntCounterVec::new(
            Opts::new(
                "parxis_telegram_errors_total",
                "Errors from the Telegram Bot API, by kind.",
            ),
            &["kind"],
        )
        .expect(VALID);
        let outbox = IntCounterVec::new(
            Opts::new(
                "parxis_outbox_total",
                "Writes to chats through their outboxes, by what became of them.",
            ),
            &["event"],
        )
        .expect(VALID);
        let cas_conflicts = IntCounter::new(
            "parxis_cas_conflicts_total",
            "Saves refused by the Redis compare-and-set because the game changed meanwhile.",
        )
        .expect(VALID);
        let redis = Arc::new(RedisSeries {
            up: IntGauge::new(
                "parxis_redis_up",
                "1 when Redis answers (the store's view).",
            )
            .expect(VALID),
            failures: IntCounter::new(
                "parxis_redis_failures_total",
                "Store operations that found Redis away.",
            )
            .expect(VALID),
            unavailable: Counter::new(
                "parxis_redis_unavailable_seconds_total",
                "Time Redis was away, the current outage included.",
            )
            .expect(VALID),
            source: Mutex::new(None),
        });
        redis.up.set(1);
        let build_info = IntGaugeVec::new(
            Opts::new(
                "parxis_build_info",
                "Always 1; the label tells the version.",
            ),
            &["version"],
        )
        .expect(VALID);
        build_info
            .with_label_values(&[env!("CARGO_PKG_VERSION")])
            .set(1);

        registry.register(Box::new(updates.clone())).expect(VALID);
        registry
            .register(Box::new(update_seconds.clone()))
            .expect(VALID);
        registry
            .register(Box::new(games_started.clone()))
            .expect(VALID);
        registry
            .register(Box::new(games_finished.clone()))
            .expect(VALID);
        registry
            .register(Box::new(active_games.clone()))
            .expect(VALID);
        registry
            .register(Box::new(telegram_errors.clone()))
            .expect(VALID);
        registry.register(Box::new(outbox.clone())).expect(VALID);
        registry
            .register(Box::new(cas_conflicts.clone()))
            .expect(VALID);
        registry.register(Box::new(redis.up.clone())).expect(VALID);
        registry
            .register(Box::new(redis.failures.clone()))
            .expect(VALID);
        registry
            .register(Box::new(redis.unavailable.clone()))
            .expect(VALID);
        registry.register(Box::new(build_info)).expect(VALID);
        let ops = ops::OpsSeries::new(&registry);

        Self {
            registry,
            updates,
            update_seconds,
            games_started,
            games_finished,
            active_games,
            telegram_errors,
            outbox,
            redis,
            cas_conflicts,
            ops,
        }
    }

    /// One update of `kind` was handled in `elapsed`.
    pub fn update(&self, kind: &str, elapsed: Duration) {
        self.updates.with_label_values(&[kind]).inc();
        self.update_seconds.observe(elapsed.as_secs_f64());
    }

    /// How many updates of `kind` this replica handled.
    #[must_use]
    pub fn update_count(&self, kind: &str) -> u64 {
        self.updates.with_label_values(&[kind]).get()
    }

    /// A game started (the lobby's host pressed Start).
    pub fn game_started(&self) {
        self.games_started.inc();
    }

    /// A game ended: won, cancelled or expired.
    pub fn game_finished(&self) {
        self.games_finished.inc();
    }

    /// Sets the number of games in progress (saturates at `i64::MAX`).
    pub fn set_active_games(&self, n: u64) {
        self.active_games.set(i64::try_from(n).unwrap_or(i64::MAX));
    }

    /// The Bot API answered a request of ours with an error of `kind` (e.g. `"retry_after"`,
    /// `"network"`, `"forbidden"`, `"not_modified"`).
    pub fn telegram_error(&self, kind: &str) {
        self.telegram_errors.with_label_values(&[kind]).inc();
    }

    /// Count one outbox event (`event` from a small fixed set: planned, made, stale, …).
    pub fn outbox(&self, event: &str) {
        self.outbox.with_label_values(&[event]).inc();
    }

    /// How many outbox events of `event` this replica counted.
    #[must_use]
    pub fn outbox_count(&self, event: &str) -> u64 {
        self.outbox.with_label_values(&[event]).get()
    }

    /// A save lost the Redis compare-and-set race (another update changed the game first).
    pub fn cas_conflict(&self) {
        self.cas_conflicts.inc();
    }

    /// All metrics in the Prometheus text format (serve with [`CONTENT_TYPE`]).
    #[must_use]
    pub fn render(&self) -> String {
        self.read_redis();
        self.ops.read();
        let mut buf = Vec::new();
        match TextEncoder::new().encode(&self.registry.gather(), &mut buf) {
            Ok(()) => String::from_utf8_lossy(&buf).into_owned(),
            Err(e) => format!("# error encoding metrics: {e}\n"),
        }
    }
}

impl std::fmt::Debug for RedisSeries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisSeries")
            .field("up", &self.up.get())
            .finish_non_exhaustive()
    }
}

impl Metrics {
    /// Read the Redis series from `source` whenever the metrics are rendered.
    pub fn watch_redis(&self, source: RedisReading) {
        *self
            .redis
            .source
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(source);
    }

    fn read_redis(&self) {
        let source = self
            .redis
            .source
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(read) = source.as_ref() else { return };
        let (up, failures, away) = read();
        self.redis.up.set(i64::from(up));
        let seen = self.redis.failures.get();
        if failures > seen {
            self.redis.failures.inc_by(failures - seen);
        }
        let counted = self.redis.unavailable.get();
        let now = away.as_secs_f64();
        if now > counted {
            self.redis.unavailable.inc_by(now - counted);
        }
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// The operator's series ([`ops`]), recorded through the one `Metrics` the bot shares.
impl Metrics {
    /// One Bot API request of `method` took `elapsed`; `throttled` when Telegram answered 429.
    pub fn telegram_request(&self, method: &str, elapsed: Duration, throttled: bool) {
        self.ops.telegram_request(method, elapsed, throttled);
    }

    /// The HTTP port answered a request of `route` (a name from a fixed set) with `status`.
    pub fn http_request(&self, route: &str, status: u16) {
        self.ops.http_request(route, status);
    }

    /// One round trip to Redis took `elapsed`.
    pub fn redis_command(&self, elapsed: Duration) {
        self.ops.redis_command(elapsed);
    }

    /// A computer's step took `elapsed` on its thinking thread.
    pub fn think(&self, elapsed: Duration) {
        self.ops.think(elapsed);
    }

    /// A board was written `lag` after the save it shows.
    pub fn board_lag(&self, lag: Duration) {
        self.ops.board_lag(lag);
    }

    /// The outbox's backlog: `chats` with writes planned, the longest-waiting due for `oldest`.
    pub fn outbox_backlog(&self, chats: u64, oldest: Duration) {
        self.ops.outbox_backlog(chats, oldest);
    }

    /// Read the number of open live streams from `source` whenever the metrics are rendered.
    pub fn watch_live_streams(&self, source: Reading) {
        self.ops.watch_live_streams(source);
    }
}

#[cfg(test)]
mod tests;
