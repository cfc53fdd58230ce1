//! `sendPhoto` and `editMessageMedia` with styled (and disabled) buttons (9.4, 10.3), as
//! multipart requests of the bot's own payloads: teloxide-core's public request machinery
//! ([`MultipartRequest`] over a payload that implements [`MultipartPayload`]) uploads the
//! picture, so a picture board with styled buttons costs the same one request as before.
//!
//! The picture's part is named by teloxide's `InputFile` (`attach://<id>`): the payload is
//! serialized first (which fixes the file's id), then its file is handed over under that id
//! ([`MultipartPayload::move_files`]). Field names as the official Bot API page and grammY's
//! `ApiMethods.sendPhoto` / `editMessageMedia` and `InputMediaPhoto` spell them.

use serde::Serialize;
use teloxide::requests::{JsonRequest, MultipartPayload, MultipartRequest, Payload};
use teloxide::types::InputFile;

use super::keyboard::StyledKeyboard;
use super::send::Sent;
use crate::bot::effects::chat::ChatAddr;
use crate::bot::effects::telegram::TgBot;

/// `sendPhoto` of a PNG with an HTML caption.
#[derive(Clone, Debug, Serialize)]
pub struct SendPhoto {
    pub chat_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_thread_id: Option<i32>,
    pub photo: InputFile,
    pub caption: String,
    pub parse_mode: &'static str,
    /// Styled buttons (9.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
}

impl SendPhoto {
    /// `png` (named `file_name`) with the HTML `caption` at `addr` (in its topic).
    #[must_use]
    pub fn png(addr: ChatAddr, png: Vec<u8>, file_name: &'static str, caption: String) -> Self {
        Self {
            chat_id: addr.id(),
            message_thread_id: addr.topic(),
            photo: InputFile::memory(png).file_name(file_name),
            caption,
            parse_mode: "HTML",
            reply_markup: None,
        }
    }

    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> MultipartRequest<Self> {
        MultipartRequest::new(bot.clone(), self)
    }
}

impl Payload for SendPhoto {
    /// The message sent: its id is read.
    type Output = Sent;
    const NAME: &'static str = "SendPhoto";
}

impl MultipartPayload for SendPhoto {
    fn copy_files(&self, into: &mut dyn FnMut(InputFile)) {
        into(self.photo.clone());
    }

    fn move_files(&mut self, into: &mut dyn FnMut(InputFile)) {
        into(self.photo.clone());
    }
}

/// `InputMediaPhoto`: a new picture with its HTML caption; `media` is an upload
/// ([`InputFile`]) or, for an inline message, which takes no upload, an HTTP URL.
#[derive(Clone, Debug, Serialize)]
pub struct MediaPhoto<M = InputFile> {
    /// Always `"photo"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub media: M,
    pub caption: String,
    pub parse_mode: &'static str,
}

/// `editMessageMedia` of a chat's photo message: a new picture, caption and buttons.
#[derive(Clone, Debug, Serialize)]
pub struct EditMessageMedia {
    pub chat_id: i64,
    pub message_id: i32,
    pub media: MediaPhoto,
    /// Styled buttons (9.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
}

impl EditMessageMedia {
    /// Message `message_id` of `chat` shown as `png` (named `file_name`) with the HTML
    /// `caption`.
    #[must_use]
    pub fn png(
        chat: i64,
        message_id: i32,
        png: Vec<u8>,
        file_name: &'static str,
        caption: String,
    ) -> Self {
        Self {
            chat_id: chat,
            message_id,
            media: MediaPhoto {
                kind: "photo",
                media: InputFile::memory(png).file_name(file_name),
                caption,
                parse_mode: "HTML",
            },
            reply_markup: None,
        }
    }

    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> MultipartRequest<Self> {
        MultipartRequest::new(bot.clone(), self)
    }
}

impl Payload for EditMessageMedia {
    /// The edited `Message`, or `true`: neither is read.
    type Output = serde_json::Value;
    const NAME: &'static str = "EditMessageMedia";
}

impl MultipartPayload for EditMessageMedia {
    fn copy_files(&self, into: &mut dyn FnMut(InputFile)) {
        into(self.media.media.clone());
    }

    fn move_files(&mut self, into: &mut dyn FnMut(InputFile)) {
        into(self.media.media.clone());
    }
}

/// `editMessageMedia` of an inline message: "When an inline message is edited, a new file
/// can't be uploaded; use a previously uploaded file via its file_id or specify a URL", and
/// the method may "add media to text messages" (the official Bot API page). So the picture
/// is named by its URL, which Telegram fetches, and the inline message's first picture
/// turns its text into a caption.
#[derive(Clone, Debug, Serialize)]
pub struct EditMessageMediaInline {
    pub inline_message_id: String,
    pub media: MediaPhoto<String>,
    /// Styled buttons (9.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
}

impl EditMessageMediaInline {
    /// Inline message `id` shown as the picture at `url` with the HTML `caption`.
    #[must_use]
    pub fn url(id: &str, url: String, caption: String) -> Self {
        Self {
            inline_message_id: id.to_owned(),
            media: MediaPhoto {
                kind: "photo",
                media: url,
                caption,
                parse_mode: "HTML",
            },
            reply_markup: None,
        }
    }

    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
}

impl Payload for EditMessageMediaInline {
    /// `true` (an inline message is not returned): not read.
    type Output = serde_json::Value;
    const NAME: &'static str = "EditMessageMedia";
}

/// `editMessageCaption` of an inline message that shows a photo: its text board (a lobby
/// after a rematch) goes in the caption.
#[derive(Clone, Debug, Serialize)]
pub struct EditMessageCaptionInline {
    pub inline_message_id: String,
    pub caption: String,
    pub parse_mode: &'static str,
    /// Styled buttons (9.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<StyledKeyboard>,
}

impl EditMessageCaptionInline {
    /// Inline message `id`'s caption set to the HTML `caption`.
    #[must_use]
    pub fn of(id: &str, caption: String) -> Self {
        Self {
            inline_message_id: id.to_owned(),
            caption,
            parse_mode: "HTML",
            reply_markup: None,
        }
    }

    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
}

impl Payload for EditMessageCaptionInline {
    /// `true` (an inline message is not returned): not read.
    type Output = serde_json::Value;
    const NAME: &'static str = "EditMessageCaption";
}
