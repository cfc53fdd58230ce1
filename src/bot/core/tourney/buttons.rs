//! Buttons that stop applying: a partner invitation replaced by a newer one, made moot by
//! another pair or closed with the sign-up, and the R10.5 extension buttons of a table that
//! is decided (or of a tournament that is over). Their messages are kept in the record while
//! they apply; once they stop, every change of the record ([`Tourney::bump`]) moves them to
//! [`Tourney::stale_msgs`], and the tournament's firing plans their buttons' removal in the
//! chat's outbox (made within the chat's write budget, after what matters more), recorded
//! by [`Tourney::unbuttoned`].

use serde::{Deserialize, Serialize};

use super::{Stage, Tourney};
use crate::tournament::TableId;

/// At most this many messages wait to lose their buttons (an older one left is harmless: a
/// press on it is refused with a toast).
pub const MAX_STALE: usize = 32;

/// The message of a waiting partner invitation (`from` invited `to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InviteMsg {
    pub from: i64,
    pub to: i64,
    pub msg: i32,
}

impl Tourney {
    fn stale(&mut self, msg: i32) {
        if !self.stale_msgs.contains(&msg) {
            self.stale_msgs.push(msg);
        }
        if self.stale_msgs.len() > MAX_STALE {
            self.stale_msgs.remove(0);
        }
    }

    /// Does `from`'s invitation of `to` still wait for its Confirm?
    fn invite_waits(&self, from: i64, to: i64) -> bool {
        self.stage == Stage::SignUp && self.invites.iter().any(|p| (p.0, p.1) == (from, to))
    }

    /// Do table `at`'s extension buttons still apply (its table undecided, the tournament
    /// running)?
    fn ext_applies(&self, at: TableId) -> bool {
        self.stage == Stage::Running
            && self
                .tournament
                .as_ref()
                .and_then(|t| t.table(at))
                .is_some_and(crate::tournament::TableSlot::is_open)
    }

    /// Moves the messages whose buttons stopped applying to [`Tourney::stale_msgs`].
    pub(super) fn settle_buttons(&mut self) {
        let (keep, gone): (Vec<InviteMsg>, Vec<InviteMsg>) = std::mem::take(&mut self.invite_msgs)
            .into_iter()
            .partition(|m| self.invite_waits(m.from, m.to));
        self.invite_msgs = keep;
        for m in gone {
            self.stale(m.msg);
        }
        let ended: Vec<(usize, i32)> = self
            .tables
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                p.ext_msg
                    .filter(|_| !self.ext_applies(p.at))
                    .map(|m| (i, m))
            })
            .collect();
        for (i, msg) in ended {
            self.tables[i].ext_msg = None;
            self.stale(msg);
        }
    }

    /// The message `msg` of `from`'s invitation of `to` was posted (stale at once if the
    /// invitation no longer waits).
    pub fn set_invite_msg(&mut self, from: i64, to: i64, msg: i32) {
        self.invite_msgs.push(InviteMsg { from, to, msg });
        self.bump();
    }

    /// R10.5 The extension buttons of table `at` were posted as message `msg` (stale at once
    /// if the table was decided meanwhile).
    pub fn set_ext_msg(&mut self, at: TableId, msg: i32) {
        if let Some(p) = self.tables.iter_mut().find(|p| p.at == at) {
            p.ext_msg = Some(msg);
        } else {
            self.stale(msg);
        }
        self.bump();
    }

    /// The buttons of `done` are planned to come off (the chat's outbox makes those writes
    /// within its budget): they leave [`Tourney::stale_msgs`].
    pub fn unbuttoned(&mut self, done: &[i32]) {
        self.stale_msgs.retain(|m| !done.contains(m));
        self.bump();
    }
}
