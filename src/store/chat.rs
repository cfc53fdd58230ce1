//! One chat's whole state in one round trip, and the display record beside the game.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tracing::warn;

use super::cas::SETTINGS_TTL_SECS;
use super::cas::Versioned;
use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::records::RecordFields;
use super::redis_store::Retry;
use super::redis_store::Store;

/// An update to mark as seen with its chat's load ([`Store::load_chat_first`]): bot
/// `bot_id`'s update `update_id`, remembered `ttl_secs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpdateMark {
    pub bot_id: i64,
    pub update_id: i64,
    pub ttl_secs: u64,
}

/// What [`Store::load_chat`] reads: the game record, the settings and the display record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatState<T, S, D> {
    /// The game record, if the place has one.
    pub game: Option<Versioned<T>>,
    /// The chat's settings (`S::default()` when none are stored), shared by its topics.
    pub settings: S,
    /// Which message shows the board, if any was recorded (a malformed one reads as `None`).
    pub display: Option<D>,
    /// The IANA name of the chat's time zone, when `/timezone` set one (the board tells a
    /// turn's deadline as a clock time there).
    pub zone: Option<String>,
}

impl Store {
    /// Reads a place's game record and display record, and its chat's settings and time
    /// zone (a forum's topics share the chat's), in one pipeline: their keys share the chat's hash
    /// tag, so it is one slot under Cluster. Refreshes the settings' TTL like
    /// [`Store::settings`].
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the game record or the settings do not decode;
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn load_chat<T, S, D>(
        &self,
        place: impl Into<Place>,
    ) -> Result<ChatState<T, S, D>, StoreError>
    where
        T: DeserializeOwned,
        S: DeserializeOwned + Default,
        D: DeserializeOwned,
    {
        self.load_chat_carried(place, None).await
    }

    /// As [`Store::load_chat`], for a caller that carries the game as it was saved
    /// (`carried`, with the version it was saved as): the pipeline reads only the stored
    /// game's version, and the carried game stands for the record when that version is its
    /// own. The stored version is the truth: when it is another one, the record is read (one
    /// more round trip); when there is none, there is no game.
    ///
    /// # Errors
    /// As [`Store::load_chat`].
    pub async fn load_chat_carried<T, S, D>(
        &self,
        place: impl Into<Place>,
        carried: Option<Versioned<T>>,
    ) -> Result<ChatState<T, S, D>, StoreError>
    where
        T: DeserializeOwned,
        S: DeserializeOwned + Default,
        D: DeserializeOwned,
    {
        Ok(self.load_chat_with(place.into(), carried, None).await?.1)
    }

    /// As [`Store::load_chat`] for update `mark` (a button press), marked as seen in the same
    /// pipeline, first (the `SET NX` of [`Store::first_time_update_for`]): whether this is
    /// the first time any replica sees the update, the chat, and the place's ping record
    /// ([`Store::load_ping`], which a save's follow-up plans anew; a malformed one reads as
    /// none). On a cluster the mark's slot and the chat's are sent one after the other, in
    /// this order (see `conn.rs`).
    ///
    /// # Errors
    /// As [`Store::load_chat`]; [`StoreError::InvalidArgument`] for a zero TTL.
    pub async fn load_chat_first<T, S, D, P>(
        &self,
        place: impl Into<Place>,
        mark: UpdateMark,
    ) -> Result<(bool, ChatState<T, S, D>, Option<Versioned<P>>), StoreError>
    where
        T: DeserializeOwned,
        S: DeserializeOwned + Default,
        D: DeserializeOwned,
        P: DeserializeOwned,
    {
        if mark.ttl_secs == 0 {
            return Err(StoreError::InvalidArgument(
                "load_chat_first: ttl_secs must be > 0".into(),
            ));
        }
        let place = place.into();
        let (first, chat, ping) = self.load_chat_with(place, None, Some(mark)).await?;
        let key = keys::ping(place);
        let ping = ping.and_then(|fields| match super::versioned::decode(&key, fields) {
            Ok(p) => p,
            Err(e) => {
                warn!(key = %key, error = %e, "ignoring a malformed ping record");
                None
            }
        });
        Ok((first, chat, ping))
    }

