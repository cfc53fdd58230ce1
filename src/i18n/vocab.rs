//! Small closed sets of words that messages take as arguments: computer levels, rule-set
//! names and bot commands. They are the i18n side of the engine's, the AI's and the bot's own
//! types; those modules map theirs onto these.

pub use crate::ai::Level;
pub use crate::engine::Preset;

/// A bot command, for the `/` menu (`setMyCommands`) and `/help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    NewGame,
    Join,
    Leave,
    Start,
    Cancel,
    Board,
    Rules,
    Language,
    Help,
    AddBot,
    Display,
    Timer,
    Skip,
    Kick,
    Top,
    Stats,
    Timezone,
    ForgetMe,
    Dice,
    Tournament,
    Bracket,
    Season,
    Pings,
    Replay,
    Record,
    Notify,
    Fair,
    Seed,
}

impl Cmd {
    /// Every command, in the order of the `/` menu.
    pub const ALL: [Self; 28] = [
        Self::NewGame,
        Self::Join,
        Self::Leave,
        Self::Start,
        Self::Cancel,
        Self::Board,
        Self::Rules,
        Self::Language,
        Self::Help,
        Self::AddBot,
        Self::Display,
        Self::Timer,
        Self::Skip,
        Self::Kick,
        Self::Top,
        Self::Stats,
        Self::Timezone,
        Self::ForgetMe,
        Self::Dice,
        Self::Tournament,
        Self::Bracket,
        Self::Season,
        Self::Pings,
        Self::Replay,
        Self::Record,
        Self::Notify,
        Self::Fair,
        Self::Seed,
    ];

    /// The command as typed, without the slash (`newgame`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::NewGame => "newgame",
            Self::Join => "join",
            Self::Leave => "leave",
            Self::Start => "start",
            Self::Cancel => "cancel",
            Self::Board => "board",
            Self::Rules => "rules",
            Self::Language => "language",
            Self::Help => "help",
            Self::AddBot => "addbot",
            Self::Display => "display",
            Self::Timer => "timer",
            Self::Skip => "skip",
            Self::Kick => "kick",
            Self::Top => "top",
            Self::Stats => "stats",
            Self::Timezone => "timezone",
            Self::ForgetMe => "forgetme",
            Self::Dice => "dice",
            Self::Tournament => "tournament",
            Self::Bracket => "bracket",
            Self::Season => "season",
            Self::Pings => "pings",
            Self::Replay => "replay",
            Self::Record => "record",
            Self::Notify => "notify",
            Self::Fair => "fair",
            Self::Seed => "seed",
        }
    }
}
