//! [`Store::top`] and [`Store::player_card`]: the reads behind `/top` and `/stats`.

use std::collections::HashMap;

use redis::Value;

use super::super::error::StoreError;
use super::super::keys::{self, StatsScope};
use super::super::redis_store::Retry;
use super::super::redis_store::Store;
use super::super::scripts::{Call, STATS_TOP};
use crate::stats::{Aggregate, Points, WeekId};

/// Which table of a scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// R9.3 the points of one week (chat scope only: a week is the chat's).
    Week(WeekId),
    /// All-time R9 points.
    AllTime,
    /// The shown rating.
    Rating,
}

impl Table {
    fn name(self) -> String {
        match self {
            Self::Week(w) => format!("week:{w}"),
            Self::AllTime => "points".to_owned(),
            Self::Rating => "rating".to_owned(),
        }
    }
}

/// One line of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopLine {
    /// 1-based rank within its list (settled or apart); equal scores share a rank.
    pub rank: u64,
    /// Telegram user id.
    pub user: i64,
    /// Name last seen.
    pub name: String,
    /// The score: R9 points in 1/840 (see [`TopLine::points`]) for the points tables, the
    /// shown rating for [`Table::Rating`].
    pub score: i64,
    /// Ranked games played in this scope (at least [`crate::stats::ESTABLISHED_GAMES`] for the
    /// settled list).
    pub games: u64,
}

impl TopLine {
    /// The score of a points table as [`Points`].
    #[must_use]
    pub fn points(&self) -> Points {
        Points(self.score)
    }
}

/// A table as `/top` shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Top {
    /// Players with enough ranked games, best first (at most the N asked for).
    pub top: Vec<TopLine>,
    /// Players with fewer ranked games, listed apart, best first.
    pub apart: Vec<TopLine>,
    /// How many players the table has in all, settled and apart.
    pub settled_count: u64,
    /// See above.
    pub apart_count: u64,
    /// The caller's own line, and whether it is in the list apart (`None`: not in the table).
    pub caller: Option<(TopLine, bool)>,
}

/// What `/stats` shows of one player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerCard {
    /// The player's aggregate in the chat (`None`: no game there).
    pub chat: Option<Aggregate>,
    /// Over all chats.
    pub global: Option<Aggregate>,
    /// The week asked about, and the player's points in the chat that week.
    pub week: Option<WeekId>,
    /// See above.
    pub week_points: Points,
}

impl Store {
    /// One table of a scope: the best `n` settled players, the best `apart_n` players with
    /// fewer than [`crate::stats::ESTABLISHED_GAMES`] ranked games, and the caller's own line.
    /// One round trip.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a weekly table of the global scope,
    /// [`StoreError::Unavailable`] when Redis is down, [`StoreError::Corrupt`] when the
    /// reply is malformed.
    pub async fn top(
        &self,
        scope: StatsScope,
        table: Table,
        n: usize,
        apart_n: usize,
        caller: Option<i64>,
    ) -> Result<Top, StoreError> {
        if scope == StatsScope::Global && matches!(table, Table::Week(_)) {
            return Err(StoreError::InvalidArgument(
                "top: weeks are kept per chat only".into(),
            ));
        }
        if scope == StatsScope::Global {
            return self.global_top(table, n, apart_n, caller).await;
        }
        self.scope_top(scope, table, n, apart_n, caller).await
    }

    /// [`Store::top`] of one scope stored as one table (a chat, or one global shard): one
    /// script call.
    async fn scope_top(
        &self,
        scope: StatsScope,
        table: Table,
        n: usize,
        apart_n: usize,
        caller: Option<i64>,
    ) -> Result<Top, StoreError> {
        let name = table.name();
        let mut inv = Call::new(&STATS_TOP);
        inv.key(scope.table(&name, false))
            .key(scope.table(&name, true))
            .arg(n)
            .arg(apart_n)
            .arg(caller.map(|c| c.to_string()).unwrap_or_default())
            .arg(format!("{}user:", scope.prefix()));
        let reply: Value = self.invoke("top", Retry::Idempotent, &inv).await?;
        parse_top(reply).ok_or_else(|| StoreError::Corrupt("top: malformed reply".into()))
    }

    /// A global table: every shard's top asked at once, merged. Every player is in exactly
    /// one shard, and each shard lists its best `n`, so the merged best `n` are exact; a
    /// listed player's rank is one more than the players listed above them with a higher
    /// score (all of them are listed: fewer than `n` of them exist in all). The caller's
    /// rank counts the higher scores in every shard (one more round trip).
    async fn global_top(
        &self,
        table: Table,
        n: usize,
        apart_n: usize,
        caller: Option<i64>,
    ) -> Result<Top, StoreError> {
        let shards = (0..keys::GLOBAL_SHARDS).map(|k| {
            let mine = caller.filter(|&c| keys::global_shard(c) == k);
            self.scope_top(StatsScope::Shard(k), table, n, apart_n, mine)
        });
        let parts = futures_util::future::try_join_all(shards).await?;
        let mut merged = Top::default();
        let (mut top, mut apart) = (Vec::new(), Vec::new());
        for part in parts {
            merged.settled_count += part.settled_count;
            merged.apart_count += part.apart_count;
            top.extend(part.top);
            apart.extend(part.apart);
            merged.caller = merged.caller.or(part.caller);
        }
        merged.top = best(top, n);
        merged.apart = best(apart, apart_n);
        if let Some((line, in_apart)) = &mut merged.caller {
            let name = table.name();
            let mut pipe = redis::pipe();
            for k in 0..keys::GLOBAL_SHARDS {
                pipe.cmd("ZCOUNT")
                    .arg(StatsScope::Shard(k).table(&name, *in_apart))
                    .arg(format!("({}", line.score))
                    .arg("+inf");
            }
            let higher: Vec<u64> = self.query_pipe("top", Retry::Idempotent, &pipe).await?;
            line.rank = 1 + higher.iter().sum::<u64>();
        }
        Ok(merged)
    }

