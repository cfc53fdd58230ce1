//! [`TourneyMsg`]: the texts of tournaments (R10), one variant per Fluent message (ids
//! `tourney-*` in each locale's `tourney.ftl`). Reached through `Msg::Tourney`.

use super::arg::{Arg, Word};
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
    /// "Press ✋ Join to enter; the host 👑 closes the sign-up with ▶️ Start."
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
    /// The head of the first bracket: "🎲 <b>The draw is made</b>: 8 entrants, 2 byes."
    Drawn { count: u32, byes: u32 },
    /// `/bracket`'s line with the draw's seed, for whoever wants to repeat it.
    Seed { seed: String },
    /// "Round 2" / "Final" (`last`).
    RoundName { round: u32, last: bool },
    /// "bye"
    Bye,
    /// "Champion"
    ChampionWord,
    /// A table's name: "Round 1 · table 2", or "Final" (`last`: the last round).
    TableName { round: u32, table: u32, last: bool },
    /// The topic name of a table: "🏆 R1 · Table 2" / "🏆 Final" (plain).
    TopicName { round: u32, table: u32, last: bool },
    /// "🏆 Round 1 · table 2: to your seats!" (HTML), above the players' mentions.
    TableCall { round: u32, table: u32, last: bool },
    /// "Press ✅ Ready: the game starts when everyone is ready, or in 90 s; absent players
    /// are played by the computer."
    ReadyHint { secs: u32 },
    /// Button "✅ Ready".
    BtnReady,
    /// "You are ready."
    ReadyOk,
    /// "▶️ Round 1 · table 2 has started — the board is below." (the call message once a
    /// picture board took its place)
    TableStartedBelow { round: u32, table: u32, last: bool },
    /// "✅ Round 1 · table 2: NAME goes through."
    TableWon {
        round: u32,
        table: u32,
        last: bool,
        name: String,
    },
    /// "🎲 Round 1 · table 2 was drawn at its time limit; roll-off: ROLLS. NAME goes through."
    /// (the Final's does not say "goes through": the champion's line follows)
    TableRollOff {
        round: u32,
        table: u32,
        last: bool,
        rolls: String,
        name: String,
    },
    /// "✋ Round 1 · table 2: NAME goes through, advanced by the host: REASON" (the Final's:
    /// "✋ Final: decided by the host: REASON")
    TableByHand {
        round: u32,
        table: u32,
        last: bool,
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
            Self::Drawn { .. } => "tourney-drawn",
            Self::Seed { .. } => "tourney-seed",
            Self::TableName { .. } => "tourney-table-name",
            Self::RoundName { .. } => "tourney-round",
            Self::Bye => "tourney-bye",
            Self::ChampionWord => "tourney-champion-word",
            Self::TopicName { .. } => "tourney-topic-name",
            Self::TableCall { .. } => "tourney-table-call",
            Self::ReadyHint { .. } => "tourney-ready-hint",
            Self::BtnReady => "tourney-btn-ready",
            Self::ReadyOk => "tourney-ready-ok",
            Self::TableStartedBelow { .. } => "tourney-table-started",
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
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        let rt = |r: u32, t: u32| vec![("round", Arg::Num(r)), ("table", Arg::Num(t))];
        // A message about a table names it with its TableName.
        let at = |round: u32, table: u32, last: bool| {
            vec![("at", Arg::Msg(Self::TableName { round, table, last }))]
        };
        match self {
            Self::SignupTitle { preset, size } => vec![
                ("preset", Arg::Word(Word::Preset(*preset))),
                ("size", Arg::Num(*size)),
            ],
            Self::TimeLimit { minutes } => vec![("minutes", Arg::Num(*minutes))],
            Self::SignupEntrants { count } => vec![("count", Arg::Num(*count))],
            Self::Drawn { count, byes } => {
                vec![("count", Arg::Num(*count)), ("byes", Arg::Num(*byes))]
            }
            Self::Seed { seed } => vec![("seed", text(seed))],
            Self::TableName { round, table, last } | Self::TopicName { round, table, last } => {
                let mut v = rt(*round, *table);
                v.push(("last", Arg::Flag(*last)));
                v
            }
            Self::TableCall { round, table, last }
            | Self::TableStartedBelow { round, table, last } => at(*round, *table, *last),
            Self::RoundName { round, last } => {
                vec![("round", Arg::Num(*round)), ("last", Arg::Flag(*last))]
            }
            Self::ReadyHint { secs } => vec![("secs", Arg::Num(*secs))],
            Self::TableWon {
                round,
                table,
                last,
                name,
            } => {
                let mut v = at(*round, *table, *last);
                v.push(("name", text(name)));
                v
            }
            Self::TableRollOff {
                round,
                table,
                last,
                rolls,
                name,
            } => {
                let mut v = at(*round, *table, *last);
                v.push(("last", Arg::Flag(*last)));
                v.push(("rolls", text(rolls)));
                v.push(("name", text(name)));
                v
            }
            Self::TableByHand {
                round,
                table,
                last,
                name,
                reason,
            } => {
                let mut v = at(*round, *table, *last);
                v.push(("last", Arg::Flag(*last)));
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
    pub fn samples() -> Vec<Self> {
        let name = || "Vicent".to_owned();
        vec![
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
            Self::Drawn { count: 8, byes: 0 },
            Self::Drawn { count: 5, byes: 1 },
            Self::Drawn { count: 6, byes: 2 },
            Self::Seed {
                seed: "12345".into(),
            },
            Self::TableName {
                round: 1,
                table: 2,
                last: false,
            },
            Self::TableName {
                round: 3,
                table: 1,
                last: true,
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
            Self::TopicName {
                round: 1,
                table: 2,
                last: false,
            },
            Self::TopicName {
                round: 2,
                table: 1,
                last: true,
            },
            Self::TableCall {
                round: 1,
                table: 2,
                last: false,
            },
            Self::ReadyHint { secs: 90 },
            Self::BtnReady,
            Self::ReadyOk,
            Self::TableStartedBelow {
                round: 1,
                table: 2,
                last: false,
            },
            Self::TableWon {
                round: 1,
                table: 2,
                last: false,
                name: name(),
            },
            Self::TableRollOff {
                round: 1,
                table: 2,
                last: false,
                rolls: "Vicent 5, Amparo 3".into(),
                name: name(),
            },
            Self::TableRollOff {
                round: 3,
                table: 1,
                last: true,
                rolls: "Vicent 5, Amparo 3".into(),
                name: name(),
            },
            Self::TableByHand {
                round: 1,
                table: 3,
                last: false,
                name: name(),
                reason: "absent".into(),
            },
            Self::TableByHand {
                round: 2,
                table: 1,
                last: true,
                name: name(),
                reason: "absent".into(),
            },
            Self::Champion { name: name() },
            Self::Cancelled,
            Self::Replaced { name: name() },
            Self::Usage,
        ]
    }
}
