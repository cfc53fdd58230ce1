//! R10.5 Time extensions at a timed tournament table, the effects: the small message with
//! "+5 / +10 / +15 min" posted in the table's place when its game starts ([`offer`]), a
//! press proposing, Accept / Refuse for the other side, and an accepted extension moving
//! the game's end ([`Table::ends_ms`]) to the table's new limit in the bracket ([`press`]).
//!
//! Callback data: `tx:<round>.<table>.<minutes>` (propose), `ty:<round>.<table>.<0|1>`
//! (refuse / accept).

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, MessageId};
use tracing::{info, warn};

use super::super::chat::{ChatAddr, load as load_place};
use super::super::commit::{follow, save};
use super::super::outbox::{self, Plan, Priority, Then, Write};
use super::post::post_id;
use super::{Ctx, MINUTE_MS, mutate, place_of, refusal_text};
use crate::bot::core::table::Status;
use crate::bot::core::tourney::Tourney;
use crate::i18n::{ExtMsg, Lang, Msg, tr, tr_plain};
use crate::tournament::{Answer, EXTENSION_MINUTES, TableId, text_name};

/// How many times the game's new end is tried again on a lost race.
const END_ATTEMPTS: usize = 5;

/// A press on an extension button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtPress {
    Propose(TableId, u8),
    Answer(TableId, bool),
}

fn at_str(at: TableId) -> String {
    format!("{}.{}", at.round, at.table)
}

/// The callback data of a press.
#[must_use]
pub fn data(p: ExtPress) -> String {
    match p {
        ExtPress::Propose(at, m) => format!("tx:{}.{m}", at_str(at)),
        ExtPress::Answer(at, yes) => format!("ty:{}.{}", at_str(at), u8::from(yes)),
    }
}

/// Decodes an extension button's data; `None` for anything else.
#[must_use]
pub fn decode(data: &str) -> Option<ExtPress> {
    let (tag, arg) = data.split_once(':')?;
    let mut parts = arg.split('.');
    let at = TableId {
        round: parts.next()?.parse().ok()?,
        table: parts.next()?.parse().ok()?,
    };
    let last: u8 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    match tag {
        "tx" if EXTENSION_MINUTES.contains(&last) => Some(ExtPress::Propose(at, last)),
        "ty" if last <= 1 => Some(ExtPress::Answer(at, last == 1)),
        _ => None,
    }
}

fn x(m: ExtMsg) -> Msg {
    Msg::Ext(m)
}

/// "+5 min", "+10 min", "+15 min".
fn offer_keyboard(lang: Lang, at: TableId) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new([EXTENSION_MINUTES.map(|m| {
        InlineKeyboardButton::callback(
            tr_plain(lang, &x(ExtMsg::BtnMinutes { minutes: m.into() })),
            data(ExtPress::Propose(at, m)),
        )
    })])
}

/// Accept / Refuse.
fn answer_keyboard(lang: Lang, at: TableId) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new([[
        InlineKeyboardButton::callback(
            tr_plain(lang, &x(ExtMsg::BtnAccept)),
            data(ExtPress::Answer(at, true)),
        ),
        InlineKeyboardButton::callback(
            tr_plain(lang, &x(ExtMsg::BtnRefuse)),
            data(ExtPress::Answer(at, false)),
        ),
    ]])
}

/// Plan the extension buttons of table `at` of `t` in its place `addr` (once per table;
/// their message is recorded once posted, to take the buttons off when the table ends).
pub async fn offer(ctx: &Ctx, chat: i64, addr: ChatAddr, lang: Lang, t: &Tourney, at: TableId) {
    let w = Write::Send {
        place: addr.place(),
        text: tr(lang, &x(ExtMsg::Offer)),
        reply_to: None,
        keyboard: Some(offer_keyboard(lang, at)),
        then: Some(Then::ExtOffer { tid: t.id, at }),
    };
    let id = post_id(t, &format!("ext:{}.{}", at.round, at.table));
    outbox::plan(ctx, chat, Plan::post(w, id, Priority::Notice)).await;
}

