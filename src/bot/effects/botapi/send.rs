//! `sendMessage` and `editMessageText` with the fields teloxide 0.17 lacks: styled buttons
//! (9.4, [`super::keyboard`]) and ephemeral messages (10.2–10.4).
//!
//! Ephemeral messages: `EphemeralMessageParameters` (`receiver_user_id`, `callback_query_id`,
//! `replace_callback_query_message`) passed as `sendMessage.ephemeral_message_parameters`;
//! Telegram shows the message to that one member of the group and answers with the message's
//! `ephemeral_message_id`. Names as aiogram's `EphemeralMessageParameters` (sourced from
//! core.telegram.org/bots/api#ephemeralmessageparameters), grammY's and televerse's types.

use serde::{Deserialize, Serialize};
use teloxide::requests::{JsonRequest, Payload};

use super::keyboard::StyledKeyboard;
use crate::bot::effects::chat::ChatAddr;
use crate::bot::effects::telegram::TgBot;

/// `ReplyParameters` (7.0, in teloxide too; ours so the payload is all one crate's).
#[derive(Clone, Debug, Serialize)]
pub struct ReplyTo {
    pub message_id: i32,
    pub allow_sending_without_reply: bool,
}

/// `EphemeralMessageParameters` (10.2; `callback_query_id` and
/// `replace_callback_query_message` 10.3).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EphemeralMessageParameters {
    /// The one member who sees the message.
    pub receiver_user_id: i64,
    /// The press that asked for it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub callback_query_id: Option<String>,
    /// Shown in place of the pressed message, for that member alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replace_callback_query_message: Option<bool>,
}

/// `sendMessage` with an HTML text.
#[derive(Clone, Debug, Serialize)]
pub struct SendMessage {
    pub chat_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_thread_id: Option<i32>,
    pub text: String,
    pub parse_mode: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_parameters: Option<ReplyTo>,
    /// Styled buttons (9.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
    /// 10.2: the message is shown to one member only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ephemeral_message_parameters: Option<EphemeralMessageParameters>,
}

/// What a send answers that the bot reads: the message's id, or an ephemeral message's own
/// id (10.2, `Message.ephemeral_message_id`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Sent {
    #[serde(default)]
    pub message_id: i32,
    #[serde(default)]
    pub ephemeral_message_id: Option<i64>,
}

impl Payload for SendMessage {
    type Output = Sent;
    const NAME: &'static str = "SendMessage";
}

impl SendMessage {
    /// An HTML `text` at `addr` (in its topic).
    #[must_use]
    pub fn html(addr: ChatAddr, text: String) -> Self {
        Self {
            chat_id: addr.id(),
            message_thread_id: addr.topic(),
            text,
            parse_mode: "HTML",
            reply_parameters: None,
            reply_markup: None,
            ephemeral_message_parameters: None,
        }
    }

    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
}

/// `editMessageText` with an HTML text, of a chat's message or of an inline message.
#[derive(Clone, Debug, Serialize)]
pub struct EditMessageText {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_id: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inline_message_id: Option<String>,
    pub text: String,
    pub parse_mode: &'static str,
    /// Styled buttons (9.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
}

impl Payload for EditMessageText {
    /// The edited `Message`, or `true`: neither is read.
    type Output = serde_json::Value;
    const NAME: &'static str = "EditMessageText";
}

impl EditMessageText {
    /// Message `message_id` of `chat` edited into the HTML `text`.
    #[must_use]
    pub fn of_message(chat: i64, message_id: i32, text: String) -> Self {
        Self {
            chat_id: Some(chat),
            message_id: Some(message_id),
            inline_message_id: None,
            text,
            parse_mode: "HTML",
            reply_markup: None,
        }
    }

    /// Inline message `id` edited into the HTML `text`.
    #[must_use]
    pub fn of_inline(id: &str, text: String) -> Self {
        Self {
            chat_id: None,
            message_id: None,
            inline_message_id: Some(id.to_owned()),
            text,
            parse_mode: "HTML",
            reply_markup: None,
        }
    }

    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
}

/// `editMessageReplyMarkup` of a chat's message: its buttons replaced (styled), or taken
/// off (`None`).
#[derive(Clone, Debug, Serialize)]
pub struct EditMessageReplyMarkup {
    pub chat_id: i64,
    pub message_id: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
}

impl Payload for EditMessageReplyMarkup {
    /// The edited `Message`, or `true`: neither is read.
    type Output = serde_json::Value;
    const NAME: &'static str = "EditMessageReplyMarkup";
}

impl EditMessageReplyMarkup {
    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ephemeral_send_names_its_receiver_and_leaves_out_what_it_does_not_use() {
        let mut s = SendMessage::html(ChatAddr::new(-100), "<b>hi</b>".into());
        s.ephemeral_message_parameters = Some(EphemeralMessageParameters {
            receiver_user_id: 7,
            callback_query_id: None,
            replace_callback_query_message: None,
        });
        assert_eq!(
            serde_json::to_value(&s).expect("encodes"),
            serde_json::json!({
                "chat_id": -100,
                "text": "<b>hi</b>",
                "parse_mode": "HTML",
                "ephemeral_message_parameters": {"receiver_user_id": 7},
            })
        );
    }
}
