//! The retry loop of one start-up call.

use std::future::Future;

use teloxide::RequestError;
use thiserror::Error;
use tokio::sync::watch;
use tracing::{info, warn};

use super::backoff::RetryPolicy;
use super::status::TelegramStatus;
use super::verdict::{Verdict, classify, describe};

/// Why a start-up call was given up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StartError {
    /// Telegram does not know the token: retrying cannot help.
    #[error("Telegram refused the bot token ({step}: {error}); check TELOXIDE_TOKEN")]
    BadToken {
        /// The call that was refused.
        step: &'static str,
        /// What Telegram answered.
        error: String,
    },
    /// Telegram answered and refused the call.
    #[error("{step} was refused: {error}")]
    Refused {
        /// The call that was refused.
        step: &'static str,
        /// What Telegram answered.
        error: String,
    },
    /// A stop was asked for (SIGTERM) before the call succeeded.
    #[error("stopped before Telegram answered")]
    Stopped,
}

/// Makes start-up calls until Telegram answers them, waiting by a [`RetryPolicy`] between
/// attempts, keeping a [`TelegramStatus`] up to date, and giving up at once when a stop is
/// asked for.
pub struct Retrier {
    policy: RetryPolicy,
    status: TelegramStatus,
    stop: watch::Receiver<bool>,
    token: String,
    jitter: fn() -> f64,
}

impl Retrier {
    /// A retrier; `stop` turns `true` when the process must stop; `token` is blotted out of
    /// every error text; `jitter` gives numbers in [0, 1) (`rand::random` in the bot).
    #[must_use]
    pub fn new(
        policy: RetryPolicy,
        status: TelegramStatus,
        stop: watch::Receiver<bool>,
        token: &str,
        jitter: fn() -> f64,
    ) -> Self {
        Self {
            policy,
            status,
            stop,
            token: token.to_owned(),
            jitter,
        }
    }

    /// The status this retrier keeps.
    #[must_use]
    pub fn status(&self) -> &TelegramStatus {
        &self.status
    }

    /// A one-line description of `error` without secrets.
    #[must_use]
    pub fn describe(&self, error: &RequestError) -> String {
        describe(error, &self.token)
    }

    /// Calls `op` until it succeeds. After each failure that [`classify`] says to retry, logs
    /// one warning (`step`, `attempt`, `retry_in_ms`, `error`) and waits: Telegram's
    /// `retry_after` when it gave one, else the policy's backoff.
    ///
    /// # Errors
    ///
    /// [`StartError::BadToken`] or [`StartError::Refused`] at once, without retrying;
    /// [`StartError::Stopped`] as soon as a stop is asked for, even mid-call or mid-wait.
    pub async fn call<T, F, Fut>(&mut self, step: &'static str, mut op: F) -> Result<T, StartError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let mut failures: u32 = 0;
        loop {
            if *self.stop.borrow() {
                return Err(StartError::Stopped);
            }
            self.status.calling(step);
            let result = tokio::select! {
                r = op() => r,
                () = stopped(&mut self.stop) => return Err(StartError::Stopped),
            };
            let e = match result {
                Ok(value) => {
                    if failures > 0 {
                        info!(step, attempts = failures + 1, "Telegram answered");
                    }
                    self.status.answered();
                    return Ok(value);
                }
                Err(e) => e,
            };
            let error = self.describe(&e);
            let after = match classify(&e) {
                Verdict::BadToken => return Err(StartError::BadToken { step, error }),
                Verdict::Refused => return Err(StartError::Refused { step, error }),
                Verdict::Retry { after } => after,
            };
            failures = failures.saturating_add(1);
            let delay = after.unwrap_or_else(|| self.policy.delay(failures, (self.jitter)()));
            self.status.failed(step, &error);
            warn!(
                step,
                attempt = failures,
                retry_in_ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX),
                error = %error,
                "Telegram did not answer; retrying"
            );
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = stopped(&mut self.stop) => return Err(StartError::Stopped),
            }
        }
    }
}

