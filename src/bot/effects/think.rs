//! Where computer players think: never on the async workers that answer presses.
//!
//! A hard computer's move is a search that takes milliseconds of CPU, and a turn chains
//! several (every automatic seat up to the next human, [`Table::until_human`]). Run on an
//! async worker, it holds that worker, and with it every other group's press waiting there.
//! [`Thinking::run`] plays such a step on tokio's blocking pool instead, at most
//! [`Thinking::permits`] at once (the machine's cores but one, at least one: the core left
//! over keeps the async workers running however many computers think; more threads would
//! only queue on the CPU); the steps past that wait for a permit without holding a worker.
//!
//! The step itself stays the pure core's ([`Table`]'s transitions with the chat's random
//! streams, `ctx::ChatStreams`, owned and moved along): its result depends only on the
//! table and the seeded streams, never on the thread that ran it.
//!
//! [`Thinking::set_inline`] brings back the old way (the step on the worker that asked),
//! kept only so the outbox bench can measure the difference in the same run; and a test may
//! [`Thinking::hold`] the thinking, to show a press elsewhere answered meanwhile.
//!
//! [`Table::until_human`]: crate::bot::core::table::Table::until_human

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use tokio::sync::Semaphore;

use super::pool::{Hold, cores_but_one};
use tracing::warn;

use crate::bot::core::table::Table;
use crate::metrics::Metrics;

/// Whether a step from `t` may have a computer think: a game in play with a seat the bot
/// plays (a computer, an absent player). Other steps stay where they are (a roll, a human's
/// move: no search), so a game of humans never waits for a thinking permit.
#[must_use]
pub fn computers_play(t: &Table) -> bool {
    t.playing().is_some() && t.players().iter().any(|p| p.is_automatic())
}

/// Where this replica's computer players think ([`super::Ctx::think`]).
#[derive(Debug)]
pub struct Thinking {
    permits: Arc<Semaphore>,
    size: usize,
    inline: AtomicBool,
    hold: Hold,
    /// Where each step's time is counted, once [`Thinking::report_to`] is called.
    metrics: Arc<OnceLock<Metrics>>,
}

impl Default for Thinking {
    /// As many threads thinking at once as the machine has cores but one (at least one).
    fn default() -> Self {
        Self::with_permits(cores_but_one())
    }
}

impl Thinking {
    /// At most `n` (at least 1) steps thinking at once.
    #[must_use]
    pub fn with_permits(n: usize) -> Self {
        let size = n.max(1);
        Self {
            permits: Arc::new(Semaphore::new(size)),
            size,
            inline: AtomicBool::new(false),
            hold: Hold::default(),
            metrics: Arc::default(),
        }
    }

    /// Count each step's time in `metrics` (`parxis_ai_think_seconds`). The first call wins.
    pub fn report_to(&self, metrics: &Metrics) {
        let _ = self.metrics.set(metrics.clone());
    }

    /// How many steps think at once.
    #[must_use]
    pub fn permits(&self) -> usize {
        self.size
    }

    /// The old way, for a bench's comparison only: with `on`, a step runs on the async
    /// worker that asked for it.
    pub fn set_inline(&self, on: bool) {
        self.inline.store(on, Ordering::Relaxed);
    }

    /// Play `step` with `streams` (a computer's turn, the automatic turns after a save) off
    /// the async workers, and hand back its result.
    pub async fn run<S, T, F>(&self, streams: S, step: F) -> T
    where
        S: Send + 'static,
        F: FnOnce(&mut S) -> T + Send + 'static,
        T: Send + 'static,
    {
        let mut streams = streams;
        let metrics = Arc::clone(&self.metrics);
        let timed = move |streams: &mut S| {
            let started = std::time::Instant::now();
            let out = step(streams);
            if let Some(m) = metrics.get() {
                m.think(started.elapsed());
            }
            out
        };
        if self.inline.load(Ordering::Relaxed) {
            self.hold.wait();
            return timed(&mut streams);
        }
        // The semaphore is never closed: a permit always comes.
        let _permit = self.permits.clone().acquire_owned().await;
        let hold = self.hold.clone();
        match tokio::task::spawn_blocking(move || {
            hold.wait();
            timed(&mut streams)
        })
        .await
        {
            Ok(out) => out,
            Err(e) => {
                // The step panicked: the same panic, on the task that asked.
                warn!(error = %e, "a computer's step failed");
                std::panic::resume_unwind(e.into_panic())
            }
        }
    }

    /// Test-only: hold every step at its start (on the thread it runs on) until
    /// [`Thinking::release`]. In production nothing ever holds.
    pub fn hold(&self) {
        self.hold.set(true);
    }

    /// Test-only: let held steps go on.
    pub fn release(&self) {
        self.hold.set(false);
    }

    /// Test-only: whether steps are held now.
    #[must_use]
    pub fn held(&self) -> bool {
        self.hold.is_set()
    }

    /// Test-only: how many steps reached the hold while it was set.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.hold.reached()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn draws(s: &mut ChaCha8Rng) -> (u64, u64) {
        (s.random(), s.random())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_step_draws_the_same_wherever_it_runs() {
        let seeded = ChaCha8Rng::seed_from_u64;
        let t = Thinking::with_permits(1);
        let pooled = t.run(seeded(5), draws).await;
        t.set_inline(true);
        let inline = t.run(seeded(5), draws).await;
        assert_eq!(pooled, inline);
        assert_ne!(pooled, t.run(seeded(6), draws).await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_held_step_leaves_the_async_worker_free() {
        let t = Arc::new(Thinking::with_permits(1));
        t.hold();
        let streams = 0_u8;
        let held = tokio::spawn({
            let t = t.clone();
            async move { t.run(streams, |_| 42).await }
        });
        // Two more queue behind the one permit, without holding the worker either.
        let queued: Vec<_> = (0..2)
            .map(|i| {
                let t = t.clone();
                tokio::spawn(async move { t.run(streams, move |_| i).await })
            })
            .collect();
        while t.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        // The one worker still runs other tasks while the step is held.
        let other = tokio::spawn(async { 7 }).await.expect("other task");
        assert_eq!(other, 7);
        assert!(t.held());
        t.release();
        assert_eq!(held.await.expect("step"), 42);
        for (i, q) in queued.into_iter().enumerate() {
            assert_eq!(q.await.expect("queued"), i);
        }
    }
}
