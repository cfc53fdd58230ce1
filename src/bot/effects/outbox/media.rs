//! Making a replay's writes ([`Write::Animation`], [`Write::Document`]): the kept record
//! read when the write is made, the GIF drawn off the async workers a few at once (as a PNG
//! board is, [`crate::bot::effects::drawing`]) and the JSON Lines file written off them, and
//! sent; an animation already posted for the game is replied to
//! instead. The GIF is drawn here rather than planned: a game's animation is hundreds of KB,
//! too much to keep in the outbox's hash, and the record it is drawn from is in Redis
//! already (a few KB).

use teloxide::prelude::*;
use teloxide::types::{InputFile, MessageId, ParseMode, ReplyParameters};
use teloxide::{ApiError, RequestError};
use tracing::{info, warn};

use super::Write;
use super::made::{Made, NETWORK_RETRY_MS, failed};
use super::pace_of;
use super::receipt::Receipt;
use crate::bot::core::replay::{self as rp, jsonl};
use crate::bot::core::replay::{Plan, caption, plan};
use crate::bot::effects::Ctx;
use crate::bot::effects::chat::{ChatAddr, Here, InTopic, load};
use crate::bot::effects::kept::{self, Missing};
use crate::bot::effects::telegram::{TgBot, timed};
use crate::i18n::{Msg, ReplayMsg, tr};
use crate::store::Place;

fn reply_params(to: Option<i32>) -> Option<ReplyParameters> {
    to.map(|m| ReplyParameters::new(MessageId(m)).allow_sending_without_reply())
}

/// Nothing to send: tell why (a reply to the request), or try later when Redis is away.
async fn missing(
    bot: &TgBot,
    ctx: &Ctx,
    here: &Here,
    to: Option<i32>,
    m: Missing,
    w: &Write,
) -> Made {
    match m {
        Missing::Unavailable => Made::Later(ctx.now_ms() + NETWORK_RETRY_MS),
        Missing::Tell(msg) => text(bot, ctx, here, to, &msg, w).await,
    }
}

async fn text(bot: &TgBot, ctx: &Ctx, here: &Here, to: Option<i32>, msg: &Msg, w: &Write) -> Made {
    let addr = here.addr;
    let mut req = bot
        .send_message(addr.chat_id(), tr(here.lang, msg))
        .parse_mode(ParseMode::Html)
        .in_topic(addr);
    if let Some(r) = reply_params(to) {
        req = req.reply_parameters(r);
    }
    match timed(&ctx.metrics, req).await {
        Ok(_) => Made::DONE,
        Err(e) => failed(ctx, addr, w, e).await,
    }
}

