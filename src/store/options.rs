//! How a [`Store`](super::redis_store::Store) waits: its timeouts and reconnection, and the
//! backoff of its first connection.

use std::time::Duration;

/// Timeouts and reconnection of a [`Store`](super::redis_store::Store).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreOptions {
    /// How long one connection attempt may take.
    pub connection_timeout: Duration,
    /// How long Redis may take to answer one command.
    pub response_timeout: Duration,
    /// How many times a lost connection is retried (with exponential backoff from 100 ms)
    /// before the waiting operations fail; the next operation starts a new round.
    pub reconnect_retries: usize,
    /// Upper bound on one whole store operation, reconnection included.
    pub operation_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            connection_timeout: Duration::from_millis(1500),
            response_timeout: Duration::from_millis(1500),
            reconnect_retries: 2,
            operation_timeout: Duration::from_secs(3),
        }
    }
}

/// Exponential backoff for [`Store::connect_with_retry`](super::redis_store::Store::connect_with_retry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// How many connection attempts in all (at least 1).
    pub max_attempts: u32,
    /// The wait after the first failure; doubled after each further failure.
    pub first_delay: Duration,
    /// The longest wait between two attempts.
    pub max_delay: Duration,
}

impl Default for Backoff {
    fn default() -> Self {
        Self {
            max_attempts: 10,
            first_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(10),
        }
    }
}

impl Backoff {
    /// The wait after the `failures`-th failed attempt (1-based).
    #[must_use]
    pub fn delay_after(&self, failures: u32) -> Duration {
        let factor = 2u32.saturating_pow(failures.saturating_sub(1));
        self.first_delay.saturating_mul(factor).min(self.max_delay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let b = Backoff {
            max_attempts: 5,
            first_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(500),
        };
        let delays: Vec<u128> = (1..=5).map(|n| b.delay_after(n).as_millis()).collect();
        assert_eq!(delays, [100, 200, 400, 500, 500]);
        assert_eq!(b.delay_after(200), Duration::from_millis(500));
    }
}
