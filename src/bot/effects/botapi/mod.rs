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
//! | `InlineKeyboardButton.style` (`success`, `danger`, `primary`) | 9.4 | [`keyboard`] |
//! | `MessageEntity` type `date_time` (`unix_time`, `date_time_format`), HTML `<tg-time>` | 9.5 | [`date_time`] |
//! | `guest_message` update, `Message.guest_query_id`, `answerGuestQuery`, `SentGuestMessage` | 10.0 | [`guest`] |
//! | `EphemeralMessageParameters`, `sendMessage.ephemeral_message_parameters`, `Message.ephemeral_message_id` | 10.2–10.4 | [`send`], [`ephemeral`] (the reply to one member and its fallback) |
//! | update kinds teloxide does not know (logged once per kind, ignored) | — | [`updates`] |
//!
//! Photo boards keep teloxide's own multipart requests (`sendPhoto`, `editMessageMedia`):
//! teloxide-core does not let a crate outside it define a multipart payload, so their
//! buttons stay unstyled.

pub mod date_time;
pub mod ephemeral;
pub mod guest;
pub mod keyboard;
pub mod send;
pub mod updates;

pub use keyboard::{Style, StyledButton, StyledKeyboard, styled};
pub use send::{EditMessageText, EphemeralMessageParameters, SendMessage, Sent};
