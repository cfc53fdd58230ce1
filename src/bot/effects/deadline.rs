//! The due set (`parxis:deadlines`) kept in step with the tables saved.

use tracing::warn;

use super::Ctx;
use crate::bot::core::table::Table;
use crate::store::Place;

/// How many write-then-check rounds [`sync_deadline`] makes at most.
pub const SYNC_ROUNDS: usize = 4;

/// Mirror `table`'s deadline (the table just saved at `place`) into the due set.
///
/// A save by someone else (the driver and a press, or two replicas) may land between our
/// save and this write, and its own write may land before ours: so after writing, the
/// latest table is read back and, when it wants something else, that is written instead.
/// Every save is followed by such a write-then-check, so the last save's deadline is what
/// stays in the due set (a clear can never hide a newer deadline, which would leave a
/// computer's turn unplayed).
pub async fn sync_deadline(ctx: &Ctx, place: Place, table: &Table) {
    let mut want = table.due();
    for _ in 0..SYNC_ROUNDS {
        let r = match want {
            Some(due) => ctx.store.set_deadline(place, due).await,
            None => ctx.store.clear_deadline(place).await,
        };
        if let Err(e) = r {
            warn!(chat = place.chat, topic = place.topic, error = %e, "could not store the deadline");
            return;
        }
        let latest = match ctx.store.load::<Table>(place).await {
            Ok(Some(r)) => r.state.due(),
            Ok(None) => None,
            Err(_) => return,
        };
        if latest == want {
            return;
        }
        want = latest;
    }
}