/// Game `game`'s animation at `place`: a reply to the one posted before, else drawn and
/// posted (its receipt: [`Receipt::ReplayPosted`], the message id to keep).
pub async fn animation(
    bot: &TgBot,
    ctx: &Ctx,
    place: Place,
    game: &str,
    reply_to: Option<i32>,
) -> Made {
    let addr = ChatAddr::from(place);
    let w = Write::Animation {
        place,
        game: game.to_owned(),
        reply_to,
        then: super::Then::ReplayPosted {
            game: game.to_owned(),
        },
    };
    let here = load(ctx, addr, None).await;
    let (replay, was_posted) = match kept::load(ctx, &here, game).await {
        Ok(k) => k,
        Err(m) => return missing(bot, ctx, &here, reply_to, m, &w).await,
    };
    if let Plan::ReplyTo(m) = plan(was_posted.map(|p| p.message_id)) {
        // Strictly a reply to it: a deleted animation makes the request fail.
        let req = bot
            .send_message(addr.chat_id(), tr(here.lang, &Msg::Replay(ReplayMsg::Here)))
            .parse_mode(ParseMode::Html)
            .in_topic(addr)
            .reply_parameters(ReplyParameters::new(MessageId(m)));
        match timed(&ctx.metrics, req).await {
            Ok(_) => {
                return Made::DONE;
            }
            Err(RequestError::Api(ApiError::MessageToReplyNotFound)) => {
                info!(
                    chat = addr.id(),
                    game, "replay: the posted animation is gone"
                );
                if ctx
                    .store
                    .clear_posted_animation(addr.id(), game)
                    .await
                    .is_err()
                {
                    return Made::Later(ctx.now_ms() + NETWORK_RETRY_MS);
                }
                // The failed reply took this write's share of the budget: the upload
                // needs one more.
                match ctx
                    .store
                    .outbox_take_more(addr.id(), ctx.now_ms(), pace_of(ctx, addr.id()))
                    .await
                {
                    Ok(None) => {}
                    Ok(Some(at)) => return Made::Later(at),
                    Err(_) => return Made::Later(ctx.now_ms() + NETWORK_RETRY_MS),
                }
            }
            Err(e) => return failed(ctx, addr, &w, e).await,
        }
    }
    let lang = here.lang;
    let drawn = ctx
        .draw
        .run(move || {
            let walk = rp::walk(&replay).map_err(|e| e.to_string())?;
            let text = caption(lang, &replay, &walk);
            Ok::<_, String>((rp::gif(&replay, &walk), text))
        })
        .await;
    let (gif, text) = match drawn {
        Ok(Ok(d)) => d,
        Ok(Err(e)) => {
            warn!(chat = addr.id(), game, error = %e, "replay: the record does not replay");
            return self::text(
                bot,
                ctx,
                &here,
                reply_to,
                &Msg::Replay(ReplayMsg::NotKept),
                &w,
            )
            .await;
        }
        Err(e) => {
            warn!(chat = addr.id(), game, error = %e, "replay: drawing failed");
            return Made::Dropped;
        }
    };
    let size = gif.len();
    let file = InputFile::memory(gif).file_name(format!("parxis-{game}.gif"));
    let mut req = bot
        .send_animation(addr.chat_id(), file)
        .caption(text)
        .parse_mode(ParseMode::Html)
        .in_topic(addr);
    if let Some(r) = reply_params(reply_to) {
        req = req.reply_parameters(r);
    }
    match timed(&ctx.metrics, req).await {
        Ok(m) => {
            info!(
                chat = addr.id(),
                game,
                bytes = size,
                message = m.id.0,
                "replay posted"
            );
            Made::Done {
                shown: 0,
                receipt: Receipt::made(addr.id(), &w, m.id.0),
            }
        }
        Err(e) => failed(ctx, addr, &w, e).await,
    }
}

/// Game `game`'s record at `place` as a JSON Lines file.
pub async fn document(
    bot: &TgBot,
    ctx: &Ctx,
    place: Place,
    game: &str,
    reply_to: Option<i32>,
) -> Made {
    let addr = ChatAddr::from(place);
    let w = Write::Document {
        place,
        game: game.to_owned(),
        reply_to,
    };
    let here = load(ctx, addr, None).await;
    let replay = match kept::load(ctx, &here, game).await {
        Ok((r, _)) => r,
        Err(m) => return missing(bot, ctx, &here, reply_to, m, &w).await,
    };
    let lang = here.lang;
    let fair = replay.fair.clone();
    let written = tokio::task::spawn_blocking(move || {
        let walk = rp::walk(&replay).ok()?;
        let steps = u32::try_from(walk.steps.len()).unwrap_or(u32::MAX);
        Some((jsonl::write_in(&replay, &walk, Some(lang)), steps))
    })
    .await;
    let Ok(Some((lines, steps))) = written else {
        warn!(chat = addr.id(), game, "record: the record does not replay");
        return text(
            bot,
            ctx,
            &here,
            reply_to,
            &Msg::Replay(ReplayMsg::NotKept),
            &w,
        )
        .await;
    };
    let mut caption = tr(
        here.lang,
        &Msg::Replay(ReplayMsg::RecordCaption {
            game: game.to_owned(),
            steps,
        }),
    );
    // The commitment beside the seed: the two to compare, without opening the file.
    if let Some(f) = fair {
        caption.push('\n');
        caption.push_str(&crate::bot::core::view::fair::reveal_lines(
            lang,
            &f.commitment,
            &f.seed,
        ));
    }
    let file = InputFile::memory(lines.into_bytes()).file_name(format!("parxis-{game}.jsonl"));
    let mut req = bot
        .send_document(addr.chat_id(), file)
        .caption(caption)
        .parse_mode(ParseMode::Html)
        .in_topic(addr);
    if let Some(r) = reply_params(reply_to) {
        req = req.reply_parameters(r);
    }
    match timed(&ctx.metrics, req).await {
        Ok(_) => Made::DONE,
        Err(e) => failed(ctx, addr, &w, e).await,
    }
}
