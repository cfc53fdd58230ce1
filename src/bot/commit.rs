//! Applying an action: load the chat's table, run the pure transition, save it by Redis
//! compare-and-set, mirror its deadline into the due set, and show it (editing the board
//! in place, re-posting it, or ending / moving the chat's game when Telegram says so).

use teloxide::RequestError;
use teloxide::prelude::*;
use tracing::warn;

use super::Ctx;
use super::display::{self, Shown};
use super::handlers::{Refusal, TgBot, chat_lang, is_admin, rng_for};
use super::settings::{ChatSettings, Display};
use super::table::{Action, Actor, Event, Table};
use super::view::Alert;
use crate::dice::RngDice;
use crate::i18n::Lang;
use crate::store::CasOutcome;

/// Apply `action` by `actor` to the chat's table (checked against `version` for buttons),
/// save it by compare-and-set and show it. Returns the new table.
///
/// # Errors
/// A [`Refusal`] to tell the user; nothing was changed.
pub async fn apply(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    actor: Actor,
    action: Action,
    version: Option<u64>,
) -> Result<Table, Refusal> {
    apply_with(bot, ctx, chat, actor, action, version, None).await
}

/// As [`apply`], with the chat's settings and language when already read for this update.
async fn apply_with(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    mut actor: Actor,
    action: Action,
    version: Option<u64>,
    shown: Option<(ChatSettings, Lang)>,
) -> Result<Table, Refusal> {
    let rec = ctx
        .store
        .load::<Table>(chat)
        .await?
        .ok_or(Refusal::Alert(Alert::NoGame))?;
    // Lobby buttons act on the lobby whatever its version (two people joining at once
    // both get in); game buttons must match the board they were drawn on.
    let lobby_action = matches!(
        action,
        Action::Join | Action::Leave | Action::Start | Action::Cancel | Action::AddBot(_)
    );
    let lobby_ok = lobby_action && rec.state.status == super::table::Status::Lobby;
    if !lobby_ok && version.is_some_and(|v| v != rec.state.seq) {
        return Err(Refusal::Alert(if rec.state.is_open() {
            Alert::Stale
        } else {
            Alert::GameOver
        }));
    }
    let manages = matches!(
        action,
        Action::Start | Action::Cancel | Action::AddBot(_) | Action::Remove(_)
    );
    if manages && actor.id != rec.state.host {
        actor.is_admin = is_admin(bot, ChatId(chat), UserId(actor.id as u64)).await;
    }
    let mut rng = rng_for(ctx, chat, rec.state.seq);
    let mut table = rec
        .state
        .act(&actor, action, ctx.now_ms(), &mut RngDice(&mut rng))?;
    // A human who presses is present again.
    if let Some(p) = table.players.iter_mut().find(|p| p.id == actor.id) {
        if p.absent {
            table.last.insert(
                0,
                Event::Back {
                    name: p.name.clone(),
                },
            );
        }
        p.absent = false;
        p.strikes = 0;
    }
    commit_with(bot, ctx, chat, rec.version, table, shown).await
}

/// Apply a press (see [`apply`]); when it is refused but comes from a player marked
/// absent, that player is back all the same: from now on they play their own turns.
///
/// # Errors
/// As [`apply`].
pub async fn apply_press(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    actor: Actor,
    action: Action,
    version: u64,
    shown: (ChatSettings, Lang),
) -> Result<Table, Refusal> {
    let id = actor.id;
    let result = apply_with(bot, ctx, chat, actor, action, Some(version), Some(shown)).await;
    if matches!(
        result,
        Err(Refusal::Reject(_) | Refusal::Alert(Alert::Stale))
    ) {
        mark_back(bot, ctx, chat, id).await;
    }
    result
}

/// Clear player `id`'s absence (and strikes) without touching the turn: `seq` stays, so
/// the buttons on the board stay valid. Lost races are ignored (the next press retries).
async fn mark_back(bot: &TgBot, ctx: &Ctx, chat: i64, id: i64) {
    let Ok(Some(rec)) = ctx.store.load::<Table>(chat).await else {
        return;
    };
    let mut t = rec.state;
    let Some(p) = t.players.iter_mut().find(|p| p.id == id && p.absent) else {
        return;
    };
    p.absent = false;
    p.strikes = 0;
    let name = p.name.clone();
    t.last.push(Event::Back { name });
    let shown = chat_lang(ctx, chat, None).await;
    if t.to_move().is_some_and(|p| p.id == id) {
        // Their turn was waiting for the computer: it waits for them now.
        super::driver::plan_deadline_with(ctx, &shown.0, &mut t);
    }
    let _ = save_and_show(bot, ctx, chat, rec.version, t, shown).await;
}

