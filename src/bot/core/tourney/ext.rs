//! R10.5 Time extensions at a timed table, as the chat sees them: a person at the table
//! proposes 5, 10 or 15 more minutes for their side, a person of another side accepts or
//! refuses, and nothing is proposed or answered once the table's limit has run out.

use super::{TReject, Tourney, seats_of};
use crate::tournament::{Answer, Proposal, Side, TableId};

impl Tourney {
    /// The side person `user` plays for at table `at` (`None`: not at that table).
    #[must_use]
    pub fn side_of(&self, at: TableId, user: i64) -> Option<Side> {
        let t = self.tournament.as_ref()?;
        seats_of(t, at)
            .into_iter()
            .find(|s| s.id == user && s.computer.is_none())
            .map(|s| s.side)
    }

    /// The extension waiting for an answer at table `at`.
    #[must_use]
    pub fn proposal(&self, at: TableId) -> Option<&Proposal> {
        self.tournament.as_ref()?.table(at)?.proposal.as_ref()
    }

    /// The side of `user` at table `at`, while its time limit (with `minute_ms` ms a
    /// minute) has not run out at `now_ms`.
    fn ext_side(
        &self,
        at: TableId,
        user: i64,
        now_ms: u64,
        minute_ms: u64,
    ) -> Result<Side, TReject> {
        let side = self.side_of(at, user).ok_or(TReject::NotAtTable)?;
        match self.limit_at(at, minute_ms) {
            Some(end) if end <= now_ms => Err(TReject::TimeUp),
            _ => Ok(side),
        }
    }

    /// R10.5 `user` proposes `minutes` more at table `at` for their side.
    ///
    /// # Errors
    /// `user` is not at the table, its limit has run out, or the tournament refuses
    /// ([`crate::tournament::Tournament::propose_extension`]).
    pub fn propose_ext(
        &mut self,
        at: TableId,
        user: i64,
        minutes: u8,
        now_ms: u64,
        minute_ms: u64,
    ) -> Result<(), TReject> {
        let side = self.ext_side(at, user, now_ms, minute_ms)?;
        let t = self.tournament.as_mut().ok_or(TReject::NotRunning)?;
        t.propose_extension(at, side, minutes)
            .map_err(TReject::Core)?;
        self.bump();
        Ok(())
    }

