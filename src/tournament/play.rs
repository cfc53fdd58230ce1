//! R10.3–R10.5 The transitions of a tournament under way: tables start and finish, drawn
//! tables go to a roll-off, winners go through, extensions are proposed and answered, and
//! the host replaces absent entrants or advances a table by hand.
//!
//! Every transition checks first and changes nothing when it refuses.

use serde::{Deserialize, Serialize};

use super::draw::fill;
use super::{
    Member, Proposal, Side, State, TableId, TableResult, TableSlot, Tournament, TournamentError,
    shape,
};
use crate::ai::Level;
use crate::engine::Dice;

/// R10.5 The extensions a side may propose, in minutes.
pub const EXTENSION_MINUTES: [u8; 3] = [5, 10, 15];

/// The longest reason the host may give for advancing a table by hand.
pub const MAX_REASON_CHARS: usize = 200;

/// The longest time limit a table takes, in minutes.
const MAX_LIMIT: u16 = 600;

/// R10.3 How a table's game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// One side won (R6.1, R6.2, or R6.3 at the time limit).
    Won(Side),
    /// R6.3 A draw between these sides, to be settled by a roll-off.
    Drawn(Vec<Side>),
}

/// What an answer to an extension did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Every other side accepted: the minutes are added.
    Added(u8),
    /// Accepted; other sides of the table must still answer.
    Waiting,
    /// Refused: the proposal is dropped.
    Refused,
}

/// R2.2 over sides: all roll, the highest goes through, the tied highest roll again.
/// Bounded at 100 rounds (then the first tied side, in bracket order, goes through).
fn roll_off(sides: &[Side], dice: &mut impl Dice) -> (Side, Vec<Vec<(Side, u8)>>) {
    let mut rolling = sides.to_vec();
    let mut rounds = Vec::new();
    for _ in 0..100 {
        let round: Vec<(Side, u8)> = rolling
            .iter()
            .map(|&s| (s, dice.roll().clamp(1, 6)))
            .collect();
        let best = round.iter().map(|&(_, r)| r).max().unwrap_or(0);
        rolling = round
            .iter()
            .filter(|&&(_, r)| r == best)
            .map(|&(s, _)| s)
            .collect();
        rounds.push(round);
        if rolling.len() <= 1 {
            break;
        }
    }
    (rolling.first().copied().unwrap_or(sides[0]), rounds)
}

impl Tournament {
    /// The table `at` if it is in the round being played.
    fn current_table(&self, at: TableId) -> Result<&TableSlot, TournamentError> {
        let Some(current) = self.current_round() else {
            return Err(TournamentError::Finished);
        };
        let table = self.table(at).ok_or(TournamentError::NoSuchTable)?;
        if usize::from(at.round) != current {
            return Err(TournamentError::NotCurrentRound);
        }
        Ok(table)
    }

    /// The table `at` if it is in the current round and still open.
    fn open_table(&self, at: TableId) -> Result<&TableSlot, TournamentError> {
        let table = self.current_table(at)?;
        if table.is_open() {
            Ok(table)
        } else {
            Err(TournamentError::TableDecided)
        }
    }

    /// The table `at` if it is being played with a time limit, and `side` sits there.
    fn timed_table(&self, at: TableId, side: Side) -> Result<&TableSlot, TournamentError> {
        let table = self.open_table(at)?;
        if table.result != TableResult::Playing {
            return Err(TournamentError::NotPlaying);
        }
        if table.limit_minutes.is_none() {
            return Err(TournamentError::NoTimeLimit);
        }
        if !table.sides.contains(&side) {
            return Err(TournamentError::NotAtTable(side));
        }
        Ok(table)
    }

    fn slot_mut(&mut self, at: TableId) -> &mut TableSlot {
        &mut self.rounds[usize::from(at.round)].tables[usize::from(at.table)]
    }

    /// The game at table `at` begins, with an R6.3 time limit when `limit_minutes` is given.
    ///
    /// # Errors
    /// The table is not open in the current round, or the limit is outside 1..=600.
    pub fn start_table(
        &mut self,
        at: TableId,
        limit_minutes: Option<u16>,
    ) -> Result<(), TournamentError> {
        let table = self.open_table(at)?;
        if table.result == TableResult::Playing {
            return Err(TournamentError::TableDecided);
        }
        if let Some(m) = limit_minutes
            && !(1..=MAX_LIMIT).contains(&m)
        {
            return Err(TournamentError::Limit(m));
        }
        let slot = self.slot_mut(at);
        slot.result = TableResult::Playing;
        slot.limit_minutes = limit_minutes;
        Ok(())
    }

    /// R10.3 The game at table `at` ended: its winner goes through, or the tied sides of a
    /// draw roll off with `dice` (R2.2; the rolls are kept). When that decides the round's
    /// last table, the next round is drawn up from the winners in bracket order (R10.4), or
    /// the one side left is the champion.
    ///
    /// # Errors
    /// The table is not open in the current round, a side is not at the table, or a draw
    /// names fewer than two distinct sides.
    pub fn table_finished(
        &mut self,
        at: TableId,
        outcome: Outcome,
        dice: &mut impl Dice,
    ) -> Result<(), TournamentError> {
        let table = self.open_table(at)?;
        let result = match outcome {
            Outcome::Won(side) => {
                if !table.sides.contains(&side) {
                    return Err(TournamentError::NotAtTable(side));
                }
                TableResult::Winner(side)
            }
            Outcome::Drawn(mut tied) => {
                if let Some(&s) = tied.iter().find(|s| !table.sides.contains(s)) {
                    return Err(TournamentError::NotAtTable(s));
                }
                // Bracket order, each side once.
                tied.sort_by_key(|s| table.sides.iter().position(|x| x == s));
                tied.dedup();
                if tied.len() < 2 {
                    return Err(TournamentError::RollOffSides);
                }
                let (winner, rolls) = roll_off(&tied, dice);
                TableResult::RollOff { winner, rolls }
            }
        };
        self.decide(at, result);
        Ok(())
    }

