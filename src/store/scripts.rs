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
/// Take one write from a chat's shared budget.
pub(super) static TAKE_WRITE: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/take_write.lua")));
/// Block a chat's writes until a time, extending only.
pub(super) static NOTE_RETRY_AFTER: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/note_retry_after.lua")));
/// Record a place's owed board.
pub(super) static OWE_BOARD: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/owe_board.lua")));
/// Owe a place's board soon, sharing what is owed already (the live board's taps).
pub(super) static OWE_BOARD_SOON: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/owe_board_soon.lua")));
/// Push a place's catch-up later.
pub(super) static PUSH_CATCHUP: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/push_catchup.lua")));
/// Forget a place's owed board once a board at least that new is shown.
pub(super) static CLEAR_OWED_IF: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/clear_owed_if.lua")));
/// Take the catch-up lease of a due place.
pub(super) static CLAIM_CATCHUP: LazyLock<Script> =
    LazyLock::new(|| Script::new(include_str!("scripts/claim_catchup.lua")));
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
