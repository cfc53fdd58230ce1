//! A minimal blocking HTTP/1.1 client for `parxis healthcheck`: the runtime image has no curl.
//!
//! Plain `http://` only, one `GET`, `Connection: close`, everything within [`TIMEOUT`].

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use url::Url;

/// Time allowed for the whole probe: resolve, connect, send, read.
pub const TIMEOUT: Duration = Duration::from_secs(3);

/// Largest response read; the rest is ignored (a probe needs only the status line).
const MAX_RESPONSE: u64 = 1 << 20;

/// `GET url`; `Ok(())` only when the server answers with status 200 within [`TIMEOUT`].
///
/// # Errors
///
/// A one-line description: bad URL, connection refused, time-out, or the status received.
pub fn probe(url: &str) -> Result<(), String> {
    let response = get(url, TIMEOUT)?;
    if response.status == 200 {
        Ok(())
    } else {
        Err(format!("{url} answered {}", response.status_line))
    }
}

/// The URL `parxis healthcheck` probes: this host's `/healthz` on `port`.
#[must_use]
pub fn healthcheck_url(port: u16) -> String {
    format!("http://127.0.0.1:{port}/healthz")
}

/// `parxis healthcheck`: probes [`healthcheck_url`] on the port from `PORT` (default 8080).
/// Needs no other variable, so it works where only the port is known.
///
/// # Errors
///
/// An invalid `PORT`, or whatever [`probe`] reports.
pub fn healthcheck() -> Result<(), String> {
    let port = crate::config::port_from_env().map_err(|e| e.to_string())?;
    probe(&healthcheck_url(port))
}

/// What [`get`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The first line, e.g. `HTTP/1.1 503 Service Unavailable`.
    pub status_line: String,
    /// The header lines, lower-cased names, as sent.
    pub headers: Vec<(String, String)>,
    /// The body (after the blank line), lossily decoded.
    pub body: String,
}

impl Response {
    /// The first header named `name` (lower case).
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One blocking `GET` over plain HTTP/1.1 within `timeout`, whatever the status: what
/// [`probe`] uses, public for tests that read `/metrics` or `/readyz` of a running bot.
///
/// # Errors
///
/// Bad URL, connection refused, time-out, or an answer that is not HTTP.
pub fn get(url: &str, timeout: Duration) -> Result<Response, String> {
    let deadline = Deadline {
        at: Instant::now() + timeout,
        timeout,
    };
    let parsed = Url::parse(url).map_err(|e| format!("{url:?} is not a URL: {e}"))?;
    if parsed.scheme() != "http" {
        return Err(format!("{url}: only http:// URLs can be probed"));
    }
    let host = parsed.host_str().ok_or_else(|| format!("{url}: no host"))?;
    let port = parsed.port().unwrap_or(80);
    let target = match parsed.query() {
        Some(q) => format!("{}?{q}", parsed.path()),
        None => parsed.path().to_owned(),
    };

    let addrs: Vec<_> = (host.trim_matches(['[', ']']), port)
        .to_socket_addrs()
        .map_err(|e| format!("{url}: cannot resolve {host}: {e}"))?
        .collect();
    let mut last_error = format!("{url}: {host} has no address");
    let mut stream = None;
    for addr in addrs {
        let left = deadline.remaining(url)?;
        match TcpStream::connect_timeout(&addr, left) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(e) => last_error = format!("{url}: cannot connect to {addr}: {e}"),
        }
    }
    let mut stream = stream.ok_or(last_error)?;

    let request = format!(
        "GET {target} HTTP/1.1\r\nHost: {}\r\nUser-Agent: parxis-probe\r\nAccept: */*\r\n\
         Connection: close\r\n\r\n",
        host_header(&parsed)
    );
    stream
        .set_write_timeout(Some(deadline.remaining(url)?))
        .map_err(|e| format!("{url}: {e}"))?;
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("{url}: cannot send the request: {e}"))?;

    let mut raw = Vec::new();
    let mut chunk = [0_u8; 8192];
    let mut reader = (&mut stream).take(MAX_RESPONSE);
    loop {
        reader
            .get_ref()
            .set_read_timeout(Some(deadline.remaining(url)?))
            .map_err(|e| format!("{url}: {e}"))?;
        match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("{url}: cannot read the answer: {e}")),
        }
    }
    parse_response(&raw).ok_or_else(|| format!("{url}: not an HTTP answer"))
}

