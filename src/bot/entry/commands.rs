//! One handler per command. Each answers with a reply, or shows the board.

use std::sync::Arc;

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::Me;

use super::{Started, handled};
use crate::bot::core::command::{parse_kick, parse_level, parse_newgame};
use crate::bot::core::refusal::Refusal;
use crate::bot::core::settings::DiceMode;
use crate::bot::core::table::{Action, Actor};
use crate::bot::core::view;
use crate::bot::effects::chat::Here;
use crate::bot::effects::commit::{self, after_save, show_new};
use crate::bot::effects::display;
use crate::bot::effects::lifecycle::replied;
use crate::bot::effects::telegram::{TgBot, is_group, reply, reply_with, say};
use crate::bot::effects::{Ctx, HandlerResult, driver};
use crate::engine::Preset;
use crate::i18n::{Cmd, Msg, tr};

/// Count the command and end or move the chat's game when Telegram said so.
pub(super) async fn done(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    started: Started,
    result: Result<(), RequestError>,
) -> HandlerResult {
    handled(ctx, "command", started);
    replied(bot, ctx, here.addr, result).await
}

async fn bad_args(bot: &TgBot, msg: &Message, here: &Here, cmd: Cmd) -> Result<(), RequestError> {
    reply(bot, msg, tr(here.lang, &Msg::BadArgs { cmd })).await
}

/// Apply a table action of a command; a refusal is the reply.
async fn apply(
    bot: &TgBot,
    ctx: &Ctx,
    msg: &Message,
    here: &Here,
    actor: Actor,
    action: Action,
) -> Result<(), RequestError> {
    match commit::act(bot, ctx, here, actor, action, None).await {
        Ok(saved) => {
            after_save(bot, ctx, here, &saved).await;
            Ok(())
        }
        Err(r) => reply(bot, msg, view::refusal(here.lang, r)).await,
    }
}

