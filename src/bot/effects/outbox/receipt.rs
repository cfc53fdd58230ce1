//! What the outbox hands back: the [`Slot`] a planned write takes, and the [`Receipt`] of
//! what became of a write its planner must hear about (a message's id, a chat gone). The
//! outbox knows none of the modules that plan in it; the receipts are applied to them by
//! [`crate::bot::effects::receipts`], above them all.

use std::fmt;

use super::{Then, Write};
use crate::bot::core::table::Table;
use crate::bot::effects::chat::ChatAddr;
use crate::i18n::Lang;
use crate::store::Place;
use crate::tournament::TableId;

/// What became of a write that the module which planned it must hear about. The outbox
/// returns it once the write is made (or refused for good); it applies nothing itself.
#[derive(Debug, Clone, PartialEq)]
pub enum Receipt {
    /// The ping planned at decision point `plan_seq` of `place` was sent as message `id`.
    Pinged {
        place: Place,
        plan_seq: u64,
        id: i32,
    },
    /// Old ping message `id` of `place` was deleted.
    PingDeleted { place: Place, id: i32 },
    /// Game `game`'s animation was posted as message `id` of `chat`.
    ReplayPosted { chat: i64, game: String, id: i32 },
    /// The sign-up message of tournament `tid` in `chat` was posted as message `id`, when
    /// it had `entrants` entrants.
    SignupPosted {
        chat: i64,
        tid: u64,
        entrants: u32,
        id: i32,
    },
    /// The place of table `at` of tournament `tid` in `chat` is ready: its forum topic
    /// (`thread`), or `None` when Telegram refused to create one (it plays in a lane).
    TableTopic {
        chat: i64,
        tid: u64,
        at: TableId,
        thread: Option<i32>,
    },
    /// Table `at`'s call (with its Ready button) was posted as message `id`.
    CallPosted {
        chat: i64,
        tid: u64,
        at: TableId,
        id: i32,
    },
    /// Table `at`'s extension offer was posted as message `id`.
    OfferPosted {
        chat: i64,
        tid: u64,
        at: TableId,
        id: i32,
    },
    /// `from`'s invitation of `to` (a pairs sign-up) was posted as message `id`.
    InvitePosted {
        chat: i64,
        tid: u64,
        from: i64,
        to: i64,
        id: i32,
    },
    /// The board of lobby `table` at `addr` was posted as a new message `id` (shown in
    /// `lang`): the members who asked are told it opened.
    LobbyPosted {
        addr: ChatAddr,
        table: Box<Table>,
        id: i32,
        lang: Lang,
    },
    /// The sign-up message of season `sid` in `chat` was posted as message `id`, when it
    /// had `members` members.
    SeasonSignupPosted {
        chat: i64,
        sid: u64,
        members: u32,
        id: i32,
    },
    /// The place of table `table` of week `week` of season `sid` is ready: its forum topic
    /// (`thread`), or `None` when Telegram refused to create one (it plays in a lane).
    SeasonTopic {
        chat: i64,
        sid: u64,
        week: u8,
        table: usize,
        thread: Option<i32>,
    },
    /// A league table's lobby was posted as message `id`.
    SeasonLobbyPosted {
        chat: i64,
        sid: u64,
        week: u8,
        table: usize,
        id: i32,
    },
    /// Telegram refused a private message to `user` for good: they blocked the bot,
    /// deleted their account, or never started it.
    Blocked { user: i64 },
    /// The bot may not write to `addr`'s chat any more (removed, or the chat deleted).
    ChatGone { addr: ChatAddr },
    /// The group of `from` became the supergroup `to` (a new chat id).
    Migrated { from: ChatAddr, to: ChatAddr },
}

impl Receipt {
    /// Is this receipt applied before the outbox forgets its write? A lobby's notices are:
    /// after a crash in between, the write is made again as an edit of the board posted,
    /// which hands back no receipt, so the notices would never be planned. The others are
    /// applied once the write is forgotten (a crash in between loses them, and the write
    /// is made again).
    #[must_use]
    pub fn before_done(&self) -> bool {
        matches!(self, Self::LobbyPosted { .. })
    }

