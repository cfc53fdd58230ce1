//! The entry of every update: [`schema`] routes it by kind, command and button to one
//! handler each, after loading the chat once ([`crate::bot::effects::chat::load`]).
//!
//! ```text
//! update ─▶ listen::Listener (a kind teloxide cannot parse: a guest message to guest::on_mention,
//!           │                 anything else logged once per kind and dropped)
//! update ─▶ first_delivery (SET NX) ─┬─ message ─┬─ migrate_to_chat_id ─▶ chat_events::on_migrate
//!                                    │           ├─ /command ─▶ load chat ─▶ commands::* (one per command)
//!                                    │           └─ /unknown ─▶ fallback
//!                                    ├─ callback ─▶ load chat ─┬─ table button ─▶ buttons::on_action
//!                                    │  (its SET NX in the     │
//!                                    │   load's round trip)    │
//!                                    │                        ├─ new game     ─▶ buttons::on_new_game
//!                                    │                        ├─ rematch      ─▶ stats::on_rematch
//!                                    │                        ├─ language     ─▶ settings::on_language
//!                                    │                        └─ not ours     ─▶ buttons::on_invalid
//!                                    └─ my_chat_member ─▶ chat_events::on_my_chat_member
//! ```

pub mod buttons;
pub mod chat_events;
pub mod commands;
pub mod fair;
pub mod fallback;
pub mod guest;
pub mod inline;
pub mod listen;
pub mod live;
pub mod notify;
pub mod replay;
pub mod reply;
pub mod season;
pub mod settings;
pub mod started;
pub mod stats;
pub mod tourney;
pub mod tourney_ext;
pub mod tourney_pairs;
pub mod webhook;

use std::sync::Arc;
use std::time::Instant;

use teloxide::dispatching::{DpHandlerDescription, UpdateHandler};
use teloxide::dptree::{HandlerDescription, case};
use teloxide::prelude::*;
use teloxide::types::{MaybeInaccessibleMessage, Me};
use tracing::info;

use super::core::callback::{Button, Press, lane_of};
use super::core::command::{Command, word};
use super::core::view;
use super::effects::chat::{self, ChatAddr, Here};
use super::effects::gate::{self, Flood};
use super::effects::telegram::{TgBot, actor_of, is_group};
use super::effects::{self, Ctx, HandlerResult};
use crate::i18n::Lang;
use started::Started;

/// How long an update id is remembered, to drop re-deliveries of the same update: Telegram
/// keeps an undelivered update for 24 hours, so a retry can come no later.
pub const UPDATE_DEDUP_TTL_SECS: u64 = 24 * 3600;

/// The handler tree. Its first step lets an update through only the first time any replica
/// sees its `update_id` ([`first_delivery`]); a button press's is marked with its chat's
/// load instead, in the same round trip ([`here_of_callback`]).
#[must_use]
pub fn schema() -> UpdateHandler<anyhow::Error> {
    let migrate = dptree::filter(|m: Message| m.migrate_to_chat_id().is_some())
        .endpoint(chat_events::on_migrate);
    let unknown = dptree::filter(|m: Message| fallback::looks_like_command(&m))
        .endpoint(fallback::on_unknown_command);
    // Described as an entry (it observes no update kind of its own), so that the update
    // kinds the branches ask for stay the schema's (`listen::SCHEMA_KINDS`). Kinds teloxide
    // cannot parse never get here: `listen::Listener` takes them out.
    dptree::filter_async_with_description(DpHandlerDescription::entry(), first_delivery)
        .chain(dptree::map_with_description(
            DpHandlerDescription::entry(),
            || Started(Instant::now()),
        ))
        .branch(
            Update::filter_message().branch(migrate).branch(
                dptree::filter_async(flood_gate)
                    .branch(command_tree())
                    .branch(unknown),
            ),
        )
        .branch(button_tree())
        .branch(Update::filter_inline_query().endpoint(inline::on_query))
        .branch(Update::filter_chosen_inline_result().endpoint(inline::on_chosen))
        .branch(Update::filter_my_chat_member().endpoint(chat_events::on_my_chat_member))
}

