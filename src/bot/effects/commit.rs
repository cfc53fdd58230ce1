//! One action as a straight line: the chat's state (already loaded for the update) → the
//! pure step → compare-and-set save → (the caller answers the callback) → show.
//!
//! [`save`] is the last Redis round trip before a callback can be answered; [`after_save`]
//! does the rest (the games gauge, the due set, the board, then the ping plan) once the
//! press is answered.

use tracing::{info, warn};

use super::Ctx;
use super::chat::Here;
use super::display;
use super::pace;
use super::telegram::{TgBot, is_admin};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::DiceMode;
use crate::bot::core::table::{Action, Actor, Player, Table};
use crate::dice::RngDice;
use crate::engine::Preset;
use crate::store::CasOutcome;

/// Mixed into the seed of the dice `/dice auto` rolls, so that in seeded tests they never
/// repeat the dice of the action saved with them.
const AUTO_DICE_SALT: u64 = 0x00d1_ce00_a070;

/// Rounds of "the humans' dice, then the automatic turns after them" one save plays at
/// most (each round up to [`super::driver::MAX_CHAINED_TURNS`] automatic turns).
const MAX_CHAIN_ROUNDS: usize = 8;

/// A table just saved, and the version it was saved as.
#[derive(Clone, Debug)]
pub struct Saved {
    pub table: Table,
    pub version: u64,
}

/// Apply `action` by `actor` to the chat's table as loaded in `here`: a button carries
/// `drawn_at` (the `seq` it was drawn at), a command none. Saves by compare-and-set.
///
/// Round trips: the save, plus `getChatMember` at Telegram when someone other than the host
/// manages the table.
///
/// # Errors
/// A [`Refusal`] to tell the user; nothing was changed.
pub async fn act(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    mut actor: Actor,
    action: Action,
    drawn_at: Option<u64>,
) -> Result<Saved, Refusal> {
    let rec = here.table()?;
    if action.manages() && actor.id != rec.state.host {
        actor.is_admin = is_admin(bot, here.addr, actor.id).await;
    }
    let mut rng = ctx.rng(here.addr.id(), rec.state.seq);
    let next = rec.state.step(
        &actor,
        action,
        drawn_at,
        ctx.now_ms(),
        &mut RngDice(&mut rng),
    )?;
    save(ctx, here, rec.version, next).await
}

/// Plan `table`'s deadline with the chat's settings and save it by compare-and-set on
/// `expected` (0: the chat must have no table). One round trip. First everything that needs
/// no human choice is played: with `/dice auto` the dice of the humans whose turn starts
/// ([`Table::roll_for_humans`]), and the turns of computers and absent players after them
/// ([`super::driver::chain`]), so the board asks a human straight for a choice.
///
/// # Errors
/// [`Alert::Stale`] on a lost race, [`Alert::TryAgain`] when Redis is unavailable.
pub async fn save(
    ctx: &Ctx,
    here: &Here,
    expected: u64,
    mut table: Table,
) -> Result<Saved, Refusal> {
    // Everything up to the next human choice in one go, shown in one write: the humans'
    // dice with `/dice auto`, then the turns of computers and absent players that follow,
    // and again. Only while someone present is seated: when every seat is played by the
    // bot (all humans absent), its turns keep their pause, so the chat can follow and an
    // absent player can come back.
    for _ in 0..MAX_CHAIN_ROUNDS {
        if here.settings.dice == DiceMode::Auto {
            let mut rng = ctx.rng(here.addr.id(), table.seq ^ AUTO_DICE_SALT);
            table.roll_for_humans(ctx.now_ms(), &mut RngDice(&mut rng));
        }
        let someone_present = table.players.iter().any(|p| !p.is_automatic());
        if table.playing().is_none()
            || !someone_present
            || !table.to_move().is_some_and(Player::is_automatic)
        {
            break;
        }
        table = super::driver::chain(ctx, here.addr, table, ctx.now_ms());
    }
    table.plan_deadline(ctx.now_ms(), ctx.timing(&here.settings));
    let ttl = ctx.ttl_for(&table);
    match ctx
        .store
        .save(here.addr.place(), expected, &table, ttl)
        .await
    {
        Ok(CasOutcome::Saved { version }) => Ok(Saved { table, version }),
        Ok(CasOutcome::Conflict { .. }) => {
            ctx.metrics.cas_conflict();
            Err(Alert::Stale.into())
        }
        Err(e) => {
            warn!(chat = here.addr.id(), error = %e, "store error");
            Err(Alert::TryAgain.into())
        }
    }
}

