//! A lobby's taps from the live board's pages on a phone (headless Chromium emulating a
//! 390 px phone, a finger's touch taps), after the group chose its language with a button:
//! each tap (Join, Leave, a computer, the board, the rules, Start) reaches the chat's lobby
//! message, the pages served by the second of two replicas. Waits are on the pages' own
//! answers and on the chat's message, never fixed.

use crate::support;

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use parxis::bot::effects::live::Limits;
use parxis::i18n::Lang;
use serde_json::{Value, json};

use support::bot_harness::{Harness, Options, four_users, text_of};
use support::browser::{Browser, assert_fits, peek, until};
use support::fake_tg::buttons;
use support::live::{app, init_data, live_button, now_secs, page_url, serve};

/// Limits far above a person's.
fn open_limits() -> Limits {
    Limits {
        per_second: 1_000,
        burst: 1_000,
        addr_per_second: 1_000,
        addr_burst: 1_000,
        ..Limits::default()
    }
}

/// A finger's tap on the element `css` (as a phone's touch: down and up on it); the tap's
/// answer.
async fn touch(page: &Client, css: &str) -> Value {
    let before = peek(page, "s.taps.length").await.as_u64().unwrap_or(0);
    let target = page
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on the page: {e}"));
    let finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element: target,
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
    until(page, &format!("s.taps.length > {before}"), 15_000).await;
    peek(page, "s.taps[s.taps.length - 1]").await
}

/// The chat's lobby message once its text differs from `before` and satisfies `pred`.
async fn chat_lobby_changed(
    h: &Harness,
    what: &str,
    before: &str,
    pred: impl Fn(&str) -> bool,
) -> String {
    text_of(
        &h.chat_board_until(what, |m| text_of(m) != before && pred(&text_of(m)))
            .await,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn lobby_taps_on_a_phone_after_a_language_press_reach_the_chat_s_lobby() {
    // Given a group's first lobby, opened with /newgame and put in Valencian with the
    // Valencià button under it,
    let mut h = Harness::start_live(57, Options::default(), Some((app(), open_limits()))).await;
    h.spawn_bot().await;
    let users = four_users();
    let (ana, biel, carme) = (&users[0], &users[1], &users[2]);
    h.command(ana, "/newgame").await;
    let lobby = h
        .chat_board_until("the lobby", |m| {
            buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
        })
        .await;
    let (_, va) = buttons(&lobby)
        .into_iter()
        .find(|(text, _)| text == Lang::CaValencia.native_name())
        .expect("a Valencià button under the first lobby");
    let lobby_id = i32::try_from(lobby["message_id"].as_i64().expect("an id")).expect("i32");
    h.press(ana, lobby_id, &va).await;
    let lobby = h
        .chat_board_until("the lobby in Valencian", |m| {
            buttons(m).iter().any(|(t, _)| t.contains("M'apunte"))
        })
        .await;
    // and the lobby's pages, opened from its live board link on phones, served by the
    // second replica: Biel's (a member) and Ana's (the host),
    let (_, id) = live_button(&lobby);
    let addr = serve(&h, 1).await;
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let now = now_secs();
    let biel_tab = browser
        .open(&page_url(addr, &id, &init_data(biel, Some("es"), &id, now)))
        .await;
    let ana_tab = browser
        .open(&page_url(addr, &id, &init_data(ana, Some("ca"), &id, now)))
        .await;
    let page = browser.on(&biel_tab).await;
    until(
        page,
        "s.state && s.state.stage === 'lobby' && s.you",
        10_000,
    )
    .await;
    assert_fits(page, "Biel's lobby").await;
    // When Biel's finger is on Join while Carme joins from the chat (a new state re-draws
    // the page under his finger), and then lifts,
    // When a new state arrives while Biel's finger is on Join (Carme joins from the chat),
    // then the Join button under his finger is the same element, updated, not re-drawn
    // (a tap whose button is replaced between the finger's down and up is lost),
    let frames = peek(page, "s.frames").await.as_u64().unwrap_or(0);
    let held = "(window.__held = document.querySelector('#actions button.join'), !!window.__held)";
    assert_eq!(peek(page, held).await, json!(true));
    h.command(carme, "/join").await;
    until(page, &format!("s.frames > {frames}"), 10_000).await;
    assert_eq!(
        peek(page, "s.state.seats.length").await,
        json!(2),
        "Carme seated on the page"
    );
    let same = "window.__held.isConnected && document.querySelector('#actions button.join') === window.__held";
    assert_eq!(
        peek(page, same).await,
        json!(true),
        "the Join button was re-drawn"
    );
    // and his finger's tap on it is played and reaches the chat's lobby;
    let answer = touch(page, "#actions button.join").await;
    assert_eq!(answer["ok"], json!(true), "{answer}");
    let text = text_of(
        &h.chat_board_until("Biel seated", |m| text_of(m).contains("Biel"))
            .await,
    );
    // his Leave reaches it too,
    until(
        page,
        "!!document.querySelector('#actions button.leave')",
        10_000,
    )
    .await;
    let answer = touch(page, "#actions button.leave").await;
    assert_eq!(answer["ok"], json!(true), "{answer}");
    let text = chat_lobby_changed(&h, "Biel gone", &text, |t| !t.contains("Biel")).await;
    // and so do the host's taps: a computer,
    let page = browser.on(&ana_tab).await;
    until(
        page,
        "!!document.querySelector('#actions button.bot')",
        10_000,
    )
    .await;
    assert_fits(page, "Ana's lobby").await;
    let seated = h.table().await.1.players().len();
    let answer = touch(page, "#actions button.bot").await;
    assert_eq!(answer["ok"], json!(true), "{answer}");
    let text = chat_lobby_changed(&h, "a computer seated", &text, |_| true).await;
    assert_eq!(h.table().await.1.players().len(), seated + 1);
    // the board and the rules (a value not chosen yet, each),
    for kind in ["board", "rules"] {
        let css = format!("#choices .{kind} button[aria-pressed=false]:not(:disabled)");
        until(page, &format!("!!document.querySelector({css:?})"), 10_000).await;
        let answer = touch(page, &css).await;
        assert_eq!(answer["ok"], json!(true), "{kind}: {answer}");
        chat_lobby_changed(&h, kind, &text, |_| true).await;
    }
    let (_, t) = h.table().await;
    assert!(t.board().is_some(), "a board chosen");
    assert_ne!(
        t.preset(),
        parxis::engine::Preset::Jcf,
        "other rules chosen"
    );
    // and Start, which makes the chat's lobby the game.
    until(
        page,
        "!!document.querySelector('#actions button.start')",
        10_000,
    )
    .await;
    let answer = touch(page, "#actions button.start").await;
    assert_eq!(answer["ok"], json!(true), "{answer}");
    h.chat_board_until("the game started", |m| {
        !buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
    })
    .await;
    browser.close().await;
    h.stop_bots().await;
}
