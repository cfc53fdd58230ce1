//! [`TourneyMsg`]: the texts of tournaments (R10), one variant per Fluent message (ids
//! `tourney-*` in each locale's `tourney.ftl`). Reached through [`Msg::Tourney`].

use super::msg::{Arg, Msg};
use super::vocab::Preset;

/// One tournament text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TourneyMsg {
    /// "🏆 Tournament of parxís — rules: JCF, tables of 2" (HTML).
    SignupTitle { preset: Preset, size: u32 },
    /// "⏱ Time limit per table: 30 min."
    TimeLimit { minutes: u32 },
    /// "Entrants (3):"
    SignupEntrants { count: u32 },
    /// "Press ✋ Join to enter. The host closes the sign-up with /tournament start."
    SignupHint,
    /// "You are in the tournament."
    Joined,
    /// "You left the tournament."
    Left,
    /// "You are already in the tournament."
    AlreadyIn,
    /// "You are not in the tournament."
    NotIn,
    /// "The tournament is full."
    Full,
    /// "Sign-up is closed."
    NotSignUp,
    /// "At least 2 entrants are needed."
    NeedTwo,
    /// "There is no tournament here: open one with /tournament."
    NoTourney,
    /// "A tournament is already under way here (/bracket shows it)."
    AlreadyOpen,
    /// "That table is not being called."
    NotRunning,
    /// "You do not play at this table."
    NotAtTable,
    /// "This table's game has started."
    AlreadyStarted,
    /// "That cannot be done in the tournament now."
    Refused,
    /// "🎲 The draw (seed 123): 8 entrants, in this order:"
    Draw { seed: String, count: u32 },
    /// "Round 2" / "Final" (`last`).
    RoundName { round: u32, last: bool },
    /// "bye"
    Bye,
    /// "Champion"
    ChampionWord,
    /// The topic name of a table: "🏆 R1 · Table 2" (plain).
    TopicName { round: u32, table: u32 },
    /// "🏆 Round 1, table 2: NAMES" (HTML; `names` is plain text, escaped).
    TableCall {
        round: u32,
        table: u32,
        names: String,
    },
    /// "Press ✅ Ready: the game starts when everyone is ready, or in 90 s; absent players
    /// are played by the computer."
    ReadyHint { secs: u32 },
    /// Button "✅ Ready".
    BtnReady,
    /// "You are ready."
    ReadyOk,
    /// "▶️ Round 1, table 2 has started."
    TableStarted { round: u32, table: u32 },
    /// "✅ Round 1, table 2: NAME goes through."
    TableWon {
        round: u32,
        table: u32,
        name: String,
    },
    /// "🎲 Round 1, table 2 was drawn at its time limit; roll-off: ROLLS. NAME goes through."
    TableRollOff {
        round: u32,
        table: u32,
        rolls: String,
        name: String,
    },
    /// "✋ Round 1, table 2: NAME goes through, advanced by the host: REASON"
    TableByHand {
        round: u32,
        table: u32,
        name: String,
        reason: String,
    },
    /// "🏆 NAME is the champion of the tournament!"
    Champion { name: String },
    /// "The tournament was cancelled."
    Cancelled,
    /// "🤖 NAME is played by the computer from now on."
    Replaced { name: String },
    /// The accepted arguments of /tournament.
    Usage,
}

