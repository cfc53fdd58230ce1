//! `/fair` (how to check a game, three lines) and `/seed PHRASE` (a phrase of the lobby's
//! that goes into the fair dice's salt at the start, see `docs/FAIRNESS.md`).

use std::sync::Arc;

use teloxide::prelude::*;

use super::reply::{done, reply};
use super::started::Started;
use crate::bot::core::table::{MAX_PHRASES, PhraseRefused, clean_phrase};
use crate::bot::effects::chat::Here;
use crate::bot::effects::commit::{self, follow};
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{FairMsg, Msg, tr};

/// `/fair`: how anyone checks a game's dice.
pub async fn fair(msg: Message, here: Here, ctx: Arc<Ctx>, started: Started) -> HandlerResult {
    reply(
        &ctx,
        &here,
        &msg,
        "fair",
        tr(here.lang, &Msg::Fair(FairMsg::Help)),
    )
    .await;
    done(&ctx, started)
}

/// `/seed PHRASE`: the phrase joins the lobby's salt; the lobby's board shows how many
/// phrases it has. Outside a lobby, without a phrase or with the lobby's phrases full: a
/// reply says so and nothing changes.
pub async fn seed(
    msg: Message,
    args: String,
    here: Here,
    ctx: Arc<Ctx>,
    started: Started,
) -> HandlerResult {
    let refused = match here.table() {
        Ok(rec) => match rec.state.add_phrase(&args) {
            Ok(next) => match commit::save(&ctx, &here, rec.version, next).await {
                Ok(saved) => {
                    follow(&ctx, &here, &saved, false).await;
                    let phrase = clean_phrase(&args);
                    let text = tr(here.lang, &Msg::Fair(FairMsg::SeedOk { phrase }));
                    reply(&ctx, &here, &msg, "seed", text).await;
                    return done(&ctx, started);
                }
                Err(r) => {
                    let text = crate::bot::core::view::refusal(here.lang, r);
                    reply(&ctx, &here, &msg, "seed", text).await;
                    return done(&ctx, started);
                }
            },
            Err(e) => e,
        },
        Err(_) => PhraseRefused::NotInLobby,
    };
    let m = match refused {
        PhraseRefused::NotInLobby => FairMsg::SeedNotLobby,
        PhraseRefused::Empty => FairMsg::SeedEmpty,
        PhraseRefused::Full => FairMsg::SeedFull {
            max: MAX_PHRASES as u32,
        },
    };
    reply(&ctx, &here, &msg, "seed", tr(here.lang, &Msg::Fair(m))).await;
    done(&ctx, started)
}

/// `/stats group`: the group's rolls per face over its recorded games, with the verdict.
pub(super) async fn group_stats(ctx: &Ctx, here: &Here, msg: &Message) {
    let text = match crate::bot::effects::stats::group_faces(ctx, here.addr.id()).await {
        Ok(counts) => crate::bot::core::view::fair::group_lines(here.lang, &counts).join("\n"),
        Err(_) => crate::bot::core::view::refusal(
            here.lang,
            crate::bot::core::refusal::Alert::TryAgain.into(),
        ),
    };
    reply(ctx, here, msg, "stats", text).await;
}