/// One branch per command. Help, language and rules work anywhere; the rest in groups.
fn command_tree() -> UpdateHandler<anyhow::Error> {
    let by_someone = dptree::filter_map(|m: Message| m.from.as_ref().map(actor_of))
        .branch(case![Command::NewGame(args)].endpoint(commands::new_game))
        .branch(case![Command::Join].endpoint(commands::join))
        .branch(case![Command::Leave].endpoint(commands::leave))
        .branch(case![Command::Start(args)].endpoint(commands::start))
        .branch(case![Command::Cancel].endpoint(commands::cancel))
        .branch(case![Command::AddBot(args)].endpoint(commands::add_bot))
        .branch(case![Command::Kick(args)].endpoint(commands::kick))
        .branch(case![Command::Board].endpoint(commands::board))
        .branch(case![Command::Skip].endpoint(commands::skip))
        .branch(case![Command::Display(args)].endpoint(settings::display))
        .branch(case![Command::Timer(args)].endpoint(settings::timer))
        .branch(case![Command::Timezone(args)].endpoint(stats::timezone))
        .branch(case![Command::Dice(args)].endpoint(settings::dice))
        .branch(case![Command::Tournament(args)].endpoint(tourney::tournament))
        .branch(case![Command::Bracket].endpoint(tourney::bracket))
        .branch(case![Command::Season(args)].endpoint(season::season))
        .branch(case![Command::Pings(args)].endpoint(settings::pings))
        .branch(case![Command::Replay].endpoint(replay::replay))
        .branch(case![Command::Record].endpoint(replay::record))
        .branch(case![Command::Notify(args)].endpoint(notify::notify))
        .branch(case![Command::Seed(args)].endpoint(fair::seed));
    // A group message from nobody (sent on behalf of a channel) plays no part.
    let in_groups = dptree::filter(|m: Message| is_group(&m.chat))
        .branch(by_someone)
        .branch(dptree::endpoint(ignore));
    teloxide::filter_command::<Command, _>()
        .map_async(here_of_message)
        .branch(case![Command::Help].endpoint(commands::help))
        .branch(case![Command::Language(args)].endpoint(settings::language))
        .branch(case![Command::Rules(args)].endpoint(commands::rules))
        .branch(case![Command::Top(args)].endpoint(stats::top))
        .branch(case![Command::Stats(args)].endpoint(stats::stats))
        .branch(case![Command::ForgetMe].endpoint(stats::forget_me))
        .branch(case![Command::Fair].endpoint(fair::fair))
        .branch(
            dptree::filter(|m: Message| !is_group(&m.chat))
                .branch(case![Command::Start(args)].endpoint(notify::private_start)),
        )
        .branch(in_groups)
        .branch(dptree::endpoint(commands::groups_only))
}

/// One branch per kind of button; data that is not ours is answered as such.
fn button_tree() -> UpdateHandler<anyhow::Error> {
    let decoded = dptree::filter_map(|q: CallbackQuery| q.data.as_deref().and_then(Press::decode))
        .map(|p: Press| p.button)
        .branch(dptree::filter_map(Button::action).endpoint(buttons::on_action))
        .branch(
            dptree::filter(|b: Button| matches!(b, Button::NewGame | Button::NewPictureGame))
                .endpoint(buttons::on_new_game),
        )
        .branch(case![Button::Rematch].endpoint(stats::on_rematch))
        .branch(case![Button::Language(lang)].endpoint(settings::on_language))
        .branch(case![Button::Replay(game)].endpoint(replay::on_button));
    let tourney =
        dptree::filter_map(|q: CallbackQuery| q.data.as_deref().and_then(tourney::decode))
            .endpoint(tourney::on_button);
    let extension =
        dptree::filter_map(|q: CallbackQuery| q.data.as_deref().and_then(tourney_ext::decode))
            .endpoint(tourney_ext::on_button);
    let season = dptree::filter_map(|q: CallbackQuery| q.data.as_deref().and_then(season::decode))
        .endpoint(season::on_button);
    Update::filter_callback_query()
        .filter_map_async(here_of_callback)
        .branch(tourney)
        .branch(season)
        .branch(extension)
        .branch(decoded)
        .branch(dptree::endpoint(buttons::on_invalid))
}

