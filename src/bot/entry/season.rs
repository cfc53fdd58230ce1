//! `/season` and the season's buttons (Join / Leave / Start under the sign-up, ✋ under a
//! table's lobby). Callback data: `sj:<id>`, `sl:<id>`, `ss:<id>`, `sh:<id>:<week>.<table>`
//! (the season's id: a button of another season is stale).

use std::sync::Arc;

use teloxide::prelude::*;
use tracing::info;

use super::reply::{done, reply};
use super::started::{Started, handled};
use crate::bot::core::season::{SReject, SeasonCmd, SeasonRec, parse_season, week_ends};
use crate::bot::core::table::Actor;
use crate::bot::effects::chat::Here;
use crate::bot::effects::outbox::Priority;
use crate::bot::effects::season::{
    MutErr, create, load, mutate, post, refusal_text, sync_due, tables, texts, wake,
};
use crate::bot::effects::telegram::{TgBot, actor_of, is_admin, is_forum};
use crate::bot::effects::zone::zone_of;
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Msg, SeasonMsg, tr, tr_plain};

/// A season button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonButton {
    Join(u64),
    Leave(u64),
    Start(u64),
    /// ✋ at table `table` of week `week`.
    Here {
        sid: u64,
        week: u8,
        table: usize,
    },
}

/// Decodes a season button's data; `None` for anything else.
#[must_use]
pub fn decode(data: &str) -> Option<SeasonButton> {
    let (tag, arg) = data.split_once(':')?;
    match tag {
        "sj" => arg.parse().ok().map(SeasonButton::Join),
        "sl" => arg.parse().ok().map(SeasonButton::Leave),
        "ss" => arg.parse().ok().map(SeasonButton::Start),
        "sh" => {
            let (sid, at) = arg.split_once(':')?;
            let (w, t) = at.split_once('.')?;
            Some(SeasonButton::Here {
                sid: sid.parse().ok()?,
                week: w.parse().ok()?,
                table: t.parse().ok()?,
            })
        }
        _ => None,
    }
}

async fn manages(bot: &TgBot, here: &Here, s: &SeasonRec, actor: &Actor) -> bool {
    actor.id == s.host || is_admin(bot, here.addr, actor.id).await
}

/// `/season …`.
pub async fn season(
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
    let answer = match parse_season(&args) {
        Err(_) => Some(tr(lang, &Msg::Season(SeasonMsg::Usage))),
        Ok(SeasonCmd::Open(settings)) => open(&ctx, &msg, &here, &actor, settings).await,
        Ok(SeasonCmd::Show) => show(&ctx, &here).await,
        Ok(SeasonCmd::Past) => {
            let zone = zone_of(&ctx, chat).await;
            match crate::bot::effects::season::past(&ctx, chat).await {
                Ok(past) => Some(texts::past_text(lang, &zone, &past)),
                Err(_) => Some(tr_plain(lang, &Msg::AlertTryAgain)),
            }
        }
        Ok(cmd @ (SeasonCmd::Start | SeasonCmd::Cancel)) => match load(&ctx, chat).await {
            Err(_) => Some(tr_plain(lang, &Msg::AlertTryAgain)),
            Ok(None) => Some(refusal_text(lang, &MutErr::Rejected(SReject::NoSeason))),
            Ok(Some(rec)) if !manages(&bot, &here, &rec.state, &actor).await => {
                Some(tr_plain(lang, &Msg::OnlyHost))
            }
            Ok(Some(_)) if cmd == SeasonCmd::Start => start(&ctx, &here, &actor).await,
            Ok(Some(_)) => cancel(&ctx, &here, &actor).await,
        },
    };
    if let Some(text) = answer {
        reply(&ctx, &here, &msg, "season", text).await;
    }
    done(&ctx, started)
}

/// Open a sign-up (recorded, then its message planned); `Some` text to reply when refused.
async fn open(
    ctx: &Ctx,
    msg: &Message,
    here: &Here,
    actor: &Actor,
    settings: crate::season::Settings,
) -> Option<String> {
    let lang = here.lang;
    let chat = here.addr.id();
    let expected = match load(ctx, chat).await {
        Err(_) => return Some(tr_plain(lang, &Msg::AlertTryAgain)),
        Ok(Some(rec)) if rec.state.is_open() => {
            return Some(refusal_text(lang, &MutErr::Rejected(SReject::AlreadyOpen)));
        }
        Ok(Some(rec)) => rec.version,
        Ok(None) => 0,
    };
    let Ok(s) = SeasonRec::open(
        ctx.now_ms(),
        (actor.id, &actor.name),
        settings,
        here.addr.topic(),
        is_forum(&msg.chat),
    ) else {
        return Some(tr(lang, &Msg::Season(SeasonMsg::Usage)));
    };
    match create(ctx, chat, expected, &s).await {
        Ok(true) => {
            info!(
                chat,
                host = actor.id,
                league = settings.fixtures,
                weeks = settings.weeks,
                "season sign-up opened"
            );
            post::signup(ctx, chat, lang, &s).await;
            None
        }
        _ => Some(refusal_text(lang, &MutErr::Rejected(SReject::AlreadyOpen))),
    }
}

