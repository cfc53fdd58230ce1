//! This replica's own pace of the writes it makes while Redis is away (the outbox, in
//! Redis, cannot pace them then): one write per chat per [`AWAY_GAP_MS`], never to a chat
//! under a 429 this replica saw. See [`super::outbox::away`].

use std::collections::HashMap;
use std::sync::Mutex;

/// The least time between two writes this replica makes to one chat while Redis is away.
pub const AWAY_GAP_MS: u64 = 20_000;
/// At most this many chats are remembered (the oldest are forgotten first).
const MAX_CHATS: usize = 10_000;

/// When this replica may write to each chat again while Redis is away.
#[derive(Debug, Default)]
pub struct AwayWrites {
    next: Mutex<HashMap<i64, u64>>,
}

impl AwayWrites {
    /// Take a write to `chat` at `now` if its gap has passed.
    pub fn take(&self, chat: i64, now: u64) -> bool {
        let mut next = self
            .next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if next.get(&chat).is_some_and(|&at| at > now) {
            return false;
        }
        if next.len() >= MAX_CHATS {
            next.retain(|_, at| *at > now);
        }
        next.insert(chat, now + AWAY_GAP_MS);
        true
    }

    /// Telegram said wait: no write to `chat` before `until`.
    pub fn hold(&self, chat: i64, until: u64) {
        let mut next = self
            .next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let at = next.entry(chat).or_insert(until);
        *at = (*at).max(until);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chat_gets_one_away_write_per_gap_and_none_under_a_429() {
        let w = AwayWrites::default();
        assert!(w.take(-1, 1_000));
        assert!(!w.take(-1, 1_000 + AWAY_GAP_MS - 1));
        assert!(w.take(-2, 1_000), "another chat has its own gap");
        assert!(w.take(-1, 1_000 + AWAY_GAP_MS));
        w.hold(-2, 500_000);
        assert!(!w.take(-2, 400_000));
        assert!(w.take(-2, 500_000));
    }
}
