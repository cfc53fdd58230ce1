//! The stats commands (`/top`, `/stats`, `/timezone`, `/forgetme`) and the Rematch button.

use std::sync::Arc;

use teloxide::prelude::*;

use super::buttons::answer;
use super::reply::{done, reply, reply_only};
use super::started::{Started, handled};
use crate::bot::core::stats_command::{TopAsk, parse_top, parse_zone};

use crate::bot::core::view::stats::{
    self as stats_view, CardFor, card_text, top_text, tourneys_line, tourneys_won,
};
use crate::bot::effects::chat::Here;
use crate::bot::effects::lobby::open_rematch;
use crate::bot::effects::stats::{
    self as stats_fx, Earned, StatsScope, Top, TopLine, TopTable as Table, zone_of,
};
use crate::bot::effects::telegram::{TgBot, actor_of, is_group};
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Cmd, Msg, StatsMsg, tr};

/// How many lines `/top` lists, settled and apart.
pub const TOP_N: usize = 10;

fn try_again(here: &Here) -> String {
    tr(here.lang, &Msg::AlertTryAgain)
}

/// `/top [all|rating|global]`.
pub async fn top(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let private = !is_group(&msg.chat);
    let caller = msg.from.as_ref().map(|u| actor_of(u).id);
    match parse_top(&args, private) {
        Err(_) => {
            reply(
                &ctx,
                &here,
                &msg,
                "top",
                tr(here.lang, &Msg::BadArgs { cmd: Cmd::Top }),
            )
            .await
        }
        Ok(ask) => {
            let chat = here.addr.id();
            let week = zone_of(&ctx, chat).await.week_of(now_ms(&ctx));
            let (scope, table) = match ask {
                TopAsk::Week => (StatsScope::Chat(chat), Table::Week(week)),
                TopAsk::AllTime => (StatsScope::Chat(chat), Table::AllTime),
                TopAsk::Rating => (StatsScope::Chat(chat), Table::Rating),
                TopAsk::Global => (StatsScope::Global, Table::AllTime),
                TopAsk::GlobalRating => (StatsScope::Global, Table::Rating),
            };
            let text = match stats_fx::top(&ctx, scope, table, TOP_N, TOP_N, caller).await {
                Ok(t) => top_text(here.lang, ask.kind(week), &shown(&t)),
                Err(_) => try_again(&here),
            };
            reply(&ctx, &here, &msg, "top", text).await
        }
    };
    done(&ctx, started)
}

/// The points table as the view takes it.
fn shown(t: &Top) -> stats_view::Top {
    let line = |l: &TopLine| stats_view::TopLine {
        rank: l.rank,
        user: l.user,
        name: l.name.clone(),
        score: l.score,
        games: l.games,
    };
    stats_view::Top {
        top: t.top.iter().map(line).collect(),
        apart: t.apart.iter().map(line).collect(),
        caller: t.caller.as_ref().map(|(l, apart)| (line(l), *apart)),
    }
}

fn now_ms(ctx: &Ctx) -> i64 {
    i64::try_from(ctx.now_ms()).unwrap_or(i64::MAX)
}

/// `/stats`: the caller's card, or, as a reply to someone's message, theirs. In a group the
/// chat's card with this week's points; in private the global card.
pub async fn stats(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    // `/stats group`: the group's dice; any other word is refused.
    match args.trim() {
        "" => {}
        "group" if is_group(&msg.chat) => {
            super::fair::group_stats(&ctx, &here, &msg).await;
            return done(&ctx, started);
        }
        _ => {
            let text = tr(here.lang, &Msg::BadArgs { cmd: Cmd::Stats });
            reply(&ctx, &here, &msg, "stats", text).await;
            return done(&ctx, started);
        }
    }
    let caller = msg.from.as_ref().map(|u| actor_of(u).id);
    let target = msg
        .reply_to_message()
        .and_then(|m| m.from.as_ref())
        .filter(|u| !u.is_bot)
        .or(msg.from.as_ref())
        .map(actor_of);
    match target {
        None => {}
        Some(who) => {
            let chat = here.addr.id();
            let private = !is_group(&msg.chat);
            let week = if private {
                None
            } else {
                Some(zone_of(&ctx, chat).await.week_of(now_ms(&ctx)))
            };
            let text = match stats_fx::player_card(&ctx, chat, who.id, week).await {
                Ok(card) => {
                    let agg = if private { &card.global } else { &card.chat };
                    let name = agg
                        .as_ref()
                        .map(|a| a.name.clone())
                        .filter(|n| !n.is_empty())
                        .unwrap_or(who.name);
                    // The player's place in the all-time points table ("3rd of 7").
                    let scope = if private {
                        StatsScope::Global
                    } else {
                        StatsScope::Chat(chat)
                    };
                    let rank = match stats_fx::top(&ctx, scope, Table::AllTime, 0, 0, Some(who.id))
                        .await
                    {
                        Ok(t) => t
                            .caller
                            .filter(|(_, apart)| !apart)
                            .map(|(l, _)| (l.rank, t.settled_count)),
                        Err(_) => None,
                    };
                    let card_for = CardFor {
                        name: &name,
                        global: private,
                        own: Some(who.id) == caller,
                        week: week.map(|_| card.week_points),
                        rank,
                    };
                    let mut text = card_text(here.lang, &card_for, agg.as_ref());
                    // R10 The tournaments won in this chat (a group's history only).
                    if !private {
                        let history = stats_fx::tourney_history(&ctx, chat).await;
                        let won = tourneys_won(&history, who.id);
                        if let Some(line) = tourneys_line(here.lang, won) {
                            text.push('\n');
                            text.push_str(&line);
                        }
                    }
                    if let Ok(earned) = stats_fx::achievements(&ctx, chat, who.id).await {
                        text.push_str("\n\n");
                        text.push_str(&achievements_of(here.lang, &earned, private));
                    }
                    text
                }
                Err(_) => try_again(&here),
            };
            reply_only(&ctx, &here, &msg, "stats", text).await
        }
    };
    done(&ctx, started)
}

