//! `/notify`: its argument, the deep link that starts the bot in private and registers the
//! user in one tap (`https://t.me/<bot>?start=notify_<chat>[_<topic>]`), and the link to a
//! lobby message. Pure.

/// A group, or one forum topic of it (a topic's thread id, > 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Where {
    pub chat: i64,
    pub topic: Option<i32>,
}

/// What `/notify` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotifyAsk {
    On,
    Off,
}

/// `/notify`, `/notify on`, `/notify off` (also `no`, `desactiva`, `cap`…).
///
/// # Errors
/// The word that is neither.
pub fn parse_notify(args: &str) -> Result<NotifyAsk, String> {
    match args.trim().to_lowercase().as_str() {
        "" | "on" | "si" | "sí" | "yes" => Ok(NotifyAsk::On),
        "off" | "no" | "stop" | "cap" | "ninguno" | "none" => Ok(NotifyAsk::Off),
        other => Err(other.to_owned()),
    }
}

/// The `/start` payload that registers for `place` (at most 64 characters: Telegram's
/// limit; `[A-Za-z0-9_-]`).
#[must_use]
pub fn start_payload(place: Where) -> String {
    match place.topic {
        Some(t) => format!("notify_{}_{t}", place.chat),
        None => format!("notify_{}", place.chat),
    }
}

/// The place a `/start` payload registers for (`None`: not one of ours, or not a group).
#[must_use]
pub fn parse_start_payload(payload: &str) -> Option<Where> {
    let rest = payload.trim().strip_prefix("notify_")?;
    let (chat, topic) = match rest.split_once('_') {
        Some((c, t)) => (c, Some(t)),
        None => (rest, None),
    };
    let chat: i64 = chat.parse().ok().filter(|c| *c < 0)?;
    match topic {
        None => Some(Where { chat, topic: None }),
        Some(t) => t.parse::<i32>().ok().filter(|t| *t > 0).map(|t| Where {
            chat,
            topic: Some(t),
        }),
    }
}

/// The deep link that starts the bot `bot` (its username) in private with `payload`.
#[must_use]
pub fn deep_link(bot: &str, payload: &str) -> String {
    format!("https://t.me/{bot}?start={payload}")
}

/// The link to message `id` of `place`, when Telegram has one: `t.me/c/…` links exist for
/// supergroups only (ids `-100…`), for members of the group; a basic group's messages have
/// no link (the private message then names the group without a button).
#[must_use]
pub fn message_link(place: Where, id: i32) -> Option<String> {
    let internal = place.chat.to_string();
    let internal = internal.strip_prefix("-100")?;
    if internal.is_empty() {
        return None;
    }
    Some(match place.topic {
        Some(t) => format!("https://t.me/c/{internal}/{t}/{id}"),
        None => format!("https://t.me/c/{internal}/{id}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chat(chat: i64) -> Where {
        Where { chat, topic: None }
    }

    fn topic(chat: i64, t: i32) -> Where {
        Where {
            chat,
            topic: Some(t),
        }
    }

    #[test]
    fn notify_arguments() {
        assert_eq!(parse_notify(""), Ok(NotifyAsk::On));
        assert_eq!(parse_notify(" OFF "), Ok(NotifyAsk::Off));
        assert_eq!(parse_notify("maybe"), Err("maybe".into()));
    }

    #[test]
    fn a_payload_names_its_place_and_reads_back() {
        for place in [chat(-1001234567890), topic(-1001234567890, 7), chat(-42)] {
            let p = start_payload(place);
            assert!(
                p.len() <= 64
                    && p.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
                "{p}"
            );
            assert_eq!(parse_start_payload(&p), Some(place), "{p}");
        }
        for bad in [
            "",
            "notify_",
            "notify_12",
            "notify_-5_x",
            "notify_-5_0",
            "hello",
            "notify_abc",
        ] {
            assert_eq!(parse_start_payload(bad), None, "{bad}");
        }
    }

    #[test]
    fn message_links_for_supergroups_and_their_topics_only() {
        assert_eq!(
            message_link(chat(-1001234567890), 55).as_deref(),
            Some("https://t.me/c/1234567890/55")
        );
        assert_eq!(
            message_link(topic(-1001234567890, 9), 55).as_deref(),
            Some("https://t.me/c/1234567890/9/55")
        );
        assert_eq!(message_link(chat(-4242), 55), None);
        assert_eq!(
            deep_link("parxis_bot", "notify_-42"),
            "https://t.me/parxis_bot?start=notify_-42"
        );
    }
}
