//! The live board (the Telegram Mini App) in a real browser: headless Chromium over
//! WebDriver, pages at a phone's size, against two replicas of the real bot (each its own
//! dispatcher, driver, live board hub and HTTP port) sharing one real Redis and the fake
//! Bot API. Waits are on the pages' own events (a frame, a tap's answer), never fixed.

use crate::support;

use std::time::Duration;

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use parxis::bot::core::refusal::{Alert, Refusal, Reject};
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::Status;
use parxis::bot::core::view;
use parxis::bot::effects::botapi::keyboard::styled;
use parxis::bot::effects::live::auth::{Secret, sign};
use parxis::bot::effects::live::{GameId, Limits, LinkKey};
use parxis::i18n::{Lang, LiveMsg, Msg, tr_plain};
use parxis::store::Place;
use serde_json::{Value, json};

use support::bot_harness::{CHAT, Harness, Options, four_users, text_of};
use support::browser::{Browser, peek, until};
use support::fake_tg::{TOKEN, TestUser};
use support::live::{
    AUTOPLAY, PATH, app, init_data, live_button, mid_game, now_secs, page_url, serve,
};

/// Waits until `page` shows the state at `seq` with its player to move; returns how many
/// taps it has answered so far.
async fn ready_to_tap(page: &Client, seq: u64) -> u64 {
    until(
        page,
        &format!(
            "s.state && s.state.seq === {seq} && s.state.phase === 'move' && s.you && \
             s.state.turn === s.you.colour && !s.busy && document.querySelector('#actions button.mv')"
        ),
        10_000,
    )
    .await;
    peek(page, "s.taps.length").await.as_u64().unwrap_or(0)
}

/// The answer to the tap after the first `before` ones.
async fn answer_after(page: &Client, before: u64) -> Value {
    until(page, &format!("s.taps.length > {before}"), 10_000).await;
    peek(page, "s.taps[s.taps.length - 1]").await
}

/// The page's tap, run in the page (its own `fetch`), and its answer.
async fn tap(page: &Client, body: Value) -> Value {
    let script = format!(
        "const done = arguments[arguments.length - 1];\
         window.__parxis.act({body}).then(() => done(window.__parxis.taps[window.__parxis.taps.length - 1]));"
    );
    page.execute_async(&script, vec![]).await.expect("a tap")
}

