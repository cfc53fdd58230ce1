//! [`Store::record_game`].

use redis::{FromRedisValue, Value};
use tracing::debug;

use super::super::error::StoreError;
use super::super::keys::{
    self, STATS_DONE_TTL_SECS, STATS_HISTORY_LEN, STATS_WEEK_TTL_SECS, StatsScope,
};
use super::super::redis_store::Retry;
use super::super::redis_store::Store;
use super::super::scripts::{Call, STATS_RECORD};
use super::MAX_ATTEMPTS;
use crate::stats::card::{Contribution, ESTABLISHED_GAMES, contributions};
use crate::stats::{ChatZone, GameRecord, Points, Rating, WeekId};

/// What recording a game did, for the end-of-game board.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordOutcome {
    /// False when the chat's tables already had this game (a repeated delivery): nothing was
    /// changed there, and `seats` is empty.
    pub recorded: bool,
    /// The week (in the chat's zone) the game's points went to.
    pub week: WeekId,
    /// Per human, in seat order.
    pub seats: Vec<SeatChange>,
}

/// One human's result of a recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatChange {
    /// Seat index in the record.
    pub seat: usize,
    /// Telegram user id.
    pub user: i64,
    /// R9 points of this game.
    pub points: Points,
    /// The shown chat rating before and after (when the game counted for ratings).
    pub chat_rating: Option<(i64, i64)>,
    /// The shown global rating before and after.
    pub global_rating: Option<(i64, i64)>,
    /// Rated games in the chat after this one (the final board shows the rating as new
    /// under [`ESTABLISHED_GAMES`]).
    pub chat_rated_games: u64,
}

/// A finished game's replay to keep with its history entry: its JSON
/// ([`crate::bot::core::table::Replay::to_json`], the game's id being the record's) and
/// the place it was played at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptReplay {
    pub place: super::super::keys::Place,
    pub json: String,
}

/// The stored μ/σ strings of each human ('' when unrated), as read.
type Stored = Vec<(String, String)>;

/// The rated games each human had in a scope before the game (0 when none), as read.
type RatedBefore = Vec<u64>;

/// What the first round trip of [`Store::record_game`] finds.
struct FirstRead {
    chat_done: bool,
    /// The global shards of the game's humans, first seen first, and whether each is done.
    shards: Vec<(u16, bool)>,
    chat: Stored,
    global: Stored,
    chat_rated: RatedBefore,
}

impl Store {
    /// Records a finished game in the chat's and the global tables, exactly once (see the
    /// module documentation). `zone` is the chat's time zone: the game's R9 points go to the
    /// week of its end there. Three round trips when nothing conflicts; one for a game
    /// already recorded.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a record that fails [`GameRecord::validated`]
    /// (nothing written), [`StoreError::Contended`] after [`MAX_ATTEMPTS`] rating conflicts,
    /// [`StoreError::Unavailable`] when Redis is down (call again with the same record).
    pub async fn record_game(
        &self,
        record: &GameRecord,
        zone: &ChatZone,
    ) -> Result<RecordOutcome, StoreError> {
        self.record_game_keeping(record, zone, None).await
    }

    /// [`Store::record_game`], keeping the game's replay (its whole record, see
    /// [`KeptReplay`]) in the chat's replays hash in the same script as the history entry:
    /// under the game's id, with the place's "last finished game" pointing at it, and
    /// removed when the game leaves the history.
    ///
    /// # Errors
    /// As [`Store::record_game`].
    pub async fn record_game_keeping(
        &self,
        record: &GameRecord,
        zone: &ChatZone,
        replay: Option<&KeptReplay>,
    ) -> Result<RecordOutcome, StoreError> {
        let record = record
            .clone()
            .validated()
            .map_err(|e| StoreError::InvalidArgument(format!("record_game: {e}")))?;
        let week = zone.week_of(record.ended_ms);
        let chat = StatsScope::Chat(record.chat);
        let read = self.read_ratings(&record).await?;
        let (mut chat_stored, mut global_stored) = (read.chat, read.global);
        let humans: Vec<i64> = record.humans().map(|(_, u, _)| u).collect();
        // A scope whose marker is already set is done: a repeated delivery costs one round trip.
        // The global scope is one script per shard of the game's humans (see `keys`).
        let mut shards: Vec<(u16, Option<Option<Vec<Contribution>>>)> = read
            .shards
            .iter()
            .map(|&(k, done)| (k, done.then_some(None)))
            .collect();
        let mut chat_done = read.chat_done.then_some(None);
        for _ in 0..MAX_ATTEMPTS {
            let mut conflict = false;
            for (k, done) in &mut shards {
                if done.is_none() {
                    match self
                        .try_record(&record, StatsScope::Shard(*k), week, &global_stored, None)
                        .await?
                    {
                        Some(now) => *done = Some(now),
                        None => conflict = true,
                    }
                }
            }
            if conflict {
                // Fresh ratings for the shards still to record; the done shards keep the
                // ratings their script was computed from, so the others see the same game.
                let fresh = self.read_scope(&record, StatsScope::Global).await?;
                for (j, user) in humans.iter().enumerate() {
                    let pending = shards
                        .iter()
                        .any(|(k, done)| *k == keys::global_shard(*user) && done.is_none());
                    if let (true, Some(row)) = (pending, fresh.get(j)) {
                        global_stored[j] = row.clone();
                    }
                }
                continue;
            }
            if chat_done.is_none() {
                match self
                    .try_record(&record, chat, week, &chat_stored, replay)
                    .await?
                {
                    Some(done) => chat_done = Some(done),
                    None => chat_stored = self.read_scope(&record, chat).await?,
                }
            }
            if let Some(c) = &chat_done {
                // The global changes made now, of every shard recorded now.
                let global: Option<Vec<Contribution>> = shards
                    .iter()
                    .any(|(_, d)| matches!(d, Some(Some(_))))
                    .then(|| {
                        shards
                            .iter()
                            .filter_map(|(_, d)| d.clone().flatten())
                            .flatten()
                            .collect()
                    });
                debug!(chat = record.chat, game = %record.id, recorded = c.is_some(), shards = shards.len(), "game stats recorded");
                return Ok(outcome(week, &global, c, &read.chat_rated));
            }
        }
        Err(StoreError::Contended(format!(
            "record_game {}: ratings kept changing",
            record.id
        )))
    }

