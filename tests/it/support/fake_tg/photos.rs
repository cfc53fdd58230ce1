//! Photos: sendPhoto, editMessageCaption and editMessageMedia.

use serde_json::{Value, json};

use super::fetch;
use super::multipart::Upload;
use super::params::{Answer, ApiErr, MAX_CAPTION, bad, inline_markup, render, str_param};
use super::state::{PhotoFile, State};

const WRONG_FILE: &str = "Bad Request: wrong file identifier/HTTP URL specified";

/// A photo reference resolved to a stored file.
struct Resolved {
    file_id: String,
    file: PhotoFile,
    /// Whether the bytes were uploaded by this request (always a new file).
    uploaded: bool,
}

impl State {
    /// Resolves a photo reference: `attach://<part>`, a known `file_id` or an HTTP URL.
    fn resolve_photo(
        &mut self,
        spec: Option<&str>,
        field: &str,
        files: &[Upload],
    ) -> Result<Resolved, ApiErr> {
        let upload = match spec {
            Some(spec) => match spec.strip_prefix("attach://") {
                Some(part) => Some(
                    files
                        .iter()
                        .find(|f| f.field == part)
                        .ok_or_else(|| bad(WRONG_FILE))?,
                ),
                None => None,
            },
            None => Some(
                files
                    .iter()
                    .find(|f| f.field == field)
                    .ok_or_else(|| bad("Bad Request: there is no photo in the request"))?,
            ),
        };
        if let Some(upload) = upload {
            let (width, height) = image_size(&upload.data)?;
            let file = PhotoFile {
                width,
                height,
                size: upload.data.len(),
            };
            return Ok(Resolved {
                file_id: self.new_file(file),
                file,
                uploaded: true,
            });
        }
        let spec = spec.unwrap_or_default();
        if let Some(file) = self.files.get(spec) {
            return Ok(Resolved {
                file_id: spec.to_owned(),
                file: *file,
                uploaded: false,
            });
        }
        if spec.starts_with("http://") || spec.starts_with("https://") {
            // Fetched by the server before the call ([`super::fetch`]).
            let Some(fetched) = files.iter().find(|f| f.field == fetch::fetched_field(spec)) else {
                return Err(bad(fetch::URL_UNREADABLE));
            };
            let (width, height) =
                image_size(&fetched.data).map_err(|_| bad(fetch::URL_NOT_IMAGE))?;
            let file = PhotoFile {
                width,
                height,
                size: fetched.data.len(),
            };
            return Ok(Resolved {
                file_id: self.new_file(file),
                file,
                uploaded: true,
            });
        }
        Err(bad(WRONG_FILE))
    }

    fn new_file(&mut self, file: PhotoFile) -> String {
        let id = format!("AgACAgFakePhoto{}", self.next_file);
        self.next_file += 1;
        self.files.insert(id.clone(), file);
        id
    }

    pub(super) fn send_photo(&mut self, p: &Value, files: &[Upload]) -> Answer {
        let caption = caption(p)?;
        let (chat, mut body) = self.prepare_send(p)?;
        let photo = self.resolve_photo(str_param(p, "photo"), "photo", files)?;
        body.insert("photo".into(), sizes(&photo));
        if let Some(c) = caption {
            body.insert("caption".into(), Value::String(c));
        }
        let from = self.bot_user();
        Ok(self.store_message(chat, from, body, str_param(p, "caption").map(str::to_owned)))
    }

    pub(super) fn edit_caption(&mut self, p: &Value) -> Answer {
        if let Some(id) = self.inline_target(p)? {
            return self.edit_inline_caption(&id, p);
        }
        let (chat, id) = self.edit_target(p)?;
        if self
            .live_message(chat, id)
            .is_some_and(|m| m.json.get("photo").is_none())
        {
            return Err(bad(
                "Bad Request: there is no caption in the message to edit",
            ));
        }
        let caption = caption(p)?.map(Value::String);
        let markup = inline_markup(p)?;
        let raw = str_param(p, "caption").map(str::to_owned);
        self.apply_edit(
            chat,
            id,
            vec![("caption", caption), ("reply_markup", markup)],
            Some(raw),
        )
    }

    pub(super) fn edit_media(&mut self, p: &Value, files: &[Upload]) -> Answer {
        if let Some(id) = self.inline_target(p)? {
            return self.edit_inline_media(&id, p, files);
        }
        let (chat, id) = self.edit_target(p)?;
        let current = match self.live_message(chat, id) {
            Some(m) if m.json.get("photo").is_some() => m.json["photo"].clone(),
            _ => return Err(bad("Bad Request: there is no media in the message to edit")),
        };
        let media = media_of(p)?;
        let caption = caption(&media)?.map(Value::String);
        let raw = str_param(&media, "caption").map(str::to_owned);
        let markup = inline_markup(p)?;
        let photo = self.resolve_photo(str_param(&media, "media"), "media", files)?;
        let new_sizes = if photo.uploaded {
            sizes(&photo)
        } else {
            current_or(&current, &photo)
        };
        self.apply_edit(
            chat,
            id,
            vec![
                ("photo", Some(new_sizes)),
                ("caption", caption),
                ("reply_markup", markup),
            ],
            Some(raw),
        )
    }
}

