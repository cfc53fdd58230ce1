//! A pairs tournament's sign-up as the chat sees it: the pairs and singles in the sign-up
//! message, an invitation with its Confirm button, and the pairs made at random at the
//! draw.

use teloxide::payloads::{EditMessageTextSetters, SendMessageSetters};
use teloxide::prelude::Requester;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, MessageId, ParseMode};
use teloxide::utils::html::escape;
use tracing::warn;

use super::super::chat::{ChatAddr, InTopic};
use super::super::telegram::TgBot;
use super::post;
use crate::bot::core::tourney::{Pairing, Tourney};
use crate::i18n::{Lang, Msg, PairsMsg, tr, tr_plain};

fn m(p: PairsMsg) -> Msg {
    Msg::Pairs(p)
}

/// Callback data of an invitation's Confirm button: `tp:<inviter id>`.
#[must_use]
pub fn confirm_data(from: i64) -> String {
    format!("tp:{from}")
}

/// The sign-up's entrant lines of a pairs tournament (HTML): the pairs made ("A & B"),
/// then the people without a partner, then how to make a pair.
#[must_use]
pub fn signup_lines(lang: Lang, t: &Tourney) -> Vec<String> {
    let name = |id: i64| {
        t.signup
            .iter()
            .find(|s| s.id == id)
            .map_or(String::new(), |s| escape(&s.name))
    };
    let mut out = vec![tr(lang, &m(PairsMsg::SignupLine))];
    for (i, p) in t.partners.iter().enumerate() {
        out.push(format!("{}. {} & {}", i + 1, name(p.0), name(p.1)));
    }
    let singles: Vec<String> = t
        .signup
        .iter()
        .filter(|s| t.partner_of(s.id).is_none())
        .map(|s| escape(&s.name))
        .collect();
    if !singles.is_empty() {
        out.push(format!(
            "{} {}",
            tr(lang, &m(PairsMsg::Singles)),
            singles.join(", ")
        ));
    }
    out.push(String::new());
    out.push(tr(lang, &Msg::Tourney(crate::i18n::TourneyMsg::SignupHint)));
    out.push(tr(lang, &m(PairsMsg::SignupHint)));
    out
}

/// Post `from`'s invitation of `to` at `addr`, with the Confirm button; its message id.
pub async fn post_invite(
    bot: &TgBot,
    addr: ChatAddr,
    lang: Lang,
    from: (i64, &str),
    to: &str,
) -> Option<i32> {
    let text = tr(
        lang,
        &m(PairsMsg::Invite {
            from: from.1.to_owned(),
            to: to.to_owned(),
        }),
    );
    let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(
        tr_plain(lang, &m(PairsMsg::BtnConfirm)),
        confirm_data(from.0),
    )]]);
    match bot
        .send_message(addr.chat_id(), text)
        .in_topic(addr)
        .parse_mode(ParseMode::Html)
        .reply_markup(keyboard)
        .await
    {
        Ok(msg) => Some(msg.id.0),
        Err(e) => {
            warn!(chat = addr.id(), error = %e, "partner invitation not sent");
            None
        }
    }
}

/// The sign-up message brought up to date (its entrants and buttons).
pub async fn refresh_signup(bot: &TgBot, chat: i64, lang: Lang, t: &Tourney) {
    let Some(id) = t.signup_msg else { return };
    let home = post::home(chat, t);
    let edit = bot
        .edit_message_text(home.chat_id(), MessageId(id), post::signup_text(lang, t))
        .parse_mode(ParseMode::Html)
        .reply_markup(post::signup_keyboard(lang, t))
        .await;
    if let Err(e) = edit {
        warn!(chat, error = %e, "sign-up message not updated");
    }
}

/// The invitation message `id` at `addr` says the pair is made (its button gone).
pub async fn invite_done(bot: &TgBot, addr: ChatAddr, id: MessageId, lang: Lang, name: &str) {
    let text = tr(
        lang,
        &m(PairsMsg::PairMade {
            name: name.to_owned(),
        }),
    );
    if let Err(e) = bot
        .edit_message_text(addr.chat_id(), id, text)
        .parse_mode(ParseMode::Html)
        .await
    {
        warn!(chat = addr.id(), error = %e, "partner invitation not updated");
    }
}

/// The pairs made at random at the draw and the odd one out, said before the draw.
pub async fn announce_pairing(bot: &TgBot, addr: ChatAddr, lang: Lang, p: &Pairing) {
    let mut lines = Vec::new();
    if !p.random.is_empty() {
        let pairs: Vec<String> = p.random.iter().map(|(a, b)| format!("{a} & {b}")).collect();
        lines.push(tr(
            lang,
            &m(PairsMsg::Random {
                pairs: pairs.join(", "),
            }),
        ));
    }
    if let Some(name) = &p.left_out {
        lines.push(tr(lang, &m(PairsMsg::LeftOut { name: name.clone() })));
    }
    if !lines.is_empty() {
        post::say(bot, addr, lines.join("\n")).await;
    }
}
