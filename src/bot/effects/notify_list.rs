//! The list of members a place's new lobby notifies in private (`/notify`, the deep link's
//! `/start`), and who has started the bot so it may write to them.

use super::Ctx;
use super::chat::Place;
use crate::store::StoreError;

/// Has `user` started the bot in private (so it may write to them)?
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn has_started(ctx: &Ctx, user: i64) -> Result<bool, StoreError> {
    ctx.store.has_started(user).await
}

/// `user` started the bot in private.
///
/// # Errors
/// The store's error when Redis cannot keep it.
pub async fn mark_started(ctx: &Ctx, user: i64) -> Result<(), StoreError> {
    ctx.store.mark_started(user).await
}

/// `user` is notified of `place`'s next lobbies (with the group's `title`, when known).
///
/// # Errors
/// The store's error when Redis cannot keep it.
pub async fn add(
    ctx: &Ctx,
    place: Place,
    user: i64,
    title: Option<&str>,
) -> Result<(), StoreError> {
    ctx.store.notify_add(place, user, title).await
}

/// `user` is no longer notified; `false` when they were not.
///
/// # Errors
/// The store's error when Redis cannot say.
pub async fn remove(ctx: &Ctx, place: Place, user: i64) -> Result<bool, StoreError> {
    ctx.store.notify_remove(place, user).await
}

/// Keeps the group's title for the private message a deep link leads to (best effort).
pub async fn remember_title(ctx: &Ctx, chat: i64, title: &str) {
    let _ = ctx.store.notify_title(chat, title).await;
}

/// The group's title as the list keeps it (empty when unknown).
pub async fn title_of(ctx: &Ctx, place: Place) -> String {
    ctx.store
        .notify_users(place)
        .await
        .ok()
        .and_then(|(_, t)| t)
        .unwrap_or_default()
}
