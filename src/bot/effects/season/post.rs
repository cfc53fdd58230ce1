//! What a season posts where it was opened, planned in the chat's outbox with an id each (a
//! post planned again after a crash is made once): the sign-up message, the start, the
//! standings as a picture, the reminder, the week's recap and the champion's trophy.

use tracing::warn;

use super::super::chat::ChatAddr;
use super::super::outbox::{self, Plan, Priority, Slot, Then, Write, say_once};
use super::Ctx;
use super::texts::{self, home};
use crate::bot::core::season::SeasonRec;
use crate::i18n::{Lang, Msg, SeasonMsg, tr_plain};
use crate::render::image::{standings, trophy};
use crate::stats::ChatZone;
use crate::store::{StatsScope, Table as TopTable};

/// Plan the sign-up message (its id recorded once posted, [`super::sent`]).
pub async fn signup(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec) {
    let w = Write::Send {
        place: home(chat, s).place(),
        text: texts::signup_text(lang, s),
        reply_to: None,
        keyboard: Some(texts::signup_keyboard(lang, s)),
        then: Some(Then::SeasonSignup {
            sid: s.id,
            members: u32::try_from(s.season.members.len()).unwrap_or(u32::MAX),
        }),
    };
    outbox::plan(
        ctx,
        chat,
        Plan::post(w, s.post_id("signup"), Priority::Reply),
    )
    .await;
}

/// Plan the sign-up message brought up to date; a newer update supersedes one not made.
pub async fn refresh_signup(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec) {
    let Some(id) = s.signup_msg else { return };
    let keyboard = s
        .season
        .phase
        .eq(&crate::season::Phase::SignUp)
        .then(|| texts::signup_keyboard(lang, s));
    let text = texts::signup_text(lang, s);
    outbox::edit(ctx, chat, id, text, keyboard, Priority::Notice).await;
}

/// Week 1 begins: when it ends (once).
pub async fn started(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec, zone: &ChatZone) {
    let text = texts::started_text(lang, s, zone);
    say_once(
        ctx,
        home(chat, s),
        s.post_id("started"),
        Priority::Notice,
        text,
    )
    .await;
}

/// The members' chat ratings (one round trip); empty when Redis cannot say.
async fn ratings(ctx: &Ctx, chat: i64) -> std::collections::HashMap<i64, i32> {
    match ctx
        .store
        .top(
            StatsScope::Chat(chat),
            TopTable::Rating,
            crate::season::fixtures::MAX_MEMBERS,
            crate::season::fixtures::MAX_MEMBERS,
            None,
        )
        .await
    {
        Ok(top) => top
            .top
            .iter()
            .chain(&top.apart)
            .filter_map(|l| Some((l.user, i32::try_from(l.score).ok()?)))
            .collect(),
        Err(e) => {
            warn!(chat, error = %e, "ratings unavailable: the standings show none");
            std::collections::HashMap::new()
        }
    }
}

/// The standings as a picture, with the moves since before week `week`, and `caption`
/// (HTML) at `addr`; `id`: planned once per id
/// (`None`: every time, `/season`).
pub async fn standings(
    ctx: &Ctx,
    addr: ChatAddr,
    lang: Lang,
    (s, week): (&SeasonRec, u8),
    caption: String,
    id: Option<String>,
    priority: Priority,
) {
    let chat = addr.id();
    let ratings = ratings(ctx, chat).await;
    let sheet = texts::sheet(lang, s, week, &|user| ratings.get(&user).copied());
    let slot = id.map_or_else(|| Slot::Standings(addr.place()), Slot::Post);
    photo(
        ctx,
        addr,
        move || standings::png(&sheet),
        caption,
        (slot, priority),
    )
    .await;
}

/// Plan a picture drawn by `draw` (off the async workers) with `caption` (HTML) at `addr`,
/// in `slot` (a post's slot: once per its id).
async fn photo(
    ctx: &Ctx,
    addr: ChatAddr,
    draw: impl FnOnce() -> Vec<u8> + Send + 'static,
    caption: String,
    (slot, priority): (Slot, Priority),
) {
    let png = match tokio::task::spawn_blocking(draw).await {
        Ok(png) => png,
        Err(e) => {
            warn!(chat = addr.id(), error = %e, "season picture not drawn");
            return;
        }
    };
    let w = Write::Photo {
        place: addr.place(),
        png,
        caption,
        keyboard: None,
    };
    let mut p = Plan::new(w, slot.clone(), priority);
    if let Slot::Post(id) = slot {
        p = p.once(id);
    }
    outbox::plan(ctx, addr.id(), p).await;
}

/// Two days before week `week`'s end: the tables still to play, their players mentioned
/// (nothing when all were played).
pub async fn reminder(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec, week: u8, zone: &ChatZone) {
    if let Some(text) = texts::reminder_text(lang, s, week, zone) {
        let id = s.post_id(&format!("remind:{week}"));
        say_once(ctx, home(chat, s), id, Priority::Post, text).await;
    }
}

/// Week `week` ended: the standings picture under the recap.
pub async fn recap(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec, week: u8) {
    let caption = texts::recap_text(lang, s, week);
    let id = s.post_id(&format!("recap:{week}"));
    standings(
        ctx,
        home(chat, s),
        lang,
        (s, week),
        caption,
        Some(id),
        Priority::Post,
    )
    .await;
}

/// The season is over: the trophy with the champion's message.
pub async fn champion(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec) {
    let league = s.season.settings.fixtures;
    let names: Vec<String> = s
        .season
        .champions()
        .iter()
        .filter_map(|&c| s.season.members.get(c))
        .map(|m| m.name.clone())
        .collect();
    let caption = texts::champion_text(lang, s);
    let addr = home(chat, s);
    if names.is_empty() {
        say_once(ctx, addr, s.post_id("champion"), Priority::Post, caption).await;
        return;
    }
    let cup = trophy::Trophy {
        title: tr_plain(lang, &Msg::Season(SeasonMsg::TrophyTitle { league })),
        names,
        line: texts::caption(lang, s),
    };
    let slot = Slot::Post(s.post_id("champion"));
    photo(
        ctx,
        addr,
        move || trophy::png(&cup),
        caption,
        (slot, Priority::Post),
    )
    .await;
}
