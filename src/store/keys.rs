//! Every Redis key the bot uses, each built by one function.
//!
//! | key                              | type       | holds                                         | TTL                         |
//! |----------------------------------|------------|-----------------------------------------------|-----------------------------|
//! | `<place>:game`                   | hash       | `version`, `schema`, `state` (JSON) of a place's game | set by every save   |
//! | `parxis:{<chat>}:settings`       | string     | the chat's settings as JSON (shared by its forum topics) | [`SETTINGS_TTL_SECS`], refreshed on read and write |
//! | `<place>:display`                | string     | which message shows the place's board (JSON)  | set by every write          |
//! | `parxis:{<chat>}:lease:<name>`   | string     | the owner token of a short-lived lease        | the lease's own, in ms      |
//! | `parxis:deadlines`               | sorted set | places ([`Place::member`]: `<chat>` or `<chat>:<topic>`), scored by due time (Unix ms) | none (members removed) |
//! | `parxis:update:<update_id>`      | string     | the marker without bot id (before [`update_for`]; no longer written by the bot) | given by the caller |
//! | `parxis:active`                  | sorted set | places ([`Place::member`]) with a game in play, scored by when it counts as abandoned (Unix ms) | none (expired members removed on every count) |
//! | `parxis:{<chat>}:stats:done:<game>` | string | `1`: this game is recorded in the chat's tables (exactly once) | [`STATS_DONE_TTL_SECS`] |
//! | `parxis:{<chat>}:stats:zone` | string | the chat's IANA time zone for its weekly table (`/timezone`; absent: Europe/Madrid) | none |
//! | `parxis:{<chat>}:stats:history` | list | the chat's last [`STATS_HISTORY_LEN`] game records, compact JSON, newest first | none (capped by LTRIM) |
//! | `parxis:{<chat>}:stats:dice` | hash | `f1` … `f6`: the group's dice per face, every human's rolls of the chat's recorded games (`/stats group`). Written with the history entry | none |
//! | `parxis:{<chat>}:stats:replays` | hash | `<game>`: a finished game's replay (compact JSON, about 1 KB); `<game>:anim`: the animation posted for it (message id, file id); `last:<place>`: the place's last finished game's id. Written with the history entry, removed when it leaves the history | none |
//! | `parxis:{<chat>}:stats:user:<user>` | hash | a player's aggregate in the chat (fields: `stats::card::fields`), μ and σ | none (deleted by `forget_user`) |
//! | `parxis:{<chat>}:stats:points[:new]` | sorted set | all-time R9 points (score: points × 840), members: user ids; `:new` holds players with fewer than 3 ranked games | none |
//! | `parxis:{<chat>}:stats:week:<monday>[:new]` | sorted set | the R9 points of one week (`<monday>` = `2026-11-30`), as above | [`STATS_WEEK_TTL_SECS`], refreshed by every game of that week |
//! | `parxis:{<chat>}:stats:rating[:new]` | sorted set | the shown rating (1000 + 40·(μ − 3σ)) of rated players | none |
//! | `parxis:{stats:<k>}:done:<chat>:<game>` | string | `1`: this game's humans of shard `<k>` are recorded in the global tables | [`STATS_DONE_TTL_SECS`] |
//! | `parxis:{stats:<k>}:user:<user>` | hash | a player's global aggregate, μ and σ (`<k>` = [`global_shard`] of the user) | none |
//! | `parxis:{stats:<k>}:points[:new]`, `parxis:{stats:<k>}:rating[:new]` | sorted set | shard `<k>` of the global all-time points and ratings: the players of that shard, as per chat | none |
//! | `parxis:{stats:<k>}:chats:<user>` | set | the chats where the user has stats: the index `forget_user` follows (no key scan) | none |
//! | `parxis:{stats:<k>}:ach:user:<user>` | set | the achievement codes the user earned anywhere | none |
//! | `parxis:{stats}:…` | | the same global keys before they were split over shards: moved by [`Store::migrate_global_stats`] at start-up | |
//! | `parxis:update:<bot>:<update_id>` | string    | `1`: bot `<bot>` already saw this update ([`update_for`]) | given by the caller |
//! | `parxis:{<chat>}:writes`         | sorted set | the chat's recent board writes (member `<ms>:<n>`, score Unix ms), at most `limit` | the window, refreshed by every write |
//! | `parxis:{<chat>}:write_block`    | string     | Unix ms before which no write may go to the chat (a 429's `retry_after`) | until then + 60 s |
//! | `<place>:owed`                   | hash       | `since`, `latest` (game versions whose board is not shown yet), `due` (Unix ms) | [`OWED_TTL_SECS`], refreshed when owed again |
//! | `<place>:lease:<name>`           | string     | a lease on a place (`turn`: the replica firing its deadline; `catchup`: the one writing its catch-up) | the lease's own, in ms |
//! | `parxis:catchup`                 | sorted set | places owed a board ([`Place::member`]), scored by when to write it (Unix ms) | none (members removed) |
//! | `<place>:ping`                   | hash       | `version`, `schema`, `state` (JSON): the place's ping plan (`/pings`) and the ping message on screen | the game's, set by every save |
//! | `parxis:pings`                   | sorted set | places with a ping due ([`Place::member`]), scored by due time (Unix ms) | none (members removed) |
//! | `parxis:{<chat>}:outbox`         | hash       | the chat's planned writes (one per *slot*: a newer write of the same slot supersedes the older), each `<meta>\n<JSON>` | [`OUTBOX_TTL_SECS`], refreshed by every put |
//! | `parxis:{<chat>}:outbox:q`       | sorted set | the slots of the planned writes, scored by time planned plus the kind's lead | as the outbox |
//! | `parxis:{<chat>}:outbox:ids`     | set        | ids of posts already planned (a post planned twice is sent once) | [`OUTBOX_IDS_TTL_SECS`], refreshed by every post |
//! | `parxis:{<chat>}:bucket`         | hash       | `tokens`, `at`: the chat's token bucket that spreads its writes evenly | the window |
//! | `parxis:{<chat>}:flood:<user>`   | string     | `<start ms> <count>`: the commands of one member in the current minute | three minutes |
//! | `parxis:{<chat>}:mute:<user>`    | string     | Unix ms until which the member who flooded the bot gets no answer | [`MUTE_SECS`] + two minutes |
//! | `parxis:outbox:due`              | sorted set | chats with planned writes (member: chat id), scored by when a write may go (Unix ms) | none (members removed) |
//! | `<place>:inline`                 | string     | the inline message id of an inline place ([`Place::inline`]) | the game's |
//! | `<place>:inline:photo`           | string     | `1` while the inline message shows a photo (its text boards are captions) | the game's |
//! | `<place>:pic:<n>`                | string     | PNG bytes of an inline picture board, served at its versioned URL while Telegram fetches it, dropped once it answered | [`super::pictures::PICTURE_TTL_SECS`] |
//! | `parxis:ci:<chat_instance>`      | string     | the chat id a callback's `chat_instance` stands for | [`super::inline::INSTANCE_TTL_SECS`] |
//! | `parxis:gq:<guest_query_id>`     | string     | a guest query (Bot API 10.0) being answered or answered: it is answered once | [`super::inline::GUEST_QUERY_TTL_SECS`] |
//! | `parxis:records:due`             | sorted set | places with a finished game to record in the stats ([`Place::member`]), scored by the next attempt (Unix ms) | none (members removed) |
//!
//! All keys of one chat carry the Redis Cluster hash tag `{<chat>}` (the chat id in decimal,
//! negative for groups), so a Lua script may touch several keys of *one* chat under Cluster.
//! Keys of two different chats, and the global keys, may live in different slots: no
//! script ever combines them.
//!
//! ## The global tables, split over shards
//!
//! The global stats are split into [`GLOBAL_SHARDS`] shards by *user*: a player's global
//! aggregate, index of chats, achievements and lines in the global points and rating tables
//! all carry the hash tag `{stats:<k>}` with `k` = [`global_shard`] of the player. So one
//! script still updates a player's aggregate and their table lines together, and the end of
//! a game writes to the shards of its humans only, not to one slot that every game's end
//! would hit. A game with humans in several shards is recorded by one script per shard
//! (each with its own "recorded" marker); the global tables are read by asking every shard
//! for its top and merging (`Store::top`): every player is in exactly one shard, so the
//! merge is exact.
//!
//! ## Places: a chat or one of its forum topics
//!
//! A [`Place`] is where a board lives: a chat (`topic: None`) or one forum topic of it.
//! `<place>` above is [`Place::prefix`]: `parxis:{<chat>}` for a chat, exactly the prefix of
//! the keys before topics existed (so [`game_at`] of a topic-less place *is* [`game`] and stored
//! data keeps loading), and `parxis:{<chat>}:topic:<topic>` for a topic. The topic stays
//! *outside* the hash tag on purpose: every topic of a chat lives in the chat's slot, so
//!
//! - one script may combine a topic's keys with the chat's (Telegram's write limit is per
//!   chat, shared by all its topics: `writes` and `write_block` are per chat, never per topic);
//! - moving a chat (a group upgraded to a supergroup gets a new id) moves a single slot's
//!   worth of keys. In practice the moved chat has no topics: only supergroups have forum
//!   topics, and a group that turns topics on is first upgraded, so topics start under the new
//!   id. `migrate_chat` therefore moves the topic-less keys only, and the chat's stats keys
//!   (`parxis:{<chat>}:stats:*`, found by SCAN over that prefix: a chat migrates once).
//!
//! A place's game, display record, deadline, turn lease and active-set entry are the
//! place's; the settings (language, display mode, turn timer) stay the chat's, shared by all
//! its topics: they are a group's choices, set by its administrators once for the group.
//!
//! The general topic of a forum should be addressed as `topic: None` (its messages carry no
//! thread id), so a chat that turns topics on keeps its game.
//!
//! ## Lanes: several games in a chat without topics
//!
//! A *lane* ([`Place::in_lane`]) is one more place of a chat, for groups without forum
//! topics (a tournament round's tables play at once in one group). Its messages carry no
//! thread id: each lane's game has its own board message in the chat, and its buttons carry
//! the lane (see `bot::core::callback`). A lane is stored as the synthetic topic
//! `-1 - lane` (Telegram's thread ids are positive, so it never names a real topic and is
//! never sent); its keys are `parxis:{<chat>}:lane:<lane>:…` and its member in the global
//! sets is `<chat>:L<lane>`, so a lane, its chat and every topic of the chat have keys of
//! their own, all in the chat's slot. Like topics, lanes share the chat's settings and
//! write budget; unlike topics, they belong to groups that may still be upgraded, so
//! `migrate_chat` moves them along (found by a `SCAN` of the chat's lane game keys).
//!
//! [`SETTINGS_TTL_SECS`]: super::SETTINGS_TTL_SECS
//! [`OWED_TTL_SECS`]: super::OWED_TTL_SECS
//! [`OUTBOX_TTL_SECS`]: super::outbox::OUTBOX_TTL_SECS
//! [`OUTBOX_IDS_TTL_SECS`]: super::outbox::OUTBOX_IDS_TTL_SECS
//! [`MUTE_SECS`]: super::outbox::MUTE_SECS
//! [`Store::migrate_global_stats`]: super::Store::migrate_global_stats

