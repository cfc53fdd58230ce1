//! [`Arg`]: one argument of a message, before it is put into a language. Below every message
//! type: a message family (`Msg`, `FairMsg`, …) nests its own kind (`Arg<Self>`), and names the
//! shared words ([`Word`]) it borrows from another family without importing it.

use crate::engine::Loc;

use super::vocab::Preset;

/// One argument of a message `M`, before it is put into a language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg<M> {
    /// Plain text from outside (a user's name): escaped when rendered as HTML.
    Text(String),
    /// A number; Fluent selects plural forms on it.
    Num(u32),
    /// A yes/no switch, seen by Fluent as the string `true` or `false`.
    Flag(bool),
    /// Another message of the same family, rendered in the same language first.
    Msg(M),
    /// A shared word (a rule set's name, a short location), rendered in the same language first.
    Word(Word),
    /// A mention of Telegram user `id` by `name` (plain text): in HTML a `tg://user` link
    /// that notifies them, the name escaped; in plain text the name.
    Mention { id: i64, name: String },
}

/// The words every message family may name (each is a message of its own, `Msg::Preset`
/// and `Msg::LocShort`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// A rule set's name ("JCF rules").
    Preset(Preset),
    /// A location, short ("sq 12").
    LocShort(Loc),
}

impl<M> Arg<M> {
    /// The same argument in the family that nests `M` (`wrap`: `M`'s variant there).
    #[must_use]
    pub fn nest<N>(self, wrap: impl FnOnce(M) -> N) -> Arg<N> {
        match self {
            Self::Text(s) => Arg::Text(s),
            Self::Num(n) => Arg::Num(n),
            Self::Flag(b) => Arg::Flag(b),
            Self::Msg(m) => Arg::Msg(wrap(m)),
            Self::Word(w) => Arg::Word(w),
            Self::Mention { id, name } => Arg::Mention { id, name },
        }
    }
}
