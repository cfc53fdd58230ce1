//! Replays in the group: every Telegram request of the feature is here, in
//! [`Replies`]' three functions (`sendAnimation`, `sendDocument`, and a `sendMessage` that
//! replies to the animation already posted or says why there is none), so they can be
//! routed through a chat's outbox as one piece. The decisions are the core's
//! ([`crate::bot::core::replay`]); the GIF and the record are drawn off the async threads.
//!
//! Once per game in a group: the posted animation's message id is kept in the chat's
//! replays hash with the game's record (shared by replicas, kept across restarts); a later
//! request replies to it. Two requests at once: the one holding the place's
//! `replay:<game>` lease uploads, the other says it is on its way.

use std::sync::Arc;

use teloxide::ApiError;
use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{InputFile, MessageId, ParseMode, ReplyParameters};
use tracing::{info, warn};

use super::Ctx;
use super::chat::{Here, InTopic};
use super::telegram::TgBot;
use crate::bot::core::replay::{Plan, caption, plan, table_replay};
use crate::bot::core::table::Replay;
use crate::i18n::{Msg, ReplayMsg, tr};
use crate::replay::{self as rp, jsonl};
use crate::store::PostedAnimation;

/// How long the upload lease of a game's animation lasts (drawing and uploading it takes
/// a second or two).
const LEASE_MS: u64 = 120_000;

/// Which game a request names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// The place's last finished game.
    Last,
    /// A game by its id (a Replay button, or the board a command replies to).
    Game(String),
}

/// What a request did, for the caller (a button answers with a short text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    Posted,
    RepliedToPosted,
    Sent,
    /// Nothing sent: the text to tell (an alert under a button, a reply to a command).
    Told(Msg),
}

/// The Telegram requests of replays, at one place.
struct Replies<'a> {
    bot: &'a TgBot,
    here: &'a Here,
    /// The message the request came from (a command, or the board of a button).
    reply_to: Option<MessageId>,
}

impl Replies<'_> {
    fn reply(&self) -> Option<ReplyParameters> {
        self.reply_to
            .map(|m| ReplyParameters::new(m).allow_sending_without_reply())
    }

    /// `sendAnimation`: the GIF with its caption; the posted message and its file id.
    async fn animation(
        &self,
        gif: Vec<u8>,
        id: &str,
        text: String,
    ) -> Result<Message, RequestError> {
        let file = InputFile::memory(gif).file_name(format!("parxis-{id}.gif"));
        let mut req = self
            .bot
            .send_animation(self.here.addr.chat_id(), file)
            .caption(text)
            .parse_mode(ParseMode::Html)
            .in_topic(self.here.addr);
        if let Some(r) = self.reply() {
            req = req.reply_parameters(r);
        }
        req.into_future().await
    }

    /// `sendDocument`: the record as a JSON Lines file.
    async fn document(&self, lines: String, id: &str, text: String) -> Result<(), RequestError> {
        let file = InputFile::memory(lines.into_bytes()).file_name(format!("parxis-{id}.jsonl"));
        let mut req = self
            .bot
            .send_document(self.here.addr.chat_id(), file)
            .caption(text)
            .parse_mode(ParseMode::Html)
            .in_topic(self.here.addr);
        if let Some(r) = self.reply() {
            req = req.reply_parameters(r);
        }
        req.into_future().await?;
        Ok(())
    }

    /// `sendMessage`: `text` as a reply to `to` (the animation already posted; fails when it
    /// is gone), or to the request's message.
    async fn text(&self, text: String, to: Option<i32>) -> Result<(), RequestError> {
        let mut req = self
            .bot
            .send_message(self.here.addr.chat_id(), text)
            .parse_mode(ParseMode::Html)
            .in_topic(self.here.addr);
        match (to, self.reply()) {
            (Some(m), _) => req = req.reply_parameters(ReplyParameters::new(MessageId(m))),
            (None, Some(r)) => req = req.reply_parameters(r),
            (None, None) => {}
        }
        req.into_future().await?;
        Ok(())
    }
}

