//! A chat's address, and its state as one update sees it: loaded once, in one round trip.

use serde::{Deserialize, Serialize};
use teloxide::payloads::{SendMessage, SendPhoto};
use teloxide::requests::HasPayload;
use teloxide::types::{ChatId, Message, MessageId, ThreadId, User};
use tracing::warn;

use super::ctx::Ctx;
use crate::bot::core::pings::PingRecord;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::ChatSettings;
use crate::bot::core::table::Table;
use crate::i18n::Lang;
use crate::stats::ChatZone;
use crate::store::{ChatState, StoreError, UpdateMark, Versioned};

/// A place (a chat, or a topic of a forum) as Redis keys it.
pub use crate::store::Place;

/// Where a game lives: a chat, one forum topic of it, or one lane of it. Every key built for
/// the game and every message sent for it follows the address: a topic's messages carry its
/// `message_thread_id` ([`InTopic`]), a lane's none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChatAddr {
    chat: i64,
    topic: Option<i32>,
}

impl ChatAddr {
    /// A chat itself (an ordinary group, or a forum's General topic).
    #[must_use]
    pub fn new(chat: i64) -> Self {
        Self { chat, topic: None }
    }

    /// One forum topic of a chat.
    #[must_use]
    pub fn in_topic(chat: i64, topic: i32) -> Self {
        Self {
            chat,
            topic: Some(topic),
        }
    }

    /// Lane `lane` of a chat: a game place of its own in a group without topics (see
    /// [`Place::in_lane`]); its messages carry no thread id.
    #[must_use]
    pub fn in_lane(chat: i64, lane: u16) -> Self {
        Self::from(Place::in_lane(chat, lane))
    }

    /// The place of a message: its forum topic when it is a topic message, else the chat.
    /// (A reply in an ordinary group carries the `message_thread_id` of the replied-to
    /// thread too; only `is_topic_message` says the id names a forum topic.)
    #[must_use]
    pub fn of_message(m: &Message) -> Self {
        match m.thread_id {
            Some(ThreadId(MessageId(topic))) if m.is_topic_message => {
                Self::in_topic(m.chat.id.0, topic)
            }
            _ => Self::new(m.chat.id.0),
        }
    }

    /// The chat id (the key of the chat's settings).
    #[must_use]
    pub fn id(self) -> i64 {
        self.chat
    }

    /// The forum topic, if any (never a lane).
    #[must_use]
    pub fn topic(self) -> Option<i32> {
        self.place().forum_topic()
    }

    /// The lane, if this address is one.
    #[must_use]
    pub fn lane(self) -> Option<u16> {
        self.place().lane()
    }

    /// The store's place of the game.
    #[must_use]
    pub fn place(self) -> Place {
        Place {
            chat: self.chat,
            topic: self.topic,
        }
    }

    /// The chat id as Telegram's type.
    #[must_use]
    pub fn chat_id(self) -> ChatId {
        ChatId(self.chat)
    }

    /// The topic as Telegram's `message_thread_id` (none for a lane or the chat).
    #[must_use]
    pub fn thread_id(self) -> Option<ThreadId> {
        self.topic().map(|t| ThreadId(MessageId(t)))
    }
}

impl From<Place> for ChatAddr {
    fn from(p: Place) -> Self {
        Self {
            chat: p.chat,
            topic: p.topic,
        }
    }
}

/// A request that posts a new message: it can be sent into a forum topic.
pub trait Threaded {
    /// Set (or leave unset) the `message_thread_id`.
    fn set_thread(&mut self, thread: Option<ThreadId>);
}

impl Threaded for SendMessage {
    fn set_thread(&mut self, thread: Option<ThreadId>) {
        self.message_thread_id = thread;
    }
}

impl Threaded for SendPhoto {
    fn set_thread(&mut self, thread: Option<ThreadId>) {
        self.message_thread_id = thread;
    }
}

impl Threaded for teloxide::payloads::SendAnimation {
    fn set_thread(&mut self, thread: Option<ThreadId>) {
        self.message_thread_id = thread;
    }
}

impl Threaded for teloxide::payloads::SendDocument {
    fn set_thread(&mut self, thread: Option<ThreadId>) {
        self.message_thread_id = thread;
    }
}

/// The one way a new message gets its address's topic: `bot.send_message(addr.chat_id(),
/// text).in_topic(addr)`. (Edits need no topic: a message id names the message.)
pub trait InTopic: Sized {
    #[must_use]
    fn in_topic(self, addr: ChatAddr) -> Self;
}

impl<R> InTopic for R
where
    R: HasPayload,
    R::Payload: Threaded,
{
    fn in_topic(mut self, addr: ChatAddr) -> Self {
        self.payload_mut().set_thread(addr.thread_id());
        self
    }
}

/// Which message shows a chat's board: stored under its own key, beside the game record,
/// so that showing a board never changes the game's version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayState {
    /// The board message's id in the chat.
    pub message_id: i32,
    /// Is it a photo (image mode) rather than text?
    pub photo: bool,
}

