//! The outbox of each chat: every write the bot makes to a chat (boards, replies, pings,
//! posts, deletes) is *planned* here first and made later by whichever replica drains the
//! chat, within the chat's one budget.
//!
//! - [`Store::outbox_put`] plans a write under a *slot*: a newer write of the same slot
//!   supersedes the older one (three `/board` → one board), and a post with an id is planned
//!   once whatever the retries (a crash between posting and marking posted repeats nothing).
//! - [`Store::outbox_take`] hands out the next write when the budget allows it: Telegram's
//!   limit as a sliding window, spread evenly by a token bucket ([`Pace`]), after any 429's
//!   `retry_after` ([`Store::note_retry_after`]); writes past their time to live are dropped.
//! - [`Store::outbox_done`] forgets a write once made (a newer one of its slot stays).
//!
//! The chats with something planned are the sorted set [`keys::OUTBOX_DUE`], scored by when
//! a write may go; the scheduler drains them under a lease, so one replica writes to a chat
//! at a time and the budget holds for all of them together.

use super::error::StoreError;
use super::keys::{self, Place};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, FLOOD, OUTBOX_DONE, OUTBOX_TAKE};

/// How long a chat's planned writes live without a new one (housekeeping only).
pub const OUTBOX_TTL_SECS: u64 = 24 * 3600;
/// How long the ids of planned posts are remembered.
pub const OUTBOX_IDS_TTL_SECS: u64 = 30 * 24 * 3600;
/// How long a member who flooded the bot stays quiet after their last command.
pub const MUTE_SECS: u64 = 120;
/// Commands a member may send in a minute before the bot stops answering them.
pub const FLOOD_LIMIT: u32 = 15;

/// What the scripts keep beside a planned write's JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Meta {
    /// Unique per plan (a newer plan of the same slot has another id).
    pub id: u64,
    /// When the write is no longer worth making (Unix ms; 0: never).
    pub expires_ms: u64,
    /// Writes that must stay free for more important ones when this one goes.
    pub reserve: u8,
    /// A board's game version (0 for other writes).
    pub version: u64,
    /// Bits of [`Put::sticky`] survive a superseding write.
    pub flags: u32,
    /// Not made before this time (Unix ms; 0: as soon as the budget allows). A newer write
    /// of the slot keeps the earlier of the two, so the writes planned while one waits share
    /// it (the live board's taps: one board for them all); only a write being made (marked
    /// 1 when taken) hands nothing on.
    pub not_before_ms: u64,
    /// When it was planned (Unix ms; 0: not known, a write planned by an older version). A
    /// newer write of the slot keeps the earlier time while the older one waits, so a board
    /// made says how long the oldest save it shows waited (`parxis_board_lag_seconds`).
    pub planned_ms: u64,
}

impl Meta {
    fn line(&self) -> String {
        format!(
            "{} {} {} {} {} {} {}",
            self.id,
            self.expires_ms,
            self.reserve,
            self.version,
            self.flags,
            self.not_before_ms,
            self.planned_ms
        )
    }

    fn parse(line: &str) -> Option<Self> {
        let mut it = line.split(' ').map(str::parse::<u64>);
        let mut next = || it.next().and_then(Result::ok);
        Some(Self {
            id: next()?,
            expires_ms: next()?,
            reserve: u8::try_from(next()?).ok()?,
            version: next()?,
            flags: u32::try_from(next()?).ok()?,
            // (a write planned by the previous version has no such field: at once)
            not_before_ms: next().unwrap_or(0),
            planned_ms: next().unwrap_or(0),
        })
    }
}

/// One write to plan.
#[derive(Debug, Clone)]
pub struct Put<'a> {
    pub slot: &'a str,
    pub meta: Meta,
    /// The write itself, as the bot encodes it.
    pub json: String,
    /// The write's place in the queue (Unix ms, lowest first): when it was planned plus how
    /// long its kind lets later boards go before it (see the bot's `Priority::lead_ms`). A
    /// superseded write keeps the earlier of the two.
    pub order_ms: u64,
    /// A post planned with an id is planned once.
    pub post_id: Option<&'a str>,
    /// Flags of a superseded write to keep.
    pub sticky: u32,
}

