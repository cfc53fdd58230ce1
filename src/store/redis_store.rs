//! [`Store`]: the Redis implementation of the chat store.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use redis::{Cmd, FromRedisValue, Pipeline, RedisError, RedisResult};
use tokio::time::timeout;
use tracing::{debug, info, warn};

use super::breaker::{Breaker, Health, PROBE_EVERY, PROBE_TIMEOUT};
use super::conn::{Conn, Target};
use super::error::StoreError;
use super::options::Backoff;
use super::options::StoreOptions;
use super::scripts::Call;
use super::url::redact_url;
use crate::metrics::Metrics;

/// How long the one retry on a new connection may take (a Redis that restarted answers in a
/// millisecond; one that is away would make the caller wait through the reconnection).
const RETRY_WITHIN: Duration = Duration::from_millis(250);

/// Whether an operation may be sent a second time after a connection failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Retry {
    /// Retry only when the command surely never reached Redis (the connection was refused,
    /// typically a stale connection from before a restart): for writes whose repetition
    /// would answer differently.
    IfNotSent,
    /// Also retry when the connection dropped mid-command: for reads and idempotent writes.
    Idempotent,
}

/// A handle on the Redis store. Cloning it is cheap: all clones share one multiplexed
/// connection (one node, the primary Sentinel names, or a cluster: see [`Target`]) that
/// reconnects by itself after Redis restarts or fails over.
#[derive(Clone)]
pub struct Store {
    conn: Conn,
    /// Under Sentinel: how long a save waits for a replica's copy (`WAIT 1 <ms>`).
    wait: Option<Duration>,
    /// Unix ms before which saves do not wait (no replica answered the last wait).
    no_replica_until: Arc<AtomicU64>,
    op_timeout: Duration,
    /// Round trips sent through [`Store::run`] by this handle and its clones.
    round_trips: Arc<AtomicU64>,
    /// The same, by operation name ([`Store::round_trips_by_op`]).
    by_op: Arc<Mutex<BTreeMap<&'static str, u64>>>,
    /// Open while Redis is known to be away: operations then fail at once.
    breaker: Arc<Breaker>,
    /// Where each round trip's time is counted, once [`Store::report_to`] is called.
    metrics: Arc<OnceLock<Metrics>>,
}

