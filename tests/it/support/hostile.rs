//! The web port's hostile-client set-up, shared by `tests/web_hostile.rs` and
//! `benches/web_port.rs`: the real bot in webhook mode with the live board and a game in
//! play, `initData` for its users, raw connections (from other loopback addresses too), live
//! streams read by hand, and a group's `/help` through the webhook.
#![allow(dead_code)]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use parxis::bot::effects::live::auth::{Secret, sign};
use parxis::bot::effects::live::{GameId, LinkKey};
use parxis::store::{Place, Store};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use super::bot_process::{BotProcess, CHAT, TOKEN, WAIT, WEBHOOK_SECRET, free_port, reply_to};
use super::fake_tg::{FakeTelegram, TestUser};
use super::http;
use super::live::mid_game;
use super::redis::TestRedis;

pub const HOOK: &str = "/telegram";
pub const LIVE: &str = "/live";
/// Players 11-14 sit at the game; 50 and up only watch.
pub const WATCHER: i64 = 50;

const FOUR: &str = r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow","roll":4,
    "board":{"60":["yellow"],"yellow-3":["yellow"],"22":["blue"],"30":["blue","blue"],
             "39":["red"],"47":["red","green"],"56":["green"]},"goal":{"blue":1}}"#;

/// The bot in webhook mode with the live board, `extra` settings added (short timeouts by
/// default), and a game in play in [`CHAT`]; its open-file limit set when `files` is given.
pub async fn start(
    extra: &[(&str, &str)],
    files: Option<u64>,
    redis: TestRedis,
) -> (FakeTelegram, TestRedis, BotProcess) {
    let fake = FakeTelegram::start().await;
    let store = Store::connect(&redis.url()).await.expect("store");
    let saved = store
        .save(Place::of_chat(CHAT), 0, &mid_game(4, FOUR), 3600)
        .await;
    assert!(
        matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
        "{saved:?}"
    );
    // A port probed free may be taken before the bot binds it by a client of these tests
    // (they open thousands of connections): then another port.
    let mut tries = 0;
    let mut bot = loop {
        tries += 1;
        let port = free_port();
        let mut env: Vec<(&str, String)> = vec![
            (
                "PARXIS_WEBHOOK_URL",
                format!("http://127.0.0.1:{port}{HOOK}"),
            ),
            ("PARXIS_WEBHOOK_SECRET", WEBHOOK_SECRET.to_owned()),
            ("PARXIS_MINIAPP_URL", format!("http://127.0.0.1{LIVE}")),
            ("PARXIS_MINIAPP_NAME", "board".to_owned()),
            ("PARXIS_HTTP_HEADER_SECS", "2".to_owned()),
            ("PARXIS_HTTP_REQUEST_SECS", "3".to_owned()),
        ];
        for (k, v) in extra {
            env.retain(|(e, _)| e != k);
            env.push((k, (*v).to_owned()));
        }
        let mut bot = match files {
            Some(n) => BotProcess::spawn_with_open_files(&fake, &redis, port, &env, n),
            None => BotProcess::spawn(&fake, &redis, port, &env),
        };
        if tries < 5 && bot.exits_unable_to_listen().await {
            continue;
        }
        break bot;
    };
    bot.wait_ok("/healthz").await;
    bot.wait_ok("/readyz").await;
    (fake, redis, bot)
}

pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs()
}

/// `Authorization` for `user` opening the game of [`CHAT`], signed with the bot's token.
pub fn auth(user: i64) -> String {
    auth_dated(user, now_secs())
}

pub fn auth_dated(user: i64, auth_date: u64) -> String {
    let id = GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT));
    let u = json!({ "id": user, "first_name": format!("U{user}"), "language_code": "en" });
    let raw = sign(
        &Secret::of_token(TOKEN),
        &[
            ("user", &u.to_string()),
            ("auth_date", &auth_date.to_string()),
            ("start_param", id.as_str()),
        ],
    );
    format!("tma {raw}")
}

