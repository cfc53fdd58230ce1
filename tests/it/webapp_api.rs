//! The live board's API from outside, over plain HTTP: how strictly `initData` is read, and
//! the headers every answer carries, refusals included. A real bot (the harness) and its
//! HTTP port, a real Redis and the fake Bot API; no browser.

use crate::support;

use parxis::bot::effects::live::Limits;
use parxis::bot::effects::live::auth::{Secret, sign};
use parxis::i18n::{Lang, LiveMsg, Msg, tr_plain};
use serde_json::json;

use support::bot_harness::{Harness, Options, four_users};
use support::fake_tg::TOKEN;
use support::http::{Reply, request};
use support::live::{PATH, app, auto_dice_settings, init_data, live_button, now_secs, serve};

/// The value of header `name` (lower-case) in `r`, empty when absent.
fn header<'a>(r: &'a Reply, name: &str) -> &'a str {
    r.headers
        .iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.as_str())
}

/// Asserts that `r` carries the API's headers: nothing kept by a cache, nothing sniffed.
fn assert_api_headers(what: &str, r: &Reply) {
    assert_eq!(header(r, "cache-control"), "no-store", "{what}: {r:?}");
    assert_eq!(
        header(r, "x-content-type-options"),
        "nosniff",
        "{what}: {r:?}"
    );
    assert!(
        header(r, "content-security-policy").contains("default-src 'none'"),
        "{what}: {r:?}"
    );
}

/// A request: what it is, its method, path, `Authorization` (empty: none), body, and the
/// status it deserves.
type Ask<'a> = (&'a str, &'a str, String, &'a str, &'a [u8], u16);