/// The `media` parameter of `editMessageMedia`: a photo (the only media the fake knows).
fn media_of(p: &Value) -> Result<Value, ApiErr> {
    let media = match p.get("media") {
        Some(Value::String(s)) => serde_json::from_str(s)
            .map_err(|_| bad("Bad Request: can't parse InputMedia JSON object"))?,
        Some(v) => v.clone(),
        None => return Err(bad("Bad Request: media is empty")),
    };
    if media["type"] != json!("photo") {
        return Err(bad("Bad Request: the fake only supports photo media"));
    }
    Ok(media)
}

impl State {
    /// `editMessageMedia` of an inline message: a file by id or URL, never an upload ("When
    /// an inline message is edited, a new file can't be uploaded"); a text message becomes a
    /// photo with its caption ("or to add media to text messages").
    fn edit_inline_media(&mut self, id: &str, p: &Value, files: &[Upload]) -> Answer {
        let media = media_of(p)?;
        let spec = str_param(&media, "media");
        if spec.is_none_or(|s| s.starts_with("attach://")) {
            return Err(bad(WRONG_FILE));
        }
        let caption = caption(&media)?;
        let raw = str_param(&media, "caption").unwrap_or_default().to_owned();
        let markup = inline_markup(p)?;
        let photo = self.resolve_photo(spec, "media", files)?;
        let m = self.inline_message_mut(id)?;
        m.set_photo(sizes(&photo), caption, raw, markup);
        Ok(json!(true))
    }

    /// `editMessageCaption` of an inline message: only a photo has one.
    fn edit_inline_caption(&mut self, id: &str, p: &Value) -> Answer {
        let caption = caption(p)?;
        let raw = str_param(p, "caption").unwrap_or_default().to_owned();
        let markup = inline_markup(p)?;
        let m = self.inline_message_mut(id)?;
        if m.json.get("photo").is_none() {
            return Err(bad(
                "Bad Request: there is no caption in the message to edit",
            ));
        }
        if m.raw == raw && m.json.get("reply_markup") == markup.as_ref() {
            return Err(bad(super::params::NOT_MODIFIED));
        }
        let sizes = m.json["photo"].clone();
        m.set_photo(sizes, caption, raw, markup);
        Ok(json!(true))
    }
}

/// The current sizes if `photo` is the file already shown, else the new file's sizes.
fn current_or(current: &Value, photo: &Resolved) -> Value {
    let shown = current
        .as_array()
        .and_then(|s| s.last())
        .and_then(|s| s["file_id"].as_str());
    if shown == Some(photo.file_id.as_str()) {
        current.clone()
    } else {
        sizes(photo)
    }
}

/// The `PhotoSize` array Telegram returns: a 90 px thumbnail (when larger) and the original.
fn sizes(photo: &Resolved) -> Value {
    let PhotoFile {
        width,
        height,
        size,
    } = photo.file;
    let full = json!({
        "file_id": photo.file_id,
        "file_unique_id": format!("{}-u", photo.file_id),
        "width": width,
        "height": height,
        "file_size": size,
    });
    let longest = width.max(height);
    if longest <= 90 {
        return json!([full]);
    }
    let scale = |side: u32| (u64::from(side) * 90 / u64::from(longest)).max(1);
    json!([{
        "file_id": format!("{}-t", photo.file_id),
        "file_unique_id": format!("{}-tu", photo.file_id),
        "width": scale(width),
        "height": scale(height),
        "file_size": size / 20 + 1,
    }, full])
}

/// The rendered caption of `p` (`None` if absent), at most 1024 characters.
pub(super) fn caption(p: &Value) -> Result<Option<String>, ApiErr> {
    let Some(raw) = str_param(p, "caption") else {
        return Ok(None);
    };
    let text = render(raw, p)?;
    if text.chars().count() > MAX_CAPTION {
        return Err(bad("Bad Request: message caption is too long"));
    }
    Ok(Some(text))
}

/// Width and height of a PNG (from its IHDR chunk) or a JPEG (assumed 800×600);
/// Telegram refuses anything else.
fn image_size(data: &[u8]) -> Result<(u32, u32), ApiErr> {
    if data.is_empty() {
        return Err(bad("Bad Request: file must be non-empty"));
    }
    if data.starts_with(b"\x89PNG\r\n\x1a\n") && data.len() >= 24 && &data[12..16] == b"IHDR" {
        let word =
            |at: usize| u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
        return Ok((word(16), word(20)));
    }
    if data.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok((800, 600));
    }
    Err(bad("Bad Request: IMAGE_PROCESS_FAILED"))
}
