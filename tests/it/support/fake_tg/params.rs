//! Reading request parameters and checking them as Telegram does; error answers.

use serde_json::{Value, json};

use super::{html, state::ChatKind};

pub(super) const NOT_MODIFIED: &str = "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
pub(super) const EDIT_NOT_FOUND: &str = "Bad Request: message to edit not found";
pub(super) const INVALID_QUERY: &str =
    "Bad Request: query is too old and response timeout expired or query ID is invalid";
const MAX_TEXT: usize = 4096;
pub(super) const MAX_CAPTION: usize = 1024;

/// A Telegram error answer.
#[derive(Debug)]
pub(super) struct ApiErr {
    pub status: u16,
    pub description: String,
    pub parameters: Option<Value>,
}

pub(super) fn bad(description: impl Into<String>) -> ApiErr {
    ApiErr {
        status: 400,
        description: description.into(),
        parameters: None,
    }
}

pub(super) type Answer = Result<Value, ApiErr>;

/// A number, or a string holding one (multipart and query forms send strings).
pub(crate) fn as_i64(v: &Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
}

pub(super) fn str_param<'a>(p: &'a Value, key: &str) -> Option<&'a str> {
    p.get(key).and_then(Value::as_str)
}

pub(super) fn lang(p: &Value) -> &str {
    str_param(p, "language_code").unwrap_or_default()
}

pub(super) fn chat_id(p: &Value) -> Result<i64, ApiErr> {
    match p.get("chat_id") {
        None | Some(Value::Null) => Err(bad("Bad Request: chat_id is empty")),
        Some(v) => as_i64(v).ok_or_else(|| bad("Bad Request: chat not found")),
    }
}

pub(super) fn kicked_description(kind: ChatKind) -> &'static str {
    match kind {
        ChatKind::Private => "Forbidden: bot was blocked by the user",
        ChatKind::Group => "Forbidden: bot was kicked from the group chat",
        ChatKind::Supergroup => "Forbidden: bot was kicked from the supergroup chat",
    }
}

pub(super) fn migrate_error(to: i64) -> ApiErr {
    ApiErr {
        status: 400,
        description: "Bad Request: group chat was upgraded to a supergroup chat".into(),
        parameters: Some(json!({"migrate_to_chat_id": to})),
    }
}

/// Applies `parse_mode` to `raw` (HTML is checked and stripped) and checks the length.
pub(super) fn render_text(raw: &str, p: &Value) -> Result<String, ApiErr> {
    let text = render(raw, p)?;
    if text.trim().is_empty() {
        return Err(bad("Bad Request: message text is empty"));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(bad("Bad Request: message is too long"));
    }
    Ok(text)
}

/// Applies `parse_mode` (of `p`) to `raw`.
pub(super) fn render(raw: &str, p: &Value) -> Result<String, ApiErr> {
    match str_param(p, "parse_mode") {
        Some(mode) if mode.eq_ignore_ascii_case("html") => {
            html::to_plain(raw).map_err(|e| bad(format!("Bad Request: can't parse entities: {e}")))
        }
        _ => Ok(raw.to_owned()),
    }
}

/// The inline keyboard of `p.reply_markup`, checked as Telegram does (`None` if absent or
/// not an inline keyboard: other keyboards are not echoed back).
pub(super) fn inline_markup(p: &Value) -> Result<Option<Value>, ApiErr> {
    let markup = match p.get("reply_markup") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => serde_json::from_str(s)
            .map_err(|_| bad("Bad Request: can't parse reply keyboard markup JSON object"))?,
        Some(v) => v.clone(),
    };
    let Some(rows) = markup.get("inline_keyboard") else {
        return Ok(None);
    };
    let not_array = || {
        bad("Bad Request: field \"inline_keyboard\" of the InlineKeyboardMarkup must be an Array")
    };
    for row in rows.as_array().ok_or_else(not_array)? {
        for button in row.as_array().ok_or_else(not_array)? {
            if button["text"].as_str().is_none_or(str::is_empty) {
                return Err(bad(
                    "Bad Request: can't parse inline keyboard button: Field \"text\" must be a non-empty String",
                ));
            }
            if !super::botapi::BUTTON_KINDS
                .iter()
                .any(|a| button.get(*a).is_some())
            {
                return Err(bad(
                    "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
                ));
            }
            super::botapi::check_button(button)?;
            if let Some(data) = button.get("callback_data") {
                let len = data.as_str().map_or(0, str::len);
                if !(1..=64).contains(&len) {
                    return Err(bad("Bad Request: BUTTON_DATA_INVALID"));
                }
            }
        }
    }
    Ok(Some(json!({"inline_keyboard": rows})))
}

pub(super) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}
