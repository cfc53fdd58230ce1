//! `parxis rules`: the JSON Lines rules-conformance protocol (docs/PROTOCOL.md).
//!
//! One request per line in, one answer per line out, in order. Requests are read into typed
//! values ([`Setup`] through [`SetupSeed`]) and answers are written straight from the
//! [`Game`]s ([`Game::write_json`]), with no JSON trees in between. Anything the protocol does not define inside
//! `options` is refused, as are non-canonical locations, empty square lists, `null` where a
//! number is required and positions without `rules` or `board`; unknown top-level keys of
//! a request or a position are ignored.
//!
//! Answers go through a buffered writer, flushed whenever no further input is waiting: an
//! interactive user gets each answer at once, a piped file is answered in large writes.

use std::fmt;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::engine::rules::non_null;
use crate::engine::setup::json::{SetupSeed, value};
use crate::engine::setup::text;
use crate::engine::{Arms, Colour, Game, Overrides, Preset, Setup};

/// `{"new": …}`: a new game.
#[derive(Deserialize)]
struct NewGame {
    #[serde(default, deserialize_with = "non_null")]
    rules: Option<Preset>,
    #[serde(default, deserialize_with = "non_null")]
    arms: Option<Arms>,
    #[serde(default)]
    options: Overrides,
    seats: Vec<Colour>,
}

/// One request line.
enum Request {
    New(NewGame),
    Play { position: Setup, roll: Option<u8> },
}

#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Field {
    New,
    Position,
    Roll,
    #[serde(other)]
    Other,
}

struct RequestVisitor;

impl<'de> Visitor<'de> for RequestVisitor {
    type Value = Request;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a request object with \"new\" or \"position\"")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Request, A::Error> {
        let (mut new, mut position, mut roll) = (None, None, None);
        while let Some(key) = map.next_key::<Field>()? {
            match key {
                Field::New if new.is_some() => return Err(de::Error::duplicate_field("new")),
                Field::Position if position.is_some() => {
                    return Err(de::Error::duplicate_field("position"));
                }
                Field::Roll if roll.is_some() => return Err(de::Error::duplicate_field("roll")),
                Field::New => new = Some(value::<_, NewGame>(&mut map, "invalid new game")?),
                Field::Position => {
                    let seed = SetupSeed { roll: false };
                    let p = map
                        .next_value_seed(seed)
                        .map_err(|e| de::Error::custom(format_args!("invalid position: {e}")))?;
                    position = Some(p);
                }
                Field::Roll => roll = Some(value::<_, u8>(&mut map, "roll")?),
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        match (new, position) {
            (Some(n), None) if roll.is_none() => Ok(Request::New(n)),
            (Some(_), None) => Err(de::Error::custom("a new game takes no \"roll\"")),
            (None, Some(position)) => Ok(Request::Play { position, roll }),
            (Some(_), Some(_)) => Err(de::Error::custom(
                "a request has \"new\" or \"position\", not both",
            )),
            (None, None) => Err(de::Error::custom("a request needs \"new\" or \"position\"")),
        }
    }
}

impl<'de> Deserialize<'de> for Request {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(RequestVisitor)
    }
}

#[derive(Serialize)]
struct Refusal<'a> {
    error: &'a str,
}

fn new_game(n: &NewGame, out: &mut Vec<u8>) -> Result<(), String> {
    let preset = n.rules.unwrap_or_default();
    let opts = n.options.apply(preset).map_err(|e| e.to_string())?;
    let arms = n.arms.unwrap_or_default();
    let game = Game::new_on(arms, preset, opts, &n.seats).map_err(|e| e.to_string())?;
    out.extend_from_slice(b"{\"position\":");
    game.write_json(out);
    out.push(b'}');
    Ok(())
}

