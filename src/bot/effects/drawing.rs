//! Where boards are drawn: off the async workers, and only a few at once.
//!
//! A picture board takes a millisecond or two of CPU (tiny-skia and the PNG encoding). The
//! outbox's drain draws it on tokio's blocking pool, which grows to hundreds of threads:
//! when a thousand games open at once (a popular bot restarting), a thousand boards were
//! drawn on as many threads, and the operating system shared the cores among them and the
//! two async workers alike, so the workers got a sliver of the CPU and every press waited
//! (p99 0.5–1.3 s in the outbox bench at 1,000 groups, all of it in the first 20 s).
//!
//! [`Drawing::run`] draws at most [`Drawing::permits`] boards at once (the machine's cores
//! but one, at least one, as [`super::think`] thinks): the core left over keeps the async
//! workers answering presses however many boards wait; the boards past that wait for a
//! permit without holding a worker or a thread. More threads drawing would not draw faster
//! on the same cores, only queue there.
//!
//! A test may [`Drawing::hold`] the drawing (a gate on the thread that draws) and read how
//! many drew at once at most ([`Drawing::peak`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::sync::Semaphore;

use super::pool::{Hold, cores_but_one};

/// Where this replica draws its boards ([`super::Ctx::draw`]).
#[derive(Debug)]
pub struct Drawing {
    permits: Arc<Semaphore>,
    size: usize,
    counts: Arc<Counts>,
    hold: Hold,
}

/// How many draw now, drew at once at most, and drew in all.
#[derive(Debug, Default)]
struct Counts {
    running: AtomicUsize,
    peak: AtomicUsize,
    drawn: AtomicU64,
}

/// One drawing counted as running until it ends, panicking or not.
struct Running<'a>(&'a Counts);

impl<'a> Running<'a> {
    fn start(counts: &'a Counts) -> Self {
        let now = counts.running.fetch_add(1, Ordering::SeqCst) + 1;
        counts.peak.fetch_max(now, Ordering::SeqCst);
        Self(counts)
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Default for Drawing {
    /// As many boards drawn at once as the machine has cores but one (at least one).
    fn default() -> Self {
        Self::with_permits(cores_but_one())
    }
}

impl Drawing {
    /// At most `n` (at least 1) boards drawn at once.
    #[must_use]
    pub fn with_permits(n: usize) -> Self {
        let size = n.max(1);
        Self {
            permits: Arc::new(Semaphore::new(size)),
            size,
            counts: Arc::default(),
            hold: Hold::default(),
        }
    }

    /// How many boards are drawn at once at most.
    #[must_use]
    pub fn permits(&self) -> usize {
        self.size
    }

    /// Run `draw` off the async workers once a permit is free, and hand back its result
    /// (`Err` when it panicked).
    ///
    /// # Errors
    /// The drawing's panic, as tokio's blocking pool reports it.
    pub async fn run<T, F>(&self, draw: F) -> Result<T, tokio::task::JoinError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        // The semaphore is never closed: a permit always comes.
        let _permit = self.permits.clone().acquire_owned().await;
        let counts = Arc::clone(&self.counts);
        let hold = self.hold.clone();
        tokio::task::spawn_blocking(move || {
            let _running = Running::start(&counts);
            hold.wait();
            let out = draw();
            counts.drawn.fetch_add(1, Ordering::Relaxed);
            out
        })
        .await
    }

    /// The most drawings that ran at once since this replica started.
    #[must_use]
    pub fn peak(&self) -> usize {
        self.counts.peak.load(Ordering::SeqCst)
    }

    /// How many drawings ran to their end.
    #[must_use]
    pub fn drawn(&self) -> u64 {
        self.counts.drawn.load(Ordering::Relaxed)
    }

    /// Test-only: hold every drawing at its start (on the thread it runs on) until
    /// [`Drawing::release`]. In production nothing ever holds.
    pub fn hold(&self) {
        self.hold.set(true);
    }

    /// Test-only: let held drawings go on.
    pub fn release(&self) {
        self.hold.set(false);
    }

    /// Test-only: how many drawings reached the hold while it was set.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.hold.reached()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn never_more_drawings_at_once_than_permits() {
        let d = Arc::new(Drawing::with_permits(2));
        let mut tasks = Vec::new();
        for i in 0..12u64 {
            let d = d.clone();
            tasks.push(tokio::spawn(async move {
                d.run(move || {
                    std::thread::sleep(Duration::from_millis(5));
                    i * 2
                })
                .await
            }));
        }
        let mut sum = 0;
        for t in tasks {
            sum += t.await.expect("task").expect("drawn");
        }
        assert_eq!(sum, (0..12).map(|i| i * 2).sum::<u64>());
        assert_eq!(d.drawn(), 12);
        assert_eq!(d.peak(), 2, "two permits: two at once, never more");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_drawing_gives_its_permit_back() {
        let d = Drawing::with_permits(1);
        assert!(d.run(|| panic!("drawing failed")).await.is_err());
        assert_eq!(d.run(|| 7).await.expect("drawn"), 7);
        assert_eq!(d.peak(), 1);
    }
}
