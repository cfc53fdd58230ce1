//! [`LiveMsg`]: the texts of the live board, the Mini App page (ids `live-*` in each
//! locale's `live.ftl`). Reached through `Msg::Live`. The page's other texts are the
//! bot's own: the board's caption, the move buttons, Roll, and the refusals of a press.

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
    YouPlay { colour: String },
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
    FreeSeats { n: u32 },
    /// A tap the server could not read (not JSON, too long, too slow, unknown): "This tap
    /// was not understood: open the page again from the group."
    BadTap,
}

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
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        match self {
            Self::YouPlay { colour } => vec![("colour", Arg::Text(colour.clone()))],
            Self::FreeSeats { n } => vec![("n", Arg::Num(*n))],
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
        ]
    }
}
