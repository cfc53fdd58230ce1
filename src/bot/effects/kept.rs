//! A game's kept replay: which game a request names, its record and the animation posted
//! for it. Read by the requests ([`super::replay`], before planning) and by the outbox's
//! drain (when the write is made), so it stands below both; the one write is the posted
//! animation's message id ([`posted`]), kept from the outbox's receipt.

use tracing::warn;

use crate::bot::core::replay::{game_ref, table_replay};
use crate::bot::core::table::Replay;
use crate::bot::effects::Ctx;
use crate::bot::effects::chat::Here;
use crate::i18n::{Msg, ReplayMsg};
use crate::store::PostedAnimation;

/// Which game a request names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// The place's last finished game.
    Last,
    /// A game by its id (a Replay button, or the board a command replies to).
    Game(String),
}

/// Why there is no replay to send: what to tell, or Redis unavailable (try again later).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    Tell(Msg),
    Unavailable,
}

impl Missing {
    /// What a person is told.
    #[must_use]
    pub fn msg(self) -> Msg {
        match self {
            Self::Tell(m) => m,
            Self::Unavailable => Msg::Replay(ReplayMsg::Failed),
        }
    }
}

/// The id of the game `which` names at this place.
///
/// # Errors
/// No finished game yet ([`ReplayMsg::NoGame`]), or Redis unavailable.
pub async fn resolve(ctx: &Ctx, here: &Here, which: &Which) -> Result<String, Missing> {
    match which {
        Which::Game(id) => Ok(id.clone()),
        Which::Last => match ctx.store.last_replay_id(here.addr.place()).await {
            Ok(Some(id)) => Ok(id),
            // Not in the store (yet: its record is due): the place's own finished table.
            Ok(None) => here
                .table()
                .ok()
                .and_then(|r| game_ref(&r.state))
                .map(|g| g.id(here.addr.lane()))
                .ok_or(Missing::Tell(Msg::Replay(ReplayMsg::NoGame))),
            Err(e) => {
                warn!(chat = here.addr.id(), error = %e, "replay: store unavailable");
                Err(Missing::Unavailable)
            }
        },
    }
}

/// Game `id`'s replay and the animation posted for it: from the store, else from the
/// place's own finished table (its recording not done yet).
///
/// # Errors
/// Not kept ([`ReplayMsg::NotKept`]), or Redis unavailable.
pub async fn load(
    ctx: &Ctx,
    here: &Here,
    id: &str,
) -> Result<(Replay, Option<PostedAnimation>), Missing> {
    let (json, posted) = ctx.store.replay(here.addr.id(), id).await.map_err(|e| {
        warn!(chat = here.addr.id(), game = id, error = %e, "replay: store unavailable");
        Missing::Unavailable
    })?;
    let kept = json.and_then(|j| serde_json::from_str::<Replay>(&j).ok());
    let own = || {
        here.table()
            .ok()
            .and_then(|r| table_replay(&r.state, id, here.addr.lane()))
    };
    let replay = kept
        .or_else(own)
        .ok_or(Missing::Tell(Msg::Replay(ReplayMsg::NotKept)))?;
    Ok((replay, posted))
}

/// The group's last `n` kept games, newest first (by their start, which their id carries:
/// `g<seq>-<start ms>[-l<lane>]`), each record read back; one whose record does not read
/// is left out.
///
/// # Errors
/// Redis unavailable.
pub async fn recent(ctx: &Ctx, chat: i64, n: usize) -> Result<Vec<Replay>, Missing> {
    let unavailable = |e| {
        warn!(chat, error = %e, "replays: store unavailable");
        Missing::Unavailable
    };
    let mut ids = ctx.store.replay_ids(chat).await.map_err(unavailable)?;
    let started = |id: &str| -> u64 {
        id.split('-')
            .nth(1)
            .and_then(|ms| ms.parse().ok())
            .unwrap_or(0)
    };
    ids.sort_by_key(|id| std::cmp::Reverse(started(id)));
    ids.truncate(n);
    let jsons = ctx
        .store
        .replays_of(chat, &ids)
        .await
        .map_err(unavailable)?;
    Ok(ids
        .iter()
        .zip(jsons)
        .filter_map(|(id, json)| {
            let mut rec = serde_json::from_str::<Replay>(&json?).ok()?;
            id.clone_into(&mut rec.id);
            Some(rec)
        })
        .collect())
}

/// Game `id` of `chat` as kept (no place's own table: the page's older games).
///
/// # Errors
/// Not kept ([`ReplayMsg::NotKept`]), or Redis unavailable.
pub async fn kept(ctx: &Ctx, chat: i64, id: &str) -> Result<Replay, Missing> {
    let (json, _) = ctx.store.replay(chat, id).await.map_err(|e| {
        warn!(chat, game = id, error = %e, "replay: store unavailable");
        Missing::Unavailable
    })?;
    json.and_then(|j| serde_json::from_str::<Replay>(&j).ok())
        .ok_or(Missing::Tell(Msg::Replay(ReplayMsg::NotKept)))
}

/// Game `game`'s animation was posted as message `id` of `chat`: kept beside its record, so a
/// later request replies to it.
pub async fn posted(ctx: &Ctx, chat: i64, game: &str, id: i32) {
    let p = PostedAnimation {
        message_id: id,
        file_id: None,
    };
    if let Err(e) = ctx.store.set_posted_animation(chat, game, &p).await {
        warn!(chat, game, error = %e, "replay: posted animation not remembered");
    }
}
