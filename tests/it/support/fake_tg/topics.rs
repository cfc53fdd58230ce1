//! Forum topics: a supergroup with topics on (`is_forum`), topics opened in it, user messages
//! in a topic, and the `message_thread_id` of the bot's own sends.
//!
//! As in Telegram, a topic's id is the id of the service message that opened it
//! (`forum_topic_created`), a message in a topic carries `message_thread_id` and
//! `is_topic_message: true`, and a message sent without `message_thread_id` lands in the
//! General topic (no thread id). Where the fake is stricter: a `message_thread_id` that names
//! no topic the fake opened (or any thread id outside a forum) is refused with Telegram's
//! "message thread not found".

use serde_json::{Map, Value, json};

use super::{
    FakeTelegram, Recorded, TestUser,
    params::{ApiErr, bad},
    state::{ChatKind, State},
};

impl State {
    /// `createForumTopic`: in a forum supergroup (topics on), opens a topic named `name`
    /// (1–128 characters) by the bot, as Telegram does: a `forum_topic_created` service
    /// message whose id is the topic's `message_thread_id`; answers the `ForumTopic`.
    pub fn create_forum_topic(&mut self, p: &Value) -> Result<Value, ApiErr> {
        let chat = super::params::chat_id(p)?;
        self.writable(chat)?;
        let name = p["name"].as_str().unwrap_or_default().to_owned();
        if name.is_empty() || name.chars().count() > 128 {
            return Err(bad("Bad Request: invalid forum topic name specified"));
        }
        if self.chats.get(&chat).is_none_or(|c| c.topics.is_none()) {
            return Err(bad("Bad Request: the chat is not a forum"));
        }
        let from = self.bot_user();
        let topic = self.chat_mut(chat).next_message_id;
        let mut body = Map::new();
        body.insert(
            "forum_topic_created".into(),
            json!({"name": name, "icon_color": 7_322_096}),
        );
        in_topic(&mut body, topic);
        self.store_message(chat, from, body, None);
        if let Some(topics) = self.chat_mut(chat).topics.as_mut() {
            topics.insert(topic);
        }
        Ok(json!({"message_thread_id": topic, "name": name, "icon_color": 7_322_096}))
    }

    /// The topic a send asks for (`message_thread_id`), checked against the chat's topics.
    pub fn send_thread(&self, chat: i64, p: &Value) -> Result<Option<i32>, ApiErr> {
        let Some(v) = p.get("message_thread_id").filter(|v| !v.is_null()) else {
            return Ok(None);
        };
        let thread = super::params::as_i64(v).and_then(|t| i32::try_from(t).ok());
        let known = self
            .chats
            .get(&chat)
            .and_then(|c| c.topics.as_ref())
            .zip(thread)
            .is_some_and(|(topics, t)| topics.contains(&t));
        if known {
            Ok(thread)
        } else {
            Err(bad("Bad Request: message thread not found"))
        }
    }
}

/// Marks `body` as a message of forum topic `topic`.
pub(super) fn in_topic(body: &mut Map<String, Value>, topic: i32) {
    body.insert("message_thread_id".into(), json!(topic));
    body.insert("is_topic_message".into(), json!(true));
}

impl FakeTelegram {
    /// Opens a topic named `name` in supergroup `chat` (turning topics on in it): stores the
    /// `forum_topic_created` service message and returns its id, the topic's
    /// `message_thread_id`.
    ///
    /// # Panics
    /// If `chat` is not a supergroup id (`-100…`): only supergroups have topics.
    pub fn open_topic(&self, chat: i64, name: &str) -> i32 {
        let mut state = self.shared.lock();
        assert_eq!(
            state.chat_mut(chat).kind,
            ChatKind::Supergroup,
            "only a supergroup has topics: {chat}"
        );
        state
            .chat_mut(chat)
            .topics
            .get_or_insert_with(Default::default);
        let from = state.someone_in(chat);
        let topic = state.chat_mut(chat).next_message_id;
        let mut body = Map::new();
        body.insert(
            "forum_topic_created".into(),
            json!({"name": name, "icon_color": 7_322_096}),
        );
        in_topic(&mut body, topic);
        let message = state.store_message(chat, from, body, None);
        assert_eq!(message["message_id"], json!(topic));
        if let Some(topics) = state.chat_mut(chat).topics.as_mut() {
            topics.insert(topic);
        }
        topic
    }

    /// A user's command message in topic `topic` of forum `chat` (see [`Self::command`]).
    #[must_use]
    pub fn command_in_topic(&self, chat: i64, topic: i32, user: &TestUser, text: &str) -> Value {
        let mut update = self.command(chat, user, text);
        let id = update["message"]["message_id"].as_i64().unwrap_or_default();
        let mut state = self.shared.lock();
        let stored = state
            .chats
            .get_mut(&chat)
            .and_then(|c| c.messages.get_mut(&i32::try_from(id).unwrap_or_default()));
        if let (Some(stored), Value::Object(fields)) = (stored, &mut update["message"]) {
            in_topic(fields, topic);
            stored.json = Value::Object(fields.clone());
        }
        update
    }
}

/// The topic a message object is in (`None` outside topics).
#[must_use]
pub fn thread_of(message: &Value) -> Option<i32> {
    if message["is_topic_message"] != json!(true) {
        return None;
    }
    message["message_thread_id"]
        .as_i64()
        .and_then(|t| i32::try_from(t).ok())
}

impl Recorded {
    /// The `message_thread_id` parameter of a request, if any.
    #[must_use]
    pub fn thread_id(&self) -> Option<i32> {
        self.params
            .get("message_thread_id")
            .and_then(super::params::as_i64)
            .and_then(|t| i32::try_from(t).ok())
    }
}
