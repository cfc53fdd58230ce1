//! New tables at a place: a lobby (`/newgame`, "New game"), a rematch, each replacing a
//! finished or cancelled table (a finished game left unrecorded is recorded first, so
//! replacing it loses nothing). The new table gets a board message of its own; the old
//! board loses its buttons.

use tracing::warn;

use super::Ctx;
use super::chat::Here;
use super::commit::{self, Saved};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::ChatSettings;
use crate::bot::core::table::{Actor, Table};
use crate::engine::{Arms, Preset};

/// Open a lobby at `here`.
///
/// # Errors
/// [`Alert::GameRunning`] when a table is open, or the save's refusal.
pub async fn open_lobby(
    ctx: &Ctx,
    here: &Here,
    actor: &Actor,
    preset: Preset,
    pairs: bool,
    board: Option<Arms>,
) -> Result<Saved, Refusal> {
    let stored = here.stored.as_ref().ok_or(Alert::TryAgain)?;
    let (expected, seq) = match &stored.table {
        Some(r) if r.state.is_open() => return Err(Alert::GameRunning.into()),
        Some(r) => {
            super::stats::record_before_replacing(ctx, here, &r.state).await?;
            (r.version, r.state.seq() + 1)
        }
        None => (0, 1),
    };
    // The first lobby of a chat whose language nobody chose offers the four languages.
    let offer = !here.settings.lang_offered;
    let mut table = Table::lobby(actor, preset, pairs)
        .on_board(board)
        .offering_languages(offer)
        .continuing(seq);
    if let Some(seed) = ctx.game_seed(here.addr.id(), seq) {
        table = table.with_fair(seed);
    }
    let saved = commit::save(ctx, here, expected, table).await?;
    if offer {
        let s = ChatSettings {
            lang_offered: true,
            ..here.settings
        };
        if let Err(e) = ctx.store.set_settings(here.addr.id(), &s).await {
            warn!(chat = here.addr.id(), error = %e, "could not note the languages offered");
        }
    }
    replaced(ctx, here, &saved).await;
    Ok(saved)
}

/// "New game" under a finished or cancelled board (the chat's button or the live page's):
/// a lobby with the same rules and board asked for as the place's last table.
///
/// # Errors
/// As [`open_lobby`].
pub async fn new_game(ctx: &Ctx, here: &Here, actor: &Actor) -> Result<Saved, Refusal> {
    let (preset, pairs, board) = here.table().ok().map_or((Preset::Jcf, false, None), |r| {
        (r.state.preset(), r.state.pairs(), r.state.board())
    });
    open_lobby(ctx, here, actor, preset, pairs, board).await
}

/// Rematch under a finished board: a lobby with the same players seated and the same rules
/// (see [`Table::rematch`]).
///
/// # Errors
/// [`Alert::GameRunning`] when a table is open, the table's refusal, or the save's.
pub async fn open_rematch(ctx: &Ctx, here: &Here, actor: &Actor) -> Result<Saved, Refusal> {
    let rec = here.table()?;
    if rec.state.is_open() {
        return Err(Alert::GameRunning.into());
    }
    let mut lobby = rec.state.rematch(actor)?;
    if let Some(seed) = ctx.game_seed(here.addr.id(), lobby.seq()) {
        lobby = lobby.with_fair(seed);
    }
    super::stats::record_before_replacing(ctx, here, &rec.state).await?;
    let saved = commit::save(ctx, here, rec.version, lobby).await?;
    replaced(ctx, here, &saved).await;
    Ok(saved)
}

/// A new table replaced the old one at `here`: its board goes on a new message (the old one
/// loses its buttons when the board is made, see [`super::outbox::REPOST`]), and the rest follows as
/// after any save.
pub async fn replaced(ctx: &Ctx, here: &Here, saved: &Saved) {
    commit::follow(ctx, here, saved, true).await;
}
