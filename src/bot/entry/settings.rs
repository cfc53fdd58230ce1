//! The chat's settings: `/display`, `/timer`, `/dice`, `/pings`, and `/language` with its
//! buttons.

use std::sync::Arc;

use teloxide::prelude::*;

use super::buttons::answer;
use super::reply::{done, reply, reply_only};
use super::started::{Started, handled};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::{
    ChatSettings, DiceMode, Display, parse_dice, parse_display, parse_pings, parse_timer,
};
use crate::bot::core::view;
use crate::bot::effects::chat::{self, Here};
use crate::bot::effects::commit::{self, Saved};
use crate::bot::effects::outbox;
use crate::bot::effects::telegram::TgBot;
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Cmd, Lang, Msg, tr};

/// Store the chat's new settings and confirm with `done`, or say "try again" when Redis
/// cannot store them (nothing changed).
async fn save_and_confirm(ctx: &Ctx, msg: &Message, here: &Here, s: &ChatSettings, done: &Msg) {
    let text = match chat::save_settings(ctx, here.addr.id(), s).await {
        Ok(()) => tr(here.lang, done),
        Err(_) => tr(here.lang, &Msg::AlertTryAgain),
    };
    reply_only(ctx, here, msg, "settings", text).await;
}

/// Store a setting command's new settings and confirm with its message, or, when its
/// argument did not parse (`None`), say how the command is used; then count the command.
async fn set(
    ctx: &Ctx,
    msg: &Message,
    here: &Here,
    started: Started,
    cmd: Cmd,
    change: Option<(ChatSettings, Msg)>,
) -> HandlerResult {
    match change {
        None => {
            let text = tr(here.lang, &Msg::BadArgs { cmd });
            reply_only(ctx, here, msg, "settings", text).await;
        }
        Some((s, m)) => save_and_confirm(ctx, msg, here, &s, &m).await,
    }
    done(ctx, started)
}

/// `/display image|emoji`.
pub async fn display(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let change = parse_display(&args).map(|choice| {
        let s = ChatSettings {
            display: choice,
            ..here.settings
        };
        let m = match choice {
            Display::Image => Msg::DisplaySetImage,
            Display::Emoji => Msg::DisplaySetEmoji,
        };
        (s, m)
    });
    set(&ctx, &msg, &here, started, Cmd::Display, change).await
}

/// `/timer off|90|90s|2m|…`.
pub async fn timer(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let change = parse_timer(&args).map(|secs| {
        let s = ChatSettings {
            timer_secs: secs,
            ..here.settings
        };
        let m = if secs == 0 {
            Msg::TimerOff
        } else {
            Msg::TimerSet { seconds: secs }
        };
        (s, m)
    });
    set(&ctx, &msg, &here, started, Cmd::Timer, change).await
}

/// `/dice auto|button`: the bot rolls for a human at the start of their turn, or the
/// board shows a Roll button. Takes effect from the next turn that starts.
pub async fn dice(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let change = parse_dice(&args).map(|choice| {
        let s = ChatSettings {
            dice: choice,
            ..here.settings
        };
        let m = match choice {
            DiceMode::Auto => Msg::DiceSetAuto,
            DiceMode::Button => Msg::DiceSetButton,
        };
        (s, m)
    });
    set(&ctx, &msg, &here, started, Cmd::Dice, change).await
}

/// `/pings off|30|60|120`: how long a turn waits before the bot mentions its player (and
/// whether the warning before the timer comes). Takes effect from the next action.
pub async fn pings(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let change = parse_pings(&args).map(|secs| {
        let s = ChatSettings {
            pings_secs: secs,
            ..here.settings
        };
        let m = if secs == 0 {
            Msg::PingsOff
        } else {
            Msg::PingsSet { seconds: secs }
        };
        (s, m)
    });
    set(&ctx, &msg, &here, started, Cmd::Pings, change).await
}

/// `/language [code or name]`: with a word (`es`, `valencià`, `English`), the chat's
/// language from now on, confirmed in it and the board shown in it; without one, the
/// language buttons; a word that names no language we speak: how the command is used.
pub async fn language(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let word = args.trim();
    if word.is_empty() {
        let user = msg
            .from
            .as_ref()
            .map_or(0, |u| i64::try_from(u.id.0).unwrap_or(0));
        let text = tr(here.lang, &Msg::LanguagePrompt);
        let kb = Some(view::language_keyboard());
        outbox::reply_with(&ctx, here.addr, user, "language", msg.id.0, text, kb).await;
        return done(&ctx, started);
    }
    let Ok(lang) = word.parse::<Lang>() else {
        let text = tr(here.lang, &Msg::BadArgs { cmd: Cmd::Language });
        reply(&ctx, &here, &msg, "settings", text).await;
        return done(&ctx, started);
    };
    let s = ChatSettings {
        lang: Some(lang),
        lang_offered: true,
        ..here.settings
    };
    let now_in = Here {
        lang,
        ..here.clone()
    };
    match chat::save_settings(&ctx, here.addr.id(), &s).await {
        Ok(()) => {
            let text = tr(lang, &Msg::LanguageSet { lang });
            reply(&ctx, &now_in, &msg, "settings", text).await;
            show_board_in(&ctx, &now_in).await;
        }
        Err(_) => {
            let text = tr(here.lang, &Msg::AlertTryAgain);
            reply(&ctx, &here, &msg, "settings", text).await;
        }
    }
    done(&ctx, started)
}

/// The place's board shown again (in `here`'s language, just chosen).
async fn show_board_in(ctx: &Ctx, here: &Here) {
    if let Ok(rec) = here.table() {
        let saved = Saved {
            table: rec.state.clone(),
            version: rec.version,
        };
        commit::show(ctx, here, &saved, false).await;
    }
}

/// A language button: the chat's language from now on; the board is shown in it.
pub async fn on_language(
    bot: TgBot,
    q: CallbackQuery,
    lang: Lang,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let result = choose_language(&ctx, &q, lang, &here).await;
    let answered_in = Here {
        lang: if result.is_ok() { lang } else { here.lang },
        ..here.clone()
    };
    answer(&bot, &ctx.metrics, &answered_in, &q, result).await;
    if result.is_ok() {
        show_board_in(&ctx, &answered_in).await;
    }
    handled(&ctx, "callback", started);
    Ok(())
}

async fn choose_language(
    ctx: &Ctx,
    q: &CallbackQuery,
    lang: Lang,
    here: &Here,
) -> Result<(), Refusal> {
    let msg = q.regular_message().ok_or(Alert::Stale)?;
    let s = ChatSettings {
        lang: Some(lang),
        lang_offered: true,
        ..here.settings
    };
    chat::save_settings(ctx, here.addr.id(), &s)
        .await
        .map_err(|_| Alert::TryAgain)?;
    // The row under a lobby: the lobby itself is shown again in the new language.
    let under_board = here.display().is_some_and(|d| d.message_id == msg.id.0);
    if !under_board {
        let text = tr(lang, &Msg::LanguageSet { lang });
        outbox::edit(
            ctx,
            msg.chat.id.0,
            msg.id.0,
            text,
            None,
            outbox::Priority::Reply,
        )
        .await;
    }
    Ok(())
}
