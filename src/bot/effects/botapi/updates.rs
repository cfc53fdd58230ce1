//! Which updates the bot asks Telegram for, and the update kinds teloxide 0.17 does not know.
//!
//! **Asking.** Telegram sends 10.0's `guest_message` only to a bot whose `allowed_updates`
//! lists it, and teloxide's `AllowedUpdate` enum cannot name it. So the bot states its list
//! itself, as strings: by a `getUpdates` of its own before long polling starts
//! ([`AskForUpdates`]: it takes one update at most and confirms none, so nothing is lost),
//! and by its own `setWebhook` ([`SetWebhook`]) in webhook mode. Telegram keeps the list
//! ("If not specified, the previous setting will be used", `getUpdates.allowed_updates`), so
//! teloxide's polling, which then sends none, goes on with it. Names as the official Bot API
//! page and grammY's `ApiMethods.getUpdates` / `setWebhook` spell them
//! (`allowed_updates: ReadonlyArray<Exclude<keyof Update, "update_id">>`, the `Update` field
//! `guest_message` among them).
//!
//! **Unknown kinds.** teloxide parses an update of a kind it does not know into
//! `UpdateKind::Error` holding the raw update (`teloxide-core`'s `deserialize_response` fills
//! it in for `getUpdates`, its axum webhook for a POST), and its dispatcher drops such an
//! update with an error log. The bot's listener takes them out first: a guest message goes
//! to its handler, anything else is logged once per kind ([`ignored`]) and dropped.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use serde::Serialize;
use teloxide::requests::{JsonRequest, Payload};
use teloxide::types::AllowedUpdate;
use tracing::warn;

use crate::bot::effects::telegram::TgBot;

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

/// Notes an update of `kind` that is ignored (a kind the bot does not know, or one it cannot
/// read); logs it the first time this process sees the kind. Whether it was the first time.
pub fn ignored(kind: &str) -> bool {
    let mut seen = SEEN.lock().unwrap_or_else(PoisonError::into_inner);
    let first = seen
        .get_or_insert_with(HashSet::new)
        .insert(kind.to_owned());
    if first {
        warn!(
            kind,
            "update of a kind this bot does not know or cannot read: ignored (logged once per kind)"
        );
    }
    first
}

/// The names Telegram gives `kinds` (teloxide's `AllowedUpdate`, snake case) followed by
/// `newer` (kinds teloxide cannot name, e.g. [`super::guest::GUEST_MESSAGE`]).
#[must_use]
pub fn names(kinds: &[AllowedUpdate], newer: &[&str]) -> Vec<String> {
    kinds
        .iter()
        .filter_map(|k| match serde_json::to_value(k) {
            Ok(serde_json::Value::String(s)) => Some(s),
            _ => None,
        })
        .chain(newer.iter().map(|s| (*s).to_owned()))
        .collect()
}

/// `getUpdates` that states the update kinds the bot wants and takes nothing: no `offset`
/// (confirms no update), `limit` 1, `timeout` 0 (answers at once). Whatever it returns is
/// left for the polling that follows.
#[derive(Clone, Debug, Serialize)]
pub struct AskForUpdates {
    pub allowed_updates: Vec<String>,
    pub limit: u8,
    pub timeout: u32,
}

impl Payload for AskForUpdates {
    /// The updates Telegram returned (left unconfirmed, not read).
    type Output = serde_json::Value;
    const NAME: &'static str = "GetUpdates";
}

impl AskForUpdates {
    /// The request stating `allowed_updates`, to send with `.await`.
    pub fn request(bot: &TgBot, allowed_updates: Vec<String>) -> JsonRequest<Self> {
        JsonRequest::new(
            bot.clone(),
            Self {
                allowed_updates,
                limit: 1,
                timeout: 0,
            },
        )
    }
}

/// `setWebhook` with `allowed_updates` as strings (teloxide's payload takes only the kinds
/// its enum names). No `certificate`: the bot's webhook sits behind a TLS proxy with a
/// public certificate.
#[derive(Clone, Debug, Serialize)]
pub struct SetWebhook {
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_connections: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_pending_updates: Option<bool>,
    pub allowed_updates: Vec<String>,
}

impl Payload for SetWebhook {
    /// `true`.
    type Output = bool;
    const NAME: &'static str = "SetWebhook";
}

impl SetWebhook {
    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
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

    #[test]
    fn the_kinds_asked_for_are_telegrams_names_and_the_newer_ones() {
        let kinds = names(
            &[
                AllowedUpdate::Message,
                AllowedUpdate::CallbackQuery,
                AllowedUpdate::ChosenInlineResult,
                AllowedUpdate::MyChatMember,
            ],
            &["guest_message"],
        );
        assert_eq!(
            kinds,
            [
                "message",
                "callback_query",
                "chosen_inline_result",
                "my_chat_member",
                "guest_message"
            ]
        );
        let ask = serde_json::to_value(AskForUpdates {
            allowed_updates: kinds,
            limit: 1,
            timeout: 0,
        })
        .expect("encodes");
        assert!(ask.get("offset").is_none(), "confirms nothing: {ask}");
        assert_eq!(ask["allowed_updates"][4], "guest_message");
    }
}
