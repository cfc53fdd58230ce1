//! [`ReplayMsg`]: the texts of replays (the 🎞 button, `/replay`, `/record`, `parxis
//! replay`), one variant per Fluent message (ids `replay-*` in each locale's `replay.ftl`).
//! Reached through `Msg::Replay`.

use super::arg::Arg;

/// One text of replays.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReplayMsg {
    /// Button "🎞 Replay" under a finished board.
    BtnReplay,
    /// The animation's caption: "🎞 Replay (S s) · 🏆 WINNER won · the game: N moves in M
    /// minutes" (HTML): the replay's own length apart from the game's.
    Caption {
        winner: String,
        moves: u32,
        minutes: u32,
        seconds: u32,
    },
    /// The caption of a game the time limit ended in a draw (R6.3).
    CaptionDraw {
        moves: u32,
        minutes: u32,
        seconds: u32,
    },
    /// "🎞 The replay of this game is here." (a reply to the animation already posted).
    Here,
    /// "🎞 The replay is on its way…" (an alert while another request uploads it).
    OnItsWay,
    /// "No finished game to replay here yet."
    NoGame,
    /// "This game was played before replays were kept."
    NotKept,
    /// "Reply to the board of a finished game, or send /replay alone for the last one."
    NotFinished,
    /// "The replay could not be sent now; try again in a while."
    Failed,
    /// The caption of the `/record` file (HTML).
    RecordCaption { game: String, steps: u32 },
    /// `parxis replay`: "🎞 Game GAME: N steps, M moves."
    Title {
        game: String,
        steps: u32,
        moves: u32,
    },
    /// `parxis replay`: "✅ Every step is legal (N steps checked against the rules)."
    Checked { steps: u32 },
    /// `parxis replay`: "🏆 WINNER won."
    Winner { name: String },
    /// `parxis replay`: "⏰ Time is up: a draw (R6.3)."
    Draw,
    /// `parxis replay --gif`: "🎞 The animation (N frames, K KB) is in FILE."
    GifWritten { frames: u32, kb: u32, file: String },
}

impl ReplayMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::BtnReplay => "replay-btn",
            Self::Caption { .. } => "replay-caption",
            Self::CaptionDraw { .. } => "replay-caption-draw",
            Self::Here => "replay-here",
            Self::OnItsWay => "replay-on-its-way",
            Self::NoGame => "replay-no-game",
            Self::NotKept => "replay-not-kept",
            Self::NotFinished => "replay-not-finished",
            Self::Failed => "replay-failed",
            Self::RecordCaption { .. } => "replay-record-caption",
            Self::Title { .. } => "replay-title",
            Self::Checked { .. } => "replay-checked",
            Self::Winner { .. } => "replay-winner",
            Self::Draw => "replay-draw",
            Self::GifWritten { .. } => "replay-gif-written",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        match self {
            Self::Caption {
                winner,
                moves,
                minutes,
                seconds,
            } => vec![
                ("winner", text(winner)),
                ("moves", Arg::Num(*moves)),
                ("minutes", Arg::Num(*minutes)),
                ("seconds", Arg::Num(*seconds)),
            ],
            Self::CaptionDraw {
                moves,
                minutes,
                seconds,
            } => vec![
                ("moves", Arg::Num(*moves)),
                ("minutes", Arg::Num(*minutes)),
                ("seconds", Arg::Num(*seconds)),
            ],
            Self::RecordCaption { game, steps } => {
                vec![("game", text(game)), ("steps", Arg::Num(*steps))]
            }
            Self::Title { game, steps, moves } => vec![
                ("game", text(game)),
                ("steps", Arg::Num(*steps)),
                ("moves", Arg::Num(*moves)),
            ],
            Self::Checked { steps } => vec![("steps", Arg::Num(*steps))],
            Self::Winner { name } => vec![("name", text(name))],
            Self::GifWritten { frames, kb, file } => vec![
                ("frames", Arg::Num(*frames)),
                ("kb", Arg::Num(*kb)),
                ("file", text(file)),
            ],
            Self::BtnReplay
            | Self::Here
            | Self::OnItsWay
            | Self::NoGame
            | Self::NotKept
            | Self::NotFinished
            | Self::Failed
            | Self::Draw => Vec::new(),
        }
    }

    #[must_use]
    pub fn samples() -> Vec<Self> {
        vec![
            Self::BtnReplay,
            Self::Caption {
                winner: "<Amparo>".into(),
                moves: 1,
                minutes: 41,
                seconds: 1,
            },
            Self::Caption {
                winner: "Vicent & Amparo".into(),
                moves: 312,
                minutes: 1,
                seconds: 58,
            },
            Self::CaptionDraw {
                moves: 200,
                minutes: 30,
                seconds: 60,
            },
            Self::Here,
            Self::OnItsWay,
            Self::NoGame,
            Self::NotKept,
            Self::NotFinished,
            Self::Failed,
            Self::RecordCaption {
                game: "g12-1700000000000".into(),
                steps: 640,
            },
            Self::Title {
                game: "g12-1700000000000".into(),
                steps: 640,
                moves: 1,
            },
            Self::Checked { steps: 640 },
            Self::Winner {
                name: "Vicent".into(),
            },
            Self::Draw,
            Self::GifWritten {
                frames: 300,
                kb: 812,
                file: "game.gif".into(),
            },
        ]
    }
}
