//! Whether Telegram has answered the start-up calls: what `/readyz` says about Telegram.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

/// Where the bot is in its start-up, shared between the start-up calls and `/readyz`.
#[derive(Clone, Debug)]
pub struct TelegramStatus(Arc<Mutex<Phase>>);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// The start-up calls are under way; `failures` in a row so far.
    Starting {
        /// The call being made (`getMe`, `setWebhook`…).
        step: &'static str,
        /// When the start-up began, or the first of the failures in a row.
        since: SystemTime,
        failures: u32,
        last_error: Option<String>,
    },
    /// Every start-up call was answered: the bot takes updates.
    Up,
    /// SIGTERM or SIGINT: finishing the updates already taken.
    Stopping,
}

impl Default for TelegramStatus {
    fn default() -> Self {
        Self::new()
    }
}

impl TelegramStatus {
    /// Starting, nothing sent yet.
    #[must_use]
    pub fn new() -> Self {
        Self(Arc::new(Mutex::new(Self::starting())))
    }

    fn starting() -> Phase {
        Phase::Starting {
            step: "getMe",
            since: SystemTime::now(),
            failures: 0,
            last_error: None,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Phase> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `step` is being called (back to starting if the bot was up).
    pub fn calling(&self, step: &'static str) {
        let mut phase = self.lock();
        match &mut *phase {
            Phase::Starting { step: s, .. } => *s = step,
            Phase::Up => {
                *phase = Self::starting();
                if let Phase::Starting { step: s, .. } = &mut *phase {
                    *s = step;
                }
            }
            Phase::Stopping => {}
        }
    }

    /// `step` failed with `error` (a description without secrets).
    pub fn failed(&self, step: &'static str, error: &str) {
        let mut phase = self.lock();
        if let Phase::Starting {
            step: s,
            since,
            failures,
            last_error,
        } = &mut *phase
        {
            if *failures == 0 {
                *since = SystemTime::now();
            }
            *s = step;
            *failures += 1;
            *last_error = Some(error.to_owned());
        }
    }

    /// A start-up call was answered: the failures in a row are over.
    pub fn answered(&self) {
        if let Phase::Starting {
            failures,
            last_error,
            ..
        } = &mut *self.lock()
        {
            *failures = 0;
            *last_error = None;
        }
    }

    /// Every start-up call was answered.
    pub fn up(&self) {
        let mut phase = self.lock();
        if *phase != Phase::Stopping {
            *phase = Phase::Up;
        }
    }

    /// The bot is shutting down (final).
    pub fn stopping(&self) {
        *self.lock() = Phase::Stopping;
    }

    /// Why the bot is not ready, as far as Telegram is concerned; `None` once it is up.
    #[must_use]
    pub fn not_ready(&self) -> Option<String> {
        match &*self.lock() {
            Phase::Up => None,
            Phase::Stopping => Some("shutting down".to_owned()),
            Phase::Starting {
                step,
                since,
                failures: 0,
                ..
            } => Some(format!(
                "waiting for telegram since {} ({step} sent)",
                rfc3339(*since)
            )),
            Phase::Starting {
                step,
                since,
                failures,
                last_error,
            } => Some(format!(
                "telegram unreachable since {} ({failures} failed {}; last, {step}: {})",
                rfc3339(*since),
                if *failures == 1 {
                    "attempt"
                } else {
                    "attempts"
                },
                last_error.as_deref().unwrap_or("unknown error"),
            )),
        }
    }
}

/// `t` as an RFC 3339 UTC time to the second, e.g. `2026-05-04T10:11:12Z`.
#[must_use]
pub fn rfc3339(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days(secs / 86_400);
    let s = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn rfc3339_formats_utc_seconds_across_leap_days_and_centuries() {
        // Given instants whose calendar dates are known
        let at = |secs: u64| rfc3339(UNIX_EPOCH + Duration::from_secs(secs));
        // When formatted
        // Then the date and time are the UTC ones
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(at(4_107_542_400), "2100-03-01T00:00:00Z");
        assert_eq!(at(1_798_761_599), "2026-12-31T23:59:59Z");
    }

    #[test]
    fn readiness_reason_follows_the_start_up_until_telegram_answers() {
        // Given a bot that has just sent getMe
        let status = TelegramStatus::new();
        let first = status.not_ready().expect("not ready");
        assert!(first.starts_with("waiting for telegram since "), "{first}");
        assert!(first.ends_with("(getMe sent)"), "{first}");
        // When getMe fails twice
        status.failed("getMe", "network error: cannot connect");
        status.failed("getMe", "network error: cannot connect");
        // Then /readyz says since when Telegram is unreachable and why
        let down = status.not_ready().expect("not ready");
        assert!(down.starts_with("telegram unreachable since 20"), "{down}");
        assert!(
            down.ends_with("(2 failed attempts; last, getMe: network error: cannot connect)"),
            "{down}"
        );
        // When getMe is answered and setMyCommands is under way, it is still not ready
        status.answered();
        status.calling("setMyCommands");
        let next = status.not_ready().expect("not ready");
        assert!(next.ends_with("(setMyCommands sent)"), "{next}");
        // When everything was answered, it is ready; a stop is final
        status.up();
        assert_eq!(status.not_ready(), None);
        status.stopping();
        status.up();
        assert_eq!(status.not_ready().as_deref(), Some("shutting down"));
        status.calling("getMe");
        status.failed("getMe", "x");
        assert_eq!(status.not_ready().as_deref(), Some("shutting down"));
    }

    #[test]
    fn losing_telegram_after_start_up_counts_again_from_zero() {
        // Given a bot that was up
        let status = TelegramStatus::new();
        status.up();
        // When the start-up calls begin again and one fails
        status.calling("getMe");
        status.failed("getMe", "I/O error: reset");
        // Then the count restarts
        let down = status.not_ready().expect("not ready");
        assert!(
            down.contains("(1 failed attempt; last, getMe: I/O error: reset)"),
            "{down}"
        );
    }
}