/// The place of a command (its forum topic, or the chat), loaded once for the update (its
/// language derived once).
async fn here_of_message(msg: Message, cmd: Command, ctx: Arc<Ctx>) -> Here {
    let addr = ChatAddr::of_message(&msg);
    info!(
        chat = addr.id(),
        topic = addr.topic(),
        kind = "command",
        command = word(cmd.cmd()),
        "update"
    );
    chat::load(&ctx, addr, msg.from.as_ref()).await
}

/// The place of a button press: the lane its data names (a lane's board), else the topic of
/// the message the button is under. (A message too old for Telegram to show, which says
/// nothing of its topic, counts as the chat's.) A press that carries only an
/// `inline_message_id` is an inline game's, or a group board's (Bot API 10.5) whose chat an
/// earlier press taught us ([`effects::inline::place_of_callback`]).
///
/// The press's update is marked as seen in the chat load's round trip
/// ([`chat::load_first`]): `None`, and the press is dropped, when any replica saw it before.
async fn here_of_callback(upd: Update, me: Me, q: CallbackQuery, ctx: Arc<Ctx>) -> Option<Here> {
    let lane = q.data.as_deref().and_then(lane_of);
    let addr = match (&q.message, lane) {
        (Some(MaybeInaccessibleMessage::Regular(m)), lane) => {
            if is_group(&m.chat) {
                effects::inline::learn_instance(&ctx, &q, m.chat.id.0).await;
            }
            match lane {
                Some(lane) => ChatAddr::in_lane(m.chat.id.0, lane),
                None => ChatAddr::of_message(m),
            }
        }
        (Some(MaybeInaccessibleMessage::Inaccessible(m)), Some(lane)) => {
            ChatAddr::in_lane(m.chat.id.0, lane)
        }
        (Some(MaybeInaccessibleMessage::Inaccessible(m)), None) => ChatAddr::new(m.chat.id.0),
        (None, lane) => match q.inline_message_id.as_deref() {
            Some(id) => {
                let place = effects::inline::place_of_callback(&ctx, &q, id).await;
                match lane {
                    Some(lane) if !place.is_inline() => ChatAddr::in_lane(place.chat, lane),
                    _ => ChatAddr::from(place),
                }
            }
            None => ChatAddr::new(0),
        },
    };
    info!(
        chat = addr.id(),
        topic = addr.topic(),
        lane = addr.lane(),
        kind = "callback",
        "update"
    );
    let here = chat::load_first(&ctx, addr, Some(&q.from), update_mark(&upd, &me)).await;
    if here.is_none() {
        duplicate(addr.id(), &upd);
    }
    here
}

/// The mark of `upd` as seen ([`UPDATE_DEDUP_TTL_SECS`]): update ids are per bot, so the mark
/// names the bot (its id from the dispatcher's `getMe`).
fn update_mark(upd: &Update, me: &Me) -> gate::UpdateMark {
    gate::UpdateMark {
        bot_id: i64::try_from(me.id.0).unwrap_or(i64::MAX),
        update_id: i64::from(upd.id.0),
        ttl_secs: UPDATE_DEDUP_TTL_SECS,
    }
}

fn duplicate(chat: i64, upd: &Update) {
    info!(
        chat,
        kind = "duplicate",
        update_id = upd.id.0,
        "duplicate update dropped"
    );
}

