//! What the blocking pools that think ([`super::think`]) and draw ([`super::drawing`])
//! share: their default size, and a test's gate on their threads. While the gate is set,
//! each job blocks at its start (on the thread it runs on), so a test can hold them and see
//! what waits. In production nothing ever sets it, and passing it costs one uncontended
//! lock.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// As many jobs at once as the machine has cores but one (at least one): the core left over
/// keeps the async workers answering presses.
#[must_use]
pub fn cores_but_one() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    cores.saturating_sub(1).max(1)
}

/// The gate (cheap to clone: every clone is the same gate).
#[derive(Clone, Debug, Default)]
pub struct Hold(Arc<HoldInner>);

#[derive(Debug, Default)]
struct HoldInner {
    held: Mutex<bool>,
    released: Condvar,
    reached: AtomicUsize,
}

impl Hold {
    /// Set (`true`) or lift (`false`) the gate; lifting it lets every waiting job go on.
    pub fn set(&self, on: bool) {
        *self.0.held.lock().unwrap_or_else(PoisonError::into_inner) = on;
        if !on {
            self.0.released.notify_all();
        }
    }

    /// Whether the gate is set.
    #[must_use]
    pub fn is_set(&self) -> bool {
        *self.0.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many jobs reached the gate while it was set.
    #[must_use]
    pub fn reached(&self) -> usize {
        self.0.reached.load(Ordering::SeqCst)
    }

    /// Block this thread while the gate is set.
    pub fn wait(&self) {
        let mut held = self.0.held.lock().unwrap_or_else(PoisonError::into_inner);
        if *held {
            self.0.reached.fetch_add(1, Ordering::SeqCst);
        }
        while *held {
            held = self
                .0
                .released
                .wait(held)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}