/// Prefix shared by every key, so the bot can share a Redis with other programs.
pub const PREFIX: &str = "parxis";

/// The sorted set of chats with a pending deadline (member: chat id, score: due time in ms).
pub const DEADLINES: &str = "parxis:deadlines";

/// The sorted set of chats with a game in play (member: chat id, score: Unix ms after which
/// the game counts as abandoned); counted for the `parxis_active_games` gauge.
pub const ACTIVE: &str = "parxis:active";

/// The sorted set of places owed a board (member: [`Place::member`], score: due Unix ms).
pub const CATCHUP: &str = "parxis:catchup";

/// The sorted set of places with a ping due (member: [`Place::member`], score: due Unix ms).
pub const PINGS: &str = "parxis:pings";

/// The sorted set of chats with planned writes (member: chat id, score: Unix ms).
pub const OUTBOX_DUE: &str = "parxis:outbox:due";

/// The sorted set of places whose finished game waits to be recorded (member:
/// [`Place::member`], score: Unix ms of the next attempt).
pub const RECORDS_DUE: &str = "parxis:records:due";

/// Where a board lives: a whole chat, or one forum topic of it (see the module docs).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Place {
    /// The Telegram chat id.
    pub chat: i64,
    /// The forum topic (`message_thread_id`), `None` for the chat itself or its general topic.
    pub topic: Option<i32>,
}

