//! Every Telegram request and field newer than teloxide 0.17's types (Bot API 9.1), in one
//! place: teloxide-core's [`JsonRequest`](teloxide::requests::JsonRequest) with our own
//! payload structs (`impl Payload` + `Serialize`), so the rest of the bot never writes a
//! method name or a field by hand.
//!
//! Each struct and field names the Bot API version that introduced it and where its name was
//! checked: the official Bot API page's changelog (core.telegram.org/bots/api, "Recent
//! changes") and typed clients that track it (grammY's `types`, aiogram, televerse).
//!
//! | what | since | module |
//! | --- | --- | --- |
//! | `InlineKeyboardButton.style` (`success`, `danger`, `primary`) | 9.4 | [`keyboard`]; on picture boards [`photo`] |
//! | `InlineKeyboardButton.disabled` (`DisabledButton`, `{}`) | 10.3 | [`keyboard`] |
//! | `MessageEntity` type `date_time` (`unix_time`, `date_time_format`), HTML `<tg-time>` | 9.5 | [`date_time`] |
//! | `guest_message` update, `Message.guest_query_id`, `answerGuestQuery`, `SentGuestMessage` | 10.0 | [`guest`] |
//! | `allowed_updates` naming `guest_message` (`getUpdates`, `setWebhook`) | 10.0 | [`updates`] |
//! | `EphemeralMessageParameters`, `sendMessage.ephemeral_message_parameters`, `Message.ephemeral_message_id` | 10.2–10.4 | [`send`], [`ephemeral`] (the reply to one member and its fallback) |
//! | `editMessageMedia` / `editMessageCaption` of an inline message with styled buttons (a picture by URL: an inline message takes no upload) | 9.4 | [`photo`] |
//! | update kinds teloxide does not know (a guest message handled, others logged once per kind and ignored) | — | [`updates`] |
//!
//! Picture boards are multipart requests of our own payloads too ([`photo`]: teloxide-core's
//! public `MultipartRequest` over a payload implementing its public `MultipartPayload`), so
//! their buttons are styled in the same one request.

pub mod date_time;
pub mod ephemeral;
pub mod guest;
pub mod keyboard;
pub mod photo;
pub mod send;
pub mod updates;

pub use keyboard::{Style, StyledButton, StyledKeyboard, styled};
pub use send::{
    EditMessageReplyMarkup, EditMessageText, EphemeralMessageParameters, SendMessage, Sent,
};
