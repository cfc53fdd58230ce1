//! The chat's settings: `/display`, `/timer`, `/dice`, `/pings`, and `/language` with its
//! buttons.

use std::sync::Arc;

use teloxide::RequestError;
use teloxide::prelude::*;

use super::buttons::answer;
use super::commands::done;
use super::{Started, handled};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::{
    ChatSettings, DiceMode, Display, parse_dice, parse_display, parse_pings, parse_timer,
};
use crate::bot::core::view;
use crate::bot::effects::chat::{Here, InTopic};
use crate::bot::effects::commit;
use crate::bot::effects::telegram::{TgBot, say};
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Cmd, Lang, Msg, tr};

/// Store the chat's new settings and confirm with `done`, or say "try again" when Redis
/// cannot store them (nothing changed).
async fn save_and_confirm(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    s: &ChatSettings,
    done: &Msg,
) -> Result<(), RequestError> {
    let text = match ctx.store.set_settings(here.addr.id(), s).await {
        Ok(()) => tr(here.lang, done),
        Err(_) => tr(here.lang, &Msg::AlertTryAgain),
    };
    say(bot, here.addr, text).await
}

/// Store a setting command's new settings and confirm with its message, or, when its
/// argument did not parse (`None`), say how the command is used; then count the command.
async fn set(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    started: Started,
    cmd: Cmd,
    change: Option<(ChatSettings, Msg)>,
) -> HandlerResult {
    let r = match change {
        None => say(bot, here.addr, tr(here.lang, &Msg::BadArgs { cmd })).await,
        Some((s, m)) => save_and_confirm(bot, ctx, here, &s, &m).await,
    };
    done(bot, ctx, here, started, r).await
}

/// `/display image|emoji`.
pub async fn display(
    bot: TgBot,
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
    set(&bot, &ctx, &here, started, Cmd::Display, change).await
}

/// `/timer off|90|90s|2m|…`.
pub async fn timer(
    bot: TgBot,
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
    set(&bot, &ctx, &here, started, Cmd::Timer, change).await
}

/// `/dice auto|button`: the bot rolls for a human at the start of their turn, or the
/// board shows a Roll button. Takes effect from the next turn that starts.
pub async fn dice(
    bot: TgBot,
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
    set(&bot, &ctx, &here, started, Cmd::Dice, change).await
}

/// `/pings off|30|60|120`: how long a turn waits before the bot mentions its player (and
/// whether the warning before the timer comes). Takes effect from the next action.
pub async fn pings(
    bot: TgBot,
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
    set(&bot, &ctx, &here, started, Cmd::Pings, change).await
}

/// `/language`: the language buttons.
pub async fn language_menu(
    bot: TgBot,
    msg: Message,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = bot
        .send_message(msg.chat.id, tr(here.lang, &Msg::LanguagePrompt))
        .in_topic(here.addr)
        .reply_markup(view::language_keyboard())
        .await
        .map(|_| ());
    done(&bot, &ctx, &here, started, r).await
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
    let result = choose_language(&bot, &ctx, &q, lang, &here).await;
    let answered_in = Here {
        lang: if result.is_ok() { lang } else { here.lang },
        ..here.clone()
    };
    answer(&bot, &answered_in, &q, result).await;
    if result.is_ok()
        && let Ok(rec) = answered_in.table()
    {
        commit::show(
            &bot,
            &ctx,
            &answered_in,
            &rec.state,
            rec.version,
            answered_in.display(),
        )
        .await;
    }
    handled(&ctx, "callback", started);
    Ok(())
}

async fn choose_language(
    bot: &TgBot,
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
    ctx.store
        .set_settings(here.addr.id(), &s)
        .await
        .map_err(|_| Alert::TryAgain)?;
    // The row under a lobby: the lobby itself is shown again in the new language.
    let under_board = here.display().is_some_and(|d| d.message_id == msg.id.0);
    if !under_board {
        let _ = bot
            .edit_message_text(msg.chat.id, msg.id, tr(lang, &Msg::LanguageSet { lang }))
            .await;
    }
    Ok(())
}
