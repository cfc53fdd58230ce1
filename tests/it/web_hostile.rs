//! The bot's web port against a hostile client: the real `parxis bot` binary (webhook mode,
//! live board on), a real Redis and the fake Bot API. Each test asserts the bound it
//! protects: memory under stalled bodies, the header timeout, the connection caps (with
//! probes and the webhook still answered), a low open-file limit, stream caps, forged
//! `initData` floods, membership, SIGTERM with open streams, and a Redis outage.
//!
//! The settings shorten every timeout so that the file runs in seconds.

use crate::support;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use support::bot_process::{CHAT, WAIT, free_port};
use support::hostile::{
    HOOK, LIVE, WATCHER, auth, connect_from, help_is_answered, open_stream, read_head, read_until,
    room_for_sockets, stall_bodies, start,
};
use support::http;
use support::redis::TestRedis;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_bodies_are_refused_before_they_are_read_and_memory_stays_bounded() {
    room_for_sockets();
    let (_fake, _redis, bot) = start(&[], None, TestRedis::start()).await;
    let before = bot.rss_kib();
    // When 150 clients without a secret or initData each declare a 2 MB body, send all of
    // it but one byte, and stall (half at the tap API, half at the webhook),
    let (statuses, _held): (Vec<u16>, Vec<TcpStream>) =
        stall_bodies(bot.addr(), 150).await.into_iter().unzip();
    let after = bot.rss_kib();
    // Then each is refused (401; 429 once the address has failed too often) before its
    // body is read, and the process's memory grew by less than 24 MB (before these bounds:
    // +264 MB).
    assert!(
        statuses.iter().all(|s| *s == 401 || *s == 429),
        "{statuses:?}"
    );
    assert!(
        after.saturating_sub(before) < 24 * 1024,
        "resident memory went from {before} KiB to {after} KiB"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_authorized_tap_body_is_capped_and_has_a_deadline() {
    let (_fake, _redis, bot) = start(&[], None, TestRedis::start()).await;
    let auth = auth(11);
    // A body larger than a tap needs is refused from its declared length,
    let big = vec![b' '; 4096];
    let r = http::request(
        bot.addr(),
        "POST",
        &format!("{LIVE}/api/act"),
        &[("Authorization", &auth)],
        &big,
    )
    .await;
    assert_eq!(r.status, 413);
    // and a tap body that stalls gets 408 within the tap's deadline (5 s, before the
    // request deadline of 3 s here: whichever comes first), the connection closed.
    let mut s = TcpStream::connect(bot.addr()).await.expect("connect");
    let head = format!(
        "POST {LIVE}/api/act HTTP/1.1\r\nHost: x\r\nAuthorization: {auth}\r\nContent-Length: 100\r\n\r\n{{\"seq\":"
    );
    s.write_all(head.as_bytes()).await.expect("write");
    let answer = read_head(&mut s).await;
    assert_eq!(answer.status, 408);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_are_cut_by_the_header_timeout() {
    let (_fake, _redis, bot) = start(&[], None, TestRedis::start()).await;
    // A client that sends its request head a byte every 100 ms (it would take 6 s)
    let mut s = TcpStream::connect(bot.addr()).await.expect("connect");
    let head = format!(
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: {}\r\n\r\n",
        "a".repeat(40)
    );
    let started = Instant::now();
    let mut closed = false;
    for b in head.bytes() {
        if s.write_all(&[b]).await.is_err() {
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut buf = [0u8; 512];
        if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(1), s.read(&mut buf)).await {
            // An answer (408 from hyper) or the close: either way, cut.
            let _ = n;
            closed = true;
            break;
        }
    }
    // is cut off by the header timeout (2 s here), long before it is done.
    assert!(closed, "the slow client was never cut off");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "cut only after {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_beyond_the_caps_leave_room_for_probes_and_the_webhook() {
    room_for_sockets();
    let (fake, _redis, bot) = start(
        &[
            ("PARXIS_HTTP_HEADER_SECS", "60"),
            ("PARXIS_HTTP_MAX_CONNS", "64"),
            ("PARXIS_HTTP_MAX_CONNS_PER_IP", "32"),
        ],
        None,
        TestRedis::start(),
    )
    .await;
    let files_before = bot.open_files();
    // When one client opens 300 connections and sends nothing on any of them,
    let mut silent = Vec::new();
    for _ in 0..300 {
        silent.push(TcpStream::connect(bot.addr()).await.expect("connect"));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Then the process holds at most its cap (32 from this address) more descriptors,
    let files = bot.open_files();
    assert!(
        files <= files_before + 32 + 4,
        "{files} descriptors open, {files_before} before"
    );
    // and /healthz still answers, and a group's /help through the webhook is answered.
    assert_eq!(http::get(bot.addr(), "/healthz").await.status, 200);
    help_is_answered(&fake, &bot, 11).await;
    // Another address is not held back by the first one's connections.
    let mut s = connect_from(Ipv4Addr::new(127, 0, 0, 2), bot.addr()).await;
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    assert_eq!(read_head(&mut s).await.status, 200);
    drop(silent);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_low_open_file_limit_the_bot_keeps_answering_probes_and_groups() {
    room_for_sockets();
    // Given the bot started with `ulimit -n 256` (soft and hard: nothing to raise),
    let (fake, _redis, mut bot) = start(
        &[("PARXIS_HTTP_HEADER_SECS", "60")],
        Some(256),
        TestRedis::start(),
    )
    .await;
    // When one client opens 400 silent connections,
    let mut silent = Vec::new();
    for _ in 0..400 {
        silent.push(TcpStream::connect(bot.addr()).await.expect("connect"));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Then the process stays well under its limit (its cap is 96 connections),
    let files = bot.open_files();
    assert!(files < 200, "{files} descriptors open of 256");
    // /healthz answers and a group's /help is answered (the bot's own connections to
    // Telegram and Redis find descriptors),
    assert_eq!(http::get(bot.addr(), "/healthz").await.status, 200);
    help_is_answered(&fake, &bot, 11).await;
    // and no accept ever failed for want of descriptors.
    bot.assert_running();
    assert!(
        !bot.logs().contains("Too many open files"),
        "{}",
        bot.logs()
    );
    drop(silent);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stream_floods_are_capped_per_user_per_address_and_in_total() {
    let (_fake, _redis, bot) = start(
        &[
            ("PARXIS_LIVE_STREAMS_PER_USER", "2"),
            ("PARXIS_LIVE_STREAMS_PER_ADDR", "3"),
            ("PARXIS_LIVE_STREAMS_TOTAL", "4"),
        ],
        None,
        TestRedis::start(),
    )
    .await;
    let one = Ipv4Addr::new(127, 0, 0, 1);
    let two = Ipv4Addr::new(127, 0, 0, 2);
    let mut open = Vec::new();
    // A user's two streams are taken, their third is 429 with Retry-After;
    for _ in 0..2 {
        let (h, s) = open_stream(bot.addr(), one, 11).await;
        assert_eq!(h.status, 200);
        open.push(s);
    }
    let (h, _) = open_stream(bot.addr(), one, 11).await;
    assert_eq!(h.status, 429);
    assert!(h.header("retry-after").is_some());
    // the address's third is taken, its fourth (another user) is 429;
    let (h, s) = open_stream(bot.addr(), one, 12).await;
    assert_eq!(h.status, 200);
    open.push(s);
    let (h, _) = open_stream(bot.addr(), one, 13).await;
    assert_eq!(h.status, 429);
    // another address gets the last place, and past the total it is 503 with Retry-After;
    let (h, s) = open_stream(bot.addr(), two, 13).await;
    assert_eq!(h.status, 200);
    open.push(s);
    let (h, _) = open_stream(bot.addr(), two, 14).await;
    assert_eq!(h.status, 503);
    assert!(h.header("retry-after").is_some());
    // the probes answer all along, and a closed stream frees its place.
    assert_eq!(http::get(bot.addr(), "/healthz").await.status, 200);
    drop(open.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (h, s) = open_stream(bot.addr(), two, 14).await;
        if h.status == 200 {
            open.push(s);
            break;
        }
        assert!(Instant::now() < deadline, "the place was never freed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_init_data_floods_are_limited_and_logged_as_counts() {
    let (_fake, _redis, bot) = start(&[], None, TestRedis::start()).await;
    // When one address sends 120 requests with forged initData,
    let forged = auth(11).replace("hash=", "hash=0");
    let mut statuses = Vec::new();
    for _ in 0..120 {
        let r = http::request(
            bot.addr(),
            "GET",
            &format!("{LIVE}/api/live"),
            &[("Authorization", &forged)],
            b"",
        )
        .await;
        statuses.push(r.status);
    }
    // Then at most 30 are answered 401, the rest 429,
    let unauthorized = statuses.iter().filter(|s| **s == 401).count();
    assert!((1..=33).contains(&unauthorized), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == 401 || *s == 429),
        "{statuses:?}"
    );
    assert!(statuses.ends_with(&[429, 429, 429]), "{statuses:?}");
    // and the log has a count, not a line each.
    let lines: Vec<_> = bot
        .json_logs()
        .into_iter()
        .filter(|l| l["message"] == "live board: initData refused")
        .collect();
    assert!(
        (1..=2).contains(&lines.len()),
        "{} lines: {lines:?}",
        lines.len()
    );
    // A good request from another user is not held back by the flood.
    let r = http::request(
        bot.addr(),
        "POST",
        &format!("{LIVE}/api/act"),
        &[("Authorization", &auth(12))],
        b"not json",
    )
    .await;
    assert_eq!(r.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_former_member_with_a_good_link_is_refused_and_players_always_pass() {
    let (fake, _redis, bot) = start(
        &[
            ("PARXIS_MEMBER_CACHE_SECS", "1"),
            ("PARXIS_LIVE_STREAM_SECS", "2"),
        ],
        None,
        TestRedis::start(),
    )
    .await;
    let here = Ipv4Addr::LOCALHOST;
    // A member who watches gets the game,
    let (h, mut watching) = open_stream(bot.addr(), here, WATCHER).await;
    assert_eq!(h.status, 200);
    let seen = read_until(&mut watching, h.rest, "event: state", WAIT).await;
    assert!(seen.contains("event: state"), "{seen}");
    // then leaves the group: their stream ends at its longest life, told to reconnect,
    fake.remove_member(CHAT, WATCHER, "left");
    let bye = read_until(&mut watching, seen, "event: bye", Duration::from_secs(6)).await;
    assert!(bye.contains("event: bye") && bye.contains("renew"), "{bye}");
    // and once the cached membership is over, the same good link is refused (403).
    let deadline = Instant::now() + Duration::from_secs(5);
    let refused = loop {
        let (h, s) = open_stream(bot.addr(), here, WATCHER).await;
        if h.status != 200 {
            break (h, s);
        }
        assert!(Instant::now() < deadline, "a former member still watches");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let (head, mut s) = refused;
    assert_eq!(head.status, 403);
    let text = read_until(&mut s, head.rest, "Only members", Duration::from_secs(2)).await;
    assert!(text.contains("Only members"), "{text}");
    // Someone kicked, or never in, is refused too;
    fake.remove_member(CHAT, WATCHER + 1, "kicked");
    assert_eq!(
        open_stream(bot.addr(), here, WATCHER + 1).await.0.status,
        403
    );
    // a player at the table always passes, even when Telegram says they left.
    fake.remove_member(CHAT, 11, "left");
    assert_eq!(open_stream(bot.addr(), here, 11).await.0.status, 200);
    // The membership was asked of Telegram (a read, outside the chat's writes).
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.method == "getchatmember" && r.params["user_id"] == WATCHER)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_with_open_streams_tells_the_pages_and_exits_promptly() {
    let (_fake, _redis, mut bot) = start(&[], None, TestRedis::start()).await;
    // Given 20 open live streams (of 4 players and 16 members, from two addresses),
    let mut streams = Vec::new();
    for i in 0..20_i64 {
        let from = Ipv4Addr::new(127, 0, 0, if i % 2 == 0 { 1 } else { 2 });
        let user = if i < 4 { 11 + i } else { WATCHER + i };
        let (h, s) = open_stream(bot.addr(), from, user).await;
        assert_eq!(h.status, 200, "stream {i}");
        streams.push((h.rest, s));
    }
    // When SIGTERM arrives,
    bot.sigterm();
    // Then every page is told to reconnect (elsewhere), and the process exits within 5 s.
    for (i, (rest, mut s)) in streams.into_iter().enumerate() {
        let text = read_until(&mut s, rest, "event: bye", Duration::from_secs(5)).await;
        assert!(text.contains("restart"), "stream {i}: {text}");
    }
    let status = bot.wait_exit(Duration::from_secs(5)).await;
    assert!(status.success(), "{status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_through_a_redis_outage_gets_503_with_a_retry_hint_then_its_game() {
    let (_fake, mut redis, bot) = start(&[], None, TestRedis::start_persistent()).await;
    let here = Ipv4Addr::LOCALHOST;
    assert_eq!(open_stream(bot.addr(), here, 11).await.0.status, 200);
    // When Redis goes away, a page that connects is told to retry (503, Retry-After), never
    // that there is no game;
    redis.stop();
    let (h, _) = open_stream(bot.addr(), here, 11).await;
    assert_eq!(h.status, 503, "{}", h.rest);
    assert!(h.header("retry-after").is_some());
    assert!(!h.rest.contains("no game"), "{}", h.rest);
    // and when it is back, the page's retry gets the game.
    redis.start_again();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (h, mut s) = open_stream(bot.addr(), here, 11).await;
        if h.status == 200 {
            let seen = read_until(&mut s, h.rest, "event: state", WAIT).await;
            assert!(seen.contains("event: state"), "{seen}");
            break;
        }
        assert_eq!(h.status, 503, "{}", h.rest);
        assert!(Instant::now() < deadline, "never recovered: {}", bot.logs());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_paths_are_404_the_probes_say_little_and_metrics_can_move() {
    let metrics_port = free_port();
    let metrics = format!("127.0.0.1:{metrics_port}");
    let (_fake, _redis, bot) = start(
        &[("PARXIS_METRICS_ADDR", &metrics)],
        None,
        TestRedis::start(),
    )
    .await;
    assert_eq!(http::get(bot.addr(), "/wp-login.php").await.status, 404);
    assert_eq!(http::get(bot.addr(), "/favicon.ico").await.status, 204);
    let (status, body) = bot.readyz().await;
    assert_eq!((status, body.as_str()), (200, "ready"));
    // /metrics is on its own address, not on the public port.
    assert_eq!(http::get(bot.addr(), "/metrics").await.status, 404);
    let internal: SocketAddr = metrics.parse().expect("an address");
    let m = http::get(internal, "/metrics").await;
    assert_eq!(m.status, 200);
    assert!(m.body.contains("parxis_"), "{}", m.body);
    // The webhook without its secret is 401, before its body is read.
    let r = http::request(bot.addr(), "POST", HOOK, &[], b"{}").await;
    assert_eq!(r.status, 401);
}
