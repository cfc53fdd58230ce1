//! A circuit breaker in front of Redis, one per [`Store`](super::Store) and all its clones.
//!
//! While Redis is reachable every operation goes through. The first operation that finds it
//! unreachable (a refused or dropped connection, a timeout) opens the breaker: from then on
//! every operation fails at once with [`StoreError::Unavailable`](super::StoreError), so a
//! press is answered "busy" in milliseconds instead of waiting a second or more per Redis
//! call. One background probe (a `PING` every [`PROBE_EVERY`]) notices the recovery and
//! closes the breaker; no user's request is ever the one that waits for a dead Redis twice.
//!
//! [`Breaker::health`] tells `/readyz` and the metrics whether Redis is up, since when it is
//! not, why, how many failures were seen and how long Redis was unavailable in all.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often the probe asks a Redis that is away whether it is back.
pub const PROBE_EVERY: Duration = Duration::from_millis(200);
/// How long the probe's `PING` may take.
pub const PROBE_TIMEOUT: Duration = Duration::from_millis(500);

/// What the breaker knows of Redis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// Redis answers (the breaker is closed).
    pub up: bool,
    /// Why it is not, when it is not: the error that opened the breaker.
    pub reason: Option<String>,
    /// How long it has been away now (zero when up).
    pub down_for: Duration,
    /// Operations that found Redis unreachable, since start.
    pub failures: u64,
    /// How long Redis was unavailable in all since start, the current outage included.
    pub unavailable: Duration,
}

#[derive(Debug, Default)]
struct Outage {
    since: Option<Instant>,
    reason: Option<String>,
    total: Duration,
}

/// The breaker's state.
#[derive(Debug, Default)]
pub struct Breaker {
    open: AtomicBool,
    /// A probe task runs (at most one).
    probing: AtomicBool,
    failures: AtomicU64,
    outage: Mutex<Outage>,
}

impl Breaker {
    /// Is the breaker open (Redis known to be away)?
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open.load(Ordering::Acquire)
    }

    /// An operation found Redis unreachable: open the breaker. Returns true when this call
    /// opened it and should start the probe.
    pub fn failed(&self, reason: &str) -> bool {
        self.failures.fetch_add(1, Ordering::Relaxed);
        let mut o = self.lock();
        if o.since.is_none() {
            o.since = Some(Instant::now());
            o.reason = Some(reason.to_owned());
        }
        drop(o);
        self.open.store(true, Ordering::Release);
        !self.probing.swap(true, Ordering::AcqRel)
    }

    /// Redis answered: close the breaker.
    pub fn succeeded(&self) {
        if !self.is_open() {
            return;
        }
        let mut o = self.lock();
        if let Some(since) = o.since.take() {
            o.total += since.elapsed();
        }
        o.reason = None;
        drop(o);
        self.open.store(false, Ordering::Release);
    }

    /// The probe ends (Redis is back, or the store is gone).
    pub fn probe_done(&self) {
        self.probing.store(false, Ordering::Release);
    }

    /// What the breaker knows now.
    #[must_use]
    pub fn health(&self) -> Health {
        let o = self.lock();
        let down_for = o.since.map_or(Duration::ZERO, |s| s.elapsed());
        Health {
            up: !self.is_open(),
            reason: o.reason.clone(),
            down_for,
            failures: self.failures.load(Ordering::Relaxed),
            unavailable: o.total + down_for,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Outage> {
        self.outage
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_opens_it_once_and_a_success_closes_it_counting_the_outage() {
        let b = Breaker::default();
        assert!(b.health().up);
        // The first failure opens it and asks for the one probe; later ones do not.
        assert!(b.failed("connection refused"));
        assert!(!b.failed("connection refused"));
        assert!(b.is_open());
        let h = b.health();
        assert!(!h.up);
        assert_eq!(h.failures, 2);
        assert_eq!(h.reason.as_deref(), Some("connection refused"));
        std::thread::sleep(Duration::from_millis(20));
        b.succeeded();
        b.probe_done();
        let h = b.health();
        assert!(h.up && h.reason.is_none());
        assert!(h.unavailable >= Duration::from_millis(20), "{h:?}");
        assert_eq!(h.down_for, Duration::ZERO);
        // A new outage asks for a new probe.
        assert!(b.failed("timed out"));
    }
}
