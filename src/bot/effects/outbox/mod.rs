//! The outbox: every write the bot makes to a chat is planned here, never made by the code
//! that wants it. A handler plans a reply or a board and returns; the chat's writes are made
//! later by the scheduler's drain ([`drain`]), one replica at a time, most important first,
//! within the chat's one budget (Telegram's 20 a minute in a group, spread evenly; one a
//! second in a private chat), and after a 429 nothing goes to the chat until its
//! `retry_after` has passed, whatever its kind, on any replica.
//!
//! A planned write has a **slot**: a newer write of the same slot supersedes the older one
//! (three `/board` → one board; three joins → one lobby edit; a member's second `/top`
//! replaces their first), a **priority** ([`Priority`]), and possibly a **time to live**
//! (a reply not made within a minute is dropped, and counted, not sent late). A post with
//! an **id** is planned once, however often it is planned (a tournament's result after a
//! crash). A board is planned as "the place's board, at least this version": the drain
//! renders the table stored when the write is made, so the board converges to the latest
//! state at one write however many states came and went.

pub mod away;
pub mod drain;
pub mod made;
pub mod make;
pub mod media;
pub mod receipt;
pub mod write;

use tracing::{debug, warn};

use super::Ctx;
use super::chat::ChatAddr;
use crate::store::{DueKind, Meta, Pace, Place, Put};

pub use receipt::{Receipt, Slot};
pub use write::{Saved, Then, Write};

/// How long a reply to a command may wait for the chat's budget before it is dropped.
pub const REPLY_TTL_MS: u64 = 60_000;

/// Flag of a board write: post it anew at the bottom (`/board`), the old one losing its
/// buttons. Kept when a plain board write supersedes it.
pub const REPOST: u32 = 1;

/// Which planned write of a chat goes first: the lowest. The order is also written down in
/// docs/ARCHITECTURE.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// The board of a game in play: what everyone waits for.
    Board = 0,
    /// Time-bound calls: a tournament table's call (its Ready runs out), a game moved.
    Call = 1,
    /// The board of a lobby or a finished game, and replies to commands.
    Reply = 2,
    /// A tournament's sign-up and its edits, an extension's offer.
    Notice = 3,
    /// A ping (a mention of the player who takes long); leaves one write to boards.
    Ping = 4,
    /// Tournament results, brackets and the champion; leaves one write to boards.
    Post = 5,
    /// Tidying up: buttons taken off old messages, old pings deleted; leaves one write.
    Tidy = 6,
}

impl Priority {
    /// How long a write of this kind lets boards planned after it go first, ms: its place in
    /// the chat's queue is the time it was planned plus this. Boards come first, but nothing
    /// waits behind them for ever: in a game that uses the whole budget a reply still goes
    /// out about 6 s after it was planned (one board later), instead of its minute running out.
    #[must_use]
    pub fn lead_ms(self) -> u64 {
        match self {
            Self::Board => 0,
            Self::Call => 2_000,
            Self::Reply => 6_000,
            Self::Notice => 10_000,
            Self::Ping => 15_000,
            Self::Post => 20_000,
            Self::Tidy => 30_000,
        }
    }

    /// Writes this priority leaves free for the ones before it.
    #[must_use]
    pub fn reserve(self) -> u8 {
        u8::from(self >= Self::Ping)
    }
}

/// One write to plan in a chat.
#[derive(Debug, Clone)]
pub struct Plan {
    pub write: Write,
    pub slot: Slot,
    pub priority: Priority,
    /// Time to live from now, ms (`None`: kept until made).
    pub ttl_ms: Option<u64>,
    /// A board's game version (0 for other writes).
    pub version: u64,
    pub flags: u32,
    /// Planned once per id.
    pub post_id: Option<String>,
    /// Not made sooner than this many ms from now (`None`: as soon as the budget allows).
    /// A newer write of the slot keeps the earlier time of the two (unless the one it
    /// replaces is being made): the writes planned meanwhile share one, and a write due
    /// stays due.
    pub delay_ms: Option<u64>,
}

impl Plan {
    /// A write of `slot` at `priority`, kept until made.
    #[must_use]
    pub fn new(write: Write, slot: Slot, priority: Priority) -> Self {
        Self {
            write,
            slot,
            priority,
            ttl_ms: None,
            version: 0,
            flags: 0,
            post_id: None,
            delay_ms: None,
        }
    }

    /// A post planned once per `id` in the chat, in the slot of its id ([`Slot::Post`]).
    #[must_use]
    pub fn post(write: Write, id: String, priority: Priority) -> Self {
        Self::new(write, Slot::Post(id.clone()), priority).once(id)
    }

