//! `parxis rules`: the JSON Lines rules-conformance protocol of `docs/PROTOCOL.md`.
//!
//! One request per line in, one answer per line out, in order, flushed line by line.

use std::io::{BufRead, Write};

use serde_json::{Map, Value, json};

use crate::engine::setup::options_from;
use crate::engine::{Colour, Game, Move, Preset, Setup};

/// Answer one request line. `None` for a blank line (skipped without an answer).
#[must_use]
pub fn answer_line(line: &str) -> Option<Value> {
    if line.trim().is_empty() {
        return None;
    }
    Some(match serde_json::from_str::<Value>(line) {
        Ok(v) => answer(&v).unwrap_or_else(|e| json!({ "error": e })),
        Err(e) => json!({ "error": format!("not a JSON line: {e}") }),
    })
}

/// Answer one parsed request.
///
/// # Errors
/// A clear message for a malformed or impossible request.
pub fn answer(req: &Value) -> Result<Value, String> {
    let Some(obj) = req.as_object() else {
        return Err("a request is a JSON object with \"new\" or \"position\"".into());
    };
    if let Some(new) = obj.get("new") {
        return new_game(new);
    }
    let Some(pos) = obj.get("position") else {
        return Err("a request needs \"new\" or \"position\"".into());
    };
    let mut pos = pos
        .as_object()
        .cloned()
        .ok_or("\"position\" must be a JSON object")?;
    pos.remove("roll"); // not a position field in this protocol
    let setup: Setup =
        serde_json::from_value(Value::Object(pos)).map_err(|e| format!("invalid position: {e}"))?;
    let game = Game::from_setup(&setup).map_err(|e| format!("invalid position: {e}"))?;
    if game.winner().is_some() {
        return Err("the game is already won: nothing can be played".into());
    }
    let roll = obj.get("roll").filter(|v| !v.is_null());
    let game = match (game.bonus(), roll) {
        (Some(b), Some(_)) => {
            return Err(format!(
                "a bonus of {b} is pending: the request must carry no roll"
            ));
        }
        (Some(_), None) => game,
        (None, None) => return Err("the request needs a \"roll\" (1 to 6)".into()),
        (None, Some(r)) => {
            let die = r
                .as_u64()
                .filter(|d| (1..=6).contains(d))
                .ok_or_else(|| format!("a roll is a whole number from 1 to 6, not {r}"))?;
            game.roll(die as u8).map_err(|e| e.to_string())?
        }
    };
    let moves: Vec<Value> = game
        .legal_moves()
        .iter()
        .map(|&mv| move_json(&game, mv))
        .collect();
    let after = if moves.is_empty() {
        let (g, _) = game.pass().map_err(|e| e.to_string())?;
        position_json(&g)
    } else {
        Value::Null
    };
    Ok(json!({ "moves": moves, "after": after }))
}

fn new_game(new: &Value) -> Result<Value, String> {
    let obj = new.as_object().ok_or("\"new\" must be a JSON object")?;
    let preset: Preset = match obj.get("rules") {
        None | Some(Value::Null) => Preset::Jcf,
        Some(Value::String(s)) => s.parse()?,
        Some(v) => return Err(format!("rules must be a string, not {v}")),
    };
    let overrides: Option<Map<String, Value>> = match obj.get("options") {
        None | Some(Value::Null) => None,
        Some(Value::Object(m)) => Some(m.clone()),
        Some(v) => return Err(format!("options must be an object, not {v}")),
    };
    let opts = options_from(preset, overrides.as_ref()).map_err(|e| e.to_string())?;
    let seats = obj
        .get("seats")
        .and_then(Value::as_array)
        .ok_or("\"new\" needs \"seats\": a list of colours")?;
    let seats: Vec<Colour> = seats
        .iter()
        .map(|s| {
            s.as_str()
                .ok_or_else(|| format!("a seat is a colour name, not {s}"))?
                .parse::<Colour>()
        })
        .collect::<Result<_, _>>()?;
    let game = Game::new(preset, opts, &seats).map_err(|e| e.to_string())?;
    Ok(json!({ "position": position_json(&game) }))
}

fn position_json(g: &Game) -> Value {
    serde_json::to_value(g.to_setup()).unwrap_or(Value::Null)
}

fn move_json(game: &Game, mv: Move) -> Value {
    json!({
        "colour": mv.colour().name(),
        "from": mv.from().to_string(),
        "to": mv.to().to_string(),
        "captures": mv.captures().map(Colour::name),
        "after": position_json(&game.play_unchecked(mv)),
    })
}

/// Serve the protocol: read `input` line by line, answer each on `output` at once.
///
/// # Errors
/// I/O errors of the streams (a bad request is an answer, not an error).
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                writeln!(
                    output,
                    "{}",
                    json!({ "error": "the line is not valid UTF-8" })
                )?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if let Some(ans) = answer_line(&line) {
            writeln!(output, "{ans}")?;
            output.flush()?;
        }
    }
    Ok(())
}
