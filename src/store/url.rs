//! Redis URLs made safe to log.

/// `url` with its password (and any `pass`/`password` query value) replaced by `***`, so it
/// can go into a log line. A user name is kept when a password follows it; a lone user-info
/// part is hidden whole, since some write the password there.
///
/// ```
/// use parxis::store::redact_url;
/// assert_eq!(redact_url("redis://bot:s3cret@db:6379/0"), "redis://bot:***@db:6379/0");
/// assert_eq!(redact_url("redis://db:6379"), "redis://db:6379");
/// ```
#[must_use]
pub fn redact_url(url: &str) -> String {
    let (scheme, rest) = match url.find("://") {
        Some(i) => (&url[..i + 3], &url[i + 3..]),
        None => ("", url),
    };
    let (before_query, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let authority_end = before_query.find('/').unwrap_or(before_query.len());
    let (authority, path) = before_query.split_at(authority_end);

    let mut out = String::with_capacity(url.len());
    out.push_str(scheme);
    match authority.rfind('@') {
        Some(at) => {
            let (userinfo, host) = (&authority[..at], &authority[at..]);
            match userinfo.find(':') {
                Some(colon) => {
                    out.push_str(&userinfo[..=colon]);
                    out.push_str("***");
                }
                None => out.push_str("***"),
            }
            out.push_str(host);
        }
        None => out.push_str(authority),
    }
    out.push_str(path);
    if let Some(query) = query {
        out.push('?');
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((name, _)) if name.to_ascii_lowercase().contains("pass") => {
                    format!("{name}=***")
                }
                _ => pair.to_owned(),
            })
            .collect();
        out.push_str(&pairs.join("&"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::redact_url;

    #[test]
    fn passwords_never_survive() {
        let cases = [
            (
                "redis://:hunter2@127.0.0.1:6379",
                "redis://:***@127.0.0.1:6379",
            ),
            ("rediss://user:hunter2@host/3", "rediss://user:***@host/3"),
            ("redis://hunter2@host", "redis://***@host"),
            ("redis://u:p@ss:word@host", "redis://u:***@host"),
            (
                "redis+unix:///run/redis.sock?db=2&pass=hunter2",
                "redis+unix:///run/redis.sock?db=2&pass=***",
            ),
            (
                "redis://host:6379/?protocol=resp3",
                "redis://host:6379/?protocol=resp3",
            ),
            ("127.0.0.1:6379", "127.0.0.1:6379"),
        ];
        for (url, want) in cases {
            let got = redact_url(url);
            assert_eq!(got, want, "{url}");
            assert!(
                !got.contains("hunter2") && !got.contains("ss:word"),
                "{got}"
            );
        }
    }
}
