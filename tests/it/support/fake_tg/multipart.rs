//! A small `multipart/form-data` parser: enough for the forms reqwest builds for teloxide.

use serde_json::{Map, Value};

/// A file part of a form.
#[derive(Clone, Debug)]
pub(super) struct Upload {
    pub field: String,
    pub file_name: Option<String>,
    pub data: Vec<u8>,
}

/// Fields whose text is free text or a file reference, never parsed as JSON.
const TEXT_FIELDS: &[&str] = &[
    "text",
    "caption",
    "parse_mode",
    "photo",
    "document",
    "title",
    "description",
    "custom_title",
    "callback_query_id",
    "url",
    "business_connection_id",
];

/// Splits a multipart body into its text fields (as a JSON object: JSON-looking values
/// such as `reply_markup`, `media` and numbers are parsed, other values are strings) and
/// its file parts (those with a `filename`).
pub(super) fn parse(content_type: &str, body: &[u8]) -> Result<(Value, Vec<Upload>), String> {
    let boundary = content_type
        .split(';')
        .filter_map(|p| p.trim().strip_prefix("boundary="))
        .next()
        .map(|b| b.trim_matches('"').to_owned())
        .ok_or("multipart body without a boundary")?;
    let delimiter = format!("--{boundary}").into_bytes();
    let next_delimiter = format!("\r\n--{boundary}").into_bytes();

    let mut params = Map::new();
    let mut files = Vec::new();
    let mut pos = find(body, &delimiter, 0).ok_or("no opening boundary")? + delimiter.len();
    loop {
        if body[pos..].starts_with(b"--") {
            break;
        }
        pos += usize::from(body[pos..].starts_with(b"\r\n")) * 2;
        let header_end = find(body, b"\r\n\r\n", pos).ok_or("part without a header end")?;
        let headers = String::from_utf8_lossy(&body[pos..header_end]).into_owned();
        let content_start = header_end + 4;
        let content_end =
            find(body, &next_delimiter, content_start).ok_or("part without a closing boundary")?;
        let content = &body[content_start..content_end];
        let (name, file_name) = disposition(&headers).ok_or("part without a field name")?;
        match file_name {
            Some(file_name) => files.push(Upload {
                field: name,
                file_name: Some(file_name),
                data: content.to_vec(),
            }),
            None => {
                let text = String::from_utf8_lossy(content).into_owned();
                let value = text_value(&name, text);
                params.insert(name, value);
            }
        }
        pos = content_end + next_delimiter.len();
        if pos > body.len() {
            return Err("truncated multipart body".to_owned());
        }
    }
    Ok((Value::Object(params), files))
}

fn text_value(name: &str, text: String) -> Value {
    if TEXT_FIELDS.contains(&name) {
        return Value::String(text);
    }
    serde_json::from_str(&text).unwrap_or(Value::String(text))
}

/// The `name` and `filename` of a part's Content-Disposition header.
fn disposition(headers: &str) -> Option<(String, Option<String>)> {
    let line = headers
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))?;
    let mut name = None;
    let mut file_name = None;
    for param in line.split(';').skip(1) {
        let Some((key, value)) = param.trim().split_once('=') else {
            continue;
        };
        let value = value.trim().trim_matches('"').to_owned();
        match key.trim() {
            "name" => name = Some(value),
            "filename" => file_name = Some(value),
            _ => {}
        }
    }
    Some((name?, file_name))
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}