/// What the store holds for a chat, when it could be read.
#[derive(Clone, Debug)]
pub struct Stored {
    pub table: Option<Versioned<Table>>,
    pub display: Option<DisplayState>,
    /// The place's ping record as a button press read it with the chat ([`load_first`]),
    /// for its save's follow-up to plan from (by compare-and-set on its version: read
    /// again when it changed meanwhile); `None` when not read.
    pub ping: Option<Versioned<PingRecord>>,
}

/// A chat as one update sees it: its settings and language (derived once), and its table
/// and board message, read together in one round trip.
#[derive(Clone, Debug)]
pub struct Here {
    pub addr: ChatAddr,
    pub settings: ChatSettings,
    pub lang: Lang,
    /// The chat's time zone (`/timezone`; the default when none is set or Redis is down).
    pub zone: ChatZone,
    /// `None` when Redis could not be read.
    pub stored: Option<Stored>,
}

impl Here {
    /// The chat's table, or why there is none to act on.
    ///
    /// # Errors
    /// [`Alert::TryAgain`] when Redis could not be read, [`Alert::NoGame`] for no table.
    pub fn table(&self) -> Result<&Versioned<Table>, Refusal> {
        let stored = self.stored.as_ref().ok_or(Alert::TryAgain)?;
        Ok(stored.table.as_ref().ok_or(Alert::NoGame)?)
    }

    /// The board message, if one is known (from its record, or from a table stored before
    /// boards had a record of their own).
    #[must_use]
    pub fn display(&self) -> Option<DisplayState> {
        let stored = self.stored.as_ref()?;
        stored.display.or_else(|| {
            let legacy = stored.table.as_ref()?.state.legacy_board()?;
            Some(DisplayState {
                message_id: legacy.message_id,
                photo: legacy.photo,
            })
        })
    }
}

/// The language of `user` as Telegram says, if it is one of ours.
#[must_use]
pub fn user_lang(user: Option<&User>) -> Option<Lang> {
    user.and_then(|u| Lang::from_telegram(u.language_code.as_deref()))
}

/// Load place `addr` for one update by `user` (if any): its table and board message, and
/// its chat's settings, in one round trip. A chat with no language yet takes the user's, stored once
/// (one more write, the first time only); otherwise the default. When Redis cannot be
/// read, the settings are the defaults with the chat's language as this replica last read
/// it ([`super::away::ChatLangs`]), and [`Here::stored`] is `None`.
pub async fn load(ctx: &Ctx, addr: ChatAddr, user: Option<&User>) -> Here {
    load_carried(ctx, addr, user, None).await
}

/// As [`load`], for a caller that carries the table as a save stored it (`carried`): it is
/// the table loaded when it is still the stored version, and the game is then not read
/// again (see [`crate::store::Store::load_chat_carried`]).
pub async fn load_carried(
    ctx: &Ctx,
    addr: ChatAddr,
    user: Option<&User>,
    carried: Option<Versioned<Table>>,
) -> Here {
    let state = ctx.store.load_chat_carried(addr.place(), carried).await;
    here_of(ctx, addr, user, state).await
}

/// As [`load`] for update `mark`, marked as seen in the same round trip
/// ([`crate::store::Store::load_chat_first`]): `None` when a replica saw it before (it is
/// dropped). When Redis cannot say, the update passes (the game's compare-and-set still
/// keeps it consistent) with the chat unread, as [`load`] leaves it.
pub async fn load_first(
    ctx: &Ctx,
    addr: ChatAddr,
    user: Option<&User>,
    mark: UpdateMark,
) -> Option<Here> {
    let (state, ping) = match ctx.store.load_chat_first(addr.place(), mark).await {
        Ok((false, _, _)) => return None,
        Ok((true, s, ping)) => (Ok(s), ping),
        Err(e) => (Err(e), None),
    };
    let mut here = here_of(ctx, addr, user, state).await;
    if let Some(stored) = &mut here.stored {
        stored.ping = ping;
    }
    Some(here)
}

/// The chat as `state` read it (or could not), its language derived once.
async fn here_of(
    ctx: &Ctx,
    addr: ChatAddr,
    user: Option<&User>,
    state: Result<ChatState<Table, ChatSettings, DisplayState>, StoreError>,
) -> Here {
    let (mut settings, stored, zone) = match state {
        Ok(s) => (
            s.settings,
            Some(Stored {
                table: s.game,
                display: s.display,
                ping: None,
            }),
            ChatZone::or_default(s.zone.as_deref()),
        ),
        Err(e) => {
            warn!(chat = addr.id(), topic = addr.topic(), error = %e, "chat state unavailable");
            // The chat's language as this replica last read it, so a "busy" answer is in it.
            let settings = ChatSettings {
                lang: ctx.langs.get(addr.id()),
                ..ChatSettings::default()
            };
            (settings, None, ChatZone::default())
        }
    };
    let lang = match (settings.lang, user_lang(user)) {
        (Some(l), _) => l,
        (None, Some(l)) if stored.is_some() => {
            settings.lang = Some(l);
            if let Err(e) = ctx.store.set_settings(addr.id(), &settings).await {
                warn!(chat = addr.id(), error = %e, "could not store the derived language");
            }
            l
        }
        (None, derived) => derived.unwrap_or(ctx.default_lang),
    };
    if stored.is_some() {
        ctx.langs.note(addr.id(), lang);
    }
    Here {
        addr,
        settings,
        lang,
        zone,
        stored,
    }
}

