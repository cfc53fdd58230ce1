//! What the outbox hands back, applied: the one module that knows both the outbox and the
//! modules that plan in it. The outbox makes a write and returns its [`Receipt`] (a ping's
//! message id, a tournament's post recorded, a lobby posted, a chat gone); here each goes
//! to the module it concerns — [`pings`](super::pings), [`notify`](super::notify),
//! [`lifecycle`](super::lifecycle), the kept replays ([`kept`](super::kept)) and
//! [`tourney`](super::tourney) and [`season`](super::season) — none of which the outbox imports.

use super::Ctx;
use super::outbox::Receipt;
use super::outbox::drain::{Drain, Step};
use super::telegram::TgBot;
use super::{kept, lifecycle, notify, pings, season, tourney};

/// The scheduler's firing of `chat`'s outbox (its lease is held): the writes its budget
/// allows now are made, each one's receipt applied before the next write is taken.
pub async fn drain(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let mut drain = Drain::of(chat);
    while let Step::Took(receipt) = drain.next(bot, ctx).await {
        if let Some(r) = receipt {
            apply(bot, ctx, r).await;
        }
    }
}

/// Tell the module that planned a write what became of it.
pub async fn apply(bot: &TgBot, ctx: &Ctx, receipt: Receipt) {
    match receipt {
        Receipt::Pinged {
            place,
            plan_seq,
            id,
        } => pings::sent(ctx, place, plan_seq, id).await,
        Receipt::PingDeleted { place, id } => pings::deleted(ctx, place, id).await,
        Receipt::ReplayPosted { chat, game, id } => kept::posted(ctx, chat, &game, id).await,
        Receipt::SignupPosted {
            chat,
            tid,
            entrants,
            id,
        } => tourney::sent::signup(ctx, chat, tid, entrants, id).await,
        Receipt::TableTopic {
            chat,
            tid,
            at,
            thread,
        } => tourney::sent::table_topic(ctx, chat, tid, at, thread).await,
        Receipt::CallPosted { chat, tid, at, id } => {
            tourney::sent::call(ctx, chat, tid, at, id).await;
        }
        Receipt::OfferPosted { chat, tid, at, id } => {
            tourney::sent::offer(ctx, chat, tid, at, id).await;
        }
        Receipt::InvitePosted {
            chat,
            tid,
            from,
            to,
            id,
        } => tourney::sent::invite(ctx, chat, tid, from, to, id).await,
        Receipt::LobbyPosted {
            addr,
            table,
            id,
            lang,
        } => notify::lobby_posted(bot, ctx, addr, &table, id, lang).await,
        Receipt::SeasonSignupPosted {
            chat,
            sid,
            members,
            id,
        } => season::sent::signup(ctx, chat, sid, members, id).await,
        Receipt::SeasonTopic {
            chat,
            sid,
            week,
            table,
            thread,
        } => season::sent::topic(ctx, chat, sid, week, table, thread).await,
        Receipt::SeasonLobbyPosted {
            chat,
            sid,
            week,
            table,
            id,
        } => season::sent::lobby(ctx, chat, sid, week, table, id).await,
        Receipt::Blocked { user } => notify::refused(ctx, user).await,
        Receipt::ChatGone { addr } => lifecycle::end_chat(ctx, addr).await,
        Receipt::Migrated { from, to } => lifecycle::move_chat(ctx, from, to).await,
    }
}