fn play(position: &Setup, roll: Option<u8>, out: &mut Vec<u8>) -> Result<(), String> {
    if position.rules.is_none() {
        return Err("invalid position: \"rules\" is required (jcf, classic or solidari)".into());
    }
    if position.board.is_none() {
        return Err(
            "invalid position: \"board\" is required ({} when no piece is on the board)".into(),
        );
    }
    let game = Game::from_setup(position).map_err(|e| format!("invalid position: {e}"))?;
    if game.winner().is_some() {
        return Err("the game is already won: nothing can be played".into());
    }
    let game = match (game.bonus(), roll) {
        (Some(b), Some(_)) => {
            return Err(format!(
                "a bonus of {b} is pending: the request must carry no roll"
            ));
        }
        (Some(_), None) => game,
        (None, None) => return Err("the request needs a \"roll\" (1 to 6)".into()),
        (None, Some(die)) => game
            .roll(die)
            .map_err(|_| format!("a roll is a whole number from 1 to 6, not {die}"))?,
    };
    let moves = game.legal_moves();
    out.extend_from_slice(b"{\"moves\":[");
    for (k, &mv) in moves.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"colour\":");
        text::push_name(out, mv.colour().name());
        out.extend_from_slice(b",\"from\":");
        text::push_name(out, mv.from().name());
        out.extend_from_slice(b",\"to\":");
        text::push_name(out, mv.to().name());
        out.extend_from_slice(b",\"captures\":");
        text::push_colour(out, mv.captures());
        out.extend_from_slice(b",\"after\":");
        game.play_unchecked(mv).write_json(out);
        out.push(b'}');
    }
    out.extend_from_slice(b"],\"after\":");
    if moves.is_empty() {
        let (after, _) = game.pass().map_err(|e| e.to_string())?;
        after.write_json(out);
    } else {
        out.extend_from_slice(b"null");
    }
    out.push(b'}');
    Ok(())
}

fn answer(line: &str, out: &mut Vec<u8>) -> Result<(), String> {
    let mut de = serde_json::Deserializer::from_str(line);
    let request = Request::deserialize(&mut de)
        .and_then(|r| de.end().map(|()| r))
        .map_err(|e| match e.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                format!("not a JSON line: {e}")
            }
            _ => e.to_string(),
        })?;
    match request {
        Request::New(n) => new_game(&n, out),
        Request::Play { position, roll } => play(&position, roll, out),
    }
}

/// Write the answer to one request line into `out` (no newline). `false` for a blank line,
/// which gets no answer.
pub fn write_answer(line: &str, out: &mut Vec<u8>) -> bool {
    if line.trim().is_empty() {
        return false;
    }
    let start = out.len();
    if let Err(e) = answer(line, out) {
        out.truncate(start);
        let _ = serde_json::to_writer(&mut *out, &Refusal { error: &e });
    }
    true
}

/// The answer to one request line, `None` for a blank line (skipped without an answer).
#[must_use]
pub fn answer_line(line: &str) -> Option<String> {
    let mut out = Vec::new();
    if !write_answer(line, &mut out) {
        return None;
    }
    String::from_utf8(out).ok()
}

/// Serve the protocol: read `input` line by line and answer each line on `output`, flushing
/// whenever no further input is already waiting.
///
/// # Errors
/// I/O errors of the streams (a bad request is an answer, not an error).
pub fn serve(input: impl Read, output: impl Write) -> std::io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut output = BufWriter::with_capacity(1 << 16, output);
    let mut line = Vec::with_capacity(4096);
    let mut answer = Vec::with_capacity(8192);
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        answer.clear();
        let answered = match std::str::from_utf8(&line) {
            Ok(text) => write_answer(text, &mut answer),
            Err(_) => {
                let refusal = Refusal {
                    error: "the line is not valid UTF-8",
                };
                serde_json::to_writer(&mut answer, &refusal).is_ok()
            }
        };
        if answered {
            answer.push(b'\n');
            output.write_all(&answer)?;
        }
        if input.buffer().is_empty() {
            output.flush()?;
        }
    }
    output.flush()
}

