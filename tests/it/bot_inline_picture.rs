//! Inline games with a picture board: the real bot against the fake Bot API and a real
//! Redis, the bot's HTTP port serving the live board (so the bot has a public URL). An
//! inline message cannot get a photo by upload: the bot keeps each picture board and edits
//! the message's media to its URL, which the fake fetches from the bot's port as Telegram
//! would, refusing what it cannot read.

use crate::support;

use parxis::bot::core::settings::Display;
use std::time::{Duration, Instant};

use parxis::bot::core::settings::ChatSettings;
use parxis::bot::core::table::Status;
use parxis::bot::effects::live::{GameId, LinkKey};
use parxis::store::Place;
use serde_json::{Value, json};
use support::bot_harness::{Harness, WAIT, mover_of, refused};
use support::fake_tg::{Recorded, buttons, is_write};
use support::inline_game::{
    ask_inline, button, choose, drawn_at, fresh_inline, join_and_start, limit_writes, options,
    play_to_the_end, press_inline, table_at, users, wait_inline, within_the_limit,
};
use support::live::{app_on_a_port, serve_listener};

/// A harness whose first replica serves its HTTP port at the live board's URL.
async fn picture_harness(seed: u64) -> (Harness, std::net::SocketAddr) {
    let (listener, app) = app_on_a_port().await;
    let limits = parxis::bot::effects::live::Limits::default();
    let h = Harness::start_live(seed, options(), Some((app, limits))).await;
    limit_writes(&h);
    let addr = serve_listener(&h, 0, listener);
    (h, addr)
}

/// A harness whose live board's URL nothing answers at (its port closed): a public URL
/// Telegram cannot reach.
async fn unreachable_harness(seed: u64) -> Harness {
    let (listener, app) = app_on_a_port().await;
    drop(listener);
    let limits = parxis::bot::effects::live::Limits::default();
    let h = Harness::start_live(seed, options(), Some((app, limits))).await;
    limit_writes(&h);
    h
}

/// How the inline place's boards are drawn, as stored.
async fn display_at(h: &Harness, place: Place) -> Display {
    let settings: ChatSettings = h.store.settings(place.chat).await.expect("redis");
    settings.display
}

/// The URL of the picture an `editMessageMedia` request named.
fn media_url(r: &Recorded) -> String {
    r.params["media"]["media"]
        .as_str()
        .unwrap_or_else(|| panic!("no media URL: {:?}", r.params))
        .to_owned()
}

