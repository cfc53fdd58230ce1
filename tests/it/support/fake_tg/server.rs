//! HTTP side: routes `/bot<token>/<Method>`, decodes JSON or multipart parameters, applies
//! injected faults, records the request and renders Telegram's answer.

use std::{sync::Arc, time::Instant};

use axum::{
    Router,
    body::{Body, to_bytes},
    extract::{Request, State as AxumState},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::{Map, Value, json};

use super::{
    Fault, LONG_POLL_CAP, Recorded, RecordedFile, Shared,
    multipart::{self, Upload},
    params::{ApiErr, EDIT_NOT_FOUND, NOT_MODIFIED, as_i64, kicked_description, migrate_error},
    state::ChatKind,
};

const MAX_BODY: usize = 50 * 1024 * 1024;

/// What the fake answers to one request.
enum Outcome {
    Answer(Result<Value, ApiErr>),
    Raw { status: u16, body: Value },
    Drop,
}

pub(super) fn router(shared: Arc<Shared>) -> Router {
    Router::new().fallback(handle).with_state(shared)
}

async fn handle(AxumState(shared): AxumState<Arc<Shared>>, request: Request) -> Response {
    let at = Instant::now();
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let body = to_bytes(request.into_body(), MAX_BODY)
        .await
        .unwrap_or_default();

    let Some((bot_id, method)) = parse_path(&path) else {
        return telegram_error(&ApiErr {
            status: 404,
            description: "Not Found".into(),
            parameters: None,
        });
    };
    let (params, mut files_in) = match decode(&content_type, &body, query.as_deref()) {
        Ok(decoded) => decoded,
        Err(e) => (json!({ "undecodable_body": e }), Vec::new()),
    };
    files_in.extend(super::fetch::photos_by_url(&method, &params).await);

    let fault = {
        let mut state = shared.lock();
        if let Some(id) = bot_id {
            state.bot_id = id;
        }
        state
            .faults
            .get_mut(&method)
            .and_then(std::collections::VecDeque::pop_front)
    };
    let files: Vec<RecordedFile> = files_to_record(&method, &files_in);
    let tap = shared
        .tap
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    let keep = shared.keep_log.load(std::sync::atomic::Ordering::Relaxed);
    let record = |status: u16, response: &Value| Recorded {
        index: 0,
        method: method.clone(),
        params: params.clone(),
        files: files.clone(),
        at,
        status,
        response: response.clone(),
    };
    // A call that changes the fake's state is logged under the same lock: a test that sees
    // the change (a board edited) also finds the request that made it in the log.
    let mut logged = None;
    let outcome = match fault {
        Some(fault) => fault_outcome(fault, &params, &shared),
        None if method == "getupdates" => {
            let stated = {
                let mut state = shared.lock();
                super::botapi::check_params(&method, &params)
                    .and_then(|()| state.note_allowed(&params))
            };
            match stated {
                Ok(()) => Outcome::Answer(Ok(get_updates(&shared, &params).await)),
                Err(e) => Outcome::Answer(Err(e)),
            }
        }
        None => {
            let mut state = shared.lock();
            let admitted = state
                .flood
                .as_mut()
                .map_or(Ok(()), |gate| gate.admit(&method, &params));
            let outcome = match admitted {
                Ok(()) => Outcome::Answer(state.call(&method, &params, &files_in)),
                Err(retry_after) => too_many_requests(retry_after),
            };
            if keep {
                let (status, response) = status_and_body(&outcome);
                let mut r = record(status, &response);
                r.index = state.log.len();
                state.log.push(r.clone());
                logged = Some(r);
            }
            outcome
        }
    };

    let (status, response) = status_and_body(&outcome);
    let delay = shared
        .delays
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .filter(|(when, _)| when(&method, &params))
        .map(|(_, by)| *by)
        .max();
    match logged {
        Some(r) => {
            if let Some(tap) = tap {
                tap(&r);
            }
        }
        None if keep || tap.is_some() => {
            let mut r = record(status, &response);
            if let Some(tap) = tap {
                tap(&r);
            }
            if keep {
                let mut state = shared.lock();
                r.index = state.log.len();
                state.log.push(r);
            }
        }
        None => {}
    }
    shared.request_recorded.notify_waiters();
    if let Some(by) = delay {
        tokio::time::sleep(by).await;
    }

    match outcome {
        Outcome::Drop => dropped_connection(),
        _ => json_response(status, &response),
    }
}

/// Telegram's status and body for an outcome (status 0: the connection is dropped).
fn status_and_body(outcome: &Outcome) -> (u16, Value) {
    match outcome {
        Outcome::Answer(Ok(result)) => (200, json!({"ok": true, "result": result})),
        Outcome::Answer(Err(e)) => (e.status, error_body(e)),
        Outcome::Raw { status, body } => (*status, body.clone()),
        Outcome::Drop => (0, Value::Null),
    }
}

/// What the log keeps of the uploaded files: only animations, documents and photos fetched
/// by URL keep their bytes (uploaded board photos are many).
fn files_to_record(method: &str, files: &[Upload]) -> Vec<RecordedFile> {
    files
        .iter()
        .map(|f| RecordedFile {
            field: f.field.clone(),
            file_name: f.file_name.clone(),
            len: f.data.len(),
            head: f.data.iter().take(16).copied().collect(),
            data: if matches!(method, "sendanimation" | "senddocument")
                || f.field.starts_with("url:")
            {
                f.data.clone()
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// `/…/bot<token>/<Method>` → (the bot id from the token, the lower-cased method).
fn parse_path(path: &str) -> Option<(Option<i64>, String)> {
    let mut segments = path.rsplit('/').filter(|s| !s.is_empty());
    let method = segments.next()?.to_ascii_lowercase();
    let token = segments.next()?.strip_prefix("bot")?;
    let bot_id = token.split(':').next().and_then(|id| id.parse().ok());
    Some((bot_id, method))
}

fn decode(
    content_type: &str,
    body: &[u8],
    query: Option<&str>,
) -> Result<(Value, Vec<Upload>), String> {
    let (mut params, files) = if content_type.starts_with("multipart/form-data") {
        multipart::parse(content_type, body)?
    } else if body.iter().all(u8::is_ascii_whitespace) {
        (json!({}), Vec::new())
    } else {
        (
            serde_json::from_slice(body).map_err(|e| format!("invalid JSON body: {e}"))?,
            Vec::new(),
        )
    };
    // Simple `?key=value` parameters (no percent-decoding), for hand-made requests.
    if let (Some(query), Value::Object(map)) = (query, &mut params) {
        for pair in query.split('&') {
            if let Some((k, v)) = pair.split_once('=') {
                map.entry(k.to_owned())
                    .or_insert_with(|| Value::String(v.to_owned()));
            }
        }
    }
    Ok((params, files))
}

/// Telegram's flood answer: 429 with `parameters.retry_after` in seconds.
fn too_many_requests(retry_after: u32) -> Outcome {
    Outcome::Answer(Err(ApiErr {
        status: 429,
        description: format!("Too Many Requests: retry after {retry_after}"),
        parameters: Some(json!({"retry_after": retry_after})),
    }))
}

fn fault_outcome(fault: Fault, params: &Value, shared: &Shared) -> Outcome {
    let err = |status: u16, description: &str| {
        Outcome::Answer(Err(ApiErr {
            status,
            description: description.into(),
            parameters: None,
        }))
    };
    match fault {
        Fault::TooManyRequests { retry_after } => too_many_requests(retry_after),
        Fault::MessageNotModified => err(400, NOT_MODIFIED),
        Fault::NotFound => err(400, EDIT_NOT_FOUND),
        Fault::Kicked => {
            let kind = params
                .get("chat_id")
                .and_then(as_i64)
                .map_or(ChatKind::Group, |chat| {
                    shared
                        .lock()
                        .chats
                        .get(&chat)
                        .map_or_else(|| ChatKind::of(chat), |c| c.kind)
                });
            err(403, kicked_description(kind))
        }
        Fault::Migrate { to } => Outcome::Answer(Err(migrate_error(to))),
        Fault::ServerError => err(502, "Bad Gateway"),
        Fault::ConnectionDropped => Outcome::Drop,
        Fault::Custom { status, body } => Outcome::Raw { status, body },
    }
}

/// Long polling: answers as soon as updates are queued, or after `timeout` (capped).
async fn get_updates(shared: &Shared, params: &Value) -> Value {
    let offset = params.get("offset").and_then(as_i64);
    let limit = params
        .get("limit")
        .and_then(as_i64)
        .map_or(100, |l| usize::try_from(l.clamp(1, 100)).unwrap_or(100));
    let timeout = params
        .get("timeout")
        .and_then(as_i64)
        .map_or(0, |t| u64::try_from(t).unwrap_or(0));
    let wait = std::time::Duration::from_secs(timeout).min(LONG_POLL_CAP);
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let pushed = shared.updates_pushed.notified();
        tokio::pin!(pushed);
        pushed.as_mut().enable();
        let batch = shared.lock().take_updates(offset, limit);
        if !batch.is_empty() || tokio::time::Instant::now() >= deadline {
            return Value::Array(batch);
        }
        let _ = tokio::time::timeout_at(deadline, pushed).await;
    }
}

fn error_body(e: &ApiErr) -> Value {
    let mut body = Map::new();
    body.insert("ok".into(), json!(false));
    body.insert("error_code".into(), json!(e.status));
    body.insert("description".into(), json!(e.description));
    if let Some(p) = &e.parameters {
        body.insert("parameters".into(), p.clone());
    }
    Value::Object(body)
}

fn telegram_error(e: &ApiErr) -> Response {
    json_response(e.status, &error_body(e))
}

fn json_response(status: u16, body: &Value) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// A response that promises more bytes than it sends: the server aborts the connection
/// mid-body and the client sees a network error.
fn dropped_connection() -> Response {
    let mut response = Response::new(Body::from("{\"ok\":"));
    response.headers_mut().insert(
        header::CONTENT_LENGTH,
        header::HeaderValue::from_static("4096"),
    );
    response
}
