//! `/display` and `/timer`: per-chat settings commands.

use teloxide::prelude::*;
use teloxide::types::ParseMode;

use super::Ctx;
use super::handlers::{HandlerResult, TgBot};
use super::settings::{ChatSettings, Display};
use crate::i18n::{Cmd, Lang, Msg, tr};

/// Timer values offered (seconds); 0 is off.
pub const TIMER_CHOICES: [u32; 5] = [0, 30, 60, 120, 300];

async fn say(bot: &TgBot, msg: &Message, text: String) -> HandlerResult {
    bot.send_message(msg.chat.id, text)
        .parse_mode(ParseMode::Html)
        .await?;
    Ok(())
}

/// Store the chat's new settings and confirm with `done`, or say "try again" when Redis
/// cannot store them (nothing changed).
async fn save_and_confirm(
    bot: &TgBot,
    ctx: &Ctx,
    msg: &Message,
    s: &ChatSettings,
    lang: Lang,
    done: &Msg,
) -> HandlerResult {
    let text = match ctx.store.set_settings(msg.chat.id.0, s).await {
        Ok(()) => tr(lang, done),
        Err(_) => tr(lang, &Msg::AlertTryAgain),
    };
    say(bot, msg, text).await
}

/// `/display image|emoji`.
pub async fn display(
    bot: &TgBot,
    ctx: &Ctx,
    msg: &Message,
    args: &str,
    mut s: ChatSettings,
    lang: Lang,
) -> HandlerResult {
    let choice = match args.trim().to_lowercase().as_str() {
        "image" | "imatge" | "imagen" | "png" => Display::Image,
        "emoji" | "text" | "texto" => Display::Emoji,
        _ => return say(bot, msg, tr(lang, &Msg::BadArgs { cmd: Cmd::Display })).await,
    };
    s.display = choice;
    let m = match choice {
        Display::Image => Msg::DisplaySetImage,
        Display::Emoji => Msg::DisplaySetEmoji,
    };
    save_and_confirm(bot, ctx, msg, &s, lang, &m).await
}

/// Parse `/timer` arguments: `off` or seconds among [`TIMER_CHOICES`].
#[must_use]
pub fn parse_timer(args: &str) -> Option<u32> {
    let a = args.trim().to_lowercase();
    if matches!(a.as_str(), "off" | "0" | "no") {
        return Some(0);
    }
    let n: u32 = a.trim_end_matches('s').parse().ok()?;
    TIMER_CHOICES.contains(&n).then_some(n)
}

/// `/timer off|30|60|120|300`.
pub async fn timer(
    bot: &TgBot,
    ctx: &Ctx,
    msg: &Message,
    args: &str,
    mut s: ChatSettings,
    lang: Lang,
) -> HandlerResult {
    let Some(secs) = parse_timer(args) else {
        return say(bot, msg, tr(lang, &Msg::BadArgs { cmd: Cmd::Timer })).await;
    };
    s.timer_secs = secs;
    let m = if secs == 0 {
        Msg::TimerOff
    } else {
        Msg::TimerSet { seconds: secs }
    };
    save_and_confirm(bot, ctx, msg, &s, lang, &m).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_arguments() {
        assert_eq!(parse_timer("off"), Some(0));
        assert_eq!(parse_timer("60"), Some(60));
        assert_eq!(parse_timer(" 300s "), Some(300));
        assert_eq!(parse_timer("45"), None);
        assert_eq!(parse_timer("lots"), None);
    }
}