impl Place {
    /// The chat itself (no topic).
    #[must_use]
    pub const fn of_chat(chat: i64) -> Self {
        Self { chat, topic: None }
    }

    /// One forum topic of a chat.
    #[must_use]
    pub const fn of_topic(chat: i64, topic: i32) -> Self {
        Self {
            chat,
            topic: Some(topic),
        }
    }

    /// Lane `lane` of a chat: one more game place of a group, with no forum topic (see the
    /// module docs). Stored as the synthetic topic `-1 - lane`, a value Telegram never uses
    /// as a `message_thread_id` (those are positive), so it never reaches Telegram.
    #[must_use]
    pub const fn in_lane(chat: i64, lane: u16) -> Self {
        Self {
            chat,
            topic: Some(-1 - lane as i32),
        }
    }

    /// The lane, when this place is one (a negative synthetic topic in `-65536..=-1`).
    #[must_use]
    pub fn lane(&self) -> Option<u16> {
        let t = self.topic?;
        if t < 0 {
            u16::try_from(-1 - i64::from(t)).ok()
        } else {
            None
        }
    }

    /// The forum topic, when this place is one (never a lane).
    #[must_use]
    pub fn forum_topic(&self) -> Option<i32> {
        self.topic.filter(|&t| t >= 0)
    }

