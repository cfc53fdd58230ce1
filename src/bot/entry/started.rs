//! When an update's handling began, and its count in the metrics once it is handled: what
//! every handler of this layer shares (kept apart from the handler tree in `mod.rs`, which
//! routes to the handlers).

use std::time::Instant;

use crate::bot::effects::Ctx;

/// When the update's handling began (for the handler-time metric).
#[derive(Clone, Copy, Debug)]
pub struct Started(pub Instant);

/// Count the update in the metrics.
pub(crate) fn handled(ctx: &Ctx, kind: &str, started: Started) {
    ctx.metrics.update(kind, started.0.elapsed());
}
