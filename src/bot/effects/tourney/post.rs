//! What a tournament posts where it was opened, planned in the chat's outbox with an id
//! each (a post planned again after a crash is made once): the sign-up message, the draw,
//! the bracket (PNG and text), each table's result and the champion.

use teloxide::utils::html::escape;
use tracing::warn;

use super::super::chat::ChatAddr;
use super::super::outbox::{self, Plan, Priority, Slot, Then, Write};
use super::Ctx;
use super::texts::{home, labels, result_line, signup_keyboard, signup_text};
use crate::bot::core::tourney::Tourney;
use crate::i18n::{Lang, Msg, TourneyMsg, tr};
use crate::render::image::bracket as picture;
use crate::tournament::{TableId, TableResult, Tournament, bracket_text, text_name};

/// Telegram's longest photo caption, characters.
const CAPTION_MAX: usize = 1024;

fn m(t: TourneyMsg) -> Msg {
    Msg::Tourney(t)
}

/// The id of post `what` of tournament `t`.
#[must_use]
pub fn post_id(t: &Tourney, what: &str) -> String {
    format!("t{}:{what}", t.post_key())
}

/// Plan the sign-up message of `t` (its id recorded once posted, [`super::sent`]).
pub async fn signup(ctx: &Ctx, chat: i64, lang: Lang, t: &Tourney) {
    let addr = home(chat, t);
    let id = post_id(t, "signup");
    let w = Write::Send {
        place: addr.place(),
        text: signup_text(lang, t),
        reply_to: None,
        keyboard: Some(signup_keyboard(lang, t)),
        then: Some(Then::Signup {
            tid: t.id,
            entrants: u32::try_from(t.signup.len()).unwrap_or(u32::MAX),
        }),
    };
    outbox::plan(ctx, chat, Plan::post(w, id, Priority::Reply)).await;
}

/// Plan the sign-up message brought up to date (its entrants and buttons); a newer update
/// supersedes one not made yet.
pub async fn refresh_signup(ctx: &Ctx, chat: i64, lang: Lang, t: &Tourney) {
    let Some(id) = t.signup_msg else { return };
    let (text, keyboard) = (signup_text(lang, t), Some(signup_keyboard(lang, t)));
    outbox::edit(ctx, chat, id, text, keyboard, Priority::Notice).await;
}

/// Plan the bracket as a PNG with its text as caption, under `head` (HTML) when given; a
/// text too long for a caption follows as a message of its own. `id`: planned once per id
/// (`None`: every time, `/bracket`).
pub async fn bracket(
    ctx: &Ctx,
    addr: ChatAddr,
    lang: Lang,
    t: &Tournament,
    head: Option<String>,
    id: Option<String>,
    priority: Priority,
) {
    let labels = labels(lang, t);
    let text = escape(&bracket_text(t, &labels));
    // Drawn off the async workers, as boards are: a large bracket takes a while to paint.
    let png = {
        let (t, labels) = (t.clone(), labels.clone());
        match ctx.draw.run(move || picture::png(&t, &labels)).await {
            Ok(png) => png,
            Err(e) => {
                warn!(chat = addr.id(), error = %e, "bracket picture not drawn");
                return;
            }
        }
    };
    let mut caption = head.unwrap_or_default();
    let fits = caption.chars().count() + text.chars().count() + 2 <= CAPTION_MAX;
    if fits {
        if !caption.is_empty() {
            caption.push_str("\n\n");
        }
        caption.push_str(&text);
    }
    let w = Write::Photo {
        place: addr.place(),
        png,
        caption,
        keyboard: None,
    };
    let slot = id
        .clone()
        .map_or_else(|| Slot::Bracket(addr.place()), Slot::Post);
    let mut p = Plan::new(w, slot.clone(), priority);
    if let Some(id) = &id {
        p = p.once(id.clone());
    }
    outbox::plan(ctx, addr.id(), p).await;
    if !fits {
        let w = Write::Send {
            place: addr.place(),
            text,
            reply_to: None,
            keyboard: None,
            then: None,
        };
        let mut p = Plan::new(w, Slot::Text(Box::new(slot)), priority);
        if let Some(id) = id {
            p = p.once(format!("{id}:text"));
        }
        outbox::plan(ctx, addr.id(), p).await;
    }
}

/// After table `at` of `t` was decided: its result with the updated bracket; the
/// champion's announcement with the whole bracket when it was the final.
pub async fn decided(ctx: &Ctx, chat: i64, lang: Lang, t: &Tourney, at: TableId) {
    let Some(tn) = &t.tournament else { return };
    let addr = home(chat, t);
    let line = result_line(lang, tn, at);
    let key = format!("{}.{}", at.round, at.table);
    match tn.champion() {
        Some(c) => {
            // The Final's "goes through" would come just before "champion": only a roll-off
            // or the host's decision is told, in the champion's caption.
            let how = line.filter(|_| {
                tn.table(at)
                    .is_some_and(|s| !matches!(s.result, TableResult::Winner(_)))
            });
            let champion = tr(
                lang,
                &m(TourneyMsg::Champion {
                    name: text_name(tn, Some(c)).to_owned(),
                }),
            );
            let head = how.map_or_else(|| champion.clone(), |how| format!("{how}\n{champion}"));
            let id = post_id(t, "champion");
            bracket(ctx, addr, lang, tn, Some(head), Some(id), Priority::Post).await;
        }
        None => {
            let id = post_id(t, &format!("bracket:{key}"));
            bracket(ctx, addr, lang, tn, line, Some(id), Priority::Post).await;
        }
    }
}