    /// The receipt of write `w`, made in `chat`, to which Telegram answered `id` (the new
    /// message's id, the new topic's thread id, or the deleted message's): `None` when the
    /// write asked for nothing to follow ([`Then`]).
    #[must_use]
    pub fn made(chat: i64, w: &Write, id: i32) -> Option<Self> {
        let then = match w {
            Write::Send { then, .. } | Write::Delete { then, .. } => then.as_ref()?,
            Write::Topic { then, .. } | Write::Animation { then, .. } => then,
            Write::Board { .. }
            | Write::Whisper { .. }
            | Write::Photo { .. }
            | Write::Edit { .. }
            | Write::Markup { .. }
            | Write::Document { .. } => return None,
        };
        Some(match then.clone() {
            Then::Pinged { place, plan_seq } => Self::Pinged {
                place,
                plan_seq,
                id,
            },
            // The message the write named (the one deleted).
            Then::PingDeleted { place, id } => Self::PingDeleted { place, id },
            Then::ReplayPosted { game } => Self::ReplayPosted { chat, game, id },
            Then::Signup { tid, entrants } => Self::SignupPosted {
                chat,
                tid,
                entrants,
                id,
            },
            Then::TableTopic { tid, at } => Self::TableTopic {
                chat,
                tid,
                at,
                thread: Some(id),
            },
            Then::TableCall { tid, at } => Self::CallPosted { chat, tid, at, id },
            Then::ExtOffer { tid, at } => Self::OfferPosted { chat, tid, at, id },
            Then::Invite { tid, from, to } => Self::InvitePosted {
                chat,
                tid,
                from,
                to,
                id,
            },
            Then::SeasonSignup { sid, members } => Self::SeasonSignupPosted {
                chat,
                sid,
                members,
                id,
            },
            Then::SeasonTopic { sid, week, table } => Self::SeasonTopic {
                chat,
                sid,
                week,
                table,
                thread: Some(id),
            },
            Then::SeasonLobby { sid, week, table } => Self::SeasonLobbyPosted {
                chat,
                sid,
                week,
                table,
                id,
            },
        })
    }

    /// The receipt of write `w` of `chat`, refused by Telegram for good: a table's topic
    /// not created (the table plays in a lane); `None` for the rest (dropped, logged).
    #[must_use]
    pub fn refused(chat: i64, w: &Write) -> Option<Self> {
        match w {
            Write::Topic {
                then: Then::TableTopic { tid, at },
                ..
            } => Some(Self::TableTopic {
                chat,
                tid: *tid,
                at: *at,
                thread: None,
            }),
            Write::Topic {
                then: Then::SeasonTopic { sid, week, table },
                ..
            } => Some(Self::SeasonTopic {
                chat,
                sid: *sid,
                week: *week,
                table: *table,
                thread: None,
            }),
            _ => None,
        }
    }
}

