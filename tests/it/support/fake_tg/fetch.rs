//! Photos named by URL are fetched, as Telegram fetches them: before the request is handled
//! (outside the state's lock), each HTTP URL a photo field names is read with a GET (5 s,
//! at most 5 MB, Telegram's limit for a photo by URL), and handed to the handler as an
//! upload under the field `url:<URL>`; a URL that could not be read is handed over as
//! `url-error:<URL>`. So a test sees the bot's picture URL really served, and a broken one
//! refused as Telegram refuses it.

use std::time::Duration;

use http_body_util::{BodyExt, Empty, Limited};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

use super::multipart::Upload;

/// Telegram's answer when it cannot read a photo's URL.
pub const URL_UNREADABLE: &str = "Bad Request: failed to get HTTP URL content";
/// Telegram's answer when a photo's URL does not serve an image.
pub const URL_NOT_IMAGE: &str = "Bad Request: wrong type of the web page content";
/// Telegram's limit on a photo sent by URL.
const MAX_PHOTO_BYTES: usize = 5 * 1024 * 1024;
const TIMEOUT: Duration = Duration::from_secs(5);

/// The field an upload fetched from `url` is handed over under.
pub fn fetched_field(url: &str) -> String {
    format!("url:{url}")
}

/// The field a URL that could not be read is handed over under.
pub fn failed_field(url: &str) -> String {
    format!("url-error:{url}")
}

/// The HTTP URLs the photo fields of `method`'s parameters name.
fn photo_urls(method: &str, params: &Value) -> Vec<String> {
    let spec = match method {
        "sendphoto" => params.get("photo").cloned(),
        "editmessagemedia" => match params.get("media") {
            Some(Value::String(s)) => serde_json::from_str::<Value>(s)
                .ok()
                .and_then(|m| m.get("media").cloned()),
            Some(m) => m.get("media").cloned(),
            None => None,
        },
        _ => None,
    };
    spec.and_then(|s| s.as_str().map(str::to_owned))
        .filter(|s| s.starts_with("http://") || s.starts_with("https://"))
        .into_iter()
        .collect()
}

/// Fetches every photo URL of the request (see the module's doc).
pub async fn photos_by_url(method: &str, params: &Value) -> Vec<Upload> {
    let mut out = Vec::new();
    for url in photo_urls(method, params) {
        out.push(match get(&url).await {
            Some(data) => Upload {
                field: fetched_field(&url),
                file_name: None,
                data,
            },
            None => Upload {
                field: failed_field(&url),
                file_name: None,
                data: Vec::new(),
            },
        });
    }
    out
}

/// The body of a 200 answer to a GET of `url` (plain HTTP: the bot's port on 127.0.0.1).
async fn get(url: &str) -> Option<Vec<u8>> {
    let uri: hyper::Uri = url.parse().ok()?;
    let client = Client::builder(TokioExecutor::new()).build_http::<Empty<Bytes>>();
    let answer = tokio::time::timeout(TIMEOUT, async {
        let response = client.get(uri).await.ok()?;
        if response.status() != hyper::StatusCode::OK {
            return None;
        }
        let body = Limited::new(response.into_body(), MAX_PHOTO_BYTES)
            .collect()
            .await
            .ok()?;
        Some(body.to_bytes().to_vec())
    })
    .await;
    answer.ok().flatten()
}