impl TourneyMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::SignupTitle { .. } => "tourney-signup-title",
            Self::TimeLimit { .. } => "tourney-time-limit",
            Self::SignupEntrants { .. } => "tourney-signup-entrants",
            Self::SignupHint => "tourney-signup-hint",
            Self::Joined => "tourney-joined",
            Self::Left => "tourney-left",
            Self::AlreadyIn => "tourney-already-in",
            Self::NotIn => "tourney-not-in",
            Self::Full => "tourney-full",
            Self::NotSignUp => "tourney-not-signup",
            Self::NeedTwo => "tourney-need-two",
            Self::NoTourney => "tourney-none",
            Self::AlreadyOpen => "tourney-already-open",
            Self::NotRunning => "tourney-not-running",
            Self::NotAtTable => "tourney-not-at-table",
            Self::AlreadyStarted => "tourney-already-started",
            Self::Refused => "tourney-refused",
            Self::Draw { .. } => "tourney-draw",
            Self::RoundName { .. } => "tourney-round",
            Self::Bye => "tourney-bye",
            Self::ChampionWord => "tourney-champion-word",
            Self::TopicName { .. } => "tourney-topic-name",
            Self::TableCall { .. } => "tourney-table-call",
            Self::ReadyHint { .. } => "tourney-ready-hint",
            Self::BtnReady => "tourney-btn-ready",
            Self::ReadyOk => "tourney-ready-ok",
            Self::TableStarted { .. } => "tourney-table-started",
            Self::TableWon { .. } => "tourney-table-won",
            Self::TableRollOff { .. } => "tourney-table-rolloff",
            Self::TableByHand { .. } => "tourney-table-byhand",
            Self::Champion { .. } => "tourney-champion",
            Self::Cancelled => "tourney-cancelled",
            Self::Replaced { .. } => "tourney-replaced",
            Self::Usage => "tourney-usage",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        let rt = |r: u32, t: u32| vec![("round", Arg::Num(r)), ("table", Arg::Num(t))];
        match self {
            Self::SignupTitle { preset, size } => vec![
                ("preset", Arg::Msg(Msg::Preset(*preset))),
                ("size", Arg::Num(*size)),
            ],
            Self::TimeLimit { minutes } => vec![("minutes", Arg::Num(*minutes))],
            Self::SignupEntrants { count } => vec![("count", Arg::Num(*count))],
            Self::Draw { seed, count } => vec![("seed", text(seed)), ("count", Arg::Num(*count))],
            Self::RoundName { round, last } => {
                vec![("round", Arg::Num(*round)), ("last", Arg::Flag(*last))]
            }
            Self::TopicName { round, table } | Self::TableStarted { round, table } => {
                rt(*round, *table)
            }
            Self::TableCall {
                round,
                table,
                names,
            } => {
                let mut v = rt(*round, *table);
                v.push(("names", text(names)));
                v
            }
            Self::ReadyHint { secs } => vec![("secs", Arg::Num(*secs))],
            Self::TableWon { round, table, name } => {
                let mut v = rt(*round, *table);
                v.push(("name", text(name)));
                v
            }
            Self::TableRollOff {
                round,
                table,
                rolls,
                name,
            } => {
                let mut v = rt(*round, *table);
                v.push(("rolls", text(rolls)));
                v.push(("name", text(name)));
                v
            }
            Self::TableByHand {
                round,
                table,
                name,
                reason,
            } => {
                let mut v = rt(*round, *table);
                v.push(("name", text(name)));
                v.push(("reason", text(reason)));
                v
            }
            Self::Champion { name } | Self::Replaced { name } => vec![("name", text(name))],
            Self::SignupHint
            | Self::Joined
            | Self::Left
            | Self::AlreadyIn
            | Self::NotIn
            | Self::Full
            | Self::NotSignUp
            | Self::NeedTwo
            | Self::NoTourney
            | Self::AlreadyOpen
            | Self::NotRunning
            | Self::NotAtTable
            | Self::AlreadyStarted
            | Self::Refused
            | Self::Bye
            | Self::ChampionWord
            | Self::BtnReady
            | Self::ReadyOk
            | Self::Cancelled
            | Self::Usage => Vec::new(),
        }
    }

    #[must_use]
    pub fn samples() -> Vec<Msg> {
        let name = || "Vicent".to_owned();
        [
            Self::SignupTitle {
                preset: Preset::Jcf,
                size: 2,
            },
            Self::TimeLimit { minutes: 30 },
            Self::SignupEntrants { count: 1 },
            Self::SignupEntrants { count: 3 },
            Self::SignupHint,
            Self::Joined,
            Self::Left,
            Self::AlreadyIn,
            Self::NotIn,
            Self::Full,
            Self::NotSignUp,
            Self::NeedTwo,
            Self::NoTourney,
            Self::AlreadyOpen,
            Self::NotRunning,
            Self::NotAtTable,
            Self::AlreadyStarted,
            Self::Refused,
            Self::Draw {
                seed: "12345".into(),
                count: 8,
            },
            Self::RoundName {
                round: 2,
                last: false,
            },
            Self::RoundName {
                round: 3,
                last: true,
            },
            Self::Bye,
            Self::ChampionWord,
            Self::TopicName { round: 1, table: 2 },
            Self::TableCall {
                round: 1,
                table: 2,
                names: "Vicent – <Amparo>".into(),
            },
            Self::ReadyHint { secs: 90 },
            Self::BtnReady,
            Self::ReadyOk,
            Self::TableStarted { round: 1, table: 2 },
            Self::TableWon {
                round: 1,
                table: 2,
                name: name(),
            },
            Self::TableRollOff {
                round: 1,
                table: 2,
                rolls: "Vicent 5, Amparo 3".into(),
                name: name(),
            },
            Self::TableByHand {
                round: 2,
                table: 1,
                name: name(),
                reason: "absent".into(),
            },
            Self::Champion { name: name() },
            Self::Cancelled,
            Self::Replaced { name: name() },
            Self::Usage,
        ]
        .into_iter()
        .map(Msg::Tourney)
        .collect()
    }
}
