//! A pairs tournament's sign-up: `/tournament partner` (replying to the partner's message)
//! invites them, their 🤝 Confirm button (`tp:<inviter id>`) makes the pair.

use teloxide::prelude::*;
use tracing::info;

use crate::bot::core::table::Actor;
use crate::bot::core::tourney::SignedUp;
use crate::bot::effects::Ctx;
use crate::bot::effects::chat::{ChatAddr, Here};
use crate::bot::effects::telegram::actor_of;
use crate::bot::effects::tourney::{mutate, pairs, post, refusal_text};
use crate::i18n::{Msg, PairsMsg, tr_plain};

fn signed_up(a: &Actor) -> SignedUp {
    SignedUp {
        id: a.id,
        name: a.name.clone(),
    }
}

/// `/tournament partner`: `actor` invites the author of the message replied to. `Some`
/// text to reply when refused.
pub async fn invite(ctx: &Ctx, msg: &Message, here: &Here, actor: &Actor) -> Option<String> {
    let lang = here.lang;
    let chat = here.addr.id();
    let Some(to) = msg
        .reply_to_message()
        .and_then(|r| r.from.as_ref())
        .filter(|u| !u.is_bot)
        .map(actor_of)
    else {
        return Some(tr_plain(lang, &Msg::Pairs(PairsMsg::HowTo)));
    };
    match mutate(ctx, chat, |t| t.invite(&signed_up(actor), to.id)).await {
        Ok((saved, ())) => {
            info!(
                chat,
                from = actor.id,
                to = to.id,
                "tournament partner invited"
            );
            post::refresh_signup(ctx, chat, lang, &saved.state).await;
            let (from, to) = ((actor.id, actor.name.as_str()), (to.id, to.name.as_str()));
            pairs::post_invite(ctx, here.addr, lang, &saved.state, from, to).await;
            None
        }
        Err(e) => Some(refusal_text(lang, &e)),
    }
}

/// The 🤝 Confirm button of `from`'s invitation, pressed; the alert's text.
pub async fn confirm(ctx: &Ctx, q: &CallbackQuery, here: &Here, from: i64) -> String {
    let lang = here.lang;
    let chat = here.addr.id();
    let actor = actor_of(&q.from);
    match mutate(ctx, chat, |t| t.confirm(&signed_up(&actor), from)).await {
        Ok((saved, ())) => {
            let t = &saved.state;
            let partner = t
                .signup
                .iter()
                .find(|s| s.id == from)
                .map_or(String::new(), |s| s.name.clone());
            info!(chat, from, to = actor.id, "tournament pair made");
            post::refresh_signup(ctx, chat, lang, t).await;
            if let Some(m) = q.regular_message() {
                let addr: ChatAddr = here.addr;
                let name = format!("{partner} & {}", actor.name);
                pairs::invite_done(ctx, addr, m.id, lang, &name).await;
            }
            tr_plain(lang, &Msg::Pairs(PairsMsg::Paired { name: partner }))
        }
        Err(e) => refusal_text(lang, &e),
    }
}
