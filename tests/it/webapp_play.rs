//! The whole game from the live board's pages (the Telegram Mini App) in a real browser:
//! headless Chromium over WebDriver against two replicas of the real bot sharing one real
//! Redis and the fake Bot API. A group opens a game with `/newgame` and does everything
//! else on the pages: join, start, every move, the results, the rematch; the chat's
//! messages are checked to follow. And a page replays a finished game to its end.
//! Waits are on the pages' own events (a frame, a tap's answer), never fixed.

use crate::support;

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
use support::fake_tg::{TOKEN, TestUser, buttons};
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
    answer_after(page, before).await
}

/// The answer of the page's first tap after its `before`-th.
async fn answer_after(page: &Client, before: u64) -> Value {
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
    let lobby = h
        .chat_board_until("the lobby", |m| has_button(m, "j:"))
        .await;
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
    // (the host seated, then how many seats are free: a board of any size seats 8)
    let free = tr_plain(Lang::En, &Msg::Live(LiveMsg::FreeSeats { n: 7 }));
    assert_eq!(
        peek(
            ana,
            "[...document.querySelectorAll('#seats li')].map((li) => li.textContent)"
        )
        .await,
        json!(["Ana", free])
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
    h.chat_board_until("the four in the lobby", |m| {
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
    // (and, during the game, every frame lists the four seats under the caption, visible)
    let watch_seats = "const s = window.__parxis; s.unseated = 0;\
         s.waiters.push({ pred: () => { const ul = document.getElementById('seats'); \
           if (s.state && s.state.stage === 'playing' && (ul.hidden || ul.offsetHeight === 0 || \
             ul.querySelectorAll('li').length !== 4 || ul.querySelector('li.free'))) s.unseated += 1; \
           return false; }, resolve: () => {} }); return true;";
    for p in &pages {
        let page = browser.on(p).await;
        until(page, "s.state.stage === 'playing'", 10_000).await;
        for watch in [watch_rolls, watch_seats] {
            assert_eq!(
                page.execute(watch, vec![]).await.expect("a watch"),
                json!(true)
            );
        }
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
        assert_eq!(
            peek(page, "s.unseated").await,
            json!(0),
            "a frame without its seats"
        );
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
    h.chat_board_until("the end", |m| has_button(m, "x:")).await;
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
    h.chat_board_until("the rematch's lobby", |m| {
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

/// A bot serving the live board with auto dice, and the lobby Ana opened in its chat with
/// `/newgame`, once the chat shows it: the harness, the page's address, the users and the
/// lobby's message.
async fn lobby_in_chat(seed: u64) -> (Harness, std::net::SocketAddr, Vec<TestUser>, Value) {
    let mut h = Harness::start_live(seed, Options::default(), Some((app(), open_limits()))).await;
    h.spawn_bot().await;
    h.settings(auto_dice_settings()).await;
    let addr = serve(&h, 0).await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    let lobby = h
        .chat_board_until("the lobby", |m| has_button(m, "j:"))
        .await;
    (h, addr, users, lobby)
}

/// Clicks the host's choice labelled `label` among the lobby's `kind` settings (`board`,
/// `rules`) and returns the tap's answer.
async fn click_choice(page: &Client, kind: &str, label: &str) -> Value {
    let before = peek(page, "s.taps.length").await.as_u64().unwrap_or(0);
    let script = format!(
        "const b = [...document.querySelectorAll('#choices .{kind} button')]\
           .find((b) => b.textContent === {label:?});\
         if (!b || b.disabled) return false; b.click(); return true;"
    );
    let clicked = page.execute(&script, vec![]).await.expect("a click");
    assert_eq!(clicked, json!(true), "no {label} among the {kind} choices");
    answer_after(page, before).await
}

/// The labels of the host's choices shown as chosen.
async fn chosen(page: &Client) -> Value {
    peek(
        page,
        "[...document.querySelectorAll('#choices button[aria-pressed=true]')].map((b) => b.textContent)",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_sets_the_board_and_rules_on_the_page_as_the_chat_s_buttons_and_only_the_host() {
    use parxis::engine::{Arms, Preset};
    // Given a lobby opened in the chat (the bot running: the chat's lobby is written),
    let (mut h, addr, users, lobby) = lobby_in_chat(24).await;
    // whose chat message carries the host's 🔲 Board and 📜 Rules buttons,
    let labels: Vec<String> = buttons(&lobby).into_iter().map(|(t, _)| t).collect();
    let board_any = tr_plain(Lang::En, &Msg::BtnBoard { seats: 0 });
    let rules_jcf = tr_plain(
        Lang::En,
        &Msg::BtnRules {
            preset: Preset::Jcf,
        },
    );
    assert!(
        labels.contains(&board_any) && labels.contains(&rules_jcf),
        "{labels:?}"
    );
    let (_, id) = live_button(&lobby);
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let url = |u: usize| {
        page_url(
            addr,
            &id,
            &init_data(&users[u], Some("en"), &id, now_secs()),
        )
    };
    let ana_tab = browser.open(&url(0)).await;
    let biel_tab = browser.open(&url(1)).await;
    // when the host (Ana) and a member (Biel) open the page,
    let ana = browser.on(&ana_tab).await;
    until(
        ana,
        "s.state && s.state.stage === 'lobby' && document.querySelectorAll('#choices button').length === 7",
        10_000,
    )
    .await;
    // then the host's page offers every board and rule set, the chosen ones marked, each a
    // tap target of at least 44 px at a phone's width,
    assert_eq!(
        peek(
            ana,
            "[...document.querySelectorAll('#choices .board button')].map((b) => b.textContent)"
        )
        .await,
        json!(["Auto", "4", "6", "8"])
    );
    assert_eq!(
        peek(
            ana,
            "[...document.querySelectorAll('#choices .rules button')].map((b) => b.textContent)"
        )
        .await,
        json!(["JCF", "Classic", "Solidari"])
    );
    assert_eq!(chosen(ana).await, json!(["Auto", "JCF"]));
    assert_eq!(
        peek(
            ana,
            "[...document.querySelectorAll('#choices button')].every((b) => { \
               const r = b.getBoundingClientRect(); return r.height >= 44 && r.width >= 44 && r.right <= 390; })"
        )
        .await,
        json!(true)
    );
    // and the member's page none of it.
    let biel = browser.on(&biel_tab).await;
    until(
        biel,
        "s.state && s.state.stage === 'lobby' && s.you",
        10_000,
    )
    .await;
    assert_eq!(
        peek(biel, "document.querySelectorAll('#choices button').length").await,
        json!(0)
    );

    // When the host taps 6 and then Classic on the page,
    let ana = browser.on(&ana_tab).await;
    let six = click_choice(ana, "board", "6").await;
    assert_eq!(six["ok"], json!(true), "{six}");
    until(ana, "s.state.choices[0].options[2].on", 10_000).await;
    let classic = click_choice(ana, "rules", "Classic").await;
    assert_eq!(classic["ok"], json!(true), "{classic}");
    // then the table plays on six arms with the classic rules,
    let (_, t) = h
        .wait_table(Duration::from_secs(10), "the host's settings", |t| {
            t.preset() == Preset::Classic
        })
        .await;
    assert_eq!(t.board(), Some(Arms::Six));
    assert_eq!(t.capacity(), 6);
    // the page shows them chosen,
    until(ana, "s.state.choices[1].options[1].on", 10_000).await;
    assert_eq!(chosen(ana).await, json!(["6", "Classic"]));
    shot(ana, "settings").await;
    // and the chat's lobby follows: its text names the board and the rules, its buttons
    // say what is chosen now.
    let board_six = tr_plain(Lang::En, &Msg::BtnBoard { seats: 6 });
    let rules_classic = tr_plain(
        Lang::En,
        &Msg::BtnRules {
            preset: Preset::Classic,
        },
    );
    let lobby = h
        .chat_board_until("the host's settings", |m| {
            let text = text_of(m);
            let labels: Vec<String> = buttons(m).into_iter().map(|(t, _)| t).collect();
            text.contains(&tr_plain(Lang::En, &Msg::LobbyBoard { seats: 6 }))
                && text.contains("Classic")
                && labels.contains(&board_six)
                && labels.contains(&rules_classic)
        })
        .await;

    // When Biel forges the host's tap (the data of the 8 on the host's page),
    let (version, _) = h.table().await;
    let eight = peek(ana, "s.state.choices[0].options[3].data").await;
    let biel = browser.on(&biel_tab).await;
    let refused_tap = peek_tap(biel, json!({"do": "button", "data": eight})).await;
    // then it is the chat's refusal, and nothing changes;
    let not_host = view::refusal(Lang::En, Refusal::Reject(Reject::NotHost));
    assert_eq!(refused_tap["ok"], json!(false), "{refused_tap}");
    assert_eq!(refused_tap["error"], json!(not_host));
    // as it is when Biel presses the chat's own button.
    let board_button = buttons(&lobby)
        .into_iter()
        .find(|(t, _)| *t == board_six)
        .map(|(_, d)| d)
        .expect("the board button");
    let id_of_lobby = h.board_id().await.expect("the lobby's message");
    let answer = h.press(&users[1], id_of_lobby, &board_button).await;
    assert_eq!(answer.str_param("text"), Some(not_host.as_str()));
    assert_eq!(h.table().await.0, version);
    browser.close().await;
    h.stop_bots().await;
}

/// A finished game of `n` computers (seed `seed`) kept in the group's replays under `id`,
/// as the stats record keeps it.
async fn keep_replay(h: &Harness, n: usize, seed: u64, id: &str) {
    use redis::AsyncCommands;
    let table = sample::play(&Sample::computers(n, seed)).expect("a finished game");
    let mut rec = table.replay().expect("a whole record");
    rec.id = id.to_owned();
    let json = serde_json::to_string(&rec).expect("JSON");
    let mut raw = h.redis.raw().await;
    let _: () = raw
        .hset(parxis::store::keys::stats_replays(CHAT), id, json)
        .await
        .expect("kept");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_lists_the_group_s_earlier_games_and_replays_one_in_the_page() {
    use support::http::request;
    // Given a finished game at the place and two earlier games of the group kept (an older
    // one of four, a newer one of six),
    let h = Harness::start_live(25, Options::default(), Some((app(), open_limits()))).await;
    h.settings(auto_dice_settings()).await;
    let addr = serve(&h, 0).await;
    let table = sample::play(&Sample::computers(4, 7)).expect("a finished game");
    let saved = h.store.save(Place::of_chat(CHAT), 0, &table, 3600).await;
    assert!(
        matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
        "{saved:?}"
    );
    keep_replay(&h, 4, 3, "g2-1700000000000").await;
    keep_replay(&h, 6, 5, "g9-1700000600000").await;
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let users = four_users();
    let get = |user: usize, path: &str| {
        let data = init_data(&users[user], Some("en"), id.as_str(), now_secs());
        let path = path.to_owned();
        async move {
            let auth = format!("tma {data}");
            let r = request(addr, "GET", &path, &[("Authorization", auth.as_str())], b"").await;
            (
                r.status,
                serde_json::from_str::<Value>(&r.body).unwrap_or(Value::Null),
            )
        }
    };
    // When a member asks for the list, then it has both, newest first, with their players
    // and winners;
    let (status, list) = get(3, "/live/api/replays").await;
    assert_eq!(status, 200, "{list}");
    let games = list["games"].as_array().expect("games");
    assert_eq!(games.len(), 2, "{list}");
    assert_eq!(games[0]["id"], json!("g9-1700000600000"));
    assert_eq!(games[0]["arms"], json!(6));
    assert_eq!(games[0]["names"].as_array().map(Vec::len), Some(6));
    assert_eq!(games[0]["winners"].as_array().map(Vec::len), Some(1));
    assert_eq!(games[1]["id"], json!("g2-1700000000000"));
    // an earlier game replays by its id, a made-up or malformed id is no game,
    let (status, older) = get(3, "/live/api/replay?game=g2-1700000000000").await;
    assert_eq!(status, 200);
    assert_eq!(older["id"], json!("g2-1700000000000"));
    assert!(older["frames"].as_array().is_some_and(|f| f.len() > 10));
    for bad in ["g3-1", "..%2Fx", "g2-1700000000000%3Aanim"] {
        let (status, _) = get(3, &format!("/live/api/replay?game={bad}")).await;
        assert_eq!(status, 404, "{bad}");
    }
    // and someone who left the group gets neither.
    h.fake.remove_member(CHAT, users[2].id, "left");
    let (status, body) = get(2, "/live/api/replays").await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = get(2, "/live/api/replay?game=g2-1700000000000").await;
    assert_eq!(status, 403);

    // When a member opens the page after the game and lists the earlier games,
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let url = page_url(
        addr,
        id.as_str(),
        &init_data(&users[3], Some("en"), id.as_str(), now_secs()),
    );
    let tab = browser.open(&url).await;
    let page = browser.on(&tab).await;
    until(page, "s.state && s.state.stage === 'finished'", 10_000).await;
    page.find(Locator::Id("earlier-open"))
        .await
        .expect("the earlier games' button")
        .click()
        .await
        .expect("the click");
    until(
        page,
        "s.earlier && document.querySelectorAll('#earlier-list button').length === 2",
        10_000,
    )
    .await;
    // then each is a row of at least 44 px, and the newest, tapped, replays on a six-arm
    // board in the page, by itself;
    assert_eq!(
        peek(
            page,
            "[...document.querySelectorAll('#earlier-list button')].every((b) => b.getBoundingClientRect().height >= 44)"
        )
        .await,
        json!(true)
    );
    shot(page, "earlier").await;
    page.find(Locator::Css(
        "#earlier-list button[data-game='g9-1700000600000']",
    ))
    .await
    .expect("the newest game")
    .click()
    .await
    .expect("the click");
    until(
        page,
        "s.replay && s.replay.data.id === 'g9-1700000600000' && s.replay.playing && s.replay.i >= 2",
        15_000,
    )
    .await;
    assert_eq!(
        peek(page, "document.querySelectorAll('#scene g.pc').length").await,
        json!(24)
    );
    assert_eq!(
        peek(
            page,
            "document.querySelector('#board svg').getAttribute('viewBox')"
        )
        .await,
        json!(format!(
            "0 0 {0} {0}",
            parxis::render::image::size(parxis::engine::Arms::Six)
        ))
    );
    // closed, the page shows its own finished game again, on its own board.
    page.find(Locator::Id("replay-close"))
        .await
        .expect("close")
        .click()
        .await
        .expect("close");
    until(
        page,
        "!s.replay && document.querySelectorAll('#scene g.pc').length === 16",
        10_000,
    )
    .await;
    assert_eq!(shown(page).await, json!(["new", "rematch", "replay"]));
    browser.close().await;
}

/// What stands in for Telegram's script in the page (`window.Telegram.WebApp`): it records
/// the haptics asked for and keeps the main button as the page set it.
const TELEGRAM_STAND_IN: &str = "window.__tg = { haptics: [], main: { is_visible: false }, click: null };\
     window.Telegram = { WebApp: {\
       initData: '', themeParams: {}, onEvent: () => {},\
       HapticFeedback: {\
         impactOccurred: (s) => { window.__tg.haptics.push('impact:' + s); },\
         notificationOccurred: (t) => { window.__tg.haptics.push('notification:' + t); },\
         selectionChanged: () => { window.__tg.haptics.push('selection'); },\
       },\
       MainButton: {\
         setParams: (p) => { Object.assign(window.__tg.main, p); },\
         hide: () => { window.__tg.main.is_visible = false; },\
         show: () => { window.__tg.main.is_visible = true; },\
         onClick: (fn) => { window.__tg.click = fn; },\
       },\
     } };";

/// Telegram's main button pressed (the stand-in calls what the page gave `onClick`), and
/// the tap's answer.
async fn press_stand_in_main(page: &Client) -> Value {
    let script = "const done = arguments[arguments.length - 1];\
         const s = window.__parxis; const n = s.taps.length;\
         window.__tg.click();\
         s.until(() => s.taps.length > n, 10000).then(() => done(s.taps[s.taps.length - 1]));";
    page.execute_async(script, vec![])
        .await
        .expect("the main button")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inside_telegram_a_tap_s_haptics_and_the_main_button_follow_the_viewer_s_one_action() {
    // Given a lobby opened in the chat and two pages opened inside Telegram (its script's
    // WebApp stood in for before the page runs): the host's and a member's,
    let (mut h, addr, users, lobby) = lobby_in_chat(26).await;
    let (_, id) = live_button(&lobby);
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let url = |u: usize| {
        page_url(
            addr,
            &id,
            &init_data(&users[u], Some("en"), &id, now_secs()),
        )
    };
    let biel_tab = browser.open_with(&url(1), TELEGRAM_STAND_IN).await;
    let ana_tab = browser.open_with(&url(0), TELEGRAM_STAND_IN).await;
    let biel = browser.on(&biel_tab).await;
    until(
        biel,
        "s.state && s.state.stage === 'lobby' && s.you",
        10_000,
    )
    .await;
    // then the member's main button is Join, shown,
    let join = tr_plain(Lang::En, &Msg::BtnJoin);
    assert_eq!(
        peek(biel, "[window.__tg.main.text, window.__tg.main.is_visible]").await,
        json!([join, true])
    );
    assert_eq!(peek(biel, "window.__tg.haptics").await, json!([]));
    // and the host's is hidden (one seated: nothing to start yet).
    let ana = browser.on(&ana_tab).await;
    until(ana, "s.state && s.state.stage === 'lobby' && s.you", 10_000).await;
    assert_eq!(peek(ana, "window.__tg.main.is_visible").await, json!(false));

    // When the member presses the main button,
    let biel = browser.on(&biel_tab).await;
    let joined = press_stand_in_main(biel).await;
    // then the tap is accepted with a light impact, and the main button goes (seated: no
    // obvious action left);
    assert_eq!(joined["ok"], json!(true), "{joined}");
    assert_eq!(
        peek(biel, "window.__tg.haptics").await,
        json!(["impact:light"])
    );
    until(
        biel,
        "s.you.seated && window.__tg.main.is_visible === false",
        10_000,
    )
    .await;
    // a refused tap (Start, by someone not the host) is the error notification;
    let start = peek(biel, "s.state.buttons.find((b) => b.kind === 'start').data").await;
    let refused_tap = peek_tap(biel, json!({"do": "button", "data": start})).await;
    assert_eq!(refused_tap["ok"], json!(false), "{refused_tap}");
    assert_eq!(
        peek(biel, "window.__tg.haptics").await,
        json!(["impact:light", "notification:error"])
    );
    // and the host's main button is now Start, which starts the game, then goes (auto
    // dice: no roll for anyone).
    let ana = browser.on(&ana_tab).await;
    let start_label = tr_plain(Lang::En, &Msg::BtnStart);
    until(
        ana,
        &format!("window.__tg.main.is_visible && window.__tg.main.text === {start_label:?}"),
        10_000,
    )
    .await;
    let started = press_stand_in_main(ana).await;
    assert_eq!(started["ok"], json!(true), "{started}");
    assert_eq!(
        peek(ana, "window.__tg.haptics").await,
        json!(["impact:light"])
    );
    until(
        ana,
        "s.state.stage === 'playing' && window.__tg.main.is_visible === false",
        10_000,
    )
    .await;
    browser.close().await;
    h.stop_bots().await;
}
