//! [`SeasonMsg`]: the texts of seasons and leagues, one variant per Fluent message (ids
//! `season-*` in each locale's `season.ftl`). Reached through `Msg::Season`.

use super::arg::{Arg, Word};
use super::vocab::Preset;

/// One season text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeasonMsg {
    /// "🏅 <b>Parxís league</b> — 8 weeks, rules: JCF" (HTML; `league`: a league, else an
    /// open season).
    SignupTitle {
        league: bool,
        weeks: u32,
        preset: Preset,
    },
    /// "Tables of 4, drawn each week so that you meet as many rivals as possible."
    SignupTables {
        size: u32,
    },
    /// "Every game of its members with these rules counts."
    SignupOpen,
    /// "Ranked from 4 games on."
    SignupMin {
        min: u32,
    },
    /// "Members (3):"
    SignupMembers {
        count: u32,
    },
    /// "Press ✋ Join to sign up; the host 👑 starts week 1 with ▶️ Start."
    SignupHint,
    Joined,
    Left,
    AlreadyIn,
    NotIn,
    Full,
    NotSignUp,
    NeedTwo,
    /// "There is no season here: open one with /season league."
    NoSeason,
    /// "A season is already under way here (/season shows it)."
    AlreadyOpen,
    /// "That table is not open any more."
    NoTable,
    /// "That table's game has started."
    AlreadyStarted,
    /// "This season counts every game: it has no tables."
    NotLeague,
    /// "That button is from another week."
    Stale,
    /// "The season was called off."
    Cancelled,
    /// The accepted arguments of /season.
    Usage,
    /// "🏁 <b>Week 1 of 8</b> begins; it ends ⏳ 14/12 20:00." (HTML)
    Started {
        weeks: u32,
        date: String,
    },
    /// "League" / "Season" (plain, the picture's title).
    Kind {
        league: bool,
    },
    /// "Week 3 of 8"
    WeekName {
        week: u32,
        weeks: u32,
    },
    /// "Week 3 · table 2"
    TableName {
        week: u32,
        table: u32,
    },
    /// The forum topic of a table: "🏅 W3 · Table 2" (plain).
    TopicName {
        week: u32,
        table: u32,
    },
    /// "🏅 <b>Week 3 · table 2</b>, to play by ⏳ 14/12 20:00:" (HTML), above the mentions.
    Lobby {
        week: u32,
        table: u32,
        date: String,
    },
    /// "Press ✋ I'm here when you are: the game starts when everyone at the table is."
    LobbyHint,
    /// "✋ I'm here"
    BtnHere,
    /// "You are at the table. The game starts when everyone is."
    HereOk,
    /// "▶️ Week 3 · table 2 started — see the board below" (HTML)
    TableStartedBelow {
        week: u32,
        table: u32,
    },
    /// "⏰ <b>Two days left</b> in week 3: still to play, by ⏳ 14/12 20:00:" (HTML)
    Reminder {
        week: u32,
        date: String,
    },
    /// "Table 2:"
    TableShort {
        table: u32,
    },
    /// "📋 <b>Week 3 of 8 is over</b>" (HTML)
    RecapTitle {
        week: u32,
        weeks: u32,
    },
    /// "4.5 pts" (`one`: ±1, a singular in some languages).
    Pts {
        points: String,
        one: bool,
    },
    /// "📈 Climbed: Anna ▲2, Pere ▲1"
    Climbed {
        names: String,
    },
    /// "🚫 2 tables not played: whoever came shares the first places."
    Unplayed {
        count: u32,
    },
    /// "Next: week 4 of 8, its tables below."
    Next {
        week: u32,
        weeks: u32,
    },
    /// "🏅 League · week 3 of 8 · leader: Anna (+4.5)" (plain, the picture's caption line).
    Caption {
        league: bool,
        week: u32,
        weeks: u32,
        leader: String,
    },
    /// The caption before week 1: "🏅 League · sign-up, 5 members".
    CaptionSignup {
        league: bool,
        count: u32,
    },
    /// The caption once over: "🏅 League · final standings".
    CaptionFinal {
        league: bool,
    },
    /// "🏆 <b>Anna</b> wins the league!" (HTML; `count` > 1: they share it.)
    Champion {
        names: String,
        count: u32,
        league: bool,
    },
    /// "The season is over; nobody reached 4 games, so there is no champion."
    NoChampion {
        min: u32,
    },
    /// The trophy picture's title: "Champion of the league".
    TrophyTitle {
        league: bool,
    },
    /// "🏅 <b>Past seasons</b>" (HTML)
    PastTitle,
    /// "14/12/2026 · league of 8 weeks, 10 members — 🏆 Anna"
    PastLine {
        date: String,
        league: bool,
        weeks: u32,
        members: u32,
        names: String,
    },
    /// "No season has finished here yet."
    PastNone,
    /// The picture's column headings.
    HeadName,
    HeadGames,
    HeadPoints,
    HeadRating,
    /// "Under 4 games: not ranked yet."
    Unranked {
        min: u32,
    },
}

