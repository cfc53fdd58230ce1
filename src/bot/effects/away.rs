//! This replica's own pace of the writes it makes while Redis is away (the outbox, in
//! Redis, cannot pace them then): one write per chat per [`AWAY_GAP_MS`], never to a chat
//! under a 429 this replica saw. See [`super::outbox::away`]. And the languages of the
//! chats it saw ([`ChatLangs`]): a chat's language lives in Redis, so while Redis is away
//! the answer is in the language this replica last read for the chat.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use crate::i18n::Lang;

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

/// The language of each chat whose settings this replica read lately (at most
/// [`MAX_CHATS`], the oldest forgotten first), so that what it says while Redis is away is
/// in the chat's language, not the language of the member's Telegram. A chat this replica
/// never saw (or forgot) falls back to the member's language: the best left.
#[derive(Debug, Default)]
pub struct ChatLangs {
    seen: Mutex<(Seen, u64)>,
}

/// Each chat's language and when it was last read (a counter of reads, not a time).
type Seen = HashMap<i64, (Lang, u64)>;

impl ChatLangs {
    /// `chat` speaks `lang` (read from its settings).
    pub fn note(&self, chat: i64, lang: Lang) {
        let mut guard = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        let (map, tick) = &mut *guard;
        *tick += 1;
        if map.len() >= MAX_CHATS && !map.contains_key(&chat) {
            // Forget the least recently seen half at once (not one per call).
            let mut ticks: Vec<u64> = map.values().map(|(_, t)| *t).collect();
            ticks.sort_unstable();
            let cut = ticks[ticks.len() / 2];
            map.retain(|_, (_, t)| *t > cut);
        }
        map.insert(chat, (lang, *tick));
    }

    /// The language last read for `chat`, if this replica remembers it.
    #[must_use]
    pub fn get(&self, chat: i64) -> Option<Lang> {
        let guard = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        guard.0.get(&chat).map(|(l, _)| *l)
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

    #[test]
    fn a_chat_s_language_is_remembered_and_the_oldest_are_forgotten_past_the_cap() {
        let langs = ChatLangs::default();
        assert_eq!(langs.get(-1), None);
        langs.note(-1, Lang::Es);
        langs.note(-1, Lang::CaValencia);
        assert_eq!(langs.get(-1), Some(Lang::CaValencia), "the last read wins");
        for chat in 2..=i64::try_from(MAX_CHATS).expect("small") + 5 {
            langs.note(-chat, Lang::En);
        }
        let kept = langs.seen.lock().expect("not poisoned").0.len();
        assert!(kept <= MAX_CHATS, "{kept}");
        assert_eq!(langs.get(-1), None, "the oldest went first");
        assert_eq!(
            langs.get(-(i64::try_from(MAX_CHATS).expect("small") + 5)),
            Some(Lang::En)
        );
    }
}