/// The id of the game `which` names at this place (`None`: no finished game yet).
async fn resolve(ctx: &Ctx, here: &Here, which: &Which) -> Result<Option<String>, Msg> {
    match which {
        Which::Game(id) => Ok(Some(id.clone())),
        Which::Last => match ctx.store.last_replay_id(here.addr.place()).await {
            Ok(Some(id)) => Ok(Some(id)),
            // Not in the store (yet): the place's own finished table, if it is one.
            Ok(None) => Ok(here
                .table()
                .ok()
                .and_then(|r| crate::bot::core::replay::game_ref(&r.state))
                .map(|g| g.id(here.addr.lane()))),
            Err(e) => {
                warn!(chat = here.addr.id(), error = %e, "replay: store unavailable");
                Err(Msg::Replay(ReplayMsg::Failed))
            }
        },
    }
}

/// Game `id`'s replay and the animation posted for it: from the store, else from the
/// place's own finished table (its recording not done yet).
async fn load(ctx: &Ctx, here: &Here, id: &str) -> Result<(Replay, Option<PostedAnimation>), Msg> {
    let (json, posted) = ctx.store.replay(here.addr.id(), id).await.map_err(|e| {
        warn!(chat = here.addr.id(), game = id, error = %e, "replay: store unavailable");
        Msg::Replay(ReplayMsg::Failed)
    })?;
    let kept = json.and_then(|j| serde_json::from_str::<Replay>(&j).ok());
    let own = || {
        here.table()
            .ok()
            .and_then(|r| table_replay(&r.state, id, here.addr.lane()))
    };
    let replay = kept.or_else(own).ok_or(Msg::Replay(ReplayMsg::NotKept))?;
    Ok((replay, posted))
}

/// Post the animation of the game `which` names, once per game in the group: a later
/// request replies to the animation already posted. `reply_to`: the request's message.
pub async fn post_replay(
    bot: &TgBot,
    ctx: &Arc<Ctx>,
    here: &Here,
    which: Which,
    reply_to: Option<MessageId>,
) -> Done {
    match try_post_replay(bot, ctx, here, &which, reply_to).await {
        Ok(done) => done,
        Err(msg) => Done::Told(msg),
    }
}

async fn try_post_replay(
    bot: &TgBot,
    ctx: &Arc<Ctx>,
    here: &Here,
    which: &Which,
    reply_to: Option<MessageId>,
) -> Result<Done, Msg> {
    let out = Replies {
        bot,
        here,
        reply_to,
    };
    let chat = here.addr.id();
    let id = resolve(ctx, here, which)
        .await?
        .ok_or(Msg::Replay(ReplayMsg::NoGame))?;
    let (replay, posted) = load(ctx, here, &id).await?;
    let lease = format!("replay:{id}");
    let mut got_lease = false;
    if posted.is_none() {
        got_lease = ctx
            .store
            .try_lease_at(here.addr.place(), &lease, &ctx.owner, LEASE_MS)
            .await
            .unwrap_or(false);
    }
    match plan(posted.as_ref().map(|p| p.message_id), got_lease) {
        Plan::ReplyTo(m) => {
            let here_text = tr(here.lang, &Msg::Replay(ReplayMsg::Here));
            match out.text(here_text, Some(m)).await {
                Ok(()) => return Ok(Done::RepliedToPosted),
                Err(RequestError::Api(ApiError::MessageToReplyNotFound)) => {
                    // The animation was deleted: post it again.
                    info!(chat, game = %id, "replay: the posted animation is gone");
                    let _ = ctx.store.clear_posted_animation(chat, &id).await;
                    let took = ctx
                        .store
                        .try_lease_at(here.addr.place(), &lease, &ctx.owner, LEASE_MS)
                        .await
                        .unwrap_or(false);
                    if !took {
                        return Err(Msg::Replay(ReplayMsg::OnItsWay));
                    }
                }
                Err(e) => {
                    warn!(chat, game = %id, error = %e, "replay: reply not sent");
                    return Err(Msg::Replay(ReplayMsg::Failed));
                }
            }
        }
        Plan::OnItsWay => return Err(Msg::Replay(ReplayMsg::OnItsWay)),
        Plan::Upload => {}
    }
    let result = upload(&out, ctx, here, &id, replay).await;
    let _ = ctx
        .store
        .release_lease_at(here.addr.place(), &lease, &ctx.owner)
        .await;
    result
}

