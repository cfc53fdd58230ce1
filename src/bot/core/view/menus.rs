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
            Alert::Started => Msg::AlertStarted,
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
            Reject::TourneyTable => Msg::NoRematchAtTourney,
        },
    }
}

/// The text of a refusal (plain: it is a callback alert or a short reply).
#[must_use]
pub fn refusal(lang: Lang, r: Refusal) -> String {
    tr_plain(lang, &refusal_msg(r))
}

/// `/help` in full (a private chat): what the bot does and every command.
#[must_use]
pub fn help(lang: Lang) -> String {
    tr(lang, &Msg::Help)
}

/// `/help` in a group: how to play here as the chat's `/dice` mode has it (`auto`), and the
/// few commands that matter; the full text is a button away, in the private chat.
#[must_use]
pub fn help_group(lang: Lang, auto: bool) -> String {
    tr(lang, &Msg::HelpGroup { auto })
}

/// The title line of `/rules` for a preset.
fn rules_title(lang: Lang, preset: Preset, pairs: bool) -> String {
    let six = preset.options().six_counts;
    tr(lang, &Msg::RulesTitle { preset, pairs, six })
}

/// `/rules` in full for a preset (a private chat): its rules, the common ones and the
/// large boards (R8).
#[must_use]
pub fn rules(lang: Lang, preset: Preset, pairs: bool) -> String {
    [
        rules_title(lang, preset, pairs),
        tr(lang, &Msg::Rules(preset)),
        tr(lang, &Msg::RulesCommon),
        tr(lang, &Msg::RulesLarge),
    ]
    .join("\n\n")
}

/// `/rules` in a group: the title and the preset's rules in a few lines; the full text is
/// a button away, in the private chat.
#[must_use]
pub fn rules_short(lang: Lang, preset: Preset, pairs: bool) -> String {
    [
        rules_title(lang, preset, pairs),
        tr(lang, &Msg::RulesShort(preset)),
    ]
    .join("\n")
}

/// The deep-link payload that opens the private chat on a text: `help`, or the rules of a
/// preset (`rules_jcf`, `rules_classic_pairs`). At most 64 characters of `A-Za-z0-9_-`.
#[must_use]
pub fn start_payload(rules: Option<(Preset, bool)>) -> String {
    match rules {
        None => "help".to_owned(),
        Some((preset, pairs)) => {
            let name = match preset {
                Preset::Jcf => "jcf",
                Preset::Classic => "classic",
                Preset::Solidari => "solidari",
            };
            let pairs = if pairs && !preset.options().pairs {
                "_pairs"
            } else {
                ""
            };
            format!("rules_{name}{pairs}")
        }
    }
}

/// What a private chat's `/start <payload>` asks for: the full help (no payload, `help`,
/// or one we do not know), or the rules of a preset.
#[must_use]
pub fn parse_start_payload(payload: &str) -> Option<(Preset, bool)> {
    let rest = payload.trim().strip_prefix("rules_")?;
    let (name, pairs) = match rest.strip_suffix("_pairs") {
        Some(name) => (name, true),
        None => (rest, false),
    };
    let preset = match name {
        "jcf" => Preset::Jcf,
        "classic" => Preset::Classic,
        "solidari" => Preset::Solidari,
        _ => return None,
    };
    Some((preset, pairs || preset.options().pairs))
}

/// A URL button that opens the bot's private chat on `payload` (Telegram's deep link
/// `https://t.me/<bot>?start=<payload>`); `None` when the bot's username is unknown.
#[must_use]
pub fn private_button(
    lang: Lang,
    label: &Msg,
    bot_username: &str,
    payload: &str,
) -> Option<teloxide::types::InlineKeyboardMarkup> {
    use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};
    if bot_username.is_empty() {
        return None;
    }
    let url = format!("https://t.me/{bot_username}?start={payload}")
        .parse()
        .ok()?;
    Some(InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
        tr_plain(lang, label),
        url,
    )]]))
}

/// Command descriptions for the `/` menu in `lang`.
#[must_use]
pub fn command_list(lang: Lang) -> Vec<BotCommand> {
    Cmd::ALL
        .iter()
        .map(|&c| BotCommand::new(word(c), tr_plain(lang, &Msg::CmdDesc(c))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deep_link_payload_names_the_text_and_reads_back() {
        // Given the help and each preset's rules, alone and in pairs
        assert_eq!(start_payload(None), "help");
        assert_eq!(parse_start_payload("help"), None);
        assert_eq!(parse_start_payload(""), None);
        for preset in Preset::ALL {
            for pairs in [false, true] {
                let p = start_payload(Some((preset, pairs)));
                // Then each is a valid payload (at most 64 of A-Za-z0-9_-) that reads back
                assert!(p.len() <= 64, "{p}");
                assert!(
                    p.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
                    "{p}"
                );
                let pairs = pairs || preset.options().pairs;
                assert_eq!(parse_start_payload(&p), Some((preset, pairs)), "{p}");
            }
        }
        assert_eq!(parse_start_payload("rules_chess"), None);
        // And the button opens the bot's private chat on it
        let kb = private_button(Lang::En, &Msg::BtnFullHelp, "parxis_bot", "help").expect("kb");
        let b = &kb.inline_keyboard[0][0];
        assert_eq!(b.text, "📖 Full help");
        let teloxide::types::InlineKeyboardButtonKind::Url(url) = &b.kind else {
            panic!("a URL button");
        };
        assert_eq!(url.as_str(), "https://t.me/parxis_bot?start=help");
        assert!(private_button(Lang::En, &Msg::BtnFullHelp, "", "help").is_none());
    }

    #[test]
    fn the_group_help_is_short_and_follows_the_dice_mode() {
        for lang in Lang::ALL {
            let auto = tr_plain(lang, &Msg::HelpGroup { auto: true });
            let button = tr_plain(lang, &Msg::HelpGroup { auto: false });
            let roll = tr_plain(lang, &Msg::BtnRoll);
            // Then with /dice auto it never asks to press Roll; with the button it does
            assert!(!auto.contains(&roll), "{lang}: {auto}");
            assert!(button.contains(&roll), "{lang}: {button}");
            // and it is a fraction of the full help
            let full = tr_plain(lang, &Msg::Help).chars().count();
            assert!(auto.chars().count() * 3 < full, "{lang}: {auto}");
        }
    }
}
