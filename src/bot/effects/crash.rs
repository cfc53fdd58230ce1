//! Test-only crash points: places in the code where a test may stop a replica as if it had
//! crashed there, to check what another replica (or a restart) does next. Production never
//! sets [`super::Ctx::crash`], and then a crash point costs one `None` check.
//!
//! A test sets a [`CrashHook`] on the replica it means to kill; when that replica reaches the
//! hook's point, it notifies the test and never goes past it (the task waits forever), so the
//! test can then kill it (abort its tasks) exactly there.

use tokio::sync::Notify;

/// A point where a test may stop a replica.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrashPoint {
    /// A decided tournament table's posts (and, for the final, the champion's history entry)
    /// are planned, and the record does not say it is posted yet
    /// (`tourney::results::post_unposted`).
    TourneyPosted,
    /// The drain made a write (Telegram answered) and has not told the outbox it is done
    /// (`outbox::drain`): the write is still planned, and the next drainer makes it again.
    OutboxMade,
}

/// A test's hook: the point to stop at, and the notice that it was reached.
#[derive(Debug)]
pub struct CrashHook {
    pub at: CrashPoint,
    /// Only where the point's label (a write's slot at [`CrashPoint::OutboxMade`]) contains
    /// this; anywhere when `None`.
    pub on: Option<String>,
    /// Notified (once, a permit kept) when a task of the replica reaches [`CrashHook::at`].
    pub reached: Notify,
}

impl CrashHook {
    /// A hook that stops at `at`.
    #[must_use]
    pub fn at(at: CrashPoint) -> Self {
        Self {
            at,
            on: None,
            reached: Notify::new(),
        }
    }

    /// As this hook, only where the point's label contains `part`.
    #[must_use]
    pub fn on(mut self, part: &str) -> Self {
        self.on = Some(part.to_owned());
        self
    }
}

/// A crash point, labelled `label`: with a test's hook set there, tell the test and stop
/// here for good; otherwise (always in production) go on at once.
pub async fn point(hook: Option<&CrashHook>, point: CrashPoint, label: &str) {
    let here = |h: &&CrashHook| h.at == point && h.on.as_ref().is_none_or(|p| label.contains(p));
    if let Some(hook) = hook.filter(here) {
        tracing::warn!(
            ?point,
            label,
            "test crash point reached: this task stops here"
        );
        hook.reached.notify_one();
        std::future::pending::<()>().await;
    }
}