/// Save a new table by compare-and-set on `expected`, show it, and schedule what comes next.
///
/// # Errors
/// [`Alert::Stale`] on a lost race, [`Alert::TryAgain`] when Redis is unavailable.
pub async fn commit(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    expected: u64,
    table: Table,
) -> Result<Table, Refusal> {
    commit_with(bot, ctx, chat, expected, table, None).await
}

async fn commit_with(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    expected: u64,
    mut table: Table,
    shown: Option<(ChatSettings, Lang)>,
) -> Result<Table, Refusal> {
    // Read once for both the timer and the board.
    let shown = match shown {
        Some(s) => s,
        None => chat_lang(ctx, chat, None).await,
    };
    super::driver::plan_deadline_with(ctx, &shown.0, &mut table);
    save_and_show(bot, ctx, chat, expected, table, shown).await
}

/// Save `table` (its deadline already planned) by compare-and-set on `expected`, mirror its
/// deadline into the due set and show it with the chat's settings and language.
async fn save_and_show(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    expected: u64,
    mut table: Table,
    (settings, lang): (ChatSettings, Lang),
) -> Result<Table, Refusal> {
    let ttl = ctx.ttl_for(&table);
    let version = match ctx.store.save(chat, expected, &table, ttl).await? {
        CasOutcome::Saved { version } => version,
        CasOutcome::Conflict { .. } => {
            ctx.metrics.cas_conflict();
            return Err(Refusal::Alert(Alert::Stale));
        }
    };
    super::active::after_save(ctx, chat, &table).await;
    super::driver::sync_deadline(ctx, chat, &table).await;
    show_with(bot, ctx, chat, version, &mut table, settings.display, lang).await;
    Ok(table)
}

/// Show the board and store a new board message id if it had to be re-posted. A chat the
/// bot was removed from ends its game; a chat that became a supergroup moves it.
pub async fn show_and_remember(bot: &TgBot, ctx: &Ctx, chat: i64, version: u64, table: &mut Table) {
    let (settings, lang) = chat_lang(ctx, chat, None).await;
    show_with(bot, ctx, chat, version, table, settings.display, lang).await;
}

async fn show_with(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    version: u64,
    table: &mut Table,
    how: Display,
    lang: Lang,
) {
    match display::show(bot, ctx, ChatId(chat), table, lang, how).await {
        Ok(Shown::Posted(new_id, photo)) => {
            table.board_msg = Some(new_id);
            table.board_photo = photo;
            remember_board(ctx, chat, version, new_id, photo).await;
        }
        Ok(Shown::Edited) => {}
        Err(e) => telegram_failed(bot, ctx, chat, &e).await,
    }
}

/// React to a failed request to `chat`: end or move the chat's game when Telegram says so.
pub async fn telegram_failed(bot: &TgBot, ctx: &Ctx, chat: i64, e: &RequestError) {
    if let RequestError::MigrateToChatId(new) = e {
        super::chat_events::move_chat(bot, ctx, chat, new.0).await;
    } else if display::chat_gone(e) {
        super::chat_events::end_chat(ctx, chat).await;
    } else {
        warn!(chat, error = %e, "could not show the board");
    }
}

/// Store the board message id (retrying on concurrent changes; the id is not part of `seq`).
pub(super) async fn remember_board(ctx: &Ctx, chat: i64, mut version: u64, id: i32, photo: bool) {
    for _ in 0..5 {
        let rec = match ctx.store.load::<Table>(chat).await {
            Ok(Some(r)) => r,
            _ => return,
        };
        if rec.version != version {
            version = rec.version;
        }
        let mut t = rec.state;
        t.board_msg = Some(id);
        t.board_photo = photo;
        let ttl = ctx.ttl_for(&t);
        match ctx.store.save(chat, version, &t, ttl).await {
            Ok(CasOutcome::Saved { .. }) => return,
            Ok(CasOutcome::Conflict { current }) => version = current,
            Err(e) => {
                warn!(chat, error = %e, "could not store the board message id");
                return;
            }
        }
    }
}
