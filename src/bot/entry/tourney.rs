//! `/tournament`, `/bracket` and the tournament's buttons (Join / Leave under the sign-up,
//! Ready under a table's call). Callback data: `tj:<seq>`, `tl:<seq>`, `tr:<round>.<table>`.

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::info;

use super::reply::{done, reply};
use super::started::{Started, handled};
use crate::bot::core::table::Actor;
use crate::bot::core::tourney::{SignedUp, Stage, TReject, Tourney, TourneyCmd, parse_tourney};
use crate::bot::core::view;
use crate::bot::effects::chat::Here;
use crate::bot::effects::outbox::{self, Priority};
use crate::bot::effects::telegram::{TgBot, actor_of, is_admin, is_forum};
use crate::bot::effects::tourney::{
    MutErr, create, load, mutate, pairs, post, refusal_text, sync_due, tables, texts, wake,
};
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Msg, TourneyMsg, tr, tr_plain};
use crate::tournament::TableId;

/// A tournament button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourneyButton {
    Join,
    Leave,
    /// ▶️ Start under the sign-up: `/tournament start` by the host or an admin.
    Start,
    Ready(TableId),
    /// A partner invitation's Confirm (the inviter's id).
    Confirm(i64),
}

/// Decodes a tournament button's data; `None` for anything else.
#[must_use]
pub fn decode(data: &str) -> Option<TourneyButton> {
    let (tag, arg) = data.split_once(':')?;
    match tag {
        "tj" => arg.parse::<u64>().ok().map(|_| TourneyButton::Join),
        "tl" => arg.parse::<u64>().ok().map(|_| TourneyButton::Leave),
        "ts" => arg.parse::<u64>().ok().map(|_| TourneyButton::Start),
        "tp" => arg.parse::<i64>().ok().map(TourneyButton::Confirm),
        "tr" => {
            let (r, t) = arg.split_once('.')?;
            Some(TourneyButton::Ready(TableId {
                round: r.parse().ok()?,
                table: t.parse().ok()?,
            }))
        }
        _ => None,
    }
}

fn signed_up(a: &Actor) -> SignedUp {
    SignedUp {
        id: a.id,
        name: a.name.clone(),
    }
}

async fn manages(bot: &TgBot, here: &Here, t: &Tourney, actor: &Actor) -> bool {
    actor.id == t.host || is_admin(bot, here.addr, actor.id).await
}

/// `/tournament …`.
pub async fn tournament(
    bot: TgBot,
    msg: Message,
    args: String,
    actor: Actor,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let lang = here.lang;
    let chat = here.addr.id();
    let answer = match parse_tourney(&args) {
        Err(_) => Some(tr(lang, &Msg::Tourney(TourneyMsg::Usage))),
        Ok(TourneyCmd::Open(a)) => open(&ctx, &msg, &here, &actor, a).await,
        Ok(TourneyCmd::Partner) => super::tourney_pairs::invite(&ctx, &msg, &here, &actor).await,
        Ok(cmd) => match load(&ctx, chat).await {
            Err(_) => Some(tr_plain(lang, &Msg::AlertTryAgain)),
            Ok(None) => Some(refusal_text(lang, &MutErr::Rejected(TReject::NoTourney))),
            Ok(Some(rec)) if !manages(&bot, &here, &rec.state, &actor).await => {
                Some(tr_plain(lang, &Msg::OnlyHost))
            }
            Ok(Some(_)) => host_command(&ctx, &here, &actor, cmd).await,
        },
    };
    if let Some(text) = answer {
        reply(&ctx, &here, &msg, "tournament", text).await;
    }
    done(&ctx, started)
}

