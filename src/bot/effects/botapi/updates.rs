//! Update kinds the bot does not know (newer than teloxide 0.17's, e.g. 10.0's
//! `guest_message`): logged once per kind and ignored, never an error in a handler.
//!
//! teloxide parses such an update into `UpdateKind::Error` and drops its field's name, so
//! the dispatcher's updates all log as the one kind [`UNNAMED`]; a raw update (a test's, a
//! future listener's) is named by its field ([`kind_of`]).

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use tracing::warn;

/// The kind of an unknown update whose field name teloxide dropped.
pub const UNNAMED: &str = "unknown";

static SEEN: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// The update kind of a raw update: its one field besides `update_id`.
#[must_use]
pub fn kind_of(update: &serde_json::Value) -> Option<&str> {
    update
        .as_object()?
        .keys()
        .map(String::as_str)
        .find(|k| *k != "update_id")
}

/// Notes an update of unknown `kind` that is ignored; logs it the first time this process
/// sees the kind. Whether it was the first time.
pub fn ignored(kind: &str) -> bool {
    let mut seen = SEEN.lock().unwrap_or_else(PoisonError::into_inner);
    let first = seen
        .get_or_insert_with(HashSet::new)
        .insert(kind.to_owned());
    if first {
        warn!(
            kind,
            "update of a kind this bot does not know: ignored (logged once per kind)"
        );
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_unknown_kind_is_noted_once() {
        let raw = serde_json::json!({"update_id": 1, "guest_message": {}});
        let kind = kind_of(&raw).expect("a kind");
        assert_eq!(kind, "guest_message");
        let kind = format!("{kind}-test-once");
        assert!(ignored(&kind));
        assert!(!ignored(&kind));
        assert!(ignored("another_kind-test-once"));
    }
}
