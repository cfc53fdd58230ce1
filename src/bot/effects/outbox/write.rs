//! What a planned write is, as stored in the outbox (JSON), and what follows once it is made.

use serde::{Deserialize, Serialize};
use teloxide::types::InlineKeyboardMarkup;

use crate::bot::core::table::Table;
use crate::store::Place;
use crate::tournament::TableId;

/// A table and the version it was saved as, carried in a board's write from the save to
/// the drain. A copy, never the truth: the drain uses it only when the stored game's version
/// is still `version` (the same state, byte for byte), whichever replica drains and however
/// long after (a restart between the save and the drain changes nothing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    pub version: u64,
    pub table: Table,
}

impl Write {
    /// The board of `place` as stored when made, nothing carried.
    #[must_use]
    pub fn board(place: Place) -> Self {
        Self::Board { place, saved: None }
    }
}

/// One write to a chat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "w", rename_all = "snake_case")]
pub enum Write {
    /// The place's board as stored when the write is made: its board message edited in
    /// place, or a new one posted (and recorded) when there is none, it cannot be edited, or
    /// the write carries [`super::REPOST`].
    Board {
        place: Place,
        /// The table as the save that planned the board stored it: the drain draws it
        /// without reading the game again while it is still the stored version, and reads
        /// the stored game otherwise (see [`Saved`]). Absent in writes of older replicas.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        saved: Option<Box<Saved>>,
    },
    /// A new text message (HTML), in the place's topic, possibly as a reply.
    Send {
        place: Place,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keyboard: Option<InlineKeyboardMarkup>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A reply (HTML) to message `reply_to` that concerns member `user` alone: shown to them
    /// only, as an ephemeral message (Bot API 10.2); where Telegram refuses that (the bot is
    /// not an administrator, an older server), the plain reply `Send` would make.
    Whisper {
        place: Place,
        user: i64,
        reply_to: i32,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keyboard: Option<InlineKeyboardMarkup>,
    },
    /// A new photo (PNG) with an HTML caption.
    Photo {
        place: Place,
        #[serde(with = "b64")]
        png: Vec<u8>,
        caption: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keyboard: Option<InlineKeyboardMarkup>,
    },
    /// A message's text (HTML) and buttons replaced (no buttons: `None`).
    Edit {
        message_id: i32,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keyboard: Option<InlineKeyboardMarkup>,
    },
    /// A message's buttons replaced (`None`: taken off).
    Markup {
        message_id: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keyboard: Option<InlineKeyboardMarkup>,
    },
    /// A message deleted.
    Delete {
        message_id: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A forum topic created (for a tournament's table).
    Topic { name: String, then: Then },
    /// Game `game`'s replay as an animation (GIF) with its caption, drawn from the kept
    /// record when the write is made (a GIF is too large to plan: hundreds of KB); when one
    /// was posted for the game before, a reply to it instead (posted anew when it is gone).
    /// `then` records the posted animation's message id.
    Animation {
        place: Place,
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<i32>,
        then: Then,
    },
    /// Game `game`'s record as a JSON Lines file, written from the kept record when made.
    Document {
        place: Place,
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<i32>,
    },
}

/// What the drain does once a write is made, with what Telegram answered (the new message's
/// id, or the new topic's thread id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "then", rename_all = "snake_case")]
pub enum Then {
    /// A ping was sent at `place` for the plan of `plan_seq`: its message goes on record,
    /// to be deleted once the table moves on.
    Pinged { place: Place, plan_seq: u64 },
    /// Old ping message `id` of `place` was deleted: it leaves the record.
    PingDeleted { place: Place, id: i32 },
    /// The sign-up message of tournament `tid` ([`crate::bot::core::tourney::Tourney::id`])
    /// was posted, when it had `entrants` entrants: it is edited as people join.
    Signup { tid: u64, entrants: u32 },
    /// The forum topic of table `at` of tournament `tid` was created: the table is called
    /// there (a topic Telegram refused: the table plays in a lane).
    TableTopic { tid: u64, at: TableId },
    /// Table `at`'s call (with its Ready button) was posted: it becomes the table's board.
    TableCall { tid: u64, at: TableId },
    /// The extension offer of table `at` was posted: its buttons come off when the table
    /// is decided.
    ExtOffer { tid: u64, at: TableId },
    /// `from`'s invitation of `to` (a pairs sign-up) was posted: its Confirm button comes
    /// off once the invitation stops waiting.
    Invite { tid: u64, from: i64, to: i64 },
    /// Game `game`'s animation was posted: its message id is kept beside the record, so a
    /// later request replies to it.
    ReplayPosted { game: String },
    /// The sign-up message of season `sid` was posted, when it had `members` members: it
    /// is edited as people join.
    SeasonSignup { sid: u64, members: u32 },
    /// The forum topic of table `table` of week `week` of season `sid` was created: its
    /// lobby is posted there (a topic Telegram refused: the table plays in a lane).
    SeasonTopic { sid: u64, week: u8, table: usize },
    /// A league table's lobby (with its ✋ button) was posted: it becomes the table's board.
    SeasonLobby { sid: u64, week: u8, table: usize },
}

mod b64 {
    use base64::Engine as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_reads_back_from_its_json() {
        let writes = [
            Write::board(Place::of_topic(-100, 7)),
            Write::Send {
                place: Place::in_lane(-100, 2),
                text: "<b>hi</b> &amp; bye".into(),
                reply_to: Some(40),
                keyboard: Some(InlineKeyboardMarkup::new([[
                    teloxide::types::InlineKeyboardButton::callback("Join", "tj:3"),
                ]])),
                then: Some(Then::Signup {
                    tid: 3,
                    entrants: 1,
                }),
            },
            Write::Whisper {
                place: Place::of_topic(-100, 7),
                user: 42,
                reply_to: 9,
                text: "only you".into(),
                keyboard: None,
            },
            Write::Photo {
                place: Place::of_chat(-100),
                png: vec![0x89, b'P', b'N', b'G', 0, 255],
                caption: "c".into(),
                keyboard: None,
            },
            Write::Delete {
                message_id: 9,
                then: Some(Then::PingDeleted {
                    place: Place::of_chat(-100),
                    id: 9,
                }),
            },
            Write::Animation {
                place: Place::in_lane(-100, 1),
                game: "12-345-l1".into(),
                reply_to: Some(8),
                then: Then::ReplayPosted {
                    game: "12-345-l1".into(),
                },
            },
            Write::Document {
                place: Place::of_topic(-100, 3),
                game: "12-345".into(),
                reply_to: None,
            },
            Write::Topic {
                name: "🏆 R1 · Table 2".into(),
                then: Then::TableTopic {
                    tid: 1,
                    at: TableId { round: 0, table: 1 },
                },
            },
        ];
        for w in writes {
            let json = serde_json::to_string(&w).expect("encodes");
            assert_eq!(serde_json::from_str::<Write>(&json).expect("decodes"), w);
        }
    }

    #[test]
    fn a_board_carries_its_saved_table_and_a_board_of_an_older_replica_carries_none() {
        // Given a board planned with the table saved as version 4,
        let host = crate::bot::core::table::Actor {
            id: 7,
            name: "Anna".into(),
            is_admin: false,
        };
        let table = Table::lobby(&host, crate::engine::Preset::Jcf, false);
        let w = Write::Board {
            place: Place::of_chat(-100),
            saved: Some(Box::new(Saved {
                version: 4,
                table: table.clone(),
            })),
        };
        // Then it reads back with the table and its version,
        let json = serde_json::to_string(&w).expect("encodes");
        assert_eq!(serde_json::from_str::<Write>(&json).expect("decodes"), w);
        // and a board as an older replica planned it (no table) reads as one carrying none,
        let place = serde_json::to_string(&Place::of_chat(-100)).expect("a place");
        let old = format!(r#"{{"w":"board","place":{place}}}"#);
        assert_eq!(
            serde_json::from_str::<Write>(&old).expect("decodes"),
            Write::board(Place::of_chat(-100))
        );
        // while a write with no table is written as an older replica wrote it.
        let plain = serde_json::to_string(&Write::board(Place::of_chat(-100))).expect("encodes");
        assert_eq!(plain, old);
    }
}