    /// The host advances `winner` from table `at` without the game being finished (an
    /// absent side, a broken game…), giving a reason that is kept with the result.
    ///
    /// # Errors
    /// The table is not open in the current round, `winner` is not at it, or the reason is
    /// empty or longer than [`MAX_REASON_CHARS`] characters.
    pub fn advance_by_hand(
        &mut self,
        at: TableId,
        winner: Side,
        reason: &str,
    ) -> Result<(), TournamentError> {
        let table = self.open_table(at)?;
        if !table.sides.contains(&winner) {
            return Err(TournamentError::NotAtTable(winner));
        }
        let reason = reason.trim();
        if reason.is_empty() || reason.chars().count() > MAX_REASON_CHARS {
            return Err(TournamentError::Reason(MAX_REASON_CHARS));
        }
        self.decide(
            at,
            TableResult::ByHand {
                winner,
                reason: reason.to_owned(),
            },
        );
        Ok(())
    }

    /// Records a checked result and closes the round when it was its last open table.
    fn decide(&mut self, at: TableId, result: TableResult) {
        let slot = self.slot_mut(at);
        slot.result = result;
        slot.proposal = None;
        let round = usize::from(at.round);
        let tables = &self.rounds[round].tables;
        if tables.iter().any(TableSlot::is_open) {
            return;
        }
        let winners: Vec<Side> = tables.iter().filter_map(TableSlot::winner).collect();
        if let [champion] = winners[..] {
            self.state = State::Finished { champion };
            return;
        }
        let k = shape::sides_per_table(self.table_size, self.pairs);
        let sizes = shape::spread(winners.len(), winners.len().div_ceil(k));
        self.rounds.push(fill(&winners, &sizes));
        self.state = State::Playing {
            round: u8::try_from(round + 1).unwrap_or(u8::MAX),
        };
    }

    /// R10.5 `side` proposes `minutes` (5, 10 or 15) more at table `at`, which is being
    /// played with a time limit. The caller checks that the limit has not run out yet.
    ///
    /// # Errors
    /// The table is not being played with a time limit, `side` is not at it, the minutes
    /// are not 5, 10 or 15, or another proposal is waiting.
    pub fn propose_extension(
        &mut self,
        at: TableId,
        side: Side,
        minutes: u8,
    ) -> Result<(), TournamentError> {
        let table = self.timed_table(at, side)?;
        if !EXTENSION_MINUTES.contains(&minutes) {
            return Err(TournamentError::Minutes(minutes));
        }
        if table.proposal.is_some() {
            return Err(TournamentError::ProposalPending);
        }
        self.slot_mut(at).proposal = Some(Proposal {
            by: side,
            minutes,
            accepted: Vec::new(),
        });
        Ok(())
    }

    /// R10.5 `side` answers the extension waiting at table `at`. It is added when every
    /// side but the proposer has accepted; one refusal drops it.
    ///
    /// # Errors
    /// The table is not being played with a time limit, `side` is not at it, no proposal
    /// is waiting, `side` made it, or `side` already accepted it.
    pub fn answer_extension(
        &mut self,
        at: TableId,
        side: Side,
        accept: bool,
    ) -> Result<Answer, TournamentError> {
        let table = self.timed_table(at, side)?;
        let proposal = table.proposal.as_ref().ok_or(TournamentError::NoProposal)?;
        if proposal.by == side {
            return Err(TournamentError::OwnProposal);
        }
        if proposal.accepted.contains(&side) {
            return Err(TournamentError::AlreadyAnswered);
        }
        let others = table.sides.len() - 1;
        let slot = self.slot_mut(at);
        if !accept {
            slot.proposal = None;
            return Ok(Answer::Refused);
        }
        let Some(p) = slot.proposal.as_mut() else {
            return Err(TournamentError::NoProposal);
        };
        p.accepted.push(side);
        if p.accepted.len() < others {
            return Ok(Answer::Waiting);
        }
        let minutes = p.minutes;
        slot.extra_minutes = slot.extra_minutes.saturating_add(u16::from(minutes));
        slot.proposal = None;
        Ok(Answer::Added(minutes))
    }

    /// Whether `side` has lost a table (it is out of the tournament).
    #[must_use]
    pub fn is_eliminated(&self, side: Side) -> bool {
        self.rounds
            .iter()
            .flat_map(|r| &r.tables)
            .any(|t| t.sides.contains(&side) && t.winner().is_some_and(|w| w != side))
    }

    /// The host replaces member `member` (0, or 0..2 for a pair) of entrant `side`, absent,
    /// by a computer player of `level`. The entrant keeps its name and place.
    ///
    /// # Errors
    /// The tournament is over, there is no such entrant or member, or the entrant is out.
    pub fn replace_entrant(
        &mut self,
        side: Side,
        member: usize,
        level: Level,
    ) -> Result<(), TournamentError> {
        if self.champion().is_some() {
            return Err(TournamentError::Finished);
        }
        let Some(entrant) = self.entrant(side) else {
            return Err(TournamentError::NoSuchEntrant(side));
        };
        if member >= entrant.members.len() {
            return Err(TournamentError::Members(side));
        }
        if self.is_eliminated(side) {
            return Err(TournamentError::Eliminated(side));
        }
        self.entrants[usize::from(side)].members[member] = Member::Computer(level);
        Ok(())
    }
}