/// Open a sign-up (recorded, then its message planned); `Some` text to reply when refused.
async fn open(
    ctx: &Ctx,
    msg: &Message,
    here: &Here,
    actor: &Actor,
    a: crate::bot::core::tourney::TourneyArgs,
) -> Option<String> {
    let lang = here.lang;
    let chat = here.addr.id();
    let expected = match load(ctx, chat).await {
        Err(_) => return Some(tr_plain(lang, &Msg::AlertTryAgain)),
        Ok(Some(rec)) if rec.state.is_open() => {
            return Some(refusal_text(lang, &MutErr::Rejected(TReject::AlreadyOpen)));
        }
        Ok(Some(rec)) => rec.version,
        Ok(None) => 0,
    };
    let mut t = Tourney::open(&signed_up(actor), a, here.addr.topic(), is_forum(&msg.chat));
    t.id = ctx.now_ms();
    match create(ctx, chat, expected, &t).await {
        Ok(true) => {
            info!(chat, host = actor.id, "tournament sign-up opened");
            post::signup(ctx, chat, lang, &t).await;
            None
        }
        _ => Some(refusal_text(lang, &MutErr::Rejected(TReject::AlreadyOpen))),
    }
}

/// `start`, `cancel`, `advance` by the host or an admin; `Some` text to reply.
async fn host_command(ctx: &Ctx, here: &Here, actor: &Actor, cmd: TourneyCmd) -> Option<String> {
    let lang = here.lang;
    let chat = here.addr.id();
    match cmd {
        TourneyCmd::Open(_) | TourneyCmd::Partner => None,
        TourneyCmd::Replace(n) => match mutate(ctx, chat, |t| t.replace(n)).await {
            Ok((_, name)) => {
                info!(
                    chat,
                    by = actor.id,
                    entrant = n,
                    "tournament entrant replaced by a computer"
                );
                Some(tr(lang, &Msg::Tourney(TourneyMsg::Replaced { name })))
            }
            Err(e) => Some(refusal_text(lang, &e)),
        },
        TourneyCmd::Start => {
            let seed = rand::RngCore::next_u64(&mut ctx.rng(
                chat,
                ctx.now_ms(),
                crate::bot::effects::Stream::Dice,
            ));
            match mutate(ctx, chat, |t| t.draw(seed)).await {
                Ok((saved, pairing)) => {
                    let t = &saved.state;
                    if let Some(id) = t.signup_msg {
                        outbox::strip(ctx, chat, id).await;
                    }
                    let home = texts::home(chat, t);
                    pairs::announce_pairing(ctx, chat, lang, t, &pairing).await;
                    if let Some(tournament) = &t.tournament {
                        info!(
                            chat,
                            seed,
                            entrants = tournament.entrants().len(),
                            "tournament drawn"
                        );
                        // The draw is told in the bracket's caption (its seed: /bracket).
                        let head = view::tourney::drawn_head(lang, tournament);
                        let id = post::post_id(t, "bracket");
                        post::bracket(
                            ctx,
                            home,
                            lang,
                            tournament,
                            Some(head),
                            Some(id),
                            Priority::Notice,
                        )
                        .await;
                    }
                    // The first round's tables are called by the next firing.
                    sync_due(ctx, chat, t).await;
                    wake(ctx, chat);
                    None
                }
                Err(e) => Some(refusal_text(lang, &e)),
            }
        }
        TourneyCmd::Cancel => match mutate(ctx, chat, Tourney::cancel).await {
            Ok((saved, ())) => {
                info!(chat, by = actor.id, "tournament cancelled");
                if let (Stage::Cancelled, Some(id)) = (saved.state.stage, saved.state.signup_msg) {
                    outbox::strip(ctx, chat, id).await;
                }
                // The games of the tables being played are called off with it.
                let open: Vec<TableId> = saved
                    .state
                    .tournament
                    .as_ref()
                    .map(|t| t.open_tables())
                    .unwrap_or_default();
                for at in open {
                    tables::stop_game(ctx, chat, &saved.state, at).await;
                }
                Some(tr(lang, &Msg::Tourney(TourneyMsg::Cancelled)))
            }
            Err(e) => Some(refusal_text(lang, &e)),
        },
        TourneyCmd::Advance {
            table,
            side,
            reason,
        } => {
            let r = mutate(ctx, chat, |t| {
                let tn = t.tournament.as_ref().ok_or(TReject::NotRunning)?;
                let round = tn.current_round().ok_or(TReject::NotRunning)?;
                let at = TableId::new(round, usize::from(table) - 1);
                let slot = tn.table(at).ok_or(TReject::NotRunning)?;
                let winner = *slot
                    .sides
                    .get(usize::from(side) - 1)
                    .ok_or(TReject::NotAtTable)?;
                t.advance(at, winner, &reason)?;
                Ok(at)
            })
            .await;
            match r {
                Ok((saved, at)) => {
                    tables::stop_game(ctx, chat, &saved.state, at).await;
                    info!(chat, by = actor.id, round = at.round, table = at.table, reason = %reason, "tournament table advanced by hand");
                    None
                }
                Err(e) => Some(refusal_text(lang, &e)),
            }
        }
    }
}

