//! A game opened by code with its seats decided (a tournament's or a league's table): the
//! lobby made with its players, started at once with the chat's fair dice when it has them,
//! the absent marked (the computer plays for them), the call message made its board, then
//! saved by compare-and-set and shown like any game.

use tracing::warn;

use super::Ctx;
use super::chat::{DisplayState, Here, Stored};
use super::commit::{Saved, follow, save};
use super::ctx::Stream;
use crate::bot::core::table::{Action, Actor, Origin, Player, Table, TimeLimit};
use crate::dice::RngDice;
use crate::engine::Preset;

/// What a called game is opened with.
#[derive(Debug)]
pub struct Call {
    /// The seats, in order.
    pub players: Vec<Player>,
    pub preset: Preset,
    pub pairs: bool,
    /// R6.3 Its time limit, counted from its start.
    pub limit: Option<TimeLimit>,
    /// Where it comes from (its board names it; it has no rematch).
    pub origin: Origin,
    /// The message that called it (it becomes its board, edited in place).
    pub board_msg: Option<i32>,
    /// Mixed into the seed of its dice, so tables that start together differ.
    pub salt: u64,
    /// Who came: the others are absent from the start (`None`: everyone came).
    pub present: Option<Vec<i64>>,
}

/// Open and start the game of `call` at `here` (loaded: no open game there), at `now`.
/// `None` when it could not start or was not saved (logged).
pub async fn open(ctx: &Ctx, here: &Here, call: Call, now: u64) -> Option<Saved> {
    let chat = here.addr.id();
    let stored = here.stored.as_ref()?;
    let first = call.players.first()?;
    let host = Actor {
        id: first.id,
        name: first.name.clone(),
        is_admin: false,
    };
    let mut lobby = Table::lobby(&host, call.preset, call.pairs)
        .called(call.players, call.limit, call.origin)
        .continuing(stored.table.as_ref().map_or(1, |r| r.state.seq() + 1));
    if let Some(seed) = ctx.game_seed(chat, lobby.seq() ^ call.salt) {
        lobby = lobby.with_fair(seed);
    }
    let mut rng = ctx.rng(chat, lobby.seq() ^ call.salt, Stream::Dice);
    let Ok(mut game) = lobby.act(&host, Action::Start, now, &mut RngDice(&mut rng)) else {
        warn!(chat, "a called game could not start");
        return None;
    };
    if let Some(present) = &call.present {
        game = game.absent_unless(present);
    }
    let expected = stored.table.as_ref().map_or(0, |r| r.version);
    // The call message becomes the game's board (edited in place, its button gone),
    // recorded as the place's board before the game is saved, so no other writer posts one.
    let board = call.board_msg.map(|id| DisplayState {
        message_id: id,
        photo: false,
    });
    if let Some(d) = board
        && let Err(e) = ctx
            .store
            .set_display(here.addr.place(), &d, ctx.open_ttl_secs)
            .await
    {
        warn!(chat, error = %e, "the call message is not the board");
    }
    let here = Here {
        stored: here.stored.clone().map(|s| Stored {
            display: board.or(s.display),
            ..s
        }),
        ..here.clone()
    };
    match save(ctx, &here, expected, game).await {
        Ok(saved) => {
            follow(ctx, &here, &saved, false).await;
            Some(saved)
        }
        Err(e) => {
            warn!(chat, ?e, "a called game not saved");
            None
        }
    }
}
