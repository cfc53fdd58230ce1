//! What follows a tournament's post once Telegram took it (the outbox's receipts, applied
//! by [`crate::bot::effects::receipts`]): the sign-up message recorded
//! (and brought up to date if people joined meanwhile), a table's topic recorded and its
//! call planned there, a call recorded as the table's future board (its Ready deadline
//! counted from then), an extension offer or a partner invitation recorded (their buttons
//! come off once they stop applying, [`super::unbutton`]).

use tracing::{info, warn};

use super::super::chat::load as load_place;
use super::super::outbox;
use super::post::refresh_signup;
use super::tables::call_at;
use super::texts::home;
use super::{Ctx, READY_MS, load, mutate};
use crate::bot::core::tourney::TReject;
use crate::store::Place;
use crate::tournament::TableId;

/// The sign-up message of tournament `tid` was posted as message `id`, when it had
/// `entrants` entrants: on record, and brought up to date if people joined meanwhile.
pub async fn signup(ctx: &Ctx, chat: i64, tid: u64, entrants: u32, id: i32) {
    let Ok((saved, ())) = mutate(ctx, chat, |t| {
        if t.id != tid {
            return Err(TReject::NoTourney);
        }
        t.signup_msg = Some(id);
        Ok(())
    })
    .await
    else {
        return;
    };
    let t = &saved.state;
    if u32::try_from(t.signup.len()).unwrap_or(u32::MAX) != entrants || !t.partners.is_empty() {
        let lang = load_place(ctx, home(chat, t), None).await.lang;
        refresh_signup(ctx, chat, lang, t).await;
    }
}

/// Table `at`'s call was posted as message `id`: it becomes the table's board.
pub async fn call(ctx: &Ctx, chat: i64, tid: u64, at: TableId, id: i32) {
    // The Ready deadline counts from the call shown (it may have waited for the
    // chat's budget), never sooner than from its record.
    let by = ctx.now_ms() + READY_MS;
    let shown = mutate(ctx, chat, |t| {
        if t.id != tid {
            return Err(TReject::NoTourney);
        }
        let started = t.play(at).is_some_and(|p| p.started_ms.is_some());
        t.call_shown(at, id, by);
        Ok(started)
    })
    .await;
    // Everyone pressed Ready before Telegram's answer came: the game started with a
    // board of its own, and the call's Ready button no longer applies.
    if let Ok((_, true)) = shown {
        outbox::strip(ctx, chat, id).await;
    }
}

/// Table `at`'s extension offer was posted as message `id`: its buttons come off when the
/// table is decided.
pub async fn offer(ctx: &Ctx, chat: i64, tid: u64, at: TableId, id: i32) {
    let _ = mutate(ctx, chat, |t| {
        if t.id != tid {
            return Err(TReject::NoTourney);
        }
        t.set_ext_msg(at, id);
        Ok(())
    })
    .await;
}

/// `from`'s invitation of `to` was posted as message `id`: its Confirm button comes off
/// once the invitation stops waiting.
pub async fn invite(ctx: &Ctx, chat: i64, tid: u64, from: i64, to: i64, id: i32) {
    let _ = mutate(ctx, chat, |t| {
        if t.id != tid {
            return Err(TReject::NoTourney);
        }
        t.set_invite_msg(from, to, id);
        Ok(())
    })
    .await;
}

/// Table `at` of tournament `tid` is called in topic `thread`; `None`: Telegram refused to
/// create the topic, and it plays in a lane of the group.
pub async fn table_topic(ctx: &Ctx, chat: i64, tid: u64, at: TableId, thread: Option<i32>) {
    if thread.is_none() {
        warn!(chat, ?at, "no topic for a table: it plays in a lane");
    }
    let Ok(Some(rec)) = load(ctx, chat).await else {
        return;
    };
    let t = &rec.state;
    if t.id != tid || t.play(at).is_some() {
        return;
    }
    let topic = thread.or(Place::in_lane(chat, at.table).topic);
    info!(chat, ?at, topic, "a table's place is ready: calling it");
    let lang = load_place(ctx, home(chat, t), None).await.lang;
    call_at(ctx, chat, lang, &[(at, topic)]).await;
}
