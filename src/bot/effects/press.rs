//! One press, whether of the chat's inline button or a tap on the live board's page: the
//! action applied ([`commit::act_pressed`]: the pure `Table::step` and the compare-and-set
//! save), the answer worded (a roll's die, a refusal's reason, what happened since when the
//! pressed board is behind) and, once the caller has answered, what follows ([`Pressed::follow`]:
//! the save followed; a player marked absent is back even when refused; a stale board is
//! planned again; a lost game's buttons make way for "New game"). The refusals are handled
//! here once for both.
//!
//! ```text
//! press (entry) ─▶ press::press ─▶ answer (answerCallbackQuery, or the tap's HTTP answer)
//!                                 ─▶ Pressed::follow (plans only: nothing awaits the chat)
//! ```
//!
//! Round trips before the answer: the save alone (with the chat's load, which marks a
//! button's update as seen: 2 for a press; 1 for a refused one). A press on the chat's
//! board while the board is behind asks one more, the chat's outbox due time ("catches up
//! in about 6 s").

use super::Ctx;
use super::chat::Here;
use super::commit::{self, BoardWrite, Saved};
use super::outbox;
use super::schedule;
use super::telegram::TgBot;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::{Action, Actor};
use crate::bot::core::view;
use crate::i18n::Lang;

/// Where a press comes from.
#[derive(Clone, Copy, Debug)]
pub enum Source<'a> {
    /// An inline button under the chat's message `message` (`None`: the message is out of
    /// reach); `id` is Telegram's id of the press (a Start press's goes into the fair dice's
    /// salt). Its board is edited in place as soon as the chat's budget allows.
    Button { message: Option<i32>, id: &'a str },
    /// A tap on the live board's page: its players see the move there at once, so the
    /// chat's board is shared with the saves that follow soon ([`BoardWrite::Coalesced`]).
    Page,
}

/// A press: who pressed what, on a board drawn at `drawn_at` (the table's `seq`).
#[derive(Clone, Debug)]
pub struct Press<'a> {
    pub actor: Actor,
    pub action: Action,
    pub drawn_at: u64,
    /// The language of the answer.
    pub lang: Lang,
    pub source: Source<'a>,
}

/// A press applied (or refused) and its answer, waiting for the caller to send the answer
/// before [`Pressed::follow`].
#[derive(Debug)]
pub struct Pressed {
    /// The save, or why nothing was changed.
    pub result: Result<Saved, Refusal>,
    /// What the press is answered (`None`: silently).
    pub answer: Option<String>,
    presser: i64,
    drawn_at: u64,
    message: Option<i32>,
    board: BoardWrite,
}

/// Apply `press` to the place's table as loaded in `here` and word its answer.
pub async fn press(bot: &TgBot, ctx: &Ctx, here: &Here, press: Press<'_>) -> Pressed {
    let id = match press.source {
        Source::Button { id, .. } => Some(id),
        Source::Page => None,
    };
    let result = commit::act_pressed(
        bot,
        ctx,
        here,
        press.actor.clone(),
        press.action,
        Some(press.drawn_at),
        id,
    )
    .await;
    answered(ctx, here, &press, result).await
}

/// A press refused before it is applied (a button outside a group): answered and followed
/// as any refusal.
pub async fn refused(ctx: &Ctx, here: &Here, press: &Press<'_>, refusal: Refusal) -> Pressed {
    answered(ctx, here, press, Err(refusal)).await
}

async fn answered(
    ctx: &Ctx,
    here: &Here,
    press: &Press<'_>,
    result: Result<Saved, Refusal>,
) -> Pressed {
    let (message, board) = match press.source {
        Source::Button { message, .. } => (message, BoardWrite::Now),
        Source::Page => (None, BoardWrite::Coalesced),
    };
    let answer = match &result {
        Ok(saved) if press.action == Action::Roll => view::press_answer(press.lang, &saved.table),
        Ok(_) => None,
        Err(Refusal::Alert(Alert::Stale)) => {
            Some(stale_answer(ctx, here, press.lang, message, press.drawn_at).await)
        }
        Err(r) => Some(view::refusal(press.lang, *r)),
    };
    Pressed {
        result,
        answer,
        presser: press.actor.id,
        drawn_at: press.drawn_at,
        message,
        board,
    }
}

impl Pressed {
    /// After the answer: the save followed (its board planned), or the refusal's own
    /// follow-up. Only plans; a chat write is never awaited.
    pub async fn follow(self, ctx: &Ctx, here: &Here) {
        match self.result {
            Ok(saved) => commit::follow_with(ctx, here, &saved, self.board).await,
            Err(r @ (Refusal::Reject(_) | Refusal::Alert(Alert::Stale))) => {
                // A player marked absent who presses is back, even when the press is refused
                // (saved and followed).
                let back = commit::welcome_back(ctx, here, self.presser).await;
                if !back
                    && r == Refusal::Alert(Alert::Stale)
                    && let Some(m) = self.message
                {
                    commit::refresh_if_behind(ctx, here, m, self.drawn_at).await;
                }
            }
            Err(Refusal::Alert(Alert::NoGame)) => {
                // The game is gone (Redis lost it, or it expired): the board's buttons would
                // stay dead, so they make way for a "New game".
                if let Some(m) = self.message {
                    let kb = Some(view::new_game_only(here.lang));
                    outbox::buttons(ctx, here.addr.id(), m, kb, outbox::Priority::Reply).await;
                }
            }
            Err(_) => {}
        }
    }
}

/// A press on a board older than the stored game. On the chat's board message itself the
/// board is behind (its write is planned, waiting for the chat's budget, or on its way):
/// say what happened since and when the board catches up (the chat's outbox is due then),
/// never "use the latest", which is nowhere to be seen. On an older message, or the page,
/// the chat's board is the latest one: say so.
async fn stale_answer(
    ctx: &Ctx,
    here: &Here,
    lang: Lang,
    message: Option<i32>,
    drawn_at: u64,
) -> String {
    let on_board = message.is_some_and(|m| here.display().is_some_and(|d| d.message_id == m));
    match here.table() {
        Ok(rec) if on_board && rec.state.seq() != drawn_at => {
            let wait = schedule::catch_up_secs(ctx, here.addr.id()).await;
            view::behind_answer_in(lang, &rec.state, wait)
        }
        _ => view::refusal(lang, Alert::Stale.into()),
    }
}
