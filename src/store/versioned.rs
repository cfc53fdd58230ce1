//! The one versioned record: a hash of `version`, `schema` and `state` (JSON), saved by a Lua
//! compare-and-set on the version ([`CAS_SAVE`]). Games, tournaments and ping plans are all
//! stored this way; [`Store::load_versioned`] and [`Store::save_versioned`] are the only code
//! that reads or writes such a record, whatever its key.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::cas::CasOutcome;
use super::cas::SCHEMA;
use super::cas::Versioned;
use super::error::StoreError;
use super::records::{RawRecord, RecordFields, cas_outcome};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{CAS_SAVE, Call};

impl Store {
    /// The versioned record under `key`, or `None` when there is none. `op` names the
    /// operation in errors and logs.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the record is incomplete, of another schema or its state
    /// does not decode as `T`; [`StoreError::Unavailable`] when Redis is down.
    pub(super) async fn load_versioned<T: DeserializeOwned>(
        &self,
        op: &'static str,
        key: &str,
    ) -> Result<Option<Versioned<T>>, StoreError> {
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(key).arg("version").arg("schema").arg("state");
        let fields: RecordFields = self.query(op, Retry::Idempotent, &cmd).await?;
        decode(key, fields)
    }

    /// Saves `state` under `key` if the stored version is still `expected` (0: only if there
    /// is no record), expiring `ttl_secs` seconds from now.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL (a record always expires),
    /// [`StoreError::Encode`] when `state` does not serialize, [`StoreError::Unavailable`]
    /// when Redis is down (the save may or may not have happened if the connection dropped
    /// mid-way: reload before deciding).
    pub(super) async fn save_versioned<T: Serialize>(
        &self,
        op: &'static str,
        key: &str,
        expected: u64,
        state: &T,
        ttl_secs: u64,
    ) -> Result<CasOutcome, StoreError> {
        if ttl_secs == 0 {
            return Err(StoreError::InvalidArgument(format!(
                "{op}: ttl_secs must be > 0"
            )));
        }
        let json = serde_json::to_string(state).map_err(|e| StoreError::Encode(e.to_string()))?;
        let mut inv = Call::new(&CAS_SAVE);
        inv.key(key)
            .arg(expected)
            .arg(json)
            .arg(ttl_secs)
            .arg(SCHEMA);
        let reply = self.invoke(op, Retry::IfNotSent, &inv).await?;
        let outcome = cas_outcome(reply);
        if outcome.is_saved() {
            // A game's move is answered as done once saved: under Sentinel, once a replica
            // holds it too, so a failover right after keeps it (on a cluster, a replica of
            // the node that took it).
            self.replicated(op, key).await?;
        }
        Ok(outcome)
    }
}

/// A record as HMGET answered it, decoded.
pub(super) fn decode<T: DeserializeOwned>(
    key: &str,
    fields: RecordFields,
) -> Result<Option<Versioned<T>>, StoreError> {
    let Some(raw) = RawRecord::from_fields(key, fields)? else {
        return Ok(None);
    };
    let state = serde_json::from_str(&raw.state)
        .map_err(|e| StoreError::Corrupt(format!("{key}: state: {e}")))?;
    Ok(Some(Versioned {
        version: raw.version,
        state,
    }))
}
