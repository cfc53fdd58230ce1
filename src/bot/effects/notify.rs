//! `/notify`: the private messages that tell the members who asked when the next game opens
//! at a place. They are planned once the lobby's board message is posted (the button leads
//! to it), in each member's private chat (one a second per chat, about 30 a second for the
//! bot as a whole: [`crate::store::PRIVATE_PER_SECOND`]), once per lobby and member. A
//! member who blocked the bot, or never started it, is dropped from every list when Telegram
//! says so.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};
use tracing::{info, warn};

use super::Ctx;
use super::chat::ChatAddr;
use super::outbox::{self, Plan, Priority, Write};
use crate::bot::core::notify::{Where, message_link};
use crate::bot::core::table::Table;
use crate::i18n::{AchieveMsg, Lang, Msg, tr};
use crate::store::Place;

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
/// once per lobby, however often the lobby is posted again).
pub async fn lobby_posted(ctx: &Ctx, addr: ChatAddr, t: &Table, id: i32, lang: Lang) {
    if addr.lane().is_some() || t.origin.is_some() {
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
    let title = title.unwrap_or_default();
    let link = message_link(where_of(place), id);
    for user in users {
        if t.players.iter().any(|p| p.id == user) {
            continue;
        }
        let (text, keyboard) = match &link {
            Some(url) => match url.parse() {
                Ok(url) => (
                    AchieveMsg::NotifyOpened {
                        title: title.clone(),
                    },
                    Some(InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
                        tr(lang, &Msg::Achieve(AchieveMsg::NotifyButton)),
                        url,
                    )]])),
                ),
                Err(_) => (
                    AchieveMsg::NotifyOpenedNoLink {
                        title: title.clone(),
                    },
                    None,
                ),
            },
            None => (
                AchieveMsg::NotifyOpenedNoLink {
                    title: title.clone(),
                },
                None,
            ),
        };
        let w = Write::Send {
            place: Place::of_chat(user),
            text: tr(lang, &Msg::Achieve(text)),
            reply_to: None,
            keyboard,
            then: None,
        };
        let slot = format!("n:{}", place.member());
        let once = format!("n:{}:{}", place.member(), t.seq);
        let plan = Plan::new(w, slot, Priority::Notice)
            .within(NOTICE_TTL_MS)
            .once(once);
        outbox::plan(ctx, user, plan).await;
    }
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