/// What [`Store::outbox_put`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Planned {
    /// False when the post's id was planned before: nothing was written.
    pub planned: bool,
    /// True when an older write of the slot was replaced.
    pub superseded: bool,
}

/// The budget of a chat: `limit` writes per `window_ms`, spread by a bucket of `burst` writes
/// refilled one per `refill_ms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    pub limit: u32,
    pub window_ms: u64,
    pub burst: u32,
    pub refill_ms: u64,
}

impl Pace {
    /// `limit` writes per `window_ms` (with the slack already in the window), spent evenly
    /// once a short burst (a tenth of the limit, at least one) is gone: one write every
    /// `window_ms / limit`.
    #[must_use]
    pub fn even(limit: u32, window_ms: u64) -> Self {
        let limit = limit.max(1);
        Self {
            limit,
            window_ms: window_ms.max(1),
            burst: (limit / 10).max(1),
            refill_ms: (window_ms / u64::from(limit)).max(1),
        }
    }
}

/// What [`Store::outbox_take`] answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Make this write now (one write was counted); then [`Store::outbox_done`].
    Write {
        slot: String,
        meta: Meta,
        json: String,
        /// Writes dropped on the way, past their time to live.
        dropped: u32,
    },
    /// The next write may not go before `until_ms`.
    Wait { until_ms: u64, dropped: u32 },
    /// Nothing is planned.
    Empty { dropped: u32 },
}

/// What [`Store::flood_check`] says of a member's command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flood {
    /// Answer it.
    Answer,
    /// The member just passed the limit: answer with the notice only.
    Notice,
    /// The member is quieted: no answer.
    Quiet,
}

/// A write made, to forget ([`Store::outbox_done`], [`Store::outbox_done_take`]): its slot,
/// its plan's id, and for a board the game version it showed (0 otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Done<'a> {
    pub slot: &'a str,
    pub id: u64,
    pub shown_version: u64,
}

