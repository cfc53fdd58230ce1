//! A chat's time zone as the effects read it.

use tracing::warn;

use super::Ctx;
use crate::stats::ChatZone;

/// The chat's time zone (the default when unset or when Redis cannot say).
pub async fn zone_of(ctx: &Ctx, chat: i64) -> ChatZone {
    match ctx.store.chat_zone(chat).await {
        Ok(name) => ChatZone::or_default(name.as_deref()),
        Err(e) => {
            warn!(chat, error = %e, "time zone unavailable: the default applies");
            ChatZone::default()
        }
    }
}
