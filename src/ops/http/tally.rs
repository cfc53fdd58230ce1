//! Counts of something that may happen at any rate (failed accepts, refused connections,
//! forged `initData`), logged as one line per period instead of a line each: a flood of bad
//! requests cannot flood the log.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A count logged (at `warn`) at most once per period, with how many happened since the last
/// line.
#[derive(Debug)]
pub struct Tally {
    what: &'static str,
    every: Duration,
    count: AtomicU64,
    last: Mutex<Option<Instant>>,
}

impl Tally {
    /// A tally whose line says `what`, written at most once per `every`.
    #[must_use]
    pub fn new(what: &'static str, every: Duration) -> Self {
        Self {
            what,
            every,
            count: AtomicU64::new(0),
            last: Mutex::new(None),
        }
    }

    /// Counts one; returns the count to log when a line is due (the count is then reset).
    fn take_due(&self) -> Option<u64> {
        self.count.fetch_add(1, Ordering::Relaxed);
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if last.is_some_and(|t| now.duration_since(t) < self.every) {
            return None;
        }
        *last = Some(now);
        Some(self.count.swap(0, Ordering::Relaxed))
    }

    /// Counts one, and logs the count when a line is due.
    pub fn note(&self) {
        if let Some(count) = self.take_due() {
            tracing::warn!(count, period_s = self.every.as_secs(), "{}", self.what);
        }
    }

    /// [`Self::note`], the line carrying `error` (the latest one).
    pub fn note_error(&self, error: &dyn std::fmt::Display) {
        if let Some(count) = self.take_due() {
            tracing::warn!(count, period_s = self.every.as_secs(), error = %error, "{}", self.what);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_period_with_the_count_since_the_last() {
        let t = Tally::new("x", Duration::from_secs(3600));
        assert_eq!(t.take_due(), Some(1), "the first is logged at once");
        for _ in 0..399 {
            assert_eq!(t.take_due(), None);
        }
        *t.last.lock().unwrap() = Some(Instant::now() - Duration::from_secs(3601));
        assert_eq!(t.take_due(), Some(400));
    }
}
