//! Why a tournament transition was refused: kinds the bot puts into words.

use super::Side;

/// A refused tournament transition. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("a tournament needs at least 2 entrants, not {0}")]
    TooFewEntrants(usize),
    #[error("a tournament takes at most {max} entrants, not {got}")]
    TooManyEntrants { got: usize, max: usize },
    #[error("tables have 2 or 4 seats, not {0}")]
    TableSize(u8),
    #[error("a pairs tournament needs 4-seat tables (two pairs a table)")]
    PairsNeedFourSeats,
    #[error("entrant {0} has the wrong number of members (1, or 2 in pairs)")]
    Members(Side),
    #[error("no entrant {0}")]
    NoSuchEntrant(Side),
    #[error("entrant {0} is out of the tournament")]
    Eliminated(Side),
    #[error("no such table")]
    NoSuchTable,
    #[error("that table is not in the round being played")]
    NotCurrentRound,
    #[error("that table is already decided")]
    TableDecided,
    #[error("that table is not being played")]
    NotPlaying,
    #[error("entrant {0} is not at that table")]
    NotAtTable(Side),
    #[error("a roll-off needs at least two distinct sides of the table")]
    RollOffSides,
    #[error("the tournament is over")]
    Finished,
    #[error("that table has no time limit")]
    NoTimeLimit,
    #[error("extensions are of 5, 10 or 15 minutes, not {0}")]
    Minutes(u8),
    #[error("an extension is already waiting for an answer")]
    ProposalPending,
    #[error("no extension is waiting for an answer")]
    NoProposal,
    #[error("the side that proposed cannot answer its own proposal")]
    OwnProposal,
    #[error("that side already accepted")]
    AlreadyAnswered,
    #[error("a reason is needed (1 to {0} characters)")]
    Reason(usize),
    #[error("a time limit is 1 to 600 minutes, not {0}")]
    Limit(u16),
    #[error("stored tournament of version {0}")]
    Version(u8),
}
