//! The fake's data: chats, messages, users, the update queue, and their bookkeeping.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use serde_json::{Map, Value, json};

use super::{
    BOT_USERNAME, Fault, Recorded,
    flood::FloodGate,
    params::{ApiErr, kicked_description, migrate_error, now},
};

/// The kind of a chat, as its `type` field says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ChatKind {
    Private,
    Group,
    Supergroup,
}

impl ChatKind {
    /// Telegram's id ranges: users are positive, supergroups are `-100…` (13 digits).
    pub fn of(id: i64) -> Self {
        if id > 0 {
            Self::Private
        } else if id <= -1_000_000_000_000 {
            Self::Supergroup
        } else {
            Self::Group
        }
    }
}

/// Whether the bot can still write to a chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Membership {
    Member,
    Kicked,
    Left,
    MigratedTo(i64),
}

pub(super) struct StoredMessage {
    /// The `Message` object as the API returns it.
    pub json: Value,
    /// The text or caption as sent (with its markup), to tell "not modified".
    pub raw: Option<String>,
    pub by_bot: bool,
    pub deleted: bool,
}

pub(super) struct ChatState {
    pub kind: ChatKind,
    pub next_message_id: i32,
    pub messages: BTreeMap<i32, StoredMessage>,
    pub admins: BTreeSet<i64>,
    pub first_user: Option<i64>,
    pub membership: Membership,
    /// The forum topics opened in the chat; `Some` once topics are on (`is_forum`).
    pub topics: Option<BTreeSet<i32>>,
    /// Users who are not (or no longer) members: `left` or `kicked`, as `getChatMember`
    /// says (everyone else is a member).
    pub gone: BTreeMap<i64, &'static str>,
}

impl ChatState {
    fn new(id: i64) -> Self {
        Self {
            kind: ChatKind::of(id),
            next_message_id: 1,
            messages: BTreeMap::new(),
            admins: BTreeSet::new(),
            first_user: None,
            membership: Membership::Member,
            topics: None,
            gone: BTreeMap::new(),
        }
    }
}

/// A photo the fake has stored, by its `file_id`.
#[derive(Clone, Copy, Debug)]
pub(super) struct PhotoFile {
    pub width: u32,
    pub height: u32,
    pub size: usize,
}

pub(super) struct State {
    pub log: Vec<Recorded>,
    pub chats: BTreeMap<i64, ChatState>,
    pub users: BTreeMap<i64, Value>,
    pub updates: VecDeque<Value>,
    pub next_update_id: i64,
    /// The highest update id queued so far.
    pub max_enqueued: i64,
    pub faults: HashMap<String, VecDeque<Fault>>,
    pub pending_callbacks: HashSet<String>,
    pub next_callback: u64,
    pub next_file: u64,
    pub files: HashMap<String, PhotoFile>,
    pub commands: BTreeMap<String, Value>,
    pub bot_id: i64,
    pub webhook_url: String,
    /// Flood mode, when on.
    pub flood: Option<FloodGate>,
    /// Inline queries, their answers and inline messages.
    pub inline: super::inline::Inline,
    /// Ephemeral messages sent (10.2), each shown to its `receiver_user_id` alone.
    pub ephemeral: Vec<Value>,
    /// The update kinds the bot last stated (`getUpdates` or `setWebhook`), if ever.
    pub allowed_updates: Option<Vec<String>>,
}

impl State {
    pub fn new() -> Self {
        Self {
            log: Vec::new(),
            chats: BTreeMap::new(),
            users: BTreeMap::new(),
            updates: VecDeque::new(),
            next_update_id: 1,
            max_enqueued: 0,
            faults: HashMap::new(),
            pending_callbacks: HashSet::new(),
            next_callback: 1,
            next_file: 1,
            files: HashMap::new(),
            commands: BTreeMap::new(),
            bot_id: 123,
            webhook_url: String::new(),
            flood: None,
            inline: super::inline::Inline::default(),
            ephemeral: Vec::new(),
            allowed_updates: None,
        }
    }

    // ----- users and chats -----

    pub fn bot_user(&self) -> Value {
        json!({"id": self.bot_id, "is_bot": true, "first_name": "Parxís Test", "username": BOT_USERNAME})
    }

    pub fn user_json(&self, id: i64) -> Value {
        if id == self.bot_id {
            return self.bot_user();
        }
        self.users.get(&id).cloned().unwrap_or_else(
            || json!({"id": id, "is_bot": false, "first_name": format!("User {id}")}),
        )
    }

    pub fn chat_mut(&mut self, chat: i64) -> &mut ChatState {
        self.chats
            .entry(chat)
            .or_insert_with(|| ChatState::new(chat))
    }