/// The slot of a planned write: a newer write of the same slot supersedes an older one not
/// made yet. Slots are stored as text in Redis (the outbox's hash keys, and the scripts read
/// a board's `b:` prefix), so [`Slot`]'s text is a stored format: a write planned by this
/// version must take the slot that the same write planned by the last one holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// A place's board: `b:<place>`.
    Board(Place),
    /// A member's reply to their command `what` at a place: `r:<place>:<user>:<what>`.
    Reply {
        place: Place,
        user: i64,
        what: String,
    },
    /// A place's ping: `p:<place>`.
    Ping(Place),
    /// An old message deleted (a ping's): `pd:<message>`.
    Delete(i32),
    /// The notice that a place's lobby opened, in a member's private chat: `n:<place>`.
    Notice(Place),
    /// A game's animation: `a:<game>`.
    Animation(String),
    /// A game's record as a file: `d:<game>`.
    Record(String),
    /// A message's buttons (taken off, replaced, or the message tidied): `s:<message>`.
    Buttons(i32),
    /// A message's text edited: `e:<message>`.
    Edit(i32),
    /// A post with an id (a tournament's), its slot being its id: `<id>`.
    Post(String),
    /// A place's bracket asked for (`/bracket`): `bracket:<place>`.
    Bracket(Place),
    /// A place's season standings asked for (`/season`): `standings:<place>`.
    Standings(Place),
    /// The text that follows a picture too long for its caption: `<slot>:text`.
    Text(Box<Slot>),
    /// A member's partner invitation: `invite:<member>`.
    Invite(i64),
    /// The notice that a game moved to the supergroup: `moved`.
    Moved,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Board(p) => write!(f, "b:{}", p.member()),
            Self::Reply { place, user, what } => write!(f, "r:{}:{user}:{what}", place.member()),
            Self::Ping(p) => write!(f, "p:{}", p.member()),
            Self::Delete(id) => write!(f, "pd:{id}"),
            Self::Notice(p) => write!(f, "n:{}", p.member()),
            Self::Animation(game) => write!(f, "a:{game}"),
            Self::Record(game) => write!(f, "d:{game}"),
            Self::Buttons(id) => write!(f, "s:{id}"),
            Self::Edit(id) => write!(f, "e:{id}"),
            Self::Post(id) => f.write_str(id),
            Self::Bracket(p) => write!(f, "bracket:{}", p.member()),
            Self::Standings(p) => write!(f, "standings:{}", p.member()),
            Self::Text(of) => write!(f, "{of}:text"),
            Self::Invite(from) => write!(f, "invite:{from}"),
            Self::Moved => f.write_str("moved"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHAT: i64 = -100;
    const AT: TableId = TableId { round: 1, table: 2 };

    fn send(then: Option<Then>) -> Write {
        Write::Send {
            place: Place::of_chat(CHAT),
            text: "t".into(),
            reply_to: None,
            keyboard: None,
            then,
        }
    }

    /// Each write's `then` comes back as the receipt its planner hears, with the id
    /// Telegram answered (a deleted ping names the message it deleted).
    #[test]
    fn a_made_write_hands_back_what_its_then_asked_for() {
        let place = Place::of_topic(CHAT, 7);
        let cases = [
            (
                send(Some(Then::Pinged { place, plan_seq: 4 })),
                Receipt::Pinged {
                    place,
                    plan_seq: 4,
                    id: 50,
                },
            ),
            (
                Write::Delete {
                    message_id: 9,
                    then: Some(Then::PingDeleted { place, id: 9 }),
                },
                Receipt::PingDeleted { place, id: 9 },
            ),
            (
                Write::Animation {
                    place,
                    game: "g".into(),
                    reply_to: None,
                    then: Then::ReplayPosted { game: "g".into() },
                },
                Receipt::ReplayPosted {
                    chat: CHAT,
                    game: "g".into(),
                    id: 50,
                },
            ),
            (
                send(Some(Then::Signup {
                    tid: 3,
                    entrants: 2,
                })),
                Receipt::SignupPosted {
                    chat: CHAT,
                    tid: 3,
                    entrants: 2,
                    id: 50,
                },
            ),
            (
                Write::Topic {
                    name: "n".into(),
                    then: Then::TableTopic { tid: 3, at: AT },
                },
                Receipt::TableTopic {
                    chat: CHAT,
                    tid: 3,
                    at: AT,
                    thread: Some(50),
                },
            ),
            (
                send(Some(Then::TableCall { tid: 3, at: AT })),
                Receipt::CallPosted {
                    chat: CHAT,
                    tid: 3,
                    at: AT,
                    id: 50,
                },
            ),
            (
                send(Some(Then::ExtOffer { tid: 3, at: AT })),
                Receipt::OfferPosted {
                    chat: CHAT,
                    tid: 3,
                    at: AT,
                    id: 50,
                },
            ),
            (
                send(Some(Then::Invite {
                    tid: 3,
                    from: 11,
                    to: 12,
                })),
                Receipt::InvitePosted {
                    chat: CHAT,
                    tid: 3,
                    from: 11,
                    to: 12,
                    id: 50,
                },
            ),
        ];
        for (w, r) in cases {
            assert_eq!(Receipt::made(CHAT, &w, 50), Some(r), "{w:?}");
            assert_eq!(
                Receipt::refused(CHAT, &w).is_some(),
                matches!(w, Write::Topic { .. })
            );
        }
    }

    /// Writes planned by the last version, as it stored them (JSON in the outbox's hash),
    /// still decode here and, once made, hand back the receipt their `then` asked for: the
    /// writes a running deployment has queued survive the upgrade.
    #[test]
    fn a_write_queued_before_the_upgrade_decodes_and_hands_back_its_receipt() {
        let place = Place::of_topic(CHAT, 7);
        let cases = [
            (
                r#"{"w":"send","place":{"chat":-100,"topic":7},"text":"@x","reply_to":40,"then":{"then":"pinged","place":{"chat":-100,"topic":7},"plan_seq":4}}"#,
                Some(Receipt::Pinged {
                    place,
                    plan_seq: 4,
                    id: 50,
                }),
            ),
            (
                r#"{"w":"delete","message_id":9,"then":{"then":"ping_deleted","place":{"chat":-100,"topic":7},"id":9}}"#,
                Some(Receipt::PingDeleted { place, id: 9 }),
            ),
            (
                r#"{"w":"topic","name":"R2","then":{"then":"table_topic","tid":3,"at":{"r":1,"t":2}}}"#,
                Some(Receipt::TableTopic {
                    chat: CHAT,
                    tid: 3,
                    at: AT,
                    thread: Some(50),
                }),
            ),
            (
                r#"{"w":"animation","place":{"chat":-100,"topic":null},"game":"12-345","then":{"then":"replay_posted","game":"12-345"}}"#,
                Some(Receipt::ReplayPosted {
                    chat: CHAT,
                    game: "12-345".into(),
                    id: 50,
                }),
            ),
            (
                r#"{"w":"send","place":{"chat":-100,"topic":null},"text":"sign up","then":{"then":"signup","tid":3,"entrants":2}}"#,
                Some(Receipt::SignupPosted {
                    chat: CHAT,
                    tid: 3,
                    entrants: 2,
                    id: 50,
                }),
            ),
            (r#"{"w":"board","place":{"chat":-100,"topic":null}}"#, None),
            (r#"{"w":"markup","message_id":31}"#, None),
        ];
        for (json, receipt) in cases {
            let w: Write = serde_json::from_str(json).expect(json);
            assert_eq!(Receipt::made(CHAT, &w, 50), receipt, "{json}");
        }
    }

    /// Only a lobby posted is applied before its write is forgotten; a ping's message, a
    /// tournament's post and the rest after.
    #[test]
    fn only_a_lobby_posted_goes_before_its_write_is_forgotten() {
        let addr = ChatAddr::new(CHAT);
        let host = crate::bot::core::table::Actor {
            id: 1,
            name: "A".into(),
            is_admin: false,
        };
        let lobby = Table::lobby(&host, crate::engine::Preset::Jcf, false);
        let before = Receipt::LobbyPosted {
            addr,
            table: Box::new(lobby),
            id: 5,
            lang: Lang::En,
        };
        assert!(before.before_done());
        let after = [
            Receipt::Pinged {
                place: addr.place(),
                plan_seq: 1,
                id: 5,
            },
            Receipt::SignupPosted {
                chat: CHAT,
                tid: 1,
                entrants: 1,
                id: 5,
            },
            Receipt::Blocked { user: 7 },
            Receipt::ChatGone { addr },
        ];
        for r in after {
            assert!(!r.before_done(), "{r:?}");
        }
    }

    /// A write that asked for nothing hands nothing back; a refused topic hands back the
    /// table's place without a thread (its lane).
    #[test]
    fn nothing_follows_a_plain_write_and_a_refused_topic_is_a_lane() {
        let plain = [
            send(None),
            Write::board(Place::of_chat(CHAT)),
            Write::Edit {
                message_id: 3,
                text: "t".into(),
                keyboard: None,
            },
            Write::Markup {
                message_id: 3,
                keyboard: None,
            },
            Write::Delete {
                message_id: 3,
                then: None,
            },
        ];
        for w in plain {
            assert_eq!(Receipt::made(CHAT, &w, 50), None, "{w:?}");
            assert_eq!(Receipt::refused(CHAT, &w), None, "{w:?}");
        }
        let topic = Write::Topic {
            name: "n".into(),
            then: Then::TableTopic { tid: 3, at: AT },
        };
        assert_eq!(
            Receipt::refused(CHAT, &topic),
            Some(Receipt::TableTopic {
                chat: CHAT,
                tid: 3,
                at: AT,
                thread: None,
            })
        );
    }

    /// Every slot's text as the last version wrote it by hand: a write planned before an
    /// upgrade and the same write planned after it share one slot (the newer supersedes).
    #[test]
    fn a_slot_reads_as_the_text_stored_before() {
        let chat = Place::of_chat(-100);
        let topic = Place::of_topic(-100, 7);
        let lane = Place::in_lane(-100, 2);
        let cases = [
            (Slot::Board(chat), "b:-100".to_owned()),
            (Slot::Board(topic), format!("b:{}", topic.member())),
            (
                Slot::Reply {
                    place: topic,
                    user: 42,
                    what: "top".into(),
                },
                format!("r:{}:42:top", topic.member()),
            ),
            (Slot::Ping(lane), format!("p:{}", lane.member())),
            (Slot::Delete(9), "pd:9".to_owned()),
            (Slot::Notice(chat), "n:-100".to_owned()),
            (
                Slot::Animation("12-345-l1".into()),
                "a:12-345-l1".to_owned(),
            ),
            (Slot::Record("12-345".into()), "d:12-345".to_owned()),
            (Slot::Buttons(31), "s:31".to_owned()),
            (Slot::Edit(31), "e:31".to_owned()),
            (
                Slot::Post("t9:result:0.0".into()),
                "t9:result:0.0".to_owned(),
            ),
            (Slot::Bracket(chat), "bracket:-100".to_owned()),
            (
                Slot::Text(Box::new(Slot::Post("t9:champion".into()))),
                "t9:champion:text".to_owned(),
            ),
            (
                Slot::Text(Box::new(Slot::Bracket(chat))),
                "bracket:-100:text".to_owned(),
            ),
            (Slot::Invite(77), "invite:77".to_owned()),
            (Slot::Moved, "moved".to_owned()),
        ];
        for (slot, text) in cases {
            assert_eq!(slot.to_string(), text, "{slot:?}");
        }
        // The places' own text, as the store writes it (so the lines above pin it too).
        assert_eq!(
            (topic.member(), lane.member()),
            ("-100:7".to_owned(), "-100:L2".to_owned())
        );
    }

    /// Only a board's slot starts with `b:`: the outbox's take script lets a board jump the
    /// queue by that prefix.
    #[test]
    fn only_a_board_slot_starts_as_a_board() {
        let chat = Place::of_chat(-100);
        let others = [
            Slot::Reply {
                place: chat,
                user: 1,
                what: "b".into(),
            },
            Slot::Ping(chat),
            Slot::Delete(1),
            Slot::Notice(chat),
            Slot::Animation("b".into()),
            Slot::Record("b".into()),
            Slot::Buttons(1),
            Slot::Edit(1),
            Slot::Bracket(chat),
            Slot::Invite(1),
            Slot::Moved,
        ];
        assert!(Slot::Board(chat).to_string().starts_with("b:"));
        for s in others {
            assert!(!s.to_string().starts_with("b:"), "{s:?}");
        }
    }
}
