//! R10 Tournaments, the pure core: the seeded draw, byes, the bracket, winners going through,
//! drawn tables settled by a roll-off, time extensions, and the host's interventions.
//!
//! No I/O, clock or hidden randomness: the draw takes a seed, a roll-off takes dice
//! ([`Dice`](crate::engine::Dice)). Every transition checks everything first and changes
//! nothing when it returns an error, so a caller may keep using the tournament after a
//! refusal. The bracket's numbers are chosen in [`shape`].
//!
//! ```
//! use parxis::engine::{Preset, ScriptedDice};
//! use parxis::tournament::{Entrant, Outcome, Tournament};
//!
//! let names = ["Núria", "Pau", "Iñaki", "Vicent", "Amparo"];
//! let entrants = names.iter().enumerate().map(|(i, n)| Entrant::human(i as i64, n)).collect();
//! let mut t = Tournament::draw(Preset::Jcf, false, 2, entrants, 7).unwrap();
//! assert_eq!(t.rounds()[0].tables.len(), 4); // one table played, three byes
//! let mut dice = ScriptedDice::new(&[]);
//! while let Some(at) = t.open_tables().first().copied() {
//!     let side = t.table(at).unwrap().sides[0];
//!     t.table_finished(at, Outcome::Won(side), &mut dice).unwrap();
//! }
//! assert!(t.champion().is_some());
//! ```

mod draw;
mod error;
mod play;
pub mod shape;
mod text;
mod view;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::Preset;

pub use draw::{MAX_ENTRANTS, shuffle};
pub use error::TournamentError;
pub use play::{Answer, EXTENSION_MINUTES, MAX_REASON_CHARS, Outcome};
pub(crate) use text::name as text_name;
pub use text::{Labels, bracket_text};
pub use view::{RowView, TableView, View};

/// The version written with every stored tournament; [`Tournament::check_version`] refuses
/// others.
pub const VERSION: u8 = 1;

/// An entrant's index in [`Tournament::entrants`] (the order of entry, not of the draw).
pub type Side = u16;

/// A table: its round (0 = round 1) and its index in that round (0 = table 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableId {
    #[serde(rename = "r")]
    pub round: u8,
    #[serde(rename = "t")]
    pub table: u16,
}

impl TableId {
    #[must_use]
    pub fn new(round: usize, table: usize) -> Self {
        Self {
            round: u8::try_from(round).unwrap_or(u8::MAX),
            table: u16::try_from(table).unwrap_or(u16::MAX),
        }
    }
}

/// Who plays for an entrant at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Member {
    /// A person (their Telegram user id).
    #[serde(rename = "h")]
    Human(i64),
    /// A computer player, e.g. in place of an absent person.
    #[serde(rename = "c")]
    Computer(Level),
}

/// One entrant: a player, or a pair in a pairs tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The name shown in the bracket (a pair's is "A & B" or the name the pair chose).
    #[serde(rename = "n")]
    pub name: String,
    /// One member, or two for a pair.
    #[serde(rename = "m")]
    pub members: Vec<Member>,
}

impl Entrant {
    /// A single person.
    #[must_use]
    pub fn human(id: i64, name: &str) -> Self {
        Self {
            name: name.to_owned(),
            members: vec![Member::Human(id)],
        }
    }

    /// A pair of people, shown as "first & second".
    #[must_use]
    pub fn pair(a: (i64, &str), b: (i64, &str)) -> Self {
        Self {
            name: format!("{} & {}", a.1, b.1),
            members: vec![Member::Human(a.0), Member::Human(b.0)],
        }
    }

    /// A computer player.
    #[must_use]
    pub fn computer(level: Level, name: &str) -> Self {
        Self {
            name: name.to_owned(),
            members: vec![Member::Computer(level)],
        }
    }
}

/// R10.3 How a table ended, or that it has not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableResult {
    /// Sides known, game not started.
    #[serde(rename = "p")]
    Pending,
    /// The game is being played.
    #[serde(rename = "g")]
    Playing,
    /// R10.2 A single side, through without playing.
    #[serde(rename = "b")]
    Bye,
    /// The game's winner (R6.1, R6.2 or R6.3).
    #[serde(rename = "w")]
    Winner(Side),
    /// R10.3 A drawn table decided by a roll-off (R2.2): each round of rolls is kept.
    #[serde(rename = "r")]
    RollOff {
        #[serde(rename = "w")]
        winner: Side,
        #[serde(rename = "d")]
        rolls: Vec<Vec<(Side, u8)>>,
    },
    /// Advanced by the host, with the reason they gave.
    #[serde(rename = "h")]
    ByHand {
        #[serde(rename = "w")]
        winner: Side,
        #[serde(rename = "y")]
        reason: String,
    },
}

impl TableResult {
    /// The side that goes through, once the table is decided (a bye's side is not stored
    /// here: see [`TableSlot::winner`]).
    #[must_use]
    pub fn decided_winner(&self) -> Option<Side> {
        match self {
            Self::Winner(w) | Self::RollOff { winner: w, .. } | Self::ByHand { winner: w, .. } => {
                Some(*w)
            }
            Self::Pending | Self::Playing | Self::Bye => None,
        }
    }
}