    pub fn chat_json(&self, chat: i64) -> Value {
        let kind = self
            .chats
            .get(&chat)
            .map_or_else(|| ChatKind::of(chat), |c| c.kind);
        let forum = self.chats.get(&chat).is_some_and(|c| c.topics.is_some());
        match kind {
            ChatKind::Private => {
                let name = self
                    .users
                    .get(&chat)
                    .and_then(|u| u["first_name"].as_str())
                    .unwrap_or("User");
                json!({"id": chat, "type": "private", "first_name": name})
            }
            ChatKind::Group => {
                json!({"id": chat, "type": "group", "title": format!("Test group {chat}")})
            }
            ChatKind::Supergroup if forum => {
                json!({"id": chat, "type": "supergroup", "title": format!("Test forum {chat}"), "is_forum": true})
            }
            ChatKind::Supergroup => {
                json!({"id": chat, "type": "supergroup", "title": format!("Test supergroup {chat}")})
            }
        }
    }

    /// Fails like Telegram when the bot was kicked, left, or the group migrated.
    pub fn writable(&mut self, chat: i64) -> Result<(), ApiErr> {
        let state = self.chat_mut(chat);
        match state.membership {
            Membership::Member => Ok(()),
            Membership::Kicked => Err(ApiErr {
                status: 403,
                description: kicked_description(state.kind).into(),
                parameters: None,
            }),
            Membership::Left => Err(ApiErr {
                status: 403,
                description: "Forbidden: bot is not a member of the group chat".into(),
                parameters: None,
            }),
            Membership::MigratedTo(to) => Err(migrate_error(to)),
        }
    }

    // ----- messages -----

    pub fn live_message(&self, chat: i64, id: i32) -> Option<&StoredMessage> {
        self.chats
            .get(&chat)?
            .messages
            .get(&id)
            .filter(|m| !m.deleted)
    }

    pub fn live_message_mut(&mut self, chat: i64, id: i32) -> Option<&mut StoredMessage> {
        self.chats
            .get_mut(&chat)?
            .messages
            .get_mut(&id)
            .filter(|m| !m.deleted)
    }

    pub fn bot_messages(&self, chat: i64) -> Vec<Value> {
        self.chats.get(&chat).map_or_else(Vec::new, |c| {
            c.messages
                .values()
                .filter(|m| m.by_bot && !m.deleted)
                .map(|m| m.json.clone())
                .collect()
        })
    }

    pub fn delete(&mut self, chat: i64, id: i32) -> bool {
        match self.live_message_mut(chat, id) {
            Some(m) => {
                m.deleted = true;
                true
            }
            None => false,
        }
    }

    /// Stores a new message in `chat` with the next id; `from` is the sender.
    pub fn store_message(
        &mut self,
        chat: i64,
        from: Value,
        body: Map<String, Value>,
        raw: Option<String>,
    ) -> Value {
        let by_bot = from["id"].as_i64() == Some(self.bot_id);
        let chat_json = self.chat_json(chat);
        let state = self.chat_mut(chat);
        let id = state.next_message_id;
        state.next_message_id += 1;
        let mut json = json!({"message_id": id, "from": from, "chat": chat_json, "date": now()});
        if let Value::Object(fields) = &mut json {
            fields.extend(body);
        }
        state.messages.insert(
            id,
            StoredMessage {
                json: json.clone(),
                raw,
                by_bot,
                deleted: false,
            },
        );
        json
    }

    // ----- updates -----

    /// Queues an update, giving it an id if it has none; returns the id.
    ///
    /// Telegram hands out update ids in increasing order, and `getUpdates` forgets every id
    /// below its `offset`. An update built earlier but pushed after a later one (tasks
    /// pushing concurrently) would be lost or delivered twice, so it is given the next id.
    /// Pushing the newest update again keeps its id (a redelivery).
    pub fn enqueue_update(&mut self, update: &mut Value) -> i64 {
        let id = match update.get("update_id").and_then(Value::as_i64) {
            Some(id) if id >= self.max_enqueued => id,
            _ => {
                let id = self.next_update_id.max(self.max_enqueued + 1);
                update["update_id"] = json!(id);
                id
            }
        };
        self.max_enqueued = self.max_enqueued.max(id);
        self.next_update_id = self.next_update_id.max(id + 1);
        if let Some(cb) = update["callback_query"]["id"].as_str() {
            self.pending_callbacks.insert(cb.to_owned());
        }
        self.updates.push_back(update.clone());
        id
    }

    /// Forgets the updates `offset` confirms (all below it; a negative offset keeps only
    /// the last `-offset`) and those of kinds the bot did not ask for (Telegram never makes
    /// them: see `guest.rs`), and returns up to `limit` of those left.
    pub fn take_updates(&mut self, offset: Option<i64>, limit: usize) -> Vec<Value> {
        match offset {
            Some(o) if o < 0 => {
                let keep = usize::try_from(o.unsigned_abs()).unwrap_or(usize::MAX);
                while self.updates.len() > keep {
                    self.updates.pop_front();
                }
            }
            Some(o) => self
                .updates
                .retain(|u| u["update_id"].as_i64().is_some_and(|id| id >= o)),
            None => {}
        }
        let allowed = self.allowed_updates.clone();
        self.updates
            .retain(|u| super::guest::wanted(allowed.as_deref(), u));
        self.updates.iter().take(limit).cloned().collect()
    }
}
