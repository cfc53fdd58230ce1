//! What the outbox hands back: the [`Slot`] a planned write takes, and the [`Receipt`] of
//! what became of a write its planner must hear about (a message's id, a chat gone). The
//! outbox knows none of the modules that plan in it; the receipts are applied to them by
//! [`crate::bot::effects::receipts`], above them all.

use std::fmt;

use crate::store::Place;

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
            Self::Text(of) => write!(f, "{of}:text"),
            Self::Invite(from) => write!(f, "invite:{from}"),
            Self::Moved => f.write_str("moved"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
