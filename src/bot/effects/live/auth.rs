//! Telegram's `initData`: what a Mini App is opened with, signed by Telegram with the bot's
//! token. Every request of the live board carries it (`Authorization: tma <initData>`), and
//! nothing is trusted before [`InitData::verify`] accepts it.
//!
//! The rule (Telegram's Mini Apps documentation): the secret key is
//! `HMAC_SHA256(key = "WebAppData", msg = bot token)`; the data is valid when
//! `hex(HMAC_SHA256(key = secret key, msg = data-check-string)) == hash`, the
//! data-check-string being every received field except `hash`, as `key=value` lines sorted by
//! key and joined by `\n`. An `auth_date` older than [`MAX_AGE_SECS`] is refused too.
//!
//! ```
//! use parxis::bot::effects::live::auth::{InitData, Secret, sign};
//!
//! let secret = Secret::of_token("123456:ABC");
//! let user = r#"{"id":11,"first_name":"Ana","language_code":"ca"}"#;
//! let raw = sign(&secret, &[("user", user), ("auth_date", "1700000000"), ("start_param", "g1")]);
//! let data = InitData::verify(&raw, &secret, 1_700_000_060).unwrap();
//! assert_eq!((data.user.id, data.start_param.as_deref()), (11, Some("g1")));
//! // One field changed, and the signature no longer holds.
//! let forged = raw.replace("%22id%22%3A11", "%22id%22%3A12");
//! assert!(InitData::verify(&forged, &secret, 1_700_000_060).is_err());
//! ```

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// An `auth_date` older than this (a day) is refused: the page must be opened again from
/// the chat.
pub const MAX_AGE_SECS: u64 = 24 * 3600;
/// An `auth_date` later than now by more than this (clocks disagree a little) is refused.
pub const MAX_AHEAD_SECS: u64 = 300;
/// Longest `initData` taken (Telegram's are well under 2 KB).
pub const MAX_LEN: usize = 4096;

/// The key `initData` is checked with, derived from the bot token (never logged).
#[derive(Clone)]
pub struct Secret([u8; 32]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl Secret {
    /// `HMAC_SHA256(key = "WebAppData", msg = token)`.
    #[must_use]
    pub fn of_token(token: &str) -> Self {
        let mut mac = HmacSha256::new_from_slice(b"WebAppData").expect("HMAC takes any key");
        mac.update(token.as_bytes());
        Self(mac.finalize().into_bytes().into())
    }

    fn mac(&self) -> HmacSha256 {
        HmacSha256::new_from_slice(&self.0).expect("HMAC takes any key")
    }
}

/// The user who opened the page, as Telegram says.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct WebUser {
    pub id: i64,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub language_code: Option<String>,
}

impl WebUser {
    /// `user` as Telegram writes it: a JSON object with an integer `id`. Anything else (an
    /// array such as `[1]`, which a derived reader would take field by field, a number, a
    /// string or fractional id) is `None`.
    fn parse(raw: &str) -> Option<Self> {
        let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(raw).ok()?;
        if !object.get("id").is_some_and(|id| id.is_i64()) {
            return None;
        }
        Self::deserialize(serde_json::Value::Object(object)).ok()
    }

    /// The name the chat knows them by (first and last name, as the bot's other paths).
    #[must_use]
    pub fn display_name(&self) -> String {
        match self.last_name.as_deref().filter(|s| !s.is_empty()) {
            Some(last) => format!("{} {last}", self.first_name),
            None => self.first_name.clone(),
        }
    }
}

/// `initData` that passed [`InitData::verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    pub user: WebUser,
    /// The `startapp` parameter of the link the page was opened from: the game's id.
    pub start_param: Option<String>,
    /// Unix seconds when Telegram signed it.
    pub auth_date: u64,
    /// An opaque id of the chat the link was opened in (not a chat id; not relied on).
    pub chat_instance: Option<String>,
}

