//! One handler per command. Each answers with a reply, or shows the board.

use std::sync::Arc;

use teloxide::RequestError;
use teloxide::prelude::*;

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
use crate::bot::effects::telegram::{TgBot, reply, say};
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

/// Which `/dice` mode is on, and the `/pings` wait, for `/help` and `/rules`.
fn dice_line(here: &Here) -> String {
    let auto = here.settings.dice == DiceMode::Auto;
    let pings = Msg::PingsIs {
        seconds: here.settings.pings_secs,
    };
    format!(
        "{}\n{}",
        tr(here.lang, &Msg::DiceIs { auto }),
        tr(here.lang, &pings)
    )
}

/// `/help`.
pub async fn help(
    bot: TgBot,
    msg: Message,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let text = format!("{}\n\n{}", view::help(here.lang), dice_line(&here));
    let r = reply(&bot, &msg, text).await;
    done(&bot, &ctx, &here, started, r).await
}

/// `/rules [preset] [pairs]`: the named rules, else the open table's, else the default.
pub async fn rules(
    bot: TgBot,
    msg: Message,
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
    let text = format!(
        "{}\n\n{}",
        view::rules(here.lang, preset, pairs),
        dice_line(&here)
    );
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

/// `/board`: post the board again at the bottom; the old message loses its buttons.
pub async fn board(bot: TgBot, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let r = match here.table() {
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
