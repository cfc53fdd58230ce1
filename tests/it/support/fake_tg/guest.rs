//! Guest Mode in the fake (Bot API 10.0), and the update kinds a bot asks for.
//!
//! **Update kinds.** `getUpdates` and `setWebhook` take `allowed_updates`; Telegram keeps
//! the last list stated ("If not specified, the previous setting will be used") and sends
//! only those kinds. Stated never (or empty): every kind but `chat_member`,
//! `message_reaction`, `message_reaction_count`, and `guest_message`, which comes only to a
//! bot that lists it. The fake serves `getUpdates` so, dropping a queued update of a kind
//! the bot did not ask for; a kind the fake does not know at all passes (a test's made-up
//! kind, newer than any client). Stricter than Telegram: an unknown name in the list is
//! refused, so a misspelt kind fails a test instead of silently never coming.
//!
//! **Guest Mode.** [`FakeTelegram::guest_mention`] is a user mentioning the bot in a chat it
//! is not a member of: a `guest_message` update whose message carries `guest_query_id`.
//! `answerGuestQuery` (`guest_query_id`, `result`: an inline query result) posts the result
//! as an inline message in that chat and answers a `SentGuestMessage`
//! (`{"inline_message_id": …}`); a second answer to the same query, or an unknown query, is
//! refused (`QUERY_ID_INVALID`), as is a parameter the method does not have.

use serde_json::{Value, json};

use super::{
    FakeTelegram, TestUser,
    inline::check_result,
    params::{Answer, ApiErr, INVALID_QUERY, bad, now, str_param},
    state::State,
};

/// The `Update` fields (Bot API 10.0, as grammY's `Update` lists them), i.e. the names
/// `allowed_updates` takes.
const UPDATE_KINDS: &[&str] = &[
    "message",
    "edited_message",
    "channel_post",
    "edited_channel_post",
    "business_connection",
    "business_message",
    "edited_business_message",
    "deleted_business_messages",
    "guest_message",
    "message_reaction",
    "message_reaction_count",
    "inline_query",
    "chosen_inline_result",
    "callback_query",
    "shipping_query",
    "pre_checkout_query",
    "purchased_paid_media",
    "poll",
    "poll_answer",
    "my_chat_member",
    "chat_member",
    "chat_join_request",
    "chat_boost",
    "removed_chat_boost",
];

/// The kinds sent only to a bot that lists them.
const OPT_IN: &[&str] = &[
    "chat_member",
    "message_reaction",
    "message_reaction_count",
    "guest_message",
];

/// `getUpdates`'s parameters.
pub(super) const GET_UPDATES: &[&str] = &["offset", "limit", "timeout", "allowed_updates"];

/// `setWebhook`'s parameters.
pub(super) const SET_WEBHOOK: &[&str] = &[
    "url",
    "certificate",
    "ip_address",
    "max_connections",
    "allowed_updates",
    "drop_pending_updates",
    "secret_token",
];

/// `answerGuestQuery`'s parameters (10.0).
pub(super) const ANSWER_GUEST_QUERY: &[&str] = &["guest_query_id", "result"];

/// The kind of an update: its one field besides `update_id`.
fn kind_of(update: &Value) -> Option<&str> {
    update
        .as_object()?
        .keys()
        .map(String::as_str)
        .find(|k| *k != "update_id")
}

/// Would Telegram send `update` to a bot that stated `allowed`?
pub(super) fn wanted(allowed: Option<&[String]>, update: &Value) -> bool {
    let Some(kind) = kind_of(update) else {
        return true;
    };
    if !UPDATE_KINDS.contains(&kind) {
        return true;
    }
    match allowed {
        Some(list) if !list.is_empty() => list.iter().any(|k| k == kind),
        _ => !OPT_IN.contains(&kind),
    }
}

impl State {
    /// Keeps the `allowed_updates` a `getUpdates` or `setWebhook` states (none stated: the
    /// previous list stays).
    pub(super) fn note_allowed(&mut self, p: &Value) -> Result<(), ApiErr> {
        let list = match p.get("allowed_updates") {
            None | Some(Value::Null) => return Ok(()),
            Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
            Some(v) => v.clone(),
        };
        let Value::Array(items) = list else {
            return Err(bad("Bad Request: can't parse allowed updates"));
        };
        let mut kinds = Vec::with_capacity(items.len());
        for item in items {
            match item.as_str() {
                Some(k) if UPDATE_KINDS.contains(&k) => kinds.push(k.to_owned()),
                _ => {
                    return Err(bad(format!(
                        "Bad Request: unknown update type {item} in allowed_updates (the fake refuses unknown names)"
                    )));
                }
            }
        }
        self.allowed_updates = Some(kinds);
        Ok(())
    }

    /// `answerGuestQuery` (10.0): the result posted as an inline message in the guest
    /// query's chat, once.
    pub(super) fn answer_guest_query(&mut self, p: &Value) -> Answer {
        let id = str_param(p, "guest_query_id")
            .unwrap_or_default()
            .to_owned();
        let result = match p.get("result") {
            Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
            Some(v) => v.clone(),
            None => return Err(bad("Bad Request: result is required")),
        };
        check_result(&result)?;
        let Some(instance) = self.inline.guests.remove(&id) else {
            return Err(bad(INVALID_QUERY));
        };
        let inline_id = self.post_inline(&result, &instance);
        self.inline.guest_answers.insert(id, inline_id.clone());
        Ok(json!({"inline_message_id": inline_id}))
    }
}

impl FakeTelegram {
    /// `user` mentions the bot (`text`, e.g. `"@parxis_test_bot"`) in `chat`, a chat the bot
    /// is not a member of (a private chat with a friend when positive, a group when
    /// negative): a `guest_message` update with a new `guest_query_id`
    /// (`update["guest_message"]["guest_query_id"]`). Telegram sends it only if the bot
    /// asked for the kind.
    #[must_use]
    pub fn guest_mention(&self, user: &TestUser, chat: i64, text: &str) -> Value {
        let mut state = self.shared.lock();
        state.inline.next += 1;
        let n = state.inline.next;
        let query = format!("gq-{n}");
        let instance = format!("{}", chat.unsigned_abs() * 7 + 3);
        state.inline.guests.insert(query.clone(), instance);
        state.users.insert(user.id, user.to_json());
        let chat_json = if chat > 0 {
            json!({"id": chat, "type": "private", "first_name": "Friend"})
        } else {
            json!({"id": chat, "type": "supergroup", "title": "Guests"})
        };
        let update = state.next_update();
        json!({
            "update_id": update,
            "guest_message": {
                "message_id": 10_000 + n,
                "date": now(),
                "chat": chat_json,
                "from": user.to_json(),
                "text": text,
                "guest_query_id": query,
            }
        })
    }

    /// The inline message id the bot's answer to guest query `query_id` posted, if answered.
    #[must_use]
    pub fn guest_answer(&self, query_id: &str) -> Option<String> {
        self.shared
            .lock()
            .inline
            .guest_answers
            .get(query_id)
            .cloned()
    }

    /// The update kinds the bot last stated (`None`: never).
    #[must_use]
    pub fn allowed_updates(&self) -> Option<Vec<String>> {
        self.shared.lock().allowed_updates.clone()
    }
}
