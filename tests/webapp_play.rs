//! The whole game from the live board's pages (the Telegram Mini App) in a real browser:
//! headless Chromium over WebDriver against two replicas of the real bot sharing one real
//! Redis and the fake Bot API. A group opens a game with `/newgame` and does everything
//! else on the pages: join, start, every move, the results, the rematch; the chat's
//! messages are checked to follow. And a page replays a finished game to its end.
//! Waits are on the pages' own events (a frame, a tap's answer), never fixed.

mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use parxis::bot::core::refusal::{Refusal, Reject};
use parxis::bot::core::replay::sample::{self, Sample};
use parxis::bot::core::table::Status;
use parxis::bot::core::view;
use parxis::bot::effects::live::{GameId, Limits, LinkKey};
use parxis::i18n::{Lang, LiveMsg, Msg, tr_plain};
use parxis::store::Place;
use serde_json::{Value, json};

use support::bot_harness::{CHAT, Harness, Options, four_users, text_of};
use support::browser::{Browser, peek, until};
use support::fake_tg::{TOKEN, buttons};
use support::live::{
    AUTOPLAY, app, auto_dice_settings, init_data, live_button, now_secs, page_url, serve,
};

/// Limits far above a person's: the pages tap as fast as the server answers.
fn open_limits() -> Limits {
    Limits {
        per_second: 1_000,
        burst: 1_000,
        addr_per_second: 1_000,
        addr_burst: 1_000,
        ..Limits::default()
    }
}

/// Clicks the page's own button of `kind` (a chat button the frame offered) and returns
/// the tap's answer.
async fn click(page: &Client, kind: &str) -> Value {
    let before = peek(page, "s.taps.length").await.as_u64().unwrap_or(0);
    page.find(Locator::Css(&format!("#actions button.{kind}")))
        .await
        .unwrap_or_else(|e| panic!("no {kind} button: {e}"))
        .click()
        .await
        .expect("the click");
    until(page, &format!("s.taps.length > {before}"), 10_000).await;
    peek(page, "s.taps[s.taps.length - 1]").await
}

/// The kinds of the buttons the page shows now.
async fn shown(page: &Client) -> Value {
    peek(
        page,
        "[...document.querySelectorAll('#actions button')].map((b) => b.className.replace('btn ', ''))",
    )
    .await
}

/// Asked for (`PARXIS_SCREENSHOTS=<folder>`), the page as a phone shows it, saved as
/// `live_play_<name>.png`.
async fn shot(page: &Client, name: &str) {
    if let Ok(dir) = std::env::var("PARXIS_SCREENSHOTS") {
        let png = page.screenshot().await.expect("a screenshot");
        std::fs::write(format!("{dir}/live_play_{name}.png"), &png).expect("saved");
    }
}

