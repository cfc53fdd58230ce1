//! The stored form of a [`Table`]: the flat JSON object tables have always been saved as,
//! so records written by earlier versions keep loading (a serde-compatible migration; the
//! record's `SCHEMA` stays 1).
//!
//! - `status` + `game` hold the [`Stage`];
//! - `trail` holds the last move as plain path points; older records call it `last_move`
//!   and carry the whole move there (its extra `captures` field is ignored);
//! - older records also carry `board_msg` / `board_photo`, the board message, which now
//!   lives in a record of its own: they are read into [`Table::legacy_board`] (so the first
//!   board shown after an upgrade edits the old message) and never written again;
//! - `log` holds the game's record ([`GameLog`]); records stored before it was kept have
//!   none, and a game they finish has no replay.

use serde::{Deserialize, Serialize};

use super::{Event, Fair, GameLog, Origin, Player, Stage, Stats, Status, Table, Tally, TimeLimit};
use crate::engine::{Arms, Game, Preset};
use crate::render::image::Trail;

/// The board message named by a table stored before the display record existed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegacyBoard {
    pub message_id: i32,
    pub photo: bool,
}

#[derive(Serialize, Deserialize)]
pub(super) struct Stored {
    #[serde(default)]
    seq: u64,
    status: Status,
    host: i64,
    preset: Preset,
    pairs: bool,
    /// The board asked for, by its number of arms (absent: none asked for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<u8>,
    players: Vec<Player>,
    #[serde(default)]
    game: Option<Game>,
    #[serde(default)]
    last: Vec<Event>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    recent: Vec<Event>,
    #[serde(default)]
    stats: Stats,
    #[serde(default, alias = "last_move")]
    trail: Option<Trail>,
    #[serde(default)]
    deadline_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "is_default")]
    tally: Tally,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    invited: Vec<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Stored as the plain string older versions wrote and read (see [`Origin`]).
    origin: Option<Origin>,
    /// R6.3 The time limit when it is not the preset's (absent: the preset's, as in
    /// records stored before it was kept; `null`: none).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    limit: Option<Option<TimeLimit>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ends_ms: Option<u64>,
    /// The game's record (absent in records stored before it was kept, and in lobbies).
    #[serde(default, skip_serializing_if = "GameLog::is_empty")]
    log: GameLog,
    /// A lobby that offers the chat's languages (absent: it does not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    languages: bool,
    /// Provably fair dice (absent: a table stored before them, or opened without).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fair: Option<Fair>,
    #[serde(default, skip_serializing)]
    board_msg: Option<i32>,
    #[serde(default, skip_serializing)]
    board_photo: bool,
}

impl TryFrom<Stored> for Table {
    type Error = String;

    fn try_from(s: Stored) -> Result<Self, String> {
        let stage = match (s.status, s.game) {
            (Status::Lobby, _) => Stage::Lobby,
            (Status::Playing, Some(g)) => Stage::Playing(g),
            (Status::Finished, Some(g)) => Stage::Finished(g),
            (Status::Playing | Status::Finished, None) => {
                return Err(format!("a table {:?} without a game", s.status));
            }
            (Status::Cancelled, g) => Stage::Cancelled(g),
        };
        let board = match s.board {
            None => None,
            Some(n) => Some(Arms::from_count(n).ok_or_else(|| format!("a board of {n} arms"))?),
        };
        Ok(Self {
            seq: s.seq,
            stage,
            host: s.host,
            preset: s.preset,
            pairs: s.pairs,
            board,
            players: s.players,
            last: s.last,
            recent: s.recent,
            stats: s.stats,
            trail: s.trail,
            deadline_ms: s.deadline_ms,
            legacy_board: s.board_msg.map(|message_id| LegacyBoard {
                message_id,
                photo: s.board_photo,
            }),
            tally: s.tally,
            invited: s.invited,
            origin: s.origin,
            limit: s.limit.unwrap_or_else(|| TimeLimit::of(s.preset)),
            ends_ms: s.ends_ms,
            log: s.log,
            languages: s.languages,
            fair: s.fair,
        })
    }
}

impl From<Table> for Stored {
    fn from(t: Table) -> Self {
        let status = t.status();
        let game = match t.stage {
            Stage::Lobby | Stage::Cancelled(None) => None,
            Stage::Playing(g) | Stage::Finished(g) | Stage::Cancelled(Some(g)) => Some(g),
        };
        Self {
            seq: t.seq,
            status,
            host: t.host,
            preset: t.preset,
            pairs: t.pairs,
            board: t.board.map(Arms::count),
            players: t.players,
            game,
            last: t.last,
            recent: t.recent,
            stats: t.stats,
            trail: t.trail,
            deadline_ms: t.deadline_ms,
            tally: t.tally,
            invited: t.invited,
            origin: t.origin,
            limit: Some(t.limit).filter(|l| *l != TimeLimit::of(t.preset)),
            ends_ms: t.ends_ms,
            log: t.log,
            languages: t.languages,
            fair: t.fair,
            board_msg: None,
            board_photo: false,
        }
    }
}

/// A field that is present, even as `null`: `Some(None)` (absent is the default, `None`).
fn present<'de, D>(d: D) -> Result<Option<Option<TimeLimit>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    Option::<TimeLimit>::deserialize(d).map(Some)
}

fn is_default(t: &Tally) -> bool {
    *t == Tally::default()
}
