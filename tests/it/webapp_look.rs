//! How the live board looks and speaks, in a real browser (headless Chromium at a phone's
//! size) against the real bot and Redis: the chat's language whatever the phone's, the
//! Telegram theme (a dark board in a dark theme), type and targets a thumb can use, no
//! empty square before the game, and a page whose connection drops catching up.
//!
//! `PARXIS_SCREENSHOTS=<folder>` saves the themed pages (`live_board_<theme>_<lang>.png`).

use crate::support;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::Status;
use parxis::bot::core::view;
use parxis::bot::effects::live::{GameId, LinkKey};
use parxis::i18n::{Lang, LiveMsg, Msg, tr_plain};
use parxis::store::Place;
use serde_json::{Value, json};
use tokio::task::AbortHandle;

use support::bot_harness::{CHAT, Harness, Options, button_with, four_users, refused};
use support::browser::{Browser, peek, until};
use support::fake_tg::{TOKEN, TestUser, msg_id};
use support::live::{
    app, dark_theme, init_data, light_theme, mid_game, now_secs, page_url, page_url_themed, serve,
};

/// Yellow (Ana) to play a 4: 47 → 51 lands on a square at the board's left edge.
const EDGE_POSITION: &str = r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow","roll":4,
    "board":{"47":["yellow"],"60":["yellow"],"22":["blue"],"30":["blue","blue"],"39":["red"],"56":["green"]},
    "goal":{"blue":1}}"#;

fn settings(lang: Lang) -> ChatSettings {
    ChatSettings {
        lang: Some(lang),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    }
}

