//! The game's id in the Mini App link (`startapp`): an opaque, unguessable name of a game's
//! place that reveals no chat id, and the link itself.
//!
//! The id is the place (chat id and topic, 12 bytes) sealed with a key derived from the bot
//! token, deterministic authenticated encryption in the SIV style over HMAC-SHA256: a
//! 96-bit tag `T = HMAC(k_tag, place)`, the place XORed with `HMAC(k_mask, T)`, and
//! `base64url(T ‖ masked place)`: 32 characters of `[A-Za-z0-9_-]` (Telegram allows 64).
//! Nothing is stored: every replica reads an id back with the same key, an id names the
//! same place for as long as the token is the bot's, and an id that was not made with the
//! key (made up, changed, another bot's) opens nothing, since its tag does not match.
//!
//! ```
//! use parxis::store::Place;
//! use parxis::bot::effects::live::link::{GameId, LinkKey};
//!
//! let key = LinkKey::of_token("123456:ABC");
//! let place = Place::of_topic(-1_001_234_567_890, 7);
//! let id = GameId::of(&key, place);
//! assert_eq!(id.as_str().len(), 32);
//! assert!(!id.as_str().contains("1234567890"));
//! assert_eq!(GameId::open(&key, id.as_str()), Some(place));
//! assert_eq!(GameId::open(&key, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), None);
//! ```

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::store::Place;

type HmacSha256 = Hmac<Sha256>;

const TAG: usize = 12;
const PLACE: usize = 12;
/// The stored form of "no topic" (Telegram's topics are positive, lanes -65536..=-1).
const NO_TOPIC: i32 = i32::MIN;

/// The two keys of the ids, derived from the bot token (never logged).
#[derive(Clone)]
pub struct LinkKey {
    tag: [u8; 32],
    mask: [u8; 32],
}

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(***)")
    }
}

fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes any key");
    for p in parts {
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

impl LinkKey {
    /// The keys of the bot with `token`.
    #[must_use]
    pub fn of_token(token: &str) -> Self {
        let root = hmac(b"parxis live board link", &[token.as_bytes()]);
        Self {
            tag: hmac(&root, &[b"tag"]),
            mask: hmac(&root, &[b"mask"]),
        }
    }
}

fn place_bytes(p: Place) -> [u8; PLACE] {
    let mut b = [0u8; PLACE];
    b[..8].copy_from_slice(&p.chat.to_be_bytes());
    b[8..].copy_from_slice(&p.topic.unwrap_or(NO_TOPIC).to_be_bytes());
    b
}

/// A game's id in its Mini App link.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameId(String);

impl GameId {
    /// The id of `place`.
    #[must_use]
    pub fn of(key: &LinkKey, place: Place) -> Self {
        let plain = place_bytes(place);
        let tag = hmac(&key.tag, &[&plain]);
        let mask = hmac(&key.mask, &[&tag[..TAG]]);
        let mut sealed = [0u8; TAG + PLACE];
        sealed[..TAG].copy_from_slice(&tag[..TAG]);
        for (i, b) in plain.iter().enumerate() {
            sealed[TAG + i] = b ^ mask[i];
        }
        Self(URL_SAFE_NO_PAD.encode(sealed))
    }

    /// The place an id names, when it was made with `key`; `None` for anything else.
    #[must_use]
    pub fn open(key: &LinkKey, id: &str) -> Option<Place> {
        if id.len() != 32 {
            return None;
        }
        let sealed = URL_SAFE_NO_PAD.decode(id).ok()?;
        let (tag, masked) = sealed.split_at_checked(TAG)?;
        let mask = hmac(&key.mask, &[tag]);
        let plain: Vec<u8> = masked.iter().zip(mask).map(|(b, m)| b ^ m).collect();
        let mut mac = HmacSha256::new_from_slice(&key.tag).expect("HMAC takes any key");
        mac.update(&plain);
        mac.verify_truncated_left(tag).ok()?;
        let chat = i64::from_be_bytes(plain[..8].try_into().ok()?);
        let topic = i32::from_be_bytes(plain[8..].try_into().ok()?);
        Some(Place {
            chat,
            topic: (topic != NO_TOPIC).then_some(topic),
        })
    }

    /// The id as it goes in the link.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The Direct Link Mini App URL that opens the live board of the game with `id`:
/// `https://t.me/<bot>/<short name>?startapp=<id>`.
#[must_use]
pub fn link(bot_username: &str, short_name: &str, id: &GameId) -> String {
    format!("https://t.me/{bot_username}/{short_name}?startapp={}", id.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_place_comes_back_and_ids_differ() {
        let key = LinkKey::of_token("1:A");
        let places = [
            Place::of_chat(-1_001_234_567_890),
            Place::of_chat(-42),
            Place::of_topic(-1_001_234_567_890, 1),
            Place::of_topic(-1_001_234_567_890, 2),
            Place::in_lane(-1_001_234_567_890, 0),
            Place::in_lane(-1_001_234_567_890, 65_535),
        ];
        let mut ids = Vec::new();
        for p in places {
            let id = GameId::of(&key, p);
            assert!(
                id.as_str()
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
                "{}",
                id.as_str()
            );
            assert_eq!(GameId::open(&key, id.as_str()), Some(p));
            // Deterministic: every replica makes the same link.
            assert_eq!(GameId::of(&key, p), id);
            ids.push(id);
        }
        ids.sort_by(|a, b| a.0.cmp(&b.0));
        ids.dedup();
        assert_eq!(ids.len(), places.len());
    }

    #[test]
    fn a_changed_made_up_or_foreign_id_opens_nothing() {
        let key = LinkKey::of_token("1:A");
        let id = GameId::of(&key, Place::of_chat(-1_001_234_567_890));
        // Each character changed in turn.
        for i in 0..id.0.len() {
            let mut s: Vec<u8> = id.0.clone().into_bytes();
            s[i] = if s[i] == b'A' { b'B' } else { b'A' };
            let s = String::from_utf8(s).unwrap();
            assert_eq!(GameId::open(&key, &s), None, "{s}");
        }
        let other = LinkKey::of_token("2:B");
        assert_eq!(GameId::open(&other, id.as_str()), None);
        for junk in ["", "x", "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", &"A".repeat(64)] {
            assert_eq!(GameId::open(&key, junk), None, "{junk}");
        }
    }

    #[test]
    fn the_link_is_a_direct_link_mini_app_url() {
        let key = LinkKey::of_token("1:A");
        let id = GameId::of(&key, Place::of_chat(-5));
        let url = link("parxis_bot", "board", &id);
        assert_eq!(
            url,
            format!("https://t.me/parxis_bot/board?startapp={}", id.as_str())
        );
    }
}
