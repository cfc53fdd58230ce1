//! Every Redis key the bot uses, each built by one function.
//!
//! | key                              | type       | holds                                         | TTL                         |
//! |----------------------------------|------------|-----------------------------------------------|-----------------------------|
//! | `parxis:{<chat>}:game`           | hash       | `version`, `schema`, `state` (JSON) of a game | set by every save           |
//! | `parxis:{<chat>}:settings`       | string     | the chat's settings as JSON                   | [`SETTINGS_TTL_SECS`], refreshed on read and write |
//! | `parxis:{<chat>}:display`        | string     | which message shows the chat's board (JSON)   | set by every write          |
//! | `parxis:{<chat>}:lease:<name>`   | string     | the owner token of a short-lived lease        | the lease's own, in ms      |
//! | `parxis:deadlines`               | sorted set | chat ids, scored by due time (Unix ms)        | none (members removed)      |
//! | `parxis:update:<update_id>`      | string     | `1`: this Telegram update was already seen    | given by the caller         |
//! | `parxis:active`                  | sorted set | chat ids with a game in play, scored by when it counts as abandoned (Unix ms) | none (expired members removed on every count) |
//!
//! All keys of one chat carry the Redis Cluster hash tag `{<chat>}` (the chat id in decimal,
//! negative for groups), so a Lua script may touch several keys of *one* chat under Cluster.
//! Keys of two different chats, and the global keys, may live in different slots: no
//! script ever combines them.
//!
//! [`SETTINGS_TTL_SECS`]: super::SETTINGS_TTL_SECS

/// Prefix shared by every key, so the bot can share a Redis with other programs.
pub const PREFIX: &str = "parxis";

/// The sorted set of chats with a pending deadline (member: chat id, score: due time in ms).
pub const DEADLINES: &str = "parxis:deadlines";

/// The sorted set of chats with a game in play (member: chat id, score: Unix ms after which
/// the game counts as abandoned); counted for the `parxis_active_games` gauge.
pub const ACTIVE: &str = "parxis:active";

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

/// Which message shows a chat's board (JSON text), kept apart from the game record so that
/// showing a board never changes the game's version.
#[must_use]
pub fn display(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:display")
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
        assert_eq!(display(chat), "parxis:{-1001234567890}:display");
        for key in [
            game(chat),
            settings(chat),
            display(chat),
            lease(chat, "x{y}"),
        ] {
            assert_eq!(hash_tag(&key), "-1001234567890");
        }
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