/// Relative luminance (0–255) of a computed CSS colour `rgb(r, g, b)`.
fn luma(css: &Value) -> f64 {
    let s = css.as_str().unwrap_or_default();
    let n: Vec<f64> = s
        .trim_start_matches("rgb(")
        .trim_start_matches("rgba(")
        .trim_end_matches(')')
        .split(',')
        .filter_map(|v| v.trim().parse().ok())
        .collect();
    assert!(n.len() >= 3, "not a colour: {css}");
    0.299 * n[0] + 0.587 * n[1] + 0.114 * n[2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn dark_and_light_pages_in_valencian_and_spanish_read_the_chat_and_fit_a_phone() {
    let h = Harness::start_live(31, Options::default(), Some((app(), Default::default()))).await;
    let addr = serve(&h, 0).await;
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open("about:blank").await;
    // Ana's phone says `ca` (central Catalan) in both groups.
    let ana = &four_users()[0];
    let cases = [
        (
            "dark",
            dark_theme(),
            Lang::CaValencia,
            -1_001_000_000_101_i64,
        ),
        ("light", light_theme(), Lang::CaValencia, -1_001_000_000_102),
        ("dark", dark_theme(), Lang::Es, -1_001_000_000_103),
        ("light", light_theme(), Lang::Es, -1_001_000_000_104),
    ];
    for (theme_name, theme, lang, chat) in cases {
        // Given a group in `lang` with a game where Ana (yellow) is to move,
        let place = Place::of_chat(chat);
        h.store
            .set_settings(chat, &settings(lang))
            .await
            .expect("settings");
        let table = mid_game(4, EDGE_POSITION);
        let kb = view::keyboard(lang, &table);
        let saved = h.store.save(place, 0, &table, 3600).await;
        assert!(
            matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
            "{saved:?}"
        );
        let id = GameId::of(&LinkKey::of_token(TOKEN), place);
        let data = init_data(ana, Some("ca"), id.as_str(), now_secs());
        // when she opens the live board in Telegram's `theme_name` theme on a phone,
        let page = browser
            .show(&tab, &page_url_themed(addr, id.as_str(), &data, &theme))
            .await;
        until(
            page,
            "s.state && s.you && s.state.phase === 'move' && document.querySelectorAll('#taps circle').length > 0",
            10_000,
        )
        .await;
        let case = format!("{theme_name} {lang:?}");
        // then the page speaks the group's language, not her phone's: its texts and the
        // move buttons are the chat's own (the same square names),
        assert_eq!(
            peek(page, "document.documentElement.lang").await,
            json!(lang.code()),
            "{case}"
        );
        assert_eq!(
            peek(page, "document.getElementById('turn').textContent").await,
            json!(tr_plain(lang, &Msg::Live(LiveMsg::YourTurnMove))),
            "{case}"
        );
        let labels: Vec<String> = serde_json::from_value(
            peek(
                page,
                "[...document.querySelectorAll('#actions button.mv')].map((b) => b.textContent)",
            )
            .await,
        )
        .expect("labels");
        let chat_buttons: Vec<String> = kb
            .inline_keyboard
            .iter()
            .flatten()
            .map(|b| b.text.clone())
            .collect();
        assert!(!labels.is_empty(), "{case}");
        assert_eq!(labels, chat_buttons, "{case}");
        // the whole page and its board follow the theme (a dark board in the dark theme),
        let dark = theme_name == "dark";
        assert_eq!(peek(page, "s.dark").await, json!(dark), "{case}");
        let paper = luma(
            &peek(
                page,
                "getComputedStyle(document.querySelector('#board svg > g#board > rect')).fill",
            )
            .await,
        );
        let page_bg = luma(&peek(page, "getComputedStyle(document.body).backgroundColor").await);
        let number = luma(&peek(page, "getComputedStyle([...document.querySelectorAll('#board svg > g#board text')].at(-1)).fill").await);
        if dark {
            assert!(
                paper < 50.0 && page_bg < 60.0 && number > 110.0,
                "{case}: {paper} {page_bg} {number}"
            );
        } else {
            assert!(
                paper > 240.0 && page_bg > 240.0 && number < 120.0,
                "{case}: {paper} {page_bg} {number}"
            );
        }
        // the pieces keep their colours and their colour-blind shapes on either board,
        let piece = peek(page, "getComputedStyle(document.querySelector('#scene g.pc[data-c=\"yellow\"] circle')).fill").await;
        assert_eq!(piece, json!("rgb(250, 200, 0)"), "{case}");
        // the square numbers are at least 11 px on the 390 px phone,
        let smallest = peek(
            page,
            "(() => { const svg = document.querySelector('#board svg');\
               const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;\
               return Math.min(...[...svg.querySelectorAll('g#board text')].map((t) => parseFloat(t.getAttribute('font-size')) * k)); })()",
        )
        .await;
        assert!(
            smallest.as_f64().unwrap_or(0.0) >= 10.95,
            "{case}: {smallest}"
        );
        // every tap target is at least 44 px and every ring whole on the board, the one of
        // the square at its left edge (51) too,
        let rings = peek(
            page,
            "(() => { const b = document.querySelector('#board svg').getBoundingClientRect();\
               return [...document.querySelectorAll('#taps circle')].map((c) => { const r = c.getBoundingClientRect();\
                 return { w: r.width, inside: r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5 }; }); })()",
        )
        .await;
        let rings = rings.as_array().cloned().unwrap_or_default();
        assert!(rings.len() >= 3, "{case}: {rings:?}");
        assert!(
            rings
                .iter()
                .all(|r| r["inside"] == json!(true) && r["w"].as_f64().unwrap_or(0.0) >= 44.0),
            "{case}: {rings:?}"
        );
        let at_edge = peek(
            page,
            "s.state.moves.some((m) => m.at[0] < 40 || (m.start && m.start[0] < 40))",
        )
        .await;
        assert_eq!(at_edge, json!(true), "{case}: a target at the left edge");
        let buttons = peek(page, "Math.min(...[...document.querySelectorAll('#actions button')].map((b) => b.getBoundingClientRect().height))").await;
        assert!(buttons.as_f64().unwrap_or(0.0) >= 44.0, "{case}: {buttons}");
        // and nothing is left blank: the status reaches the screen's foot.
        let foot = peek(
            page,
            "innerHeight - document.getElementById('info').getBoundingClientRect().bottom",
        )
        .await;
        assert!(
            foot.as_f64().unwrap_or(999.0) <= 16.0,
            "{case}: {foot} px blank below the status"
        );
        if let Ok(dir) = std::env::var("PARXIS_SCREENSHOTS") {
            let png = page.screenshot().await.expect("a screenshot");
            let width = u32::from_be_bytes(png[16..20].try_into().expect("IHDR"));
            assert_eq!(width, support::browser::PHONE.0 * support::browser::PHONE.2);
            let name = if lang == Lang::Es { "es" } else { "va" };
            std::fs::write(format!("{dir}/live_board_{theme_name}_{name}.png"), &png)
                .expect("saved");
        }
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn before_the_game_the_hosts_page_shows_no_empty_board_and_says_she_is_at_the_table() {
    // Given a Valencian group's lobby opened by Ana, whose phone says `es`,
    let h = Harness::start_live(32, Options::default(), Some((app(), Default::default()))).await;
    h.settings(settings(Lang::CaValencia)).await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    let addr = serve(&h, 0).await;
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let data = init_data(&users[0], Some("es"), id.as_str(), now_secs());
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open(&page_url(addr, id.as_str(), &data)).await;
    let page = browser.on(&tab).await;
    // when she opens the live board,
    until(
        page,
        "s.state && s.state.stage === 'lobby' && s.you",
        10_000,
    )
    .await;
    // then it says she is at the table, in Valencian, and shows no empty board.
    assert_eq!(
        peek(page, "document.getElementById('who').textContent").await,
        json!(tr_plain(Lang::CaValencia, &Msg::Live(LiveMsg::Seated)))
    );
    assert_eq!(
        peek(
            page,
            "document.getElementById('board').getBoundingClientRect().height"
        )
        .await,
        json!(0)
    );
    browser.close().await;
}

/// A TCP relay in front of a replica whose connections can be cut (and new ones refused)
/// as a phone losing its network would.
struct Relay {
    addr: SocketAddr,
    open: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Relay {
    async fn to(target: SocketAddr) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        let open = Arc::new(AtomicBool::new(true));
        let conns: Arc<Mutex<Vec<AbortHandle>>> = Arc::default();
        let (o, c) = (open.clone(), conns.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !o.load(Ordering::SeqCst) {
                    continue; // dropped: the connection is reset
                }
                let task = tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                c.lock().expect("relay").push(task.abort_handle());
            }
        });
        Self { addr, open, conns }
    }

    /// The network goes: every connection cut, new ones refused.
    fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for c in self.conns.lock().expect("relay").drain(..) {
            c.abort();
        }
    }

    fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

/// Whoever is to move presses the board's first button in the chat, `n` times.
async fn presses_in_the_chat(h: &Harness, users: &[TestUser], n: usize) {
    for _ in 0..n {
        let (t, board) = h.fresh_board().await;
        if t.status() != Status::Playing {
            return;
        }
        let Some(p) = t.to_move() else { return };
        let user = users.iter().find(|u| u.id == p.id).expect("a test user");
        let data = button_with(&board, "");
        let ans = h.press(user, msg_id(&board), &data).await;
        assert!(!refused(&ans), "{:?}", ans.params);
        h.shown_after(&ans).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_page_whose_connection_drops_during_the_game_catches_up() {
    // Given a two-player game followed by Ana's page through a network that can drop,
    let h = Harness::start_live(33, Options::default(), Some((app(), Default::default()))).await;
    h.settings(ChatSettings {
        dice: DiceMode::Button,
        ..settings(Lang::Es)
    })
    .await;
    h.start_game(2).await;
    let relay = Relay::to(serve(&h, 0).await).await;
    let users = four_users();
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let data = init_data(&users[0], Some("en"), id.as_str(), now_secs());
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser
        .open(&page_url(relay.addr, id.as_str(), &data))
        .await;
    let page = browser.on(&tab).await;
    let (_, t) = h.table().await;
    until(
        page,
        &format!("s.connected && s.state && s.state.seq === {}", t.seq()),
        10_000,
    )
    .await;
    // when the network goes, the game goes on in the chat meanwhile,
    relay.cut();
    until(page, "!s.connected && s.retrying !== null", 10_000).await;
    let seen_before = peek(page, "s.state.seq").await;
    presses_in_the_chat(&h, &users, 4).await;
    let (_, now) = h.table().await;
    assert!(now.seq() > t.seq());
    assert_eq!(
        peek(page, "s.state.seq").await,
        seen_before,
        "the page was cut off"
    );
    // and the network comes back, the page shows the game as it is now, its back-off over.
    relay.restore();
    until(
        page,
        &format!(
            "s.connected && s.attempts === 0 && s.state.seq === {}",
            now.seq()
        ),
        20_000,
    )
    .await;
    assert!(peek(page, "s.reconnects").await.as_u64().unwrap_or(0) >= 1);
    assert_eq!(peek(page, "s.failed").await, Value::Null);
    assert_eq!(
        peek(page, "document.documentElement.lang").await,
        json!("es")
    );
    browser.close().await;
    let _ = Duration::ZERO;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_rolls_toast_is_gone_once_a_newer_state_shows() {
    // Given a two-player game with the die rolled by button, the mover's page open,
    let h = Harness::start_live(34, Options::default(), Some((app(), Default::default()))).await;
    h.settings(ChatSettings {
        dice: DiceMode::Button,
        ..settings(Lang::En)
    })
    .await;
    h.start_game(2).await;
    let addr = serve(&h, 0).await;
    let users = four_users();
    let mover = h.mover().await.expect("a human to roll");
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let data = init_data(&mover, Some("en"), id.as_str(), now_secs());
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open(&page_url(addr, id.as_str(), &data)).await;
    let page = browser.on(&tab).await;
    until(
        page,
        "s.state && s.you && s.state.phase === 'roll' && s.state.turn === s.you.colour",
        10_000,
    )
    .await;
    // when it rolls from the page, its toast says the roll while the page shows that state,
    let script = "const done = arguments[arguments.length - 1];\
                  window.__parxis.act({do: 'roll'}).then((d) => done(d));";
    let answer = page.execute_async(script, vec![]).await.expect("a roll");
    assert_eq!(answer["ok"], json!(true), "{answer}");
    let v = answer["v"].as_u64().expect("the roll's version");
    let toast = peek(page, "document.getElementById('toast').textContent").await;
    if peek(page, "s.state.v").await.as_u64() == Some(v) {
        assert_eq!(
            peek(page, "document.getElementById('toast').hidden").await,
            json!(false)
        );
        assert_eq!(toast, answer["text"]);
    }
    // and once a newer state shows (played in the chat, or by the bot), the roll's
    // toast is gone at once, not seconds later over a later move.
    // (whoever acts next: the mover's move, or the other player's roll after a pass)
    let (t, _) = h.fresh_board().await;
    if t.status() == Status::Playing && Some(t.seq()) == answer["seq"].as_u64() {
        presses_in_the_chat(&h, &users, 1).await;
    }
    until(page, &format!("s.state.v > {v}"), 10_000).await;
    assert_eq!(
        peek(page, "document.getElementById('toast').hidden").await,
        json!(true)
    );
    browser.close().await;
}
