//! Update handlers: load the chat's table, apply the pure transition, compare-and-set it
//! into Redis, then edit the one board message. Every callback query is answered.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{ChatKind, MaybeInaccessibleMessage, ParseMode, User};
use tracing::{info, warn};

use super::Ctx;
use super::callback::{Button, Press};
use super::commands::{self, Command};
use super::display;
use super::settings::ChatSettings;
use super::table::{Action, Actor, Reject, Table};
use super::view::{self, Alert};
use crate::i18n::{Lang, Msg, tr};
use crate::store::StoreError;

pub(super) use super::commit::remember_board;
pub use super::commit::{apply, apply_press, commit, show_and_remember, telegram_failed};

/// The bot type: teloxide's Bot behind the Throttle adaptor (Telegram's rate limits).
pub type TgBot = teloxide::adaptors::Throttle<Bot>;
/// Handler result.
pub type HandlerResult = Result<(), anyhow::Error>;

/// Why an action did not go through, as the user is told.
#[derive(Debug)]
pub enum Refusal {
    Reject(Reject),
    Alert(Alert),
}

impl From<Reject> for Refusal {
    fn from(r: Reject) -> Self {
        Self::Reject(r)
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        warn!(error = %e, "store error");
        Self::Alert(Alert::TryAgain)
    }
}

fn actor_of(u: &User) -> Actor {
    let mut name = u.first_name.trim().to_string();
    if name.is_empty() {
        name = u.username.clone().unwrap_or_else(|| format!("#{}", u.id.0));
    }
    Actor {
        id: u.id.0 as i64,
        name: name.chars().take(40).collect(),
        is_admin: false,
    }
}

pub(super) fn is_group(chat: &teloxide::types::Chat) -> bool {
    matches!(chat.kind, ChatKind::Public(_)) && !chat.is_channel()
}

/// The chat's settings and language; the first user's Telegram language sets it once.
pub(super) async fn chat_lang(ctx: &Ctx, chat: i64, user: Option<&User>) -> (ChatSettings, Lang) {
    match try_chat_lang(ctx, chat, user).await {
        Ok(v) => v,
        Err(_) => (ChatSettings::default(), user_lang(ctx, user)),
    }
}

/// The language of `user` as Telegram says, or the default.
fn user_lang(ctx: &Ctx, user: Option<&User>) -> Lang {
    user.and_then(|u| Lang::from_telegram(u.language_code.as_deref()))
        .unwrap_or(ctx.default_lang)
}

/// As [`chat_lang`], telling when Redis could not be read.
async fn try_chat_lang(
    ctx: &Ctx,
    chat: i64,
    user: Option<&User>,
) -> Result<(ChatSettings, Lang), StoreError> {
    let mut s: ChatSettings = ctx.store.settings(chat).await?;
    Ok(derive_lang(ctx, chat, user, &mut s).await)
}

async fn derive_lang(
    ctx: &Ctx,
    chat: i64,
    user: Option<&User>,
    s: &mut ChatSettings,
) -> (ChatSettings, Lang) {
    if let Some(l) = s.lang {
        return (*s, l);
    }
    let derived = user.and_then(|u| Lang::from_telegram(u.language_code.as_deref()));
    if let Some(l) = derived {
        s.lang = Some(l);
        if let Err(e) = ctx.store.set_settings(chat, &*s).await {
            warn!(chat, error = %e, "could not store the derived language");
        }
        return (*s, l);
    }
    (*s, ctx.default_lang)
}

pub(super) fn rng_for(ctx: &Ctx, chat: i64, seq: u64) -> ChaCha8Rng {
    match ctx.seed {
        Some(seed) => {
            ChaCha8Rng::seed_from_u64(seed ^ (chat as u64).rotate_left(17) ^ seq.rotate_left(41))
        }
        None => ChaCha8Rng::from_os_rng(),
    }
}

/// Is `user` an administrator of `chat`? (Only asked when it matters.)
pub(super) async fn is_admin(bot: &TgBot, chat: ChatId, user: UserId) -> bool {
    match bot.get_chat_member(chat, user).await {
        Ok(m) => m.is_privileged(),
        Err(e) => {
            warn!(chat = chat.0, error = %e, "getChatMember failed");
            false
        }
    }
}