    async fn load_chat_with<T, S, D>(
        &self,
        place: Place,
        carried: Option<Versioned<T>>,
        mark: Option<UpdateMark>,
    ) -> Result<(bool, ChatState<T, S, D>, Option<RecordFields>), StoreError>
    where
        T: DeserializeOwned,
        S: DeserializeOwned + Default,
        D: DeserializeOwned,
    {
        let game_key = keys::game_at(place);
        let settings_key = keys::settings(place.chat);
        let display_key = keys::display_at(place);
        let mut pipe = redis::pipe();
        if let Some(m) = mark {
            pipe.cmd("SET")
                .arg(keys::update_for(m.bot_id, m.update_id))
                .arg(1)
                .arg("NX")
                .arg("EX")
                .arg(m.ttl_secs);
        }
        pipe.cmd("HMGET").arg(&game_key).arg("version");
        if carried.is_none() {
            pipe.arg("schema").arg("state");
        }
        pipe.cmd("GETEX")
            .arg(&settings_key)
            .arg("EX")
            .arg(SETTINGS_TTL_SECS)
            .cmd("GET")
            .arg(&display_key)
            .cmd("GET")
            .arg(super::stats::zone_key(place.chat));
        if mark.is_some() {
            pipe.cmd("HMGET")
                .arg(keys::ping(place))
                .arg("version")
                .arg("schema")
                .arg("state");
        }
        type Chat = (
            Vec<Option<String>>,
            Option<String>,
            Option<String>,
            Option<String>,
        );
        let (first, (fields, settings, display, zone), ping) = if mark.is_some() {
            // The mark is a write whose repetition would answer otherwise: sent again only
            // when it surely never reached Redis.
            let (set, f, s, d, z, p): (Option<String>, _, _, _, _, RecordFields) = self
                .query_pipe("load_chat_first", Retry::IfNotSent, &pipe)
                .await?;
            (set.is_some(), (f, s, d, z), Some(p))
        } else {
            let op = if carried.is_some() {
                "load_chat_carried"
            } else {
                "load_chat"
            };
            let chat: Chat = self.query_pipe(op, Retry::Idempotent, &pipe).await?;
            (true, chat, None)
        };
        let game = match carried {
            None => {
                let mut f = fields.into_iter();
                let fields: RecordFields =
                    (f.next().flatten(), f.next().flatten(), f.next().flatten());
                super::versioned::decode(&game_key, fields)?
            }
            Some(carried) => match fields.into_iter().next().flatten() {
                None => None,
                Some(v) if v.parse() == Ok(carried.version) => Some(carried),
                Some(_) => self.load_versioned("load", &game_key).await?,
            },
        };
        let settings = match settings {
            None => S::default(),
            Some(json) => serde_json::from_str(&json)
                .map_err(|e| StoreError::Corrupt(format!("{settings_key}: {e}")))?,
        };
        let display = display.and_then(|json| match serde_json::from_str(&json) {
            Ok(d) => Some(d),
            Err(e) => {
                warn!(key = %display_key, error = %e, "ignoring a malformed display record");
                None
            }
        });
        let state = ChatState {
            game,
            settings,
            display,
            zone,
        };
        Ok((first, state, ping))
    }

    /// Records which message shows a place's board (JSON, expiring after `ttl_secs`). It is
    /// not part of the game record: writing it never changes the game's version.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL, [`StoreError::Encode`],
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_display<D: Serialize>(
        &self,
        place: impl Into<Place>,
        display: &D,
        ttl_secs: u64,
    ) -> Result<(), StoreError> {
        if ttl_secs == 0 {
            return Err(StoreError::InvalidArgument(
                "set_display: ttl_secs must be > 0".into(),
            ));
        }
        let json = serde_json::to_string(display).map_err(|e| StoreError::Encode(e.to_string()))?;
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::display_at(place.into()))
            .arg(json)
            .arg("EX")
            .arg(ttl_secs);
        let _: String = self.query("set_display", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// The display record of a place, if any (a malformed one reads as `None`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn display<D: DeserializeOwned>(
        &self,
        place: impl Into<Place>,
    ) -> Result<Option<D>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(keys::display_at(place.into()));
        let json: Option<String> = self.query("display", Retry::Idempotent, &cmd).await?;
        Ok(json.and_then(|j| serde_json::from_str(&j).ok()))
    }

    /// Forgets which message shows a place's board.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn clear_display(&self, place: impl Into<Place>) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("DEL");
        cmd.arg(keys::display_at(place.into()));
        let _: i64 = self.query("clear_display", Retry::Idempotent, &cmd).await?;
        Ok(())
    }
}
