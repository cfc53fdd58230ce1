//! [`Msg`]: every user-visible text, as a typed value mapped to a Fluent message id.

use crate::engine::{Colour, Loc};

use super::achieve_msg::AchieveMsg;
use super::arg::{Arg, Word};
use super::caption_msg::CaptionMsg;
use super::ext_msg::ExtMsg;
use super::fair_msg::FairMsg;
use super::lang::Lang;
use super::live_msg::LiveMsg;
use super::pairs_msg::PairsMsg;
use super::replay_msg::ReplayMsg;
use super::season_msg::SeasonMsg;
use super::stats_msg::StatsMsg;
use super::tourney_msg::TourneyMsg;
use super::vocab::{Cmd, Level, Preset};

/// Every text the bot and the terminal game show, one variant per Fluent message.
///
/// Fields of type `String` named `name`, `victim`, `first` or `second` are people's names as
/// plain text: [`tr`](super::tr) escapes them for Telegram HTML, so callers must **not**
/// escape them first. The doc of each variant gives the English text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    // ── Words ────────────────────────────────────────────────────────────────────────────
    /// "yellow", "blue", "red", "green".
    Colour(Colour),
    /// A piece's colour as an adjective agreeing with the word for piece: "red" (en),
    /// "vermella" (ca, fitxa), "roja" (es, ficha).
    PieceColour(Colour),
    /// "nest", "goal", "square 12", "yellow corridor 3".
    Loc(Loc),
    /// A location in short, for the caption: "🏠 nest", "🏁 goal", "12", "corridor 3".
    LocShort(Loc),
    /// A location as a move button names it: "🏠", "🏁", "12", "C3" (a corridor's square).
    LocButton(Loc),
    /// "easy", "normal", "hard".
    Level(Level),
    /// "JCF", "classic", "Solidari".
    Preset(Preset),
    /// "Computer (hard)".
    ComputerName {
        level: Level,
    },

    // ── Lobby ────────────────────────────────────────────────────────────────────────────
    /// "🎲 New game of parxís — rules: JCF, in pairs" (HTML).
    LobbyTitle {
        preset: Preset,
        pairs: bool,
    },
    /// "Players (2/4):", above the list of players (`max`: the seats the lobby takes).
    LobbyPlayers {
        count: u32,
        max: u32,
    },
    /// "Waiting for players (2 to 4)… Press ✋ Join to play."
    LobbyWaiting {
        max: u32,
    },
    /// "Board for 6 players." (`seats` 0: "the board is chosen when the game starts…").
    LobbyBoard {
        seats: u32,
    },
    /// Button "✋ Join".
    BtnJoin,
    /// Button "🚪 Leave".
    BtnLeave,
    /// Button "▶️ Start".
    BtnStart,
    /// Button "✖️ Cancel".
    BtnCancel,
    /// Button "🤖 Add computer".
    BtnAddComputer,
    /// The host's lobby button "🔲 Board for 6" (`seats` 0: "🔲 Board: auto", the smallest that
    /// seats everyone); a press sets the next size.
    BtnBoard {
        seats: u32,
    },
    /// The host's lobby button "📜 Rules: JCF"; a press sets the next rule set.
    BtnRules {
        preset: Preset,
    },
    /// "You joined the game."
    Joined,
    /// "You are already in this game."
    AlreadyJoined,
    /// "You are not in this game."
    NotInGame,
    /// "The game is full: 4 players at most."
    GameFull {
        max: u32,
    },
    /// "At least 2 players are needed to start."
    NeedTwoPlayers,
    /// "A pairs game fills every seat of its board: it needs exactly 6 players."
    PairsFillBoard {
        seats: u32,
    },
    /// "A pairs game needs 4, 6 or 8 players: every seat of its board."
    PairsNeedEven,
    /// "Only the player who opened the game or a group admin can do that."
    OnlyHost,
    /// "There is no open game here. Open one with /newgame."
    NoLobby,
    /// "A game is already being played here. See it with /board."
    GameRunning,
    /// "The game was cancelled before it started."
    LobbyCancelled,
    /// "NAME cancelled the game."
    GameCancelledBy {
        name: String,
    },
    /// "NAME left the game."
    PlayerLeft {
        name: String,
    },
    /// "The host removed NAME from the game." (mid-game the computer takes the seat)
    PlayerRemoved {
        name: String,
    },
    /// "🎲 Who starts? Everyone rolls the die:"
    RollOffTitle,
    /// "NAME: 4", one line per player of the roll-off.
    RollOffLine {
        name: String,
        roll: u8,
    },
    /// "Tie for the highest roll: the tied players roll again."
    RollOffTie,
    /// "NAME starts!" (HTML).
    RollOffWinner {
        name: String,
    },

    // ── Game ─────────────────────────────────────────────────────────────────────────────
    /// "Turn: NAME (yellow)" (HTML).
    Turn {
        name: String,
        colour: Colour,
    },
    /// "NAME, roll the die!"
    RollPrompt {
        name: String,
    },
    /// "🎲 NAME rolled a 6."
    Rolled {
        name: String,
        roll: u8,
    },
    /// "All pieces are out of the nest, so the 6 counts 7." (R2.3)
    SixCounts {
        count: u8,
    },
    /// "NAME, choose a move:"
    ChooseMove {
        name: String,
    },
    /// "NAME moved a piece: square 12 → square 17."
    Moved {
        name: String,
        from: Loc,
        to: Loc,
    },
    /// "NAME brought a piece out of the nest onto the exit square." (R3)
    LeftNest {
        name: String,
    },
    /// "⚔ NAME captured VICTIM's green piece and counts 20!" (R4.3, R5)
    Captured {
        name: String,
        victim: String,
        victim_colour: Colour,
    },
    /// "🏁 NAME got a piece into the goal and counts 10!" (R4.5)
    ReachedGoal {
        name: String,
    },
    /// "NAME opened a barrier." (R4.4)
    BarrierOpened {
        name: String,
    },
    /// "Third six! NAME's piece on square 26 (the one the last roll moved) goes back to the
    /// nest." (R2.5)
    ThirdSixSentBack {
        name: String,
        from: Loc,
    },
    /// "Third six! Nothing goes back to the nest, but the turn is over." (R2.5)
    ThirdSixNothing,
    /// "NAME cannot move anything: the turn passes." / "…but rolls again after the 6." (R2.6)
    NoMove {
        name: String,
        rolls_again: bool,
    },
    /// "No piece can count 20: the bonus is lost." (R5.2)
    BonusLost {
        bonus: u8,
    },
    /// "NAME, count 20 now with one of your pieces:" (R5.1)
    MustPlayBonus {
        name: String,
        bonus: u8,
    },
    /// "(played automatically: it was the only possible move)"
    AutoPlayed,
    /// "NAME rolled a 6 and rolls again!" (R2.4)
    RollsAgain {
        name: String,
    },
    /// Button "🎲 Roll".
    BtnRoll,
    /// Move button "12 → 17", "C3 → 🏁", with " ⚔" for a capture.
    MoveButton {
        from: Loc,
        to: Loc,
        capture: bool,
    },
    /// Button "🎲 New game".
    BtnNewGame,
    /// The inline mode's offer (`@<bot>` in any chat): "🎲 New game of parxís".
    InlineTitle,
    /// Under the offer: "2 to 4 players, right here in this chat".
    InlineDescription,
    /// The inline offer of a game with its board drawn as a picture.
    InlineTitlePicture,
    InlineDescriptionPicture,
    /// The inline message until its lobby shows: "🎲 A game of parxís is opening…".
    InlineOpening,
    /// "🏆 NAME (yellow) wins the game!" (HTML)
    Winner {
        name: String,
        colour: Colour,
    },
    /// "🏆 The pair FIRST & SECOND wins the game!" (HTML, R6.2)
    WinnerPair {
        first: String,
        second: String,
    },
    /// "Final ranking:"
    RankingTitle,
    /// "2. NAME — 35 squares to go" (R6.1: `distance` is the sum over the pieces).
    RankingLine {
        pos: u32,
        name: String,
        distance: u32,
    },
    /// "⏱ 23 min" (quiet; "< 1 min" under a minute): the game's length, no count of moves
    /// or rolls (nobody reads them).
    GameLength {
        minutes: u32,
    },
    /// "⏰ Time is up (30 minutes)! …" (R6.3)
    TimeUp {
        minutes: u32,
    },
    /// "🤝 It's a draw: nobody is ahead." (R6.3)
    Draw,

    /// One legend entry of the emoji board ("safe square").
    Legend(crate::render::emoji::LegendKey),

    // ── Alerts (callback answers: plain text, under 200 characters) ──────────────────────
    /// "This board is out of date: use the latest one."
    AlertStale,
    /// "▶️ This game has already started: follow it on the board below. To play, open the
    /// next one with /newgame once it ends." (a press on a closed lobby)
    AlertStarted,
    /// "It's not your turn."
    AlertNotYourTurn,
    /// "This button is not valid."
    AlertInvalidButton,
    /// "I can't do that right now: nothing changed and the game is safe. Try again in a few
    /// seconds." (storage unavailable; while Redis is away, in the chat's language as this
    /// replica last read it)
    AlertTryAgain,
    /// "This game is over."
    AlertGameOver,
    /// "Only the players of this game can do that."
    AlertOnlyPlayers,
    /// "This command only works in groups. Add me to a group to play."
    AlertGroupsOnly,

    // ── Commands, help and rules ─────────────────────────────────────────────────────────
    /// The `/help` text: what the bot does and every command (HTML); in a private chat.
    Help,
    /// `/help` in a group: how to play here, as the chat's `/dice` mode has it, and the few
    /// commands that matter (HTML, short; a button leads to [`Msg::Help`]).
    HelpGroup {
        auto: bool,
    },
    /// URL button "📖 Full help" (to the private chat).
    BtnFullHelp,
    /// `/rules` in a group: a preset's rules in a few lines (HTML).
    RulesShort(Preset),
    /// URL button "📖 All the rules" (to the private chat).
    BtnAllRules,
    /// "No game in play here: /newgame opens one." (`/board` with nothing to show)
    NoGameInPlay,
    /// "A tournament table has no rematch: the bracket goes on."
    NoRematchAtTourney,
    /// A command's one-line description for the `/` menu.
    CmdDesc(Cmd),
    /// "📖 Rules of this game: JCF, in pairs. With all pieces out, a 6 counts 12." (HTML)
    RulesTitle {
        preset: Preset,
        pairs: bool,
        six: u8,
    },
    /// The rules every preset shares, in short (HTML).
    RulesCommon,
    /// The boards for 6 and 8 players (R8), under the rules.
    RulesLarge,
    /// What a preset changes, one paragraph (HTML).
    Rules(Preset),

    // ── Settings ─────────────────────────────────────────────────────────────────────────
    /// "Choose the language for this chat:"
    LanguagePrompt,
    /// "Language set to Valencià."
    LanguageSet {
        lang: Lang,
    },
    /// "How should I show the board?"
    DisplayPrompt,
    /// Button "🖼 Image".
    BtnDisplayImage,
    /// Button "🔠 Emoji".
    BtnDisplayEmoji,
    /// "The board will be shown as an image."
    DisplaySetImage,
    /// "The board will be shown with emoji."
    DisplaySetEmoji,
    /// "🎲 I roll the dice for you at the start of your turn." (`/dice auto`)
    DiceSetAuto,
    /// "🎲 Each player rolls with the Roll button." (`/dice button`)
    DiceSetButton,
    /// "🎲 Dice: rolled for you (/dice button for a Roll button)." (in /help and /rules)
    DiceIs {
        auto: bool,
    },
    /// A press's answer after a roll: "🎲 4".
    RolledShort {
        roll: u8,
    },
    /// A press on a board that is behind: "🎲 Anna rolled a 4. — board updating…"
    BoardUpdating {
        what: String,
    },
    /// The same, with when the board is expected to catch up: "🎲 Anna rolled a 4. — the
    /// board catches up in about 6 s".
    BoardUpdatingIn {
        what: String,
        secs: u32,
    },
    /// "🔔 I will mention the player whose turn it is after 30 s without playing." (`/pings`)
    PingsSet {
        seconds: u32,
    },
    /// "🔕 No pings: nobody is mentioned when it is their turn." (`/pings off`)
    PingsOff,
    /// "🔔 Pings: after 30 s (/pings off|30|60|120)." (in /help and /rules; 0: off)
    PingsIs {
        seconds: u32,
    },
    /// A ping (HTML, the name a mention): "🟡 Anna, your turn — roll the die".
    PingRoll {
        id: i64,
        name: String,
        dot: String,
    },
    /// A ping (HTML, the name a mention): "🟡 Anna, your turn — choose a move".
    PingChoose {
        id: i64,
        name: String,
        dot: String,
    },
    /// The warning (HTML, the name a mention): "⏳ Anna, 30 s — then the computer plays
    /// for you".
    PingWarning {
        id: i64,
        name: String,
        seconds: u32,
    },
    /// "⏳ Time limit: 2 minutes per turn." / "… 30 seconds per turn." (under a minute the
    /// seconds are named; otherwise whole minutes).
    TimerSet {
        seconds: u32,
    },
    /// "Turn timer off: …"
    TimerOff,
    /// R6.3 "⏱ 23 min of the game left": a game's time limit, whole minutes rounded up.
    GameTimeLeft {
        minutes: u32,
    },
    /// "⏳ 2 min left" / "⏳ 30 s left": coarse (whole minutes, rounded up, from a minute on).
    TimeLeft {
        seconds: u32,
    },
    /// "NAME did not play in time: the move was played automatically (strike 1/3)."
    TimedOut {
        name: String,
        strike: u32,
        limit: u32,
    },
    /// "NAME is absent: the computer plays for them from now on."
    Absent {
        name: String,
    },
    /// "⏭ NAME was taking too long: the computer played this turn."
    Skipped {
        name: String,
    },
    /// "👋 NAME is back."
    Back {
        name: String,
    },
    /// "I was removed from this group, so its game has ended."
    BotRemoved,
    /// "This group became a supergroup: the game moved along with it."
    GameMoved,
    /// "NAME, that is a lot of commands: I will not answer yours for a couple of minutes."
    FloodQuiet {
        name: String,
    },
    /// "▶️ Game started — see the board below." (a text board a photo board replaced)
    BoardBelow,
    /// "I don't know that command. Send /help to see what I can do."
    UnknownCommand,
    /// "That's not how /timer works. Send /help for examples."
    BadArgs {
        cmd: Cmd,
    },

    // ── Terminal game (`parxis play`) ────────────────────────────────────────────────────
    /// "Welcome to parxís! Rules: JCF."
    TermWelcome {
        preset: Preset,
    },
    /// "You are yellow."
    TermYouAre {
        colour: Colour,
    },
    /// "You": the human player's name in the terminal's turn line.
    TermYou,
    /// "Press Enter to roll the die."
    TermPressEnter,
    /// "You rolled a 5."
    TermYouRolled {
        roll: u8,
    },
    /// "Choose a move (1–3):"
    TermChooseMove {
        n: u32,
    },
    /// "Please type a number from 1 to 3."
    TermBadNumber {
        n: u32,
    },
    /// "🤖 The computer (blue, hard) is thinking…"
    TermThinking {
        colour: Colour,
        level: Level,
    },
    /// "🏆 You win! Congratulations!"
    TermYouWin,
    /// "Game over: NAME wins. Better luck next time!"
    TermYouLose {
        name: String,
    },
    /// "Goodbye!"
    TermGoodbye,
    // ── terminal: the board for newcomers (6 and 8 arms, "you") ──────────────────────────
    /// "You start!" (the roll-off)
    TermYouStart,
    /// "Tie at 6 between You, 🤖 Red: they roll again." (the roll-off)
    TermRollOffTie {
        names: String,
        roll: u8,
    },
    /// "Your pieces: nest 2, 12, corridor 3."
    TermYourPieces {
        list: String,
    },
    /// "You moved a piece: square 12 → square 16."
    TermYouMoved {
        from: Loc,
        to: Loc,
    },
    /// "You brought a piece out of the nest onto the exit square."
    TermYouLeftNest,
    /// "⚔ You captured 🤖 Red's red piece and count 20!"
    TermYouCaptured {
        victim: String,
        victim_colour: Colour,
    },
    /// "🏁 You got a piece into the goal and count 10!"
    TermYouReachedGoal,
    /// "You cannot move any piece: the turn passes." / "…: roll again."
    TermYouCannotMove {
        rolls_again: bool,
    },
    /// "(A piece leaves the nest only with a 5.)": why a human with every piece in the nest
    /// passes.
    TermNeedFive,
    /// "(Every piece is stopped: a barrier, a full exit square or the exact count to the
    /// goal.)": why a human with pieces out passes.
    TermBlocked,
    /// "(With a 6 you must open your barrier.)" (R4.3, the human's moves are its pieces).
    TermMustOpen,
    /// The terminal board's key (` 12*` safe, `y 5 ` exit, …), one line.
    TermLegend,
    /// "Board: 6 arms, 102 squares." (only on 6 and 8 arms)
    TermBoardSize {
        arms: u8,
        squares: u8,
    },

    // ── Stats ────────────────────────────────────────────────────────────────────────────
    /// A text of the stats commands or the end-of-game results ([`StatsMsg`]).
    Stats(StatsMsg),
    /// A short text of the board's caption ([`CaptionMsg`]).
    Caption(CaptionMsg),
    /// A text of tournaments ([`TourneyMsg`]).
    Tourney(TourneyMsg),
    /// A text of seasons and leagues ([`SeasonMsg`]).
    Season(SeasonMsg),
    /// A text of R10.5 time extensions ([`ExtMsg`]).
    Ext(ExtMsg),
    /// A text of the live board, the Mini App page ([`LiveMsg`]).
    Live(LiveMsg),
    /// A text of a pairs tournament's sign-up ([`PairsMsg`]).
    Pairs(PairsMsg),
    /// A text of replays ([`ReplayMsg`]).
    Replay(ReplayMsg),
    /// A text of achievements or `/notify` ([`AchieveMsg`]).
    Achieve(AchieveMsg),
    /// A text of provably fair dice ([`FairMsg`]).
    Fair(FairMsg),
}

