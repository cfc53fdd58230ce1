//! The Bot API newer than teloxide 0.17 (9.1), as the fake checks it: button `style` (9.4),
//! `date_time` entities from HTML `<tg-time>` (9.5), ephemeral messages (10.2–10.4), Guest
//! Mode's method and update kind (10.0, `guest.rs`); and
//! unknown fields refused in the methods and buttons the bot builds itself, so a misspelt
//! field fails a test instead of being dropped silently as Telegram would.

use serde_json::{Value, json};

use super::{
    html,
    params::{Answer, ApiErr, bad, chat_id, now, render_text, str_param},
    state::{ChatKind, State},
};

/// The fields of an inline keyboard button besides its kind ([`BUTTON_KINDS`]; 9.4 added
/// `style` and `icon_custom_emoji_id`).
const BUTTON_FACE: &[&str] = &["text", "style", "icon_custom_emoji_id"];

/// The fields of which a button uses exactly one: what it does ("Exactly one of the fields
/// other than text, icon_custom_emoji_id, and style must be used"; 10.3 added `disabled`).
pub(super) const BUTTON_KINDS: &[&str] = &[
    "callback_data",
    "url",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
    "disabled",
];

/// `InlineKeyboardButton.style` values (9.4).
const STYLES: &[&str] = &["danger", "success", "primary"];

/// `sendMessage`'s parameters (10.2 added `ephemeral_message_parameters`).
const SEND_MESSAGE: &[&str] = &[
    "business_connection_id",
    "chat_id",
    "message_thread_id",
    "direct_messages_topic_id",
    "text",
    "parse_mode",
    "entities",
    "link_preview_options",
    "disable_notification",
    "protect_content",
    "allow_paid_broadcast",
    "message_effect_id",
    "suggested_post_parameters",
    "reply_parameters",
    "reply_markup",
    "ephemeral_message_parameters",
    // Older forms Telegram still takes.
    "reply_to_message_id",
    "allow_sending_without_reply",
    "disable_web_page_preview",
];

/// `editMessageText`'s parameters.
const EDIT_MESSAGE_TEXT: &[&str] = &[
    "business_connection_id",
    "chat_id",
    "message_id",
    "inline_message_id",
    "text",
    "parse_mode",
    "entities",
    "link_preview_options",
    "reply_markup",
    "disable_web_page_preview",
];

/// `sendPhoto`'s parameters.
const SEND_PHOTO: &[&str] = &[
    "business_connection_id",
    "chat_id",
    "message_thread_id",
    "direct_messages_topic_id",
    "photo",
    "caption",
    "parse_mode",
    "caption_entities",
    "show_caption_above_media",
    "has_spoiler",
    "disable_notification",
    "protect_content",
    "allow_paid_broadcast",
    "message_effect_id",
    "suggested_post_parameters",
    "reply_parameters",
    "reply_markup",
    "reply_to_message_id",
    "allow_sending_without_reply",
];

/// `editMessageMedia`'s parameters.
const EDIT_MESSAGE_MEDIA: &[&str] = &[
    "business_connection_id",
    "chat_id",
    "message_id",
    "inline_message_id",
    "media",
    "reply_markup",
];

/// `InputMediaPhoto`'s fields.
const INPUT_MEDIA_PHOTO: &[&str] = &[
    "type",
    "media",
    "caption",
    "parse_mode",
    "caption_entities",
    "show_caption_above_media",
    "has_spoiler",
];

/// `editMessageCaption`'s parameters.
const EDIT_MESSAGE_CAPTION: &[&str] = &[
    "business_connection_id",
    "chat_id",
    "message_id",
    "inline_message_id",
    "caption",
    "parse_mode",
    "caption_entities",
    "show_caption_above_media",
    "reply_markup",
];

/// `EphemeralMessageParameters` (10.2, 10.3).
const EPHEMERAL: &[&str] = &[
    "receiver_user_id",
    "callback_query_id",
    "replace_callback_query_message",
];

fn unknown_field(p: &Value, known: &[&str]) -> Option<String> {
    p.as_object()?
        .keys()
        .find(|k| !known.contains(&k.as_str()))
        .cloned()
}

/// Refuses a parameter `method` does not have (for the methods checked field by field).
pub(super) fn check_params(method: &str, p: &Value) -> Result<(), ApiErr> {
    let known = match method {
        "sendmessage" => SEND_MESSAGE,
        "editmessagetext" => EDIT_MESSAGE_TEXT,
        "sendphoto" => SEND_PHOTO,
        "editmessagemedia" => {
            let media = match p.get("media") {
                Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
                Some(m) => m.clone(),
                None => Value::Null,
            };
            if let Some(field) = unknown_field(&media, INPUT_MEDIA_PHOTO) {
                return Err(bad(format!(
                    "Bad Request: unknown InputMediaPhoto field \"{field}\" (the fake refuses unknown fields)"
                )));
            }
            EDIT_MESSAGE_MEDIA
        }
        "editmessagecaption" => EDIT_MESSAGE_CAPTION,
        "getupdates" => super::guest::GET_UPDATES,
        "setwebhook" => super::guest::SET_WEBHOOK,
        "answerguestquery" => super::guest::ANSWER_GUEST_QUERY,
        _ => return Ok(()),
    };
    if let Some(field) = unknown_field(p, known) {
        return Err(bad(format!(
            "Bad Request: unknown parameter \"{field}\" (the fake refuses unknown fields)"
        )));
    }
    Ok(())
}

