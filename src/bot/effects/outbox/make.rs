//! Making one planned write: the Telegram request(s) it takes, and what the answer means for
//! the outbox. Nothing here waits for Telegram's `retry_after`: a 429 is noted for every
//! replica ([`crate::store::Store::note_retry_after`]) and the write stays planned.

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::MessageId;
use tracing::{info, warn};

use super::{Plan, Priority, REPOST, Receipt, Saved, Slot, Write, media, pace_of, plan, strip};
use crate::bot::core::settings::Display;
use crate::bot::core::table::Stage;
use crate::bot::effects::Ctx;
use crate::bot::effects::botapi;
use crate::bot::effects::chat::{ChatAddr, load_carried};
use crate::bot::effects::display::{self, Board, Rendered};
use crate::bot::effects::inline;
use crate::bot::effects::telegram::{TgBot, chat_gone, kind_of, timed};
use crate::store::{Meta, Versioned};

use super::made::failed;
pub use super::made::{Made, NETWORK_RETRY_MS};

/// Make `w` in `chat`.
pub async fn make(bot: &TgBot, ctx: &Ctx, chat: i64, w: &Write, meta: &Meta) -> Made {
    if crate::store::Place::of_chat(chat).is_inline() && !matches!(w, Write::Board { .. }) {
        // An inline message takes only its board's edits: the bot cannot post, reply or
        // delete in a chat it may not be in.
        info!(chat, "a write to an inline message's place: dropped");
        return Made::DONE;
    }
    let r = match w {
        Write::Board { place, saved } => {
            let made = board(bot, ctx, ChatAddr::from(*place), meta, saved.as_deref()).await;
            if let Made::Done { shown, .. } = &made
                && *shown != u64::MAX
                && meta.planned_ms > 0
            {
                let lag = ctx.now_ms().saturating_sub(meta.planned_ms);
                ctx.metrics.board_lag(std::time::Duration::from_millis(lag));
            }
            return made;
        }
        Write::Animation {
            place,
            game,
            reply_to,
            ..
        } => return media::animation(bot, ctx, *place, game, *reply_to).await,
        Write::Document {
            place,
            game,
            reply_to,
        } => return media::document(bot, ctx, *place, game, *reply_to).await,
        Write::Send {
            place,
            text,
            reply_to,
            keyboard,
            ..
        } => {
            let mut send = botapi::SendMessage::html(ChatAddr::from(*place), text.clone());
            send.reply_parameters = reply_to.map(|to| botapi::send::ReplyTo {
                message_id: to,
                allow_sending_without_reply: true,
            });
            send.reply_markup = keyboard.as_ref().map(botapi::styled);
            timed(&ctx.metrics, send.request(bot))
                .await
                .map(|m| Some(m.message_id))
        }
        Write::Whisper {
            place,
            user,
            reply_to,
            text,
            keyboard,
        } => match botapi::ephemeral::reply(
            bot,
            &ctx.metrics,
            ChatAddr::from(*place),
            botapi::ephemeral::Whisper {
                user: *user,
                reply_to: *reply_to,
                text,
                keyboard: keyboard.as_ref(),
            },
            &ctx.whispers,
            ctx.now_ms(),
        )
        .await
        {
            // Refused: the write stays planned and is taken again (it then goes plain) with
            // a token of the chat's budget of its own, as the refused request used one.
            Ok(botapi::ephemeral::Whispered::Refused) => return Made::Later(ctx.now_ms()),
            Ok(_) => Ok(None),
            Err(e) => Err(e),
        },
        Write::Photo {
            place,
            png,
            caption,
            keyboard,
        } => {
            let addr = ChatAddr::from(*place);
            let mut send =
                botapi::photo::SendPhoto::png(addr, png.clone(), "picture.png", caption.clone());
            send.reply_markup = keyboard.as_ref().map(botapi::styled);
            timed(&ctx.metrics, send.request(bot))
                .await
                .map(|m| Some(m.message_id))
        }
        Write::Edit {
            message_id,
            text,
            keyboard,
        } => {
            let mut edit = botapi::EditMessageText::of_message(chat, *message_id, text.clone());
            edit.reply_markup = keyboard.as_ref().map(botapi::styled);
            timed(&ctx.metrics, edit.request(bot)).await.map(|_| None)
        }
        Write::Markup {
            message_id,
            keyboard,
        } => timed(
            &ctx.metrics,
            botapi::EditMessageReplyMarkup {
                chat_id: chat,
                message_id: *message_id,
                reply_markup: keyboard.as_ref().map(botapi::styled),
            }
            .request(bot),
        )
        .await
        .map(|_| None),
        Write::Delete { message_id, .. } => timed(
            &ctx.metrics,
            bot.delete_message(ChatId(chat), MessageId(*message_id)),
        )
        .await
        .map(|_| Some(*message_id)),
        Write::Topic { name, .. } => timed(
            &ctx.metrics,
            bot.create_forum_topic(ChatId(chat), name.clone()),
        )
        .await
        .map(|t| Some(t.thread_id.0.0)),
    };
    match r {
        Ok(sent) => Made::Done {
            shown: 0,
            receipt: sent.and_then(|id| Receipt::made(chat, w, id)),
        },
        Err(e) => failed(ctx, ChatAddr::new(chat), w, e).await,
    }
}