/// When the whole request must be over.
#[derive(Clone, Copy)]
struct Deadline {
    at: Instant,
    timeout: Duration,
}

impl Deadline {
    /// Time left, or a time-out error.
    fn remaining(self, url: &str) -> Result<Duration, String> {
        let left = self.at.saturating_duration_since(Instant::now());
        if left.is_zero() {
            Err(format!("{url}: no answer within {:?}", self.timeout))
        } else {
            Ok(left)
        }
    }
}

/// `host[:port]` as the `Host` header wants it.
fn host_header(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default();
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    }
}

fn parse_response(raw: &[u8]) -> Option<Response> {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?.to_owned();
    let mut parts = status_line.split(' ');
    if !parts.next()?.starts_with("HTTP/1.") {
        return None;
    }
    let status = parts.next()?.parse().ok()?;
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Some(Response {
        status,
        status_line,
        headers,
        body: body.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;
    use std::thread;

    use super::*;

    /// Serves one connection with `answer` on a fresh port; returns the port.
    fn one_shot_server(answer: &'static str) -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        thread::spawn(move || {
            if let Ok((mut conn, _)) = listener.accept() {
                let mut buf = [0_u8; 1024];
                let _ = conn.read(&mut buf);
                let _ = conn.write_all(answer.as_bytes());
            }
        });
        port
    }

    /// A port with nothing listening on it (bound, then released).
    fn closed_port() -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    }

    #[test]
    fn closed_port_is_an_error_that_names_the_url() {
        let url = healthcheck_url(closed_port());
        let err = probe(&url).unwrap_err();
        assert!(err.starts_with(&url), "{err}");
        assert!(err.contains("cannot connect"), "{err}");
    }

    #[test]
    fn non_200_status_is_an_error_with_the_status_line() {
        let port = one_shot_server("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n");
        let err = probe(&healthcheck_url(port)).unwrap_err();
        assert!(
            err.ends_with("answered HTTP/1.1 503 Service Unavailable"),
            "{err}"
        );
    }

    #[test]
    fn status_200_is_ok_and_the_request_is_well_formed() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = thread::spawn(move || {
            let (mut conn, _) = listener.accept().unwrap();
            let mut buf = [0_u8; 1024];
            let n = conn.read(&mut buf).unwrap();
            conn.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                .unwrap();
            String::from_utf8_lossy(&buf[..n]).into_owned()
        });
        assert_eq!(
            probe(&format!("http://127.0.0.1:{port}/healthz?x=1")),
            Ok(())
        );
        let request = server.join().unwrap();
        assert!(
            request.starts_with("GET /healthz?x=1 HTTP/1.1\r\n"),
            "{request}"
        );
        assert!(
            request.contains(&format!("\r\nHost: 127.0.0.1:{port}\r\n")),
            "{request}"
        );
        assert!(request.ends_with("\r\n\r\n"), "{request}");
    }

    #[test]
    fn silent_server_times_out() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        // Accepts (the kernel does) but never answers.
        let started = Instant::now();
        let err = get(
            &format!("http://127.0.0.1:{port}/"),
            Duration::from_millis(200),
        )
        .unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(2), "{err}");
        assert!(
            err.contains("no answer") || err.contains("cannot read"),
            "{err}"
        );
        drop(listener);
    }

    #[test]
    fn garbage_answer_and_bad_urls_are_errors() {
        let port = one_shot_server("SSH-2.0-OpenSSH\r\n");
        let err = probe(&format!("http://127.0.0.1:{port}/")).unwrap_err();
        assert!(err.ends_with("not an HTTP answer"), "{err}");
        assert!(probe("https://127.0.0.1/healthz").is_err());
        assert!(probe("127.0.0.1:8080/healthz").is_err());
    }

    #[test]
    fn healthcheck_url_targets_loopback_healthz() {
        assert_eq!(healthcheck_url(8080), "http://127.0.0.1:8080/healthz");
    }
}