impl SeasonMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::SignupTitle { .. } => "season-signup-title",
            Self::SignupTables { .. } => "season-signup-tables",
            Self::SignupOpen => "season-signup-open",
            Self::SignupMin { .. } => "season-signup-min",
            Self::SignupMembers { .. } => "season-signup-members",
            Self::SignupHint => "season-signup-hint",
            Self::Joined => "season-joined",
            Self::Left => "season-left",
            Self::AlreadyIn => "season-already-in",
            Self::NotIn => "season-not-in",
            Self::Full => "season-full",
            Self::NotSignUp => "season-not-signup",
            Self::NeedTwo => "season-need-two",
            Self::NoSeason => "season-none",
            Self::AlreadyOpen => "season-already-open",
            Self::NoTable => "season-no-table",
            Self::AlreadyStarted => "season-already-started",
            Self::NotLeague => "season-not-league",
            Self::Stale => "season-stale",
            Self::Cancelled => "season-cancelled",
            Self::Usage => "season-usage",
            Self::Started { .. } => "season-started",
            Self::Kind { .. } => "season-kind",
            Self::WeekName { .. } => "season-week-name",
            Self::TableName { .. } => "season-table-name",
            Self::TopicName { .. } => "season-topic-name",
            Self::Lobby { .. } => "season-lobby",
            Self::LobbyHint => "season-lobby-hint",
            Self::BtnHere => "season-btn-here",
            Self::HereOk => "season-here-ok",
            Self::TableStartedBelow { .. } => "season-table-started",
            Self::Reminder { .. } => "season-reminder",
            Self::TableShort { .. } => "season-table-short",
            Self::RecapTitle { .. } => "season-recap-title",
            Self::Pts { .. } => "season-pts",
            Self::Climbed { .. } => "season-climbed",
            Self::Unplayed { .. } => "season-unplayed",
            Self::Next { .. } => "season-next",
            Self::Caption { .. } => "season-caption",
            Self::CaptionSignup { .. } => "season-caption-signup",
            Self::CaptionFinal { .. } => "season-caption-final",
            Self::Champion { .. } => "season-champion",
            Self::NoChampion { .. } => "season-no-champion",
            Self::TrophyTitle { .. } => "season-trophy-title",
            Self::PastTitle => "season-past-title",
            Self::PastLine { .. } => "season-past-line",
            Self::PastNone => "season-past-none",
            Self::HeadName => "season-head-name",
            Self::HeadGames => "season-head-games",
            Self::HeadPoints => "season-head-points",
            Self::HeadRating => "season-head-rating",
            Self::Unranked { .. } => "season-unranked",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        let wt = |w: u32, t: u32| vec![("week", Arg::Num(w)), ("table", Arg::Num(t))];
        let ww = |w: u32, n: u32| vec![("week", Arg::Num(w)), ("weeks", Arg::Num(n))];
        match self {
            Self::SignupTitle {
                league,
                weeks,
                preset,
            } => vec![
                ("league", Arg::Flag(*league)),
                ("weeks", Arg::Num(*weeks)),
                ("preset", Arg::Word(Word::Preset(*preset))),
            ],
            Self::SignupTables { size } => vec![("size", Arg::Num(*size))],
            Self::SignupMin { min } | Self::NoChampion { min } | Self::Unranked { min } => {
                vec![("min", Arg::Num(*min))]
            }
            Self::SignupMembers { count } | Self::Unplayed { count } => {
                vec![("count", Arg::Num(*count))]
            }
            Self::Started { weeks, date } => {
                vec![("weeks", Arg::Num(*weeks)), ("date", text(date))]
            }
            Self::WeekName { week, weeks }
            | Self::RecapTitle { week, weeks }
            | Self::Next { week, weeks } => ww(*week, *weeks),
            Self::TableName { week, table } | Self::TopicName { week, table } => wt(*week, *table),
            Self::TableStartedBelow { week, table } => vec![(
                "at",
                Arg::Msg(Self::TableName {
                    week: *week,
                    table: *table,
                }),
            )],
            Self::Lobby { week, table, date } => vec![
                (
                    "at",
                    Arg::Msg(Self::TableName {
                        week: *week,
                        table: *table,
                    }),
                ),
                ("date", text(date)),
            ],
            Self::Reminder { week, date } => {
                vec![("week", Arg::Num(*week)), ("date", text(date))]
            }
            Self::TableShort { table } => vec![("table", Arg::Num(*table))],
            Self::Pts { points, one } => vec![("points", text(points)), ("one", Arg::Flag(*one))],
            Self::Climbed { names } => vec![("names", text(names))],
            Self::Caption {
                league,
                week,
                weeks,
                leader,
            } => {
                let mut v = ww(*week, *weeks);
                v.push(("league", Arg::Flag(*league)));
                v.push(("leader", text(leader)));
                v
            }
            Self::CaptionSignup { league, count } => {
                vec![("league", Arg::Flag(*league)), ("count", Arg::Num(*count))]
            }
            Self::CaptionFinal { league }
            | Self::TrophyTitle { league }
            | Self::Kind { league } => {
                vec![("league", Arg::Flag(*league))]
            }
            Self::Champion {
                names,
                count,
                league,
            } => vec![
                ("names", text(names)),
                ("count", Arg::Num(*count)),
                ("league", Arg::Flag(*league)),
            ],
            Self::PastLine {
                date,
                league,
                weeks,
                members,
                names,
            } => vec![
                ("date", text(date)),
                ("league", Arg::Flag(*league)),
                ("weeks", Arg::Num(*weeks)),
                ("members", Arg::Num(*members)),
                ("names", text(names)),
            ],
            Self::SignupOpen
            | Self::SignupHint
            | Self::Joined
            | Self::Left
            | Self::AlreadyIn
            | Self::NotIn
            | Self::Full
            | Self::NotSignUp
            | Self::NeedTwo
            | Self::NoSeason
            | Self::AlreadyOpen
            | Self::NoTable
            | Self::AlreadyStarted
            | Self::NotLeague
            | Self::Stale
            | Self::Cancelled
            | Self::Usage
            | Self::LobbyHint
            | Self::BtnHere
            | Self::HereOk
            | Self::PastTitle
            | Self::PastNone
            | Self::HeadName
            | Self::HeadGames
            | Self::HeadPoints
            | Self::HeadRating => Vec::new(),
        }
    }

    #[must_use]
    pub fn samples() -> Vec<Self> {
        let date = || "14/12 20:00".to_owned();
        let mut v = vec![
            Self::SignupTitle {
                league: true,
                weeks: 8,
                preset: Preset::Jcf,
            },
            Self::SignupTitle {
                league: false,
                weeks: 1,
                preset: Preset::Classic,
            },
            Self::SignupTables { size: 4 },
            Self::SignupOpen,
            Self::SignupMin { min: 1 },
            Self::SignupMin { min: 4 },
            Self::SignupMembers { count: 1 },
            Self::SignupMembers { count: 5 },
            Self::Started {
                weeks: 8,
                date: date(),
            },
            Self::Kind { league: true },
            Self::Kind { league: false },
            Self::WeekName { week: 3, weeks: 8 },
            Self::TableName { week: 3, table: 2 },
            Self::TopicName { week: 3, table: 2 },
            Self::Lobby {
                week: 3,
                table: 2,
                date: date(),
            },
            Self::TableStartedBelow { week: 3, table: 2 },
            Self::Reminder {
                week: 3,
                date: date(),
            },
            Self::TableShort { table: 2 },
            Self::RecapTitle { week: 3, weeks: 8 },
            Self::Pts {
                points: "+4,5".into(),
                one: false,
            },
            Self::Pts {
                points: "-1".into(),
                one: true,
            },
            Self::Climbed {
                names: "Anna ▲2, Pere 🎺 ▲1".into(),
            },
            Self::Unplayed { count: 1 },
            Self::Unplayed { count: 2 },
            Self::Next { week: 4, weeks: 8 },
            Self::Caption {
                league: true,
                week: 3,
                weeks: 8,
                leader: "Anna (+4,5)".into(),
            },
            Self::Caption {
                league: false,
                week: 1,
                weeks: 4,
                leader: "Pere 🎺 (+1)".into(),
            },
            Self::CaptionSignup {
                league: true,
                count: 5,
            },
            Self::CaptionFinal { league: false },
            Self::Champion {
                names: "Anna".into(),
                count: 1,
                league: true,
            },
            Self::Champion {
                names: "Anna, Pere".into(),
                count: 2,
                league: false,
            },
            Self::NoChampion { min: 4 },
            Self::TrophyTitle { league: true },
            Self::TrophyTitle { league: false },
            Self::PastLine {
                date: "14/12/2026".into(),
                league: true,
                weeks: 8,
                members: 10,
                names: "Anna".into(),
            },
            Self::Unranked { min: 4 },
        ];
        v.extend([
            Self::SignupHint,
            Self::Joined,
            Self::Left,
            Self::AlreadyIn,
            Self::NotIn,
            Self::Full,
            Self::NotSignUp,
            Self::NeedTwo,
            Self::NoSeason,
            Self::AlreadyOpen,
            Self::NoTable,
            Self::AlreadyStarted,
            Self::NotLeague,
            Self::Stale,
            Self::Cancelled,
            Self::Usage,
            Self::LobbyHint,
            Self::BtnHere,
            Self::HereOk,
            Self::PastTitle,
            Self::PastNone,
            Self::HeadName,
            Self::HeadGames,
            Self::HeadPoints,
            Self::HeadRating,
        ]);
        v
    }
}
