//! The due set (`parxis:deadlines`) kept in step with the tables saved.

use tracing::warn;

use super::Ctx;
use crate::bot::core::table::Table;
use crate::store::Place;

/// How many write-then-check rounds [`sync_deadline`] makes at most.
pub const SYNC_ROUNDS: usize = 4;

/// Mirror `table`'s deadline (the table just saved at `place` as `version`) into the due set.
///
/// A save by someone else (the driver and a press, or two replicas) may land between our
/// save and this write, and its own write may land before ours: so each write is followed,
/// in the same round trip, by a read of the stored game's version
/// ([`crate::store::Store::mirror_deadline`]). When it is still `version`, any later save
/// came after our write and writes its own after it: done, and the game itself is never
/// read. When it is another, the latest table is read and its deadline written instead.
/// Every save is followed by such a write-then-check, so the last save's deadline is what
/// stays in the due set (a clear can never hide a newer deadline, which would leave a
/// computer's turn unplayed).
pub async fn sync_deadline(ctx: &Ctx, place: Place, table: &Table, version: u64) {
    let (mut want, mut version) = (table.due(), version);
    for _ in 0..SYNC_ROUNDS {
        let stored = match ctx.store.mirror_deadline(place, want).await {
            Ok(v) => v,
            Err(e) => {
                warn!(chat = place.chat, topic = place.topic, error = %e, "could not store the deadline");
                return;
            }
        };
        if stored == version {
            return;
        }
        (want, version) = match ctx.store.load::<Table>(place).await {
            Ok(Some(r)) => (r.state.due(), r.version),
            Ok(None) => (None, 0),
            Err(_) => return,
        };
    }
}
