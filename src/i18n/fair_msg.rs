//! [`FairMsg`]: the texts of provably fair dice (the commitment on the lobby and the board,
//! the reveal at the end, `/fair`, `/seed`, `parxis verify`, the dice statistics), one
//! variant per Fluent message (ids `fair-*` in each locale's `fair.ftl`). Reached through
//! `Msg::Fair`.

use super::arg::Arg;

/// One text of provably fair dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FairMsg {
    /// "🔒 Dice sealed: <code>COMMITMENT</code>" (HTML; lobby and boards in play).
    Sealed { commitment: String },
    /// "🌱 N phrases for the dice (/seed)" (the lobby, once someone typed one).
    Phrases { count: u32 },
    /// "🔓 The dice's seed: <code>SEED</code> · /fair" (HTML; the end of a game).
    Reveal { seed: String },
    /// `/fair`: three lines on how to check a game (HTML).
    Help,
    /// `/seed`: "🌱 Your phrase goes into the dice: «PHRASE»".
    SeedOk { phrase: String },
    /// `/seed` outside a lobby with sealed dice.
    SeedNotLobby,
    /// `/seed` without a phrase.
    SeedEmpty,
    /// `/seed` when the lobby has its phrases already.
    SeedFull { max: u32 },
    /// `parxis verify`: every roll follows.
    VerifyOk { rolls: u32, commitment: String },
    /// `parxis verify`: the seed is not the commitment's.
    VerifyCommitment,
    /// `parxis verify`: a roll differs.
    VerifyRoll {
        line: u32,
        n: u32,
        got: u32,
        expected: u32,
    },
    /// `parxis verify`: a record played before fair dice.
    VerifyPredates,
    /// `parxis verify`: not a record.
    VerifyInvalid { reason: String },
    /// `/stats`: "🎲 Rolls (N): ⚀ a · ⚁ b · …".
    Faces {
        rolls: u32,
        one: u32,
        two: u32,
        three: u32,
        four: u32,
        five: u32,
        six: u32,
    },
    /// `/stats`: "sixes 17.1 %, expected 16.7 %: within chance" (`within`: the chi-squared
    /// test at 1 % passes).
    Verdict { sixes: String, within: bool },
    /// `/stats group`: "🎲 The group's dice, every player's rolls of its games:".
    GroupTitle,
    /// `/stats group` before any roll was counted.
    GroupNone,
}

impl FairMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::Sealed { .. } => "fair-sealed",
            Self::Phrases { .. } => "fair-phrases",
            Self::Reveal { .. } => "fair-reveal",
            Self::Help => "fair-help",
            Self::SeedOk { .. } => "fair-seed-ok",
            Self::SeedNotLobby => "fair-seed-not-lobby",
            Self::SeedEmpty => "fair-seed-empty",
            Self::SeedFull { .. } => "fair-seed-full",
            Self::VerifyOk { .. } => "fair-verify-ok",
            Self::VerifyCommitment => "fair-verify-commitment",
            Self::VerifyRoll { .. } => "fair-verify-roll",
            Self::VerifyPredates => "fair-verify-predates",
            Self::VerifyInvalid { .. } => "fair-verify-invalid",
            Self::Faces { .. } => "fair-faces",
            Self::Verdict { .. } => "fair-verdict",
            Self::GroupTitle => "fair-group-title",
            Self::GroupNone => "fair-group-none",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        match self {
            Self::Sealed { commitment } => vec![("commitment", text(commitment))],
            Self::Phrases { count } => vec![("count", Arg::Num(*count))],
            Self::Reveal { seed } => vec![("seed", text(seed))],
            Self::SeedOk { phrase } => vec![("phrase", text(phrase))],
            Self::SeedFull { max } => vec![("max", Arg::Num(*max))],
            Self::VerifyOk { rolls, commitment } => {
                vec![
                    ("rolls", Arg::Num(*rolls)),
                    ("commitment", text(commitment)),
                ]
            }
            Self::VerifyRoll {
                line,
                n,
                got,
                expected,
            } => vec![
                ("line", Arg::Num(*line)),
                ("n", Arg::Num(*n)),
                ("got", Arg::Num(*got)),
                ("expected", Arg::Num(*expected)),
            ],
            Self::VerifyInvalid { reason } => vec![("reason", text(reason))],
            Self::Faces {
                rolls,
                one,
                two,
                three,
                four,
                five,
                six,
            } => vec![
                ("rolls", Arg::Num(*rolls)),
                ("one", Arg::Num(*one)),
                ("two", Arg::Num(*two)),
                ("three", Arg::Num(*three)),
                ("four", Arg::Num(*four)),
                ("five", Arg::Num(*five)),
                ("six", Arg::Num(*six)),
            ],
            Self::Verdict { sixes, within } => vec![
                ("sixes", text(sixes)),
                ("within", text(if *within { "true" } else { "false" })),
            ],
            Self::Help | Self::SeedNotLobby | Self::SeedEmpty | Self::VerifyCommitment => {
                Vec::new()
            }
            Self::VerifyPredates | Self::GroupTitle | Self::GroupNone => Vec::new(),
        }
    }

    #[must_use]
    pub fn samples() -> Vec<Self> {
        let hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
        vec![
            Self::Sealed {
                commitment: hex.into(),
            },
            Self::Phrases { count: 1 },
            Self::Phrases { count: 3 },
            Self::Reveal { seed: hex.into() },
            Self::Help,
            Self::SeedOk {
                phrase: "<pomes verdes>".into(),
            },
            Self::SeedNotLobby,
            Self::SeedEmpty,
            Self::SeedFull { max: 8 },
            Self::VerifyOk {
                rolls: 1,
                commitment: hex.into(),
            },
            Self::VerifyOk {
                rolls: 214,
                commitment: hex.into(),
            },
            Self::VerifyCommitment,
            Self::VerifyRoll {
                line: 12,
                n: 9,
                got: 5,
                expected: 2,
            },
            Self::VerifyPredates,
            Self::VerifyInvalid {
                reason: "line 3: not a JSON line".into(),
            },
            Self::Faces {
                rolls: 120,
                one: 20,
                two: 19,
                three: 21,
                four: 22,
                five: 18,
                six: 20,
            },
            Self::Verdict {
                sixes: "17.1".into(),
                within: true,
            },
            Self::Verdict {
                sixes: "25.0".into(),
                within: false,
            },
            Self::GroupTitle,
            Self::GroupNone,
        ]
    }
}