/// Waits until the chat's board message (the one the bot recorded) satisfies `pred`.
async fn chat_board_until(h: &Harness, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(id) = h.board_id().await
            && let Some(board) = h.fake.message(CHAT, id)
            && pred(&board)
        {
            return board;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the chat's board never showed {what}:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn has_button(board: &Value, prefix: &str) -> bool {
    buttons(board)
        .iter()
        .any(|(_, data)| data.starts_with(prefix))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_group_plays_from_lobby_to_rematch_only_on_pages_and_the_chat_follows() {
    // Given two replicas serving the live board, a chat with auto dice,
    let mut h = Harness::start_live(
        21,
        Options {
            write_budget: (20, 6_000),
            ..Options::default()
        },
        Some((app(), open_limits())),
    )
    .await;
    h.spawn_bot().await;
    h.settings(auto_dice_settings()).await;
    let (a, b) = (serve(&h, 0).await, serve(&h, 1).await);
    let users = four_users();
    // when Ana opens a game in the chat (the only thing typed there), its lobby carries
    // the "📱 Live board" link,
    h.command(&users[0], "/newgame").await;
    let lobby = chat_board_until(&h, "the lobby", |m| has_button(m, "j:")).await;
    let (_, id) = live_button(&lobby);

    // and the four open the page (two on each replica),
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let mut pages = Vec::new();
    for (i, u) in users.iter().enumerate() {
        let at = if i % 2 == 0 { a } else { b };
        let data = init_data(u, Some("en"), &id, now_secs());
        pages.push(browser.open(&page_url(at, &id, &data)).await);
    }
    for p in &pages {
        until(
            browser.on(p).await,
            "s.state && s.you && s.state.stage === 'lobby'",
            10_000,
        )
        .await;
    }
    // then the host's page offers Leave, a computer, Start and Cancel, no Join; the others'
    // Join only, which is also Telegram's main button;
    let ana = browser.on(&pages[0]).await;
    assert_eq!(shown(ana).await, json!(["leave", "bot", "start", "cancel"]));
    assert_eq!(peek(ana, "s.main").await, Value::Null);
    // (and no empty board square before the game: the seats take the page)
    assert_eq!(
        peek(
            ana,
            "getComputedStyle(document.getElementById('board')).display"
        )
        .await,
        json!("none")
    );
    let biel = browser.on(&pages[1]).await;
    assert_eq!(shown(biel).await, json!(["join"]));
    assert_eq!(peek(biel, "s.main && s.main.kind").await, json!("join"));
    // and Start by someone else than the host is the chat's refusal, changing nothing.
    let (version, _) = h.table().await;
    let start = peek(ana, "s.state.buttons.find((b) => b.kind === 'start').data").await;
    let refused = peek_tap(biel, json!({"do": "button", "data": start})).await;
    assert_eq!(refused["ok"], json!(false), "{refused}");
    assert_eq!(
        refused["error"],
        json!(view::refusal(Lang::En, Refusal::Reject(Reject::NotHost)))
    );
    assert_eq!(h.table().await.0, version);

    // When Biel joins with the main button, Carme and Dani with the page's Join,
    let joined = press_main(biel).await;
    assert_eq!(joined["ok"], json!(true), "{joined}");
    for p in &pages[2..] {
        let answer = click(browser.on(p).await, "join").await;
        assert_eq!(answer["ok"], json!(true), "{answer}");
    }
    // then every page shows the four seats, each joiner's page offers Leave,
    for p in &pages {
        let page = browser.on(p).await;
        until(
            page,
            "s.state.stage === 'lobby' && s.state.seats.length === 4 && s.you.seated && \
             document.querySelectorAll('#seats li:not(.free)').length === 4",
            10_000,
        )
        .await;
    }
    let dani = browser.on(&pages[3]).await;
    assert_eq!(shown(dani).await, json!(["leave"]));
    shot(browser.on(&pages[0]).await, "lobby").await;
    let dani = browser.on(&pages[3]).await;
    // (seated, not watching: the colours come at the start)
    assert_eq!(
        peek(dani, "document.getElementById('who').textContent").await,
        json!(tr_plain(Lang::En, &Msg::Live(LiveMsg::Seated)))
    );
    // and the chat's lobby message converges to the same four.
    chat_board_until(&h, "the four in the lobby", |m| {
        let text = text_of(m);
        ["Ana", "Biel", "Carme", "Dani"]
            .iter()
            .all(|n| text.contains(n))
    })
    .await;

    // When Ana starts with Telegram's main button (Start, now that the seats are taken),
    let ana = browser.on(&pages[0]).await;
    until(ana, "s.main && s.main.kind === 'start'", 10_000).await;
    let started = press_main(ana).await;
    assert_eq!(started["ok"], json!(true), "{started}");
    // then the game is on every page, and no page ever offers a human a roll (auto dice:
    // one truth with the chat), nor a main button for one;
    let watch_rolls = "const s = window.__parxis; s.rolls = 0;\
         s.waiters.push({ pred: () => { if (s.state && (s.state.roll || s.state.phase === 'roll' || \
           document.querySelector('#actions button.roll') || (s.main && s.main.kind === 'roll'))) s.rolls += 1; \
           return false; }, resolve: () => {} }); return true;";
    for p in &pages {
        let page = browser.on(p).await;
        until(page, "s.state.stage === 'playing'", 10_000).await;
        assert_eq!(
            page.execute(watch_rolls, vec![]).await.expect("a watch"),
            json!(true)
        );
    }
    // when each page plays by itself to the end,
    for p in &pages {
        let auto = browser.on(p).await.execute(AUTOPLAY, vec![]).await;
        assert_eq!(auto.expect("autoplay"), json!(true));
    }
    for p in &pages {
        until(
            browser.on(p).await,
            "s.state && s.state.stage === 'finished' && s.state.results.length === 4",
            120_000,
        )
        .await;
    }
    let (_, end) = h.table().await;
    assert_eq!(end.status(), Status::Finished);
    for p in &pages {
        let page = browser.on(p).await;
        assert_eq!(peek(page, "s.rolls").await, json!(0));
        // then each page shows the finishing order, New game, Rematch (the main button)
        // and Replay,
        assert_eq!(shown(page).await, json!(["new", "rematch", "replay"]));
        assert_eq!(peek(page, "s.main.kind").await, json!("rematch"));
        assert_eq!(
            peek(page, "document.querySelectorAll('#results li').length >= 4").await,
            json!(true)
        );
    }
    // its first line the winner, as the chat's final board says once recorded,
    let results = peek(browser.on(&pages[0]).await, "s.state.results").await;
    let winner = end
        .game()
        .and_then(|g| g.ranking().first().map(|r| r.colour))
        .and_then(|c| end.player_of(c))
        .map(|p| p.name.clone())
        .expect("a winner");
    let first = results[0].as_str().unwrap_or_default().to_owned();
    assert!(
        first.contains(winner.split(' ').next().unwrap_or("?")),
        "{first} / {winner}"
    );
    chat_board_until(&h, "the end", |m| has_button(m, "x:")).await;
    shot(browser.on(&pages[0]).await, "results").await;

    // When Carme asks for a rematch on her page (the main button),
    let carme = browser.on(&pages[2]).await;
    let rematch = press_main(carme).await;
    assert_eq!(rematch["ok"], json!(true), "{rematch}");
    // then a new lobby is at the place, Carme its host, the others asked again; every page
    // follows it (the same link), and the chat gets the new lobby message.
    let (_, t) = h
        .wait_table(Duration::from_secs(10), "the rematch", |t| {
            t.status() == Status::Lobby
        })
        .await;
    assert_eq!(t.host(), users[2].id);
    for p in &pages {
        until(browser.on(p).await, "s.state.stage === 'lobby'", 10_000).await;
    }
    let carme = browser.on(&pages[2]).await;
    let offered = shown(carme).await;
    assert!(
        offered
            .as_array()
            .is_some_and(|a| a.contains(&json!("start"))),
        "{offered}"
    );
    chat_board_until(&h, "the rematch's lobby", |m| {
        has_button(m, "j:") && text_of(m).contains("Carme")
    })
    .await;
    browser.close().await;
    h.stop_bots().await;
}

/// Telegram's main button pressed (as the client's `main_button_pressed` event calls it),
/// and the tap's answer.
async fn press_main(page: &Client) -> Value {
    let script = "const done = arguments[arguments.length - 1];\
         const s = window.__parxis; const n = s.taps.length;\
         window.Telegram.WebView.receiveEvent('main_button_pressed', null);\
         s.until(() => s.taps.length > n, 10000).then(() => done(s.taps[s.taps.length - 1]));";
    page.execute_async(script, vec![])
        .await
        .expect("the main button")
}

/// A tap sent by the page's own `act`, and its answer.
async fn peek_tap(page: &Client, body: Value) -> Value {
    let script = format!(
        "const done = arguments[arguments.length - 1];\
         window.__parxis.act({body}).then(() => done(window.__parxis.taps[window.__parxis.taps.length - 1]));"
    );
    page.execute_async(&script, vec![]).await.expect("a tap")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_replays_the_finished_game_to_its_end_with_play_pause_steps_and_the_bar() {
    // Given a finished game of four computers at the place, with its whole record,
    let h = Harness::start_live(22, Options::default(), Some((app(), open_limits()))).await;
    h.settings(auto_dice_settings()).await;
    let addr = serve(&h, 0).await;
    let table = sample::play(&Sample::computers(4, 7)).expect("a finished game");
    assert_eq!(table.status(), Status::Finished);
    let saved = h.store.save(Place::of_chat(CHAT), 0, &table, 3600).await;
    assert!(
        matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
        "{saved:?}"
    );
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let users = four_users();
    let url = page_url(
        addr,
        id.as_str(),
        &init_data(&users[3], Some("en"), id.as_str(), now_secs()),
    );
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open(&url).await;
    let page = browser.on(&tab).await;
    // When a member opens the page and taps Replay,
    until(page, "s.state && s.state.stage === 'finished'", 10_000).await;
    page.find(Locator::Css("#actions button.replay"))
        .await
        .expect("a Replay button")
        .click()
        .await
        .expect("the click");
    // then the replay plays by itself, picture after picture, on the page's board,
    until(
        page,
        "s.replay && s.replay.playing && s.replay.i >= 3",
        15_000,
    )
    .await;
    // (the game's own buttons out of the way meanwhile)
    assert_eq!(
        peek(
            page,
            "getComputedStyle(document.getElementById('actions')).display"
        )
        .await,
        json!("none")
    );
    let n = peek(page, "s.replay.data.frames.length")
        .await
        .as_u64()
        .unwrap_or(0);
    assert!(n > 10, "{n} pictures");
    assert_eq!(
        peek(page, "document.querySelectorAll('#scene g.pc').length").await,
        json!(16)
    );
    // pause holds it (nothing moves while paused), a step back and forward move one picture,
    page.find(Locator::Id("replay-play"))
        .await
        .expect("play/pause")
        .click()
        .await
        .expect("pause");
    let at = peek(page, "s.replay.i").await.as_u64().unwrap_or(0);
    let scene = peek(page, "document.getElementById('scene').innerHTML").await;
    page.find(Locator::Id("replay-back"))
        .await
        .expect("back")
        .click()
        .await
        .expect("back");
    assert_eq!(peek(page, "s.replay.i").await, json!(at - 1));
    assert_ne!(
        peek(page, "document.getElementById('scene').innerHTML").await,
        scene
    );
    page.find(Locator::Id("replay-next"))
        .await
        .expect("next")
        .click()
        .await
        .expect("next");
    assert_eq!(peek(page, "s.replay.i").await, json!(at));
    assert_eq!(peek(page, "s.replay.playing").await, json!(false));
    assert_eq!(
        peek(page, "document.getElementById('replay-bar').value").await,
        json!(at.to_string())
    );
    // the progress bar seeks (to a few pictures before the end), and play runs to the end,
    let seek = n - 4;
    let moved = page
        .execute(
            &format!(
                "const b = document.getElementById('replay-bar'); b.value = '{seek}';\
                 b.dispatchEvent(new Event('input')); return window.__parxis.replay.i;"
            ),
            vec![],
        )
        .await
        .expect("a seek");
    assert_eq!(moved, json!(seek));
    page.find(Locator::Id("replay-play"))
        .await
        .expect("play")
        .click()
        .await
        .expect("play");
    until(page, "s.replay.ended && !s.replay.playing", 15_000).await;
    shot(page, "replay").await;
    // where it shows the final board and the game's caption with the finishing order.
    assert_eq!(peek(page, "s.replay.i").await, json!(n - 1));
    let caption = peek(
        page,
        "document.getElementById('replay-caption').textContent",
    )
    .await;
    let caption = caption.as_str().unwrap_or_default();
    for seat in table.players() {
        assert!(caption.contains(&seat.name), "{caption}");
    }
    // When closed, the page shows the game's own state again.
    page.find(Locator::Id("replay-close"))
        .await
        .expect("close")
        .click()
        .await
        .expect("close");
    assert_eq!(peek(page, "s.replay").await, Value::Null);
    assert_eq!(shown(page).await, json!(["new", "rematch", "replay"]));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_s_lobby_taps_are_the_chat_s_presses_with_its_refusals_and_only_for_the_group() {
    use support::http::request;
    // Given a lobby opened in the chat and its live board (no bot polling: the routes alone),
    let h = Harness::start_live(23, Options::default(), Some((app(), open_limits()))).await;
    h.settings(auto_dice_settings()).await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    let addr = serve(&h, 0).await;
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let tap = |user: usize, body: Value| {
        let data = init_data(&users[user], Some("en"), id.as_str(), now_secs());
        async move {
            let auth = format!("tma {data}");
            let headers = [
                ("Authorization", auth.as_str()),
                ("Content-Type", "application/json"),
            ];
            let r = request(
                addr,
                "POST",
                "/live/api/act",
                &headers,
                body.to_string().as_bytes(),
            )
            .await;
            (
                r.status,
                serde_json::from_str::<Value>(&r.body).unwrap_or(Value::Null),
            )
        }
    };
    let (version, lobby) = h.table().await;
    let join = json!({"seq": lobby.seq(), "do": "button", "data": format!("j:{}", lobby.seq())});
    // When someone who left the group taps Join, then it is refused (members only) and
    // nothing changes;
    h.fake.remove_member(CHAT, users[1].id, "left");
    let (status, body) = tap(1, join.clone()).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["error"],
        json!(tr_plain(Lang::En, &Msg::Live(LiveMsg::MembersOnly)))
    );
    assert_eq!(h.table().await.0, version);
    // forged data, and a chat button that is not a lobby's (a roll), are bad requests;
    for data in ["zz:1", "j:x", "r:1", ""] {
        let (status, _) = tap(2, json!({"seq": 1, "do": "button", "data": data})).await;
        assert_eq!(status, 400, "{data}");
    }
    assert_eq!(h.table().await.0, version);
    // a member's Join seats them, as the chat's button does, and a second one is the
    // chat's own refusal;
    let (status, body) = tap(2, join.clone()).await;
    assert_eq!((status, body["ok"].clone()), (200, json!(true)), "{body}");
    let (_, t) = h.table().await;
    assert!(t.players().iter().any(|p| p.id == users[2].id));
    let (status, body) = tap(2, join).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["error"],
        json!(view::refusal(
            Lang::En,
            Refusal::Reject(Reject::AlreadyJoined)
        ))
    );
    // and a rematch or a replay before any game is over is refused.
    let (status, body) = tap(
        0,
        json!({"seq": t.seq(), "do": "button", "data": format!("x:{}", t.seq())}),
    )
    .await;
    assert_eq!(body["ok"], json!(false), "{status} {body}");
    assert_eq!(h.table().await.1.status(), Status::Lobby);
    let auth = format!(
        "tma {}",
        init_data(&users[0], Some("en"), id.as_str(), now_secs())
    );
    let r = request(
        addr,
        "GET",
        "/live/api/replay",
        &[("Authorization", auth.as_str())],
        b"",
    )
    .await;
    assert_eq!(r.status, 404, "{}", r.body);
}
