//! The chat itself changes: the bot is removed from it (its game ends) or the group becomes
//! a supergroup with a new chat id (its game moves there and goes on).
//!
//! Both arrive two ways: as an update (`my_chat_member`, or the service message carrying
//! `migrate_to_chat_id`) and as the answer to a write the bot makes (403 "bot was kicked",
//! 400 with `migrate_to_chat_id`: the outbox's receipt, applied by [`super::receipts`]).
//! Either way ends up here; doing it twice is harmless.

use tracing::{info, warn};

use super::Ctx;
use super::chat::{ChatAddr, load};
use super::outbox::{self, Priority, Slot};
use crate::bot::core::table::Table;
use crate::i18n::{Msg, tr};
use crate::store::{CasOutcome, DueKind};

/// How many times ending a chat's game retries a delete that lost a race.
pub const END_CHAT_ATTEMPTS: usize = 5;

/// End `addr`'s game: delete its table, board record, deadline and planned writes (the bot
/// cannot write there any more). In a forum, the game of each other topic ends the same way
/// when a write for it fails (or expires with its TTL): no key scan looks for them.
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
    if let Err(e) = ctx.store.set_due(DueKind::Turn, chat, None).await {
        warn!(%chat, error = %e, "could not clear the chat's deadline");
    }
    if let Err(e) = ctx.store.clear_display(chat).await {
        warn!(%chat, error = %e, "could not clear the chat's board record");
    }
    if let Err(e) = ctx.store.clear_ping(chat).await {
        warn!(%chat, error = %e, "could not clear the chat's pings");
    }
    if let Err(e) = ctx.store.outbox_clear(addr.id()).await {
        warn!(%chat, error = %e, "could not clear the chat's planned writes");
    }
    super::active::forget(ctx, chat).await;
}

/// Move `old`'s game, settings and deadline to `new` and plan the board there (message ids
/// of the old chat mean nothing in the new one). Nothing happens when it already moved.
///
/// Only a basic group migrates, and a basic group has no forum topics (a group that turns
/// topics on is upgraded first, so its topics begin under the new id): the chat's
/// topic-less place is the one that moves, with its lanes (their boards are planned in the
/// new chat).
pub async fn move_chat(ctx: &Ctx, old: ChatAddr, new: ChatAddr) {
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
    // Nothing more can be written in the old chat.
    let _ = ctx.store.outbox_clear(old.id()).await;
    let here = load(ctx, new, None).await;
    if let Ok(lanes) = ctx.store.lanes_of(new.id()).await {
        for lane in lanes {
            let addr = ChatAddr::in_lane(new.id(), lane);
            if let Ok(Some(rec)) = ctx.store.load::<Table>(addr.place()).await {
                let open = rec.state.is_open();
                let saved = outbox::Saved {
                    version: rec.version,
                    table: rec.state,
                };
                outbox::board(ctx, addr, saved, open, true).await;
            }
        }
    }
    let Some(rec) = here.table().ok().filter(|r| r.state.is_open()) else {
        return;
    };
    outbox::say(
        ctx,
        new,
        Slot::Moved,
        Priority::Call,
        tr(here.lang, &Msg::GameMoved),
    )
    .await;
    let saved = outbox::Saved {
        version: rec.version,
        table: rec.state.clone(),
    };
    outbox::board(ctx, new, saved, true, true).await;
}