    /// The start of every key of this place: `parxis:{<chat>}`,
    /// `parxis:{<chat>}:topic:<topic>` or `parxis:{<chat>}:lane:<lane>`; the hash tag is
    /// always the chat.
    #[must_use]
    pub fn prefix(&self) -> String {
        match (self.topic, self.lane()) {
            (None, _) => format!("{PREFIX}:{{{}}}", self.chat),
            (Some(_), Some(lane)) => format!("{PREFIX}:{{{}}}:lane:{lane}", self.chat),
            (Some(topic), None) => format!("{PREFIX}:{{{}}}:topic:{topic}", self.chat),
        }
    }

    /// The place as a member of a global set: `<chat>` (as the deadlines hold chats),
    /// `<chat>:<topic>` or `<chat>:L<lane>`.
    #[must_use]
    pub fn member(&self) -> String {
        match (self.topic, self.lane()) {
            (None, _) => self.chat.to_string(),
            (Some(_), Some(lane)) => format!("{}:L{lane}", self.chat),
            (Some(topic), None) => format!("{}:{topic}", self.chat),
        }
    }

    /// Reads back a [`Place::member`]; `None` for anything else.
    #[must_use]
    pub fn from_member(member: &str) -> Option<Self> {
        match member.split_once(':') {
            None => member.parse().ok().map(Self::of_chat),
            Some((chat, rest)) => {
                let chat = chat.parse().ok()?;
                if let Some(lane) = rest.strip_prefix('L') {
                    if lane.starts_with('+') {
                        return None;
                    }
                    return Some(Self::in_lane(chat, lane.parse().ok()?));
                }
                let topic: i32 = rest.parse().ok()?;
                (topic >= 0 && !rest.starts_with('+')).then(|| Self::of_topic(chat, topic))
            }
        }
    }
}

/// Where inline places start: a place whose chat id is at most `-INLINE_BASE` is an inline
/// message's (see [`Place::inline`]). Telegram's chat ids stay within 52 bits, so no real chat
/// is ever taken for one.
pub const INLINE_BASE: i64 = 1 << 53;

