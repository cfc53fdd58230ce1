//! `/notify`: the private messages that tell the members who asked when the next game opens
//! at a place. They are planned once the lobby's board message is posted (the button leads
//! to it), in each member's private chat (one a second per chat, about 30 a second for the
//! bot as a whole: [`crate::store::PRIVATE_PER_SECOND`]), once per lobby and member. A
//! member who blocked the bot, or never started it, is dropped from every list when Telegram
//! says so.

use std::future::IntoFuture;

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};
use tracing::{info, warn};

use super::Ctx;
use super::chat::ChatAddr;
use super::outbox::{self, Plan, Priority, Slot, Write};
use super::telegram::TgBot;
use crate::bot::core::notify::{Where, message_link};
use crate::bot::core::table::Table;
use crate::i18n::{AchieveMsg, Lang, Msg, Opened, tr};
use crate::store::{PRIVATE_BURST, PRIVATE_REFILL_MS, Place};

/// A notice not sent within this long is dropped: the lobby has likely started.
pub const NOTICE_TTL_MS: u64 = 10 * 60_000;

/// The core's name of a place.
#[must_use]
pub fn where_of(place: Place) -> Where {
    Where {
        chat: place.chat,
        topic: place.forum_topic(),
    }
}

/// The lobby `t` of `addr` was posted as message `id`: its notices are planned (each member
/// once per lobby, however often the lobby is posted again). Each says who opened it,
/// where, its rules and free seats, with a button into the lobby (a supergroup's message
/// link); a basic group's messages have no link, which the notice says plainly. The group's
/// title comes from the list's record, else from Telegram (`getChat`, a read, then kept),
/// else "your group": never an empty name.
pub async fn lobby_posted(bot: &TgBot, ctx: &Ctx, addr: ChatAddr, t: &Table, id: i32, lang: Lang) {
    if addr.lane().is_some() || t.origin().is_some() {
        // A tournament's table: its players were called; nobody else can join.
        return;
    }
    let place = addr.place();
    let (users, title) = match ctx.store.notify_users(place).await {
        Ok(u) => u,
        Err(e) => {
            warn!(chat = place.chat, error = %e, "notify list unavailable");
            return;
        }
    };
    if users.iter().all(|u| t.players().iter().any(|p| p.id == *u)) {
        return;
    }
    let title = match title.filter(|t| !t.trim().is_empty()) {
        Some(t) => t,
        None => title_from_telegram(bot, ctx, place.chat)
            .await
            .unwrap_or_else(|| tr(lang, &Msg::Achieve(AchieveMsg::NotifyAGroup))),
    };
    let opened = opened_of(t, title);
    let link = message_link(where_of(place), id).and_then(|u| u.parse().ok());
    let (text, keyboard) = match link {
        Some(url) => (
            AchieveMsg::NotifyOpened(opened),
            Some(InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
                tr(lang, &Msg::Achieve(AchieveMsg::NotifyButton)),
                url,
            )]])),
        ),
        None => (AchieveMsg::NotifyOpenedNoLink(opened), None),
    };
    let text = tr(lang, &Msg::Achieve(text));
    let users: Vec<i64> = users
        .into_iter()
        .filter(|u| !t.players().iter().any(|p| p.id == *u))
        .collect();
    for (i, user) in users.into_iter().enumerate() {
        let w = Write::Send {
            place: Place::of_chat(user),
            text: text.clone(),
            reply_to: None,
            keyboard: keyboard.clone(),
            then: None,
        };
        let slot = Slot::Notice(place);
        let once = format!("n:{}:{}", place.member(), t.seq());
        let plan = Plan::new(w, slot, Priority::Notice)
            .within(NOTICE_TTL_MS)
            .once(once)
            .after(fan_out_delay_ms(i));
        outbox::plan(ctx, user, plan).await;
    }
}

/// When the `i`-th notice of a fan-out is first tried, ms from now: one every refill of the
/// bot-wide private budget ([`PRIVATE_REFILL_MS`]), the first [`PRIVATE_BURST`] at once. The
/// budget itself ([`crate::store::Store::private_take`], shared by every replica) is what
/// keeps the bot under [`crate::store::PRIVATE_PER_SECOND`]; spread like this, a thousand
/// notices come due about when the budget has room for them, instead of all at once, each
/// tried and put back every poll until its turn (a load on the scheduler and Redis that
/// delayed the groups' boards).
#[must_use]
pub fn fan_out_delay_ms(i: usize) -> u64 {
    let past_burst = i.saturating_sub(PRIVATE_BURST as usize);
    u64::try_from(past_burst).map_or(u64::MAX, |n| n.saturating_mul(PRIVATE_REFILL_MS))
}

/// The lobby `t` as its notice tells it, in group `title`.
fn opened_of(t: &Table, title: String) -> Opened {
    let host = t
        .players()
        .iter()
        .find(|p| p.id == t.host())
        .or_else(|| t.players().first())
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let seated = t.players().len();
    Opened {
        host,
        title,
        preset: t.preset(),
        pairs: t.pairs(),
        free: u32::try_from(t.capacity().saturating_sub(seated)).unwrap_or(0),
    }
}

/// The group's title as Telegram has it (one read, bounded), kept for the next notices.
async fn title_from_telegram(bot: &TgBot, ctx: &Ctx, chat: i64) -> Option<String> {
    let read = bot.get_chat(teloxide::types::ChatId(chat)).into_future();
    let got = tokio::time::timeout(std::time::Duration::from_secs(5), read).await;
    let title = match got {
        Ok(Ok(c)) => c.title().map(str::to_owned)?,
        Ok(Err(e)) => {
            info!(chat, error = %e, "the group's title not read");
            return None;
        }
        Err(_) => return None,
    };
    if title.trim().is_empty() {
        return None;
    }
    let _ = ctx.store.notify_title(chat, &title).await;
    Some(title)
}

/// Telegram refused a private message to `user` for good (they blocked the bot, or never
/// started it): they leave every list.
pub async fn refused(ctx: &Ctx, user: i64) {
    match ctx.store.notify_forget_user(user).await {
        Ok(n) => info!(
            user,
            lists = n,
            "a user the bot cannot write to left the notify lists"
        ),
        Err(e) => warn!(user, error = %e, "notify lists not updated"),
    }
}