/// The answer (a toast) to a press by `user` on message `msg` of `chat`; the message
/// shows the proposal, or the buttons again with what happened.
pub async fn press(
    ctx: &Ctx,
    chat: i64,
    lang: Lang,
    msg: Option<MessageId>,
    p: ExtPress,
    user: i64,
) -> String {
    let now = ctx.now_ms();
    let minute = MINUTE_MS;
    let (at, result) = match p {
        ExtPress::Propose(at, m) => (
            at,
            mutate(ctx, chat, |t| t.propose_ext(at, user, m, now, minute))
                .await
                .map(|(s, ())| (s, None)),
        ),
        ExtPress::Answer(at, yes) => (
            at,
            mutate(ctx, chat, |t| t.answer_ext(at, user, yes, now, minute))
                .await
                .map(|(s, a)| (s, Some(a))),
        ),
    };
    let (saved, answer) = match result {
        Ok(r) => r,
        Err(e) => return refusal_text(lang, &e),
    };
    let t = &saved.state;
    let (text, keyboard, toast) = match answer {
        None => {
            let (name, minutes) = t
                .proposal(at)
                .zip(t.tournament.as_ref())
                .map(|(p, tn)| (text_name(tn, Some(p.by)).to_owned(), p.minutes))
                .unwrap_or_default();
            info!(chat, ?at, minutes, "extension proposed");
            let text = tr(
                lang,
                &x(ExtMsg::Proposed {
                    name,
                    minutes: minutes.into(),
                }),
            );
            (Some(text), answer_keyboard(lang, at), ExtMsg::Sent)
        }
        Some(Answer::Waiting) => (None, answer_keyboard(lang, at), ExtMsg::Waiting),
        Some(Answer::Refused) => {
            info!(chat, ?at, "extension refused");
            let text = format!(
                "{}\n{}",
                tr(lang, &x(ExtMsg::Refused)),
                tr(lang, &x(ExtMsg::Offer))
            );
            (Some(text), offer_keyboard(lang, at), ExtMsg::Refused)
        }
        Some(Answer::Added(m)) => {
            info!(chat, ?at, minutes = m, "extension added");
            move_end(ctx, chat, at).await;
            let added = ExtMsg::Added { minutes: m.into() };
            let text = format!(
                "{}\n{}",
                tr(lang, &x(added.clone())),
                tr(lang, &x(ExtMsg::Offer))
            );
            (Some(text), offer_keyboard(lang, at), added)
        }
    };
    if let (Some(text), Some(id)) = (text, msg) {
        outbox::edit(ctx, chat, id.0, text, Some(keyboard), Priority::Notice).await;
    }
    tr_plain(lang, &x(toast))
}

/// The game of table `at` ends at the table's limit in the bracket (after an accepted
/// extension): saved by compare-and-set, again on a lost race, and shown (its board's
/// time line follows).
async fn move_end(ctx: &Ctx, chat: i64, at: TableId) {
    for _ in 0..END_ATTEMPTS {
        let Ok(Some(rec)) = super::load(ctx, chat).await else {
            return;
        };
        let t = &rec.state;
        let (Some(play), Some(end)) = (t.play(at), t.limit_at(at, MINUTE_MS)) else {
            return;
        };
        let here = load_place(ctx, place_of(chat, play.topic), None).await;
        let Ok(game) = here.table() else { return };
        if game.state.status() != Status::Playing
            || Some(game.state.stats().started_ms) != play.started_ms
            || game.state.ends_ms() == Some(end)
        {
            return;
        }
        let next = game.state.with_end(end, play.started_ms.unwrap_or(0));
        match save(ctx, &here, game.version, next).await {
            Ok(saved) => {
                follow(ctx, &here, &saved, false).await;
                return;
            }
            Err(_) => continue,
        }
    }
    warn!(chat, ?at, "the game's end did not follow the extension");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_button_data_round_trips_and_stays_short() {
        // Given every press of the largest table id
        let at = TableId {
            round: u8::MAX,
            table: u16::MAX,
        };
        let presses = EXTENSION_MINUTES
            .map(|m| ExtPress::Propose(at, m))
            .into_iter()
            .chain([ExtPress::Answer(at, true), ExtPress::Answer(at, false)]);
        for p in presses {
            // When encoded Then it decodes back and fits Telegram's 64 bytes
            let d = data(p);
            assert!(d.len() <= 64, "{d}");
            assert_eq!(decode(&d), Some(p));
        }
        // And other minutes, answers or tags are not ours
        for bad in ["tx:0.0.7", "ty:0.0.2", "tr:0.0", "tx:0.0.5.1", "tx:a.0.5"] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