/// Reply to a command with a short text.
pub(super) async fn reply(bot: &TgBot, msg: &Message, text: String) -> HandlerResult {
    bot.send_message(msg.chat.id, text)
        .parse_mode(ParseMode::Html)
        .reply_parameters(
            teloxide::types::ReplyParameters::new(msg.id).allow_sending_without_reply(),
        )
        .await?;
    Ok(())
}

/// `/command` handler.
pub async fn on_command(bot: TgBot, msg: Message, cmd: Command, ctx: Arc<Ctx>) -> HandlerResult {
    let started = std::time::Instant::now();
    let chat = msg.chat.id.0;
    info!(chat, kind = "command", command = ?cmd_name(&cmd), "update");
    let (settings, lang) = chat_lang(&ctx, chat, msg.from.as_ref()).await;
    let result = command(&bot, &msg, cmd, &ctx, settings, lang).await;
    ctx.metrics.update("command", started.elapsed());
    replied(&bot, &ctx, chat, result).await
}

/// A handler's result: a Telegram error saying the chat is gone (or moved) ends (or moves)
/// the chat's game; anything else is passed on to be logged.
pub(super) async fn replied(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    result: HandlerResult,
) -> HandlerResult {
    let Err(e) = result else { return Ok(()) };
    match e.downcast_ref::<RequestError>() {
        Some(re) if display::chat_gone(re) || matches!(re, RequestError::MigrateToChatId(_)) => {
            telegram_failed(bot, ctx, chat, re).await;
            Ok(())
        }
        _ => Err(e),
    }
}

fn cmd_name(c: &Command) -> &'static str {
    match c {
        Command::NewGame(_) => "newgame",
        Command::Join => "join",
        Command::Leave => "leave",
        Command::Start => "start",
        Command::Cancel => "cancel",
        Command::AddBot(_) => "addbot",
        Command::Board => "board",
        Command::Rules(_) => "rules",
        Command::Help => "help",
        Command::Language => "language",
        Command::Display(_) => "display",
        Command::Timer(_) => "timer",
        Command::Skip => "skip",
        Command::Kick(_) => "kick",
    }
}

async fn command(
    bot: &TgBot,
    msg: &Message,
    cmd: Command,
    ctx: &Ctx,
    settings: ChatSettings,
    lang: Lang,
) -> HandlerResult {
    let chat = msg.chat.id.0;
    match &cmd {
        Command::Help => return reply(bot, msg, view::help(lang)).await,
        Command::Language => {
            bot.send_message(msg.chat.id, tr(lang, &Msg::LanguagePrompt))
                .reply_markup(view::language_keyboard())
                .await?;
            return Ok(());
        }
        Command::Rules(args) => {
            let table = ctx
                .store
                .load::<Table>(chat)
                .await
                .ok()
                .flatten()
                .map(|r| r.state);
            let (preset, pairs) = match (commands::parse_newgame(args), table) {
                (Ok(a), _) if !args.trim().is_empty() => (a.preset, a.pairs),
                (_, Some(t)) if t.is_open() => (t.preset, t.pairs),
                _ => (crate::engine::Preset::Jcf, false),
            };
            return reply(bot, msg, view::rules(lang, preset, pairs)).await;
        }
        _ => {}
    }
    if !is_group(&msg.chat) {
        return reply(bot, msg, tr(lang, &Msg::AlertGroupsOnly)).await;
    }
    let Some(user) = msg.from.as_ref() else {
        return Ok(());
    };
    let actor = actor_of(user);
    let action = match cmd {
        Command::NewGame(args) => {
            return match commands::parse_newgame(&args) {
                Ok(a) => new_game(bot, ctx, msg, actor, a.preset, a.pairs, lang).await,
                Err(_) => {
                    reply(
                        bot,
                        msg,
                        tr(
                            lang,
                            &Msg::BadArgs {
                                cmd: crate::i18n::Cmd::NewGame,
                            },
                        ),
                    )
                    .await
                }
            };
        }
        Command::Join => Action::Join,
        Command::Leave => Action::Leave,
        Command::Start => Action::Start,
        Command::Cancel => Action::Cancel,
        Command::AddBot(args) => match commands::parse_level(&args) {
            Ok(l) => Action::AddBot(l),
            Err(_) => {
                return reply(
                    bot,
                    msg,
                    tr(
                        lang,
                        &Msg::BadArgs {
                            cmd: crate::i18n::Cmd::AddBot,
                        },
                    ),
                )
                .await;
            }
        },
        Command::Board => return repost(bot, ctx, chat, lang).await,
        Command::Display(args) => {
            return super::settings_cmd::display(bot, ctx, msg, &args, settings, lang).await;
        }
        Command::Timer(args) => {
            return super::settings_cmd::timer(bot, ctx, msg, &args, settings, lang).await;
        }
        Command::Skip => return super::driver::skip(bot, ctx, msg, actor, lang).await,
        Command::Kick(args) => {
            let players = match ctx.store.load::<Table>(chat).await {
                Ok(Some(r)) => r.state.players,
                Ok(None) => return reply(bot, msg, tr(lang, &Msg::NoLobby)).await,
                Err(_) => return reply(bot, msg, tr(lang, &Msg::AlertTryAgain)).await,
            };
            match commands::parse_kick(&args, &players) {
                Some(i) => Action::Remove(i),
                None => {
                    let m = Msg::BadArgs {
                        cmd: crate::i18n::Cmd::Kick,
                    };
                    return reply(bot, msg, tr(lang, &m)).await;
                }
            }
        }
        Command::Help | Command::Language | Command::Rules(_) => return Ok(()),
    };
    match apply(bot, ctx, chat, actor, action, None).await {
        Ok(_) => Ok(()),
        Err(r) => reply(bot, msg, view::refusal(lang, &r)).await,
    }
}

