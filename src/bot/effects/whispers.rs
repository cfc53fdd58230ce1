//! The chats where Telegram refused an ephemeral message (Bot API 10.2: the bot is no
//! administrator there, or the server is older), as this replica saw them: their replies go
//! plain for [`REFUSED_FOR_MS`] without paying a refused request first. See
//! [`super::botapi::ephemeral`]. Per replica, as [`super::away`]: another replica learns it
//! with one refused request of its own.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// How long a chat that refused an ephemeral message gets plain replies.
pub const REFUSED_FOR_MS: u64 = 10 * 60 * 1000;
/// At most this many chats are remembered (the ones whose time is over are forgotten
/// first; then everything).
const MAX_CHATS: usize = 10_000;

/// Until when each chat gets plain replies.
#[derive(Debug, Default)]
pub struct Refused {
    until: Mutex<HashMap<i64, u64>>,
}

impl Refused {
    /// Did `chat` refuse an ephemeral message less than [`REFUSED_FOR_MS`] before `now`?
    pub fn recently(&self, chat: i64, now: u64) -> bool {
        let until = self.until.lock().unwrap_or_else(PoisonError::into_inner);
        until.get(&chat).is_some_and(|&at| at > now)
    }

    /// `chat` refused one at `now`.
    pub fn note(&self, chat: i64, now: u64) {
        let mut until = self.until.lock().unwrap_or_else(PoisonError::into_inner);
        if until.len() >= MAX_CHATS {
            until.retain(|_, at| *at > now);
            if until.len() >= MAX_CHATS {
                until.clear();
            }
        }
        until.insert(chat, now.saturating_add(REFUSED_FOR_MS));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chat_that_refused_gets_plain_replies_for_a_while_then_is_asked_again() {
        let r = Refused::default();
        assert!(!r.recently(-42, 1_000));
        r.note(-42, 1_000);
        assert!(r.recently(-42, 1_000 + REFUSED_FOR_MS - 1));
        assert!(!r.recently(-42, 1_000 + REFUSED_FOR_MS));
        assert!(!r.recently(-43, 1_000), "another chat is asked");
    }
}