/// A connection to `to` from the loopback address `from` (127.0.0.x: another client).
pub async fn connect_from(from: Ipv4Addr, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::new(IpAddr::V4(from), 0))
        .expect("bind");
    socket.connect(to).await.expect("connect")
}

/// An answer's head (status, lower-cased headers) and what of the body came with it.
pub struct Head {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub rest: String,
}

impl Head {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

pub async fn read_head(stream: &mut TcpStream) -> Head {
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + Duration::from_secs(10);
    while !raw.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout_at(deadline.into(), stream.read(&mut buf))
            .await
            .expect("an answer within 10 s")
            .expect("read");
        assert!(
            n > 0,
            "closed before an answer: {}",
            String::from_utf8_lossy(&raw)
        );
        raw.extend_from_slice(&buf[..n]);
    }
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or(0);
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Head {
        status,
        headers,
        rest: String::from_utf8_lossy(&raw[split + 4..]).into_owned(),
    }
}

/// Opens the live stream of `user` from `from`; the connection stays open when accepted.
pub async fn open_stream(to: SocketAddr, from: Ipv4Addr, user: i64) -> (Head, TcpStream) {
    let mut s = connect_from(from, to).await;
    let req = format!(
        "GET {LIVE}/api/live HTTP/1.1\r\nHost: {to}\r\nAuthorization: {}\r\n\r\n",
        auth(user)
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let head = read_head(&mut s).await;
    (head, s)
}

/// Reads a stream until `what` appears (or it ends); returns all that was read.
pub async fn read_until(
    stream: &mut TcpStream,
    start: String,
    what: &str,
    within: Duration,
) -> String {
    let mut text = start;
    let deadline = Instant::now() + within;
    let mut buf = [0u8; 8192];
    while !text.contains(what) {
        match tokio::time::timeout_at(deadline.into(), stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => text.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => break,
        }
    }
    text
}

/// A group's `/help`, sent to the webhook with its secret, is answered.
pub async fn help_is_answered(fake: &FakeTelegram, bot: &BotProcess, user: i64) {
    let member = TestUser::new(user, "Ana").lang("en");
    let update = fake.command(CHAT, &member, "/help");
    let id = update["message"]["message_id"].as_i64().expect("id");
    let accepted = http::post_json(bot.addr(), HOOK, Some(WEBHOOK_SECRET), &update).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    fake.wait_for_request(|r| reply_to(r, id), WAIT).await;
}

/// The test process opens many sockets: its own soft open-file limit raised to the hard one.
pub fn room_for_sockets() {
    parxis::ops::http::raise_open_files().expect("the open-file limit");
}

/// `n` clients without credentials (a forged `initData`, no webhook secret) that each
/// declare a 2 MB body, send all of it but one byte and stall, half at the tap API, half at
/// the webhook; each one's answer status, and its connection (kept open).
pub async fn stall_bodies(to: SocketAddr, n: usize) -> Vec<(u16, TcpStream)> {
    let body = std::sync::Arc::new(vec![b'x'; 2_000_000 - 1]);
    let mut clients = Vec::new();
    for i in 0..n {
        let path = if i % 2 == 0 {
            format!("{LIVE}/api/act")
        } else {
            HOOK.to_owned()
        };
        let mut s = TcpStream::connect(to).await.expect("connect");
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: tma user=%7B%22id%22%3A1%7D&hash=00\r\nContent-Length: 2000000\r\n\r\n"
        );
        s.write_all(head.as_bytes()).await.expect("write");
        let body = std::sync::Arc::clone(&body);
        clients.push(tokio::spawn(async move {
            // The server refuses without reading: the body may not all fit.
            let _ = tokio::time::timeout(Duration::from_secs(2), s.write_all(&body)).await;
            let head = read_head(&mut s).await;
            (head.status, s)
        }));
    }
    let mut out = Vec::new();
    for c in clients {
        out.push(c.await.expect("client"));
    }
    out
}