/// Resolves when `stop` turns `true`; never if its sender is gone without that.
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    if stop.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::time::{Duration, Instant};

    use teloxide::ApiError;
    use teloxide::types::Seconds;

    use super::*;

    const QUICK: RetryPolicy = RetryPolicy {
        first: Duration::from_millis(5),
        max: Duration::from_millis(20),
        jitter: 0.0,
    };

    fn retrier(policy: RetryPolicy) -> (watch::Sender<bool>, Retrier) {
        let (tx, rx) = watch::channel(false);
        let r = Retrier::new(policy, TelegramStatus::new(), rx, "1:secret-secret", || 0.0);
        (tx, r)
    }

    fn refused_io() -> RequestError {
        RequestError::Io(Arc::new(std::io::Error::from(
            std::io::ErrorKind::ConnectionRefused,
        )))
    }

    #[tokio::test]
    async fn transient_failures_are_retried_until_the_call_succeeds() {
        // Given a call that fails three times with an I/O error, then answers
        let (_tx, mut r) = retrier(QUICK);
        let calls = AtomicU32::new(0);
        // When it is made through the retrier
        let got = r
            .call("getMe", || async {
                if calls.fetch_add(1, Ordering::SeqCst) < 3 {
                    Err(refused_io())
                } else {
                    Ok(42)
                }
            })
            .await;
        // Then it was made four times and its answer is returned; the status is cleared
        assert_eq!(got, Ok(42));
        assert_eq!(calls.load(Ordering::SeqCst), 4);
        let reason = r.status().not_ready().expect("not up yet");
        assert!(reason.starts_with("waiting for telegram"), "{reason}");
    }

    #[tokio::test]
    async fn a_bad_token_and_a_refusal_end_the_call_without_a_retry() {
        // Given calls that Telegram refuses
        for (answer, bad_token) in [
            (RequestError::Api(ApiError::InvalidToken), true),
            (RequestError::Api(ApiError::UnknownHost), false),
        ] {
            let (_tx, mut r) = retrier(QUICK);
            let calls = AtomicU32::new(0);
            // When one is made
            let got: Result<(), _> = r
                .call("setWebhook", || {
                    calls.fetch_add(1, Ordering::SeqCst);
                    let answer = answer.clone();
                    async move { Err(answer) }
                })
                .await;
            // Then it was made once and the refusal is told apart
            assert_eq!(calls.load(Ordering::SeqCst), 1);
            match got {
                Err(StartError::BadToken { step, .. }) => {
                    assert!(bad_token && step == "setWebhook")
                }
                Err(StartError::Refused { step, .. }) => {
                    assert!(!bad_token && step == "setWebhook")
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[tokio::test]
    async fn retry_after_is_waited_out_instead_of_the_backoff() {
        // Given a call answered once with 429 retry_after 1 s
        let (_tx, mut r) = retrier(QUICK);
        let calls = AtomicU32::new(0);
        let started = Instant::now();
        // When it is made
        let got = r
            .call("setMyCommands", || async {
                if calls.fetch_add(1, Ordering::SeqCst) == 0 {
                    Err(RequestError::RetryAfter(Seconds::from_seconds(1)))
                } else {
                    Ok(())
                }
            })
            .await;
        // Then the second attempt came no sooner than Telegram asked (not after 5 ms)
        assert_eq!(got, Ok(()));
        assert!(started.elapsed() >= Duration::from_secs(1));
    }

    #[tokio::test]
    async fn a_stop_ends_the_wait_between_attempts() {
        // Given a call that always fails, with an hour between attempts
        let hour = RetryPolicy {
            first: Duration::from_secs(3600),
            max: Duration::from_secs(3600),
            jitter: 0.0,
        };
        let (tx, mut r) = retrier(hour);
        let calls = Arc::new(AtomicU32::new(0));
        let counted = calls.clone();
        let task = tokio::spawn(async move {
            r.call("getMe", move || {
                counted.fetch_add(1, Ordering::SeqCst);
                async { Err::<(), _>(refused_io()) }
            })
            .await
        });
        while calls.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        // When a stop is asked for during the wait
        tx.send(true).unwrap();
        // Then the call ends as stopped, after one attempt
        let got = tokio::time::timeout(Duration::from_secs(60), task)
            .await
            .expect("the wait was cut short")
            .unwrap();
        assert_eq!(got, Err(StartError::Stopped));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_stop_ends_a_call_that_hangs() {
        // Given a call that never answers, and a stop already asked for
        let (tx, mut r) = retrier(QUICK);
        tx.send(true).unwrap();
        // When it is made
        let got: Result<(), _> = r.call("getMe", std::future::pending).await;
        // Then it ends as stopped
        assert_eq!(got, Err(StartError::Stopped));
    }
}
