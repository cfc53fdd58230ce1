//! Inline mode in the fake: inline queries and `answerInlineQuery`, a chosen result posted as
//! an inline message (`chosen_inline_result`), callbacks that carry `inline_message_id`
//! (an inline message's, or a group message's under Bot API 10.5's `callback_query_mode`),
//! and `editMessageText` / `editMessageReplyMarkup` by inline message id (and, in
//! [`super::photos`], `editMessageMedia` by URL and `editMessageCaption`: a text message
//! becomes a photo, whose text is then its caption).
//!
//! Refused as Telegram refuses: an answer to a query that is unknown or answered already, a
//! result without `id`, `title` or message content, two results with one id, an id over 64
//! bytes, more than 50 results; an edit naming `inline_message_id` together with `chat_id`
//! or `message_id`, or an inline message id the fake never made (`MESSAGE_ID_INVALID`). An
//! edit by inline id answers `true`, not a message.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{Map, Value, json};

use super::{
    FakeTelegram, TestUser,
    params::{
        Answer, ApiErr, INVALID_QUERY, NOT_MODIFIED, bad, inline_markup, render_text, str_param,
    },
    state::State,
};

/// Telegram's answer to an unknown inline message id.
pub const INLINE_INVALID: &str = "Bad Request: MESSAGE_ID_INVALID";

/// One inline message posted from a chosen result.
pub(super) struct InlineMessage {
    /// `text` and `reply_markup`, as a message JSON (the helpers that read boards read it).
    pub json: Value,
    /// The text as sent (with its markup), to tell "not modified".
    pub raw: String,
    /// The `chat_instance` of the chat it was posted in.
    pub chat_instance: String,
}

impl InlineMessage {
    /// Shows photo `sizes` with `caption` (its text gone) and `markup`.
    pub(super) fn set_photo(
        &mut self,
        sizes: Value,
        caption: Option<String>,
        raw: String,
        markup: Option<Value>,
    ) {
        let mut json = Map::new();
        json.insert("photo".into(), sizes);
        if let Some(c) = caption {
            json.insert("caption".into(), json!(c));
        }
        if let Some(k) = markup {
            json.insert("reply_markup".into(), k);
        }
        self.json = Value::Object(json);
        self.raw = raw;
    }
}

/// The fake's inline state.
#[derive(Default)]
pub(super) struct Inline {
    /// Queries sent and not answered yet.
    pending: HashSet<String>,
    /// Each answered query's results.
    answers: HashMap<String, Vec<Value>>,
    /// Inline messages by id.
    messages: BTreeMap<String, InlineMessage>,
    /// Inline ids Telegram gives group messages under `callback_query_mode` (10.5), to the
    /// chat and message they stand for.
    group_ids: HashMap<String, (i64, i32)>,
    /// Guest queries (10.0) not answered yet, to the `chat_instance` of their chat.
    pub(super) guests: HashMap<String, String>,
    /// Each answered guest query's inline message id.
    pub(super) guest_answers: HashMap<String, String>,
    pub(super) next: u64,
}

/// Checks one inline query result as Telegram does (the fake knows articles only): its id
/// (1 to 64 bytes), title and message text, the text's markup and the buttons.
pub(super) fn check_result(r: &Value) -> Result<(), ApiErr> {
    let rid = r["id"].as_str().unwrap_or_default();
    if rid.is_empty() || rid.len() > 64 {
        return Err(bad("Bad Request: RESULT_ID_INVALID"));
    }
    if r["type"] != json!("article")
        || r["title"].as_str().is_none_or(str::is_empty)
        || r["input_message_content"]["message_text"]
            .as_str()
            .is_none_or(str::is_empty)
    {
        return Err(bad("Bad Request: RESULT_INVALID"));
    }
    let content = &r["input_message_content"];
    render_text(
        content["message_text"].as_str().unwrap_or_default(),
        content,
    )?;
    inline_markup(r)?;
    Ok(())
}

impl State {
    /// `answerInlineQuery`.
    pub(super) fn answer_inline_query(&mut self, p: &Value) -> Answer {
        let id = str_param(p, "inline_query_id")
            .unwrap_or_default()
            .to_owned();
        if !self.inline.pending.remove(&id) {
            return Err(bad(INVALID_QUERY));
        }
        let results = match p.get("results") {
            Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
            Some(v) => v.clone(),
            None => Value::Null,
        };
        let Value::Array(results) = results else {
            return Err(bad("Bad Request: RESULTS_INVALID"));
        };
        if results.len() > 50 {
            return Err(bad("Bad Request: RESULTS_TOO_MUCH"));
        }
        let mut ids = HashSet::new();
        for r in &results {
            check_result(r)?;
            if !ids.insert(r["id"].as_str().unwrap_or_default().to_owned()) {
                return Err(bad("Bad Request: RESULT_ID_DUPLICATE"));
            }
        }
        self.inline.answers.insert(id, results);
        Ok(json!(true))
    }