    /// R10.5 `user` accepts or refuses the extension waiting at table `at`.
    ///
    /// # Errors
    /// `user` is not at the table, its limit has run out, or the tournament refuses
    /// ([`crate::tournament::Tournament::answer_extension`]: none waiting, their own…).
    pub fn answer_ext(
        &mut self,
        at: TableId,
        user: i64,
        accept: bool,
        now_ms: u64,
        minute_ms: u64,
    ) -> Result<Answer, TReject> {
        let side = self.ext_side(at, user, now_ms, minute_ms)?;
        let t = self.tournament.as_mut().ok_or(TReject::NotRunning)?;
        let answer = t
            .answer_extension(at, side, accept)
            .map_err(TReject::Core)?;
        self.bump();
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::tourney::SignedUp;
    use crate::bot::core::tourney::TourneyArgs;
    use crate::engine::Preset;
    use crate::tournament::TournamentError;

    const MIN: u64 = 1_000;

    /// Two people, Anna (1) and Pep (2), at the one table of a 30-minute tournament,
    /// started at 0.
    fn timed() -> (Tourney, TableId) {
        let args = TourneyArgs {
            preset: Preset::Jcf,
            table_size: 2,
            limit_minutes: Some(30),
            pairs: false,
        };
        let anna = SignedUp {
            id: 1,
            name: "Anna".into(),
        };
        let mut t = Tourney::open(&anna, args, None, false);
        t.join(&SignedUp {
            id: 2,
            name: "Pep".into(),
        })
        .expect("join");
        t.draw(7).expect("draw");
        let at = TableId::new(0, 0);
        t.call(at, None, 0);
        t.start_table(at, 0).expect("start");
        (t, at)
    }

    #[test]
    fn r10_5_an_accepted_extension_moves_the_tables_limit() {
        // Given a timed table at 30 minutes
        let (mut t, at) = timed();
        assert_eq!(t.limit_at(at, MIN), Some(30 * MIN));
        // When Anna proposes +5 and Pep accepts
        t.propose_ext(at, 1, 5, 10 * MIN, MIN).expect("proposed");
        assert_eq!(t.proposal(at).map(|p| p.minutes), Some(5));
        let answer = t.answer_ext(at, 2, true, 11 * MIN, MIN).expect("answered");
        // Then 5 minutes are added and nothing waits any more
        assert_eq!(answer, Answer::Added(5));
        assert_eq!(t.limit_at(at, MIN), Some(35 * MIN));
        assert_eq!(t.proposal(at), None);
    }

    #[test]
    fn r10_5_a_refused_extension_keeps_the_limit() {
        // Given Pep's proposal of +10
        let (mut t, at) = timed();
        t.propose_ext(at, 2, 10, MIN, MIN).expect("proposed");
        // When Anna refuses it
        let answer = t.answer_ext(at, 1, false, 2 * MIN, MIN).expect("answered");
        // Then the limit stays and a new proposal may be made
        assert_eq!(answer, Answer::Refused);
        assert_eq!(t.limit_at(at, MIN), Some(30 * MIN));
        assert_eq!(t.proposal(at), None);
        assert!(t.propose_ext(at, 1, 15, 3 * MIN, MIN).is_ok());
    }

    #[test]
    fn r10_5_the_proposer_cannot_answer_and_others_cannot_take_part() {
        // Given Anna's proposal
        let (mut t, at) = timed();
        t.propose_ext(at, 1, 5, MIN, MIN).expect("proposed");
        // When Anna answers it herself, or someone not at the table presses
        // Then both are refused and the proposal still waits
        assert_eq!(
            t.answer_ext(at, 1, true, MIN, MIN),
            Err(TReject::Core(TournamentError::OwnProposal))
        );
        assert_eq!(
            t.answer_ext(at, 99, true, MIN, MIN),
            Err(TReject::NotAtTable)
        );
        assert_eq!(t.propose_ext(at, 99, 5, MIN, MIN), Err(TReject::NotAtTable));
        assert_eq!(
            t.propose_ext(at, 2, 5, MIN, MIN),
            Err(TReject::Core(TournamentError::ProposalPending))
        );
        assert_eq!(t.proposal(at).map(|p| p.by), t.side_of(at, 1));
        assert_eq!(t.limit_at(at, MIN), Some(30 * MIN));
    }

    #[test]
    fn r10_5_nothing_is_proposed_or_accepted_after_the_limit() {
        // Given a proposal made a minute before the end
        let (mut t, at) = timed();
        t.propose_ext(at, 1, 5, 29 * MIN, MIN).expect("proposed");
        // When the other side accepts at the end, or a side proposes after it
        // Then both are refused as too late and the limit does not move
        assert_eq!(
            t.answer_ext(at, 2, true, 30 * MIN, MIN),
            Err(TReject::TimeUp)
        );
        assert_eq!(t.propose_ext(at, 2, 5, 31 * MIN, MIN), Err(TReject::TimeUp));
        assert_eq!(t.limit_at(at, MIN), Some(30 * MIN));
    }

    #[test]
    fn r10_5_only_5_10_or_15_minutes_are_proposed() {
        // Given a timed table
        let (mut t, at) = timed();
        // When Anna proposes 7 minutes
        // Then it is refused and nothing waits
        assert_eq!(
            t.propose_ext(at, 1, 7, MIN, MIN),
            Err(TReject::Core(TournamentError::Minutes(7)))
        );
        assert_eq!(t.proposal(at), None);
    }
}