fn colour_id(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "colour-yellow",
        Colour::Blue => "colour-blue",
        Colour::Red => "colour-red",
        Colour::Green => "colour-green",
        Colour::Orange => "colour-orange",
        Colour::Purple => "colour-purple",
        Colour::Cyan => "colour-cyan",
        Colour::Pink => "colour-pink",
    }
}

fn piece_colour_id(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "piece-colour-yellow",
        Colour::Blue => "piece-colour-blue",
        Colour::Red => "piece-colour-red",
        Colour::Green => "piece-colour-green",
        Colour::Orange => "piece-colour-orange",
        Colour::Purple => "piece-colour-purple",
        Colour::Cyan => "piece-colour-cyan",
        Colour::Pink => "piece-colour-pink",
    }
}

fn text(s: &str) -> Arg<Msg> {
    Arg::Text(s.to_owned())
}

fn num(n: impl Into<u32>) -> Arg<Msg> {
    Arg::Num(n.into())
}

impl Msg {
    /// The Fluent message id in `locales/*/*.ftl`.
    #[must_use]
    #[allow(clippy::too_many_lines)] // one arm per message
    pub fn id(&self) -> &'static str {
        match self {
            Self::Colour(c) => colour_id(*c),
            Self::PieceColour(c) => piece_colour_id(*c),
            Self::Loc(Loc::Nest) | Self::LocShort(Loc::Nest) => "loc-nest",
            Self::Loc(Loc::Goal) | Self::LocShort(Loc::Goal) => "loc-goal",
            Self::Loc(Loc::Sq(s)) if s.corridor_of().is_some() => "loc-corridor",
            Self::Loc(Loc::Sq(_)) => "loc-square",
            Self::LocShort(Loc::Sq(s)) if s.corridor_of().is_some() => "loc-corridor-short",
            Self::LocShort(Loc::Sq(_)) => "loc-square-short",
            Self::LocButton(Loc::Nest) => "loc-button-nest",
            Self::LocButton(Loc::Goal) => "loc-button-goal",
            Self::LocButton(Loc::Sq(s)) if s.corridor_of().is_some() => "loc-button-corridor",
            Self::LocButton(Loc::Sq(_)) => "loc-button-square",
            Self::Level(Level::Easy) => "level-easy",
            Self::Level(Level::Normal) => "level-normal",
            Self::Level(Level::Hard) => "level-hard",
            Self::Preset(Preset::Jcf) => "preset-jcf",
            Self::Preset(Preset::Classic) => "preset-classic",
            Self::Preset(Preset::Solidari) => "preset-solidari",
            Self::ComputerName { .. } => "computer-name",

            Self::LobbyTitle { .. } => "lobby-title",
            Self::LobbyPlayers { .. } => "lobby-players",
            Self::LobbyWaiting { .. } => "lobby-waiting",
            Self::LobbyBoard { .. } => "lobby-board",
            Self::BtnJoin => "btn-join",
            Self::BtnLeave => "btn-leave",
            Self::BtnStart => "btn-start",
            Self::BtnCancel => "btn-cancel",
            Self::BtnAddComputer => "btn-add-computer",
            Self::BtnBoard { .. } => "btn-board",
            Self::BtnRules { .. } => "btn-rules",
            Self::Joined => "lobby-joined",
            Self::AlreadyJoined => "lobby-already-joined",
            Self::NotInGame => "lobby-not-in-game",
            Self::GameFull { .. } => "lobby-full",
            Self::NeedTwoPlayers => "lobby-need-two",
            Self::PairsFillBoard { .. } => "lobby-pairs-fill-board",
            Self::PairsNeedEven => "lobby-pairs-need-even",
            Self::OnlyHost => "only-host",
            Self::NoLobby => "no-lobby",
            Self::GameRunning => "game-running",
            Self::LobbyCancelled => "lobby-cancelled",
            Self::GameCancelledBy { .. } => "game-cancelled-by",
            Self::PlayerLeft { .. } => "player-left",
            Self::PlayerRemoved { .. } => "player-removed",
            Self::RollOffTitle => "rolloff-title",
            Self::RollOffLine { .. } => "rolloff-line",
            Self::RollOffTie => "rolloff-tie",
            Self::RollOffWinner { .. } => "rolloff-winner",

            Self::Turn { .. } => "turn",
            Self::RollPrompt { .. } => "roll-prompt",
            Self::Rolled { .. } => "rolled",
            Self::SixCounts { .. } => "six-counts",
            Self::ChooseMove { .. } => "choose-move",
            Self::Moved { .. } => "moved",
            Self::LeftNest { .. } => "left-nest",
            Self::Captured { .. } => "captured",
            Self::ReachedGoal { .. } => "reached-goal",
            Self::BarrierOpened { .. } => "barrier-opened",
            Self::ThirdSixSentBack { .. } => "third-six-sent-back",
            Self::ThirdSixNothing => "third-six-nothing",
            Self::NoMove { .. } => "no-move",
            Self::BonusLost { .. } => "bonus-lost",
            Self::MustPlayBonus { .. } => "must-play-bonus",
            Self::AutoPlayed => "auto-played",
            Self::RollsAgain { .. } => "rolls-again",
            Self::BtnRoll => "btn-roll",
            Self::MoveButton { .. } => "btn-move",
            Self::BtnNewGame => "btn-new-game",
            Self::InlineTitle => "inline-title",
            Self::InlineDescription => "inline-description",
            Self::InlineTitlePicture => "inline-title-picture",
            Self::InlineDescriptionPicture => "inline-description-picture",
            Self::InlineOpening => "inline-opening",
            Self::Winner { .. } => "winner",
            Self::WinnerPair { .. } => "winner-pair",
            Self::RankingTitle => "ranking-title",
            Self::RankingLine { .. } => "ranking-line",
            Self::GameLength { .. } => "game-length",
            Self::TimeUp { .. } => "time-up",
            Self::Draw => "draw",

            Self::AlertStale => "alert-stale",
            Self::AlertStarted => "alert-started",
            Self::AlertNotYourTurn => "alert-not-your-turn",
            Self::AlertInvalidButton => "alert-invalid-button",
            Self::AlertTryAgain => "alert-try-again",
            Self::AlertGameOver => "alert-game-over",
            Self::AlertOnlyPlayers => "alert-only-players",
            Self::AlertGroupsOnly => "alert-groups-only",

            Self::Help => "help",
            Self::HelpGroup { .. } => "help-group",
            Self::BtnFullHelp => "btn-full-help",
            Self::RulesShort(Preset::Jcf) => "rules-short-jcf",
            Self::RulesShort(Preset::Classic) => "rules-short-classic",
            Self::RulesShort(Preset::Solidari) => "rules-short-solidari",
            Self::BtnAllRules => "btn-all-rules",
            Self::NoGameInPlay => "no-game-in-play",
            Self::NoRematchAtTourney => "no-rematch-at-tourney",
            Self::Legend(k) => k.id(),
            Self::CmdDesc(cmd) => match cmd {
                Cmd::NewGame => "cmd-newgame",
                Cmd::Join => "cmd-join",
                Cmd::Leave => "cmd-leave",
                Cmd::Start => "cmd-start",
                Cmd::Cancel => "cmd-cancel",
                Cmd::Board => "cmd-board",
                Cmd::Rules => "cmd-rules",
                Cmd::Language => "cmd-language",
                Cmd::Help => "cmd-help",
                Cmd::AddBot => "cmd-addbot",
                Cmd::Display => "cmd-display",
                Cmd::Timer => "cmd-timer",
                Cmd::Skip => "cmd-skip",
                Cmd::Kick => "cmd-kick",
                Cmd::Top => "cmd-top",
                Cmd::Stats => "cmd-stats",
                Cmd::Timezone => "cmd-timezone",
                Cmd::ForgetMe => "cmd-forgetme",
                Cmd::Dice => "cmd-dice",
                Cmd::Tournament => "cmd-tournament",
                Cmd::Bracket => "cmd-bracket",
                Cmd::Season => "cmd-season",
                Cmd::Pings => "cmd-pings",
                Cmd::Replay => "cmd-replay",
                Cmd::Record => "cmd-record",
                Cmd::Fair => "cmd-fair",
                Cmd::Seed => "cmd-seed",
                Cmd::Notify => "cmd-notify",
            },
            Self::RulesTitle { .. } => "rules-title",
            Self::RulesCommon => "rules-common",
            Self::RulesLarge => "rules-large",
            Self::Rules(Preset::Jcf) => "rules-jcf",
            Self::Rules(Preset::Classic) => "rules-classic",
            Self::Rules(Preset::Solidari) => "rules-solidari",

            Self::LanguagePrompt => "language-prompt",
            Self::LanguageSet { .. } => "language-set",
            Self::DisplayPrompt => "display-prompt",
            Self::BtnDisplayImage => "btn-display-image",
            Self::BtnDisplayEmoji => "btn-display-emoji",
            Self::DisplaySetImage => "display-set-image",
            Self::DisplaySetEmoji => "display-set-emoji",
            Self::DiceSetAuto => "dice-set-auto",
            Self::DiceSetButton => "dice-set-button",
            Self::DiceIs { .. } => "dice-is",
            Self::RolledShort { .. } => "rolled-short",
            Self::BoardUpdating { .. } => "board-updating",
            Self::BoardUpdatingIn { .. } => "board-updating-in",
            Self::TimerSet { .. } => "timer-set",
            Self::TimerOff => "timer-off",
            Self::PingsSet { .. } => "pings-set",
            Self::PingsOff => "pings-off",
            Self::PingsIs { .. } => "pings-is",
            Self::PingRoll { .. } => "ping-roll",
            Self::PingChoose { .. } => "ping-choose",
            Self::PingWarning { .. } => "ping-warning",
            Self::TimeLeft { .. } => "time-left",
            Self::GameTimeLeft { .. } => "game-time-left",
            Self::TimedOut { .. } => "timed-out",
            Self::Absent { .. } => "absent",
            Self::Skipped { .. } => "skipped",
            Self::Back { .. } => "back",
            Self::BotRemoved => "bot-removed",
            Self::GameMoved => "game-moved",
            Self::FloodQuiet { .. } => "flood-quiet",
            Self::BoardBelow => "board-below",
            Self::UnknownCommand => "unknown-command",
            Self::BadArgs { .. } => "bad-args",

            Self::TermWelcome { .. } => "term-welcome",
            Self::TermYouAre { .. } => "term-you-are",
            Self::TermYou => "term-you",
            Self::TermPressEnter => "term-press-enter",
            Self::TermYouRolled { .. } => "term-you-rolled",
            Self::TermChooseMove { .. } => "term-choose-move",
            Self::TermBadNumber { .. } => "term-bad-number",
            Self::TermThinking { .. } => "term-thinking",
            Self::TermYouWin => "term-you-win",
            Self::TermYouLose { .. } => "term-you-lose",
            Self::TermGoodbye => "term-goodbye",
            Self::TermYouStart => "term-you-start",
            Self::TermRollOffTie { .. } => "term-rolloff-tie",
            Self::TermYourPieces { .. } => "term-your-pieces",
            Self::TermYouMoved { .. } => "term-you-moved",
            Self::TermYouLeftNest => "term-you-left-nest",
            Self::TermYouCaptured { .. } => "term-you-captured",
            Self::TermYouReachedGoal => "term-you-reached-goal",
            Self::TermYouCannotMove { .. } => "term-you-cannot-move",
            Self::TermNeedFive => "term-need-five",
            Self::TermBlocked => "term-blocked",
            Self::TermMustOpen => "term-must-open",
            Self::TermLegend => "term-legend",
            Self::TermBoardSize { .. } => "term-board-size",
            Self::Stats(m) => m.id(),
            Self::Caption(m) => m.id(),
            Self::Tourney(m) => m.id(),
            Self::Season(m) => m.id(),
            Self::Ext(m) => m.id(),
            Self::Live(m) => m.id(),
            Self::Pairs(m) => m.id(),
            Self::Replay(m) => m.id(),
            Self::Achieve(m) => m.id(),
            Self::Fair(m) => m.id(),
        }
    }

    /// The Fluent arguments (`$name` …) of this message, language-independent.
    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let colour = |c: &Colour| Arg::Msg(Self::Colour(*c));
        match self {
            Self::Loc(Loc::Sq(s)) => match s.corridor_of() {
                Some((c, k)) => vec![("colour", colour(&c)), ("k", num(k))],
                None => vec![("n", num(s.ring_number().unwrap_or_default()))],
            },
            Self::LocShort(Loc::Sq(s)) | Self::LocButton(Loc::Sq(s)) => match s.corridor_of() {
                Some((_, k)) => vec![("k", num(k))],
                None => vec![("n", num(s.ring_number().unwrap_or_default()))],
            },
            Self::ComputerName { level } => vec![("level", Arg::Msg(Self::Level(*level)))],
            Self::LobbyTitle { preset, pairs } | Self::RulesTitle { preset, pairs, .. } => {
                let mut args = vec![
                    ("preset", Arg::Msg(Self::Preset(*preset))),
                    ("pairs", Arg::Flag(*pairs)),
                ];
                if let Self::RulesTitle { six, .. } = self {
                    args.push(("six", num(*six)));
                }
                args
            }
            Self::LobbyPlayers { count, max } => vec![("count", num(*count)), ("max", num(*max))],
            Self::LobbyWaiting { max } | Self::GameFull { max } => vec![("max", num(*max))],
            Self::BtnRules { preset } => vec![("preset", Arg::Msg(Self::Preset(*preset)))],
            Self::LobbyBoard { seats }
            | Self::PairsFillBoard { seats }
            | Self::BtnBoard { seats } => {
                vec![("seats", num(*seats))]
            }
            Self::GameCancelledBy { name }
            | Self::PlayerLeft { name }
            | Self::PlayerRemoved { name }
            | Self::RollOffWinner { name }
            | Self::RollPrompt { name }
            | Self::ChooseMove { name }
            | Self::LeftNest { name }
            | Self::ReachedGoal { name }
            | Self::BarrierOpened { name }
            | Self::RollsAgain { name }
            | Self::Absent { name }
            | Self::Skipped { name }
            | Self::Back { name }
            | Self::FloodQuiet { name }
            | Self::TermYouLose { name } => vec![("name", text(name))],
            Self::RollOffLine { name, roll } | Self::Rolled { name, roll } => {
                vec![("name", text(name)), ("roll", num(*roll))]
            }
            Self::Turn { name, colour: c } | Self::Winner { name, colour: c } => {
                vec![("name", text(name)), ("colour", colour(c))]
            }
            Self::SixCounts { count } => vec![("count", num(*count))],
            Self::ThirdSixSentBack { name, from } => {
                vec![("name", text(name)), ("from", Arg::Msg(Self::Loc(*from)))]
            }
            Self::Moved { name, from, to } => vec![
                ("name", text(name)),
                ("from", Arg::Msg(Self::Loc(*from))),
                ("to", Arg::Msg(Self::Loc(*to))),
            ],
            Self::Captured {
                name,
                victim,
                victim_colour,
            } => vec![
                ("name", text(name)),
                ("victim", text(victim)),
                ("victim_colour", Arg::Msg(Self::PieceColour(*victim_colour))),
            ],
            Self::NoMove { name, rolls_again } => {
                vec![
                    ("name", text(name)),
                    ("rolls_again", Arg::Flag(*rolls_again)),
                ]
            }
            Self::BonusLost { bonus } => vec![("bonus", num(*bonus))],
            Self::MustPlayBonus { name, bonus } => {
                vec![("name", text(name)), ("bonus", num(*bonus))]
            }
            Self::MoveButton { from, to, capture } => vec![
                ("from", Arg::Msg(Self::LocButton(*from))),
                ("to", Arg::Msg(Self::LocButton(*to))),
                ("capture", Arg::Flag(*capture)),
            ],
            Self::WinnerPair { first, second } => {
                vec![("first", text(first)), ("second", text(second))]
            }
            Self::RankingLine {
                pos,
                name,
                distance,
            } => vec![
                ("pos", num(*pos)),
                ("name", text(name)),
                ("distance", num(*distance)),
            ],
            Self::GameLength { minutes } | Self::TimeUp { minutes } => {
                vec![("minutes", num(*minutes))]
            }
            Self::DiceIs { auto } | Self::HelpGroup { auto } => {
                vec![("mode", text(if *auto { "auto" } else { "button" }))]
            }
            Self::RolledShort { roll } => vec![("roll", num(*roll))],
            Self::PingsSet { seconds } | Self::PingsIs { seconds } => {
                vec![("seconds", num(*seconds))]
            }
            Self::PingRoll { id, name, dot } | Self::PingChoose { id, name, dot } => vec![
                (
                    "name",
                    Arg::Mention {
                        id: *id,
                        name: name.clone(),
                    },
                ),
                ("dot", text(dot)),
            ],
            Self::PingWarning { id, name, seconds } => vec![
                (
                    "name",
                    Arg::Mention {
                        id: *id,
                        name: name.clone(),
                    },
                ),
                ("seconds", num(*seconds)),
            ],
            Self::BoardUpdating { what } => vec![("what", text(what))],
            Self::BoardUpdatingIn { what, secs } => {
                vec![("what", text(what)), ("secs", num(*secs))]
            }
            Self::TimerSet { seconds } => vec![
                ("minutes", num(seconds / 60)),
                ("rest", num(seconds % 60)),
                ("seconds", num(*seconds)),
            ],
            Self::GameTimeLeft { minutes } => vec![("minutes", num(*minutes))],
            Self::TimeLeft { seconds } => {
                // `minutes` is 0 under a minute: the locales then name the seconds.
                let minutes = if *seconds < 60 {
                    0
                } else {
                    seconds.div_ceil(60)
                };
                vec![("minutes", num(minutes)), ("seconds", num(*seconds))]
            }
            Self::LanguageSet { lang } => vec![("language", text(lang.native_name()))],
            Self::TimedOut {
                name,
                strike,
                limit,
            } => vec![
                ("name", text(name)),
                ("strike", num(*strike)),
                ("limit", num(*limit)),
            ],
            Self::BadArgs { cmd } => vec![
                ("command", text(cmd.name())),
                ("usage", Arg::Msg(Self::CmdDesc(*cmd))),
            ],
            Self::TermWelcome { preset } => vec![("preset", Arg::Msg(Self::Preset(*preset)))],
            Self::TermYouAre { colour: c } => vec![("colour", colour(c))],
            Self::TermYouRolled { roll } => vec![("roll", num(*roll))],
            Self::TermChooseMove { n } | Self::TermBadNumber { n } => vec![("n", num(*n))],
            Self::TermThinking { colour: c, level } => vec![
                ("colour", colour(c)),
                ("level", Arg::Msg(Self::Level(*level))),
            ],
            Self::TermRollOffTie { names, roll } => {
                vec![("names", text(names)), ("roll", num(*roll))]
            }
            Self::TermYourPieces { list } => vec![("list", text(list))],
            Self::TermYouMoved { from, to } => vec![
                ("from", Arg::Msg(Self::Loc(*from))),
                ("to", Arg::Msg(Self::Loc(*to))),
            ],
            Self::TermYouCaptured {
                victim,
                victim_colour,
            } => vec![
                ("victim", text(victim)),
                ("victim_colour", Arg::Msg(Self::PieceColour(*victim_colour))),
            ],
            Self::TermYouCannotMove { rolls_again } => {
                vec![("rolls_again", Arg::Flag(*rolls_again))]
            }
            Self::TermBoardSize { arms, squares } => {
                vec![("arms", num(*arms)), ("squares", num(*squares))]
            }
            Self::Stats(m) => nest(m.args(), Self::Stats),
            Self::Caption(m) => nest(m.args(), Self::Caption),
            Self::Tourney(m) => nest(m.args(), Self::Tourney),
            Self::Season(m) => nest(m.args(), Self::Season),
            Self::Ext(m) => nest(m.args(), Self::Ext),
            Self::Live(m) => nest(m.args(), Self::Live),
            Self::Pairs(m) => nest(m.args(), Self::Pairs),
            Self::Replay(m) => nest(m.args(), Self::Replay),
            Self::Achieve(m) => nest(m.args(), Self::Achieve),
            Self::Fair(m) => nest(m.args(), Self::Fair),
            _ => Vec::new(),
        }
    }
}

/// A family's arguments as `Msg`'s: its nested messages wrapped in their `Msg` variant.
fn nest<M>(args: Vec<(&'static str, Arg<M>)>, wrap: fn(M) -> Msg) -> Vec<(&'static str, Arg<Msg>)> {
    args.into_iter().map(|(k, a)| (k, a.nest(wrap))).collect()
}

impl From<Word> for Msg {
    fn from(w: Word) -> Self {
        match w {
            Word::Preset(p) => Self::Preset(p),
            Word::LocShort(l) => Self::LocShort(l),
        }
    }
}