    /// A player's card: the chat and global aggregates and the points of `week` in the chat
    /// (the bot passes the current week of the chat's zone). One round trip.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn player_card(
        &self,
        chat: i64,
        user: i64,
        week: Option<WeekId>,
    ) -> Result<PlayerCard, StoreError> {
        let scope = StatsScope::Chat(chat);
        let mut pipe = redis::pipe();
        pipe.cmd("HGETALL").arg(scope.user(user));
        pipe.cmd("HGETALL").arg(StatsScope::Global.user(user));
        if let Some(w) = week {
            let name = format!("week:{w}");
            pipe.cmd("ZSCORE").arg(scope.table(&name, false)).arg(user);
            pipe.cmd("ZSCORE").arg(scope.table(&name, true)).arg(user);
        }
        let (chat_h, global_h, settled, apart): (Hash, Hash, Option<f64>, Option<f64>) =
            if week.is_some() {
                self.query_pipe("player_card", Retry::Idempotent, &pipe)
                    .await?
            } else {
                let (a, b): (Hash, Hash) = self
                    .query_pipe("player_card", Retry::Idempotent, &pipe)
                    .await?;
                (a, b, None, None)
            };
        Ok(PlayerCard {
            chat: Aggregate::from_hash(&chat_h),
            global: Aggregate::from_hash(&global_h),
            week,
            week_points: Points(settled.or(apart).map_or(0, score)),
        })
    }
}

type Hash = HashMap<String, String>;

/// The best `n` of the shards' lines, ordered as one sorted set orders them (score
/// descending, equal scores by member descending), each ranked among them.
fn best(mut lines: Vec<TopLine>, n: usize) -> Vec<TopLine> {
    let scores: Vec<i64> = lines.iter().map(|l| l.score).collect();
    for line in &mut lines {
        let higher = scores.iter().filter(|&&s| s > line.score).count();
        line.rank = 1 + u64::try_from(higher).unwrap_or(u64::MAX);
    }
    lines.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| b.user.to_string().cmp(&a.user.to_string()))
    });
    lines.truncate(n);
    lines
}

#[allow(clippy::cast_possible_truncation)]
fn score(v: f64) -> i64 {
    if v.is_finite() { v.round() as i64 } else { 0 }
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::BulkString(b) => String::from_utf8(b.clone()).ok(),
        Value::SimpleString(s) => Some(s.clone()),
        Value::Int(i) => Some(i.to_string()),
        _ => None,
    }
}

fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        other => text(other)?.parse().ok(),
    }
}

fn line(v: &[Value]) -> Option<TopLine> {
    let [user, sc, name, games, rank, ..] = v else {
        return None;
    };
    Some(TopLine {
        user: int(user)?,
        score: score(text(sc)?.parse().ok()?),
        name: text(name)?,
        games: u64::try_from(int(games)?).ok()?,
        rank: u64::try_from(int(rank)?).ok()?,
    })
}

fn lines(v: &Value) -> Option<Vec<TopLine>> {
    let Value::Array(items) = v else { return None };
    items.chunks(5).map(line).collect()
}

fn parse_top(reply: Value) -> Option<Top> {
    let Value::Array(parts) = reply else {
        return None;
    };
    let [settled, apart, top, apart_lines, caller] = parts.as_slice() else {
        return None;
    };
    let caller = match caller {
        Value::Array(c) if c.is_empty() => None,
        Value::Array(c) => Some((line(c)?, int(c.get(5)?)? == 1)),
        _ => return None,
    };
    Some(Top {
        top: lines(top)?,
        apart: lines(apart_lines)?,
        settled_count: u64::try_from(int(settled)?).ok()?,
        apart_count: u64::try_from(int(apart)?).ok()?,
        caller,
    })
}

impl Store {
    /// The group's dice per face (ones first): every human's rolls of the chat's recorded
    /// games. One round trip.
    ///
    /// # Errors
    /// [`StoreError`] when Redis is unavailable.
    pub async fn group_faces(&self, chat: i64) -> Result<[u64; 6], StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("HGETALL")
            .arg(super::super::keys::stats_dice(chat));
        let (h,): (Hash,) = self
            .query_pipe("group_faces", Retry::Idempotent, &pipe)
            .await?;
        Ok(crate::stats::card::fields::FACES
            .map(|k| h.get(k).and_then(|v| v.parse().ok()).unwrap_or(0)))
    }
}
