//! Animations and documents: sendAnimation (a GIF upload) and sendDocument.

use serde_json::{Value, json};

use super::multipart::Upload;
use super::params::{Answer, bad, str_param};
use super::photos::caption;
use super::state::State;

/// Telegram's limit on a bot's upload (50 MB).
const MAX_UPLOAD: usize = 50 * 1024 * 1024;

impl State {
    /// `sendAnimation` (`kind` "animation": a GIF, its size read from its header) or
    /// `sendDocument` (`kind` "document": any file).
    pub(super) fn send_file(&mut self, p: &Value, files: &[Upload], kind: &str) -> Answer {
        let caption = caption(p)?;
        let (chat, mut body) = self.prepare_send(p)?;
        let spec = str_param(p, kind);
        let part = spec
            .and_then(|s| s.strip_prefix("attach://"))
            .unwrap_or(kind);
        let upload = files
            .iter()
            .find(|f| f.field == part)
            .ok_or_else(|| bad(format!("Bad Request: there is no {kind} in the request")))?;
        if upload.data.is_empty() || upload.data.len() > MAX_UPLOAD {
            return Err(bad("Bad Request: file is too big or empty"));
        }
        let id = format!("CgACAgFake{kind}{}", self.next_file);
        self.next_file += 1;
        let mut file = json!({
            "file_id": id,
            "file_unique_id": format!("{id}-u"),
            "file_size": upload.data.len(),
        });
        if let Some(name) = &upload.file_name {
            file["file_name"] = json!(name);
        }
        if kind == "animation" {
            let d = &upload.data;
            if !(d.starts_with(b"GIF87a") || d.starts_with(b"GIF89a")) || d.len() < 10 {
                return Err(bad("Bad Request: wrong type of the web page content"));
            }
            file["width"] = json!(u16::from_le_bytes([d[6], d[7]]));
            file["height"] = json!(u16::from_le_bytes([d[8], d[9]]));
            file["duration"] = json!(1);
            file["mime_type"] = json!("video/mp4");
            body.insert("document".into(), file.clone());
        }
        body.insert(kind.into(), file);
        if let Some(c) = caption {
            body.insert("caption".into(), Value::String(c));
        }
        let from = self.bot_user();
        Ok(self.store_message(chat, from, body, str_param(p, "caption").map(str::to_owned)))
    }
}