/// Draw the GIF (off the async threads), send it, remember the message.
async fn upload(
    out: &Replies<'_>,
    ctx: &Ctx,
    here: &Here,
    id: &str,
    replay: Replay,
) -> Result<Done, Msg> {
    let chat = here.addr.id();
    let lang = here.lang;
    let drawn = tokio::task::spawn_blocking(move || {
        let walk = rp::walk(&replay).map_err(|e| e.to_string())?;
        let text = caption(lang, &replay, &walk);
        Ok::<_, String>((rp::gif(&replay, &walk), text))
    })
    .await;
    let (gif, text) = match drawn {
        Ok(Ok(d)) => d,
        Ok(Err(e)) => {
            warn!(chat, game = id, error = %e, "replay: the record does not replay");
            return Err(Msg::Replay(ReplayMsg::NotKept));
        }
        Err(e) => {
            warn!(chat, game = id, error = %e, "replay: drawing failed");
            return Err(Msg::Replay(ReplayMsg::Failed));
        }
    };
    let size = gif.len();
    let sent = out.animation(gif, id, text).await.map_err(|e| {
        warn!(chat, game = id, error = %e, "replay: animation not sent");
        Msg::Replay(ReplayMsg::Failed)
    })?;
    let posted = PostedAnimation {
        message_id: sent.id.0,
        file_id: sent.animation().map(|a| a.file.id.to_string()),
    };
    info!(
        chat,
        game = id,
        bytes = size,
        message = posted.message_id,
        "replay posted"
    );
    if let Err(e) = ctx.store.set_posted_animation(chat, id, &posted).await {
        warn!(chat, game = id, error = %e, "replay: posted animation not remembered");
    }
    Ok(Done::Posted)
}

/// Send the record of the game `which` names as a JSON Lines file.
pub async fn post_record(
    bot: &TgBot,
    ctx: &Arc<Ctx>,
    here: &Here,
    which: Which,
    reply_to: Option<MessageId>,
) -> Done {
    let out = Replies {
        bot,
        here,
        reply_to,
    };
    let loaded = async {
        let id = resolve(ctx, here, &which)
            .await?
            .ok_or(Msg::Replay(ReplayMsg::NoGame))?;
        let (replay, _) = load(ctx, here, &id).await?;
        Ok::<_, Msg>((id, replay))
    }
    .await;
    let (id, replay) = match loaded {
        Ok(l) => l,
        Err(m) => return Done::Told(m),
    };
    let Ok(walk) = rp::walk(&replay) else {
        return Done::Told(Msg::Replay(ReplayMsg::NotKept));
    };
    let lines = jsonl::write(&replay, &walk);
    let steps = u32::try_from(walk.steps.len()).unwrap_or(u32::MAX);
    let text = tr(
        here.lang,
        &Msg::Replay(ReplayMsg::RecordCaption {
            game: id.clone(),
            steps,
        }),
    );
    match out.document(lines, &id, text).await {
        Ok(()) => Done::Sent,
        Err(e) => {
            warn!(chat = here.addr.id(), game = %id, error = %e, "record not sent");
            Done::Told(Msg::Replay(ReplayMsg::Failed))
        }
    }
}

/// Tell `msg` as a reply to the command (nothing sent for a button: its answer says it).
pub async fn tell(bot: &TgBot, here: &Here, reply_to: Option<MessageId>, msg: &Msg) {
    let out = Replies {
        bot,
        here,
        reply_to,
    };
    if let Err(e) = out.text(tr(here.lang, msg), None).await {
        warn!(chat = here.addr.id(), error = %e, "replay: answer not sent");
    }
}
