//! [`ExtMsg`]: the texts of R10.5 time extensions at a timed tournament table (ids `ext-*`
//! in each locale's `extension.ftl`). Reached through `Msg::Ext`.

use super::arg::Arg;
use crate::tournament::TournamentError;

/// One text of time extensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExtMsg {
    /// "⏱ Either side may ask for more time; it is added when the other side accepts."
    Offer,
    /// Button "+5 min".
    BtnMinutes { minutes: u32 },
    /// "⏱ NAME asks for 5 more minutes: the other side accepts or refuses." (HTML)
    Proposed { name: String, minutes: u32 },
    /// Button "✅ Accept".
    BtnAccept,
    /// Button "❌ Refuse".
    BtnRefuse,
    /// "Proposal sent."
    Sent,
    /// "⏱ 5 minutes added to the game."
    Added { minutes: u32 },
    /// "Accepted; the other sides must still answer."
    Waiting,
    /// "The extension was refused: the time stays as it was."
    Refused,
    /// "The game's time has already run out."
    TimeUp,
    /// "This table's game is over."
    Over,
    /// "An extension is already waiting for an answer."
    Pending,
    /// "No extension is waiting for an answer."
    NoProposal,
    /// "The other side answers your proposal."
    OwnProposal,
    /// "This table has no time limit."
    NoLimit,
}

impl ExtMsg {
    /// The text of a tournament refusal that concerns extensions (`None`: another).
    #[must_use]
    pub fn of_error(e: &TournamentError) -> Option<Self> {
        Some(match e {
            TournamentError::ProposalPending => Self::Pending,
            TournamentError::NoProposal | TournamentError::AlreadyAnswered => Self::NoProposal,
            TournamentError::OwnProposal => Self::OwnProposal,
            TournamentError::NoTimeLimit => Self::NoLimit,
            TournamentError::TableDecided
            | TournamentError::NotPlaying
            | TournamentError::Finished => Self::Over,
            _ => return None,
        })
    }

    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::Offer => "ext-offer",
            Self::BtnMinutes { .. } => "ext-btn-minutes",
            Self::Proposed { .. } => "ext-proposed",
            Self::BtnAccept => "ext-btn-accept",
            Self::BtnRefuse => "ext-btn-refuse",
            Self::Sent => "ext-sent",
            Self::Added { .. } => "ext-added",
            Self::Waiting => "ext-waiting",
            Self::Refused => "ext-refused",
            Self::TimeUp => "ext-time-up",
            Self::Over => "ext-over",
            Self::Pending => "ext-pending",
            Self::NoProposal => "ext-no-proposal",
            Self::OwnProposal => "ext-own-proposal",
            Self::NoLimit => "ext-no-limit",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        match self {
            Self::BtnMinutes { minutes } | Self::Added { minutes } => {
                vec![("minutes", Arg::Num(*minutes))]
            }
            Self::Proposed { name, minutes } => vec![
                ("name", Arg::Text(name.clone())),
                ("minutes", Arg::Num(*minutes)),
            ],
            _ => Vec::new(),
        }
    }

    /// One of each (for the locale tests).
    #[must_use]
    pub fn samples() -> Vec<Self> {
        vec![
            Self::Offer,
            Self::BtnMinutes { minutes: 5 },
            Self::Proposed {
                name: "Vicent".into(),
                minutes: 10,
            },
            Self::BtnAccept,
            Self::BtnRefuse,
            Self::Sent,
            Self::Added { minutes: 15 },
            Self::Waiting,
            Self::Refused,
            Self::TimeUp,
            Self::Over,
            Self::Pending,
            Self::NoProposal,
            Self::OwnProposal,
            Self::NoLimit,
        ]
    }
}