/// Lets a member's command through unless they flood the bot: past
/// [`gate::FLOOD_LIMIT`] commands a minute in a chat they get one short notice and
/// then no answer while they go on (see [`gate::flood_check`]), so they can
/// never spend the chat's writes. Presses are not counted here: answering one is no write
/// to the chat. When Redis cannot say, the command passes.
async fn flood_gate(bot: TgBot, msg: Message, ctx: Arc<Ctx>) -> bool {
    if !fallback::looks_like_command(&msg) {
        return true;
    }
    let Some(user) = msg.from.as_ref() else {
        return true;
    };
    let who = actor_of(user);
    let chat = msg.chat.id.0;
    if !gate::redis_up(&ctx) {
        // Redis is away: nothing can be read or planned. One short "busy" answer, within
        // this replica's own pace, and the command is not handled.
        // In the chat's language as this replica last read it (the settings are in Redis);
        // a chat it never saw gets the member's.
        let lang = ctx
            .langs
            .get(chat)
            .or_else(|| chat::user_lang(Some(user)))
            .unwrap_or(ctx.default_lang);
        let text = crate::i18n::tr(lang, &crate::i18n::Msg::AlertTryAgain);
        let addr = ChatAddr::of_message(&msg);
        crate::bot::effects::outbox::away::reply_now(&bot, &ctx, addr, msg.id.0, text);
        return false;
    }
    match gate::flood_check(&ctx, chat, who.id).await {
        Ok(Flood::Answer) | Err(_) => true,
        Ok(Flood::Notice) => {
            info!(chat, user = who.id, "a member floods the bot: quieted");
            ctx.metrics.outbox("flood_notice");
            let addr = ChatAddr::of_message(&msg);
            let here = chat::load(&ctx, addr, Some(user)).await;
            let text = crate::i18n::tr(here.lang, &crate::i18n::Msg::FloodQuiet { name: who.name });
            reply::reply(&ctx, &here, &msg, "flood", text).await;
            false
        }
        Ok(Flood::Quiet) => {
            ctx.metrics.outbox("flood_quiet");
            false
        }
    }
}

/// True the first time any replica of this bot sees this update's id (within
/// [`UPDATE_DEDUP_TTL_SECS`]). Update ids are per bot, so the mark names the bot (its id
/// from the dispatcher's `getMe`): two bots sharing one Redis never drop each other's
/// updates.
///
/// Telegram delivers an update again when it got no 200 for it (a webhook request that timed
/// out at the load balancer, a dropped connection), possibly to another replica; a restart in
/// polling mode can also fetch an update that was handled but not yet confirmed. The mark is
/// a `SET NX` in the shared Redis, so exactly one delivery passes. When Redis cannot answer,
/// the update passes: the game's compare-and-set still keeps it consistent.
///
/// A button press passes here unmarked: it is marked in the round trip that loads its chat
/// ([`here_of_callback`]), one round trip fewer before it is answered.
pub async fn first_delivery(upd: Update, me: Me, ctx: Arc<Ctx>) -> bool {
    if matches!(upd.kind, teloxide::types::UpdateKind::CallbackQuery(_)) {
        return true;
    }
    let mark = update_mark(&upd, &me);
    match gate::first_time_update(&ctx, mark.bot_id, mark.update_id, mark.ttl_secs).await {
        Ok(true) => true,
        Ok(false) => {
            duplicate(upd.chat().map_or(0, |c| c.id.0), &upd);
            false
        }
        Err(e) => {
            tracing::warn!(update_id = mark.update_id, error = %e, "update dedup unavailable; handling it");
            true
        }
    }
}

/// The Telegram `language_code` whose users get `lang`'s menu (Valencian has none: its
/// speakers send `ca` or `es`, so they get the chat's choice through /language instead).
#[must_use]
pub fn telegram_code(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::Ca => Some("ca"),
        Lang::Es => Some("es"),
        Lang::En => Some("en"),
        Lang::CaValencia => None,
    }
}

/// Register the localized `/` menus (one per language, plus the default).
pub async fn register_commands(bot: &TgBot, default: Lang) {
    for lang in Lang::ALL {
        let Some(code) = telegram_code(lang) else {
            continue;
        };
        if let Err(e) = bot
            .set_my_commands(view::command_list(lang))
            .language_code(code)
            .await
        {
            tracing::warn!(error = %e, code, "setMyCommands failed");
        }
    }
    if let Err(e) = bot.set_my_commands(view::command_list(default)).await {
        tracing::warn!(error = %e, "setMyCommands failed");
    }
}

/// The dispatcher over [`schema`] with the context as its dependency. Updates of one
/// chat are handled in order, different chats concurrently; no handler waits for a write to
/// its chat (they are planned in the outbox), so a chat's updates never queue behind one.
#[must_use]
pub fn dispatcher(
    bot: TgBot,
    ctx: Arc<Ctx>,
) -> Dispatcher<TgBot, anyhow::Error, teloxide::dispatching::DefaultKey> {
    Dispatcher::builder(bot, schema())
        .dependencies(dptree::deps![ctx])
        .default_handler(|_| async {})
        .build()
}

/// The endpoint of updates that call for nothing.
async fn ignore() -> HandlerResult {
    Ok(())
}