/// Does inline message `m` show a photo with buttons drawn at `seq`?
fn photo_at(m: &Value, seq: u64) -> bool {
    m.get("photo").is_some() && buttons(m).first().is_some_and(|(_, d)| drawn_at(d, seq))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_a_whole_inline_game_on_a_picture_board_fetched_from_the_bot() {
    let (mut h, addr) = picture_harness(61).await;
    let (ana, ben) = users();
    let first = h.fake.mark();

    // Given Ana typed @<bot>: with a public URL the bot offers the picture board second,
    let (qid, offers) = ask_inline(&h, &ana).await;
    let titles: Vec<_> = offers.iter().map(|o| o["title"].clone()).collect();
    assert_eq!(
        titles,
        [
            json!("🎲 New game of parxís"),
            json!("🖼 New game of parxís, board as a picture")
        ]
    );
    // and she chose it: the lobby opens on the inline message, as text,
    let id = choose(&h, &ana, &qid, offers[1]["id"].as_str().expect("an id"));
    let place = Place::inline(&id);
    join_and_start(&h, &id, &ana, &ben).await;
    assert_eq!(display_at(&h, place).await, Display::Image);

    // When the game starts, the message becomes a photo: its media edited to a URL on the
    // bot's own port, naming the game by an id that shows no chat number,
    let t = table_at(&h, place).await.expect("the game");
    let shown = wait_inline(&h, &id, WAIT, "the first picture", |m| photo_at(m, t.seq())).await;
    let media = h
        .fake
        .requests_since(first)
        .into_iter()
        .find(|r| r.method == "editmessagemedia" && r.ok())
        .expect("an editMessageMedia");
    assert_eq!(media.str_param("inline_message_id"), Some(id.as_str()));
    let url = media_url(&media);
    let prefix = format!("http://{addr}/live/pic/");
    assert!(url.starts_with(&prefix), "{url}");
    assert!(
        !url.contains(&place.chat.unsigned_abs().to_string()),
        "{url}"
    );
    // which the fake fetched from the bot: a PNG board, its size read from the picture,
    let fetched = media
        .files
        .iter()
        .find(|f| f.field == format!("url:{url}"))
        .unwrap_or_else(|| panic!("the URL was not fetched: {:?}", media.files));
    assert!(
        fetched.head.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{:?}",
        fetched.head
    );
    assert!(fetched.len > 10_000, "{} bytes", fetched.len);
    let size = shown["photo"]
        .as_array()
        .and_then(|s| s.last())
        .cloned()
        .expect("sizes");
    assert!(size["width"].as_u64() >= Some(390), "{size}");
    // with the turn in its caption.
    let caption = shown["caption"].as_str().expect("a caption");
    assert!(
        caption.contains(&ana.first_name) || caption.contains(&ben.first_name),
        "{caption}"
    );
    // Once Telegram has answered, the picture is dropped: its URL serves nothing more.
    let path = url.trim_start_matches(&format!("http://{addr}")).to_owned();
    let deadline = Instant::now() + WAIT;
    while support::http::get(addr, &path).await.status != 404 {
        assert!(Instant::now() < deadline, "{path} still served");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The fetched bytes are the whole board, a PNG of the size the fake read,
    let decoded = png::Decoder::new(fetched.data.as_slice())
        .read_info()
        .expect("a PNG");
    assert_eq!(
        Some(u64::from(decoded.info().width)),
        size["width"].as_u64()
    );
    if let Ok(dir) = std::env::var("PARXIS_SHOT_DIR") {
        std::fs::write(format!("{dir}/inline-picture.png"), &fetched.data).expect("written");
    }
    // and a kept picture is served to whoever has its URL; a changed URL, or one naming a
    // group's place (whose boards are uploaded, never served), serves nothing.
    let (dir, _) = path.rsplit_once('/').expect("a file");
    h.store
        .put_picture(place, 424_242, &fetched.data)
        .await
        .expect("redis");
    let served = support::http::get(addr, &format!("{dir}/424242.png")).await;
    assert_eq!(served.status, 200);
    assert!(
        served
            .headers
            .contains(&("content-type".into(), "image/png".into()))
    );
    assert!(served.body.contains("IHDR"));
    let group = Place::of_chat(support::bot_harness::CHAT);
    h.store
        .put_picture(group, 424_242, &fetched.data)
        .await
        .expect("redis");
    let key = LinkKey::of_token(support::fake_tg::TOKEN);
    let group_id = GameId::of(&key, group);
    for wrong in [
        format!("{dir}/999999.png"),
        format!("{}X/424242.png", &dir[..dir.len() - 1]),
        "/live/pic/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/424242.png".to_owned(),
        format!("{dir}/424242.png.txt"),
        format!("/live/pic/{}/424242.png", group_id.as_str()),
    ] {
        let r = support::http::get(addr, &wrong).await;
        assert_eq!(r.status, 404, "{wrong}");
    }

    // And whoever is to move presses the first button of the picture board to the end.
    let (ended, _) = play_to_the_end(&mut h, &id, &[ana.clone(), ben.clone()], None).await;
    assert_eq!(ended.status(), Status::Finished);
    let (_, last) = fresh_inline(&h, &id).await;
    assert!(last.get("photo").is_some(), "{last}");
    // A rematch's lobby is the photo's caption (the message cannot turn back into text).
    let rematch = press_inline(&h, &ben, &id, &button(&last, "x:")).await;
    assert!(!refused(&rematch), "{:?}", rematch.params);
    let again = table_at(&h, place).await.expect("the rematch");
    let lobby = wait_inline(&h, &id, WAIT, "the rematch's lobby", |m| {
        buttons(m)
            .iter()
            .any(|(_, d)| d.starts_with("j:") && drawn_at(d, again.seq()))
    })
    .await;
    assert!(lobby.get("photo").is_some(), "{lobby}");
    assert!(
        lobby["caption"]
            .as_str()
            .unwrap_or_default()
            .contains(&ben.first_name),
        "{lobby}"
    );

    // Every write was an edit of the inline message by its id alone, each picture a URL
    // of its own,
    let all = h.fake.requests_since(first);
    let writes: Vec<_> = all.iter().filter(|r| is_write(&r.method)).collect();
    let mut urls = std::collections::HashSet::new();
    for w in &writes {
        assert!(
            matches!(
                w.method.as_str(),
                "editmessagetext"
                    | "editmessagereplymarkup"
                    | "editmessagemedia"
                    | "editmessagecaption"
            ),
            "{} {:?}",
            w.method,
            w.params
        );
        assert_eq!(w.str_param("inline_message_id"), Some(id.as_str()));
        assert!(
            w.ok() || w.response.to_string().contains("not modified"),
            "{:?}",
            w.response
        );
        if w.method == "editmessagemedia" {
            assert!(urls.insert(media_url(w)), "a picture URL used twice");
        }
    }
    assert!(urls.len() > 10, "{} pictures", urls.len());
    // (The figures of the run, shown with `--nocapture`.)
    let mut sizes: Vec<usize> = writes
        .iter()
        .filter(|w| w.method == "editmessagemedia")
        .flat_map(|w| w.files.iter().map(|f| f.len))
        .collect();
    sizes.sort_unstable();
    eprintln!(
        "{} writes, {} pictures fetched, median {} bytes",
        writes.len(),
        sizes.len(),
        sizes.get(sizes.len() / 2).copied().unwrap_or(0)
    );
    assert!(writes.iter().any(|w| w.method == "editmessagecaption"));
    // within Telegram's limit (no 429).
    assert_eq!(within_the_limit(&h, &id), writes.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_picture_offer_s_first_press_opens_a_picture_lobby_when_inline_feedback_is_off() {
    let (h, _) = picture_harness(62).await;
    let (ana, _) = users();
    // Given the picture offer posted without a chosen_inline_result (feedback off),
    let (qid, offers) = ask_inline(&h, &ana).await;
    let rid = offers[1]["id"].as_str().expect("an id");
    let (_, id) = h.fake.choose_inline(&ana, &qid, rid, "1");
    let id = id.expect("an inline id");
    let placeholder = h.fake.inline_message(&id).expect("posted");
    // When Ana presses its New game button (which names the picture board),
    let new = button(&placeholder, "n:");
    assert_eq!(new, "n:0:p");
    let ans = press_inline(&h, &ana, &id, &new).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    // Then her lobby opens with its board to be drawn as a picture.
    wait_inline(&h, &id, WAIT, "the lobby", |m| {
        buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
    })
    .await;
    let place = Place::inline(&id);
    assert_eq!(display_at(&h, place).await, Display::Image);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_fetches_a_photo_url_and_refuses_what_telegram_refuses() {
    let (h, addr) = picture_harness(63).await;
    let (ana, _) = users();
    let (qid, offers) = ask_inline(&h, &ana).await;
    let id = choose(&h, &ana, &qid, offers[1]["id"].as_str().expect("an id"));
    wait_inline(&h, &id, WAIT, "the lobby", |m| {
        buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
    })
    .await;
    let fake = h.fake.addr();
    let path = format!("/bot{}/editMessageMedia", support::fake_tg::TOKEN);
    let edit = |media: Value| {
        let path = path.clone();
        let body = json!({"inline_message_id": id, "media": media});
        async move { support::http::post_json(fake, &path, None, &body).await }
    };
    // A URL nothing answers at,
    let r = edit(json!({"type": "photo", "media": "http://127.0.0.1:9/x.png"})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("failed to get HTTP URL content"),
        "{}",
        r.body
    );
    // a URL that serves no image (the bot's page),
    let r = edit(json!({"type": "photo", "media": format!("http://{addr}/live")})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("wrong type of the web page content"),
        "{}",
        r.body
    );
    // an upload (an inline message takes none),
    let r = edit(json!({"type": "photo", "media": "attach://photo"})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    // and an unknown field of the media are refused, and the message is still text.
    let r =
        edit(json!({"type": "photo", "media": format!("http://{addr}/live"), "colour": 1})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    let m = h.fake.inline_message(&id).expect("it");
    assert!(m.get("photo").is_none() && m.get("text").is_some(), "{m}");
    // A caption cannot be set on a text message.
    let r = support::http::post_json(
        fake,
        &format!("/bot{}/editMessageCaption", support::fake_tg::TOKEN),
        None,
        &json!({"inline_message_id": id, "caption": "x"}),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_telegram_cannot_fetch_is_shown_as_the_emoji_board_and_the_game_goes_on() {
    // Given a picture game whose public URL Telegram cannot reach,
    let h = unreachable_harness(64).await;
    let (ana, ben) = users();
    let (qid, offers) = ask_inline(&h, &ana).await;
    let id = choose(&h, &ana, &qid, offers[1]["id"].as_str().expect("an id"));
    let place = Place::inline(&id);
    let mark = h.fake.mark();
    // When the game starts,
    join_and_start(&h, &id, &ana, &ben).await;
    // Then the picture is refused (Telegram could not read its URL), and the board is shown
    // at once as emoji in the message's text, with its buttons,
    let (t, board) = fresh_inline(&h, &id).await;
    assert!(board.get("photo").is_none(), "{board}");
    assert!(
        board["text"].as_str().is_some_and(|b| b.contains("🏠")),
        "{board}"
    );
    let log = h.fake.requests_since(mark);
    let refused_media = log
        .iter()
        .position(|r| r.method == "editmessagemedia" && !r.ok())
        .unwrap_or_else(|| panic!("no refused picture:\n{}", h.fake.log_tail(10)));
    assert!(
        log[refused_media]
            .response
            .to_string()
            .contains("failed to get HTTP URL content")
    );
    assert!(
        log[refused_media..]
            .iter()
            .any(|r| r.method == "editmessagetext" && r.ok()),
        "{}",
        h.fake.log_tail(10)
    );
    // The place draws emoji from then on (no request spent on pictures that fail),
    assert_eq!(display_at(&h, place).await, Display::Emoji);
    // and the game goes on by its buttons, every board an emoji text.
    let players = [ana.clone(), ben.clone()];
    let mut last = t.seq();
    for _ in 0..4 {
        let (t, board) = fresh_inline(&h, &id).await;
        if t.status() != Status::Playing {
            break;
        }
        assert!(board.get("photo").is_none(), "{board}");
        let ans = press_inline(&h, &mover_of(&players, &t), &id, &buttons(&board)[0].1).await;
        assert!(!refused(&ans), "{:?}", ans.params);
        last = t.seq();
    }
    let (now, _) = fresh_inline(&h, &id).await;
    assert!(now.seq() > last);
    let since = &h.fake.requests_since(mark)[refused_media + 1..];
    assert!(
        since.iter().all(|r| r.method != "editmessagemedia"),
        "a picture tried again"
    );
}
