//! What follows a season's post once Telegram took it (the outbox's receipts, applied by
//! [`crate::bot::effects::receipts`]): the sign-up message recorded (and brought up to date
//! if people joined meanwhile), a table's topic recorded and its lobby planned there, a
//! lobby recorded as the table's future board.

use tracing::{info, warn};

use super::super::chat::load as load_place;
use super::super::outbox;
use super::post::refresh_signup;
use super::tables::{lane_of, place_at};
use super::texts::home;
use super::{Ctx, load, mutate};
use crate::bot::core::season::SReject;

/// The sign-up message of season `sid` was posted as message `id`, when it had `members`
/// members: on record, and brought up to date if people joined meanwhile.
pub async fn signup(ctx: &Ctx, chat: i64, sid: u64, members: u32, id: i32) {
    let Ok((saved, ())) = mutate(ctx, chat, |s| {
        if s.id != sid {
            return Err(SReject::Stale);
        }
        s.signup_msg = Some(id);
        Ok(())
    })
    .await
    else {
        return;
    };
    let s = &saved.state;
    if u32::try_from(s.season.members.len()).unwrap_or(u32::MAX) != members || !s.is_open() {
        let lang = load_place(ctx, home(chat, s), None).await.lang;
        refresh_signup(ctx, chat, lang, s).await;
    }
}

/// Table `table` of week `week` of season `sid` has topic `thread`; `None`: Telegram
/// refused to create the topic, and it plays in a lane of the group.
pub async fn topic(ctx: &Ctx, chat: i64, sid: u64, week: u8, table: usize, thread: Option<i32>) {
    if thread.is_none() {
        warn!(
            chat,
            week, table, "no topic for a league table: it plays in a lane"
        );
    }
    let Ok(Some(rec)) = load(ctx, chat).await else {
        return;
    };
    let s = &rec.state;
    if s.id != sid || s.lobby(week, table).is_some() {
        return;
    }
    let topic = thread.or_else(|| lane_of(chat, table));
    info!(chat, week, table, topic, "a league table's place is ready");
    let lang = load_place(ctx, home(chat, s), None).await.lang;
    place_at(ctx, chat, lang, week, &[(table, topic)]).await;
}

/// Table `table`'s lobby was posted as message `id`: it becomes the table's board.
pub async fn lobby(ctx: &Ctx, chat: i64, sid: u64, week: u8, table: usize, id: i32) {
    let shown = mutate(ctx, chat, |s| {
        if s.id != sid {
            return Err(SReject::Stale);
        }
        let started = s.lobby(week, table).is_some_and(|l| l.started_ms.is_some());
        s.lobby_shown(week, table, id);
        Ok(started)
    })
    .await;
    // Everyone came before Telegram's answer: the game started with a board of its own,
    // and the lobby's ✋ no longer applies.
    if let Ok((_, true)) = shown {
        outbox::strip(ctx, chat, id).await;
    }
}
