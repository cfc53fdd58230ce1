//! The chat itself changes: the bot is removed from it (its game ends) or the group becomes
//! a supergroup with a new chat id (its game moves there and goes on).
//!
//! Both arrive two ways: as an update (`my_chat_member`, or the service message carrying
//! `migrate_to_chat_id`) and as the answer to a request the bot makes (403 "bot was
//! kicked", 400 with `migrate_to_chat_id`). Either way ends up here; doing it twice is
//! harmless.

use teloxide::RequestError;
use tracing::{info, warn};

use super::Ctx;
use super::chat::{ChatAddr, load};
use super::display::{self, Board};
use super::telegram::{TgBot, chat_gone, say};
use crate::bot::core::table::Table;
use crate::i18n::{Msg, tr};
use crate::store::CasOutcome;

/// How many times ending a chat's game retries a delete that lost a race.
pub const END_CHAT_ATTEMPTS: usize = 5;

/// React to a failed request to `addr`: end or move the chat's game when Telegram says so.
pub async fn telegram_failed(bot: &TgBot, ctx: &Ctx, addr: ChatAddr, e: &RequestError) {
    if let RequestError::MigrateToChatId(new) = e {
        move_chat(bot, ctx, addr, ChatAddr::new(new.0)).await;
    } else if chat_gone(e) {
        end_chat(ctx, addr).await;
    } else {
        warn!(chat = addr.id(), error = %e, "could not show the board");
    }
}

/// A handler's result: a Telegram error saying the chat is gone (or moved) ends (or moves)
/// the chat's game; anything else is passed on to be logged.
///
/// # Errors
/// Any other error.
pub async fn replied(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    result: Result<(), RequestError>,
) -> Result<(), anyhow::Error> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if chat_gone(&e) || matches!(e, RequestError::MigrateToChatId(_)) => {
            telegram_failed(bot, ctx, addr, &e).await;
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// End `addr`'s game: delete its table, board record and deadline (the bot cannot write
/// there any more). In a forum, the game of each other topic ends the same way when a
/// request for it fails (or expires with its TTL): no key scan looks for them.
pub async fn end_chat(ctx: &Ctx, addr: ChatAddr) {
    let chat = addr.place();
    for _ in 0..END_CHAT_ATTEMPTS {
        let rec = match ctx.store.load::<Table>(chat).await {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                warn!(%chat, error = %e, "could not end the chat's game");
                return;
            }
        };
        match ctx.store.delete(chat, rec.version).await {
            Ok(CasOutcome::Saved { .. }) => {
                info!(%chat, "bot removed from the chat: game ended");
                break;
            }
            Ok(CasOutcome::Conflict { .. }) => {}
            Err(e) => {
                warn!(%chat, error = %e, "could not end the chat's game");
                return;
            }
        }
    }
    if let Err(e) = ctx.store.clear_deadline(chat).await {
        warn!(%chat, error = %e, "could not clear the chat's deadline");
    }
    if let Err(e) = ctx.store.clear_display(chat).await {
        warn!(%chat, error = %e, "could not clear the chat's board record");
    }
    if let Err(e) = ctx.store.clear_ping(chat).await {
        warn!(%chat, error = %e, "could not clear the chat's pings");
    }
    super::active::forget(ctx, chat).await;
}

/// Move `old`'s game, settings and deadline to `new` and post the board there (message ids
/// of the old chat mean nothing in the new one). Nothing happens when it already moved.
///
/// Only a basic group migrates, and a basic group has no forum topics (a group that turns
/// topics on is upgraded first, so its topics begin under the new id): the chat's
/// topic-less place is the one that moves, with its lanes (their boards are owed in the new
/// chat, so the catch-up writer posts them).
pub async fn move_chat(bot: &TgBot, ctx: &Ctx, old: ChatAddr, new: ChatAddr) {
    match ctx.store.migrate_chat(old.id(), new.id()).await {
        Ok(true) => {
            info!(
                chat = old.id(),
                new_chat = new.id(),
                "game moved to the supergroup"
            );
            // The game (if in play) is counted again under its new id at its next save.
            super::active::forget(ctx, old.place()).await;
        }
        Ok(false) => return,
        Err(e) => {
            warn!(chat = old.id(), error = %e, "migration failed");
            return;
        }
    }
    let here = load(ctx, new, None).await;
    let Some(rec) = here.table().ok().filter(|r| r.state.is_open()) else {
        return;
    };
    if let Err(e) = say(bot, new, tr(here.lang, &Msg::GameMoved)).await {
        warn!(chat = new.id(), error = %e, "could not announce the move");
    }
    let board = Board {
        table: &rec.state,
        lang: here.lang,
        mode: here.settings.display,
        zone: &here.zone,
    };
    if let Err(e) = display::show(bot, ctx, new, board, None, None).await {
        warn!(chat = new.id(), error = %e, "could not post the board in the new chat");
    }
}
