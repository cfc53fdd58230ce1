//! Help, rules, the `/` menu and the short answers to refused actions.

use teloxide::types::BotCommand;

use crate::bot::core::command::word;
use crate::bot::core::refusal::{Alert, Refusal, Reject};
use crate::engine::Preset;
use crate::i18n::{Cmd, Lang, Msg, tr, tr_plain};

/// The message of a refusal.
#[must_use]
pub fn refusal_msg(r: Refusal) -> Msg {
    match r {
        Refusal::Alert(a) => match a {
            Alert::Stale => Msg::AlertStale,
            Alert::Invalid => Msg::AlertInvalidButton,
            Alert::TryAgain => Msg::AlertTryAgain,
            Alert::GameOver => Msg::AlertGameOver,
            Alert::GroupsOnly => Msg::AlertGroupsOnly,
            Alert::NoGame => Msg::NoLobby,
            Alert::GameRunning => Msg::GameRunning,
        },
        Refusal::Reject(r) => match r {
            Reject::AlreadyJoined => Msg::AlreadyJoined,
            Reject::NotJoined => Msg::NotInGame,
            Reject::Full(max) => Msg::GameFull { max: max.into() },
            Reject::NeedTwo => Msg::NeedTwoPlayers,
            Reject::PairsFillBoard(arms) => Msg::PairsFillBoard {
                seats: arms.count().into(),
            },
            Reject::PairsNeedEven => Msg::PairsNeedEven,
            Reject::NotHost => Msg::OnlyHost,
            Reject::NotInLobby => Msg::GameRunning,
            Reject::NotPlaying => Msg::NoLobby,
            Reject::NotYourTurn => Msg::AlertNotYourTurn,
            Reject::NotAPlayer => Msg::AlertOnlyPlayers,
            Reject::GameOver => Msg::AlertGameOver,
            Reject::BadMove => Msg::AlertStale,
        },
    }
}

/// The text of a refusal (plain: it is a callback alert or a short reply).
#[must_use]
pub fn refusal(lang: Lang, r: Refusal) -> String {
    tr_plain(lang, &refusal_msg(r))
}

/// `/help`.
#[must_use]
pub fn help(lang: Lang) -> String {
    tr(lang, &Msg::Help)
}

/// `/rules` for a preset: its rules, the common ones and the large boards (R8).
#[must_use]
pub fn rules(lang: Lang, preset: Preset, pairs: bool) -> String {
    let six = preset.options().six_counts;
    [
        tr(lang, &Msg::RulesTitle { preset, pairs, six }),
        tr(lang, &Msg::Rules(preset)),
        tr(lang, &Msg::RulesCommon),
        tr(lang, &Msg::RulesLarge),
    ]
    .join("\n\n")
}

/// Command descriptions for the `/` menu in `lang`.
#[must_use]
pub fn command_list(lang: Lang) -> Vec<BotCommand> {
    Cmd::ALL
        .iter()
        .map(|&c| BotCommand::new(word(c), tr_plain(lang, &Msg::CmdDesc(c))))
        .collect()
}