/// After a save: show the board on the chat's board message and, at the same time, count
/// the game's transition and put its deadline in the due set.
pub async fn after_save(bot: &TgBot, ctx: &Ctx, here: &Here, saved: &Saved) {
    // A game that just finished is recorded first, so the final board shows its results.
    let recorded = super::stats::record_if_finished(ctx, here, saved).await;
    let (shown, shown_version) = recorded
        .as_ref()
        .map_or((&saved.table, saved.version), |r| (&r.table, r.version));
    tokio::join!(
        async {
            show(bot, ctx, here, shown, shown_version, here.display()).await;
            // Pings after the board: it takes its write from the budget first.
            super::pings::after_save(bot, ctx, here, shown, shown_version).await;
        },
        bookkeeping(ctx, here, saved),
        // A tournament table's finished game: its result into the bracket (once).
        super::tourney::results::on_game_saved(bot, ctx, here, saved),
    );
}

/// The games gauge and the due set after a save (3 round trips, none of them the board's).
async fn bookkeeping(ctx: &Ctx, here: &Here, saved: &Saved) {
    super::active::after_save(ctx, here.addr.place(), &saved.table).await;
    super::deadline::sync_deadline(ctx, here.addr.place(), &saved.table).await;
}

/// Show `table` (stored as `version`) in the chat of `here` over the board message
/// `current` (`None`: post a new one), at the chat's pace ([`pace::show`]: a write that
/// cannot be made now is owed and caught up). A chat the bot was removed from ends its
/// game; a chat that became a supergroup moves it.
pub async fn show(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    table: &Table,
    version: u64,
    current: Option<super::chat::DisplayState>,
) {
    let _ = pace::show(bot, ctx, here, table, version, current).await;
}

/// A refused press by `id`: if they were marked absent they are back all the same (saved
/// and shown; a lost race is left to their next press). Returns whether they were absent.
pub async fn welcome_back(bot: &TgBot, ctx: &Ctx, here: &Here, id: i64) -> bool {
    let Ok(rec) = here.table() else { return false };
    let Some(back) = rec
        .state
        .returning(id, ctx.now_ms(), ctx.timing(&here.settings))
    else {
        return false;
    };
    // `returning` planned the deadline itself when it was their turn: save as it is.
    let ttl = ctx.ttl_for(&back);
    if let Ok(CasOutcome::Saved { version }) = ctx
        .store
        .save(here.addr.place(), rec.version, &back, ttl)
        .await
    {
        let saved = Saved {
            table: back,
            version,
        };
        super::deadline::sync_deadline(ctx, here.addr.place(), &saved.table).await;
        show(bot, ctx, here, &saved.table, saved.version, here.display()).await;
        super::pings::after_save(bot, ctx, here, &saved.table, saved.version).await;
    }
    true
}

/// A stale press on the board message itself means the board shows an old state (an
/// edit that Telegram kept refusing): show the current one.
pub async fn refresh_if_behind(bot: &TgBot, ctx: &Ctx, here: &Here, pressed: i32, drawn_at: u64) {
    let Ok(rec) = here.table() else { return };
    let t = &rec.state;
    let current = here.display();
    if current.is_some_and(|d| d.message_id == pressed) && t.seq != drawn_at && t.is_open() {
        info!(
            chat = here.addr.id(),
            seq = t.seq,
            shown = drawn_at,
            "the board was behind: showing it again"
        );
        show(bot, ctx, here, t, rec.version, current).await;
    }
}

/// Open a lobby (a finished or cancelled table is replaced, a finished game left unrecorded
/// being recorded first; its board loses its buttons and the lobby gets a message of its
/// own).
///
/// # Errors
/// [`Alert::GameRunning`] when a table is open, or the save's refusal.
pub async fn open_lobby(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    actor: &Actor,
    preset: Preset,
    pairs: bool,
    board: Option<crate::engine::Arms>,
) -> Result<Saved, Refusal> {
    let stored = here.stored.as_ref().ok_or(Alert::TryAgain)?;
    let (expected, seq) = match &stored.table {
        Some(r) if r.state.is_open() => return Err(Alert::GameRunning.into()),
        Some(r) => {
            super::stats::record_before_replacing(ctx, here, &r.state).await?;
            (r.version, r.state.seq + 1)
        }
        None => (0, 1),
    };
    // The first lobby of a chat whose language nobody chose offers the four languages.
    let offer = !here.settings.lang_offered;
    let mut table = Table::lobby(actor, preset, pairs)
        .on_board(board)
        .with_minute_ms(ctx.limit_minute_ms)
        .offering_languages(offer);
    table.seq = seq;
    let saved = save(ctx, here, expected, table).await?;
    if offer {
        let s = crate::bot::core::settings::ChatSettings {
            lang_offered: true,
            ..here.settings
        };
        if let Err(e) = ctx.store.set_settings(here.addr.id(), &s).await {
            warn!(chat = here.addr.id(), error = %e, "could not note the languages offered");
        }
    }
    if let Some(old) = here.display() {
        display::strip_buttons(bot, here.addr, old.message_id).await;
    }
    Ok(saved)
}

/// Show the lobby just opened on a new message.
pub async fn show_new(bot: &TgBot, ctx: &Ctx, here: &Here, saved: &Saved) {
    tokio::join!(
        show(bot, ctx, here, &saved.table, saved.version, None),
        bookkeeping(ctx, here, saved),
    );
}
