//! Buttons that no longer apply taken off (a partner invitation replaced, moot or closed;
//! the R10.5 extension buttons of a decided table, or of a tournament cancelled): the
//! record lists their messages ([`Tourney::stale_msgs`], see `core::tourney::buttons`), and
//! the chat's tournament firing ([`flush`], under its lease) plans each one's keyboard away
//! in the chat's outbox ([`outbox::strip`]: tidying, made within the chat's write budget
//! after the boards and everything else), then takes them off the list.
//!
//! [`Tourney::stale_msgs`]: crate::bot::core::tourney::Tourney::stale_msgs

use super::super::outbox;
use super::{Ctx, mutate};

/// Plan the buttons off the stale messages of `chat`'s tournament (from the latest record:
/// a firing that outlived its lease may run beside another; planning a strip twice is one
/// write, its slot being the message's).
pub async fn flush(ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let stale = rec.state.stale_msgs.clone();
    if stale.is_empty() {
        return;
    }
    let mut done = Vec::new();
    for id in stale {
        if outbox::strip(ctx, chat, id).await {
            done.push(id);
        }
    }
    let _ = mutate(ctx, chat, |t| {
        t.unbuttoned(&done);
        Ok(())
    })
    .await;
}