/// Open a lobby (a finished or cancelled table is replaced).
async fn new_game(
    bot: &TgBot,
    ctx: &Ctx,
    msg: &Message,
    actor: Actor,
    preset: crate::engine::Preset,
    pairs: bool,
    lang: Lang,
) -> HandlerResult {
    let chat = msg.chat.id.0;
    match open_lobby(bot, ctx, chat, actor, preset, pairs).await {
        Ok(()) => Ok(()),
        Err(r) => reply(bot, msg, view::refusal(lang, &r)).await,
    }
}

async fn open_lobby(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    actor: Actor,
    preset: crate::engine::Preset,
    pairs: bool,
) -> Result<(), Refusal> {
    let existing = ctx.store.load::<Table>(chat).await?;
    let (expected, seq) = match &existing {
        Some(r) if r.state.is_open() => return Err(Refusal::Alert(Alert::GameRunning)),
        Some(r) => (r.version, r.state.seq + 1),
        None => (0, 1),
    };
    let mut table = Table::lobby(&actor, preset, pairs);
    table.seq = seq;
    // The old board loses its buttons: the new lobby gets a fresh message.
    if let Some(old) = existing.and_then(|r| r.state.board_msg) {
        let _ = bot
            .edit_message_reply_markup(ChatId(chat), teloxide::types::MessageId(old))
            .await;
    }
    commit(bot, ctx, chat, expected, table).await.map(|_| ())
}

/// `/board`: post the board again at the bottom; the old message loses its buttons.
async fn repost(bot: &TgBot, ctx: &Ctx, chat: i64, lang: Lang) -> HandlerResult {
    let rec = match ctx.store.load::<Table>(chat).await {
        Ok(Some(r)) => r,
        Ok(None) => {
            bot.send_message(ChatId(chat), tr(lang, &Msg::NoLobby))
                .await?;
            return Ok(());
        }
        Err(e) => {
            warn!(chat, error = %e, "store unavailable");
            bot.send_message(ChatId(chat), tr(lang, &Msg::AlertTryAgain))
                .await?;
            return Ok(());
        }
    };
    let mut table = rec.state;
    if let Some(old) = table.board_msg.take() {
        let _ = bot
            .edit_message_reply_markup(ChatId(chat), teloxide::types::MessageId(old))
            .await;
    }
    show_and_remember(bot, ctx, chat, rec.version, &mut table).await;
    Ok(())
}