/// The board of `addr` as stored now: its board message edited in place, or a new one
/// posted (and recorded) when there is none, it cannot be edited, or `/board` asked for a
/// new one (the old loses its buttons, after what comes first). The table `saved` with the
/// write is drawn when it is still the stored version (the game is then not read again);
/// else the stored one.
async fn board(bot: &TgBot, ctx: &Ctx, addr: ChatAddr, meta: &Meta, saved: Option<&Saved>) -> Made {
    let carried = saved.map(|s| Versioned {
        version: s.version,
        state: s.table.clone(),
    });
    let here = load_carried(ctx, addr, None, carried).await;
    let Some(stored) = &here.stored else {
        return Made::Later(ctx.now_ms() + NETWORK_RETRY_MS);
    };
    let Some(rec) = &stored.table else {
        // No table any more: nothing to show.
        return Made::Done {
            shown: u64::MAX,
            receipt: None,
        };
    };
    // The live board's link, with the Mini App configured.
    let live = crate::bot::effects::publish::button_row(ctx, addr.place(), here.lang, &rec.state);
    let inline = addr.place().is_inline();
    // An inline picture board whose URL Telegram could not fetch is shown as emoji instead.
    let as_emoji = |now| {
        let board = Board {
            table: &rec.state,
            lang: here.lang,
            mode: Display::Emoji,
            zone: &here.zone,
        };
        display::render(addr, board, now, live.clone())
    };
    // An inline place draws a picture only when it can be served by URL.
    let mode = if inline && !crate::bot::effects::inline::pictures_served(ctx) {
        Display::Emoji
    } else {
        here.settings.display
    };
    // A picture is drawn off the async workers, a few at once ([`crate::bot::effects::drawing`]):
    // it takes a millisecond or more of CPU. The emoji board (tens of µs) is written here.
    let rendered = if mode == Display::Emoji {
        as_emoji(ctx.now_ms())
    } else {
        let live_row = live.clone();
        let (table, lang, zone, now) = (
            rec.state.clone(),
            here.lang,
            here.zone.clone(),
            ctx.now_ms(),
        );
        let drawn = ctx
            .draw
            .run(move || {
                let board = Board {
                    table: &table,
                    lang,
                    mode,
                    zone: &zone,
                };
                display::render(addr, board, now, live_row)
            })
            .await;
        match drawn {
            Ok(r) => r,
            Err(e) => {
                warn!(chat = addr.id(), error = %e, "board not drawn");
                return Made::Later(ctx.now_ms() + NETWORK_RETRY_MS);
            }
        }
    };
    if inline {
        return inline_board(bot, ctx, addr, &rendered, rec.version, as_emoji).await;
    }
    let current = here.display();
    let repost = meta.flags & REPOST != 0;
    let mut spent = false;
    if let Some(cur) = current.filter(|c| !repost && display::editable(*c, &rendered)) {
        spent = true;
        match display::edit(bot, &ctx.metrics, addr, cur, &rendered).await {
            Ok(()) => {
                return Made::Done {
                    shown: rec.version,
                    receipt: None,
                };
            }
            Err(e) if !repost_after(&e) => {
                return failed(ctx, addr, &Write::board(addr.place()), e).await;
            }
            Err(e) => {
                ctx.metrics.telegram_error(kind_of(&e));
                info!(chat = addr.id(), error = %e, "board edit failed: posting it anew");
                // The old message is not the board any more, whatever comes of the post.
                let _ = ctx.store.clear_display(addr.place()).await;
            }
        }
    }
    if spent {
        // The edit took this write's share of the budget: the post needs one more.
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
    let shown = match display::post(bot, &ctx.metrics, addr, &rendered).await {
        Ok(d) => d,
        Err(e) => {
            return failed(ctx, addr, &Write::board(addr.place()), e).await;
        }
    };
    if let Err(e) = ctx
        .store
        .set_display(addr.place(), &shown, ctx.ttl_for(&rec.state))
        .await
    {
        warn!(chat = addr.id(), error = %e, "could not record the board message");
    }
    if let Some(old) = current.filter(|c| c.message_id != shown.message_id) {
        tidy_old_board(ctx, addr, old, &rendered, here.lang, &rec.state).await;
    }
    // A lobby posted anew: the members who asked are told it opened.
    let receipt = matches!(rec.state.stage(), Stage::Lobby).then(|| Receipt::LobbyPosted {
        addr,
        table: Box::new(rec.state.clone()),
        id: shown.message_id,
        lang: here.lang,
    });
    Made::Done {
        shown: rec.version,
        receipt,
    }
}

/// The board of an inline place: its inline message edited in place (it can be nothing
/// else: no new message can be posted there). A picture whose URL Telegram could not fetch
/// (the public URL misconfigured, or unreachable from Telegram) is shown as the emoji board
/// (`as_emoji`, drawn at the time given) in the same go, so the game stays playable, and the
/// place draws emoji from then on (no request spent on pictures that fail); a message that
/// shows a photo already keeps it, with the status as its caption.
async fn inline_board(
    bot: &TgBot,
    ctx: &Ctx,
    addr: ChatAddr,
    rendered: &Rendered,
    version: u64,
    as_emoji: impl FnOnce(u64) -> Rendered,
) -> Made {
    let place = addr.place();
    let message = match ctx.store.inline_message(place).await {
        Ok(Some(m)) => m,
        Ok(None) => {
            warn!(
                chat = addr.id(),
                "an inline place without its message id: board dropped"
            );
            return Made::Dropped;
        }
        Err(_) => return Made::Later(ctx.now_ms() + NETWORK_RETRY_MS),
    };
    let picture = match inline::keep_picture(ctx, place, version, rendered).await {
        Ok(url) => url,
        Err(e) => {
            warn!(chat = addr.id(), error = %e, "inline picture not kept");
            return Made::Later(ctx.now_ms() + NETWORK_RETRY_MS);
        }
    };
    let kept = picture.is_some();
    let mut edited = inline::edit_board(bot, &ctx.metrics, &message, rendered, picture).await;
    if kept {
        if let Err(e) = ctx.store.drop_picture(place, version).await {
            warn!(chat = addr.id(), error = %e, "inline picture not dropped (its TTL will)");
        }
        if let Err(e) = &edited
            && inline::url_not_fetched(e)
        {
            warn!(chat = addr.id(), error = %e, "inline picture not fetched: emoji from now on");
            if let Err(e) = inline::stop_pictures(ctx, place).await {
                warn!(chat = addr.id(), error = %e, "inline place's board not changed to emoji");
            }
            edited = if message.photo {
                // The photo shown stays; the picture's caption (the status) and buttons are new.
                inline::edit_board(bot, &ctx.metrics, &message, rendered, None).await
            } else {
                inline::edit_board(bot, &ctx.metrics, &message, &as_emoji(ctx.now_ms()), None).await
            };
        }
    }
    match edited {
        Ok(photo) => {
            if photo != message.photo
                && let Err(e) = ctx
                    .store
                    .set_inline_photo(place, photo, ctx.open_ttl_secs)
                    .await
            {
                warn!(chat = addr.id(), error = %e, "inline photo not recorded");
            }
            Made::Done {
                shown: version,
                receipt: None,
            }
        }
        Err(e) => failed(ctx, addr, &Write::board(place), e).await,
    }
}

/// The board moved to a new message: the old one loses its buttons (a text board that a
/// photo replaced says where the board went, naming a tournament's table), after
/// everything more important. The one exception is a game's first board in a picture: the
/// lobby's last edit (no Join / Start) leaves with it, at the board's priority, so the
/// lobby does not offer its buttons for the seconds a busy chat's tidying waits (a press
/// on it meanwhile is told the game started: `Alert::Started`).
async fn tidy_old_board(
    ctx: &Ctx,
    addr: ChatAddr,
    old: crate::bot::effects::chat::DisplayState,
    now: &Rendered,
    lang: crate::i18n::Lang,
    table: &crate::bot::core::table::Table,
) {
    if now.is_photo() && !old.photo {
        let w = Write::Edit {
            message_id: old.message_id,
            text: crate::bot::core::view::board_below(lang, table),
            keyboard: None,
        };
        let priority = if matches!(table.stage(), Stage::Playing(_)) {
            Priority::Board
        } else {
            Priority::Tidy
        };
        plan(
            ctx,
            addr.id(),
            Plan::new(w, Slot::Buttons(old.message_id), priority),
        )
        .await;
    } else {
        strip(ctx, addr.id(), old.message_id).await;
    }
}

/// Is this edit failure one to answer by posting the board anew? Not when the chat is gone
/// or moved, and not when Telegram says "slow down" or is unreachable (a new message would
/// fail the same way).
fn repost_after(e: &RequestError) -> bool {
    !(chat_gone(e)
        || matches!(
            e,
            RequestError::MigrateToChatId(_)
                | RequestError::RetryAfter(_)
                | RequestError::Network(_)
                | RequestError::Io(_)
        ))
}
