//! The one clock of the bot's effects: every "now" of a save, a deadline, a budget or a ping
//! comes from [`Ctx::now_ms`](super::Ctx::now_ms), which reads the context's [`Clock`].
//! Production reads the system's; tests use a [`TestClock`] they move forward, so a 30 s turn
//! timer or Solidari's 30 minutes pass in an instant, at their true lengths, without sleeping
//! and without racing the test's own steps.

use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::watch;

/// Where the time comes from.
pub trait Clock: Send + Sync + Debug {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;

    /// A receiver that changes whenever the clock jumps (a test moved it); the system
    /// clock never jumps, so it has none. Each waiter has its own receiver, so no jump is
    /// missed by a scheduler that was busy when it happened.
    fn moved(&self) -> Option<watch::Receiver<u64>> {
        None
    }
}

/// The system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

/// The system's time, Unix ms.
#[must_use]
pub fn system_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        system_ms()
    }
}

/// A clock for tests: the system's time plus an offset the test moves forward with
/// [`TestClock::advance`]. It keeps running, so whatever waits a few milliseconds (a computer
/// player's short pause) still happens by itself, and a long wait (a timer) happens exactly
/// when the test says so. Moving it wakes the scheduler at once.
#[derive(Debug)]
pub struct TestClock {
    offset_ms: AtomicU64,
    moved: watch::Sender<u64>,
}

impl Default for TestClock {
    fn default() -> Self {
        Self {
            offset_ms: AtomicU64::new(0),
            moved: watch::channel(0).0,
        }
    }
}

impl TestClock {
    /// A test clock at the system's time.
    #[must_use]
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Moves the clock `ms` milliseconds forward and wakes the schedulers.
    pub fn advance(&self, ms: u64) {
        let offset = self.offset_ms.fetch_add(ms, Ordering::SeqCst) + ms;
        self.moved.send_replace(offset);
    }

    /// How far the clock was moved in all.
    #[must_use]
    pub fn offset_ms(&self) -> u64 {
        self.offset_ms.load(Ordering::SeqCst)
    }
}

impl Clock for TestClock {
    fn now_ms(&self) -> u64 {
        system_ms().saturating_add(self.offset_ms.load(Ordering::SeqCst))
    }

    fn moved(&self) -> Option<watch::Receiver<u64>> {
        Some(self.moved.subscribe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_clock_runs_and_jumps_when_told() {
        let c = TestClock::new();
        let before = c.now_ms();
        c.advance(30_000);
        let after = c.now_ms();
        assert!(after >= before + 30_000, "{before} → {after}");
        assert!(after < before + 40_000, "{before} → {after}");
        assert_eq!(c.offset_ms(), 30_000);
    }
}