#[cfg(test)]
mod tests {
    use std::io::{self, Read};
    use std::sync::mpsc;

    use super::*;

    /// A reader that hands out one line per read, waiting for the test to send it.
    struct Typed(mpsc::Receiver<&'static str>);

    impl Read for Typed {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Ok(line) = self.0.recv() else {
                return Ok(0);
            };
            buf[..line.len()].copy_from_slice(line.as_bytes());
            Ok(line.len())
        }
    }

    /// A writer that reports what reaches it on each flush.
    struct Flushes {
        pending: Vec<u8>,
        flushed: mpsc::Sender<String>,
    }

    impl Write for Flushes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.pending.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            if !self.pending.is_empty() {
                let text = String::from_utf8_lossy(&self.pending).into_owned();
                self.pending.clear();
                let _ = self.flushed.send(text);
            }
            Ok(())
        }
    }

    const NEW: &str = "{\"new\": {\"seats\": [\"yellow\", \"red\"]}}\n";

    #[test]
    fn an_interactive_line_is_answered_before_the_next_one_is_typed() {
        // Given a user who types one line and waits
        let (typed, lines) = mpsc::channel();
        let (flushed, answers) = mpsc::channel();
        let server = std::thread::spawn(move || {
            let out = Flushes {
                pending: Vec::new(),
                flushed,
            };
            serve(Typed(lines), out)
        });
        for _ in 0..2 {
            typed.send(NEW).expect("typed");
            // When nothing more is waiting, Then the answer arrives without more input
            let got = answers
                .recv_timeout(std::time::Duration::from_secs(30))
                .expect("an answer while the user waits");
            assert!(got.starts_with("{\"position\":"), "{got}");
            assert_eq!(got.matches('\n').count(), 1);
        }
        drop(typed);
        server.join().expect("server").expect("serve");
    }

    #[test]
    fn a_piped_file_is_answered_in_one_write() {
        // Given three requests already waiting in one buffer
        let input = format!("{NEW}\n{NEW}{NEW}");
        let (flushed, answers) = mpsc::channel();
        let out = Flushes {
            pending: Vec::new(),
            flushed,
        };
        serve(input.as_bytes(), out).expect("serve");
        // Then the three answers (the blank line has none) reach the output in one flush
        let first = answers.try_recv().expect("one flush");
        assert_eq!(first.lines().count(), 3);
        assert!(answers.try_recv().is_err(), "only one flush");
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        let pos = r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","board":{}"#;
        for (request, says) in [
            (
                format!(r#"{{"position":{pos},"options":{{"start_out":2}}}},"roll":3}}"#),
                "start_out",
            ),
            (
                format!(r#"{{"position":{pos},"options":{{"six_count":12}}}},"roll":3}}"#),
                "six_count",
            ),
            (
                format!(r#"{{"position":{pos},"sixes":null}},"roll":3}}"#),
                "null",
            ),
            (
                r#"{"position":{"rules":"jcf","seats":["yellow","red"],"turn":"yellow"},"roll":3}"#
                    .to_string(),
                "\"board\" is required",
            ),
            (
                r#"{"position":{"seats":["yellow","red"],"turn":"yellow","board":{}},"roll":3}"#
                    .to_string(),
                "\"rules\" is required",
            ),
            (
                format!(r#"{{"position":{pos}}},"roll":null}}"#),
                "null",
            ),
            (
                r#"{"position":{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","board":{"20":[]}},"roll":3}"#
                    .to_string(),
                "no pieces",
            ),
        ] {
            let got = answer_line(&request).expect("an answer");
            let v: serde_json::Value = serde_json::from_str(&got).expect("JSON");
            let e = v["error"].as_str().unwrap_or_else(|| panic!("{request}: {got}"));
            assert!(e.contains(says), "{request}: {e}");
        }
    }
}