impl Place {
    /// The place of an inline message (an inline game, posted by a user through `@<bot>` in
    /// any chat): a synthetic chat id of its own, `-(2^53 + h)` with `h` 52 bits of the
    /// SHA-256 of the inline message id. Negative, so it is paced like a group (20 writes a
    /// minute); outside every range Telegram uses, so it never reaches Telegram as a chat.
    /// Every key of the place carries it as its hash tag, and [`inline_msg`] holds the id
    /// itself for the writes that edit the message.
    #[must_use]
    pub fn inline(inline_message_id: &str) -> Self {
        use sha2::{Digest, Sha256};
        let d = Sha256::digest(inline_message_id.as_bytes());
        let mut b = [0_u8; 8];
        b.copy_from_slice(&d[..8]);
        let h = i64::try_from(u64::from_be_bytes(b) >> 12).unwrap_or(0);
        Self::of_chat(-(INLINE_BASE + h))
    }

    /// Is this an inline message's place ([`Place::inline`])?
    #[must_use]
    pub const fn is_inline(&self) -> bool {
        self.chat <= -INLINE_BASE
    }
}

/// The inline message id of an inline place (string, the game's TTL).
#[must_use]
pub fn inline_msg(place: Place) -> String {
    format!("{}:inline", place.prefix())
}

/// Set while the inline message of an inline place shows a photo (string `1`, the game's
/// TTL): its next text board is a caption.
#[must_use]
pub fn inline_photo(place: Place) -> String {
    format!("{}:inline:photo", place.prefix())
}

/// Picture `n` of an inline place's board (PNG bytes): what its versioned URL serves while
/// Telegram fetches it (dropped once Telegram answered; at most
/// [`super::pictures::PICTURE_TTL_SECS`]).
#[must_use]
pub fn picture(place: Place, n: u64) -> String {
    format!("{}:pic:{n}", place.prefix())
}

/// The chat a callback's `chat_instance` stands for, learned from presses that carried their
/// message (a group board pressed with only `inline_message_id`, Bot API 10.5).
#[must_use]
pub fn chat_instance(instance: &str) -> String {
    format!("{PREFIX}:ci:{instance}")
}

/// A guest query (Bot API 10.0's `guest_message`) taken to be answered: at most one
/// `answerGuestQuery` per query, whichever replica or delivery gets it.
#[must_use]
pub fn guest_query(query_id: &str) -> String {
    format!("{PREFIX}:gq:{query_id}")
}

impl From<i64> for Place {
    fn from(chat: i64) -> Self {
        Self::of_chat(chat)
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.member())
    }
}

/// The game record of a place; for a chat without topic, the same key as [`game`].
#[must_use]
pub fn game_at(place: Place) -> String {
    format!("{}:game", place.prefix())
}

/// A named lease on a place; for a chat without topic, the same key as [`lease`].
#[must_use]
pub fn lease_at(place: Place, name: &str) -> String {
    format!("{}:lease:{name}", place.prefix())
}

/// Which message shows a place's board; for a chat without topic, the same key as
/// [`display`].
#[must_use]
pub fn display_at(place: Place) -> String {
    format!("{}:display", place.prefix())
}

/// The board a place is owed (hash `since`, `latest`, `due`).
#[must_use]
pub fn owed(place: Place) -> String {
    format!("{}:owed", place.prefix())
}

/// The recent board writes to a chat, all its topics together (Telegram's limit is per chat).
#[must_use]
pub fn writes(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:writes")
}

/// Until when (Unix ms) no write may go to a chat, after a 429.
#[must_use]
pub fn write_block(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:write_block")
}

/// The planned writes of a chat (hash: slot → `<meta>\n<JSON>`), all its places together.
#[must_use]
pub fn outbox(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:outbox")
}

/// The order of a chat's planned writes (sorted set: slot → time planned plus the kind's lead).
#[must_use]
pub fn outbox_queue(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:outbox:q")
}

/// The ids of the posts already planned in a chat (set).
#[must_use]
pub fn outbox_ids(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:outbox:ids")
}

/// The token bucket that spreads a chat's writes (hash `tokens`, `at`).
#[must_use]
pub fn bucket(chat: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:bucket")
}

/// The commands member `user` sent in `chat` in the current minute (a counter).
#[must_use]
pub fn flood(chat: i64, user: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:flood:{user}")
}

