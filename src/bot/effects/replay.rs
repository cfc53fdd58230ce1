//! Replays in the group, planned in the chat's outbox like every other write: a request
//! names a game ([`kept::resolve`]), its record is looked for ([`kept::load`]), and the
//! answer is planned — [`Write::Animation`] (the GIF is drawn by the drain when the write is
//! made, and the posted message's id kept beside the record by [`Then::ReplayPosted`]),
//! [`Write::Document`] (the JSON Lines file, written by the drain), or a reply saying why
//! there is none. Nothing here awaits a chat write.
//!
//! Once per game in a group: the drain makes a game's animation write under the chat's
//! lease (one replica writes to a chat at a time) and looks at the posted animation first,
//! so a later request — or two at once, the second planned while the first is made —
//! gets a reply to the animation already posted instead of a second upload; two requests
//! planned before the drain comes share one slot, so only one is made.

use tracing::debug;

use super::Ctx;
use super::chat::Here;
use super::kept;
use super::outbox::{self, Plan, Priority, REPLY_TTL_MS, Slot, Then, Write};
use crate::i18n::{Msg, tr};

pub use super::kept::Which;

/// What a request did, for the caller (a button answers with a short text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// Its answer (the animation, a reply to it, the file) is planned.
    Planned,
    /// Nothing planned: the text to tell.
    Told(Msg),
}

/// Plan the animation of the game `which` names (or, once posted, a reply to it).
/// `reply_to`: the request's message (a command, or the board of a button).
pub async fn post_replay(ctx: &Ctx, here: &Here, which: Which, reply_to: Option<i32>) -> Done {
    let id = match kept::resolve(ctx, here, &which).await {
        Ok(id) => id,
        Err(m) => return Done::Told(m.msg()),
    };
    if let Err(m) = kept::load(ctx, here, &id).await {
        return Done::Told(m.msg());
    }
    let place = here.addr.place();
    debug!(%place, game = %id, "replay planned");
    let w = Write::Animation {
        place,
        game: id.clone(),
        reply_to,
        then: Then::ReplayPosted { game: id.clone() },
    };
    let p = Plan::new(w, Slot::Animation(id), Priority::Reply).within(REPLY_TTL_MS);
    outbox::plan(ctx, here.addr.id(), p).await;
    Done::Planned
}

/// Plan the record of the game `which` names as a JSON Lines file.
pub async fn post_record(ctx: &Ctx, here: &Here, which: Which, reply_to: Option<i32>) -> Done {
    let id = match kept::resolve(ctx, here, &which).await {
        Ok(id) => id,
        Err(m) => return Done::Told(m.msg()),
    };
    if let Err(m) = kept::load(ctx, here, &id).await {
        return Done::Told(m.msg());
    }
    let w = Write::Document {
        place: here.addr.place(),
        game: id.clone(),
        reply_to,
    };
    let p = Plan::new(w, Slot::Record(id), Priority::Reply).within(REPLY_TTL_MS);
    outbox::plan(ctx, here.addr.id(), p).await;
    Done::Planned
}

/// Plan `msg` as a reply to message `to` of `user` (their `what` request).
pub async fn tell(ctx: &Ctx, here: &Here, user: i64, what: &str, to: i32, msg: &Msg) {
    outbox::reply(ctx, here.addr, user, what, to, tr(here.lang, msg)).await;
}