/// `/bracket`: the bracket again (PNG and text).
pub async fn bracket(msg: Message, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    let lang = here.lang;
    match load(&ctx, here.addr.id()).await {
        Ok(Some(rec)) if rec.state.tournament.is_some() => {
            if let Some(t) = &rec.state.tournament {
                let head = view::tourney::seed_line(lang, t);
                post::bracket(&ctx, here.addr, lang, t, Some(head), None, Priority::Reply).await;
            }
        }
        Ok(Some(rec)) if rec.state.stage == Stage::SignUp => {
            let text = texts::signup_text(lang, &rec.state);
            reply(&ctx, &here, &msg, "bracket", text).await;
        }
        _ => {
            let text = refusal_text(lang, &MutErr::Rejected(TReject::NoTourney));
            reply(&ctx, &here, &msg, "bracket", text).await;
        }
    }
    done(&ctx, started)
}

/// A tournament button.
pub async fn on_button(
    bot: TgBot,
    q: CallbackQuery,
    button: TourneyButton,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let lang = here.lang;
    let chat = here.addr.id();
    let actor = actor_of(&q.from);
    let text = match button {
        TourneyButton::Join | TourneyButton::Leave => {
            let r = mutate(&ctx, chat, |t| match button {
                TourneyButton::Join => t.join(&signed_up(&actor)),
                _ => t.leave(actor.id),
            })
            .await;
            match r {
                Ok((saved, ())) => {
                    post::refresh_signup(&ctx, chat, lang, &saved.state).await;
                    let m = if button == TourneyButton::Join {
                        TourneyMsg::Joined
                    } else {
                        TourneyMsg::Left
                    };
                    tr_plain(lang, &Msg::Tourney(m))
                }
                Err(e) => refusal_text(lang, &e),
            }
        }
        TourneyButton::Ready(at) => tables::press_ready(&ctx, chat, lang, at, actor.id).await,
        TourneyButton::Start => match load(&ctx, chat).await {
            Err(_) => tr_plain(lang, &Msg::AlertTryAgain),
            Ok(None) => refusal_text(lang, &MutErr::Rejected(TReject::NoTourney)),
            Ok(Some(rec)) if !manages(&bot, &here, &rec.state, &actor).await => {
                tr_plain(lang, &Msg::OnlyHost)
            }
            Ok(Some(_)) => host_command(&ctx, &here, &actor, TourneyCmd::Start)
                .await
                .unwrap_or_default(),
        },
        TourneyButton::Confirm(from) => super::tourney_pairs::confirm(&ctx, &q, &here, from).await,
    };
    let text = (!text.is_empty()).then_some(text);
    super::buttons::answer_with(&bot, &ctx.metrics, &here, &q, text).await;
    if let Ok(Some(rec)) = load(&ctx, chat).await {
        sync_due(&ctx, chat, &rec.state).await;
    }
    handled(&ctx, "callback", started);
    Ok(())
}
