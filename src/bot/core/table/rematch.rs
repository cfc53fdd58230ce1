//! Rematch: a finished game's players seated again in a new lobby with the same rules. The
//! humans other than whoever pressed it are invited (seated, unconfirmed) until they press
//! Join; computer players keep their seats and levels; the host starts as usual, and the
//! invited who did not confirm are left out at the start.

use super::{Actor, Event, Player, PlayerKind, Stage, Table};
use crate::bot::core::refusal::Reject;

impl Table {
    /// The lobby of a rematch of this finished game, opened by `who` (its host), who must
    /// have played in it. `seq` continues this table's.
    ///
    /// # Errors
    /// [`Reject::NotPlaying`] when the game is not finished, [`Reject::NotAPlayer`] for
    /// someone who did not play, [`Reject::TourneyTable`] at a tournament's table.
    pub fn rematch(&self, who: &Actor) -> Result<Self, Reject> {
        if !matches!(self.stage, Stage::Finished(_)) {
            return Err(Reject::NotPlaying);
        }
        if self
            .origin
            .as_ref()
            .is_some_and(super::Origin::is_competition)
        {
            return Err(Reject::TourneyTable);
        }
        let human = |p: &Player| p.id > 0 && p.kind == PlayerKind::Human;
        if !self.players.iter().any(|p| p.id == who.id && human(p)) {
            return Err(Reject::NotAPlayer);
        }
        let mut t = Self::lobby(who, self.preset, self.pairs);
        t.seq = self.seq + 1;
        // The same board as asked for before (none: R8.7 picks it again at the start), and
        // the same time limit (R6.3), counted again from the rematch's start.
        t.board = self.board;
        t.limit = self.limit;
        t.players.clear();
        for p in &self.players {
            // A human who left mid-game (a computer took the seat) is not asked again.
            if p.id > 0 && !human(p) {
                continue;
            }
            let mut seat = p.clone();
            seat.colour = None;
            seat.strikes = 0;
            seat.absent = false;
            if p.id == who.id {
                seat.name.clone_from(&who.name);
            } else if p.id > 0 {
                t.invited.push(p.id);
            }
            t.players.push(seat);
        }
        t.last.push(Event::Joined {
            name: who.name.clone(),
        });
        Ok(t)
    }

    /// Is player `id` seated in this lobby but not confirmed yet?
    #[must_use]
    pub fn is_invited(&self, id: i64) -> bool {
        self.invited.contains(&id)
    }

    /// An invited player confirms their seat (Join). `false` when they were not invited.
    pub(super) fn confirm(&mut self, who: &Actor) -> bool {
        let Some(i) = self.invited.iter().position(|&id| id == who.id) else {
            return false;
        };
        self.invited.remove(i);
        if let Some(p) = self.players.iter_mut().find(|p| p.id == who.id) {
            p.name.clone_from(&who.name);
        }
        self.last.push(Event::Joined {
            name: who.name.clone(),
        });
        true
    }

    /// At the start: the invited who did not confirm give up their seats.
    pub(super) fn drop_unconfirmed(&mut self) {
        let invited = std::mem::take(&mut self.invited);
        self.players.retain(|p| !invited.contains(&p.id));
    }
}