fn board_writes(h: &Harness, since: usize) -> usize {
    h.fake
        .requests_since(since)
        .iter()
        .filter(|r| {
            r.ok()
                && matches!(
                    r.method.as_str(),
                    "editmessagemedia" | "sendphoto" | "editmessagetext"
                )
                && r.chat_id() == Some(CHAT)
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_whole_game_is_played_from_four_pages_while_a_fifth_watches_and_the_chat_follows() {
    // Given two replicas serving the live board, a chat with auto dice and emoji boards,
    // and a budget of 20 board writes per 6 s (taps' boards coalesced for 630 ms),
    let opts = Options {
        write_budget: (20, 6_000),
        ..Options::default()
    };
    // (the pages below tap as fast as the server answers, tens of taps a second when a
    // player has several moves in a row, far above a person; the per-user request limit is
    // lifted so that it never refuses them: forged_old_and_foreign_links_… tests the limit)
    let limits = Limits {
        per_second: 1_000,
        burst: 1_000,
        addr_per_second: 1_000,
        addr_burst: 1_000,
        ..Limits::default()
    };
    let mut h = Harness::start_live(12, opts, Some((app(), limits))).await;
    h.spawn_bot().await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    })
    .await;
    let (a, b) = (serve(&h, 0).await, serve(&h, 1).await);
    let users = four_users();
    h.start_game(4).await;

    // Then the chat's board carries "📱 Live board", a Direct Link Mini App URL whose
    // opaque id names this chat's place and shows no chat id.
    let (text, id) = live_button(&h.board().await);
    assert_eq!(text, "📱 Live board");
    assert_eq!(
        GameId::open(&LinkKey::of_token(TOKEN), &id),
        Some(Place::of_chat(CHAT))
    );
    assert!(!id.contains(&CHAT.unsigned_abs().to_string()[4..]), "{id}");

    // When the four players open it (two on each replica) and a fifth user watches, each
    // page a tab of one browser,
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let langs = [Some("ca"), Some("es"), None, Some("en")];
    let mut pages = Vec::new();
    for (i, u) in users.iter().enumerate() {
        let at = if i % 2 == 0 { a } else { b };
        let data = init_data(u, langs[i], &id, now_secs());
        pages.push(browser.open(&page_url(at, &id, &data)).await);
    }
    let pep = TestUser::new(99, "Pep");
    let watcher = browser
        .open(&page_url(
            b,
            &id,
            &init_data(&pep, Some("en"), &id, now_secs()),
        ))
        .await;
    for p in pages.iter().chain([&watcher]) {
        until(
            browser.on(p).await,
            "s.state && s.you && s.state.stage === 'playing'",
            10_000,
        )
        .await;
    }
    // each sees the board drawn (the printed board and the scene, 16 pieces) and who they are,
    // in the chat's language whatever their phones say (ca, es, none, en).
    let w = browser.on(&watcher).await;
    let pieces = peek(w, "document.querySelectorAll('#scene g.pc').length").await;
    assert_eq!(pieces, json!(16));
    assert_eq!(
        peek(w, "document.getElementById('who').textContent").await,
        json!(tr_plain(Lang::En, &Msg::Live(LiveMsg::Watching)))
    );
    assert_eq!(peek(w, "s.you.colour").await, Value::Null);
    let ana = browser.on(&pages[0]).await;
    let ana_colour = peek(ana, "s.you.colour").await;
    assert!(ana_colour.is_string(), "{ana_colour}");
    assert_eq!(
        peek(ana, "document.documentElement.lang").await,
        json!("en")
    );
    let status = peek(browser.on(&pages[1]).await, "s.state.status[0]").await;
    let (_, t) = h.table().await;
    let biel_status = parxis::i18n::html_to_plain(&view::board_text(Lang::En, &t, 0).status);
    assert!(
        biel_status.contains(status.as_str().unwrap_or("?").split(" · ").next().unwrap()),
        "{status} vs {biel_status}"
    );

    // And a tap by the watcher, and one by a player whose turn it is not, are refused
    // with the chat's own refusals, shown in their pages, and change nothing.
    let (version, t) = h.table().await;
    let seq = t.seq();
    let w = browser.on(&watcher).await;
    let refused = tap(w, json!({"do": "move", "index": 0, "from": 0, "to": 5})).await;
    assert_eq!(refused["status"], json!(403), "{refused}");
    let not_a_player = view::refusal(Lang::En, Refusal::Reject(Reject::NotAPlayer));
    assert_eq!(refused["error"], json!(not_a_player));
    assert_eq!(
        peek(w, "document.getElementById('toast').textContent").await,
        json!(not_a_player)
    );
    let mover = t.to_move().expect("someone to move").id;
    let idle = users
        .iter()
        .position(|u| u.id != mover)
        .expect("an idle player");
    let refused = tap(
        browser.on(&pages[idle]).await,
        json!({"do": "move", "index": 0, "from": 0, "to": 5}),
    )
    .await;
    assert_eq!(refused["status"], json!(403), "{refused}");
    assert_eq!(h.table().await.0, version);
    assert_eq!(h.table().await.1.seq(), seq);

    // When the player to move taps on their own page: first a finger on the board where
    // the first move's piece or label is, then a WebDriver click on a move button,
    let writes_before = h.fake.mark();
    let mut tapped = Vec::new();
    for n in 0..2 {
        let (_, t) = h.table().await;
        let mover = t.to_move().expect("someone to move").id;
        let i = users.iter().position(|u| u.id == mover).expect("a player");
        let page = browser.on(&pages[i]).await;
        let before = ready_to_tap(page, t.seq()).await;
        if n == 0 {
            let circle = page
                .find(Locator::Css("#taps circle"))
                .await
                .expect("a move's target on the board");
            let finger = TouchActions::new("finger".into())
                .then(PointerAction::MoveToElement {
                    element: circle,
                    duration: None,
                    x: 0.0,
                    y: 0.0,
                })
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::Up {
                    button: MOUSE_BUTTON_LEFT,
                });
            page.perform_actions(finger).await.expect("the tap");
        } else {
            page.find(Locator::Css("#actions button.mv"))
                .await
                .expect("a move button")
                .click()
                .await
                .expect("the tap");
        }
        let answer = answer_after(page, before).await;
        assert_eq!(answer["ok"], json!(true), "tap {n} refused: {answer}");
        tapped.push(answer["v"].as_u64().expect("the saved version"));
    }
    // and then each page plays by itself (its own clicks, on its buttons and on the board)
    // until the game is over, all four at once,
    for p in &pages {
        let started = browser.on(p).await.execute(AUTOPLAY, vec![]).await;
        assert_eq!(started.expect("autoplay"), json!(true));
    }
    until(
        browser.on(&watcher).await,
        "s.state && s.state.stage === 'finished'",
        100_000,
    )
    .await;

    // Then the game was played to its end from the pages, every tap accepted,
    let (_, end) = h.table().await;
    assert_eq!(end.status(), Status::Finished);
    // (the page's own record of its taps: the two above, the refused one, and its own)
    let mut played = Vec::new();
    let mut board_taps = 0;
    for (i, p) in pages.iter().enumerate() {
        let page = browser.on(p).await;
        let taps: Vec<Value> = serde_json::from_value(peek(page, "s.taps").await).expect("taps");
        let refused: Vec<&Value> = taps.iter().filter(|a| a["ok"] != json!(true)).collect();
        assert!(
            refused.len() <= usize::from(i == idle),
            "refused taps: {refused:?}"
        );
        played.extend(taps.iter().filter_map(|a| a["v"].as_u64()));
        let auto = peek(page, "s.auto").await;
        assert_eq!(
            auto["missed"],
            Value::Null,
            "a board tap hit nothing: {auto}"
        );
        board_taps += auto["board"].as_u64().unwrap_or(0);
    }
    for v in &tapped {
        assert!(played.contains(v), "tap at {v} not recorded: {played:?}");
    }
    let mut tapped = played;
    tapped.sort_unstable();
    let taps = tapped.len();
    assert!(taps > 20, "{taps} taps");
    assert!(board_taps > 5, "{board_taps} taps on the board");
    // the watcher saw every state a tap saved (the last one's as the game recorded with
    // its results, a version later), and the pieces move,
    let w = browser.on(&watcher).await;
    let seen: Vec<u64> = serde_json::from_value(peek(w, "s.seen").await).expect("versions");
    let (last, before) = tapped.split_last().expect("taps");
    for v in before {
        assert!(
            seen.contains(v),
            "the watcher missed version {v}: saw {seen:?}"
        );
    }
    assert!(seen.iter().any(|v| v >= last), "{last} not seen: {seen:?}");
    assert!(peek(w, "s.animated").await.as_u64().unwrap_or(0) > 0);
    for p in pages.iter().chain([&watcher]) {
        until(
            browser.on(p).await,
            "s.state && s.state.stage === 'finished'",
            10_000,
        )
        .await;
    }
    // and the chat's board converged to the final game, written fewer times than moves
    // were tapped (coalesced), never more.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let board = h.board().await;
        if support::fake_tg::buttons(&board)
            .iter()
            .any(|(_, data)| data.starts_with("n:") || data.contains("@n:"))
        {
            let caption = text_of(&board);
            let winner = end.players().iter().any(|p| caption.contains(&p.name));
            assert!(winner, "{caption}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the chat's board never showed the end:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let writes = board_writes(&h, writes_before);
    assert!(
        writes > 0 && writes < taps,
        "{writes} board writes for {taps} taps"
    );
    eprintln!("{taps} taps ({board_taps} on the board), {writes} board writes in the chat");

    // And a tap after the end is refused: the game is over.
    let over = tap(browser.on(&pages[0]).await, json!({"do": "roll"})).await;
    assert_eq!(over["ok"], json!(false), "{over}");
    assert!(matches!(over["status"].as_u64(), Some(403 | 409)), "{over}");
    let game_over = [
        view::refusal(Lang::En, Refusal::Reject(Reject::GameOver)),
        view::refusal(Lang::En, Refusal::Alert(Alert::GameOver)),
    ];
    assert!(
        game_over.contains(&over["error"].as_str().unwrap_or_default().to_owned()),
        "{over}"
    );
    browser.close().await;
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_old_and_foreign_links_show_nothing_and_requests_are_limited() {
    // Given a game in play and its live board, limited to a burst of 8 requests a user,
    let limits = Limits {
        per_second: 1,
        burst: 8,
        streams: 2,
        ..Limits::default()
    };
    let h = Harness::start_live(3, Options::default(), Some((app(), limits))).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    })
    .await;
    h.start_game(2).await;
    let addr = serve(&h, 0).await;
    let (_, id) = live_button(&h.board().await);
    let users = four_users();
    let now = now_secs();
    let good = init_data(&users[0], Some("en"), &id, now);
    // the user's id changed after Telegram signed it,
    let tampered = good.replace(&format!("%22id%22%3A{}", users[0].id), "%22id%22%3A13");
    assert_ne!(tampered, good);
    // signed two days ago,
    let old = init_data(&users[0], Some("en"), &id, now - 2 * 24 * 3600);
    // a made-up game id, and the id of another chat's place (which holds no game),
    let made_up = init_data(
        &users[0],
        Some("en"),
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        now,
    );
    let other = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(-1_009_999_999));
    let foreign = init_data(&users[0], Some("en"), other.as_str(), now);
    // and data signed with another bot's token.
    let other_bot = sign(
        &Secret::of_token("999:OTHER"),
        &[
            ("user", r#"{"id":11,"first_name":"Ana"}"#),
            ("auth_date", &now.to_string()),
            ("start_param", &id),
        ],
    );
    let cases = [
        (tampered.clone(), 401, LiveMsg::OpenFromChat),
        (other_bot, 401, LiveMsg::OpenFromChat),
        (old, 401, LiveMsg::Expired),
        (made_up, 404, LiveMsg::NoGame),
        (foreign, 404, LiveMsg::NoGame),
    ];
    // When each is opened in the browser (one tab, each a page of its own), then the page
    // shows why and nothing of any game.
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open("about:blank").await;
    for (data, status, msg) in cases {
        let page = browser.show(&tab, &page_url(addr, &id, &data)).await;
        until(page, "s.failed", 10_000).await;
        assert_eq!(
            peek(page, "s.failed.status").await,
            json!(status),
            "{msg:?}"
        );
        assert_eq!(
            peek(page, "document.getElementById('turn').textContent").await,
            json!(tr_plain(Lang::En, &Msg::Live(msg.clone())))
        );
        assert_eq!(peek(page, "s.state").await, Value::Null);
        assert_eq!(
            peek(
                page,
                "document.querySelectorAll('#board svg, #scene').length"
            )
            .await,
            json!(0)
        );
    }
    // Opened outside Telegram (no launch parameters), it says where to open it from.
    let page = browser.show(&tab, &format!("http://{addr}{PATH}")).await;
    until(page, "s.failed", 10_000).await;
    assert_eq!(peek(page, "s.failed.status").await, json!(401));
    browser.close().await;

    // A tap with the tampered data is refused the same way and changes nothing.
    let before = h.table().await;
    let auth = format!("tma {tampered}");
    let headers = [
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/json"),
    ];
    let tap_path = format!("{PATH}/api/act");
    let r = support::http::request(
        addr,
        "POST",
        &tap_path,
        &headers,
        br#"{"seq":1,"do":"roll"}"#,
    )
    .await;
    assert_eq!(r.status, 401, "{}", r.body);
    assert_eq!(h.table().await.0, before.0);

    // The page is served with a strict Content-Security-Policy.
    let r = support::http::get(addr, PATH).await;
    assert_eq!(r.status, 200);
    let csp = r
        .headers
        .iter()
        .find(|(k, _)| k == "content-security-policy")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    for part in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
    ] {
        assert!(csp.contains(part), "{csp}");
    }
    assert!(!csp.contains("unsafe"), "{csp}");

    // Requests are limited per user: past the burst, 429; another user is not held back.
    let biel = format!("tma {}", init_data(&users[1], Some("en"), &id, now));
    let junk = [("Authorization", biel.as_str())];
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(
            support::http::request(addr, "POST", &tap_path, &junk, b"not json")
                .await
                .status,
        );
    }
    assert_eq!(statuses[0], 400, "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
    assert!(
        statuses.iter().filter(|s| **s == 400).count() <= 8 + 2,
        "{statuses:?}"
    );
    let carme = format!("tma {}", init_data(&users[2], Some("en"), &id, now));
    let r = support::http::request(
        addr,
        "POST",
        &tap_path,
        &[("Authorization", carme.as_str())],
        b"x",
    )
    .await;
    assert_eq!(r.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phone_screenshots_of_four_six_and_eight_arm_boards() {
    // Given a game of each size stored mid-game, the first seat to choose a move,
    let h = Harness::start_live(5, Options::default(), Some((app(), Limits::default()))).await;
    let addr = serve(&h, 0).await;
    let boards = [
        (
            4u8,
            -1_001_000_000_004_i64,
            r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow","roll":4,
                "board":{"60":["yellow"],"yellow-3":["yellow"],"22":["blue"],"30":["blue","blue"],
                         "39":["red"],"47":["red","green"],"56":["green"]},"goal":{"blue":1}}"#,
        ),
        (
            6,
            -1_001_000_000_006,
            r#"{"rules":"jcf","arms":6,"seats":["yellow","blue","red","green","orange","purple"],
                "turn":"yellow","roll":3,
                "board":{"5":["yellow"],"80":["yellow"],"22":["blue"],"39":["red"],"44":["red"],
                         "56":["green"],"73":["orange"],"90":["purple"],"95":["purple"]},
                "goal":{"green":2}}"#,
        ),
        (
            8,
            -1_001_000_000_008,
            r#"{"rules":"jcf","arms":8,"seats":["yellow","blue","red","green","orange","purple","cyan","pink"],
                "turn":"yellow","roll":6,
                "board":{"5":["yellow"],"130":["yellow"],"22":["blue"],"39":["red"],"56":["green"],
                         "73":["orange"],"90":["purple"],"107":["cyan"],"124":["pink"],"60":["cyan"]},
                "goal":{"pink":1}}"#,
        ),
    ];
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open("about:blank").await;
    let ana = &four_users()[0];
    for (arms, chat, position) in boards {
        let place = Place::of_chat(chat);
        // (a Catalan group)
        h.store
            .set_settings(
                chat,
                &ChatSettings {
                    lang: Some(Lang::Ca),
                    display: Display::Emoji,
                    timer_secs: 0,
                    dice: DiceMode::Button,
                    pings_secs: 0,
                    lang_offered: true,
                },
            )
            .await
            .expect("settings");
        let table = mid_game(arms, position);
        let pieces = usize::from(arms) * 4;
        let saved = h.store.save(place, 0, &table, 3600).await;
        assert!(
            matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
            "{saved:?}"
        );
        let id = GameId::of(&LinkKey::of_token(TOKEN), place);
        let url = page_url(
            addr,
            id.as_str(),
            &init_data(ana, Some("ca"), id.as_str(), now_secs()),
        );
        let page = browser.show(&tab, &url).await;
        // When Ana opens its live board on a phone,
        until(
            page,
            "s.state && s.you && s.state.phase === 'move' && document.querySelectorAll('#taps circle').length > 0",
            10_000,
        )
        .await;
        // then the board of that size is drawn with every piece, her moves offered on it
        // and below it, in Catalan, each target at least 44 px across,
        assert_eq!(peek(page, "s.state.arms").await, json!(arms));
        // (every piece, in its nest, on the board or in its goal, is drawn once)
        assert_eq!(
            peek(page, "document.querySelectorAll('#scene g.pc').length").await,
            json!(pieces)
        );
        let smallest = peek(
            page,
            "Math.min(...[...document.querySelectorAll('#taps circle')].map((c) => c.getBoundingClientRect().width), \
                      ...[...document.querySelectorAll('#actions button')].map((b) => b.getBoundingClientRect().height))",
        )
        .await;
        assert!(smallest.as_f64().unwrap_or(0.0) >= 44.0, "{smallest}");
        assert_eq!(
            peek(page, "document.getElementById('turn').textContent").await,
            json!(tr_plain(Lang::Ca, &Msg::Live(LiveMsg::YourTurnMove)))
        );
        let width = peek(
            page,
            "document.getElementById('board').getBoundingClientRect().width",
        )
        .await;
        assert_eq!(width, json!(390));
        // and, asked for (PARXIS_SCREENSHOTS=<folder>), the screenshot is a phone's width.
        if let Ok(dir) = std::env::var("PARXIS_SCREENSHOTS") {
            let png = page.screenshot().await.expect("a screenshot");
            assert_eq!(&png[1..4], b"PNG");
            let shot_width = u32::from_be_bytes(png[16..20].try_into().expect("IHDR"));
            assert_eq!(
                shot_width,
                support::browser::PHONE.0 * support::browser::PHONE.2
            );
            std::fs::write(format!("{dir}/live_board_{arms}.png"), &png).expect("saved");
        }
    }
    browser.close().await;
}