    /// Dropped when not made within `ms`.
    #[must_use]
    pub fn within(mut self, ms: u64) -> Self {
        self.ttl_ms = Some(ms);
        self
    }

    /// Not made sooner than `ms` from now (see [`Plan::delay_ms`]).
    #[must_use]
    pub fn after(mut self, ms: u64) -> Self {
        self.delay_ms = Some(ms);
        self
    }

    /// Planned once per `id` in the chat.
    #[must_use]
    pub fn once(mut self, id: impl Into<String>) -> Self {
        self.post_id = Some(id.into());
        self
    }
}

/// The budget of `chat`: a group's `write_limit` per window (with a twentieth of slack for
/// the time between taking a write and Telegram receiving it, and for replicas' clocks),
/// spread evenly; a private chat's one message a second.
#[must_use]
pub fn pace_of(ctx: &Ctx, chat: i64) -> Pace {
    if chat > 0 {
        return Pace::even(1, 1_050);
    }
    let window = ctx.write_window_ms;
    Pace::even(ctx.write_limit, window.saturating_add(window / 20))
}

/// Plan a text post (HTML) at `addr`, once per `id`.
pub async fn say_once(
    ctx: &Ctx,
    addr: crate::bot::effects::chat::ChatAddr,
    id: String,
    priority: Priority,
    text: String,
) {
    let w = Write::Send {
        place: addr.place(),
        text,
        reply_to: None,
        keyboard: None,
        then: None,
    };
    plan(ctx, addr.id(), Plan::post(w, id, priority)).await;
}

/// Plans `plan` in `chat`'s outbox and wakes this replica's drain of the chat. Returns
/// whether it was planned (false: a post planned before, or Redis unavailable; logged).
pub async fn plan(ctx: &Ctx, chat: i64, plan: Plan) -> bool {
    let json = match serde_json::to_string(&plan.write) {
        Ok(j) => j,
        Err(e) => {
            warn!(chat, error = %e, "a write that does not encode");
            return false;
        }
    };
    let now = ctx.now_ms();
    let slot = plan.slot.to_string();
    let put = Put {
        slot: &slot,
        meta: Meta {
            id: rand::random(),
            expires_ms: plan.ttl_ms.map_or(0, |t| now.saturating_add(t).max(1)),
            reserve: plan.priority.reserve(),
            version: plan.version,
            flags: plan.flags,
            not_before_ms: plan.delay_ms.map_or(0, |d| now.saturating_add(d)),
            planned_ms: now,
        },
        json,
        order_ms: now + plan.priority.lead_ms(),
        post_id: plan.post_id.as_deref(),
        sticky: REPOST,
    };
    match ctx.store.outbox_put(chat, &put, now).await {
        Ok(p) => {
            if p.superseded {
                ctx.metrics.outbox("superseded");
            }
            if !p.planned {
                debug!(chat, slot = %slot, "post planned before: not again");
                return false;
            }
            ctx.metrics.outbox("planned");
            debug!(chat, slot = %slot, now, "write planned");
            ctx.kick(DueKind::Outbox, Place::of_chat(chat));
            true
        }
        Err(e) => {
            warn!(chat, slot = %slot, error = %e, "write not planned");
            ctx.metrics.outbox("unplanned");
            false
        }
    }
}

/// Plans the board of `addr` (the table stored as `version` or later; `table` is the one
/// saved as `version`, carried to the drain): edited in place, or posted anew at the bottom
/// when `repost` (the old one then loses its buttons).
pub async fn board(ctx: &Ctx, addr: ChatAddr, saved: Saved, playing: bool, repost: bool) {
    plan(ctx, addr.id(), board_plan(addr, saved, playing, repost)).await;
}

/// How long the board of a tap on the live board waits for the taps that follow: two
/// writes' spacing of the chat's budget (6.3 s at Telegram's 20 a minute). Its players see
/// every move on their pages at once; the chat's board follows at half the pace its budget
/// allows, however fast they tap.
#[must_use]
pub fn coalesce_ms(ctx: &Ctx, chat: i64) -> u64 {
    2 * pace_of(ctx, chat).refill_ms
}

/// Plans the board of `addr` as [`board`] does, but not before [`coalesce_ms`] from now
/// (or when the board already planned is due, if earlier): every save meanwhile (taps on
/// the live board) shares that one write, which shows the latest. A board planned at once
/// meanwhile (a press in the chat, a computer's turn) brings it forward.
pub async fn board_soon(ctx: &Ctx, addr: ChatAddr, saved: Saved, playing: bool) {
    let p = board_plan(addr, saved, playing, false).after(coalesce_ms(ctx, addr.id()));
    plan(ctx, addr.id(), p).await;
}