/// Set while member `user` of `chat` is quieted for flooding the bot.
#[must_use]
pub fn mute(chat: i64, user: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:mute:{user}")
}

/// A web request limit's cell (GCRA: the next request's theoretical arrival, Unix ms), of
/// a `kind` (`user`, `addr`) and an id.
#[must_use]
pub fn web_rate(kind: &str, who: &str) -> String {
    format!("{PREFIX}:web:rate:{kind}:{who}")
}

/// Whether a user is a member of a group, as `getChatMember` last said (`1` or `0`, kept
/// minutes).
#[must_use]
pub fn member(chat: i64, user: i64) -> String {
    format!("{PREFIX}:{{{chat}}}:member:{user}")
}

/// The ping plan of a place (hash `version`, `schema`, `state`: who is waited for, when
/// the ping and the warning are due, the ping message on screen).
#[must_use]
pub fn ping(place: Place) -> String {
    format!("{}:ping", place.prefix())
}

/// The sorted set of places with a ping due; see [`PINGS`].
#[must_use]
pub fn pings() -> &'static str {
    PINGS
}

/// The sorted set of places owed a board; see [`CATCHUP`].
#[must_use]
pub fn catchup() -> &'static str {
    CATCHUP
}

/// The marker that bot `bot_id` already handled Telegram update `update_id`. Update ids are
/// per bot, so two bots sharing one Redis must not share markers (see [`update`], the old
/// key without the bot id).
#[must_use]
pub fn update_for(bot_id: i64, update_id: i64) -> String {
    format!("{PREFIX}:update:{bot_id}:{update_id}")
}

/// How long a "game recorded" marker lives: a retry of the same game's end within this time
/// is recognized and ignored (30 days).
pub const STATS_DONE_TTL_SECS: u64 = 30 * 24 * 3600;

/// How many game records a chat's history keeps.
pub const STATS_HISTORY_LEN: usize = 200;

/// How long a week's points table lives after the last game of that week (10 weeks). A
/// player's aggregate lists the last 12 weeks they scored in, more than can be alive at once,
/// so `forget_user` finds every weekly table they are in.
pub const STATS_WEEK_TTL_SECS: u64 = 70 * 24 * 3600;

/// How many shards the global stats tables are split into (see the module docs). Changing
/// it moves every player to another shard: not without a migration.
pub const GLOBAL_SHARDS: u16 = 16;

/// The shard of the global tables that holds `user`'s global keys.
#[must_use]
pub fn global_shard(user: i64) -> u16 {
    // Lossless: the remainder is below GLOBAL_SHARDS.
    u16::try_from(user.rem_euclid(i64::from(GLOBAL_SHARDS))).unwrap_or(0)
}

/// Where a stats table lives: one chat (keys tagged `{<chat>}`), one shard of the global
/// tables (tagged `{stats:<k>}`), or global as a whole (the merge of every shard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatsScope {
    /// The tables of one chat.
    Chat(i64),
    /// The tables over all chats: read by merging every [`StatsScope::Shard`]. Its
    /// [`StatsScope::user`] is the user's shard's; its [`StatsScope::prefix`],
    /// [`StatsScope::table`] and [`StatsScope::done`] name the keys of the layout before
    /// the split (`{stats}`), which only the migration reads.
    Global,
    /// Shard `k` of the global tables: the players with [`global_shard`] `k`.
    Shard(u16),
}

impl StatsScope {
    /// The common start of the scope's stats keys: `parxis:{<chat>}:stats:`,
    /// `parxis:{stats:<k>}:`, or for [`StatsScope::Global`] the old `parxis:{stats}:`.
    #[must_use]
    pub fn prefix(self) -> String {
        match self {
            Self::Chat(chat) => format!("{PREFIX}:{{{chat}}}:stats:"),
            Self::Shard(k) => format!("{PREFIX}:{{stats:{k}}}:"),
            Self::Global => format!("{PREFIX}:{{stats}}:"),
        }
    }

    /// The shard scope holding `user`'s keys: [`StatsScope::Global`] becomes the user's
    /// shard, the others stay as they are.
    #[must_use]
    pub fn of_user(self, user: i64) -> Self {
        match self {
            Self::Global => Self::Shard(global_shard(user)),
            other => other,
        }
    }

