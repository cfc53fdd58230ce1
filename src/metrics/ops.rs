//! The series an operator watches besides the game's own: the process, Telegram's latency and
//! 429s by method, the HTTP port by route, Redis latency, the outbox's backlog and the boards'
//! lag, the live streams, the computers' thinking.
//!
//! Every label comes from a bounded set: a Bot API method name (`P::NAME` of a teloxide
//! payload, the API's own list), a route name from [`route_name`]'s caller (the routes the
//! port serves, never the raw path), a status class (`2xx` … `5xx`).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use prometheus::{
    Gauge, Histogram, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, Opts, Registry,
};

/// A reading taken whenever the metrics are rendered.
pub type Reading = Box<dyn Fn() -> u64 + Send + Sync>;

const VALID: &str = "static metric definitions are valid and distinct";

/// Seconds, from a Redis round trip on the same host to a slow one.
const FAST_BUCKETS: &[f64] = &[
    0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
];
/// Seconds, from a Telegram round trip to a request held by a slow network.
const TELEGRAM_BUCKETS: &[f64] = &[0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];
/// Seconds a board waits behind its save: at once, paced by the chat's budget (one write
/// every 3 s at 20 a minute), held back by a 429.
const LAG_BUCKETS: &[f64] = &[
    0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0,
];

/// The operator's series (part of [`super::Metrics`]).
pub(super) struct OpsSeries {
    telegram_seconds: HistogramVec,
    telegram_429: IntCounterVec,
    http_requests: IntCounterVec,
    redis_seconds: Histogram,
    think_seconds: Histogram,
    board_lag: Histogram,
    outbox_depth: IntGauge,
    outbox_oldest: Gauge,
    live_streams: IntGauge,
    live_source: Mutex<Option<Reading>>,
}

impl std::fmt::Debug for OpsSeries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpsSeries").finish_non_exhaustive()
    }
}

fn histogram(name: &str, help: &str, buckets: &[f64]) -> Histogram {
    Histogram::with_opts(HistogramOpts::new(name, help).buckets(buckets.to_vec())).expect(VALID)
}

impl OpsSeries {
    pub(super) fn new(registry: &Registry) -> Arc<Self> {
        let s = Self {
            telegram_seconds: HistogramVec::new(
                HistogramOpts::new(
                    "parxis_telegram_request_seconds",
                    "Time of one Bot API request, answer or error, by method.",
                )
                .buckets(TELEGRAM_BUCKETS.to_vec()),
                &["method"],
            )
            .expect(VALID),
            telegram_429: IntCounterVec::new(
                Opts::new(
                    "parxis_telegram_429_total",
                    "Bot API requests answered 429 Too Many Requests (retry_after), by method.",
                ),
                &["method"],
            )
            .expect(VALID),
            http_requests: IntCounterVec::new(
                Opts::new(
                    "parxis_http_requests_total",
                    "Requests answered on the HTTP port, by route and status class.",
                ),
                &["route", "status"],
            )
            .expect(VALID),
            redis_seconds: histogram(
                "parxis_redis_command_seconds",
                "Time of one round trip to Redis (a command, pipeline or script), retry included.",
                FAST_BUCKETS,
            ),
            think_seconds: histogram(
                "parxis_ai_think_seconds",
                "Time of one computer's step on its thinking thread (its turn and the automatic ones after it).",
                FAST_BUCKETS,
            ),
            board_lag: histogram(
                "parxis_board_lag_seconds",
                "Time from a game's save to its board written in the chat (the oldest save it shows).",
                LAG_BUCKETS,
            ),
            outbox_depth: IntGauge::new(
                "parxis_outbox_depth",
                "Chats with writes planned and not yet made (all replicas).",
            )
            .expect(VALID),
            outbox_oldest: Gauge::new(
                "parxis_outbox_oldest_due_seconds",
                "How long the chat waiting longest has had a write due and not made (0: none).",
            )
            .expect(VALID),
            live_streams: IntGauge::new(
                "parxis_live_streams",
                "Live board streams open on this replica.",
            )
            .expect(VALID),
            live_source: Mutex::new(None),
        };
        registry
            .register(Box::new(s.telegram_seconds.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.telegram_429.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.http_requests.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.redis_seconds.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.think_seconds.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.board_lag.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.outbox_depth.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.outbox_oldest.clone()))
            .expect(VALID);
        registry
            .register(Box::new(s.live_streams.clone()))
            .expect(VALID);
        // The process: resident memory, CPU seconds, open and maximum files, threads, start
        // time (Linux only: the collector reads /proc/self).
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(
                prometheus::process_collector::ProcessCollector::for_self(),
            ))
            .expect(VALID);
        Arc::new(s)
    }

    pub(super) fn read(&self) {
        let source = self
            .live_source
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(read) = source.as_ref() {
            self.live_streams
                .set(i64::try_from(read()).unwrap_or(i64::MAX));
        }
    }
}

/// The class of an HTTP status: `2xx`, `3xx`, `4xx`, `5xx` (`1xx` and anything odd as `other`).
#[must_use]
pub fn status_class(status: u16) -> &'static str {
    match status {
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        500..=599 => "5xx",
        _ => "other",
    }
}

impl OpsSeries {
    /// One Bot API request of `method` took `elapsed`; `throttled` when Telegram answered 429.
    pub(super) fn telegram_request(&self, method: &str, elapsed: Duration, throttled: bool) {
        self.telegram_seconds
            .with_label_values(&[method])
            .observe(elapsed.as_secs_f64());
        if throttled {
            self.telegram_429.with_label_values(&[method]).inc();
        }
    }

    /// The HTTP port answered a request of `route` (a name from a fixed set) with `status`.
    pub(super) fn http_request(&self, route: &str, status: u16) {
        self.http_requests
            .with_label_values(&[route, status_class(status)])
            .inc();
    }

    /// One round trip to Redis took `elapsed`.
    pub(super) fn redis_command(&self, elapsed: Duration) {
        self.redis_seconds.observe(elapsed.as_secs_f64());
    }

    /// A computer's step took `elapsed` on its thinking thread.
    pub(super) fn think(&self, elapsed: Duration) {
        self.think_seconds.observe(elapsed.as_secs_f64());
    }

    /// A board was written `lag` after the save it shows.
    pub(super) fn board_lag(&self, lag: Duration) {
        self.board_lag.observe(lag.as_secs_f64());
    }

    /// The outbox's backlog: `chats` with writes planned, the longest-waiting due for `oldest`.
    pub(super) fn outbox_backlog(&self, chats: u64, oldest: Duration) {
        self.outbox_depth
            .set(i64::try_from(chats).unwrap_or(i64::MAX));
        self.outbox_oldest.set(oldest.as_secs_f64());
    }

    /// Read the number of open live streams from `source` whenever the metrics are rendered.
    pub(super) fn watch_live_streams(&self, source: Reading) {
        *self
            .live_source
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(source);
    }
}
