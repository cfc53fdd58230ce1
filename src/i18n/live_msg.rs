//! [`LiveMsg`]: the texts of the live board, the Mini App page (ids `live-*` in each
//! locale's `live.ftl`). Reached through `Msg::Live`. The page's other texts are the
//! bot's own: the board's caption, the move buttons, Roll, and the refusals of a press.
//! The page's season section has its own (`live-season-*`), in the rulebooks' words
//! (lliga, temporada, jornada, classificació).

use super::arg::Arg;

/// One text of the live board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LiveMsg {
    /// The button under a group's board: "📱 Live board".
    Button,
    /// The page's title: "Parxís — live board".
    Title,
    /// "Connecting…"
    Connecting,
    /// "Connection lost: catching up…"
    Reconnecting,
    /// "You are watching."
    Watching,
    /// "You're in: colours are given at the start." (seated in the lobby)
    Seated,
    /// "Your colour: yellow." (a colour's name, plain)
    YouPlay {
        colour: String,
    },
    /// "Your turn: roll the die."
    YourTurnRoll,
    /// "Your turn: tap a piece or a move below."
    YourTurnMove,
    /// "There is no game here."
    NoGame,
    /// "Open the live board from its button under the board in the group."
    OpenFromChat,
    /// "This page was opened too long ago: open it again from the group."
    Expired,
    /// "Too many requests: wait a moment."
    TooMany,
    /// "Only members of the group can watch its game."
    MembersOnly,
    /// "Can't reach the game right now: trying again…"
    Unavailable,
    /// A lobby's board choice "Auto" (the smallest board that seats everyone).
    AnyBoard,
    /// The button that lists the group's kept games: "🎞 Earlier games".
    EarlierGames,
    /// "No games kept yet."
    NoneKept,
    /// Under the lobby's seats: "3 seats free."
    FreeSeats {
        n: u32,
    },
    /// A tap the server could not read (not JSON, too long, too slow, unknown): "This tap
    /// was not understood: open the page again from the group."
    BadTap,
    /// "There is no season in this group."
    SeasonNone,
    /// The season section's title: "🏆 League" or "🏆 Season".
    SeasonTitle {
        league: bool,
    },
    /// "Week 3 of 8" (a league's matchday: "jornada").
    SeasonWeekOf {
        week: u32,
        weeks: u32,
    },
    /// "The week ends Sunday 20:00."
    SeasonEnds {
        by: Deadline,
    },
    /// "Sign-up is open: 5 signed up."
    SeasonSignUp {
        n: u32,
    },
    /// "The season is over: final standings."
    SeasonFinished,
    /// "This season was called off."
    SeasonCancelled,
    /// The settings line's parts: "8 weeks".
    SeasonWeeks {
        n: u32,
    },
    /// "tables of 4"
    SeasonTables {
        n: u32,
    },
    /// "every game counts" (a season without fixtures)
    SeasonEveryGame,
    /// "ranked from 3 games"
    SeasonMinGames {
        n: u32,
    },
    /// The table's heading: "Standings".
    SeasonStandings,
    /// The table's columns: "Player", "Games", "Points".
    SeasonColPlayer,
    SeasonColGames,
    SeasonColPoints,
    /// Under the table: "Fewer than 3 games: not ranked yet."
    SeasonUnranked {
        n: u32,
    },
    /// The viewer's next fixture: "Week 3 of 8 · your table: Anna, Pere 🎺, Joan — by Sunday
    /// 20:00" (`names`: the others', joined).
    SeasonFixture {
        week: u32,
        weeks: u32,
        names: String,
        by: Deadline,
    },
    /// "Table 2"
    SeasonTable {
        n: u32,
    },
    /// "✋ here: Anna, Joan" (who pressed ✋ at the table's lobby).
    SeasonCame {
        names: String,
    },
    /// "nobody has come yet"
    SeasonNobodyCame,
    /// "its game has started"
    SeasonStarted,
    /// "No table for you this week."
    SeasonBye,
    /// "You are not in this season."
    SeasonNotIn,
    /// A day of the week, 0 Monday … 6 Sunday, as a deadline names it.
    SeasonDay {
        day: u8,
    },
    /// A deadline: "Sunday 20:00", "next Sunday 20:00".
    SeasonWhen(Deadline),
}

/// A deadline as a season names it: its day of the week (0 Monday … 6 Sunday) and clock
/// time in the chat's time zone, and whether it is that day of next week (more than six
/// days away).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deadline {
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub next: bool,
}

/// The key a locale's `live-season-day` selects on for day `day` (0 Monday … 6 Sunday).
fn day_key(day: u8) -> &'static str {
    match day {
        0 => "mon",
        1 => "tue",
        2 => "wed",
        3 => "thu",
        4 => "fri",
        5 => "sat",
        _ => "sun",
    }
}

/// A sample deadline: Sunday 20:00.
const SUNDAY_EVENING: Deadline = Deadline {
    day: 6,
    hour: 20,
    minute: 0,
    next: false,
};

