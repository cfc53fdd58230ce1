//! [`Msg::all_samples`]: one instance of every message, for tests and previews.

use crate::engine::{Colour, Loc, Square};

use super::lang::Lang;
use super::msg::Msg;
use super::vocab::{Cmd, Level, Preset};

fn sq(n: u8) -> Loc {
    Square::ring(n).map_or(Loc::Nest, Loc::Sq)
}

fn corridor(c: Colour, k: u8) -> Loc {
    Square::corridor(c, k).map_or(Loc::Goal, Loc::Sq)
}

impl Msg {
    /// One instance of every variant (and of every word of the word variants: each colour,
    /// location kind, level, rule set and command) with plausible arguments. Together they
    /// use every message id of the locale files.
    #[must_use]
    #[allow(clippy::too_many_lines)] // one line per message
    pub fn all_samples() -> Vec<Self> {
        let name = || "Vicent".to_owned();
        let mut all: Vec<Self> = Vec::new();
        all.extend(Colour::ALL.map(Self::Colour));
        all.extend(Colour::ALL.map(Self::PieceColour));
        for loc in [Loc::Nest, Loc::Goal, sq(12), corridor(Colour::Yellow, 3)] {
            all.push(Self::Loc(loc));
            all.push(Self::LocShort(loc));
            all.push(Self::LocButton(loc));
        }
        all.extend(Level::ALL.map(Self::Level));
        all.extend(Preset::ALL.map(Self::Preset));
        all.extend(Cmd::ALL.map(Self::CmdDesc));
        all.extend(Preset::ALL.map(Self::Rules));
        all.extend(Preset::ALL.map(Self::RulesShort));
        all.extend(
            crate::render::emoji::legend()
                .iter()
                .map(|&(_, k)| Self::Legend(k)),
        );
        all.extend([
            Self::ComputerName { level: Level::Hard },
            Self::LobbyTitle {
                preset: Preset::Jcf,
                pairs: true,
            },
            Self::LobbyPlayers { count: 3, max: 8 },
            Self::LobbyWaiting { max: 6 },
            Self::LobbyBoard { seats: 6 },
            Self::LobbyBoard { seats: 0 },
            Self::BtnJoin,
            Self::BtnLeave,
            Self::BtnStart,
            Self::BtnCancel,
            Self::BtnAddComputer,
            Self::BtnBoard { seats: 6 },
            Self::BtnBoard { seats: 0 },
            Self::BtnRules {
                preset: Preset::Classic,
            },
            Self::Joined,
            Self::AlreadyJoined,
            Self::NotInGame,
            Self::GameFull { max: 8 },
            Self::NeedTwoPlayers,
            Self::PairsFillBoard { seats: 6 },
            Self::PairsNeedEven,
            Self::OnlyHost,
            Self::NoLobby,
            Self::GameRunning,
            Self::LobbyCancelled,
            Self::GameCancelledBy { name: name() },
            Self::PlayerLeft { name: name() },
            Self::PlayerRemoved { name: name() },
            Self::RollOffTitle,
            Self::RollOffLine {
                name: name(),
                roll: 4,
            },
            Self::RollOffTie,
            Self::RollOffWinner { name: name() },
            Self::Turn {
                name: name(),
                colour: Colour::Red,
            },
            Self::RollPrompt { name: name() },
            Self::Rolled {
                name: name(),
                roll: 6,
            },
            Self::SixCounts { count: 7 },
            Self::ChooseMove { name: name() },
            Self::Moved {
                name: name(),
                from: sq(12),
                to: sq(17),
            },
            Self::LeftNest { name: name() },
            Self::Captured {
                name: name(),
                victim: "Amparo".to_owned(),
                victim_colour: Colour::Green,
            },
            Self::ReachedGoal { name: name() },
            Self::BarrierOpened { name: name() },
            Self::ThirdSixSentBack {
                name: name(),
                from: sq(26),
            },
            Self::ThirdSixNothing,
            Self::NoMove {
                name: name(),
                rolls_again: false,
            },
            Self::BonusLost { bonus: 20 },
            Self::MustPlayBonus {
                name: name(),
                bonus: 10,
            },
            Self::AutoPlayed,
            Self::RollsAgain { name: name() },
            Self::BtnRoll,
            Self::MoveButton {
                from: corridor(Colour::Blue, 5),
                to: Loc::Goal,
                capture: false,
            },
            Self::MoveButton {
                from: sq(12),
                to: sq(17),
                capture: true,
            },
            Self::BtnNewGame,
            Self::InlineTitle,
            Self::InlineDescription,
            Self::InlineTitlePicture,
            Self::InlineDescriptionPicture,
            Self::InlineOpening,
            Self::Winner {
                name: name(),
                colour: Colour::Yellow,
            },
            Self::WinnerPair {
                first: name(),
                second: "Amparo".to_owned(),
            },
            Self::RankingTitle,
            Self::RankingLine {
                pos: 2,
                name: name(),
                distance: 35,
            },
            Self::GameLength { minutes: 23 },
            Self::GameLength { minutes: 0 },
            Self::TimeUp { minutes: 30 },
            Self::GameTimeLeft { minutes: 23 },
            Self::GameTimeLeft { minutes: 1 },
            Self::Draw,
            Self::AlertStale,
            Self::AlertStarted,
            Self::AlertNotYourTurn,
            Self::AlertInvalidButton,
            Self::AlertTryAgain,
            Self::AlertGameOver,
            Self::AlertOnlyPlayers,
            Self::AlertGroupsOnly,
            Self::Help,
            Self::HelpGroup { auto: true },
            Self::HelpGroup { auto: false },
            Self::BtnFullHelp,
            Self::BtnAllRules,
            Self::NoGameInPlay,
            Self::NoRematchAtTourney,
            Self::RulesTitle {
                preset: Preset::Jcf,
                pairs: false,
                six: 12,
            },
            Self::RulesCommon,
            Self::RulesLarge,
            Self::LanguagePrompt,
            Self::LanguageSet {
                lang: Lang::CaValencia,
            },
            Self::DisplayPrompt,
            Self::BtnDisplayImage,
            Self::BtnDisplayEmoji,
            Self::DisplaySetImage,
            Self::DisplaySetEmoji,
            Self::DiceSetAuto,
            Self::DiceSetButton,
            Self::DiceIs { auto: true },
            Self::DiceIs { auto: false },
            Self::RolledShort { roll: 4 },
            Self::BoardUpdating {
                what: "🎲 Anna rolled a 4.".to_owned(),
            },
            Self::BoardUpdatingIn {
                what: "🎲 Anna rolled a 4.".to_owned(),
                secs: 6,
            },
            Self::TimerSet { seconds: 120 },
            Self::TimerSet { seconds: 30 },
            Self::TimerSet { seconds: 90 },
            Self::TimerOff,
            Self::PingsSet { seconds: 30 },
            Self::PingsSet { seconds: 120 },
            Self::PingsOff,
            Self::PingsIs { seconds: 60 },
            Self::PingsIs { seconds: 0 },
            Self::PingRoll {
                id: 11,
                name: "Anna".to_owned(),
                dot: "🟡".to_owned(),
            },
            Self::PingChoose {
                id: 11,
                name: "Anna".to_owned(),
                dot: "🟡".to_owned(),
            },
            Self::PingWarning {
                id: 11,
                name: "Anna".to_owned(),
                seconds: 30,
            },
            Self::TimeLeft { seconds: 60 },
            Self::TimeLeft { seconds: 25 },
            Self::TimedOut {
                name: name(),
                strike: 1,
                limit: 3,
            },
            Self::Absent { name: name() },
            Self::Skipped { name: name() },
            Self::Back { name: name() },
            Self::BotRemoved,
            Self::GameMoved,
            Self::FloodQuiet { name: name() },
            Self::BoardBelow,
            Self::UnknownCommand,
            Self::BadArgs { cmd: Cmd::Timer },
            Self::TermWelcome {
                preset: Preset::Classic,
            },
            Self::TermYouAre {
                colour: Colour::Blue,
            },
            Self::TermYou,
            Self::TermPressEnter,
            Self::TermYouRolled { roll: 5 },
            Self::TermChooseMove { n: 3 },
            Self::TermBadNumber { n: 3 },
            Self::TermThinking {
                colour: Colour::Green,
                level: Level::Normal,
            },
            Self::TermYouWin,
            Self::TermYouLose { name: name() },
            Self::TermGoodbye,
            Self::TermYouStart,
            Self::TermRollOffTie {
                names: name(),
                roll: 6,
            },
            Self::TermYourPieces {
                list: "12, 40".into(),
            },
            Self::TermYouMoved {
                from: sq(12),
                to: corridor(Colour::Yellow, 3),
            },
            Self::TermYouLeftNest,
            Self::TermYouCaptured {
                victim: name(),
                victim_colour: Colour::Red,
            },
            Self::TermYouReachedGoal,
            Self::TermYouCannotMove { rolls_again: true },
            Self::TermYouCannotMove { rolls_again: false },
            Self::TermNeedFive,
            Self::TermBlocked,
            Self::TermMustOpen,
            Self::TermLegend,
            Self::TermBoardSize {
                arms: 6,
                squares: 102,
            },
        ]);
        all.extend(
            super::stats_msg::StatsMsg::samples()
                .into_iter()
                .map(Self::Stats),
        );
        all.extend(
            super::caption_msg::CaptionMsg::samples()
                .into_iter()
                .map(Self::Caption),
        );
        all.extend(
            super::tourney_msg::TourneyMsg::samples()
                .into_iter()
                .map(Self::Tourney),
        );
        all.extend(
            super::season_msg::SeasonMsg::samples()
                .into_iter()
                .map(Self::Season),
        );
        all.extend(super::ext_msg::ExtMsg::samples().into_iter().map(Self::Ext));
        all.extend(
            super::live_msg::LiveMsg::samples()
                .into_iter()
                .map(Self::Live),
        );
        all.extend(
            super::pairs_msg::PairsMsg::samples()
                .into_iter()
                .map(Self::Pairs),
        );
        all.extend(
            super::replay_msg::ReplayMsg::samples()
                .into_iter()
                .map(Self::Replay),
        );
        all.extend(
            super::achieve_msg::AchieveMsg::samples()
                .into_iter()
                .map(Self::Achieve),
        );
        all.extend(
            super::fair_msg::FairMsg::samples()
                .into_iter()
                .map(Self::Fair),
        );
        all
    }
}
