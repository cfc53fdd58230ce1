//! The Lua scripts, each in its own file under `scripts/` with a header documenting its
//! KEYS, ARGV and reply; loaded once. `Script` sends EVALSHA and loads the script again when
//! Redis answers NOSCRIPT (after a restart).

use std::sync::LazyLock;

use redis::Script;
use redis::cluster_routing::Slot;

use super::error::StoreError;

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
/// Take a chat's next planned write within its budget (forgetting the one made before it).
pub(super) static OUTBOX_TAKE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(concat!(
        include_str!("scripts/outbox_forget.lua"),
        include_str!("scripts/outbox_take.lua")
    ))
});
/// Forget a planned write once made.
pub(super) static OUTBOX_DONE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(concat!(
        include_str!("scripts/outbox_forget.lua"),
        include_str!("scripts/outbox_done.lua")
    ))
});
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

/// One script call being built: a [`redis::ScriptInvocation`] that also keeps its keys, so
/// [`Call::one_slot`] can refuse, before anything is sent, a call whose keys Redis Cluster
/// would put in two slots. Every script call goes through it (`Store::invoke` takes only a
/// `Call`), so the rule holds on a single node too, and every store test that runs a script
/// checks it.
pub(super) struct Call<'a> {
    script: &'a Script,
    keys: Vec<String>,
    args: Vec<Vec<u8>>,
}

impl<'a> Call<'a> {
    /// A call of `script` with no keys or arguments yet.
    pub(super) fn new(script: &'a Script) -> Self {
        Self {
            script,
            keys: Vec::new(),
            args: Vec::new(),
        }
    }

    /// Adds a key (`KEYS[i]`).
    pub(super) fn key(&mut self, key: impl AsRef<str>) -> &mut Self {
        self.keys.push(key.as_ref().to_owned());
        self
    }

    /// Adds an argument (`ARGV[i]`).
    pub(super) fn arg(&mut self, arg: impl redis::ToRedisArgs) -> &mut Self {
        arg.write_redis_args(&mut self.args);
        self
    }

    /// The keys, in order.
    #[cfg(test)]
    pub(super) fn keys(&self) -> &[String] {
        &self.keys
    }

    /// `Ok` when every key hashes to the first key's slot.
    ///
    /// # Errors
    /// [`StoreError::Redis`] naming the first key in another slot.
    pub(super) fn one_slot(&self, op: &str) -> Result<(), StoreError> {
        let Some(first) = self.keys.first() else {
            return Ok(());
        };
        let slot = Slot::for_key(first);
        match self.keys.iter().find(|k| Slot::for_key(k) != slot) {
            None => Ok(()),
            Some(other) => Err(StoreError::Redis(format!(
                "{op}: script keys {first:?} and {other:?} are in two cluster slots; not sent"
            ))),
        }
    }

    /// The invocation to send.
    pub(super) fn invocation(&self) -> redis::ScriptInvocation<'a> {
        let mut inv = self.script.prepare_invoke();
        for key in &self.keys {
            inv.key(key);
        }
        for arg in &self.args {
            inv.arg(arg.as_slice());
        }
        inv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::keys::{self, Place, StatsScope};

    #[test]
    fn a_call_over_two_slots_is_refused_and_one_chats_keys_pass() {
        let chat = -1_001_234_567_890;
        let mut same = Call::new(&CAS_SAVE);
        same.key(keys::game_at(Place::of_topic(chat, 3)))
            .key(keys::writes(chat))
            .key(StatsScope::Chat(chat).user(7))
            .arg(1);
        assert!(same.one_slot("save").is_ok());
        assert_eq!(same.keys().len(), 3);

        let mut split = Call::new(&STATS_RECORD);
        split
            .key(StatsScope::Chat(chat).user(7))
            .key(StatsScope::Global.user(7));
        let err = split.one_slot("record").unwrap_err();
        assert!(matches!(err, StoreError::Redis(_)), "{err}");

        // A global shard's record: the marker, the shard's tables and its users' keys.
        for user in [7_i64, -3, 1_000_000_007] {
            let shard = StatsScope::Global.of_user(user);
            let mut record = Call::new(&STATS_RECORD);
            record
                .key(shard.done(chat, "g1"))
                .key(shard.table("points", false))
                .key(shard.table("points", true))
                .key(shard.table("rating", false))
                .key(shard.table("rating", true))
                .key(StatsScope::Global.user(user))
                .key(keys::stats_user_chats(user))
                .key(keys::achievements_anywhere(user));
            assert!(record.one_slot("record").is_ok(), "{user}");
        }
        // Two users of two shards never share a script.
        assert_ne!(keys::global_shard(7), keys::global_shard(8));
        let mut two = Call::new(&STATS_RECORD);
        two.key(StatsScope::Global.user(7))
            .key(StatsScope::Global.user(8));
        assert!(two.one_slot("record").is_err());

        let mut global = Call::new(&OUTBOX_TAKE);
        global.key(keys::OUTBOX_DUE).key(keys::CATCHUP);
        assert!(global.one_slot("due").is_err());
    }
}