impl Store {
    /// Plans `put` in `chat`'s outbox at `now_ms` and marks the chat due now (one pipeline).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_put(
        &self,
        chat: i64,
        put: &Put<'_>,
        now_ms: u64,
    ) -> Result<Planned, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("EVAL")
            .arg(include_str!("scripts/outbox_put.lua"))
            .arg(3)
            .arg(keys::outbox(chat))
            .arg(keys::outbox_queue(chat))
            .arg(keys::outbox_ids(chat))
            .arg(put.slot)
            .arg(put.meta.line())
            .arg(&put.json)
            .arg(put.order_ms)
            .arg(put.post_id.unwrap_or(""))
            .arg(OUTBOX_TTL_SECS)
            .arg(OUTBOX_IDS_TTL_SECS)
            .arg(put.sticky)
            .arg(now_ms);
        pipe.cmd("ZADD")
            .arg(keys::OUTBOX_DUE)
            .arg("LT")
            .arg(now_ms)
            .arg(chat)
            .ignore();
        let ((planned, superseded),): ((i64, i64),) = self
            .query_pipe("outbox_put", Retry::IfNotSent, &pipe)
            .await?;
        Ok(Planned {
            planned: planned == 1,
            superseded: superseded == 1,
        })
    }

    /// The next write of `chat` at `now_ms` if `pace` allows one (see [`Taken`]).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_take(
        &self,
        chat: i64,
        now_ms: u64,
        pace: Pace,
    ) -> Result<Taken, StoreError> {
        self.outbox_done_take(chat, None, now_ms, pace).await
    }

    /// As [`Store::outbox_take`], the write `made` before it first forgotten as
    /// [`Store::outbox_done`] forgets it, in the same script call: a drain forgets a write
    /// and takes the next in one round trip. When the call fails, nothing is forgotten (the
    /// write is made again, as after a crash).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_done_take(
        &self,
        chat: i64,
        made: Option<Done<'_>>,
        now_ms: u64,
        pace: Pace,
    ) -> Result<Taken, StoreError> {
        let (status, a, b, dropped): (i64, String, String, u32) =
            self.take(chat, now_ms, pace, "next", made).await?;
        Ok(match status {
            1 => {
                let (meta, json) = b.split_once('\n').unwrap_or((b.as_str(), ""));
                let meta = Meta::parse(meta).ok_or_else(|| {
                    StoreError::Corrupt(format!("{}: {a}: meta {meta:?}", keys::outbox(chat)))
                })?;
                Taken::Write {
                    slot: a,
                    meta,
                    json: json.to_owned(),
                    dropped,
                }
            }
            0 => Taken::Wait {
                until_ms: a.parse().unwrap_or(now_ms),
                dropped,
            },
            _ => Taken::Empty { dropped },
        })
    }

    /// One more request for the write being made (a board that must be posted anew after its
    /// edit failed): `Ok(None)` when granted, else the time it may go.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_take_more(
        &self,
        chat: i64,
        now_ms: u64,
        pace: Pace,
    ) -> Result<Option<u64>, StoreError> {
        let (status, a, _, _): (i64, String, String, u32) =
            self.take(chat, now_ms, pace, "more", None).await?;
        Ok((status != 1).then(|| a.parse().unwrap_or(now_ms)))
    }

    async fn take(
        &self,
        chat: i64,
        now_ms: u64,
        pace: Pace,
        mode: &str,
        made: Option<Done<'_>>,
    ) -> Result<(i64, String, String, u32), StoreError> {
        let mut inv = Call::new(&OUTBOX_TAKE);
        inv.key(keys::outbox(chat))
            .key(keys::outbox_queue(chat))
            .key(keys::writes(chat))
            .key(keys::write_block(chat))
            .key(keys::bucket(chat))
            .arg(now_ms)
            .arg(pace.limit.max(1))
            .arg(pace.window_ms.max(1))
            .arg(pace.burst.max(1))
            .arg(pace.refill_ms.max(1))
            .arg(mode);
        if let Some(d) = made {
            inv.arg(d.slot).arg(d.id).arg(d.shown_version);
        }
        // Counted writes must not be counted twice: sent again only if never sent.
        self.invoke("outbox_take", Retry::IfNotSent, &inv).await
    }

    /// The write of `slot` with id `id` was made (for a board: showing game version
    /// `shown_version`, else 0): forget it unless a newer write took the slot. Returns
    /// whether the slot is now empty.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_done(
        &self,
        chat: i64,
        slot: &str,
        id: u64,
        shown_version: u64,
    ) -> Result<bool, StoreError> {
        let mut inv = Call::new(&OUTBOX_DONE);
        inv.key(keys::outbox(chat))
            .key(keys::outbox_queue(chat))
            .arg(slot)
            .arg(id)
            .arg(shown_version);
        let done: i64 = self.invoke("outbox_done", Retry::Idempotent, &inv).await?;
        Ok(done == 1)
    }

    /// Takes back the write planned in `slot` of `chat`, if it was not made yet. Returns
    /// whether one was taken back.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_cancel(&self, chat: i64, slot: &str) -> Result<bool, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("HDEL").arg(keys::outbox(chat)).arg(slot);
        pipe.cmd("ZREM")
            .arg(keys::outbox_queue(chat))
            .arg(slot)
            .ignore();
        let (removed,): (i64,) = self
            .query_pipe("outbox_cancel", Retry::Idempotent, &pipe)
            .await?;
        Ok(removed == 1)
    }

    /// How many writes `chat` has planned.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_len(&self, chat: i64) -> Result<u64, StoreError> {
        let mut cmd = redis::cmd("ZCARD");
        cmd.arg(keys::outbox_queue(chat));
        self.query("outbox_len", Retry::Idempotent, &cmd).await
    }

    /// Takes `chat` off the outbox's due set, then counts its planned writes, in one
    /// pipeline: the count comes after, so a write planned before it is counted (and the
    /// caller puts the chat back), and one planned after it wakes its own drain. On a
    /// cluster the two commands fall in two slots and are sent one after the other, in this
    /// order (see `conn.rs`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_off_due(&self, chat: i64) -> Result<u64, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("ZREM")
            .arg(keys::OUTBOX_DUE)
            .arg(Place::of_chat(chat).member())
            .ignore();
        pipe.cmd("ZCARD").arg(keys::outbox_queue(chat));
        let (len,): (u64,) = self
            .query_pipe("outbox_off_due", Retry::Idempotent, &pipe)
            .await?;
        Ok(len)
    }

    /// The outbox's backlog, for the metrics: how many chats have writes planned, and how
    /// long ago (ms before `now_ms`) the one waiting longest became due (0: none is due).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_backlog(&self, now_ms: u64) -> Result<(u64, u64), StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("ZCARD").arg(keys::OUTBOX_DUE);
        pipe.cmd("ZRANGE")
            .arg(keys::OUTBOX_DUE)
            .arg(0)
            .arg(0)
            .arg("WITHSCORES");
        let (chats, first): (u64, Vec<(String, f64)>) = self
            .query_pipe("outbox_backlog", Retry::Idempotent, &pipe)
            .await?;
        let oldest = first.first().map_or(0, |(_, due)| {
            // Scores are Unix ms; a chat due in the future waits for nothing yet.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let due = due.max(0.0) as u64;
            now_ms.saturating_sub(due)
        });
        Ok((chats, oldest))
    }

    /// Drops every write planned for `chat` (the bot can no longer write there).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn outbox_clear(&self, chat: i64) -> Result<(), StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("DEL")
            .arg(keys::outbox(chat))
            .arg(keys::outbox_queue(chat))
            .ignore();
        pipe.cmd("ZREM").arg(keys::OUTBOX_DUE).arg(chat).ignore();
        let () = self
            .query_pipe("outbox_clear", Retry::Idempotent, &pipe)
            .await?;
        Ok(())
    }

    /// Counts a command of member `user` in `chat` at `now_ms` (see [`Flood`]): more than
    /// `limit` in a minute quiets them for `mute_secs` after their last command.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn flood_check(
        &self,
        chat: i64,
        user: i64,
        limit: u32,
        mute_secs: u64,
        now_ms: u64,
    ) -> Result<Flood, StoreError> {
        let mut inv = Call::new(&FLOOD);
        inv.key(keys::flood(chat, user))
            .key(keys::mute(chat, user))
            .arg(limit.max(1))
            .arg(mute_secs.max(1) * 1000)
            .arg(now_ms);
        let answer: i64 = self.invoke("flood_check", Retry::IfNotSent, &inv).await?;
        Ok(match answer {
            0 => Flood::Answer,
            1 => Flood::Notice,
            _ => Flood::Quiet,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meta_line_reads_back() {
        let m = Meta {
            id: 18_446_744_073_709_551_615,
            expires_ms: 1_764_547_200_000,
            reserve: 1,
            version: 42,
            flags: 1,
            not_before_ms: 1_764_547_206_000,
            planned_ms: 1_764_547_200_500,
        };
        assert_eq!(Meta::parse(&m.line()), Some(m));
        // A line of the previous version (five fields) is a write to make at once.
        assert_eq!(
            Meta::parse("1 2 0 4 0"),
            Some(Meta {
                id: 1,
                expires_ms: 2,
                reserve: 0,
                version: 4,
                flags: 0,
                not_before_ms: 0,
                planned_ms: 0
            })
        );
        assert_eq!(Meta::parse("1 2 3"), None);
        assert_eq!(Meta::parse("1 2 300 4 5"), None);
    }

    #[test]
    fn an_even_pace_keeps_the_limit_over_each_window() {
        // Given Telegram's 20 a minute (with slack), When spread evenly,
        let p = Pace::even(20, 63_000);
        // Then a short burst, then one write every 3.15 s: burst + window / refill ≤ limit + 1.
        assert_eq!(p.burst, 2);
        assert_eq!(p.refill_ms, 3_150);
        // And a private chat's one a second is one at a time.
        let private = Pace::even(1, 1_050);
        assert_eq!((private.burst, private.refill_ms), (1, 1_050));
    }
}
