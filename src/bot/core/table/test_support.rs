//! Helpers shared by the table's tests.

use super::Actor;
use crate::engine::ScriptedDice;

/// Player `id`, named "p<id>", not an administrator.
pub(super) fn actor(id: i64) -> Actor {
    Actor {
        id,
        name: format!("p{id}"),
        is_admin: false,
    }
}

/// Dice that roll `rolls` in order.
pub(super) fn dice(rolls: &[u8]) -> ScriptedDice {
    ScriptedDice::new(rolls)
}
