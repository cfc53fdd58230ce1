//! Every Redis key the bot uses, each built by one function.
//!
//! | key                              | type       | holds                                         | TTL                         |
//! |----------------------------------|------------|-----------------------------------------------|-----------------------------|
//! | `parxis:{<chat>}:game`           | hash       | `version`, `schema`, `state` (JSON) of a game | set by every save           |
//! | `parxis:{<chat>}:settings`       | string     | the chat's settings as JSON                   | [`SETTINGS_TTL_SECS`], refreshed on read and write |
//! | `parxis:{<chat>}:lease:<name>`   | string     | the owner token of a short-lived lease        | the lease's own, in ms      |
//! | `parxis:deadlines`               | sorted set | chat ids, scored by due time (Unix ms)        | none (members removed)      |
//! | `parxis:update:<update_id>`      | string     | `1`: this Telegram update was already seen    | given by the caller         |
//! | `parxis:{<chat>}:stats:done:<game>` | string | `1`: this game is recorded in the chat's tables (exactly once) | [`STATS_DONE_TTL_SECS`] |
//! | `parxis:{<chat>}:stats:history` | list | the chat's last [`STATS_HISTORY_LEN`] game records, compact JSON, newest first | none (capped by LTRIM) |
//! | `parxis:{<chat>}:stats:user:<user>` | hash | a player's aggregate in the chat (fields: `stats::card::fields`), μ and σ | none (deleted by `forget_user`) |
//! | `parxis:{<chat>}:stats:points[:new]` | sorted set | all-time R9 points (score: points × 840), members: user ids; `:new` holds players with fewer than 3 ranked games | none |
//! | `parxis:{<chat>}:stats:week:<monday>[:new]` | sorted set | the R9 points of one week (`<monday>` = `2026-11-30`), as above | [`STATS_WEEK_TTL_SECS`], refreshed by every game of that week |
//! | `parxis:{<chat>}:stats:rating[:new]` | sorted set | the shown rating (1000 + 40·(μ − 3σ)) of rated players | none |
//! | `parxis:{stats}:done:<chat>:<game>` | string | `1`: this game is recorded in the global tables | [`STATS_DONE_TTL_SECS`] |
//! | `parxis:{stats}:user:<user>` | hash | a player's global aggregate, μ and σ | none |
//! | `parxis:{stats}:points[:new]`, `parxis:{stats}:rating[:new]` | sorted set | the global all-time points and ratings, as per chat | none |
//! | `parxis:{stats}:chats:<user>` | set | the chats where the user has stats: the index `forget_user` follows (no key scan) | none |
//! | `parxis:active`                  | sorted set | chat ids with a game in play, scored by when it counts as abandoned (Unix ms) | none (expired members removed on every count) |
//!
//! All keys of one chat carry the Redis Cluster hash tag `{<chat>}` (the chat id in decimal,
//! negative for groups), so a Lua script may touch several keys of *one* chat under Cluster.
//! Keys of two different chats, and the global keys, may live in different slots: no
//! script ever combines them. The global stats keys share the hash tag `{stats}`, so one
//! script may update a player's global aggregate and the global tables together.
//!
//! [`SETTINGS_TTL_SECS`]: super::SETTINGS_TTL_SECS

/// Prefix shared by every key, so the bot can share a Redis with other programs.
pub const PREFIX: &str = "parxis";

/// The sorted set of chats with a pending deadline (member: chat id, score: due time in ms).
pub const DEADLINES: &str = "parxis:deadlines";

/// The sorted set of chats with a game in play (member: chat id, score: Unix ms after which
/// the game counts as abandoned); counted for the `parxis_active_games` gauge.
pub const ACTIVE: &str = "parxis:active";

/// How long a "game recorded" marker lives: a retry of the same game's end within this time
/// is recognized and ignored (30 days).
pub const STATS_DONE_TTL_SECS: u64 = 30 * 24 * 3600;

/// How many game records a chat's history keeps.
pub const STATS_HISTORY_LEN: usize = 200;

/// How long a week's points table lives after the last game of that week (10 weeks). A
/// player's aggregate lists the last 12 weeks they scored in, more than can be alive at once,
/// so `forget_user` finds every weekly table they are in.
pub const STATS_WEEK_TTL_SECS: u64 = 70 * 24 * 3600;

/// Where a stats table lives: one chat (keys tagged `{<chat>}`) or global (tagged `{stats}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatsScope {
    /// The tables of one chat.
    Chat(i64),
    /// The tables over all chats.
    Global,
}

