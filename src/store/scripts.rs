//! The Lua scripts, each in its own file under `scripts/` with a header documenting its
//! KEYS, ARGV and reply; loaded once. `Script` sends EVALSHA and loads the script again when
//! Redis answers NOSCRIPT (after a restart).

use std::sync::LazyLock;

use redis::Script;

/// Compare-and-set save of a game record.
pub(super) static CAS_SAVE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/cas_save.lua")));
/// Compare-and-delete of a game record.
pub(super) static CAS_DELETE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/cas_delete.lua")));
/// Delete a string key only if it holds a given value.
pub(super) static DELETE_IF_EQUALS: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/delete_if_equals.lua")));
/// Write a whole game record unless one exists.
pub(super) static RESTORE_IF_ABSENT: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/restore_if_absent.lua")));
/// Block a chat's writes until a time, extending only.
pub(super) static NOTE_RETRY_AFTER: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/note_retry_after.lua")));
/// Record a finished game in one scope's stats tables, exactly once.
pub(super) static STATS_RECORD: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/stats_record.lua")));
/// Read one stats table (top N, players apart, the caller's line).
pub(super) static STATS_TOP: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/stats_top.lua")));
/// Remove a user from one scope's stats tables.
pub(super) static STATS_FORGET: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/stats_forget.lua")));
/// Write a key from a DUMP payload unless it exists.
pub(super) static DUMP_RESTORE_IF_ABSENT: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/dump_restore_if_absent.lua")));
/// Remember a replay's posted animation while the replay is kept.
pub(super) static REPLAY_POSTED: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/replay_posted.lua")));
/// Take a chat's next planned write within its budget.
pub(super) static OUTBOX_TAKE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/outbox_take.lua")));
/// Forget a planned write once made.
pub(super) static OUTBOX_DONE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/outbox_done.lua")));
/// One request against a rate limit shared by the replicas (GCRA).
pub(super) static GCRA: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/gcra.lua")));
/// Count a member's command and say whether to answer.
pub(super) static FLOOD: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/flood.lua")));
/// Push a tournament's summary to the chat's history once per id.
pub(super) static HISTORY_ONCE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/history_once.lua")));
/// Take a lease, or renew it for the owner holding it.
pub(super) static TAKE_LEASE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/take_lease.lua")));
/// Take one send from the bot-wide budget of private messages.
pub(super) static PRIVATE_TAKE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/private_take.lua")));
/// Award a recorded game's achievements in a chat, once per game and once per person.
pub(super) static ACHIEVE_AWARD: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/achieve_award.lua")));
/// Remove a player's achievements in a chat, and lower the chat's counts.
pub(super) static ACHIEVE_FORGET: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/achieve_forget.lua")));
