//! Callback data of the inline buttons: at most 64 bytes, readable and forgeable by anyone,
//! so it only names an action; the server re-checks everything.
//!
//! Format: `[<lane>@]<tag>:<version>[:<arg>]` — the version is the table's store version when
//! the button was drawn, so a press on an old board is recognised as stale. A button under a
//! lane's board (several games in one chat without topics) starts with its lane
//! (`3@r:12`): a press names its game by itself, with no lookup of the message it came from
//! (no extra round trip, nothing to keep in step, and it survives restarts). A forged lane
//! only reaches that lane's game, whose version and seats are checked as for any press.
//! The longest data, a lane's Replay button, is `65535@p:<u64::MAX>:<u64::MAX>.<ms>` (63
//! bytes with a start time of 13 digits).

use super::table::{Action, Choice, MoveKey};
use crate::ai::Level;
use crate::engine::{Arms, Preset};
use crate::i18n::Lang;

/// A finished game as its Replay button names it: the table's `seq` at the start and the
/// start time (with the place's lane, the game's id; see [`Table::game_id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub seq: u64,
    pub started_ms: u64,
}

impl GameRef {
    /// The game's id in its chat: a lane's game names its lane (as its stats record does).
    #[must_use]
    pub fn id(self, lane: Option<u16>) -> String {
        let id = format!("g{}-{}", self.seq, self.started_ms);
        match lane {
            Some(l) => format!("{id}-l{l}"),
            None => id,
        }
    }
}

/// What a button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Join,
    Leave,
    Start,
    Cancel,
    AddBot(Level),
    Roll,
    /// The n-th legal move (0-based).
    Move(u8),
    /// The n-th legal move (0-based), which took a piece from one point of its path to
    /// another: a press on a board that is behind plays the same move if still legal.
    MoveSeen(MoveKey),
    /// Open a new lobby after a finished game.
    NewGame,
    /// The placeholder of an inline "New game (picture board)" offer: opens its lobby with
    /// the board drawn as a picture (elsewhere, as [`Button::NewGame`]).
    NewPictureGame,
    /// Open a lobby with the finished game's players seated and the same rules.
    Rematch,
    Language(Lang),
    /// 🎞 Replay: the finished game's animation (the game the board showed).
    Replay(GameRef),
    /// A lobby's setting set to this value (the host's ▦ Board and 📜 Rules buttons).
    Choose(Choice),
}

impl Button {
    /// The table action of a button that acts on the table (`None`: a new game or a
    /// language, which are not table transitions).
    #[must_use]
    pub fn action(self) -> Option<Action> {
        Some(match self {
            Self::Join => Action::Join,
            Self::Leave => Action::Leave,
            Self::Start => Action::Start,
            Self::Cancel => Action::Cancel,
            Self::AddBot(l) => Action::AddBot(l),
            Self::Roll => Action::Roll,
            Self::Move(i) => Action::Move(i),
            Self::MoveSeen(k) => Action::MoveSeen(k),
            Self::Choose(c) => Action::Choose(c),
            Self::NewGame
            | Self::NewPictureGame
            | Self::Rematch
            | Self::Language(_)
            | Self::Replay(_) => return None,
        })
    }
}

/// A decoded press: the button and the table `seq` it was drawn at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub button: Button,
    pub version: u64,
}

/// Telegram's limit on callback data, in bytes.
pub const MAX_LEN: usize = 64;

impl Press {
    /// Encode for `callback_data`.
    #[must_use]
    pub fn encode(self) -> String {
        let v = self.version;
        match self.button {
            Button::Join => format!("j:{v}"),
            Button::Leave => format!("l:{v}"),
            Button::Start => format!("s:{v}"),
            Button::Cancel => format!("c:{v}"),
            Button::AddBot(l) => format!("b:{v}:{l}"),
            Button::Roll => format!("r:{v}"),
            Button::Move(i) => format!("m:{v}:{i}"),
            Button::MoveSeen(k) => format!("m:{v}:{}.{}.{}", k.index, k.from, k.to),
            Button::NewGame => format!("n:{v}"),
            Button::NewPictureGame => format!("n:{v}:p"),
            Button::Rematch => format!("x:{v}"),
            Button::Language(l) => format!("g:{v}:{}", l.code()),
            Button::Replay(g) => format!("p:{v}:{}.{}", g.seq, g.started_ms),
            Button::Choose(Choice::Board(b)) => format!("o:{v}:b{}", b.map_or(0, Arms::count)),
            Button::Choose(Choice::Rules(p)) => format!("o:{v}:r{}", p.name()),
        }
    }

