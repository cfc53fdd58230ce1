//! One board write at a time per place on this replica, and what it last wrote there.
//!
//! Two updates of one chat can reach the board writer at once (a press and the computer
//! turn after it, a catch-up and a press). Each loaded the board message's record when its
//! update began, so without this the second could edit a message the first had just
//! replaced, or post a second board beside the first (two photo boards at a game's start).
//! Under the place's lock a write uses the board message this replica last wrote, and a
//! board older than the one already written is not written again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::chat::DisplayState;
use crate::store::Place;

/// Entries kept before the idle ones are dropped.
const PRUNE_AT: usize = 4096;

/// What this replica last wrote on a place's board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastWrite {
    /// The table version it showed (0: none yet).
    pub version: u64,
    /// The message that shows it.
    pub display: Option<DisplayState>,
}

/// The per-place locks of one replica.
#[derive(Debug, Default)]
pub struct BoardLocks {
    map: Mutex<HashMap<Place, Arc<tokio::sync::Mutex<LastWrite>>>>,
}

impl BoardLocks {
    /// The lock of `place` (created on first use; idle ones are dropped now and then).
    pub fn of(&self, place: Place) -> Arc<tokio::sync::Mutex<LastWrite>> {
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if map.len() >= PRUNE_AT {
            map.retain(|_, l| Arc::strong_count(l) > 1);
        }
        map.entry(place).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_place_has_one_lock_and_idle_locks_are_dropped() {
        // Given the locks, When one place's lock is taken twice, Then it is the same lock.
        let locks = BoardLocks::default();
        let a = Place::of_chat(-1);
        let l1 = locks.of(a);
        l1.lock().await.version = 7;
        assert_eq!(locks.of(a).lock().await.version, 7);
        // When many other places were used and let go, Then they are dropped, not `a`.
        for chat in 0..i64::try_from(PRUNE_AT).unwrap() + 1 {
            let _ = locks.of(Place::of_chat(chat));
        }
        let len = locks.map.lock().unwrap().len();
        assert!(len < PRUNE_AT, "{len}");
        assert_eq!(locks.of(a).lock().await.version, 7);
    }
}
