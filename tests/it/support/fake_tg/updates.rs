//! Builders of the updates a test pushes: commands, texts, button presses, the bot being
//! removed and a group becoming a supergroup. Each returns a full Update object with the
//! next `update_id`; push it with [`FakeTelegram::push_update`].

use serde_json::{Map, Value, json};

use super::{
    FakeTelegram,
    params::now,
    state::{ChatKind, Membership, State},
};

/// A Telegram user that sends commands and presses buttons in a test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestUser {
    pub id: i64,
    pub first_name: String,
    pub username: Option<String>,
    pub language_code: Option<String>,
}

impl TestUser {
    /// A user without username or language.
    #[must_use]
    pub fn new(id: i64, first_name: &str) -> Self {
        Self {
            id,
            first_name: first_name.to_owned(),
            username: None,
            language_code: None,
        }
    }

    /// Sets the user's `language_code` (`ca`, `es`, `en`, …).
    #[must_use]
    pub fn lang(mut self, code: &str) -> Self {
        self.language_code = Some(code.to_owned());
        self
    }

    /// Sets the user's `username`.
    #[must_use]
    pub fn username(mut self, username: &str) -> Self {
        self.username = Some(username.to_owned());
        self
    }

    /// The `User` object.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut user = json!({"id": self.id, "is_bot": false, "first_name": self.first_name});
        if let Some(u) = &self.username {
            user["username"] = json!(u);
        }
        if let Some(l) = &self.language_code {
            user["language_code"] = json!(l);
        }
        user
    }
}

impl State {
    pub(super) fn next_update(&mut self) -> i64 {
        let id = self.next_update_id;
        self.next_update_id += 1;
        id
    }

    /// Remembers `user` (the first one seen in a chat is its "owner" for service updates).
    fn see(&mut self, chat: i64, user: &TestUser) {
        self.users.insert(user.id, user.to_json());
        self.chat_mut(chat).first_user.get_or_insert(user.id);
    }

    pub(super) fn someone_in(&self, chat: i64) -> Value {
        self.chats
            .get(&chat)
            .and_then(|c| c.first_user)
            .map_or_else(
                || json!({"id": 1, "is_bot": false, "first_name": "Admin"}),
                |id| self.user_json(id),
            )
    }
}

impl FakeTelegram {
    /// A user's command message in `chat`, e.g. `"/newgame jcf"` or `"/join@parxis_test_bot"`,
    /// with the `bot_command` entity teloxide's command parsing needs.
    ///
    /// # Panics
    /// If `text` does not start with `/`.
    #[must_use]
    pub fn command(&self, chat: i64, user: &TestUser, text: &str) -> Value {
        assert!(text.starts_with('/'), "a command starts with '/': {text:?}");
        let command = text.split_whitespace().next().unwrap_or(text);
        let length = command.encode_utf16().count();
        let mut body = Map::new();
        body.insert("text".into(), json!(text));
        body.insert(
            "entities".into(),
            json!([{"type": "bot_command", "offset": 0, "length": length}]),
        );
        self.user_message(chat, user, body)
    }

    /// A user's plain text message in `chat`.
    #[must_use]
    pub fn text(&self, chat: i64, user: &TestUser, text: &str) -> Value {
        let mut body = Map::new();
        body.insert("text".into(), json!(text));
        self.user_message(chat, user, body)
    }

    fn user_message(&self, chat: i64, user: &TestUser, body: Map<String, Value>) -> Value {
        let mut state = self.shared.lock();
        state.see(chat, user);
        let message = state.store_message(chat, user.to_json(), body, None);
        json!({"update_id": state.next_update(), "message": message})
    }

    /// `user` pressing a button with `data` under message `message_id` of `chat`; the
    /// callback query carries the message as the fake currently stores it. Use
    /// [`super::callback_id`] to get its id.
    ///
    /// # Panics
    /// If the fake never stored that message.
    #[must_use]
    pub fn press(&self, chat: i64, user: &TestUser, message_id: i32, data: &str) -> Value {
        let mut state = self.shared.lock();
        state.see(chat, user);
        let message = state
            .chats
            .get(&chat)
            .and_then(|c| c.messages.get(&message_id))
            .map(|m| m.json.clone())
            .unwrap_or_else(|| panic!("press: no message {message_id} in chat {chat}"));
        let id = format!("{}", 4_000_000_000_000_u64 + state.next_callback);
        state.next_callback += 1;
        state.pending_callbacks.insert(id.clone());
        json!({
            "update_id": state.next_update(),
            "callback_query": {
                "id": id,
                "from": user.to_json(),
                "message": message,
                "chat_instance": format!("{}", chat.unsigned_abs() * 7 + 3),
                "data": data,
            }
        })
    }

    /// The bot removed from `chat`: a `my_chat_member` update (status `kicked` in a
    /// supergroup, `left` in a basic group, as Telegram reports). From now on the fake
    /// answers the bot's requests about that chat with 403.
    #[must_use]
    pub fn my_chat_member_kicked(&self, chat: i64) -> Value {
        let mut state = self.shared.lock();
        let supergroup = state.chat_mut(chat).kind == ChatKind::Supergroup;
        state.chat_mut(chat).membership = Membership::Kicked;
        let new_member = if supergroup {
            json!({"user": state.bot_user(), "status": "kicked", "until_date": 0})
        } else {
            json!({"user": state.bot_user(), "status": "left"})
        };
        json!({
            "update_id": state.next_update(),
            "my_chat_member": {
                "chat": state.chat_json(chat),
                "from": state.someone_in(chat),
                "date": now(),
                "old_chat_member": {"user": state.bot_user(), "status": "member"},
                "new_chat_member": new_member,
            }
        })
    }

    /// The service message in `old_chat` saying it became supergroup `new_chat`. From now on
    /// the fake answers requests to `old_chat` with 400 `migrate_to_chat_id`; the new chat
    /// inherits the old one's admins.
    #[must_use]
    pub fn migrate_to_supergroup(&self, old_chat: i64, new_chat: i64) -> Value {
        let mut state = self.shared.lock();
        let from = state.someone_in(old_chat);
        let mut body = Map::new();
        body.insert("migrate_to_chat_id".into(), json!(new_chat));
        let message = state.store_message(old_chat, from, body, None);
        let old = state.chat_mut(old_chat);
        old.membership = Membership::MigratedTo(new_chat);
        let (admins, first_user) = (old.admins.clone(), old.first_user);
        let new = state.chat_mut(new_chat);
        new.kind = ChatKind::Supergroup;
        new.admins.extend(admins);
        new.first_user = new.first_user.or(first_user);
        json!({"update_id": state.next_update(), "message": message})
    }
}
