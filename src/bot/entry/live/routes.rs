//! The live board's routes, under the path of `PARXIS_MINIAPP_URL` (`/live` below):
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /live` | the page (strict Content-Security-Policy) |
//! | `GET /live/app.js`, `/live/app.css` | its script and style |
//! | `GET /live/board/{4,6,8}` | the printed board of that size, SVG |
//! | `GET /live/api/live` | Server-Sent Events: `hello` (the page's texts), then `state` (a [`Frame`]) per saved version, the stored game first, and `you` (the viewer's colour) when it changes |
//! | `POST /live/api/act` | a tap: `{"seq":N,"do":"roll"}` or `{"seq":N,"do":"move","index":i,"from":f,"to":t}`; or a chat button the frame offered (lobby, New game, Rematch): `{"seq":N,"do":"button","data":"<its callback data>"}` |
//! | `GET /live/api/replay` | the place's finished game as the page replays it ([`replay_json`]); `?game=<id>`: one of the group's kept games |
//! | `GET /live/api/replays` | the group's last kept games, newest first ([`replays_list_json`]) |
//! | `GET /live/api/season` | the chat's season: settings, week, standings, the viewer's next table ([`season_json`]); `{"season":false,…}` when it has none |
//! | `GET /live/pic/<id>/<n>.png` | picture `n` of an inline game's board, for Telegram to fetch ([`super::picture`]) |
//!
//! Both requests carry `Authorization: tma <initData>`, checked before anything else (a tap's
//! body is read only then, at most [`TAP_BODY_MAX`] bytes within [`TAP_BODY_TIMEOUT`]): a
//! missing, forged or changed one gets 401 (429 once an address has failed too often; the
//! failures are logged as a count every 10 s), one older than a day 401 too (a text that
//! says to open the page again), a user or address past its limit 429 with `Retry-After`
//! (the limits are kept in Redis, shared by the replicas), an id that names no game (made
//! up, or of a place with none) 404, a store that cannot be read 503 with `Retry-After`.
//!
//! A stream is for the group: a viewer who does not sit at the table must be a member of the
//! group (`getChatMember`, cached, see [`member`]): else 403, or 503 while Telegram does not
//! answer. An inline game has no group: its stream is for whoever holds its link. Streams are capped per user, per address (429) and per replica (503), both with
//! `Retry-After`; each ends after `PARXIS_LIVE_STREAM_SECS` or when its `initData` passes
//! its accepted age, and when the replica stops, with a `bye` event (`retry_ms`: when to
//! reconnect), so membership is checked again on the reconnect. A tap is
//! the chat's button: one [`press::press`] (the pure `Table::step` and the compare-and-set
//! save, with the same refusals: not your turn, stale, game over, shown in the page), then,
//! after the answer, [`press::Pressed::follow`] with the board's write coalesced: it only
//! plans (the viewers told, the board in the chat's outbox), nothing awaits the chat.
//!
//! A button tap carries the chat button's own callback data, decoded as the chat's press
//! and played by the same code: a lobby action through [`press::press`], "New game" and
//! Rematch through [`lobby`]. Someone not seated at the table must be a member of the group
//! for these (as for a stream), so a forwarded link lets nobody else in.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{broadcast, watch};
use tracing::{debug, info};

use super::page;
use crate::bot::core::callback::{self, Button};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::{Action, Actor, MoveKey};
use crate::bot::core::view;
use crate::bot::core::view::live::{Frame, replay_json, replay_json_of, replays_list_json};
use crate::bot::core::view::live_season::{no_season_json, season_json};
use crate::bot::effects::chat::{self, ChatAddr};
use crate::bot::effects::live::auth::{AuthError, InitData, MAX_AGE_SECS};
use crate::bot::effects::live::hub::Seat;
use crate::bot::effects::live::{Full, Live, Place, StreamSlot};
use crate::bot::effects::live_season::{self, Seen};
use crate::bot::effects::press::{self, Press, Source};
use crate::bot::effects::{Ctx, TgBot};
use crate::bot::effects::{kept, lobby, member};
use crate::engine::{Arms, Colour};
use crate::i18n::{Lang, LiveMsg, Msg, tr_plain};
use crate::render::image;

#[derive(Clone)]
struct AppState {
    live: Arc<Live>,
    bot: TgBot,
    ctx: Arc<Ctx>,
}

/// The live board's routes, to merge into the bot's HTTP router
/// ([`crate::ops::http::router_with_apps`]).
pub fn router(live: Arc<Live>, bot: TgBot, ctx: Arc<Ctx>) -> Router {
    let p = live.app.path().to_owned();
    // Every answer of the API, refusals of any kind included (a body too large, bad JSON,
    // a timeout), carries the page's headers: one layer sets whatever a handler left out.
    let api = Router::new()
        .route(&format!("{p}/api/live"), get(stream))
        .route(&format!("{p}/api/act"), post(act))
        .route(&format!("{p}/api/replay"), get(replay))
        .route(&format!("{p}/api/replays"), get(replays))
        .route(&format!("{p}/api/season"), get(season))
        .layer(axum::middleware::map_response(with_security_headers));
    Router::new()
        .route(&p, get(index))
        .route(&format!("{p}/"), get(index))
        .route(&format!("{p}/app.js"), get(script))
        .route(&format!("{p}/app.css"), get(style))
        .route(&format!("{p}/board/{{arms}}"), get(board))
        .merge(api)
        .with_state(AppState {
            live: live.clone(),
            bot,
            ctx: ctx.clone(),
        })
        .merge(super::picture::router(&p, live, ctx))
}

/// Sets [`page::security_headers`] on `response` where it has none of its own.
async fn with_security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in page::security_headers() {
        headers.entry(name).or_insert(value);
    }
    response
}

async fn index(State(s): State<AppState>) -> Response {
    (
        page::security_headers(),
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page::index(s.live.app.path()),
    )
        .into_response()
}

async fn script() -> Response {
    (
        page::security_headers(),
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        page::SCRIPT,
    )
        .into_response()
}

async fn style() -> Response {
    (
        page::security_headers(),
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        page::style(),
    )
        .into_response()
}

async fn board(Path(arms): Path<String>) -> Response {
    let arms = match arms.as_str() {
        "4" => Arms::Four,
        "6" => Arms::Six,
        "8" => Arms::Eight,
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        image::board_svg(arms),
    )
        .into_response()
}

/// A tap's largest body (`{"seq":…,"do":"move","index":…,"from":…,"to":…}` is ~60 bytes).
pub const TAP_BODY_MAX: usize = 512;
/// A tap's body must arrive within this.
pub const TAP_BODY_TIMEOUT: Duration = Duration::from_secs(5);

/// The client's address (from the server's connection; unspecified when served otherwise).
struct Peer(IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Self(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip()),
        ))
    }
}

/// A refusal before anything is done, in the language the data names (trusted for nothing
/// else: a forged one only picks the language of its own refusal).
fn refused(status: StatusCode, lang: Lang, msg: LiveMsg) -> Response {
    refused_for(status, lang, msg, None)
}

/// [`refused`], saying when to try again (`Retry-After`, seconds; and `retry_ms` in the body).
fn refused_for(status: StatusCode, lang: Lang, msg: LiveMsg, retry: Option<Duration>) -> Response {
    let text = tr_plain(lang, &Msg::Live(msg));
    let retry_ms = retry.map(|r| u64::try_from(r.as_millis()).unwrap_or(u64::MAX));
    let mut response = (
        status,
        page::security_headers(),
        axum::Json(json!({ "ok": false, "error": text, "retry_ms": retry_ms })),
    )
        .into_response();
    if let Some(r) = retry {
        let secs = r.as_secs() + u64::from(r.subsec_nanos() > 0);
        if let Ok(v) = header::HeaderValue::from_str(&secs.max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, v);
        }
    }
    response
}

fn claimed_lang(raw: &str, fallback: Lang) -> Lang {
    url::form_urlencoded::parse(raw.as_bytes())
        .find(|(k, _)| k == "user")
        .and_then(|(_, v)| serde_json::from_str::<serde_json::Value>(&v).ok())
        .and_then(|u| Lang::from_telegram(u["language_code"].as_str()))
        .unwrap_or(fallback)
}

/// Who asks, and for which game: checked `initData`, within the user's limit, naming a place.
struct Asker {
    data: InitData,
    place: Place,
}

impl Asker {
    /// The page's language: the chat's (a Valencian group reads Valencian whatever its
    /// phones say), the viewer's own only where the chat has none yet, else the default.
    fn lang(&self, here: &chat::Here) -> Lang {
        here.settings
            .lang
            .or_else(|| Lang::from_telegram(self.data.user.language_code.as_deref()))
            .unwrap_or(here.lang)
    }

    /// [`Asker::lang`] before the chat is read: its language as this replica last read it.
    fn lang_known(&self, s: &AppState) -> Lang {
        s.ctx
            .langs
            .get(self.place.chat)
            .or_else(|| Lang::from_telegram(self.data.user.language_code.as_deref()))
            .unwrap_or(s.ctx.default_lang)
    }
}

/// Why a request is refused before anything is done.
struct Denied {
    status: StatusCode,
    lang: Lang,
    msg: LiveMsg,
    retry: Option<Duration>,
}

impl IntoResponse for Denied {
    fn into_response(self) -> Response {
        refused_for(self.status, self.lang, self.msg, self.retry)
    }
}

async fn authorize(s: &AppState, headers: &HeaderMap, addr: IpAddr) -> Result<Asker, Denied> {
    let raw = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("tma "))
        .unwrap_or_default();
    let lang = claimed_lang(raw, s.ctx.default_lang);
    let now = s.ctx.now_ms() / 1000;
    let data = match InitData::verify(raw, s.live.secret(), now) {
        Ok(d) => d,
        Err(e) => {
            debug!(error = %e, "live board: initData refused");
            // Counted (a line per period), and held back per address past a few a minute.
            if !s.live.note_failed(addr) {
                return Err(Denied {
                    status: StatusCode::TOO_MANY_REQUESTS,
                    lang,
                    msg: LiveMsg::TooMany,
                    retry: Some(Duration::from_secs(10)),
                });
            }
            let msg = if e == AuthError::Expired {
                LiveMsg::Expired
            } else {
                LiveMsg::OpenFromChat
            };
            return Err(Denied {
                status: StatusCode::UNAUTHORIZED,
                lang,
                msg,
                retry: None,
            });
        }
    };
    if let Err(wait_ms) = s.live.allow(data.user.id, addr).await {
        return Err(Denied {
            status: StatusCode::TOO_MANY_REQUESTS,
            lang,
            msg: LiveMsg::TooMany,
            retry: Some(Duration::from_millis(wait_ms)),
        });
    }
    let place = data
        .start_param
        .as_deref()
        .and_then(|id| s.live.place_of(id))
        .filter(|p| p.chat < 0);
    let Some(place) = place else {
        return Err(Denied {
            status: StatusCode::NOT_FOUND,
            lang,
            msg: LiveMsg::NoGame,
            retry: None,
        });
    };
    Ok(Asker { data, place })
}

/// Is `user`, who does not sit at the place's table, a member of its group? Else the
/// answer: 403, or 503 while Telegram does not say. An inline game has no group to ask: its
/// link (sealed, naming that inline message's place alone) is what lets a viewer in.
async fn member_of_group(
    s: &AppState,
    place: Place,
    user: i64,
    lang: Lang,
) -> Result<(), Response> {
    if place.is_inline() {
        return Ok(());
    }
    let cache = s.live.limits().member_cache_secs;
    match member::is_member(&s.bot, &s.ctx, place.chat, user, cache).await {
        Ok(true) => Ok(()),
        Ok(false) => {
            info!(chat = place.chat, user, "live board: not a member");
            Err(refused(StatusCode::FORBIDDEN, lang, LiveMsg::MembersOnly))
        }
        Err(_) => Err(refused_for(
            StatusCode::SERVICE_UNAVAILABLE,
            lang,
            LiveMsg::Unavailable,
            Some(Duration::from_secs(5)),
        )),
    }
}

/// What the viewer's page says of them: their colour, or that they watch.
fn you_event(lang: Lang, seat: (Option<Colour>, bool)) -> Event {
    let text = match seat.0 {
        Some(c) => tr_plain(
            lang,
            &Msg::Live(LiveMsg::YouPlay {
                colour: crate::i18n::colour(lang, c),
            }),
        ),
        // Seated in the lobby: the colours are drawn at the start.
        None if seat.1 => tr_plain(lang, &Msg::Live(LiveMsg::Seated)),
        None => tr_plain(lang, &Msg::Live(LiveMsg::Watching)),
    };
    let body = json!({ "colour": seat.0.map(Colour::name), "seated": seat.1, "text": text });
    Event::default().event("you").data(body.to_string())
}

fn hello_event(lang: Lang, user: i64) -> Event {
    let t = |m: LiveMsg| tr_plain(lang, &Msg::Live(m));
    let body = json!({
        "lang": lang.code(),
        "user": user,
        "texts": {
            "title": t(LiveMsg::Title),
            "connecting": t(LiveMsg::Connecting),
            "reconnecting": t(LiveMsg::Reconnecting),
            "your_turn_roll": t(LiveMsg::YourTurnRoll),
            "your_turn_move": t(LiveMsg::YourTurnMove),
            "no_game": t(LiveMsg::NoGame),
            "open_from_chat": t(LiveMsg::OpenFromChat),
            "unavailable": t(LiveMsg::Unavailable),
            "earlier_games": t(LiveMsg::EarlierGames),
            "none_kept": t(LiveMsg::NoneKept),
        },
    });
    Event::default().event("hello").data(body.to_string())
}

/// One viewer's stream: what is still to send, and what it was sent last.
struct Viewer {
    rx: broadcast::Receiver<Arc<Frame>>,
    pending: VecDeque<Event>,
    sent: u64,
    seat: Option<(Option<Colour>, bool)>,
    lang: Lang,
    user: i64,
    /// The stream ends then (its longest life, or its `initData`'s accepted age).
    until: tokio::time::Instant,
    /// Turns `true` when the replica stops.
    closing: watch::Receiver<bool>,
    /// The `bye` event was queued: end once it is sent.
    ending: bool,
    _in_hub: Seat,
    _slot: StreamSlot,
}

/// The last event of a stream: reconnect in `retry_ms` (the page then sends its `initData`
/// again, and membership is checked again).
fn bye_event(reason: &str, retry_ms: u64) -> Event {
    let body = json!({ "reason": reason, "retry_ms": retry_ms });
    Event::default().event("bye").data(body.to_string())
}

impl Viewer {
    fn push(&mut self, frame: &Frame) {
        self.sent = frame.version;
        self.pending
            .push_back(Event::default().event("state").data(frame.json(self.lang)));
        let seat = frame.seat_of(self.user);
        if self.seat != Some(seat) {
            self.seat = Some(seat);
            self.pending.push_back(you_event(self.lang, seat));
        }
    }

    async fn next(mut self) -> Option<(Result<Event, Infallible>, Self)> {
        loop {
            if let Some(e) = self.pending.pop_front() {
                return Some((Ok(e), self));
            }
            if self.ending {
                return None;
            }
            let woke = tokio::select! {
                received = self.rx.recv() => Some(received),
                () = tokio::time::sleep_until(self.until) => None,
                _ = self.closing.wait_for(|c| *c) => {
                    // Spread the reconnects of a stopping replica's pages over a second.
                    let retry_ms = 250 + u64::from(rand::random::<u16>() % 1000);
                    self.pending.push_back(bye_event("restart", retry_ms));
                    self.ending = true;
                    continue;
                }
            };
            match woke {
                Some(Ok(frame)) if frame.version > self.sent => self.push(&frame),
                Some(Ok(_)) => {}
                // Too slow for the frames: the next one received is newer, a whole state.
                Some(Err(broadcast::error::RecvError::Lagged(n))) => {
                    debug!(skipped = n, "live board: a viewer skipped frames");
                }
                Some(Err(broadcast::error::RecvError::Closed)) => return None,
                None => {
                    self.pending.push_back(bye_event("renew", 0));
                    self.ending = true;
                }
            }
        }
    }
}

/// `GET <path>/api/live`: the stored game first, then every saved version.
async fn stream(State(s): State<AppState>, Peer(addr): Peer, headers: HeaderMap) -> Response {
    let asker = match authorize(&s, &headers, addr).await {
        Ok(a) => a,
        Err(denied) => return denied.into_response(),
    };
    let user = asker.data.user.id;
    let slot = match s.live.open_stream(user, addr) {
        Ok(slot) => slot,
        Err(full) => {
            let (status, msg, retry) = match full {
                Full::Yours => (StatusCode::TOO_MANY_REQUESTS, LiveMsg::TooMany, 10),
                Full::All => (StatusCode::SERVICE_UNAVAILABLE, LiveMsg::Unavailable, 30),
            };
            let lang = asker.lang_known(&s);
            return refused_for(status, lang, msg, Some(Duration::from_secs(retry)));
        }
    };
    // Watch first, then read the stored game: nothing saved in between is missed.
    let (in_hub, rx) = s.live.hub.watch(asker.place);
    let here = chat::load(&s.ctx, ChatAddr::from(asker.place), None).await;
    let lang = asker.lang(&here);
    let unavailable = |retry_secs| {
        refused_for(
            StatusCode::SERVICE_UNAVAILABLE,
            lang,
            LiveMsg::Unavailable,
            Some(Duration::from_secs(retry_secs)),
        )
    };
    let first = match here.table() {
        Ok(rec) => s.live.hub.offer(asker.place, rec.version, &rec.state),
        // The store is away: the page tries again, it is not told there is no game.
        Err(Refusal::Alert(Alert::TryAgain)) => return unavailable(3),
        Err(_) => None,
    };
    let Some(first) = first else {
        return refused(StatusCode::NOT_FOUND, lang, LiveMsg::NoGame);
    };
    // The group's game is for the group: players pass, others must be members.
    if !first.seat_of(user).1
        && let Err(no) = member_of_group(&s, asker.place, user, lang).await
    {
        return no;
    }
    let now = s.ctx.now_ms() / 1000;
    let age_left = (asker.data.auth_date + MAX_AGE_SECS).saturating_sub(now);
    let life = Duration::from_secs(s.live.limits().stream_secs.min(age_left).max(1));
    info!(
        chat = asker.place.chat,
        user, "live board: a viewer connected"
    );
    let mut viewer = Viewer {
        rx,
        pending: VecDeque::from([hello_event(lang, user)]),
        sent: 0,
        seat: None,
        lang,
        user,
        until: tokio::time::Instant::now() + life,
        closing: s.live.closing(),
        ending: false,
        _in_hub: in_hub,
        _slot: slot,
    };
    viewer.push(&first);
    let events = futures_util::stream::unfold(viewer, Viewer::next);
    (
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        Sse::new(events).keep_alive(KeepAlive::default()),
    )
        .into_response()
}

#[derive(Deserialize)]
struct Tap {
    seq: u64,
    #[serde(rename = "do")]
    what: String,
    #[serde(default)]
    index: u8,
    #[serde(default)]
    from: u8,
    #[serde(default)]
    to: u8,
    /// A chat button's callback data (`"do":"button"`).
    #[serde(default)]
    data: String,
}

/// What a tap asks for: a table action (a lobby button's, a roll, a move) played as the
/// chat's press, or a new table as the chat's "New game" and Rematch buttons open one.
enum Asked {
    Act(Action, u64),
    NewGame,
    Rematch,
}

/// The tap's request, `None` when it is not one (a forged or unknown button among them).
fn asked(tap: &Tap) -> Option<Asked> {
    Some(match tap.what.as_str() {
        "roll" => Asked::Act(Action::Roll, tap.seq),
        "move" => Asked::Act(
            Action::MoveSeen(MoveKey {
                index: tap.index,
                from: tap.from,
                to: tap.to,
            }),
            tap.seq,
        ),
        "button" => {
            let p = callback::Press::decode(&tap.data)?;
            match p.button {
                Button::NewGame => Asked::NewGame,
                Button::Rematch => Asked::Rematch,
                b => Asked::Act(b.action().filter(|a| a.is_lobby())?, p.version),
            }
        }
        _ => return None,
    })
}

/// The HTTP status of a refused tap.
fn status_of(r: Refusal) -> StatusCode {
    match r {
        Refusal::Reject(_) => StatusCode::FORBIDDEN,
        Refusal::Alert(Alert::Stale | Alert::GameOver) => StatusCode::CONFLICT,
        Refusal::Alert(Alert::NoGame) => StatusCode::NOT_FOUND,
        Refusal::Alert(Alert::TryAgain) => StatusCode::SERVICE_UNAVAILABLE,
        Refusal::Alert(_) => StatusCode::BAD_REQUEST,
    }
}

/// `POST <path>/api/act`: a tap, played as the chat's button.
async fn act(
    State(s): State<AppState>,
    Peer(addr): Peer,
    headers: HeaderMap,
    body: Body,
) -> Response {
    // Who asks first: nothing of the body is read for someone not let in.
    let asker = match authorize(&s, &headers, addr).await {
        Ok(a) => a,
        Err(denied) => return denied.into_response(),
    };
    // A tap that cannot be read is refused in words, in the viewer's language.
    let bad = |status| refused(status, asker.lang_known(&s), LiveMsg::BadTap);
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > TAP_BODY_MAX) {
        return bad(StatusCode::PAYLOAD_TOO_LARGE);
    }
    let body = match tokio::time::timeout(
        TAP_BODY_TIMEOUT,
        axum::body::to_bytes(body, TAP_BODY_MAX),
    )
    .await
    {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => return bad(StatusCode::PAYLOAD_TOO_LARGE),
        Err(_) => return bad(StatusCode::REQUEST_TIMEOUT),
    };
    let Ok(tap) = serde_json::from_slice::<Tap>(&body) else {
        return bad(StatusCode::BAD_REQUEST);
    };
    let Some(asked) = asked(&tap) else {
        return bad(StatusCode::BAD_REQUEST);
    };
    let here = chat::load(&s.ctx, ChatAddr::from(asker.place), None).await;
    let lang = asker.lang(&here);
    let user = &asker.data.user;
    let actor = Actor {
        id: user.id,
        name: user.display_name(),
        is_admin: false,
    };
    // Joining or opening a table is for the group: someone not seated must be a member.
    let seated = here
        .table()
        .is_ok_and(|r| r.state.players().iter().any(|p| p.id == user.id));
    if !seated
        && !matches!(asked, Asked::Act(Action::Roll | Action::MoveSeen(_), _))
        && let Err(no) = member_of_group(&s, asker.place, user.id, lang).await
    {
        return no;
    }
    let (action, drawn_at) = match asked {
        Asked::Act(action, drawn_at) => (action, drawn_at),
        Asked::NewGame | Asked::Rematch => {
            // As the chat's buttons: the new table is saved and followed (its lobby planned
            // in the chat, the viewers told) before the answer.
            let result = match asked {
                Asked::NewGame => lobby::new_game(&s.ctx, &here, &actor).await,
                _ => lobby::open_rematch(&s.ctx, &here, &actor).await,
            };
            let (status, answer) = match result {
                Ok(saved) => (
                    StatusCode::OK,
                    json!({ "ok": true, "v": saved.version, "seq": saved.table.seq() }),
                ),
                Err(r) => (
                    status_of(r),
                    json!({ "ok": false, "error": view::refusal(lang, r) }),
                ),
            };
            return (status, page::security_headers(), axum::Json(answer)).into_response();
        }
    };
    let p = Press {
        actor,
        action,
        drawn_at,
        lang,
        source: Source::Page,
    };
    let pressed = press::press(&s.bot, &s.ctx, &here, p).await;
    let (status, answer) = match &pressed.result {
        Ok(saved) => (
            StatusCode::OK,
            json!({
                "ok": true,
                "v": saved.version,
                "seq": saved.table.seq(),
                "text": pressed.answer,
            }),
        ),
        Err(r) => (
            status_of(*r),
            json!({ "ok": false, "error": pressed.answer }),
        ),
    };
    // Answered first; what follows is planned (a few Redis round trips, no chat write): the
    // save followed, or, as a chat button, a player marked absent who taps is back even when
    // the tap is refused.
    let ctx = Arc::clone(&s.ctx);
    tokio::spawn(async move {
        pressed.follow(&ctx, &here).await;
    });
    (status, page::security_headers(), axum::Json(answer)).into_response()
}

/// How many of the group's kept games the page lists.
pub const LISTED_REPLAYS: usize = 12;

/// `?game=<id>` of `api/replay`: one of the group's kept games instead of the place's.
#[derive(Deserialize)]
struct ReplayQuery {
    game: Option<String>,
}

/// A game id as the replays hash keeps them (`g<seq>-<ms>[-l<lane>]`): anything else names
/// no game.
fn game_id_ok(id: &str) -> bool {
    !id.is_empty() && id.len() <= 48 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Who may read the place's games (as a stream): the table's players, and the group's
/// members. `Err`: the answer (401/404/429 before, 403/503 for a non-member, 503 while the
/// store is away).
async fn reader(
    s: &AppState,
    headers: &HeaderMap,
    addr: IpAddr,
) -> Result<(Asker, chat::Here, Lang), Response> {
    let asker = authorize(s, headers, addr)
        .await
        .map_err(Denied::into_response)?;
    let user = asker.data.user.id;
    let here = chat::load(&s.ctx, ChatAddr::from(asker.place), None).await;
    let lang = asker.lang(&here);
    let seated = match here.table() {
        Ok(rec) => rec.state.players().iter().any(|p| p.id == user),
        Err(Refusal::Alert(Alert::TryAgain)) => return Err(store_away(lang)),
        Err(_) => false,
    };
    if !seated {
        member_of_group(s, asker.place, user, lang).await?;
    }
    Ok((asker, here, lang))
}

/// The store cannot be read now: 503, try again in 3 s.
fn store_away(lang: Lang) -> Response {
    let retry = Some(Duration::from_secs(3));
    refused_for(
        StatusCode::SERVICE_UNAVAILABLE,
        lang,
        LiveMsg::Unavailable,
        retry,
    )
}

fn json_body(body: String) -> Response {
    (
        page::security_headers(),
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// `GET <path>/api/replay`: the place's finished game, as the page replays it (drawn off the
/// async threads: a scene per picture); with `?game=<id>`, one of the group's kept games
/// (as `api/replays` lists them). For the group, as a stream.
async fn replay(
    State(s): State<AppState>,
    Peer(addr): Peer,
    Query(q): Query<ReplayQuery>,
    headers: HeaderMap,
) -> Response {
    let (asker, here, lang) = match reader(&s, &headers, addr).await {
        Ok(r) => r,
        Err(no) => return no,
    };
    let body = match q.game {
        Some(id) => {
            if !game_id_ok(&id) {
                return refused(StatusCode::NOT_FOUND, lang, LiveMsg::NoGame);
            }
            let rec = match kept::kept(&s.ctx, asker.place.chat, &id).await {
                Ok(rec) => rec,
                Err(kept::Missing::Unavailable) => return store_away(lang),
                Err(kept::Missing::Tell(_)) => {
                    return refused(StatusCode::NOT_FOUND, lang, LiveMsg::NoGame);
                }
            };
            tokio::task::spawn_blocking(move || replay_json_of(lang, &rec)).await
        }
        None => {
            let Ok(table) = here.table().map(|r| r.state.clone()) else {
                return refused(StatusCode::NOT_FOUND, lang, LiveMsg::NoGame);
            };
            tokio::task::spawn_blocking(move || replay_json(lang, &table)).await
        }
    };
    match body.ok().flatten() {
        Some(body) => json_body(body),
        None => refused(StatusCode::NOT_FOUND, lang, LiveMsg::NoGame),
    }
}

/// `GET <path>/api/replays`: the group's last [`LISTED_REPLAYS`] kept games, newest first
/// (each walked through the engine off the async threads, for its winners). For the group,
/// as a stream.
async fn replays(State(s): State<AppState>, Peer(addr): Peer, headers: HeaderMap) -> Response {
    let (asker, _, lang) = match reader(&s, &headers, addr).await {
        Ok(r) => r,
        Err(no) => return no,
    };
    let recs = match kept::recent(&s.ctx, asker.place.chat, LISTED_REPLAYS).await {
        Ok(recs) => recs,
        Err(_) => return store_away(lang),
    };
    match tokio::task::spawn_blocking(move || replays_list_json(lang, &recs)).await {
        Ok(body) => json_body(body),
        Err(_) => refused(StatusCode::SERVICE_UNAVAILABLE, lang, LiveMsg::Unavailable),
    }
}

/// `GET <path>/api/season`: the chat's season as the page shows it to the asker, in the
/// chat's language, its deadlines on the chat's clock ([`season_json`]); a chat without
/// one answers `{"season":false,"text":…}` (200: not an error). For the group, as a stream:
/// one read of the season's key after the checks.
async fn season(State(s): State<AppState>, Peer(addr): Peer, headers: HeaderMap) -> Response {
    let (asker, here, lang) = match reader(&s, &headers, addr).await {
        Ok(r) => r,
        Err(no) => return no,
    };
    match live_season::season(&s.ctx, asker.place.chat).await {
        Seen::Season(rec) => {
            let user = asker.data.user.id;
            json_body(season_json(lang, &rec, user, &here.zone, s.ctx.now_ms()))
        }
        Seen::None => json_body(no_season_json(lang)),
        Seen::Away => store_away(lang),
    }
}
