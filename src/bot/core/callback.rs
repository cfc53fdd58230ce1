//! Callback data of the inline buttons: at most 64 bytes, readable and forgeable by anyone,
//! so it only names an action; the server re-checks everything.
//!
//! Format: `<tag>:<version>[:<arg>]` — the version is the table's store version when the
//! button was drawn, so a press on an old board is recognised as stale.

use super::table::{Action, MoveKey};
use crate::ai::Level;
use crate::i18n::Lang;

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
    /// Open a lobby with the finished game's players seated and the same rules.
    Rematch,
    Language(Lang),
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
            Self::NewGame | Self::Rematch | Self::Language(_) => return None,
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
            Button::Rematch => format!("x:{v}"),
            Button::Language(l) => format!("g:{v}:{}", l.code()),
        }
    }

    /// Decode callback data; `None` for anything malformed (forged or from another bot).
    #[must_use]
    pub fn decode(data: &str) -> Option<Self> {
        if data.len() > MAX_LEN {
            return None;
        }
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
            _ => return None,
        };
        Some(Self { button, version })
    }
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
        for button in all {
            let p = Press {
                button,
                version: u64::MAX,
            };
            let s = p.encode();
            assert!(s.len() <= MAX_LEN, "{s}");
            assert_eq!(Press::decode(&s), Some(p));
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
