//! Achievements earned, per chat and overall. Keys:
//!
//! | key | type | holds |
//! |---|---|---|
//! | `parxis:{<chat>}:ach:user:<user>` | set | the achievement codes the user earned in the chat |
//! | `parxis:{<chat>}:ach:count` | hash | achievement code → how many players of the chat have it |
//! | `parxis:{<chat>}:ach:done:<game>` | string | `1`: the game's achievements were awarded (exactly once) |
//! | `parxis:{stats:<k>}:ach:user:<user>` | set | the achievement codes the user earned anywhere (`<k>`: the user's shard, see `keys`) |

use std::collections::HashMap;

use super::error::StoreError;
use super::keys::STATS_DONE_TTL_SECS;
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{ACHIEVE_AWARD, ACHIEVE_FORGET, Call};

fn user_prefix(chat: i64) -> String {
    format!("parxis:{{{chat}}}:ach:user:")
}

fn counts(chat: i64) -> String {
    format!("parxis:{{{chat}}}:ach:count")
}

fn done(chat: i64, game: &str) -> String {
    format!("parxis:{{{chat}}}:ach:done:{game}")
}

fn global_user(user: i64) -> String {
    super::keys::achievements_anywhere(user)
}

/// A user's achievements: in one chat and anywhere, with how many of the chat's players
/// have each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Earned {
    pub here: Vec<String>,
    pub anywhere: Vec<String>,
    /// Code → players of the chat who have it.
    pub holders: HashMap<String, u32>,
}

impl Store {
    /// Award game `game`'s achievements in `chat` (pairs of user and code), exactly once per
    /// game and once per person; the overall sets too. Returns the pairs new to their player
    /// in the chat (nothing when the game was awarded before).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn award(
        &self,
        chat: i64,
        game: &str,
        earned: &[(i64, String)],
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let mut inv = Call::new(&ACHIEVE_AWARD);
        inv.key(done(chat, game))
            .key(counts(chat))
            .arg(STATS_DONE_TTL_SECS)
            .arg(user_prefix(chat));
        for (user, code) in earned {
            inv.arg(*user).arg(code);
        }
        let flat: Vec<String> = self.invoke("award", Retry::IfNotSent, &inv).await?;
        let new: Vec<(i64, String)> = flat
            .chunks_exact(2)
            .filter_map(|p| Some((p[0].parse().ok()?, p[1].clone())))
            .collect();
        if !earned.is_empty() {
            let mut pipe = redis::pipe();
            for (user, code) in earned {
                pipe.cmd("SADD").arg(global_user(*user)).arg(code).ignore();
            }
            let () = self.query_pipe("award", Retry::Idempotent, &pipe).await?;
        }
        Ok(new)
    }

    /// Were game `game`'s achievements in `chat` awarded already?
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn awarded(&self, chat: i64, game: &str) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("EXISTS");
        cmd.arg(done(chat, game));
        self.query("awarded", Retry::Idempotent, &cmd).await
    }

    /// What `user` earned in `chat` and anywhere, and the chat's counts.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn achievements(&self, chat: i64, user: i64) -> Result<Earned, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("SMEMBERS")
            .arg(format!("{}{user}", user_prefix(chat)));
        pipe.cmd("HGETALL").arg(counts(chat));
        let (mut here, holders): (Vec<String>, HashMap<String, u32>) = self
            .query_pipe("achievements", Retry::Idempotent, &pipe)
            .await?;
        let mut cmd = redis::cmd("SMEMBERS");
        cmd.arg(global_user(user));
        let mut anywhere: Vec<String> = self.query("achievements", Retry::Idempotent, &cmd).await?;
        here.sort_unstable();
        anywhere.sort_unstable();
        Ok(Earned {
            here,
            anywhere,
            holders,
        })
    }

    /// `user`'s achievements in `chat` removed (the counts lowered). Returns how many.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn forget_achievements(&self, chat: i64, user: i64) -> Result<usize, StoreError> {
        let mut inv = Call::new(&ACHIEVE_FORGET);
        inv.key(format!("{}{user}", user_prefix(chat)))
            .key(counts(chat));
        let n: i64 = self
            .invoke("forget_achievements", Retry::Idempotent, &inv)
            .await?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// `user`'s overall achievements removed.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn forget_global_achievements(&self, user: i64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("DEL");
        cmd.arg(global_user(user));
        let _: i64 = self
            .query("forget_achievements", Retry::Idempotent, &cmd)
            .await?;
        Ok(())
    }
}