    /// Posts checked result `result` as an inline message in the chat of `chat_instance`;
    /// its inline message id.
    pub(super) fn post_inline(&mut self, result: &Value, chat_instance: &str) -> String {
        let content = &result["input_message_content"];
        let raw = content["message_text"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let text = render_text(&raw, content).expect("a checked result");
        let markup = inline_markup(result).expect("a checked result");
        self.inline.next += 1;
        let id = format!("AgAAA{:010}BQ-inline", self.inline.next);
        let mut json = Map::new();
        json.insert("text".into(), json!(text));
        if let Some(k) = markup {
            json.insert("reply_markup".into(), k);
        }
        self.inline.messages.insert(
            id.clone(),
            InlineMessage {
                json: Value::Object(json),
                raw,
                chat_instance: chat_instance.to_owned(),
            },
        );
        id
    }

    /// The inline message an edit targets, when it names one: `Ok(None)` for an edit by
    /// chat and message id.
    pub(super) fn inline_target(&self, p: &Value) -> Result<Option<String>, ApiErr> {
        let Some(id) = p.get("inline_message_id") else {
            return Ok(None);
        };
        if p.get("chat_id").is_some() || p.get("message_id").is_some() {
            return Err(bad(
                "Bad Request: chat_id and message_id must be empty when inline_message_id is specified",
            ));
        }
        let id = id.as_str().unwrap_or_default().to_owned();
        if !self.inline.messages.contains_key(&id) && !self.inline.group_ids.contains_key(&id) {
            return Err(bad(INLINE_INVALID));
        }
        Ok(Some(id))
    }

    /// Inline message `id` (not a group message's inline id), to change.
    pub(super) fn inline_message_mut(&mut self, id: &str) -> Result<&mut InlineMessage, ApiErr> {
        if self.inline.group_ids.contains_key(id) {
            return Err(bad(
                "Bad Request: the fake edits group photos by chat and message id",
            ));
        }
        self.inline
            .messages
            .get_mut(id)
            .ok_or_else(|| bad(INLINE_INVALID))
    }

    /// `editMessageText` / `editMessageReplyMarkup` by inline message id (`text`: `None` for
    /// the markup alone). A group message's inline id edits that message.
    pub(super) fn edit_inline(&mut self, id: &str, p: &Value, text: bool) -> Answer {
        if let Some(&(chat, msg)) = self.inline.group_ids.get(id) {
            let mut by_id = p.clone();
            if let Some(o) = by_id.as_object_mut() {
                o.remove("inline_message_id");
                o.insert("chat_id".into(), json!(chat));
                o.insert("message_id".into(), json!(msg));
            }
            let method = if text {
                "editmessagetext"
            } else {
                "editmessagereplymarkup"
            };
            return self.call(method, &by_id, &[]).map(|_| json!(true));
        }
        let markup = inline_markup(p)?;
        let (rendered, raw) = if text {
            let raw = str_param(p, "text").unwrap_or_default().to_owned();
            (Some(render_text(&raw, p)?), Some(raw))
        } else {
            (None, None)
        };
        let Some(m) = self.inline.messages.get_mut(id) else {
            return Err(bad(INLINE_INVALID));
        };
        if text && m.json.get("text").is_none() {
            return Err(bad("Bad Request: there is no text in the message to edit"));
        }
        let same_text = raw.as_ref().is_none_or(|r| *r == m.raw);
        if same_text && m.json.get("reply_markup") == markup.as_ref() {
            return Err(bad(NOT_MODIFIED));
        }
        if let (Some(t), Some(r)) = (rendered, raw) {
            m.json["text"] = json!(t);
            m.raw = r;
        }
        match markup {
            Some(k) => m.json["reply_markup"] = k,
            None => {
                if let Some(o) = m.json.as_object_mut() {
                    o.remove("reply_markup");
                }
            }
        }
        Ok(json!(true))
    }
}

impl FakeTelegram {
    /// `user` typing `@<bot> query` in a chat: an `inline_query` update (its id is the
    /// update's `inline_query.id`).
    #[must_use]
    pub fn inline_query(&self, user: &TestUser, query: &str) -> Value {
        let mut state = self.shared.lock();
        let id = format!("{}", 7_000_000_000_u64 + state.inline.next);
        state.inline.next += 1;
        state.inline.pending.insert(id.clone());
        state.users.insert(user.id, user.to_json());
        let update = state.next_update();
        json!({
            "update_id": update,
            "inline_query": {
                "id": id,
                "from": user.to_json(),
                "query": query,
                "offset": "",
                "chat_type": "private",
            }
        })
    }

