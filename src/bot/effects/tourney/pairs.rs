//! A pairs tournament's sign-up as the chat sees it: an invitation with its Confirm button,
//! the invitation once the pair is made, and the pairs made at random at the draw.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, MessageId};

use super::super::chat::ChatAddr;
use super::super::outbox::say_once;
use super::super::outbox::{self, Plan, Priority, Slot, Then, Write};
use super::Ctx;
use super::post::post_id;
use super::texts::home;
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

/// Plan `from`'s invitation of `to` at `addr` (for tournament `t`), with the Confirm
/// button; its message is recorded once posted ([`super::sent`]), so that the button comes
/// off once the invitation stops waiting.
pub async fn post_invite(
    ctx: &Ctx,
    addr: ChatAddr,
    lang: Lang,
    t: &Tourney,
    from: (i64, &str),
    to: (i64, &str),
) {
    let text = tr(
        lang,
        &m(PairsMsg::Invite {
            from: from.1.to_owned(),
            to: to.1.to_owned(),
        }),
    );
    let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(
        tr_plain(lang, &m(PairsMsg::BtnConfirm)),
        confirm_data(from.0),
    )]]);
    let w = Write::Send {
        place: addr.place(),
        text,
        reply_to: None,
        keyboard: Some(keyboard),
        then: Some(Then::Invite {
            tid: t.id,
            from: from.0,
            to: to.0,
        }),
    };
    let slot = Slot::Invite(from.0);
    outbox::plan(ctx, addr.id(), Plan::new(w, slot, Priority::Reply)).await;
}

/// The invitation message `id` at `addr` says the pair is made (its button gone).
pub async fn invite_done(ctx: &Ctx, addr: ChatAddr, id: MessageId, lang: Lang, name: &str) {
    let text = tr(
        lang,
        &m(PairsMsg::PairMade {
            name: name.to_owned(),
        }),
    );
    outbox::edit(ctx, addr.id(), id.0, text, None, Priority::Notice).await;
}

/// The pairs made at random at the draw and the odd one out, said before the draw.
pub async fn announce_pairing(ctx: &Ctx, chat: i64, lang: Lang, t: &Tourney, p: &Pairing) {
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
        let id = post_id(t, "pairing");
        say_once(ctx, home(chat, t), id, Priority::Notice, lines.join("\n")).await;
    }
}