    /// The "game recorded" marker of a game.
    #[must_use]
    pub fn done(self, chat: i64, game: &str) -> String {
        match self {
            Self::Chat(_) => format!("{}done:{game}", self.prefix()),
            Self::Global | Self::Shard(_) => format!("{}done:{chat}:{game}", self.prefix()),
        }
    }

    /// A player's aggregate hash (for [`StatsScope::Global`], in the user's shard).
    #[must_use]
    pub fn user(self, user: i64) -> String {
        format!("{}user:{user}", self.of_user(user).prefix())
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

/// The group's dice per face, `f1` … `f6`: every human's rolls of the chat's recorded games
/// (written with the history entry by the stats record script; no expiry).
#[must_use]
pub fn stats_dice(chat: i64) -> String {
    format!("{}dice", StatsScope::Chat(chat).prefix())
}

/// The replays hash of a chat (see the table above).
#[must_use]
pub fn stats_replays(chat: i64) -> String {
    format!("{}replays", StatsScope::Chat(chat).prefix())
}

/// The field of the replays hash naming the last finished game of `place`.
#[must_use]
pub fn replay_last_field(place: Place) -> String {
    format!("last:{}", place.member())
}

/// The field of the replays hash holding the animation posted for game `id`.
#[must_use]
pub fn replay_anim_field(id: &str) -> String {
    format!("{id}:anim")
}

/// The set of chats where a user has stats, in the user's shard.
#[must_use]
pub fn stats_user_chats(user: i64) -> String {
    format!("{}chats:{user}", StatsScope::Global.of_user(user).prefix())
}

/// The achievements a user earned anywhere, in the user's shard.
#[must_use]
pub fn achievements_anywhere(user: i64) -> String {
    format!(
        "{}ach:user:{user}",
        StatsScope::Global.of_user(user).prefix()
    )
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
    fn a_place_without_topic_keeps_the_old_keys_and_a_topic_shares_its_chats_slot() {
        // Given a chat and one of its topics
        let chat = -1_001_234_567_890;
        let whole = Place::of_chat(chat);
        let topic = Place::of_topic(chat, 77);

        // Then the topic-less keys are the ones stored before topics existed
        assert_eq!(game_at(whole), game(chat));
        assert_eq!(lease_at(whole, "turn"), lease(chat, "turn"));
        assert_eq!(display_at(whole), display(chat));
        assert_eq!(Place::from(chat), whole);
        // and a topic's keys name it after the chat's tag, in the chat's slot
        assert_eq!(game_at(topic), "parxis:{-1001234567890}:topic:77:game");
        assert_eq!(owed(topic), "parxis:{-1001234567890}:topic:77:owed");
        assert_eq!(owed(whole), "parxis:{-1001234567890}:owed");
        assert_eq!(
            display_at(topic),
            "parxis:{-1001234567890}:topic:77:display"
        );
        for key in [
            game_at(topic),
            display_at(topic),
            owed(topic),
            lease_at(topic, "catchup"),
            writes(chat),
            write_block(chat),
        ] {
            assert_eq!(hash_tag(&key), "-1001234567890", "{key}");
        }
    }

    #[test]
    fn place_members_read_back_and_nothing_else_does() {
        for place in [
            Place::of_chat(-100),
            Place::of_chat(42),
            Place::of_topic(-1_001_234_567_890, 1),
            Place::of_topic(-5, i32::MAX),
        ] {
            assert_eq!(Place::from_member(&place.member()), Some(place));
            assert_eq!(place.to_string(), place.member());
        }
        assert_eq!(Place::of_chat(-100).member(), "-100");
        assert_eq!(Place::of_topic(-100, 3).member(), "-100:3");
        for bad in ["", "x", "-100:", ":3", "-100:3:4", "-100:x", "1.5"] {
            assert_eq!(Place::from_member(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_lanes_keys_are_its_own_apart_from_its_chats_and_every_topics_in_the_chats_slot() {
        // Given a chat, its lanes 0 and 65535, and its topics 1 and i32::MAX,
        let chat = -1_001_234_567_890;
        let lane = Place::in_lane(chat, 0);
        let last = Place::in_lane(chat, u16::MAX);
        let places = [
            Place::of_chat(chat),
            lane,
            last,
            Place::of_topic(chat, 1),
            Place::of_topic(chat, i32::MAX),
        ];
        // Then a lane knows it is one, and no topic or chat is,
        assert_eq!(lane.lane(), Some(0));
        assert_eq!(last.lane(), Some(u16::MAX));
        assert_eq!(lane.forum_topic(), None);
        assert_eq!(Place::of_topic(chat, 1).lane(), None);
        assert_eq!(Place::of_chat(chat).lane(), None);
        // and its keys name the lane in the chat's slot,
        assert_eq!(game_at(lane), "parxis:{-1001234567890}:lane:0:game");
        assert_eq!(
            display_at(last),
            "parxis:{-1001234567890}:lane:65535:display"
        );
        assert_eq!(
            lease_at(lane, "turn"),
            "parxis:{-1001234567890}:lane:0:lease:turn"
        );
        assert_eq!(owed(lane), "parxis:{-1001234567890}:lane:0:owed");
        assert_eq!(lane.member(), "-1001234567890:L0");
        // and every key and member of each place differs from every other place's.
        let all: Vec<[String; 6]> = places
            .iter()
            .map(|&p| {
                [
                    game_at(p),
                    display_at(p),
                    owed(p),
                    lease_at(p, "turn"),
                    lease_at(p, "catchup"),
                    p.member(),
                ]
            })
            .collect();
        for (i, a) in all.iter().enumerate() {
            for key in &a[..5] {
                assert_eq!(hash_tag(key), "-1001234567890", "{key}");
            }
            for b in &all[i + 1..] {
                for (x, y) in a.iter().zip(b) {
                    assert_ne!(x, y);
                }
            }
        }
        for p in places {
            assert_eq!(Place::from_member(&p.member()), Some(p));
        }
        // A lane's member is not read as a topic, nor a negative topic as a lane.
        for bad in [
            "-100:L",
            "-100:L-1",
            "-100:L65536",
            "-100:L+1",
            "-100:-1",
            "-100:+3",
        ] {
            assert_eq!(Place::from_member(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn update_markers_are_per_bot() {
        assert_eq!(update_for(123, 9), "parxis:update:123:9");
        assert_ne!(update_for(123, 9), update_for(456, 9));
        assert_ne!(update_for(123, 9), update(9));
    }

    #[test]
    fn hash_tag_follows_the_cluster_rule() {
        assert_eq!(hash_tag("plain"), "plain");
        assert_eq!(hash_tag("a{}b{c}"), "a{}b{c}");
        assert_eq!(hash_tag("a{b}{c}"), "b");
        assert_eq!(hash_tag("a{b"), "a{b");
        assert_eq!(hash_tag(DEADLINES), DEADLINES);
        assert_eq!(hash_tag(CATCHUP), CATCHUP);
        assert_eq!(hash_tag(&update(7)), "parxis:update:7");
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
        // A user's global keys share the user's shard's tag, and the shards spread users.
        let global = StatsScope::Global;
        for user in [42, -7, 0, i64::MAX] {
            let tag = format!("stats:{}", global_shard(user));
            let shard = global.of_user(user);
            for key in [
                global.user(user),
                shard.table("rating", false),
                shard.table("points", true),
                shard.done(chat, "g1"),
                stats_user_chats(user),
                achievements_anywhere(user),
            ] {
                assert_eq!(hash_tag(&key), tag, "{key}");
            }
        }
        assert_eq!(global.user(42), "parxis:{stats:10}:user:42");
        assert_eq!(global_shard(-7), 9);
        let shards: std::collections::HashSet<u16> = (0..100).map(global_shard).collect();
        assert_eq!(shards.len(), usize::from(GLOBAL_SHARDS));
        // The layout before the split stays nameable for the migration.
        assert_eq!(
            global.done(chat, "g1"),
            "parxis:{stats}:done:-1001234567890:g1"
        );
        assert_eq!(global.table("points", true), "parxis:{stats}:points:new");
    }
}
