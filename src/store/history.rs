//! A chat's history list (tournaments won, past seasons): a JSON summary pushed once per id,
//! newest first, the last `keep` kept (`HISTORY_ONCE`: the list and its set of ids, one slot).

use serde::Serialize;

use super::error::StoreError;
use super::redis_store::{Retry, Store};
use super::scripts::{Call, HISTORY_ONCE};

impl Store {
    /// Pushes `summary` to the list `key` once per `id` (its ids in `<key>:ids`), keeping the
    /// last `keep`; `op` names the call in metrics and logs. Returns whether it was added.
    ///
    /// # Errors
    /// [`StoreError::Encode`], [`StoreError::Unavailable`].
    pub(super) async fn push_history_once<T: Serialize>(
        &self,
        op: &'static str,
        key: String,
        id: &str,
        summary: &T,
        keep: isize,
    ) -> Result<bool, StoreError> {
        let json = serde_json::to_string(summary).map_err(|e| StoreError::Encode(e.to_string()))?;
        let mut inv = Call::new(&HISTORY_ONCE);
        let ids = format!("{key}:ids");
        inv.key(key).key(ids).arg(id).arg(json).arg(keep);
        let added: i64 = self.invoke(op, Retry::Idempotent, &inv).await?;
        Ok(added == 1)
    }
}