impl StatsScope {
    /// The common start of the scope's stats keys: `parxis:{<chat>}:stats:` or
    /// `parxis:{stats}:`.
    #[must_use]
    pub fn prefix(self) -> String {
        match self {
            Self::Chat(chat) => format!("{PREFIX}:{{{chat}}}:stats:"),
            Self::Global => format!("{PREFIX}:{{stats}}:"),
        }
    }

    /// The "game recorded" marker of a game.
    #[must_use]
    pub fn done(self, chat: i64, game: &str) -> String {
        match self {
            Self::Chat(_) => format!("{}done:{game}", self.prefix()),
            Self::Global => format!("{}done:{chat}:{game}", self.prefix()),
        }
    }

    /// A player's aggregate hash.
    #[must_use]
    pub fn user(self, user: i64) -> String {
        format!("{}user:{user}", self.prefix())
    }

    /// A table (`points`, `rating` or `week:<monday>`), or its list of players still apart.
    #[must_use]
    pub fn table(self, name: &str, apart: bool) -> String {
        if apart {
            format!("{}{name}:new", self.prefix())
        } else {
            format!("{}{name}", self.prefix())
        }
    }
}

/// The history list of a chat (newest first).
#[must_use]
pub fn stats_history(chat: i64) -> String {
    format!("{}history", StatsScope::Chat(chat).prefix())
}

/// The set of chats where a user has stats.
#[must_use]
pub fn stats_user_chats(user: i64) -> String {
    format!("{}chats:{user}", StatsScope::Global.prefix())
}

/// The game record of a chat: a hash with fields `version`, `schema` and `state`.
#[must_use]
pub fn game(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:game")
}

/// The settings of a chat (JSON text).
#[must_use]
pub fn settings(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:settings")
}

/// A named lease (a short lock with an owner token) held on a chat.
#[must_use]
pub fn lease(chat: i64, name: &str) -> String {
    format!("{PREFIX}:{{{chat}}}:lease:{name}")
}

/// The sorted set of due chats; see [`DEADLINES`].
#[must_use]
pub fn deadlines() -> &'static str {
    DEADLINES
}

/// The marker that a Telegram update id was already handled (dedup of webhook retries).
#[must_use]
pub fn update(update_id: i64) -> String {
    format!("{PREFIX}:update:{update_id}")
}

/// The part of `key` that Redis Cluster hashes to pick the slot: the text between the first
/// `{` and the first `}` after it, when that text is not empty; otherwise the whole key.
#[must_use]
pub fn hash_tag(key: &str) -> &str {
    if let Some(open) = key.find('{') {
        let rest = &key[open + 1..];
        if let Some(close) = rest.find('}')
            && close > 0
        {
            return &rest[..close];
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_keys_are_tagged_with_the_chat_id() {
        let chat = -1_001_234_567_890;
        assert_eq!(game(chat), "parxis:{-1001234567890}:game");
        assert_eq!(settings(chat), "parxis:{-1001234567890}:settings");
        assert_eq!(lease(chat, "turn"), "parxis:{-1001234567890}:lease:turn");
        for key in [game(chat), settings(chat), lease(chat, "x{y}")] {
            assert_eq!(hash_tag(&key), "-1001234567890");
        }
    }

    #[test]
    fn stats_keys_of_a_chat_share_its_tag_and_global_ones_share_stats() {
        let chat = -1_001_234_567_890;
        let scope = StatsScope::Chat(chat);
        for key in [
            scope.done(chat, "g1"),
            scope.user(42),
            scope.table("points", false),
            scope.table("week:2026-11-30", true),
            stats_history(chat),
        ] {
            assert_eq!(hash_tag(&key), "-1001234567890", "{key}");
        }
        assert_eq!(
            scope.table("rating", true),
            "parxis:{-1001234567890}:stats:rating:new"
        );
        let global = StatsScope::Global;
        for key in [
            global.done(chat, "g1"),
            global.user(42),
            global.table("rating", false),
            stats_user_chats(42),
        ] {
            assert_eq!(hash_tag(&key), "stats", "{key}");
        }
        assert_eq!(
            global.done(chat, "g1"),
            "parxis:{stats}:done:-1001234567890:g1"
        );
    }

    #[test]
    fn hash_tag_follows_the_cluster_rule() {
        assert_eq!(hash_tag("plain"), "plain");
        assert_eq!(hash_tag("a{}b{c}"), "a{}b{c}");
        assert_eq!(hash_tag("a{b}{c}"), "b");
        assert_eq!(hash_tag("a{b"), "a{b");
        assert_eq!(hash_tag(DEADLINES), DEADLINES);
        assert_eq!(hash_tag(&update(7)), "parxis:update:7");
    }
}