/// The achievements block of `/stats` from what Redis holds.
fn achievements_of(lang: crate::i18n::Lang, e: &Earned, private: bool) -> String {
    use crate::stats::Achievement;
    let read = |codes: &[String]| -> Vec<Achievement> {
        let mut v: Vec<Achievement> = codes
            .iter()
            .filter_map(|c| Achievement::from_code(c))
            .collect();
        v.sort_unstable();
        v
    };
    let (here, anywhere) = (read(&e.here), read(&e.anywhere));
    let holders = |a: Achievement| e.holders.get(a.code()).copied().unwrap_or(0);
    let chat = (!private).then_some((here.as_slice(), &holders as &dyn Fn(Achievement) -> u32));
    stats_view::achievements_text(lang, chat, &anywhere)
}

/// `/timezone [IANA name]`: show or set the chat's time zone for its weekly table.
pub async fn timezone(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let chat = here.addr.id();
    let text = match parse_zone(&args) {
        Err(_) => tr(here.lang, &Msg::BadArgs { cmd: Cmd::Timezone }),
        Ok(None) => {
            let zone = zone_of(&ctx, chat).await;
            let m = StatsMsg::TimezoneIs {
                zone: zone.name().to_owned(),
            };
            tr(here.lang, &Msg::Stats(m))
        }
        Ok(Some(zone)) => match stats_fx::set_zone(&ctx, chat, &zone).await {
            Ok(()) => {
                let m = StatsMsg::TimezoneSet {
                    zone: zone.name().to_owned(),
                };
                tr(here.lang, &Msg::Stats(m))
            }
            Err(_) => try_again(&here),
        },
    };
    reply(&ctx, &here, &msg, "timezone", text).await;
    done(&ctx, started)
}

/// `/forgetme`: in a private chat, remove the caller from every stats table and drop the
/// private chat's settings; in a group, say that it works in private (nothing is removed).
pub async fn forget_me(msg: Message, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    match msg.from.as_ref().map(actor_of) {
        Some(_) if is_group(&msg.chat) => {
            let m = Msg::Stats(StatsMsg::ForgetPrivateOnly);
            reply(&ctx, &here, &msg, "forgetme", tr(here.lang, &m)).await
        }
        Some(who) => forget(&msg, &here, &ctx, who.id).await,
        None => {}
    };
    done(&ctx, started)
}

async fn forget(msg: &Message, here: &Here, ctx: &Ctx, user: i64) {
    let text = match stats_fx::forget_user(ctx, user).await {
        Ok(f) => {
            tracing::info!(
                chats = f.chats,
                history_entries = f.history_entries,
                private_keys = f.private_keys,
                "a user was forgotten"
            );
            tr(here.lang, &Msg::Stats(StatsMsg::ForgetDone))
        }
        Err(_) => try_again(here),
    };
    reply(ctx, here, msg, "forgetme", text).await;
}

/// Rematch under a finished board.
pub async fn on_rematch(
    bot: TgBot,
    q: CallbackQuery,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let result = match super::buttons::pressed_at(&q, &here) {
        Ok(()) => open_rematch(&ctx, &here, &actor_of(&q.from)).await,
        Err(r) => Err(r),
    };
    answer(
        &bot,
        &ctx.metrics,
        &here,
        &q,
        result.as_ref().map(|_| ()).map_err(|r| *r),
    )
    .await;
    handled(&ctx, "callback", started);
    Ok(())
}