    /// The chat's marker, each global shard's marker (the shards of the record's humans)
    /// and both scopes' stored ratings of the humans, in one round trip (one per slot on a
    /// cluster).
    async fn read_ratings(&self, record: &GameRecord) -> Result<FirstRead, StoreError> {
        let (chat, global) = (StatsScope::Chat(record.chat), StatsScope::Global);
        let mut shards: Vec<u16> = Vec::new();
        for (_, user, _) in record.humans() {
            let k = keys::global_shard(user);
            if !shards.contains(&k) {
                shards.push(k);
            }
        }
        let mut pipe = redis::pipe();
        pipe.cmd("EXISTS").arg(chat.done(record.chat, &record.id));
        for &k in &shards {
            pipe.cmd("EXISTS")
                .arg(StatsScope::Shard(k).done(record.chat, &record.id));
        }
        for scope in [chat, global] {
            for (_, user, _) in record.humans() {
                pipe.cmd("HMGET")
                    .arg(scope.user(user))
                    .arg("mu")
                    .arg("sg")
                    .arg("r");
            }
        }
        let replies: Vec<Value> = self
            .query_pipe("record_game", Retry::Idempotent, &pipe)
            .await?;
        let malformed = || StoreError::Corrupt("record_game: malformed reply".into());
        let mut it = replies.into_iter();
        let mut flag = || -> Result<bool, StoreError> {
            let v = it.next().ok_or_else(malformed)?;
            i64::from_redis_value(v)
                .map(|n| n == 1)
                .map_err(|_| malformed())
        };
        let chat_done = flag()?;
        let shards = shards
            .into_iter()
            .map(|k| Ok((k, flag()?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let rows = it
            .map(Vec::<Option<String>>::from_redis_value)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| malformed())?;
        let k = record.humans().count().min(rows.len());
        let rated = |row: &Vec<Option<String>>| {
            row.get(2)
                .cloned()
                .flatten()
                .and_then(|r| r.parse().ok())
                .unwrap_or(0)
        };
        let chat_rated = rows[..k].iter().map(rated).collect();
        let rows: Stored = rows.into_iter().map(pair).collect();
        Ok(FirstRead {
            chat_done,
            shards,
            chat: rows[..k].to_vec(),
            global: rows[k..].to_vec(),
            chat_rated,
        })
    }

    async fn read_scope(
        &self,
        record: &GameRecord,
        scope: StatsScope,
    ) -> Result<Stored, StoreError> {
        let mut pipe = redis::pipe();
        for (_, user, _) in record.humans() {
            pipe.cmd("HMGET").arg(scope.user(user)).arg("mu").arg("sg");
        }
        let rows: Vec<Vec<Option<String>>> = self
            .query_pipe("record_game", Retry::Idempotent, &pipe)
            .await?;
        Ok(rows.into_iter().map(pair).collect())
    }

    /// One run of the script in one scope: `Some(contributions)` when recorded now,
    /// `Some(empty)` when it already was, `None` on a rating conflict.
    async fn try_record(
        &self,
        record: &GameRecord,
        scope: StatsScope,
        week: WeekId,
        stored: &Stored,
        replay: Option<&KeptReplay>,
    ) -> Result<Option<Option<Vec<Contribution>>>, StoreError> {
        let humans: Vec<(usize, i64)> = record.humans().map(|(i, u, _)| (i, u)).collect();
        let before = |seat: usize, _user: i64| -> Rating {
            humans
                .iter()
                .position(|&(i, _)| i == seat)
                .and_then(|j| stored.get(j))
                .and_then(|(mu, sg)| {
                    Some(Rating {
                        mu: mu.parse().ok()?,
                        sigma: sg.parse().ok()?,
                    })
                })
                .unwrap_or_default()
        };
        // In a global shard, only the humans of that shard (with their stored ratings, kept
        // in the humans' order); the ratings are computed from every human's.
        let (contribs, stored): (Vec<Contribution>, Stored) = contributions(record, before)
            .into_iter()
            .zip(
                stored
                    .iter()
                    .cloned()
                    .chain(std::iter::repeat_with(Default::default)),
            )
            .filter(|(c, _)| match scope {
                StatsScope::Shard(k) => keys::global_shard(c.user) == k,
                _ => true,
            })
            .unzip();
        let stored = &stored;
        let ranked = record.counts_for_ranking();
        let is_chat = matches!(scope, StatsScope::Chat(_));
        let week_name = format!("week:{week}");

        let mut inv = Call::new(&STATS_RECORD);
        inv.key(scope.done(record.chat, &record.id))
            .key(scope.table("points", false))
            .key(scope.table("points", true))
            .key(scope.table("rating", false))
            .key(scope.table("rating", true));
        for c in &contribs {
            inv.key(scope.user(c.user));
        }
        if is_chat {
            inv.key(keys::stats_history(record.chat))
                .key(keys::stats_replays(record.chat))
                .key(keys::stats_dice(record.chat))
                .key(scope.table(&week_name, false))
                .key(scope.table(&week_name, true));
        } else {
            for c in &contribs {
                inv.key(keys::stats_user_chats(c.user));
            }
        }
        let flag = |b: bool| if b { "1" } else { "0" };
        inv.arg(contribs.len())
            .arg(flag(is_chat))
            .arg(flag(is_chat))
            .arg(flag(!is_chat))
            .arg(STATS_DONE_TTL_SECS)
            .arg(if is_chat {
                record.to_json()
            } else {
                String::new()
            })
            .arg(STATS_HISTORY_LEN)
            .arg(week.to_string())
            .arg(STATS_WEEK_TTL_SECS)
            .arg(ESTABLISHED_GAMES)
            .arg(record.chat)
            .arg(flag(ranked));
        for (j, c) in contribs.iter().enumerate() {
            let (exp_mu, exp_sg) = stored.get(j).cloned().unwrap_or_default();
            let (after, delta) = match c.rating {
                Some((b, a)) => (a, a.display() - b.display()),
                None => (Rating::default(), 0),
            };
            inv.arg(c.user)
                .arg(&c.name)
                .arg(flag(c.won))
                .arg(c.place)
                .arg(c.captures_made)
                .arg(c.captures_suffered)
                .arg(c.pieces_home)
                .arg(c.third_sixes)
                .arg(c.timeouts)
                .arg(c.points.0)
                .arg(exp_mu)
                .arg(exp_sg)
                .arg(after.mu.to_string())
                .arg(after.sigma.to_string())
                .arg(after.display())
                .arg(delta)
                .arg(c.faces.map(|n| n.to_string()).join(" "));
        }
        if is_chat {
            match replay {
                Some(r) => inv
                    .arg(&r.json)
                    .arg(keys::replay_last_field(r.place))
                    .arg(&record.id),
                None => inv.arg("").arg("").arg(&record.id),
            };
        }
        // Idempotent thanks to the marker: safe to send again after a dropped connection.
        let reply: Value = self.invoke("record_game", Retry::Idempotent, &inv).await?;
        match reply {
            Value::Int(1) => Ok(Some(Some(contribs))),
            Value::Int(0) => Ok(Some(None)),
            Value::Int(2) => Ok(None),
            other => Err(StoreError::Redis(format!(
                "record_game: unexpected reply {other:?}"
            ))),
        }
    }
}

fn pair(row: Vec<Option<String>>) -> (String, String) {
    let mut it = row.into_iter();
    (
        it.next().flatten().unwrap_or_default(),
        it.next().flatten().unwrap_or_default(),
    )
}

fn outcome(
    week: WeekId,
    global: &Option<Vec<Contribution>>,
    chat: &Option<Vec<Contribution>>,
    chat_rated: &RatedBefore,
) -> RecordOutcome {
    let Some(chat) = chat else {
        return RecordOutcome {
            recorded: false,
            week,
            seats: Vec::new(),
        };
    };
    let shown = |c: &Contribution| c.rating.map(|(b, a)| (b.display(), a.display()));
    // The contributions are the humans' in order, as the rated counts were read.
    let seats = chat
        .iter()
        .enumerate()
        .map(|(j, c)| SeatChange {
            seat: c.seat,
            user: c.user,
            points: c.points,
            chat_rating: shown(c),
            global_rating: global
                .as_ref()
                .and_then(|g| g.iter().find(|x| x.user == c.user))
                .and_then(shown),
            chat_rated_games: chat_rated.get(j).copied().unwrap_or(0)
                + u64::from(c.rating.is_some()),
        })
        .collect();
    RecordOutcome {
        recorded: true,
        week,
        seats,
    }
}
