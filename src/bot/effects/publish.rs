//! What the rest of the bot asks of the live board: every save published to the viewers of
//! every replica ([`publish_saved`], the hook of the save path), and the "📱 Live board"
//! button under a group's board ([`button_row`]). Nothing without the Mini App configured.
//!
//! The `PUBLISH` goes through the store's one request path ([`crate::store::Store::publish`]):
//! counted and bounded like every other round trip, and held back while Redis is away.

use teloxide::types::InlineKeyboardButton;
use tracing::warn;

use super::Ctx;
use super::live::Place;
use super::live::hub::{self, Hub};
use crate::bot::core::table::{Stage, Table};
use crate::i18n::{Lang, LiveMsg, Msg, tr_plain};

/// **The hook of the save path**: `table`, just saved at `place` as `version`, goes to the
/// live board's viewers on every replica (this one's at once, the others' by one `PUBLISH`).
/// Nothing without the Mini App configured.
pub async fn publish_saved(ctx: &Ctx, place: Place, table: &Table, version: u64) {
    if let Some(live) = &ctx.live {
        publish(&live.hub, place, version, table).await;
    }
}

/// Publish a saved table to every replica's viewers (this one's at once). One `PUBLISH`; a
/// failure is logged and the viewers elsewhere catch up on their next frame or reconnection.
async fn publish(hub: &Hub, place: Place, version: u64, table: &Table) {
    hub.offer(place, version, table);
    let Some(message) = hub::message(place, version, table) else {
        return;
    };
    if let Err(e) = hub.store().publish(&hub::channel(place), &message).await {
        warn!(chat = place.chat, error = %e, "live board: publish failed");
    }
}

/// The row the board of `table` at `place` gets under its buttons: "📱 Live board", a URL
/// button to the Direct Link Mini App (Telegram refuses `web_app` buttons in groups). Only
/// with the Mini App configured, for a lobby, a game in play or a finished one, in a group
/// (the whole game can be played from the page, the lobby first).
#[must_use]
pub fn button_row(
    ctx: &Ctx,
    place: Place,
    lang: Lang,
    table: &Table,
) -> Option<Vec<InlineKeyboardButton>> {
    let live = ctx.live.as_ref()?;
    if !matches!(
        table.stage(),
        Stage::Lobby | Stage::Playing(_) | Stage::Finished(_)
    ) || place.chat >= 0
    {
        return None;
    }
    let url = live.link_for(place)?.parse().ok()?;
    Some(vec![InlineKeyboardButton::url(
        tr_plain(lang, &Msg::Live(LiveMsg::Button)),
        url,
    )])
}