impl std::fmt::Debug for Store {
    // The connection's own Debug shows its connection info, password included.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("op_timeout", &self.op_timeout)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Connects with the default [`StoreOptions`].
    ///
    /// # Errors
    /// [`StoreError::Config`] for a malformed URL, [`StoreError::Unavailable`] when Redis
    /// cannot be reached (after a couple of quick retries).
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        Self::connect_with(url, StoreOptions::default()).await
    }

    /// Connects with the given timeouts and reconnection policy.
    ///
    /// # Errors
    /// As [`Store::connect`].
    pub async fn connect_with(url: &str, options: StoreOptions) -> Result<Self, StoreError> {
        Self::connect_to(&Target::Single(url.to_owned()), options).await
    }

    /// Connects to a single node, a Sentinel-managed primary or a cluster (see [`Target`]).
    ///
    /// # Errors
    /// As [`Store::connect`].
    pub async fn connect_to(target: &Target, options: StoreOptions) -> Result<Self, StoreError> {
        let shown = format!("{target:?}");
        if let Target::Single(url) = target {
            redis::Client::open(url.as_str())
                .map_err(|e| StoreError::Config(format!("Redis URL {}: {e}", redact_url(url))))?;
        }
        // Each attempt is bounded by the connection's own timeouts; this bounds the whole,
        // should a server accept connections and never answer.
        let attempts =
            u32::try_from(options.reconnect_retries.saturating_add(1)).unwrap_or(u32::MAX);
        let bound = options
            .connection_timeout
            .saturating_add(options.response_timeout)
            .saturating_mul(attempts)
            .saturating_add(Duration::from_secs(2));
        let conn = timeout(bound, Conn::open(target, options))
            .await
            .map_err(|_| StoreError::Unavailable(format!("connect to {shown}: timed out")))?
            .map_err(|e| StoreError::from_redis(&format!("connect to {shown}"), &e))?;
        debug!(target = %shown, "connected to Redis");
        let wait = match target {
            Target::Sentinel { wait, .. } | Target::Cluster { wait, .. } if !wait.is_zero() => {
                Some(*wait)
            }
            _ => None,
        };
        Ok(Self {
            conn,
            wait,
            no_replica_until: Arc::default(),
            op_timeout: options.operation_timeout,
            round_trips: Arc::default(),
            by_op: Arc::default(),
            metrics: Arc::default(),
            breaker: Arc::default(),
        })
    }

    /// Connects, retrying with exponential backoff while Redis is unavailable (for instance
    /// while it is still starting). Each failure is logged at `warn` with the URL's password
    /// removed. A malformed URL fails at once.
    ///
    /// # Errors
    /// The last error once `backoff.max_attempts` attempts have failed, or
    /// [`StoreError::Config`] at once.
    pub async fn connect_with_retry(
        url: &str,
        options: StoreOptions,
        backoff: Backoff,
    ) -> Result<Self, StoreError> {
        Self::connect_target_with_retry(&Target::Single(url.to_owned()), options, backoff).await
    }

    /// As [`Store::connect_with_retry`], to any [`Target`].
    ///
    /// # Errors
    /// As [`Store::connect_with_retry`].
    pub async fn connect_target_with_retry(
        target: &Target,
        options: StoreOptions,
        backoff: Backoff,
    ) -> Result<Self, StoreError> {
        let safe_url = format!("{target:?}");
        let max_attempts = backoff.max_attempts.max(1);
        let mut failures = 0;
        loop {
            match Self::connect_to(target, options).await {
                Ok(store) => {
                    if failures > 0 {
                        info!(url = %safe_url, attempts = failures + 1, "connected to Redis");
                    }
                    return Ok(store);
                }
                Err(e) if !e.is_unavailable() => return Err(e),
                // A certificate refused is a setting to fix: waiting changes nothing.
                Err(StoreError::Unavailable(text)) if super::tls::is_certificate_error(&text) => {
                    return Err(StoreError::Config(format!(
                        "{text} (a rediss:// URL is checked against the system's roots, or the CA file in {})",
                        super::tls::CA_CERT_VAR
                    )));
                }
                Err(e) => {
                    failures += 1;
                    if failures >= max_attempts {
                        warn!(url = %safe_url, attempts = failures, error = %e, "giving up connecting to Redis");
                        return Err(e);
                    }
                    let delay = backoff.delay_after(failures);
                    warn!(
                        url = %safe_url,
                        attempt = failures,
                        max_attempts,
                        retry_in_ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX),
                        error = %e,
                        "cannot connect to Redis; retrying"
                    );
                    tokio::time::sleep(delay).await;
                }
            }
        }
    }

    /// Checks that Redis answers (readiness probe).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when it does not, within the operation timeout.
    pub async fn ping(&self) -> Result<(), StoreError> {
        let pong: String = self
            .query("ping", Retry::Idempotent, &redis::cmd("PING"))
            .await?;
        if pong == "PONG" {
            Ok(())
        } else {
            Err(StoreError::Redis(format!(
                "ping: unexpected answer {pong:?}"
            )))
        }
    }

    /// Whether this store speaks to a Redis Cluster.
    #[must_use]
    pub fn is_cluster(&self) -> bool {
        matches!(self.conn, Conn::Cluster(_))
    }

    /// Whether Redis answers, as the circuit breaker knows it (see [`super::breaker`]).
    #[must_use]
    pub fn health(&self) -> Health {
        self.breaker.health()
    }

    /// How many round trips to Redis this handle (and every clone of it) has made: one per
    /// command, pipeline or script call, a retry counting again. Counted in the one request
    /// path, [`Store::run`], so nothing escapes it.
    #[must_use]
    pub fn round_trips(&self) -> u64 {
        self.round_trips.load(Ordering::Relaxed)
    }

    /// [`Store::round_trips`] by operation (`load_chat`, `save`, `outbox_take`…): which
    /// round trips were made, not only how many. A retry counts again.
    #[must_use]
    pub fn round_trips_by_op(&self) -> BTreeMap<&'static str, u64> {
        self.by_op
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn count(&self, op: &'static str) {
        self.round_trips.fetch_add(1, Ordering::Relaxed);
        *self
            .by_op
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(op)
            .or_default() += 1;
    }

    /// Count the time of every round trip of this handle and its clones in `metrics`
    /// (`parxis_redis_command_seconds`). The first call wins.
    pub fn report_to(&self, metrics: &Metrics) {
        let _ = self.metrics.set(metrics.clone());
    }

    pub(super) async fn query<R: FromRedisValue>(
        &self,
        op: &'static str,
        retry: Retry,
        cmd: &Cmd,
    ) -> Result<R, StoreError> {
        self.run(op, retry, |mut conn| async move {
            cmd.query_async(&mut conn).await
        })
        .await
    }

    pub(super) async fn query_pipe<R: FromRedisValue>(
        &self,
        op: &'static str,
        retry: Retry,
        pipe: &Pipeline,
    ) -> Result<R, StoreError> {
        self.run(op, retry, |mut conn| async move {
            pipe.query_async(&mut conn).await
        })
        .await
    }

    /// Runs a script; its keys are in one slot (see [`Call`]), or nothing is sent.
    pub(super) async fn invoke<R: FromRedisValue>(
        &self,
        op: &'static str,
        retry: Retry,
        call: &Call<'_>,
    ) -> Result<R, StoreError> {
        call.one_slot(op)?;
        let inv = &call.invocation();
        self.run(op, retry, |mut conn| async move {
            inv.invoke_async(&mut conn).await
        })
        .await
    }

    /// Under Sentinel or on a cluster, waits (up to the configured time) until one replica
    /// holds every write this store made so far (on a cluster: to the node of `key`'s slot,
    /// which took the write), so that what the caller reports as done survives a
    /// failover. Not an error when no replica answers in time: the write stands on the
    /// primary alone, as with a single node, and saves stop waiting for a minute (a replica
    /// that is away would otherwise hold every save for the whole wait). Elsewhere a no-op.
    pub(super) async fn replicated(&self, op: &'static str, key: &str) -> Result<(), StoreError> {
        let Some(wait) = self.wait else {
            return Ok(());
        };
        let now = now_ms();
        if now < self.no_replica_until.load(Ordering::Relaxed) {
            return Ok(());
        }
        let ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
        let copies: i64 = self
            .run(op, Retry::IfNotSent, |mut conn| async move {
                conn.wait_one(key, ms).await
            })
            .await?;
        if copies < 1 {
            warn!(
                op,
                wait_ms = wait.as_millis(),
                "no replica holds the write yet; not waiting for a minute"
            );
            self.no_replica_until
                .store(now.saturating_add(60_000), Ordering::Relaxed);
        }
        Ok(())
    }

    /// Runs `attempt` on the shared connection, at most twice (see [`Retry`]), within the
    /// operation timeout, and maps its error. While the circuit breaker is open (Redis known
    /// to be away) it fails at once, sending nothing.
    async fn run<R, F, Fut>(
        &self,
        op: &'static str,
        retry: Retry,
        attempt: F,
    ) -> Result<R, StoreError>
    where
        F: Fn(Conn) -> Fut,
        Fut: Future<Output = RedisResult<R>>,
    {
        if self.breaker.is_open() {
            let reason = self.breaker.health().reason.unwrap_or_default();
            return Err(StoreError::Unavailable(format!(
                "{op}: Redis is away ({reason}); not sent"
            )));
        }
        let attempts = async {
            self.count(op);
            match attempt(self.conn.clone()).await {
                Err(e) if may_retry(&e, retry) => {
                    debug!(op, error = %e, "retrying once on a new connection");
                    self.count(op);
                    // A Redis that restarted answers a new connection at once; one that is
                    // away would keep the caller waiting through the reconnection's backoff.
                    match timeout(RETRY_WITHIN, attempt(self.conn.clone())).await {
                        Ok(r) => r,
                        Err(_) => Err(e),
                    }
                }
                other => other,
            }
        };
        let started = std::time::Instant::now();
        let answered = timeout(self.op_timeout, attempts).await;
        if let Some(metrics) = self.metrics.get() {
            metrics.redis_command(started.elapsed());
        }
        let result = match answered {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => Err(StoreError::from_redis(op, &e)),
            Err(_) => Err(StoreError::Unavailable(format!(
                "{op}: no answer within {} ms",
                self.op_timeout.as_millis()
            ))),
        };
        if let Err(StoreError::Unavailable(reason)) = &result {
            self.away(reason);
        }
        result
    }

    /// An operation found Redis away: open the breaker and, the first time, start the probe
    /// that closes it once a `PING` is answered again.
    fn away(&self, reason: &str) {
        if !self.breaker.failed(reason) {
            return;
        }
        warn!(error = %reason, "Redis is away: store operations fail at once until it is back");
        let (conn, breaker) = (self.conn.clone(), self.breaker.clone());
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            breaker.probe_done();
            return;
        };
        runtime.spawn(async move {
            let started = std::time::Instant::now();
            loop {
                tokio::time::sleep(PROBE_EVERY).await;
                if Arc::strong_count(&breaker) == 1 {
                    // Every store handle is gone: nobody waits for Redis any more.
                    break;
                }
                let mut c = conn.clone();
                let pong = timeout(
                    PROBE_TIMEOUT,
                    redis::cmd("PING").query_async::<String>(&mut c),
                )
                .await;
                if matches!(pong, Ok(Ok(_))) {
                    breaker.succeeded();
                    info!(
                        away_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                        "Redis is back"
                    );
                    break;
                }
            }
            breaker.probe_done();
        });
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A connection refused means the command was never sent (the manager then starts a new
/// connection, which the second attempt awaits); a dropped connection may have run it.
fn may_retry(err: &RedisError, retry: Retry) -> bool {
    err.is_connection_refusal() || (retry == Retry::Idempotent && err.is_connection_dropped())
}