/// `/season`: the standings as a picture with one short line (the sign-up while it lasts).
async fn show(ctx: &Ctx, here: &Here) -> Option<String> {
    let lang = here.lang;
    match load(ctx, here.addr.id()).await {
        Err(_) => Some(tr_plain(lang, &Msg::AlertTryAgain)),
        Ok(Some(rec)) if rec.state.season.phase == crate::season::Phase::SignUp => {
            Some(texts::signup_text(lang, &rec.state))
        }
        Ok(Some(rec)) if !rec.state.cancelled => {
            let s = &rec.state;
            let mut caption = teloxide::utils::html::escape(&texts::caption(lang, s));
            if let Some(min) = (s.season.settings.min_games > 1
                && s.season.standings().iter().any(|r| r.rank.is_none()))
            .then_some(s.season.settings.min_games)
            {
                caption.push('\n');
                caption.push_str(&tr(lang, &Msg::Season(SeasonMsg::Unranked { min })));
            }
            let week = s
                .week()
                .unwrap_or_else(|| s.season.settings.weeks.saturating_sub(1));
            post::standings(
                ctx,
                here.addr,
                lang,
                (s, week),
                caption,
                None,
                Priority::Reply,
            )
            .await;
            None
        }
        _ => Some(refusal_text(lang, &MutErr::Rejected(SReject::NoSeason))),
    }
}

/// `/season start` by the host or an admin: week 1 begins.
async fn start(ctx: &Ctx, here: &Here, actor: &Actor) -> Option<String> {
    let lang = here.lang;
    let chat = here.addr.id();
    let zone = zone_of(ctx, chat).await;
    let now = ctx.now_ms();
    let seed = rand::RngCore::next_u64(&mut ctx.rng(chat, now, crate::bot::effects::Stream::Dice));
    let r = mutate(ctx, chat, |s| {
        let ends = week_ends(now, s.season.settings.weeks, |t| {
            zone.offset_min(i64::try_from(t).unwrap_or(i64::MAX))
        });
        s.start(now, seed, ends)
    })
    .await;
    match r {
        Ok((saved, ())) => {
            let s = &saved.state;
            info!(
                chat,
                by = actor.id,
                seed,
                members = s.season.members.len(),
                "season started"
            );
            post::refresh_signup(ctx, chat, lang, s).await;
            post::started(ctx, chat, lang, s, &zone).await;
            sync_due(ctx, chat, s).await;
            wake(ctx, chat);
            None
        }
        Err(e) => Some(refusal_text(lang, &e)),
    }
}

/// `/season cancel` by the host or an admin.
async fn cancel(ctx: &Ctx, here: &Here, actor: &Actor) -> Option<String> {
    let lang = here.lang;
    let chat = here.addr.id();
    match mutate(ctx, chat, SeasonRec::cancel).await {
        Ok((saved, ())) => {
            info!(chat, by = actor.id, "season cancelled");
            post::refresh_signup(ctx, chat, lang, &saved.state).await;
            Some(tr(lang, &Msg::Season(SeasonMsg::Cancelled)))
        }
        Err(e) => Some(refusal_text(lang, &e)),
    }
}

/// A season button.
pub async fn on_button(
    bot: TgBot,
    q: CallbackQuery,
    button: SeasonButton,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let lang = here.lang;
    let chat = here.addr.id();
    let actor = actor_of(&q.from);
    let stale = |s: &SeasonRec, sid: u64| {
        if s.id == sid {
            Ok(())
        } else {
            Err(SReject::Stale)
        }
    };
    let text = match button {
        SeasonButton::Join(sid) | SeasonButton::Leave(sid) => {
            let r = mutate(&ctx, chat, |s| {
                stale(s, sid)?;
                match button {
                    SeasonButton::Join(_) => s.join(actor.id, &actor.name),
                    _ => s.leave(actor.id),
                }
            })
            .await;
            match r {
                Ok((saved, ())) => {
                    post::refresh_signup(&ctx, chat, lang, &saved.state).await;
                    let m = if matches!(button, SeasonButton::Join(_)) {
                        SeasonMsg::Joined
                    } else {
                        SeasonMsg::Left
                    };
                    tr_plain(lang, &Msg::Season(m))
                }
                Err(e) => refusal_text(lang, &e),
            }
        }
        SeasonButton::Start(sid) => match load(&ctx, chat).await {
            Err(_) => tr_plain(lang, &Msg::AlertTryAgain),
            Ok(None) => refusal_text(lang, &MutErr::Rejected(SReject::NoSeason)),
            Ok(Some(rec)) if rec.state.id != sid => {
                refusal_text(lang, &MutErr::Rejected(SReject::Stale))
            }
            Ok(Some(rec)) if !manages(&bot, &here, &rec.state, &actor).await => {
                tr_plain(lang, &Msg::OnlyHost)
            }
            Ok(Some(_)) => start(&ctx, &here, &actor).await.unwrap_or_default(),
        },
        SeasonButton::Here { sid, week, table } => {
            tables::press_here(&ctx, chat, lang, sid, (week, table), actor.id).await
        }
    };
    let text = (!text.is_empty()).then_some(text);
    super::buttons::answer_with(&bot, &ctx.metrics, &here, &q, text).await;
    handled(&ctx, "callback", started);
    Ok(())
}