impl LiveMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::Button => "live-button",
            Self::Title => "live-title",
            Self::Connecting => "live-connecting",
            Self::Reconnecting => "live-reconnecting",
            Self::Watching => "live-watching",
            Self::Seated => "live-seated",
            Self::YouPlay { .. } => "live-you-play",
            Self::YourTurnRoll => "live-your-turn-roll",
            Self::YourTurnMove => "live-your-turn-move",
            Self::NoGame => "live-no-game",
            Self::OpenFromChat => "live-open-from-chat",
            Self::Expired => "live-expired",
            Self::TooMany => "live-too-many",
            Self::MembersOnly => "live-members-only",
            Self::Unavailable => "live-unavailable",
            Self::AnyBoard => "live-any-board",
            Self::EarlierGames => "live-earlier-games",
            Self::NoneKept => "live-none-kept",
            Self::FreeSeats { .. } => "live-free-seats",
            Self::BadTap => "live-bad-tap",
            Self::SeasonNone => "live-season-none",
            Self::SeasonTitle { .. } => "live-season-title",
            Self::SeasonWeekOf { .. } => "live-season-week-of",
            Self::SeasonEnds { .. } => "live-season-ends",
            Self::SeasonSignUp { .. } => "live-season-signup",
            Self::SeasonFinished => "live-season-finished",
            Self::SeasonCancelled => "live-season-cancelled",
            Self::SeasonWeeks { .. } => "live-season-weeks",
            Self::SeasonTables { .. } => "live-season-tables",
            Self::SeasonEveryGame => "live-season-every-game",
            Self::SeasonMinGames { .. } => "live-season-min-games",
            Self::SeasonStandings => "live-season-standings",
            Self::SeasonColPlayer => "live-season-col-player",
            Self::SeasonColGames => "live-season-col-games",
            Self::SeasonColPoints => "live-season-col-points",
            Self::SeasonUnranked { .. } => "live-season-unranked",
            Self::SeasonFixture { .. } => "live-season-fixture",
            Self::SeasonTable { .. } => "live-season-table",
            Self::SeasonCame { .. } => "live-season-came",
            Self::SeasonNobodyCame => "live-season-nobody-came",
            Self::SeasonStarted => "live-season-started",
            Self::SeasonBye => "live-season-bye",
            Self::SeasonNotIn => "live-season-not-in",
            Self::SeasonDay { .. } => "live-season-day",
            Self::SeasonWhen(_) => "live-season-when",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        match self {
            Self::YouPlay { colour } => vec![("colour", Arg::Text(colour.clone()))],
            Self::FreeSeats { n }
            | Self::SeasonSignUp { n }
            | Self::SeasonWeeks { n }
            | Self::SeasonTables { n }
            | Self::SeasonMinGames { n }
            | Self::SeasonUnranked { n }
            | Self::SeasonTable { n } => vec![("n", Arg::Num(*n))],
            Self::SeasonTitle { league } => vec![("league", Arg::Flag(*league))],
            Self::SeasonWeekOf { week, weeks } => {
                vec![("week", Arg::Num(*week)), ("weeks", Arg::Num(*weeks))]
            }
            Self::SeasonEnds { by } => vec![("when", Arg::Msg(Self::SeasonWhen(*by)))],
            Self::SeasonFixture {
                week,
                weeks,
                names,
                by,
            } => vec![
                ("week", Arg::Num(*week)),
                ("weeks", Arg::Num(*weeks)),
                ("names", Arg::Text(names.clone())),
                ("when", Arg::Msg(Self::SeasonWhen(*by))),
            ],
            Self::SeasonCame { names } => vec![("names", Arg::Text(names.clone()))],
            Self::SeasonDay { day } => vec![("day", Arg::Text(day_key(*day).to_owned()))],
            Self::SeasonWhen(d) => vec![
                ("day", Arg::Msg(Self::SeasonDay { day: d.day })),
                ("hour", Arg::Num(u32::from(d.hour))),
                ("time", Arg::Text(format!("{}:{:02}", d.hour, d.minute))),
                ("next", Arg::Flag(d.next)),
            ],
            _ => Vec::new(),
        }
    }

    /// One of each (for the locale tests).
    #[must_use]
    pub fn samples() -> Vec<Self> {
        vec![
            Self::Button,
            Self::Title,
            Self::Connecting,
            Self::Reconnecting,
            Self::Watching,
            Self::Seated,
            Self::YouPlay {
                colour: "groc".into(),
            },
            Self::YourTurnRoll,
            Self::YourTurnMove,
            Self::NoGame,
            Self::OpenFromChat,
            Self::Expired,
            Self::TooMany,
            Self::MembersOnly,
            Self::Unavailable,
            Self::AnyBoard,
            Self::EarlierGames,
            Self::NoneKept,
            Self::FreeSeats { n: 1 },
            Self::FreeSeats { n: 3 },
            Self::BadTap,
            Self::SeasonNone,
            Self::SeasonTitle { league: true },
            Self::SeasonTitle { league: false },
            Self::SeasonWeekOf { week: 3, weeks: 8 },
            Self::SeasonEnds { by: SUNDAY_EVENING },
            Self::SeasonSignUp { n: 1 },
            Self::SeasonSignUp { n: 5 },
            Self::SeasonFinished,
            Self::SeasonCancelled,
            Self::SeasonWeeks { n: 1 },
            Self::SeasonWeeks { n: 8 },
            Self::SeasonTables { n: 4 },
            Self::SeasonEveryGame,
            Self::SeasonMinGames { n: 1 },
            Self::SeasonMinGames { n: 3 },
            Self::SeasonStandings,
            Self::SeasonColPlayer,
            Self::SeasonColGames,
            Self::SeasonColPoints,
            Self::SeasonUnranked { n: 1 },
            Self::SeasonUnranked { n: 3 },
            Self::SeasonFixture {
                week: 3,
                weeks: 8,
                names: "Anna, Pere 🎺, Joan".into(),
                by: SUNDAY_EVENING,
            },
            Self::SeasonTable { n: 2 },
            Self::SeasonCame {
                names: "Anna, Joan".into(),
            },
            Self::SeasonNobodyCame,
            Self::SeasonStarted,
            Self::SeasonBye,
            Self::SeasonNotIn,
            Self::SeasonWhen(Deadline {
                day: 0,
                hour: 1,
                minute: 5,
                next: true,
            }),
        ]
        .into_iter()
        .chain((0..7).map(|day| Self::SeasonDay { day }))
        .collect()
    }
}
