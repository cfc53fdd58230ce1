//! The chat itself changes: the bot is removed from it (its game ends) or the group becomes
//! a supergroup with a new chat id (its game moves there and goes on).
//!
//! Both arrive two ways: as an update (`my_chat_member`, or the service message carrying
//! `migrate_to_chat_id`) and as the answer to a request the bot makes (403 "bot was
//! kicked", 400 with `migrate_to_chat_id`). Either way ends up here; doing it twice is
//! harmless.

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::{info, warn};

use super::Ctx;
use super::display::{self, Shown};
use super::handlers::{self, HandlerResult, TgBot};
use super::table::Table;
use crate::i18n::{Msg, tr};
use crate::store::CasOutcome;

/// End `chat`'s game: delete its table and deadline (the bot cannot write there any more).
pub async fn end_chat(ctx: &Ctx, chat: i64) {
    for _ in 0..5 {
        let rec = match ctx.store.load::<Table>(chat).await {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                warn!(chat, error = %e, "could not end the chat's game");
                return;
            }
        };
        match ctx.store.delete(chat, rec.version).await {
            Ok(CasOutcome::Saved { .. }) => {
                info!(chat, "bot removed from the chat: game ended");
                break;
            }
            Ok(CasOutcome::Conflict { .. }) => {}
            Err(e) => {
                warn!(chat, error = %e, "could not end the chat's game");
                return;
            }
        }
    }
    if let Err(e) = ctx.store.clear_deadline(chat).await {
        warn!(chat, error = %e, "could not clear the chat's deadline");
    }
    super::active::forget(ctx, chat).await;
}

/// Move `old`'s game, settings and deadline to `new` and post the board there (message ids
/// of the old chat mean nothing in the new one). Nothing happens when it already moved.
pub async fn move_chat(bot: &TgBot, ctx: &Ctx, old: i64, new: i64) {
    match ctx.store.migrate_chat(old, new).await {
        Ok(true) => {
            info!(chat = old, new_chat = new, "game moved to the supergroup");
            // The game (if in play) is counted again under its new id at its next save.
            super::active::forget(ctx, old).await;
        }
        Ok(false) => return,
        Err(e) => {
            warn!(chat = old, error = %e, "migration failed");
            return;
        }
    }
    let rec = match ctx.store.load::<Table>(new).await {
        Ok(Some(r)) if r.state.is_open() => r,
        _ => return,
    };
    let (settings, lang) = handlers::chat_lang(ctx, new, None).await;
    if let Err(e) = bot
        .send_message(ChatId(new), tr(lang, &Msg::GameMoved))
        .await
    {
        warn!(chat = new, error = %e, "could not announce the move");
    }
    let mut t = rec.state;
    t.board_msg = None;
    t.board_photo = false;
    match display::show(bot, ctx, ChatId(new), &t, lang, settings.display).await {
        Ok(Shown::Posted(id, photo)) => {
            handlers::remember_board(ctx, new, rec.version, id, photo).await;
        }
        Ok(Shown::Edited) => {}
        Err(e) => warn!(chat = new, error = %e, "could not post the board in the new chat"),
    }
}

/// `my_chat_member`: the bot was removed from a group (kicked, or left): end its game.
pub async fn on_my_chat_member(
    upd: teloxide::types::ChatMemberUpdated,
    ctx: Arc<Ctx>,
) -> HandlerResult {
    let chat = upd.chat.id.0;
    info!(chat, kind = "my_chat_member", "update");
    if !upd.new_chat_member.is_present() {
        end_chat(&ctx, chat).await;
    }
    Ok(())
}

/// The service message of a group that became a supergroup: move its game to the new id.
pub async fn on_migrate(bot: TgBot, msg: Message, ctx: Arc<Ctx>) -> HandlerResult {
    let old = msg.chat.id.0;
    if let Some(new) = msg.migrate_to_chat_id() {
        info!(chat = old, new_chat = new.0, kind = "migrate", "update");
        move_chat(&bot, &ctx, old, new.0).await;
    }
    Ok(())
}