/// Checks one inline button's fields, its kind (one; `disabled` an object, 10.3) and its
/// style.
pub(super) fn check_button(button: &Value) -> Result<(), ApiErr> {
    let known = [BUTTON_FACE, BUTTON_KINDS].concat();
    if let Some(field) = unknown_field(button, &known) {
        return Err(bad(format!(
            "Bad Request: can't parse inline keyboard button: unknown field \"{field}\""
        )));
    }
    let kinds = BUTTON_KINDS
        .iter()
        .filter(|k| button.get(**k).is_some())
        .count();
    if kinds > 1 {
        return Err(bad(
            "Bad Request: can't parse inline keyboard button: exactly one of its kinds must be used",
        ));
    }
    if button.get("disabled").is_some_and(|d| !d.is_object()) {
        return Err(bad(
            "Bad Request: can't parse inline keyboard button: Field \"disabled\" must be an Object",
        ));
    }
    match button.get("style") {
        None => Ok(()),
        Some(Value::String(s)) if STYLES.contains(&s.as_str()) => Ok(()),
        Some(_) => Err(bad(
            "Bad Request: can't parse inline keyboard button: invalid button style",
        )),
    }
}

/// The `date_time` entities (9.5) of an HTML text: one per `<tg-time unix="…" format="…">`,
/// offsets and lengths in UTF-16 code units of the plain text, as Telegram reports them.
pub(super) fn date_time_entities(raw: &str, p: &Value) -> Vec<Value> {
    let html_mode = str_param(p, "parse_mode").is_some_and(|m| m.eq_ignore_ascii_case("html"));
    if !html_mode {
        return Vec::new();
    }
    let utf16 = |s: &str| s.encode_utf16().count();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(rel) = raw[from..].find("<tg-time") {
        let start = from + rel;
        let Some(open_end) = raw[start..].find('>').map(|e| start + e) else {
            break;
        };
        let Some(close) = raw[open_end..].find("</tg-time>").map(|e| open_end + e) else {
            break;
        };
        let attrs = &raw[start..open_end];
        let (Ok(before), Ok(inner)) = (
            html::to_plain_lenient(&raw[..start]),
            html::to_plain_lenient(&raw[open_end + 1..close]),
        ) else {
            break;
        };
        let mut e = json!({
            "type": "date_time",
            "offset": utf16(&before),
            "length": utf16(&inner),
            "unix_time": attr(attrs, "unix").and_then(|u| u.parse::<i64>().ok()).unwrap_or(0),
        });
        if let Some(format) = attr(attrs, "format") {
            e["date_time_format"] = json!(format);
        }
        out.push(e);
        from = close + "</tg-time>".len();
    }
    out
}

/// The value of `name="…"` in a tag's text.
pub(super) fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')? + at;
    Some(&tag[at..end])
}

impl State {
    /// `sendMessage` with `ephemeral_message_parameters` (10.2): shown to one member of a
    /// group; refused (`BOT_NOT_ADMIN`) unless the chat is a group where the bot is an
    /// administrator, as clients that use it report. The message is kept apart from the
    /// chat's (nobody else sees it) and counts as a write to the chat in flood mode.
    pub(super) fn send_ephemeral(&mut self, p: &Value) -> Answer {
        let params = &p["ephemeral_message_parameters"];
        if let Some(field) = unknown_field(params, EPHEMERAL) {
            return Err(bad(format!(
                "Bad Request: can't parse ephemeral message parameters: unknown field \"{field}\""
            )));
        }
        let Some(receiver) = params.get("receiver_user_id").and_then(Value::as_i64) else {
            return Err(bad("Bad Request: receiver_user_id is required"));
        };
        let raw = str_param(p, "text").unwrap_or_default().to_owned();
        let text = render_text(&raw, p)?;
        let chat = chat_id(p)?;
        self.writable(chat)?;
        let bot_id = self.bot_id;
        let state = self.chat_mut(chat);
        if state.kind == ChatKind::Private || !state.admins.contains(&bot_id) {
            return Err(bad("Bad Request: BOT_NOT_ADMIN"));
        }
        let (_, mut body) = self.prepare_send(p)?;
        body.insert("text".into(), Value::String(text));
        let entities = date_time_entities(&raw, p);
        if !entities.is_empty() {
            body.insert("entities".into(), json!(entities));
        }
        let id = i64::try_from(self.ephemeral.len()).unwrap_or(i64::MAX) + 1;
        let mut message = json!({
            "ephemeral_message_id": id,
            "receiver_user_id": receiver,
            "from": self.bot_user(),
            "chat": self.chat_json(chat),
            "date": now(),
        });
        if let Value::Object(fields) = &mut message {
            fields.extend(body);
        }
        self.ephemeral.push(message.clone());
        Ok(message)
    }
}