#[tokio::test]
async fn without_the_mini_app_configured_boards_carry_no_live_button() {
    // Given a bot without PARXIS_MINIAPP_URL / PARXIS_MINIAPP_NAME,
    let h = Harness::start(2).await;
    h.use_emoji().await;
    // when a game starts, then its board has only the game's own buttons.
    h.start_game(2).await;
    let board = h.board().await;
    let rows = board["reply_markup"]["inline_keyboard"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(!rows.is_empty(), "{board}");
    for b in rows
        .iter()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
    {
        assert!(b["url"].is_null() && b["callback_data"].is_string(), "{b}");
    }
    assert!(h.bots[0].ctx.live.is_none());
}

/// The body of a tap on the first move the board offers in `t` (as the page sends it).
fn first_move_tap(t: &parxis::bot::core::table::Table) -> Value {
    let game = t.playing().expect("a game in play");
    let mv = view::ordered_moves(game)[0];
    let index = game
        .legal_moves()
        .iter()
        .position(|l| *l == mv)
        .expect("a legal move");
    json!({"seq": t.seq(), "do": "move", "index": index,
           "from": mv.from_progress(), "to": mv.to_progress()})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taps_within_the_wait_are_one_board_write_in_the_chat_that_shows_the_latest() {
    // Given a 2-player game with auto dice and emoji boards, its board written,
    let mut h = Harness::start_live(7, Options::default(), Some((app(), Limits::default()))).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    })
    .await;
    h.start_game(2).await;
    let (_, id) = live_button(&h.board().await);
    let board_id = h.board_id().await.expect("a board message");
    // and a bot that keeps a budget of 20 writes per 10 minutes (a tap's board waits two
    // writes' spacing: 63 s of the bots' clock, far longer than the taps below take),
    h.stop_bots().await;
    h.write_budget = (20, 600_000);
    h.spawn_bot().await;
    let addr = serve(&h, 0).await;
    let ctx = h.bots[0].ctx.clone();
    let wait = parxis::bot::effects::outbox::coalesce_ms(&ctx, CHAT);
    assert_eq!(wait, 2 * 630_000 / 20);
    let users = four_users();
    let now = now_secs();
    let auth: Vec<String> = users[..2]
        .iter()
        .map(|u| format!("tma {}", init_data(u, Some("en"), &id, now)))
        .collect();

    // When the players make 8 moves on the live board, each tap right after the last,
    let mark = h.fake.mark();
    let mut versions = Vec::new();
    for n in 0..8 {
        let (_, t) = h.table().await;
        assert_eq!(t.status(), Status::Playing, "tap {n}");
        let mover = t.to_move().expect("someone to move").id;
        let who = users.iter().position(|u| u.id == mover).expect("a player");
        let body = first_move_tap(&t).to_string();
        let r = support::http::request(
            addr,
            "POST",
            &format!("{PATH}/api/act"),
            &[
                ("Authorization", auth[who].as_str()),
                ("Content-Type", "application/json"),
            ],
            body.as_bytes(),
        )
        .await;
        assert_eq!(r.status, 200, "tap {n}: {}", r.body);
        let answer: Value = serde_json::from_str(&r.body).expect("JSON");
        versions.push(answer["v"].as_u64().expect("a version"));
    }
    // Then every tap was saved and its board planned, none written yet: one board planned.
    let (latest_version, latest) = h.table().await;
    assert_eq!(versions.last(), Some(&latest_version));
    assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while ctx.store.outbox_len(CHAT).await.unwrap_or(0) != 1 {
        assert!(tokio::time::Instant::now() < deadline, "no board planned");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(board_writes(&h, mark), 0, "{}", h.fake.log_tail(5));

    // When the wait is over,
    h.advance(wait);
    // Then the chat's board is written once, in place, and shows the last tap's state: the
    // buttons of the stored game (their presses name its seq).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while board_writes(&h, mark) == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no board write after the wait:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let board = h.board().await;
    assert_eq!(board["message_id"], json!(board_id));
    let mut expected =
        serde_json::to_value(styled(&view::keyboard(Lang::En, &latest))).expect("JSON");
    let shown = board["reply_markup"]["inline_keyboard"].clone();
    let rows = shown.as_array().expect("rows").len();
    let live_row = shown[rows - 1].clone();
    assert!(live_row[0]["url"].is_string(), "{shown}");
    expected["inline_keyboard"]
        .as_array_mut()
        .expect("rows")
        .push(live_row);
    assert_eq!(shown, expected["inline_keyboard"]);
    // and nothing more: 8 taps, one board write (its outbox entry taken once Telegram's
    // answer is back).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while ctx.store.outbox_len(CHAT).await.unwrap_or(1) != 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the board write stayed planned"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(board_writes(&h, mark), 1, "{}", h.fake.log_tail(5));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_marked_absent_who_taps_is_back_even_when_the_tap_is_refused() {
    // Given a 2-player game whose idle player was marked absent,
    let h = Harness::start_live(9, Options::default(), Some((app(), Limits::default()))).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    })
    .await;
    h.start_game(2).await;
    let (_, id) = live_button(&h.board().await);
    let addr = serve(&h, 0).await;
    let (version, mut t) = h.table().await;
    let mover = t.to_move().expect("someone to move").id;
    let idle = t
        .players()
        .iter()
        .position(|p| p.id != mover)
        .expect("an idle player");
    // The table's stored form with that player marked absent.
    let mut v = serde_json::to_value(&t).expect("json");
    v["players"][idle]["absent"] = true.into();
    t = serde_json::from_value(v).expect("a table");
    let saved = h.store.save(Place::of_chat(CHAT), version, &t, 3600).await;
    assert!(matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })));
    let user = four_users()
        .into_iter()
        .find(|u| u.id == t.players()[idle].id)
        .expect("a user");
    // When they tap a move on the live board out of their turn,
    let auth = format!("tma {}", init_data(&user, Some("en"), &id, now_secs()));
    let r = support::http::request(
        addr,
        "POST",
        &format!("{PATH}/api/act"),
        &[
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json"),
        ],
        first_move_tap(&t).to_string().as_bytes(),
    )
    .await;
    // Then the tap is refused (not their turn), and they are back all the same, as after a
    // refused chat button.
    assert_eq!(r.status, 403, "{}", r.body);
    let (_, back) = h
        .wait_table(Duration::from_secs(5), "the player back", |t| {
            !t.players()[idle].absent
        })
        .await;
    assert_eq!(back.to_move().map(|p| p.id), Some(mover));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_rides_out_a_redis_outage_showing_it_retries_then_follows_the_game_again() {
    // Given a game whose streams live 1 s (then the page reconnects), on a Redis that keeps
    // its data across a crash,
    let limits = Limits {
        stream_secs: 1,
        ..Limits::default()
    };
    let opts = Options {
        persistent_redis: true,
        ..Options::default()
    };
    let mut h = Harness::start_live(21, opts, Some((app(), limits))).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    })
    .await;
    h.start_game(2).await;
    let addr = serve(&h, 0).await;
    let (_, id) = live_button(&h.board().await);
    let data = init_data(&four_users()[0], Some("en"), &id, now_secs());
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open(&page_url(addr, &id, &data)).await;
    let page = browser.on(&tab).await;
    until(page, "s.state !== null && s.connected", 10_000).await;
    // When Redis goes away, the page's next connection is told to retry (503), and the page
    // says so and retries, never a dead "no game";
    h.redis.stop();
    until(page, "s.retrying !== null", 10_000).await;
    assert_eq!(peek(page, "s.failed").await, Value::Null);
    assert_eq!(
        peek(page, "document.getElementById('conn').textContent").await,
        json!(tr_plain(Lang::En, &Msg::Live(LiveMsg::Unavailable)))
    );
    // and when Redis is back, the page follows the game again, its back-off started over.
    h.redis.start_again();
    until(
        page,
        "s.connected && s.attempts === 0 && s.retrying === null && s.state !== null",
        20_000,
    )
    .await;
    assert_eq!(peek(page, "s.failed").await, Value::Null);
    assert!(peek(page, "s.byes").await.as_u64().unwrap_or(0) >= 1);
    browser.close().await;
}
