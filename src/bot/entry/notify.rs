//! `/notify [off]` in a group, and `/start` in private (a deep link's payload registers the
//! user for the group it names, in one tap).

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, Me};
use tracing::info;

use super::reply::{done, reply, reply_with};
use super::started::Started;
use crate::bot::core::notify::{
    NotifyAsk, deep_link, parse_notify, parse_start_payload, start_payload,
};
use crate::bot::core::table::Actor;
use crate::bot::effects::chat::{Here, Place};
use crate::bot::effects::notify::where_of;
use crate::bot::effects::notify_list;
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{AchieveMsg, Cmd, Msg, tr};

fn am(here: &Here, m: AchieveMsg) -> String {
    tr(here.lang, &Msg::Achieve(m))
}

/// `/notify`, `/notify off` in a group (or topic).
pub async fn notify(
    msg: Message,
    args: String,
    actor: Actor,
    here: Here,
    me: Me,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let place = here.addr.place();
    let name = actor.name.clone();
    let mut keyboard = None;
    let text = match parse_notify(&args) {
        Err(_) => tr(here.lang, &Msg::BadArgs { cmd: Cmd::Notify }),
        Ok(NotifyAsk::On) => match notify_list::has_started(&ctx, actor.id).await {
            Ok(true) => {
                let title = msg.chat.title().unwrap_or_default();
                match notify_list::add(&ctx, place, actor.id, Some(title)).await {
                    Ok(()) => {
                        info!(chat = place.chat, user = actor.id, "notify on");
                        am(&here, AchieveMsg::NotifyOn { name })
                    }
                    Err(_) => tr(here.lang, &Msg::AlertTryAgain),
                }
            }
            Ok(false) => {
                // Remember the title for the private message the deep link leads to.
                let bot = me.username.as_deref().unwrap_or_default();
                let link = deep_link(bot, &start_payload(where_of(place)));
                let title = msg.chat.title().unwrap_or_default();
                notify_list::remember_title(&ctx, place.chat, title).await;
                // The deep link as a button, not 60 characters of raw link in the group.
                keyboard = link.parse().ok().map(|url| {
                    InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
                        am(&here, AchieveMsg::NotifyStartButton),
                        url,
                    )]])
                });
                am(&here, AchieveMsg::NotifyStartFirst { name })
            }
            Err(_) => tr(here.lang, &Msg::AlertTryAgain),
        },
        Ok(NotifyAsk::Off) => match notify_list::remove(&ctx, place, actor.id).await {
            Ok(true) => am(&here, AchieveMsg::NotifyOff { name }),
            Ok(false) => am(&here, AchieveMsg::NotifyWasOff { name }),
            Err(_) => tr(here.lang, &Msg::AlertTryAgain),
        },
    };
    reply_with(&ctx, &here, &msg, "notify", text, keyboard).await;
    done(&ctx, started)
}

/// `/start [payload]` in private: the bot may now write to the user; `notify_<chat>[_<topic>]`
/// registers them for that group's next game.
pub async fn private_start(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let Some(user) = msg
        .from
        .as_ref()
        .map(|u| i64::try_from(u.id.0).unwrap_or(0))
    else {
        return done(&ctx, started);
    };
    let text = match notify_list::mark_started(&ctx, user).await {
        Err(_) => tr(here.lang, &Msg::AlertTryAgain),
        Ok(()) => match parse_start_payload(&args) {
            Some(w) => {
                let place = match w.topic {
                    Some(t) => Place::of_topic(w.chat, t),
                    None => Place::of_chat(w.chat),
                };
                match notify_list::add(&ctx, place, user, None).await {
                    Ok(()) => {
                        info!(chat = place.chat, user, "notify on (deep link)");
                        let title = notify_list::title_of(&ctx, place).await;
                        am(&here, AchieveMsg::NotifyRegistered { title })
                    }
                    Err(_) => tr(here.lang, &Msg::AlertTryAgain),
                }
            }
            // A plain /start is greeted; `help`, `rules_jcf`… (the group's buttons) are not.
            None if args.trim().is_empty() => format!(
                "{}\n\n{}",
                am(&here, AchieveMsg::NotifyWelcome),
                super::commands::start_text(&here, &args)
            ),
            None => super::commands::start_text(&here, &args),
        },
    };
    reply(&ctx, &here, &msg, "start", text).await;
    done(&ctx, started)
}