/// R10.5 An extension proposed at a table and not yet answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    #[serde(rename = "s")]
    pub by: Side,
    #[serde(rename = "m")]
    pub minutes: u8,
    /// The other sides that have accepted so far (a 3- or 4-side table needs them all).
    #[serde(rename = "a", default, skip_serializing_if = "Vec::is_empty")]
    pub accepted: Vec<Side>,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSlot {
    /// The sides in bracket order (one side for a bye).
    #[serde(rename = "s")]
    pub sides: Vec<Side>,
    #[serde(rename = "x")]
    pub result: TableResult,
    /// R6.3 The time limit of the game at this table, when it has one.
    #[serde(rename = "l", default, skip_serializing_if = "Option::is_none")]
    pub limit_minutes: Option<u16>,
    /// R10.5 Minutes added by accepted extensions.
    #[serde(rename = "e", default, skip_serializing_if = "is_zero")]
    pub extra_minutes: u16,
    #[serde(rename = "o", default, skip_serializing_if = "Option::is_none")]
    pub proposal: Option<Proposal>,
}

fn is_zero(v: &u16) -> bool {
    *v == 0
}

impl TableSlot {
    fn new(sides: Vec<Side>) -> Self {
        let result = if sides.len() == 1 {
            TableResult::Bye
        } else {
            TableResult::Pending
        };
        Self {
            sides,
            result,
            limit_minutes: None,
            extra_minutes: 0,
            proposal: None,
        }
    }

    /// The side that goes through: the decided winner, or a bye's only side.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self.result {
            TableResult::Bye => self.sides.first().copied(),
            ref r => r.decided_winner(),
        }
    }

    /// Still to be played or being played.
    #[must_use]
    pub fn is_open(&self) -> bool {
        matches!(self.result, TableResult::Pending | TableResult::Playing)
    }
}

/// One round of the bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    #[serde(rename = "t")]
    pub tables: Vec<TableSlot>,
}

/// Where the tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum State {
    /// Round `round` (0 = round 1) is being played.
    #[serde(rename = "p")]
    Playing { round: u8 },
    /// R10.4 One side is left.
    #[serde(rename = "f")]
    Finished { champion: Side },
}

/// A tournament (R10): entrants, the draw, the rounds so far and the state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    #[serde(rename = "v")]
    version: u8,
    #[serde(rename = "p")]
    preset: Preset,
    #[serde(rename = "2", default)]
    pairs: bool,
    #[serde(rename = "k")]
    table_size: u8,
    #[serde(rename = "z")]
    seed: u64,
    #[serde(rename = "e")]
    entrants: Vec<Entrant>,
    /// R10.1 The entrants in drawn order.
    #[serde(rename = "d")]
    order: Vec<Side>,
    #[serde(rename = "r")]
    rounds: Vec<Round>,
    #[serde(rename = "s")]
    state: State,
}

impl Tournament {
    #[must_use]
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// A pairs tournament (each entrant is a pair, each table two pairs).
    #[must_use]
    pub fn pairs(&self) -> bool {
        self.pairs
    }

    /// Seats per table: 2 or 4.
    #[must_use]
    pub fn table_size(&self) -> u8 {
        self.table_size
    }

    /// The seed of the draw (announced, so anyone can repeat it with [`shuffle`]).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    #[must_use]
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// An entrant by side, if it exists.
    #[must_use]
    pub fn entrant(&self, side: Side) -> Option<&Entrant> {
        self.entrants.get(usize::from(side))
    }

    /// R10.1 The entrants in the order drawn.
    #[must_use]
    pub fn draw_order(&self) -> &[Side] {
        &self.order
    }

    /// The rounds built so far (the current one last).
    #[must_use]
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    #[must_use]
    pub fn state(&self) -> State {
        self.state
    }

    /// The champion, once the tournament is over.
    #[must_use]
    pub fn champion(&self) -> Option<Side> {
        match self.state {
            State::Finished { champion } => Some(champion),
            State::Playing { .. } => None,
        }
    }

    /// The round being played (0 = round 1), or `None` when finished.
    #[must_use]
    pub fn current_round(&self) -> Option<usize> {
        match self.state {
            State::Playing { round } => Some(usize::from(round)),
            State::Finished { .. } => None,
        }
    }

    /// Sides per table (2 or 4), see [`shape::sides_per_table`].
    #[must_use]
    pub fn sides_per_table(&self) -> usize {
        shape::sides_per_table(self.table_size, self.pairs)
    }

    /// The table sizes of every round, played or still to come.
    #[must_use]
    pub fn plan(&self) -> Vec<Vec<usize>> {
        shape::plan(self.entrants.len(), self.sides_per_table())
    }

    /// A table by id.
    #[must_use]
    pub fn table(&self, at: TableId) -> Option<&TableSlot> {
        self.rounds
            .get(usize::from(at.round))?
            .tables
            .get(usize::from(at.table))
    }

    /// The tables of the current round still to be decided, in bracket order.
    #[must_use]
    pub fn open_tables(&self) -> Vec<TableId> {
        let Some(r) = self.current_round() else {
            return Vec::new();
        };
        self.rounds
            .get(r)
            .map_or(&[][..], |round| &round.tables[..])
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_open())
            .map(|(i, _)| TableId::new(r, i))
            .collect()
    }

    /// Refuses a stored tournament written by another version of this code.
    ///
    /// # Errors
    /// [`TournamentError::Version`] when the version differs from [`VERSION`].
    pub fn check_version(&self) -> Result<(), TournamentError> {
        if self.version == VERSION {
            Ok(())
        } else {
            Err(TournamentError::Version(self.version))
        }
    }
}
