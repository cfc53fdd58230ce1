//! Updates that say the chat itself changed: the bot was removed, or the group became a
//! supergroup. What follows is [`crate::bot::effects::lifecycle`]'s.

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::info;

use crate::bot::effects::chat::ChatAddr;
use crate::bot::effects::lifecycle::{end_chat, move_chat};
use crate::bot::effects::{Ctx, HandlerResult};

/// `my_chat_member`: the bot was removed from a group (kicked, or left): end its game.
pub async fn on_my_chat_member(
    upd: teloxide::types::ChatMemberUpdated,
    ctx: Arc<Ctx>,
) -> HandlerResult {
    let chat = upd.chat.id.0;
    info!(chat, kind = "my_chat_member", "update");
    if !upd.new_chat_member.is_present() {
        end_chat(&ctx, ChatAddr::new(chat)).await;
    }
    Ok(())
}

/// The service message of a group that became a supergroup: move its game to the new id.
pub async fn on_migrate(msg: Message, ctx: Arc<Ctx>) -> HandlerResult {
    let old = msg.chat.id.0;
    if let Some(new) = msg.migrate_to_chat_id() {
        info!(chat = old, new_chat = new.0, kind = "migrate", "update");
        move_chat(&ctx, ChatAddr::new(old), ChatAddr::new(new.0)).await;
    }
    Ok(())
}