fn board_plan(addr: ChatAddr, saved: Saved, playing: bool, repost: bool) -> Plan {
    let place = addr.place();
    let version = saved.version;
    let mut p = Plan::new(
        Write::Board {
            place,
            saved: Some(Box::new(saved)),
        },
        Slot::Board(place),
        if playing {
            Priority::Board
        } else {
            Priority::Reply
        },
    );
    p.version = version.max(1);
    if repost {
        p.flags = REPOST;
    }
    p
}

/// Plans a reply (HTML) to message `to` of `user` at `addr`, for their command `what`: a
/// newer reply of theirs to the same command supersedes it, and it is dropped when it could
/// not be made within [`REPLY_TTL_MS`].
pub async fn reply(ctx: &Ctx, addr: ChatAddr, user: i64, what: &str, to: i32, text: String) {
    reply_with(ctx, addr, user, what, to, text, None).await;
}

/// As [`reply`], with buttons.
pub async fn reply_with(
    ctx: &Ctx,
    addr: ChatAddr,
    user: i64,
    what: &str,
    to: i32,
    text: String,
    keyboard: Option<teloxide::types::InlineKeyboardMarkup>,
) {
    let w = Write::Send {
        place: addr.place(),
        text,
        reply_to: Some(to),
        keyboard,
        then: None,
    };
    plan_reply(ctx, addr, user, what, w).await;
}

/// Plans `w` as `user`'s reply to their command `what`: the reply's slot, priority and time
/// to live.
async fn plan_reply(ctx: &Ctx, addr: ChatAddr, user: i64, what: &str, w: Write) {
    let slot = Slot::Reply {
        place: addr.place(),
        user,
        what: what.to_owned(),
    };
    plan(
        ctx,
        addr.id(),
        Plan::new(w, slot, Priority::Reply).within(REPLY_TTL_MS),
    )
    .await;
}

/// As [`reply_with`], for a reply that concerns `user` alone (their `/help`, `/stats`, a
/// refusal, a setting confirmed to them): in a group it is shown to them only
/// ([`Write::Whisper`], an ephemeral message), elsewhere it is a plain reply. Same slot,
/// priority and time to live as a reply, and the same one write of the chat's budget:
/// Telegram's documents do not exempt ephemeral messages from a group's limit, and the fake
/// Bot API counts them (see docs/BOTAPI.md, "Replies for one member").
pub async fn reply_only(
    ctx: &Ctx,
    addr: ChatAddr,
    user: i64,
    what: &str,
    to: i32,
    text: String,
    keyboard: Option<teloxide::types::InlineKeyboardMarkup>,
) {
    if addr.id() >= 0 || user <= 0 {
        return reply_with(ctx, addr, user, what, to, text, keyboard).await;
    }
    let w = Write::Whisper {
        place: addr.place(),
        user,
        reply_to: to,
        text,
        keyboard,
    };
    plan_reply(ctx, addr, user, what, w).await;
}

/// Plans a message (HTML) at `addr` in `slot`.
pub async fn say(ctx: &Ctx, addr: ChatAddr, slot: Slot, priority: Priority, text: String) {
    let w = Write::Send {
        place: addr.place(),
        text,
        reply_to: None,
        keyboard: None,
        then: None,
    };
    plan(ctx, addr.id(), Plan::new(w, slot, priority)).await;
}

/// Plans editing message `id` of `chat`: its text (HTML) and buttons (`None`: none). A newer
/// edit of the message supersedes one not made yet.
pub async fn edit(
    ctx: &Ctx,
    chat: i64,
    id: i32,
    text: String,
    keyboard: Option<teloxide::types::InlineKeyboardMarkup>,
    priority: Priority,
) {
    let w = Write::Edit {
        message_id: id,
        text,
        keyboard,
    };
    plan(ctx, chat, Plan::new(w, Slot::Edit(id), priority)).await;
}

/// Plans replacing the buttons of message `id` of `chat` (`None`: taking them off). Returns
/// whether it was planned (false: Redis unavailable).
pub async fn buttons(
    ctx: &Ctx,
    chat: i64,
    id: i32,
    keyboard: Option<teloxide::types::InlineKeyboardMarkup>,
    priority: Priority,
) -> bool {
    let w = Write::Markup {
        message_id: id,
        keyboard,
    };
    plan(ctx, chat, Plan::new(w, Slot::Buttons(id), priority)).await
}

/// Plans taking the buttons off message `id` of `chat` (cosmetic: last, leaving writes to
/// boards). Returns whether it was planned (false: Redis unavailable).
pub async fn strip(ctx: &Ctx, chat: i64, id: i32) -> bool {
    buttons(ctx, chat, id, None, Priority::Tidy).await
}
