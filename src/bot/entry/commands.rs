//! One handler per command. Each plans its reply or the board in the chat's outbox and
//! returns: no handler waits for a write to the chat.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::Me;

use super::reply::{done, reply, reply_only, reply_only_with, reply_with};
use super::started::Started;
use crate::bot::core::command::{parse_kick, parse_level, parse_newgame};
use crate::bot::core::settings::DiceMode;
use crate::bot::core::table::{Action, Actor};
use crate::bot::core::view;
use crate::bot::effects::chat::Here;
use crate::bot::effects::commit::{self, Saved, follow};
use crate::bot::effects::telegram::{TgBot, is_group};
use crate::bot::effects::{Ctx, HandlerResult, driver, lobby};
use crate::engine::Preset;
use crate::i18n::{Cmd, Msg, tr};

async fn bad_args(ctx: &Ctx, msg: &Message, here: &Here, cmd: Cmd) {
    reply_only(ctx, here, msg, "args", tr(here.lang, &Msg::BadArgs { cmd })).await;
}

/// Apply a table action of a command; a refusal is the reply.
async fn apply(bot: &TgBot, ctx: &Ctx, msg: &Message, here: &Here, actor: Actor, action: Action) {
    match commit::act(bot, ctx, here, actor, action, None).await {
        Ok(saved) => follow(ctx, here, &saved, false).await,
        Err(r) => reply_only(ctx, here, msg, "table", view::refusal(here.lang, r)).await,
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
    msg: Message,
    me: Me,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    if is_group(&msg.chat) {
        let auto = here.settings.dice == DiceMode::Auto;
        let kb = view::menus::private_button(
            here.lang,
            &Msg::BtnFullHelp,
            me.username.as_deref().unwrap_or_default(),
            &view::menus::start_payload(None),
        );
        let text = view::help_group(here.lang, auto);
        reply_only_with(&ctx, &here, &msg, "help", text, kb).await;
    } else {
        reply(&ctx, &here, &msg, "help", full_help(&here)).await;
    }
    done(&ctx, started)
}

/// The full help (a private chat: no game is played there, so no settings of its own).
fn full_help(here: &Here) -> String {
    view::help(here.lang)
}

/// `/rules [preset] [pairs]`: the named rules, else the open table's, else the default. In
/// a group, in a few lines with a button to all of them in the private chat.
pub async fn rules(
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
        (_, Some(t)) => (t.preset(), t.pairs()),
        _ => (Preset::Jcf, false),
    };
    if is_group(&msg.chat) {
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
        reply_with(&ctx, &here, &msg, "rules", text, kb).await;
    } else {
        let text = full_rules(&here, preset, pairs);
        reply(&ctx, &here, &msg, "rules", text).await;
    }
    done(&ctx, started)
}

/// All the rules of a preset (a private chat).
fn full_rules(here: &Here, preset: Preset, pairs: bool) -> String {
    view::rules(here.lang, preset, pairs)
}

/// What a private chat's `/start <payload>` shows: the rules of a preset (`rules_jcf`…), or
/// the full help (`help`, nothing, or a payload we do not know).
pub fn start_text(here: &Here, args: &str) -> String {
    match view::menus::parse_start_payload(args) {
        Some((preset, pairs)) => full_rules(here, preset, pairs),
        None => full_help(here),
    }
}

/// A game command outside a group.
pub async fn groups_only(
    msg: Message,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let text = tr(here.lang, &Msg::AlertGroupsOnly);
    reply(&ctx, &here, &msg, "groups", text).await;
    done(&ctx, started)
}

/// `/newgame [jcf|classic|solidari] [pairs] [4|6|8]`: open a lobby.
pub async fn new_game(
    msg: Message,
    args: String,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    match parse_newgame(&args) {
        Err(_) => bad_args(&ctx, &msg, &here, Cmd::NewGame).await,
        Ok(a) => {
            let r = lobby::open_lobby(&ctx, &here, &actor, a.preset, a.pairs, a.board).await;
            if let Err(r) = r {
                reply(&ctx, &here, &msg, "newgame", view::refusal(here.lang, r)).await;
            }
        }
    }
    done(&ctx, started)
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
            apply(&bot, &ctx, &msg, &here, actor, $action).await;
            done(&ctx, started)
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
    match parse_level(&args) {
        Ok(level) => apply(&bot, &ctx, &msg, &here, actor, Action::AddBot(level)).await,
        Err(_) => bad_args(&ctx, &msg, &here, Cmd::AddBot).await,
    }
    done(&ctx, started)
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
    match here.table() {
        Ok(rec) => match parse_kick(&args, rec.state.players()) {
            Some(i) => apply(&bot, &ctx, &msg, &here, actor, Action::Remove(i)).await,
            None => bad_args(&ctx, &msg, &here, Cmd::Kick).await,
        },
        Err(r) => reply(&ctx, &here, &msg, "table", view::refusal(here.lang, r)).await,
    }
    done(&ctx, started)
}

/// `/board`: the board posted again at the bottom (the old message loses its buttons);
/// three `/board` before the board's write is made are one board. With no game in play
/// (none, or the last one over or cancelled), one line says so.
pub async fn board(msg: Message, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    match here.table() {
        Ok(rec) if !rec.state.is_open() => {
            let text = tr(here.lang, &Msg::NoGameInPlay);
            reply(&ctx, &here, &msg, "board", text).await;
        }
        Ok(rec) => {
            let saved = Saved {
                table: rec.state.clone(),
                version: rec.version,
            };
            commit::show(&ctx, &here, &saved, true).await;
        }
        Err(r) => reply(&ctx, &here, &msg, "board", refusal_html(&here, r)).await,
    }
    done(&ctx, started)
}

/// `/skip`: the host or an admin has the bot play the current turn at once.
pub async fn skip(
    bot: TgBot,
    msg: Message,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    if let Err(r) = driver::skip(&bot, &ctx, &here, &actor).await {
        reply(&ctx, &here, &msg, "skip", refusal_html(&here, r)).await;
    }
    done(&ctx, started)
}

fn refusal_html(here: &Here, r: crate::bot::core::refusal::Refusal) -> String {
    tr(here.lang, &view::menus::refusal_msg(r))
}