    /// The results the bot answered inline query `query_id` with, if it did.
    #[must_use]
    pub fn inline_answer(&self, query_id: &str) -> Option<Vec<Value>> {
        self.shared.lock().inline.answers.get(query_id).cloned()
    }

    /// `user` choosing result `result_id` of the answered query `query_id` in the chat
    /// `chat_instance`: the result is posted as an inline message (with an id only when it
    /// has an inline keyboard, as Telegram does), and the `chosen_inline_result` update is
    /// returned with that id.
    ///
    /// # Panics
    /// If the bot did not answer that query with that result.
    #[must_use]
    pub fn choose_inline(
        &self,
        user: &TestUser,
        query_id: &str,
        result_id: &str,
        chat_instance: &str,
    ) -> (Value, Option<String>) {
        let mut state = self.shared.lock();
        let result = state
            .inline
            .answers
            .get(query_id)
            .and_then(|rs| rs.iter().find(|r| r["id"] == json!(result_id)))
            .cloned()
            .unwrap_or_else(|| panic!("no result {result_id} answered to query {query_id}"));
        let has_buttons = inline_markup(&result)
            .expect("checked when answered")
            .is_some();
        let id = has_buttons.then(|| state.post_inline(&result, chat_instance));
        let update = state.next_update();
        let mut chosen = json!({
            "result_id": result_id,
            "from": user.to_json(),
            "query": "",
        });
        if let Some(id) = &id {
            chosen["inline_message_id"] = json!(id);
        }
        (
            json!({"update_id": update, "chosen_inline_result": chosen}),
            id,
        )
    }

    /// Inline message `id` as it shows now (`text`, `reply_markup`).
    #[must_use]
    pub fn inline_message(&self, id: &str) -> Option<Value> {
        self.shared
            .lock()
            .inline
            .messages
            .get(id)
            .map(|m| m.json.clone())
    }

    /// `user` pressing a button with `data` on inline message `id`: a callback query with
    /// `inline_message_id` and `chat_instance`, no message and no chat. Use
    /// [`super::callback_id`] for its id.
    ///
    /// # Panics
    /// If the fake never made that inline message.
    #[must_use]
    pub fn press_inline(&self, user: &TestUser, id: &str, data: &str) -> Value {
        let mut state = self.shared.lock();
        let instance = state
            .inline
            .messages
            .get(id)
            .map(|m| m.chat_instance.clone())
            .unwrap_or_else(|| panic!("press_inline: no inline message {id}"));
        state.users.insert(user.id, user.to_json());
        inline_callback(&mut state, user, id, &instance, data)
    }

    /// `user` pressing a button with `data` under group message `message_id` of `chat`, as a
    /// bot with `callback_query_mode` (Bot API 10.5) gets it: `inline_message_id` instead of
    /// `message` (the chat's usual `chat_instance`).
    ///
    /// # Panics
    /// If the fake never stored that message.
    #[must_use]
    pub fn press_group_by_inline_id(
        &self,
        chat: i64,
        user: &TestUser,
        message_id: i32,
        data: &str,
    ) -> Value {
        let mut state = self.shared.lock();
        assert!(
            state.live_message(chat, message_id).is_some(),
            "press: no message {message_id} in chat {chat}"
        );
        let id = format!("AgAAAG{}_{message_id}BQ", chat.unsigned_abs());
        state
            .inline
            .group_ids
            .insert(id.clone(), (chat, message_id));
        state.users.insert(user.id, user.to_json());
        let instance = format!("{}", chat.unsigned_abs() * 7 + 3);
        inline_callback(&mut state, user, &id, &instance, data)
    }
}

fn inline_callback(
    state: &mut State,
    user: &TestUser,
    id: &str,
    instance: &str,
    data: &str,
) -> Value {
    let cb = format!("{}", 4_000_000_000_000_u64 + state.next_callback);
    state.next_callback += 1;
    state.pending_callbacks.insert(cb.clone());
    let update = state.next_update();
    json!({
        "update_id": update,
        "callback_query": {
            "id": cb,
            "from": user.to_json(),
            "inline_message_id": id,
            "chat_instance": instance,
            "data": data,
        }
    })
}