/// Button handler.
pub async fn on_callback(bot: TgBot, q: CallbackQuery, ctx: Arc<Ctx>) -> HandlerResult {
    let started = std::time::Instant::now();
    let (chat, msg_id) = match &q.message {
        Some(MaybeInaccessibleMessage::Regular(m)) => (m.chat.id.0, Some(m.id.0)),
        Some(MaybeInaccessibleMessage::Inaccessible(m)) => (m.chat.id.0, None),
        None => (0, None),
    };
    info!(chat, kind = "callback", "update");
    // Redis unreachable: say "try again" at once rather than after every step timed out.
    let (lang, answer) = match try_chat_lang(&ctx, chat, Some(&q.from)).await {
        Ok(shown) => (shown.1, callback(&bot, &q, &ctx, chat, msg_id, shown).await),
        Err(e) => (user_lang(&ctx, Some(&q.from)), Err(Refusal::from(e))),
    };
    let mut req = bot.answer_callback_query(q.id.clone());
    if let Err(r) = &answer {
        req = req.text(view::refusal(lang, r)).show_alert(false);
    }
    if let Err(e) = req.await {
        warn!(chat, error = %e, "answerCallbackQuery failed");
    }
    ctx.metrics.update("callback", started.elapsed());
    Ok(())
}

async fn callback(
    bot: &TgBot,
    q: &CallbackQuery,
    ctx: &Ctx,
    chat: i64,
    msg_id: Option<i32>,
    shown: (ChatSettings, Lang),
) -> Result<(), Refusal> {
    let press = q
        .data
        .as_deref()
        .and_then(Press::decode)
        .ok_or(Refusal::Alert(Alert::Invalid))?;
    let Some(msg) = q.regular_message() else {
        return Err(Refusal::Alert(Alert::Stale));
    };
    if let Button::Language(l) = press.button {
        let mut s: ChatSettings = ctx.store.settings(chat).await?;
        s.lang = Some(l);
        ctx.store.set_settings(chat, &s).await?;
        let _ = bot
            .edit_message_text(msg.chat.id, msg.id, tr(l, &Msg::LanguageSet { lang: l }))
            .await;
        if let Ok(Some(rec)) = ctx.store.load::<Table>(chat).await {
            let mut t = rec.state;
            show_and_remember(bot, ctx, chat, rec.version, &mut t).await;
        }
        return Ok(());
    }
    if !is_group(&msg.chat) {
        return Err(Refusal::Alert(Alert::GroupsOnly));
    }
    let actor = actor_of(&q.from);
    // A press on a message that is not the current board is stale.
    let action = match press.button {
        Button::Join => Action::Join,
        Button::Leave => Action::Leave,
        Button::Start => Action::Start,
        Button::Cancel => Action::Cancel,
        Button::AddBot(l) => Action::AddBot(l),
        Button::Roll => Action::Roll,
        Button::Move(i) => Action::Move(i),
        Button::NewGame => {
            let rec = ctx.store.load::<Table>(chat).await?;
            let (preset, pairs) = rec.map_or((crate::engine::Preset::Jcf, false), |r| {
                (r.state.preset, r.state.pairs)
            });
            return open_lobby(bot, ctx, chat, actor, preset, pairs).await;
        }
        Button::Language(_) => return Ok(()),
    };
    let result = apply_press(bot, ctx, chat, actor, action, press.version, shown).await;
    if matches!(result, Err(Refusal::Alert(Alert::Stale)))
        && let Some(id) = msg_id
    {
        refresh_if_behind(bot, ctx, chat, id, press.version).await;
    }
    result.map(|_| ())
}

/// A stale press on the board message itself means the board shows an old state (an edit
/// that Telegram kept refusing): show the current one.
async fn refresh_if_behind(bot: &TgBot, ctx: &Ctx, chat: i64, pressed: i32, version: u64) {
    let Ok(Some(rec)) = ctx.store.load::<Table>(chat).await else {
        return;
    };
    let mut t = rec.state;
    if t.board_msg == Some(pressed) && t.seq != version && t.is_open() {
        info!(
            chat,
            seq = t.seq,
            shown = version,
            "the board was behind: showing it again"
        );
        show_and_remember(bot, ctx, chat, rec.version, &mut t).await;
    }
}