/// Why `initData` was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    #[error("no initData")]
    Missing,
    #[error("initData is malformed")]
    Malformed,
    #[error("initData's signature does not match")]
    BadSignature,
    #[error("initData is too old")]
    Expired,
    #[error("initData is dated in the future")]
    Future,
}

/// The data-check-string of the pairs `fields` (those other than `hash`).
fn check_string(fields: &mut [(String, String)]) -> String {
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    fields
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

impl InitData {
    /// Checks `raw` (the URL-encoded `initData` string) against `secret` at `now_secs`
    /// (Unix seconds).
    ///
    /// # Errors
    /// An [`AuthError`]: nothing in `raw` is to be used then.
    pub fn verify(raw: &str, secret: &Secret, now_secs: u64) -> Result<Self, AuthError> {
        if raw.is_empty() {
            return Err(AuthError::Missing);
        }
        if raw.len() > MAX_LEN {
            return Err(AuthError::Malformed);
        }
        let mut hash = None;
        let mut fields: Vec<(String, String)> = Vec::new();
        for (k, v) in url::form_urlencoded::parse(raw.as_bytes()) {
            if fields.iter().any(|(seen, _)| *seen == k) || (k == "hash" && hash.is_some()) {
                return Err(AuthError::Malformed);
            }
            if k == "hash" {
                hash = Some(v.into_owned());
            } else {
                fields.push((k.into_owned(), v.into_owned()));
            }
        }
        let hash = hash.ok_or(AuthError::Malformed)?;
        let hash = hex::decode(hash).map_err(|_| AuthError::Malformed)?;
        let mut mac = secret.mac();
        mac.update(check_string(&mut fields).as_bytes());
        mac.verify_slice(&hash)
            .map_err(|_| AuthError::BadSignature)?;

        let field = |name: &str| {
            fields
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let auth_date: u64 = field("auth_date")
            .and_then(|v| v.parse().ok())
            .ok_or(AuthError::Malformed)?;
        if now_secs.saturating_sub(auth_date) > MAX_AGE_SECS {
            return Err(AuthError::Expired);
        }
        if auth_date.saturating_sub(now_secs) > MAX_AHEAD_SECS {
            return Err(AuthError::Future);
        }
        let user = field("user")
            .and_then(WebUser::parse)
            .ok_or(AuthError::Malformed)?;
        Ok(Self {
            user,
            start_param: field("start_param").map(str::to_owned),
            auth_date,
            chat_instance: field("chat_instance").map(str::to_owned),
        })
    }
}

/// Signs `fields` as Telegram does and returns the `initData` string (URL-encoded, `hash`
/// last): what a test or a benchmark opens the page with.
#[must_use]
pub fn sign(secret: &Secret, fields: &[(&str, &str)]) -> String {
    let mut owned: Vec<(String, String)> = fields
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let mut mac = secret.mac();
    mac.update(check_string(&mut owned).as_bytes());
    let hash = hex::encode(mac.finalize().into_bytes());
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        out.append_pair(k, v);
    }
    out.append_pair("hash", &hash);
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u64 = 1_700_000_000;

    fn signed(auth_date: u64) -> (Secret, String) {
        let secret = Secret::of_token("123456:ABC-DEF");
        let user = r#"{"id":42,"first_name":"Núria","last_name":"Vidal","language_code":"es"}"#;
        let date = auth_date.to_string();
        let raw = sign(
            &secret,
            &[
                ("query_id", "AAH"),
                ("user", user),
                ("auth_date", &date),
                ("start_param", "abc_-1"),
                ("chat_type", "supergroup"),
                ("chat_instance", "-123"),
                ("signature", "sig"),
            ],
        );
        (secret, raw)
    }

    #[test]
    fn a_known_signature_matches_telegrams_rule_computed_by_hand() {
        // The secret and hash of a fixed string, computed independently of `sign`.
        let secret = Secret::of_token("1:T");
        let mut key = HmacSha256::new_from_slice(b"WebAppData").unwrap();
        key.update(b"1:T");
        let key = key.finalize().into_bytes();
        let mut mac = HmacSha256::new_from_slice(&key).unwrap();
        mac.update(b"auth_date=5\nuser={\"id\":1}");
        let hash = hex::encode(mac.finalize().into_bytes());
        let raw = format!("user=%7B%22id%22%3A1%7D&auth_date=5&hash={hash}");
        let data = InitData::verify(&raw, &secret, 5).unwrap();
        assert_eq!(data.user.id, 1);
    }

    #[test]
    fn valid_data_gives_the_user_and_the_start_param() {
        let (secret, raw) = signed(NOW);
        let data = InitData::verify(&raw, &secret, NOW + 10).unwrap();
        assert_eq!(data.user.id, 42);
        assert_eq!(data.user.display_name(), "Núria Vidal");
        assert_eq!(data.user.language_code.as_deref(), Some("es"));
        assert_eq!(data.start_param.as_deref(), Some("abc_-1"));
        assert_eq!(data.chat_instance.as_deref(), Some("-123"));
    }

    #[test]
    fn any_change_breaks_the_signature() {
        let (secret, raw) = signed(NOW);
        let tampered = [
            raw.replace("start_param=abc_-1", "start_param=abc_-2"),
            raw.replace("%22id%22%3A42", "%22id%22%3A43"),
            raw.replace("auth_date=", "auth_date=1"),
            format!("{raw}&extra=1"),
            raw.replace("&chat_type=supergroup", ""),
        ];
        for t in tampered {
            assert_eq!(
                InitData::verify(&t, &secret, NOW),
                Err(AuthError::BadSignature),
                "{t}"
            );
        }
        // Another bot's token, the same data.
        let other = Secret::of_token("999:XYZ");
        assert_eq!(
            InitData::verify(&raw, &other, NOW),
            Err(AuthError::BadSignature)
        );
    }

    #[test]
    fn old_or_future_data_is_refused_and_junk_is_malformed() {
        let (secret, raw) = signed(NOW);
        assert_eq!(
            InitData::verify(&raw, &secret, NOW + MAX_AGE_SECS + 1),
            Err(AuthError::Expired)
        );
        assert!(InitData::verify(&raw, &secret, NOW + MAX_AGE_SECS).is_ok());
        assert_eq!(
            InitData::verify(&raw, &secret, NOW - MAX_AHEAD_SECS - 1),
            Err(AuthError::Future)
        );
        for junk in [
            "",
            "hash=zz",
            "a=1&a=2&hash=00",
            "user=1",
            &"x".repeat(MAX_LEN + 1),
        ] {
            assert!(InitData::verify(junk, &secret, NOW).is_err(), "{junk}");
        }
        // A duplicate field cannot smuggle a second value past the check.
        let doubled = format!("start_param=zzz&{raw}");
        assert!(InitData::verify(&doubled, &secret, NOW).is_err());
    }

    #[test]
    fn a_signed_user_that_is_not_an_object_with_an_integer_id_is_malformed() {
        let secret = Secret::of_token("123456:ABC-DEF");
        let date = NOW.to_string();
        for user in [
            "[1]",
            r#"[1,"Ana"]"#,
            "1",
            r#""1""#,
            "null",
            "{}",
            r#"{"id":"1"}"#,
            r#"{"id":1.5}"#,
            r#"{"id":null}"#,
            r#"{"id":1,"first_name":7}"#,
            "{\"id\":1",
        ] {
            let raw = sign(&secret, &[("user", user), ("auth_date", &date)]);
            assert_eq!(
                InitData::verify(&raw, &secret, NOW),
                Err(AuthError::Malformed),
                "{user}"
            );
        }
        let raw = sign(&secret, &[("user", r#"{"id":1}"#), ("auth_date", &date)]);
        assert_eq!(
            InitData::verify(&raw, &secret, NOW).map(|d| d.user.id),
            Ok(1)
        );
    }
}
