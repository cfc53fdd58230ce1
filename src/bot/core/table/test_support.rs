//! Helpers shared by the table's tests.

use super::Actor;
use crate::engine::ScriptedDice;

/// Player `id`, named "p<id>", not an administrator.
pub(crate) fn actor(id: i64) -> Actor {
    Actor {
        id,
        name: format!("p{id}"),
        is_admin: false,
    }
}

/// Dice that roll `rolls` in order.
pub(crate) fn dice(rolls: &[u8]) -> ScriptedDice {
    ScriptedDice::new(rolls)
}

/// A JCF lobby of players 1..=n (1 hosts) on the board asked for (`None`: no size).
pub(crate) fn lobby(n: i64, board: Option<crate::engine::Arms>, pairs: bool) -> super::Table {
    let mut t = super::Table::lobby(&actor(1), crate::engine::Preset::Jcf, pairs).on_board(board);
    for id in 2..=n {
        t = t
            .act(&actor(id), super::Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    t
}

/// The tests of the views outside this module build states no short list of transitions
/// reaches (a position read from JSON, a deadline at a given hour, a recorded result):
/// they write the fields through these, which exist in test builds only.
impl super::Table {
    pub(crate) fn stage_mut(&mut self) -> &mut super::Stage {
        &mut self.stage
    }

    pub(crate) fn players_mut(&mut self) -> &mut Vec<super::Player> {
        &mut self.players
    }

    pub(crate) fn last_mut(&mut self) -> &mut Vec<super::Event> {
        &mut self.last
    }

    pub(crate) fn deadline_ms_mut(&mut self) -> &mut Option<u64> {
        &mut self.deadline_ms
    }

    pub(crate) fn tally_mut(&mut self) -> &mut super::Tally {
        &mut self.tally
    }

    pub(crate) fn origin_mut(&mut self) -> &mut Option<super::Origin> {
        &mut self.origin
    }

    pub(crate) fn log_mut(&mut self) -> &mut super::GameLog {
        &mut self.log
    }
}