/// `initData` signed with the bot's own token whose `user` field is `user` as written.
fn signed_user(user: &str, start_param: &str) -> String {
    sign(
        &Secret::of_token(TOKEN),
        &[
            ("user", user),
            ("auth_date", &now_secs().to_string()),
            ("start_param", start_param),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_user_that_is_not_an_object_with_an_integer_id_is_refused_as_malformed() {
    // Given a game in play and its live board,
    let h = Harness::start_live(5, Options::default(), Some((app(), Limits::default()))).await;
    h.settings(auto_dice_settings()).await;
    h.start_game(2).await;
    let addr = serve(&h, 0).await;
    let (_, id) = live_button(&h.board().await);
    let before = h.table().await;
    // when data correctly signed by Telegram's key names its user as an array (which a
    // lenient reader took as user 1), a number, a text, or an object whose id is not an
    // integer,
    for user in [
        "[1]",
        "[11]",
        r#"[11,"Ana"]"#,
        "11",
        r#""11""#,
        "{}",
        r#"{"id":"11"}"#,
        r#"{"id":11.5}"#,
        r#"{"first_name":"Ana"}"#,
    ] {
        let auth = format!("tma {}", signed_user(user, &id));
        // then the stream, a tap and the replays all answer 401, as for any malformed data,
        for (method, route, body) in [
            ("GET", "api/live", &b""[..]),
            ("POST", "api/act", br#"{"seq":1,"do":"roll"}"#),
            ("GET", "api/replays", b""),
        ] {
            let r = request(
                addr,
                method,
                &format!("{PATH}/{route}"),
                &[("Authorization", &auth)],
                body,
            )
            .await;
            assert_eq!(r.status, 401, "user={user} {method} {route}: {}", r.body);
            assert_api_headers(&format!("user={user} {route}"), &r);
        }
    }
    // and nothing changed at the table; the same user written as an object is let in.
    assert_eq!(h.table().await.0, before.0);
    let auth = format!(
        "tma {}",
        signed_user(r#"{"id":11,"first_name":"Ana"}"#, &id)
    );
    let r = request(
        addr,
        "GET",
        &format!("{PATH}/api/replays"),
        &[("Authorization", &auth)],
        b"",
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_api_answer_refusals_included_carries_no_store_and_nosniff() {
    // Given a game in play and its live board, limited to a burst of 12 requests a user,
    let limits = Limits {
        per_second: 1,
        burst: 12,
        ..Limits::default()
    };
    let h = Harness::start_live(6, Options::default(), Some((app(), limits))).await;
    h.settings(auto_dice_settings()).await;
    h.start_game(2).await;
    let addr = serve(&h, 0).await;
    let (_, id) = live_button(&h.board().await);
    let users = four_users();
    let ana = format!("tma {}", init_data(&users[0], Some("en"), &id, now_secs()));
    let nobody = format!(
        "tma {}",
        init_data(
            &users[0],
            Some("en"),
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            now_secs()
        )
    );
    let act = format!("{PATH}/api/act");
    let seq = h.table().await.1.seq();
    let stale = json!({ "seq": seq + 100, "do": "roll" }).to_string();
    let big = vec![b' '; 4096];
    let bad_tap = tr_plain(Lang::En, &Msg::Live(LiveMsg::BadTap));
    // When the API is asked, well and badly,
    let asks: Vec<Ask> = vec![
        (
            "bad JSON",
            "POST",
            act.clone(),
            ana.as_str(),
            b"not json",
            400,
        ),
        (
            "unknown tap",
            "POST",
            act.clone(),
            &ana,
            br#"{"seq":1,"do":"fly"}"#,
            400,
        ),
        (
            "forged button",
            "POST",
            act.clone(),
            &ana,
            br#"{"seq":1,"do":"button","data":"zz"}"#,
            400,
        ),
        ("body too large", "POST", act.clone(), &ana, &big, 413),
        (
            "no initData",
            "POST",
            act.clone(),
            "",
            br#"{"seq":1,"do":"roll"}"#,
            401,
        ),
        (
            "no game",
            "POST",
            act.clone(),
            &nobody,
            br#"{"seq":1,"do":"roll"}"#,
            404,
        ),
        (
            "a stale tap",
            "POST",
            act.clone(),
            &ana,
            stale.as_bytes(),
            409,
        ),
        (
            "replay of a game in play",
            "GET",
            format!("{PATH}/api/replay"),
            &ana,
            b"",
            404,
        ),
        (
            "unknown kept game",
            "GET",
            format!("{PATH}/api/replay?game=..%2F"),
            &ana,
            b"",
            404,
        ),
        (
            "replays",
            "GET",
            format!("{PATH}/api/replays"),
            &ana,
            b"",
            200,
        ),
        (
            "the season, without initData",
            "GET",
            format!("{PATH}/api/season"),
            "",
            b"",
            401,
        ),
        (
            "no season (an answer, not an error)",
            "GET",
            format!("{PATH}/api/season"),
            &ana,
            b"",
            200,
        ),
    ];
    for (what, method, path, auth, body, status) in asks {
        let mut headers = vec![("Content-Type", "application/json")];
        if !auth.is_empty() {
            headers.push(("Authorization", auth));
        }
        let r = request(addr, method, &path, &headers, body).await;
        // then each gets the status it deserves, with the API's headers,
        assert_eq!(r.status, status, "{what}: {}", r.body);
        assert_api_headers(what, &r);
        // and a tap that cannot be read is told so in words, in the group's language.
        if status == 400 || status == 413 {
            let body: serde_json::Value = serde_json::from_str(&r.body).unwrap_or_default();
            assert_eq!(body["error"], json!(bad_tap), "{what}: {}", r.body);
        }
    }
    // Past the user's burst, 429 carries them too.
    let mut last = None;
    for _ in 0..20 {
        let r = request(addr, "POST", &act, &[("Authorization", &ana)], b"x").await;
        if r.status == 429 {
            last = Some(r);
            break;
        }
        assert_eq!(r.status, 400, "{}", r.body);
        assert_api_headers("bad JSON", &r);
    }
    let limited = last.expect("the user's burst ends in 429");
    assert_api_headers("past the burst", &limited);
}
