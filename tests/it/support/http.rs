//! A small HTTP/1.1 client for tests: one request per connection (`Connection: close`),
//! bounded by a timeout, for talking to the bot's own port on 127.0.0.1.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long one request may take, connection included.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// The header Telegram puts the webhook secret in.
pub const SECRET_HEADER: &str = "X-Telegram-Bot-Api-Secret-Token";

/// What came back.
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    /// Header lines, names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

/// Sends one request and reads the whole answer.
///
/// # Panics
/// When the server cannot be reached, answers garbage, or takes longer than [`TIMEOUT`].
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    tokio::time::timeout(TIMEOUT, exchange(addr, method, path, headers, body))
        .await
        .unwrap_or_else(|_| panic!("{method} {path} on {addr}: no answer within {TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("{method} {path} on {addr}: {e}"))
}

/// `GET path`.
pub async fn get(addr: SocketAddr, path: &str) -> Reply {
    request(addr, "GET", path, &[], b"").await
}

/// `POST path` with a JSON body and, if given, the webhook secret header.
pub async fn post_json(
    addr: SocketAddr,
    path: &str,
    secret: Option<&str>,
    json: &serde_json::Value,
) -> Reply {
    let body = json.to_string();
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(s) = secret {
        headers.push((SECRET_HEADER, s));
    }
    request(addr, "POST", path, &headers, body.as_bytes()).await
}

async fn exchange(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Result<Reply, String> {
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream
        .write_all(head.as_bytes())
        .await
        .map_err(|e| format!("write: {e}"))?;
    stream
        .write_all(body)
        .await
        .map_err(|e| format!("write: {e}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|e| format!("read: {e}"))?;
    parse(&raw)
}

fn parse(raw: &[u8]) -> Result<Reply, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("no end of headers in {:?}", String::from_utf8_lossy(raw)))?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line {status_line:?}"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    if chunked {
        body = dechunk(&body)?;
    }
    Ok(Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let eol = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("chunk size line without CRLF")?;
        let size_text = String::from_utf8_lossy(&rest[..eol]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|e| format!("chunk size {size_text:?}: {e}"))?;
        rest = &rest[eol + 2..];
        if size == 0 {
            return Ok(out);
        }
        let chunk = rest.get(..size).ok_or("chunk shorter than its size")?;
        out.extend_from_slice(chunk);
        rest = rest.get(size + 2..).ok_or("chunk without trailing CRLF")?;
    }
}

/// The value of the Prometheus sample `series` (exact name and labels) in `text`.
#[must_use]
pub fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|v| v.trim().parse().ok())
}
