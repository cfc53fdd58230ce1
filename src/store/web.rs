//! What the web port keeps in Redis, shared by every replica: the request limits of the
//! live board (per user and per client address, GCRA in `scripts/gcra.lua`), the cache of
//! group memberships (`getChatMember` answers, kept minutes), and the saves published to the
//! live board's viewers on every replica (Redis pub/sub).

use super::error::StoreError;
use super::keys;
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, GCRA};

/// A limit: `per_second` requests sustained, `burst` at once after a pause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub per_second: u32,
    pub burst: u32,
}

impl Store {
    /// Counts one request of `who` (a kind, `user` or `addr`, and an id) against `rate`:
    /// `Ok(None)` when allowed, `Ok(Some(ms))` when refused (room again in `ms`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn web_rate(
        &self,
        kind: &str,
        who: &str,
        rate: Rate,
        now_ms: u64,
    ) -> Result<Option<u64>, StoreError> {
        let interval = (1000 / u64::from(rate.per_second.max(1))).max(1);
        let mut inv = Call::new(&GCRA);
        inv.key(keys::web_rate(kind, who))
            .arg(interval)
            .arg(rate.burst.max(1))
            .arg(now_ms);
        let wait: i64 = self.invoke("web_rate", Retry::IfNotSent, &inv).await?;
        Ok(u64::try_from(wait).ok().filter(|w| *w > 0))
    }

    /// The cached membership of `user` in `chat` (`None`: not cached).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn cached_member(&self, chat: i64, user: i64) -> Result<Option<bool>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(keys::member(chat, user));
        let v: Option<String> = self.query("cached_member", Retry::Idempotent, &cmd).await?;
        Ok(v.map(|v| v == "1"))
    }

    /// Caches the membership of `user` in `chat` for `secs`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn cache_member(
        &self,
        chat: i64,
        user: i64,
        member: bool,
        secs: u64,
    ) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::member(chat, user))
            .arg(if member { "1" } else { "0" })
            .arg("EX")
            .arg(secs.max(1));
        let _: () = self.query("cache_member", Retry::Idempotent, &cmd).await?;
        Ok(())
    }
}
