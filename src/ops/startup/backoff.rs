//! How long to wait between two start-up attempts.

use std::time::Duration;

/// Exponential backoff: `first` after the first failure, doubled after each further one, at
/// most `max`, then shortened by up to `jitter` (a fraction of it) at random, so that replicas
/// that lost Telegram together do not all come back in the same instant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// The wait after the first failure.
    pub first: Duration,
    /// The longest wait.
    pub max: Duration,
    /// The largest share (0 to 1) taken off a wait at random.
    pub jitter: f64,
}

impl RetryPolicy {
    /// The start-up calls to Telegram: 0.5 s doubling to 30 s, up to a fifth off at random.
    pub const TELEGRAM: Self = Self {
        first: Duration::from_millis(500),
        max: Duration::from_secs(30),
        jitter: 0.2,
    };

    /// The wait after the `failures`-th failure in a row (1-based); `unit` (0 to 1, from the
    /// caller's random source) picks how much of the jitter is taken off.
    #[must_use]
    pub fn delay(&self, failures: u32, unit: f64) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        let base = self.first.saturating_mul(1_u32 << doublings).min(self.max);
        let cut = self.jitter.clamp(0.0, 1.0) * unit.clamp(0.0, 1.0);
        base.mul_f64(1.0 - cut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn telegram_backoff_doubles_from_half_a_second_up_to_thirty_seconds() {
        // Given the Telegram policy and no jitter
        let p = RetryPolicy::TELEGRAM;
        // When the failures pile up
        let delays: Vec<u128> = (1..=9).map(|n| p.delay(n, 0.0).as_millis()).collect();
        // Then the wait doubles from 0.5 s and stops at 30 s, even after very many failures
        assert_eq!(
            delays,
            [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]
        );
        assert_eq!(p.delay(u32::MAX, 0.0), Duration::from_secs(30));
        assert_eq!(p.delay(0, 0.0), Duration::from_millis(500));
    }

    #[test]
    fn jitter_only_shortens_a_wait_and_by_at_most_its_share() {
        // Given the Telegram policy (a fifth of jitter)
        let p = RetryPolicy::TELEGRAM;
        for failures in 1..=12 {
            let full = p.delay(failures, 0.0);
            // When the random unit is at its extremes, or out of range
            let least = p.delay(failures, 1.0);
            let wild = p.delay(failures, 7.0);
            // Then the wait stays within [80 %, 100 %] of the unjittered one, never above max
            assert_eq!(least, full.mul_f64(0.8), "failures {failures}");
            assert_eq!(wild, least);
            assert!(p.delay(failures, 0.5) < full && p.delay(failures, 0.5) > least);
            assert!(full <= p.max);
        }
    }
}