    /// Encode for `callback_data` under the board of `lane` (none: a chat's or topic's).
    #[must_use]
    pub fn encode_at(self, lane: Option<u16>) -> String {
        at_lane(lane, &self.encode())
    }

    /// Decode callback data, with or without a lane; `None` for anything malformed (forged
    /// or from another bot).
    #[must_use]
    pub fn decode(data: &str) -> Option<Self> {
        if data.len() > MAX_LEN {
            return None;
        }
        let (_, data) = split_lane(data)?;
        let mut parts = data.split(':');
        let tag = parts.next()?;
        let version: u64 = parts.next()?.parse().ok()?;
        let arg = parts.next();
        if parts.next().is_some() {
            return None;
        }
        let button = match (tag, arg) {
            ("j", None) => Button::Join,
            ("l", None) => Button::Leave,
            ("s", None) => Button::Start,
            ("c", None) => Button::Cancel,
            ("r", None) => Button::Roll,
            ("n", None) => Button::NewGame,
            ("n", Some("p")) => Button::NewPictureGame,
            ("x", None) => Button::Rematch,
            ("b", Some(l)) => Button::AddBot(l.parse().ok()?),
            ("m", Some(arg)) => {
                let mut nums = arg.split('.');
                let i: u8 = nums.next()?.parse().ok()?;
                if i >= 4 {
                    return None;
                }
                match (nums.next(), nums.next(), nums.next()) {
                    (None, _, _) => Button::Move(i),
                    (Some(from), Some(to), None) => Button::MoveSeen(MoveKey {
                        index: i,
                        from: from.parse().ok()?,
                        to: to.parse().ok()?,
                    }),
                    _ => return None,
                }
            }
            ("g", Some(l)) => Button::Language(l.parse().ok()?),
            ("o", Some(arg)) => Button::Choose(match arg.split_at_checked(1)? {
                ("b", "0") => Choice::Board(None),
                ("b", n) => Choice::Board(Some(Arms::from_count(n.parse().ok()?)?)),
                ("r", p) => Choice::Rules(Preset::ALL.into_iter().find(|x| x.name() == p)?),
                _ => return None,
            }),
            ("p", Some(arg)) => {
                let (seq, ms) = arg.split_once('.')?;
                Button::Replay(GameRef {
                    seq: seq.parse().ok()?,
                    started_ms: ms.parse().ok()?,
                })
            }
            _ => return None,
        };
        Some(Self { button, version })
    }
}

/// Callback data `data` drawn under the board of `lane`: `<lane>@<data>` (none: as it is).
#[must_use]
pub fn at_lane(lane: Option<u16>, data: &str) -> String {
    match lane {
        Some(lane) => format!("{lane}@{data}"),
        None => data.to_owned(),
    }
}

/// The lane callback data names, and the rest; `None` when the lane part is malformed.
#[must_use]
pub fn split_lane(data: &str) -> Option<(Option<u16>, &str)> {
    match data.split_once('@') {
        None => Some((None, data)),
        Some((lane, rest)) => {
            if lane.is_empty() || !lane.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some((Some(lane.parse().ok()?), rest))
        }
    }
}

/// The game a message's buttons name (the board a `/replay` replies to): its Replay
/// button's, with the lane of the button's data.
pub fn replied_game<'a>(data: impl IntoIterator<Item = &'a str>) -> Option<String> {
    data.into_iter().find_map(|d| {
        let lane = split_lane(d)?.0;
        match Press::decode(d)?.button {
            Button::Replay(g) => Some(g.id(lane)),
            _ => None,
        }
    })
}