/// The chat's settings that change how a game plays, for `/help` and `/rules`: the turn
/// timer (so the rules never say "no time limit" while the board counts one), the `/dice`
/// mode and the `/pings` wait.
fn settings_lines(here: &Here) -> String {
    let auto = here.settings.dice == DiceMode::Auto;
    let timer = match here.settings.timer_secs {
        0 => Msg::TimerOff,
        seconds => Msg::TimerSet { seconds },
    };
    let pings = Msg::PingsIs {
        seconds: here.settings.pings_secs,
    };
    [timer, Msg::DiceIs { auto }, pings]
        .iter()
        .map(|m| tr(here.lang, m))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `/help`: in a group, the short help that follows the chat's `/dice` mode, with a button
/// to the full text in the private chat; in a private chat, the full text.
pub async fn help(
    bot: TgBot,
    msg: Message,
    me: Me,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = if is_group(&msg.chat) {
        let auto = here.settings.dice == DiceMode::Auto;
        let kb = view::menus::private_button(
            here.lang,
            &Msg::BtnFullHelp,
            me.username.as_deref().unwrap_or_default(),
            &view::menus::start_payload(None),
        );
        reply_with(&bot, &msg, view::help_group(here.lang, auto), kb).await
    } else {
        reply(&bot, &msg, full_help(&here)).await
    };
    done(&bot, &ctx, &here, started, r).await
}

/// The full help (a private chat: no game is played there, so no settings of its own).
fn full_help(here: &Here) -> String {
    view::help(here.lang)
}

/// `/rules [preset] [pairs]`: the named rules, else the open table's, else the default. In
/// a group, in a few lines with a button to all of them in the private chat.
pub async fn rules(
    bot: TgBot,
    msg: Message,
    me: Me,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let open = here.table().ok().map(|r| &r.state).filter(|t| t.is_open());
    let (preset, pairs) = match (parse_newgame(&args), open) {
        (Ok(a), _) if !args.trim().is_empty() => (a.preset, a.pairs),
        (_, Some(t)) => (t.preset, t.pairs),
        _ => (Preset::Jcf, false),
    };
    let r = if is_group(&msg.chat) {
        let text = format!(
            "{}\n\n{}",
            view::rules_short(here.lang, preset, pairs),
            settings_lines(&here)
        );
        let kb = view::menus::private_button(
            here.lang,
            &Msg::BtnAllRules,
            me.username.as_deref().unwrap_or_default(),
            &view::menus::start_payload(Some((preset, pairs))),
        );
        reply_with(&bot, &msg, text, kb).await
    } else {
        reply(&bot, &msg, full_rules(&here, preset, pairs)).await
    };
    done(&bot, &ctx, &here, started, r).await
}

/// All the rules of a preset (a private chat).
fn full_rules(here: &Here, preset: Preset, pairs: bool) -> String {
    view::rules(here.lang, preset, pairs)
}

/// `/start` in a private chat (a deep link's `?start=help` or `?start=rules_jcf`, or no
/// payload): the full help, or the full rules asked for.
pub async fn start_private(
    bot: TgBot,
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let text = match view::menus::parse_start_payload(&args) {
        Some((preset, pairs)) => full_rules(&here, preset, pairs),
        None => full_help(&here),
    };
    let r = reply(&bot, &msg, text).await;
    done(&bot, &ctx, &here, started, r).await
}

/// A game command outside a group.
pub async fn groups_only(
    bot: TgBot,
    msg: Message,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = reply(&bot, &msg, tr(here.lang, &Msg::AlertGroupsOnly)).await;
    done(&bot, &ctx, &here, started, r).await
}

/// `/newgame [jcf|classic|solidari] [pairs] [4|6|8]`: open a lobby.
pub async fn new_game(
    bot: TgBot,
    msg: Message,
    args: String,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = match parse_newgame(&args) {
        Err(_) => bad_args(&bot, &msg, &here, Cmd::NewGame).await,
        Ok(a) => {
            match commit::open_lobby(&bot, &ctx, &here, &actor, a.preset, a.pairs, a.board).await {
                Ok(saved) => {
                    show_new(&bot, &ctx, &here, &saved).await;
                    Ok(())
                }
                Err(r) => reply(&bot, &msg, view::refusal(here.lang, r)).await,
            }
        }
    };
    done(&bot, &ctx, &here, started, r).await
}

macro_rules! table_command {
    ($(#[$doc:meta])* $name:ident => $action:expr) => {
        $(#[$doc])*
        pub async fn $name(
            bot: TgBot,
            msg: Message,
            actor: Actor,
            here: Here,
            ctx: Arc<Ctx>,
            started: Started,
        ) -> HandlerResult {
            let r = apply(&bot, &ctx, &msg, &here, actor, $action).await;
            done(&bot, &ctx, &here, started, r).await
        }
    };
}

table_command!(
    /// `/join`.
    join => Action::Join
);
table_command!(
    /// `/leave`.
    leave => Action::Leave
);
table_command!(
    /// `/start`.
    start => Action::Start
);
table_command!(
    /// `/cancel`.
    cancel => Action::Cancel
);

/// `/addbot [easy|normal|hard]`.
pub async fn add_bot(
    bot: TgBot,
    msg: Message,
    args: String,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = match parse_level(&args) {
        Ok(level) => apply(&bot, &ctx, &msg, &here, actor, Action::AddBot(level)).await,
        Err(_) => bad_args(&bot, &msg, &here, Cmd::AddBot).await,
    };
    done(&bot, &ctx, &here, started, r).await
}

/// `/kick 2` (a place in the list) or `/kick red` (a colour).
pub async fn kick(
    bot: TgBot,
    msg: Message,
    args: String,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = match here.table() {
        Ok(rec) => match parse_kick(&args, &rec.state.players) {
            Some(i) => apply(&bot, &ctx, &msg, &here, actor, Action::Remove(i)).await,
            None => bad_args(&bot, &msg, &here, Cmd::Kick).await,
        },
        Err(r) => reply(&bot, &msg, view::refusal(here.lang, r)).await,
    };
    done(&bot, &ctx, &here, started, r).await
}

/// `/board`: post the board again at the bottom; the old message loses its buttons. With
/// no game in play (none, or the last one over or cancelled), one line says so.
pub async fn board(bot: TgBot, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let r = match here.table() {
        Ok(rec) if !rec.state.is_open() => {
            say(&bot, here.addr, tr(here.lang, &Msg::NoGameInPlay)).await
        }
        Ok(rec) => {
            if let Some(old) = here.display() {
                display::strip_buttons(&bot, here.addr, old.message_id).await;
            }
            commit::show(&bot, &ctx, &here, &rec.state, rec.version, None).await;
            Ok(())
        }
        Err(r) => say(&bot, here.addr, refusal_html(&here, r)).await,
    };
    done(&bot, &ctx, &here, started, r).await
}

/// `/skip`: the host or an admin has the bot play the current turn at once.
pub async fn skip(
    bot: TgBot,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let r = match driver::skip(&bot, &ctx, &here, &actor).await {
        Ok(()) => Ok(()),
        Err(r) => say(&bot, here.addr, refusal_html(&here, r)).await,
    };
    done(&bot, &ctx, &here, started, r).await
}

fn refusal_html(here: &Here, r: Refusal) -> String {
    tr(here.lang, &view::menus::refusal_msg(r))
}
