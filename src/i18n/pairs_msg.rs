//! [`PairsMsg`]: the texts of a pairs tournament's sign-up (R6.2 with R10), one variant per
//! Fluent message (ids `pairs-*` in each locale's `pairs.ftl`). Reached through
//! `Msg::Pairs`.

use super::arg::Arg;

/// One text of a pairs sign-up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PairsMsg {
    /// "👥 Pairs: partners sit opposite …" (the sign-up's line).
    SignupLine,
    /// "How to make a pair: reply to your partner's message with /tournament partner …"
    SignupHint,
    /// "Without a partner:" (before the singles' names).
    Singles,
    /// "🤝 FROM invites TO to be their partner …" (HTML).
    Invite { from: String, to: String },
    /// Button "🤝 Confirm partner".
    BtnConfirm,
    /// "You and NAME are partners." (plain, an alert).
    Paired { name: String },
    /// "🤝 A & B are partners." (HTML, posted).
    PairMade { name: String },
    /// "Reply to your partner's message with /tournament partner."
    HowTo,
    /// "There is no partner invitation for you here."
    NotInvited,
    /// "That person already has a partner."
    AlreadyPaired,
    /// "This tournament is not for pairs."
    NotPairs,
    /// "At least 2 pairs are needed."
    NeedTwoPairs,
    /// "🎲 Paired at random: PAIRS" (HTML).
    Random { pairs: String },
    /// "NAME is left out: nobody left to pair with."
    LeftOut { name: String },
}

impl PairsMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::SignupLine => "pairs-signup-line",
            Self::SignupHint => "pairs-signup-hint",
            Self::Singles => "pairs-singles",
            Self::Invite { .. } => "pairs-invite",
            Self::BtnConfirm => "pairs-btn-confirm",
            Self::Paired { .. } => "pairs-paired",
            Self::PairMade { .. } => "pairs-made",
            Self::HowTo => "pairs-how-to",
            Self::NotInvited => "pairs-not-invited",
            Self::AlreadyPaired => "pairs-already-paired",
            Self::NotPairs => "pairs-not-pairs",
            Self::NeedTwoPairs => "pairs-need-two",
            Self::Random { .. } => "pairs-random",
            Self::LeftOut { .. } => "pairs-left-out",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        match self {
            Self::Invite { from, to } => vec![("from", text(from)), ("to", text(to))],
            Self::Paired { name } | Self::PairMade { name } | Self::LeftOut { name } => {
                vec![("name", text(name))]
            }
            Self::Random { pairs } => vec![("pairs", text(pairs))],
            Self::SignupLine
            | Self::SignupHint
            | Self::Singles
            | Self::BtnConfirm
            | Self::HowTo
            | Self::NotInvited
            | Self::AlreadyPaired
            | Self::NotPairs
            | Self::NeedTwoPairs => Vec::new(),
        }
    }

    #[must_use]
    pub fn samples() -> Vec<Self> {
        let name = || "Vicent".to_owned();
        vec![
            Self::SignupLine,
            Self::SignupHint,
            Self::Singles,
            Self::Invite {
                from: name(),
                to: "<Amparo>".into(),
            },
            Self::BtnConfirm,
            Self::Paired { name: name() },
            Self::PairMade {
                name: "Vicent & Amparo".into(),
            },
            Self::HowTo,
            Self::NotInvited,
            Self::AlreadyPaired,
            Self::NotPairs,
            Self::NeedTwoPairs,
            Self::Random {
                pairs: "Pep & Neus, Toni & Rosa".into(),
            },
            Self::LeftOut { name: name() },
        ]
    }
}
