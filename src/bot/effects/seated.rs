//! A game opened from code at a place with its seats already decided: [`open_seated`]. It
//! starts at once, with no lobby, and is then played with the buttons of its board like any
//! other game (the scheduler plays its computers and timers).

use super::Ctx;
use super::chat::{self, ChatAddr};
use super::commit::{self, Saved};
use super::ctx::Stream;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::{SeatedSpec, Table};
use crate::dice::RngDice;

/// Open and start the game of `spec` at `addr` (a lane, a topic or a chat) and plan its
/// board on a new message. A finished or cancelled table there is replaced (its board loses
/// its buttons); [`Table::origin`] keeps `spec.origin`, readable from the stored table
/// (`ctx.store.load::<Table>(addr.place())`) when the game is over.
///
/// # Errors
/// [`Alert::GameRunning`] when a game is open there, [`Alert::TryAgain`] when Redis is
/// unavailable, [`Alert::Stale`] on a lost race, or the seats' refusal
/// ([`Table::seated`]); nothing was changed.
pub async fn open_seated(ctx: &Ctx, addr: ChatAddr, spec: &SeatedSpec) -> Result<Saved, Refusal> {
    let here = chat::load(ctx, addr, None).await;
    let stored = here.stored.as_ref().ok_or(Alert::TryAgain)?;
    let (expected, seq) = match &stored.table {
        Some(r) if r.state.is_open() => return Err(Alert::GameRunning.into()),
        Some(r) => (r.version, r.state.seq() + 1),
        None => (0, 1),
    };
    let mut rng = ctx.rng(addr.id(), seq, Stream::Dice);
    let seed = ctx.game_seed(addr.id(), seq);
    let table = Table::seated_fair(spec, seq, ctx.now_ms(), &mut RngDice(&mut rng), seed)?;
    let saved = commit::save(ctx, &here, expected, table).await?;
    commit::follow(ctx, &here, &saved, true).await;
    Ok(saved)
}
