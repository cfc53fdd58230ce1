//! Test-only crash points: places in the code where a test may stop a replica as if it had
//! crashed there, to check that what another replica (or a restart) does next repeats
//! nothing. Production never sets [`super::Ctx::crash`], and then a crash point costs one
//! `None` check.
//!
//! A test sets a [`CrashHook`] on the replica it means to kill; when that replica reaches the
//! hook's point, it notifies the test and never goes past it (the task waits forever), so the
//! test can then kill it (abort its tasks) exactly there.

use tokio::sync::Notify;

use super::Ctx;

/// A point where a test may stop a replica.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrashPoint {
    /// A decided tournament table's result (and, for the final, the champion's history entry)
    /// has been posted, and the record does not say it is posted yet
    /// (`tourney::results::post_unposted`).
    TourneyPosted,
}

/// A test's hook: the point to stop at, and the notice that it was reached.
#[derive(Debug)]
pub struct CrashHook {
    pub at: CrashPoint,
    /// Notified (once, a permit kept) when a task of the replica reaches [`CrashHook::at`].
    pub reached: Notify,
}

impl CrashHook {
    /// A hook that stops at `at`.
    #[must_use]
    pub fn at(at: CrashPoint) -> Self {
        Self {
            at,
            reached: Notify::new(),
        }
    }
}

impl Ctx {
    /// A crash point: with a test's hook set at `point`, tell the test and stop here for
    /// good; otherwise (always in production) go on at once.
    pub async fn crash_point(&self, point: CrashPoint) {
        if let Some(hook) = self.crash.as_ref().filter(|h| h.at == point) {
            tracing::warn!(?point, "test crash point reached: this task stops here");
            hook.reached.notify_one();
            std::future::pending::<()>().await;
        }
    }
}
