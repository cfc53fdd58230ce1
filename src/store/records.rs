//! Game records (versioned, compare-and-set) and chat settings.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::cas::CasOutcome;
use super::cas::SCHEMA;
use super::cas::SETTINGS_TTL_SECS;
use super::cas::Versioned;
use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{CAS_DELETE, Call};

impl Store {
    /// Loads the game record of a place (a chat, or one forum topic of it: an `i64` is the
    /// chat itself), or `None` when it has none.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the record is incomplete, of another schema or its state
    /// does not decode as `T`; [`StoreError::Unavailable`] when Redis is down.
    pub async fn load<T: DeserializeOwned>(
        &self,
        place: impl Into<Place>,
    ) -> Result<Option<Versioned<T>>, StoreError> {
        self.load_versioned("load", &keys::game_at(place.into()))
            .await
    }

    /// Saves a place's game if its stored version is still `expected_version` (0: only if the
    /// chat has no game), and sets the record to expire `ttl_secs` seconds from now.
    ///
    /// Returns [`CasOutcome::Saved`] with the new version, or [`CasOutcome::Conflict`] with
    /// the version found when someone else saved first (nothing written).
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL, [`StoreError::Encode`] when `state`
    /// does not serialize, [`StoreError::Unavailable`] when Redis is down (the save may or
    /// may not have happened if the connection dropped mid-way).
    pub async fn save<T: Serialize>(
        &self,
        place: impl Into<Place>,
        expected_version: u64,
        state: &T,
        ttl_secs: u64,
    ) -> Result<CasOutcome, StoreError> {
        let key = keys::game_at(place.into());
        self.save_versioned("save", &key, expected_version, state, ttl_secs)
            .await
    }

    /// Deletes a place's game if its stored version is still `expected_version`. Returns
    /// `Saved { version: 0 }` when the game is now absent (also when it already was and 0
    /// was expected), or `Conflict` with the version found. Deadlines are separate: see
    /// [`Store::clear_deadline`].
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn delete(
        &self,
        place: impl Into<Place>,
        expected_version: u64,
    ) -> Result<CasOutcome, StoreError> {
        let mut inv = Call::new(&CAS_DELETE);
        inv.key(keys::game_at(place.into())).arg(expected_version);
        let reply = self.invoke("delete", Retry::IfNotSent, &inv).await?;
        Ok(cas_outcome(reply))
    }

    /// A chat's settings, or `T::default()` when none are stored. Reading refreshes their
    /// TTL ([`SETTINGS_TTL_SECS`]).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the stored JSON does not decode as `T`;
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn settings<T: DeserializeOwned + Default>(
        &self,
        chat: i64,
    ) -> Result<T, StoreError> {
        let key = keys::settings(chat);
        let mut cmd = redis::cmd("GETEX");
        cmd.arg(&key).arg("EX").arg(SETTINGS_TTL_SECS);
        let json: Option<String> = self.query("settings", Retry::Idempotent, &cmd).await?;
        match json {
            None => Ok(T::default()),
            Some(json) => {
                serde_json::from_str(&json).map_err(|e| StoreError::Corrupt(format!("{key}: {e}")))
            }
        }
    }

    /// Stores a chat's settings (as JSON, with a TTL of [`SETTINGS_TTL_SECS`]).
    ///
    /// # Errors
    /// [`StoreError::Encode`] when they do not serialize; [`StoreError::Unavailable`] when
    /// Redis is down.
    pub async fn set_settings<T: Serialize>(
        &self,
        chat: i64,
        settings: &T,
    ) -> Result<(), StoreError> {
        let json =
            serde_json::to_string(settings).map_err(|e| StoreError::Encode(e.to_string()))?;
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::settings(chat))
            .arg(json)
            .arg("EX")
            .arg(SETTINGS_TTL_SECS);
        let _: String = self.query("set_settings", Retry::Idempotent, &cmd).await?;
        Ok(())
    }
}

pub(super) fn cas_outcome((saved, version): (i64, u64)) -> CasOutcome {
    if saved == 1 {
        CasOutcome::Saved { version }
    } else {
        CasOutcome::Conflict { current: version }
    }
}

/// The `version`, `schema` and `state` fields of a game hash, as HMGET answers them.
pub(super) type RecordFields = (Option<String>, Option<String>, Option<String>);

/// A game record as stored, its state left undecoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RawRecord {
    pub(super) version: u64,
    pub(super) schema: u32,
    pub(super) state: String,
}

impl RawRecord {
    /// `None` for an absent record; [`StoreError::Corrupt`] for an incomplete one, a bad
    /// version or an unknown schema.
    pub(super) fn from_fields(key: &str, fields: RecordFields) -> Result<Option<Self>, StoreError> {
        match fields {
            (None, None, None) => Ok(None),
            (Some(version), Some(schema), Some(state)) => {
                let version = version
                    .parse()
                    .map_err(|_| StoreError::Corrupt(format!("{key}: version {version:?}")))?;
                let schema = schema
                    .parse()
                    .ok()
                    .filter(|s| *s == SCHEMA)
                    .ok_or_else(|| {
                        StoreError::Corrupt(format!("{key}: schema {schema:?}, expected {SCHEMA}"))
                    })?;
                Ok(Some(Self {
                    version,
                    schema,
                    state,
                }))
            }
            _ => Err(StoreError::Corrupt(format!("{key}: incomplete record"))),
        }
    }
}