/// The lane of a press's data (`None`: the chat's or topic's own game, or malformed data).
#[must_use]
pub fn lane_of(data: &str) -> Option<u16> {
    split_lane(data).and_then(|(lane, _)| lane)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_button_round_trips_within_64_bytes() {
        let mut all = vec![
            Button::Join,
            Button::Leave,
            Button::Start,
            Button::Cancel,
            Button::Roll,
            Button::NewGame,
            Button::NewPictureGame,
            Button::Rematch,
        ];
        all.extend([Level::Easy, Level::Normal, Level::Hard].map(Button::AddBot));
        all.extend((0..4).map(Button::Move));
        all.push(Button::MoveSeen(MoveKey {
            index: 3,
            from: 140,
            to: 146,
        }));
        all.extend(Lang::ALL.map(Button::Language));
        all.push(Button::Replay(GameRef {
            seq: u64::MAX,
            started_ms: 9_999_999_999_999,
        }));
        all.push(Button::Choose(Choice::Board(None)));
        all.extend(Arms::ALL.map(|a| Button::Choose(Choice::Board(Some(a)))));
        all.extend(Preset::ALL.map(|p| Button::Choose(Choice::Rules(p))));
        for button in all {
            let p = Press {
                button,
                version: u64::MAX,
            };
            let s = p.encode_at(Some(u16::MAX));
            assert!(s.len() <= MAX_LEN, "{s}");
            let s = p.encode();
            assert_eq!(Press::decode(&s), Some(p));
        }
    }

    #[test]
    fn a_lobby_setting_s_data_names_its_value_and_anything_else_is_refused() {
        let p = |data: &str| Press::decode(data).map(|p| p.button);
        assert_eq!(
            p("o:3:b6"),
            Some(Button::Choose(Choice::Board(Some(Arms::Six))))
        );
        assert_eq!(p("o:3:b0"), Some(Button::Choose(Choice::Board(None))));
        assert_eq!(
            p("o:3:rclassic"),
            Some(Button::Choose(Choice::Rules(Preset::Classic)))
        );
        for forged in [
            "o:3:b5",
            "o:3:b",
            "o:3:r",
            "o:3:rchess",
            "o:3",
            "o:3:x6",
            "o:3:b66",
        ] {
            assert_eq!(p(forged), None, "{forged}");
        }
    }

    #[test]
    fn lane_buttons_name_their_lane_and_the_longest_stays_within_64_bytes() {
        // Given the longest button (a move with its path points, at the largest version) on
        // the board of the largest lane, and every other button on lane 0,
        let longest = Press {
            button: Button::MoveSeen(MoveKey {
                index: 3,
                from: 255,
                to: 255,
            }),
            version: u64::MAX,
        };
        let data = longest.encode_at(Some(u16::MAX));
        // Then it fits Telegram's limit and reads back as the same press on that lane,
        assert_eq!(data, "65535@m:18446744073709551615:3.255.255");
        assert!(data.len() <= MAX_LEN, "{data}");
        assert_eq!(Press::decode(&data), Some(longest));
        assert_eq!(lane_of(&data), Some(u16::MAX));
        for lang in Lang::ALL {
            let p = Press {
                button: Button::Language(lang),
                version: u64::MAX,
            };
            let s = p.encode_at(Some(u16::MAX));
            assert!(s.len() <= MAX_LEN, "{s}");
            assert_eq!(Press::decode(&s), Some(p));
        }
        let roll = Press {
            button: Button::Roll,
            version: 7,
        };
        assert_eq!(roll.encode_at(Some(0)), "0@r:7");
        assert_eq!(lane_of("0@r:7"), Some(0));
        // and data without a lane is the chat's (or topic's), exactly as before lanes.
        assert_eq!(roll.encode_at(None), roll.encode());
        assert_eq!(lane_of("r:7"), None);
    }

    #[test]
    fn forged_lane_data_is_refused() {
        // Given data whose lane part is not a lane number, Then it names no lane and
        // decodes to nothing;
        for s in ["@r:1", "x@r:1", "-1@r:1", "+1@r:1", "65536@r:1", "1 @r:1"] {
            assert_eq!(Press::decode(s), None, "{s}");
            assert_eq!(lane_of(s), None, "{s}");
        }
        // given a good lane before a bad press, Then it decodes to nothing either.
        for s in ["1@", "1@x", "1@2@r:1", "1@r"] {
            assert_eq!(Press::decode(s), None, "{s}");
        }
    }

    #[test]
    fn forged_data_is_refused() {
        for s in [
            "",
            "x",
            "r",
            "r:",
            "r:-1",
            "m:3",
            "m:3:9",
            "m:3:1:2",
            "b:1:godlike",
            "g:1:fr",
            "r:1x",
            &"r:1".repeat(30),
        ] {
            assert_eq!(Press::decode(s), None, "{s}");
        }
    }
}