/// Stores the chat's new settings (the next update reads them).
///
/// # Errors
/// The store's error when Redis cannot keep them (nothing changed).
pub async fn save_settings(ctx: &Ctx, chat: i64, s: &ChatSettings) -> Result<(), StoreError> {
    ctx.store.set_settings(chat, s).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(extra: serde_json::Value) -> Message {
        let mut m = serde_json::json!({
            "message_id": 40,
            "date": 1_764_547_200,
            "chat": {"id": -1_001_234_567_890_i64, "type": "supergroup", "title": "g"},
            "from": {"id": 11, "is_bot": false, "first_name": "Ana"},
            "text": "/board",
        });
        if let (Some(m), Some(extra)) = (m.as_object_mut(), extra.as_object()) {
            m.extend(extra.clone());
        }
        serde_json::from_value(m).expect("a message")
    }

    #[test]
    fn a_message_names_its_topic_only_when_it_is_a_topic_message() {
        let chat = -1_001_234_567_890;
        // Given a message in forum topic 7, Then its place is that topic, sent with its id.
        let topic = ChatAddr::of_message(&message(
            serde_json::json!({"message_thread_id": 7, "is_topic_message": true}),
        ));
        assert_eq!(topic, ChatAddr::in_topic(chat, 7));
        assert_eq!(topic.place(), Place::of_topic(chat, 7));
        assert_eq!(topic.thread_id(), Some(ThreadId(MessageId(7))));
        // Given a reply in an ordinary group (a thread id, but no topic), Then the chat.
        let reply = ChatAddr::of_message(&message(serde_json::json!({"message_thread_id": 7})));
        assert_eq!(reply, ChatAddr::new(chat));
        assert_eq!(reply.thread_id(), None);
        // Given a message in the General topic (no thread id), Then the chat.
        let general = ChatAddr::of_message(&message(serde_json::json!({})));
        assert_eq!(general.place(), Place::of_chat(chat));
    }

    #[test]
    fn a_new_message_gets_the_topic_of_its_address_and_none_outside_topics() {
        use teloxide::requests::Requester;
        // Given requests built (not sent) by a bot,
        let bot = teloxide::Bot::new("1:x");
        let chat = -1_001_234_567_890;
        let file = || teloxide::types::InputFile::memory(vec![0_u8]);
        // When they are addressed to topic 9, Then they carry it; to the chat, nothing.
        let topic = ChatAddr::in_topic(chat, 9);
        let text = bot.send_message(ChatId(chat), "x").in_topic(topic);
        let photo = bot.send_photo(ChatId(chat), file()).in_topic(topic);
        assert_eq!(text.payload_ref().message_thread_id, topic.thread_id());
        assert_eq!(
            photo.payload_ref().message_thread_id,
            Some(ThreadId(MessageId(9)))
        );
        let plain = bot
            .send_message(ChatId(chat), "x")
            .in_topic(ChatAddr::new(chat));
        assert_eq!(plain.payload_ref().message_thread_id, None);
        // When they are addressed to a lane, Then they carry no thread id either.
        let lane = ChatAddr::in_lane(chat, 0);
        let text = bot.send_message(ChatId(chat), "x").in_topic(lane);
        let photo = bot.send_photo(ChatId(chat), file()).in_topic(lane);
        assert_eq!(text.payload_ref().message_thread_id, None);
        assert_eq!(photo.payload_ref().message_thread_id, None);
    }

    #[test]
    fn a_lane_is_a_place_of_its_own_and_no_topic() {
        // Given lane 2 of a chat, Then its address knows its lane and names no topic,
        let chat = -1_001_234_567_890;
        let lane = ChatAddr::in_lane(chat, 2);
        assert_eq!(lane.lane(), Some(2));
        assert_eq!(lane.topic(), None);
        assert_eq!(lane.id(), chat);
        // and its place is the store's lane, apart from the chat's and any topic's.
        assert_eq!(lane.place(), Place::in_lane(chat, 2));
        assert_ne!(lane.place(), ChatAddr::new(chat).place());
        assert_ne!(lane, ChatAddr::in_lane(chat, 3));
        assert_eq!(ChatAddr::from(Place::in_lane(chat, 2)), lane);
        assert_eq!(ChatAddr::in_topic(chat, 2).lane(), None);
    }
}
