//! A game's record as JSON Lines in the format of docs/PROTOCOL.md, and its check.
//!
//! - Line 1, the header: a `new` request of the protocol (the rules, board, options and
//!   seats) with the players, the roll-off and who started, the time limit and the times.
//! - Then one line per step: a request of the protocol (`position` and `roll`, or
//!   `position` alone when a bonus is pending) with the action taken: `play`, the move as
//!   the protocol writes it, or `null` when nothing could be played; `by`, who chose it;
//!   `notes`, what happened before it (a timeout, an absence, a return, a player leaving).
//! - Last, the end: `end` (`won` or `time_up`), the `final` position and the `winner`.
//!
//! Each step's position is the one the step before led to, so anyone can check a record
//! with any implementation of the protocol: feed the lines to `parxis rules`, and each
//! `play` must be among the answer's moves, its `after` the next line's position. Extra
//! keys of a request are ignored by the protocol, so every step line is a valid request.

use std::fmt::Write as _;

use serde::Deserialize;
use serde::de::DeserializeSeed;
use serde_json::{Map, Value, json};

use super::walk::{End, Note, Played, Walk, roll_off_of};
use crate::ai::Level;
use crate::bot::core::table::{By, GameLog, Replay, ReplaySeat, Step, log_order};
use crate::engine::setup::json::SetupSeed;
use crate::engine::{Arms, Colour, Game, Loc, Move, Overrides, Phase, Preset, Winner};

/// The header's `fair` of a game played before provably fair dice (its rolls cannot be
/// checked).
pub const PREDATES_FAIR: &str = "none: this game was played before provably fair dice";

/// The version written in the header's `replay` key.
pub const VERSION: u64 = 1;

fn position(g: &Game) -> Value {
    serde_json::to_value(g).unwrap_or(Value::Null)
}

fn move_json(mv: Move) -> Value {
    json!({
        "colour": mv.colour(),
        "from": mv.from().name(),
        "to": mv.to().name(),
        "captures": mv.captures(),
    })
}

fn winner_json(w: Option<Winner>) -> Value {
    serde_json::to_value(w).unwrap_or(Value::Null)
}

fn note_json(n: Note) -> Value {
    match n {
        Note::TimedOut { seat, strike } => json!({"timed_out": seat, "strike": strike}),
        Note::Skipped { seat, strike } => json!({"skipped": seat, "strike": strike}),
        Note::Absent(c) => json!({ "absent": c }),
        Note::Back(c) => json!({ "back": c }),
        Note::Left(c) => json!({ "left": c }),
        Note::Removed(c) => json!({ "removed": c }),
    }
}

fn header(replay: &Replay, walk: &Walk) -> Value {
    let mut new = Map::new();
    new.insert("rules".into(), json!(replay.preset));
    if replay.arms != Arms::Four {
        new.insert("arms".into(), json!(replay.arms.count()));
    }
    new.insert("options".into(), json!(Overrides::all(replay.options)));
    let seats: Vec<Colour> = replay.seats.iter().map(|s| s.colour).collect();
    new.insert("seats".into(), json!(seats));
    let players: Vec<Value> = replay
        .seats
        .iter()
        .map(|s| {
            let player = s.computer.map_or("human".to_owned(), |l| l.to_string());
            json!({"colour": s.colour, "name": s.name, "player": player})
        })
        .collect();
    let mut h = Map::new();
    h.insert("replay".into(), json!(VERSION));
    h.insert("game".into(), json!(replay.id));
    h.insert("new".into(), Value::Object(new));
    h.insert("players".into(), json!(players));
    h.insert("roll_off".into(), json!(walk.roll_off.rounds));
    h.insert("starter".into(), json!(walk.roll_off.starter));
    if let Some(m) = replay.limit {
        h.insert("time_limit_minutes".into(), json!(m));
    }
    if let Some(o) = &replay.origin {
        h.insert("origin".into(), json!(o));
    }
    h.insert("started_ms".into(), json!(replay.started_ms));
    h.insert("finished_ms".into(), json!(replay.finished_ms));
    h.insert(
        "fair".into(),
        replay
            .fair
            .as_ref()
            .map_or_else(|| json!(PREDATES_FAIR), |f| json!(f)),
    );
    Value::Object(h)
}

fn step_line(k: usize, s: &Played) -> Value {
    let mut m = Map::new();
    m.insert("step".into(), json!(k));
    m.insert("position".into(), position(&s.before));
    if let Some(d) = s.roll {
        m.insert("roll".into(), json!(d));
    }
    m.insert("play".into(), s.play.map_or(Value::Null, move_json));
    if let Some(by) = s.by {
        m.insert("by".into(), json!(by.name()));
    }
    if !s.notes.is_empty() {
        let notes: Vec<Value> = s.notes.iter().map(|n| note_json(*n)).collect();
        m.insert("notes".into(), json!(notes));
    }
    Value::Object(m)
}

/// The record as JSON Lines (each line ends with a newline).
#[must_use]
pub fn write(replay: &Replay, walk: &Walk) -> String {
    write_in(replay, walk, None)
}

/// [`write`], the header naming the chat's language (`lang`), in which `parxis verify`
/// answers.
#[must_use]
pub fn write_in(replay: &Replay, walk: &Walk, lang: Option<crate::i18n::Lang>) -> String {
    let mut out = String::with_capacity(512 * (walk.steps.len() + 2));
    let mut line = |v: &Value| {
        let _ = writeln!(out, "{v}");
    };
    let mut head = header(replay, walk);
    if let (Some(lang), Some(h)) = (lang, head.as_object_mut()) {
        h.insert("lang".into(), json!(lang.code()));
    }
    line(&head);
    for (k, s) in walk.steps.iter().enumerate() {
        line(&step_line(k + 1, s));
    }
    let mut end = Map::new();
    let (kind, winner) = match walk.end {
        End::Won(w) => ("won", Some(w)),
        End::TimeUp(w) => ("time_up", w),
    };
    end.insert("end".into(), json!(kind));
    end.insert("final".into(), position(walk.last()));
    end.insert("winner".into(), winner_json(winner));
    if !walk.last_notes.is_empty() {
        let notes: Vec<Value> = walk.last_notes.iter().map(|n| note_json(*n)).collect();
        end.insert("notes".into(), json!(notes));
    }
    line(&Value::Object(end));
    out
}

/// Why a record is refused: its line (1-based, as an editor counts) and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct LineError {
    pub line: usize,
    pub reason: String,
}

#[derive(Deserialize)]
struct NewGame {
    #[serde(default)]
    rules: Option<Preset>,
    #[serde(default)]
    arms: Option<Arms>,
    #[serde(default)]
    options: Overrides,
    seats: Vec<Colour>,
}

#[derive(Deserialize)]
struct PlayerLine {
    colour: Colour,
    name: String,
    player: String,
}

#[derive(Deserialize)]
struct Header {
    replay: u64,
    #[serde(default)]
    game: String,
    new: NewGame,
    players: Vec<PlayerLine>,
    roll_off: Vec<Vec<(Colour, u8)>>,
    starter: Colour,
    #[serde(default)]
    time_limit_minutes: Option<u32>,
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    started_ms: u64,
    #[serde(default)]
    finished_ms: u64,
    /// The fair dice revealed (an object), or the note of a game played before them.
    #[serde(default)]
    fair: Option<Value>,
}

#[derive(Deserialize)]
struct PlayJson {
    colour: Colour,
    from: Loc,
    to: Loc,
    #[serde(default)]
    captures: Option<Colour>,
}

/// Where two positions first differ, as the protocol writes them.
fn difference(expected: &Game, got: &Game) -> String {
    let (e, g) = (position(expected), position(got));
    let (Some(eo), Some(go)) = (e.as_object(), g.as_object()) else {
        return "the positions differ".into();
    };
    for (k, ev) in eo {
        let gv = go.get(k).unwrap_or(&Value::Null);
        if ev != gv {
            return format!("{k} is {gv}, the game had {ev}");
        }
    }
    "the positions differ".into()
}

fn read_position(v: &Value, key: &str, roll: bool) -> Result<Game, String> {
    let p = v.get(key).ok_or_else(|| format!("no \"{key}\" position"))?;
    let setup = SetupSeed { roll }
        .deserialize(p)
        .map_err(|e| format!("invalid position: {e}"))?;
    if setup.rules.is_none() || setup.board.is_none() {
        return Err("invalid position: \"rules\" and \"board\" are required".into());
    }
    Game::from_setup(&setup).map_err(|e| format!("invalid position: {e}"))
}

fn read_notes(v: &Value) -> Result<Vec<Note>, String> {
    let Some(list) = v.get("notes") else {
        return Ok(Vec::new());
    };
    let list = list.as_array().ok_or("\"notes\" is not a list")?;
    let colour = |n: &Value, k: &str| -> Result<Colour, String> {
        Colour::deserialize(&n[k]).map_err(|e| format!("note {k}: {e}"))
    };
    let strike = |n: &Value| -> Result<u8, String> {
        n.get("strike")
            .and_then(Value::as_u64)
            .and_then(|s| u8::try_from(s).ok())
            .filter(|s| (1..=9).contains(s))
            .ok_or_else(|| "a note's strike is not 1 to 9".to_owned())
    };
    list.iter()
        .map(|n| {
            let has = |k: &str| n.get(k).is_some();
            Ok(if has("timed_out") {
                Note::TimedOut {
                    seat: colour(n, "timed_out")?,
                    strike: strike(n)?,
                }
            } else if has("skipped") {
                Note::Skipped {
                    seat: colour(n, "skipped")?,
                    strike: strike(n)?,
                }
            } else if has("absent") {
                Note::Absent(colour(n, "absent")?)
            } else if has("back") {
                Note::Back(colour(n, "back")?)
            } else if has("left") {
                Note::Left(colour(n, "left")?)
            } else if has("removed") {
                Note::Removed(colour(n, "removed")?)
            } else {
                return Err(format!("unknown note {n}"));
            })
        })
        .collect()
}

fn read_header(v: &Value) -> Result<(Replay, Game), String> {
    let h = Header::deserialize(v).map_err(|e| format!("not a replay header: {e}"))?;
    if h.replay != VERSION {
        return Err(format!("a replay of version {}, not {VERSION}", h.replay));
    }
    let preset = h.new.rules.unwrap_or_default();
    let options = h.new.options.apply(preset).map_err(|e| e.to_string())?;
    let arms = h.new.arms.unwrap_or_default();
    let game = Game::new_on(arms, preset, options, &h.new.seats).map_err(|e| e.to_string())?;
    if h.players.len() != h.new.seats.len()
        || h.players
            .iter()
            .zip(&h.new.seats)
            .any(|(p, c)| p.colour != *c)
    {
        return Err("\"players\" are not the seats, in turn order".into());
    }
    let rolls: Vec<u8> = h.roll_off.iter().flatten().map(|&(_, r)| r).collect();
    let ro = roll_off_of(&h.new.seats, &rolls)?;
    if ro.rounds != h.roll_off {
        return Err("the roll-off's rounds are not the seats tied in the round before".into());
    }
    if ro.starter != h.starter {
        return Err(format!(
            "the roll-off makes {} start, not {}",
            ro.starter, h.starter
        ));
    }
    let mut seats = Vec::with_capacity(h.players.len());
    for p in &h.players {
        let computer = match p.player.as_str() {
            "human" => None,
            level => Some(
                level
                    .parse::<Level>()
                    .map_err(|_| format!("unknown player {level:?}"))?,
            ),
        };
        seats.push(ReplaySeat {
            colour: p.colour,
            name: p.name.clone(),
            computer,
        });
    }
    let mut log = GameLog::default();
    log.push(&Step::RollOff(rolls));
    let start = game
        .with_first_turn(ro.starter)
        .map_err(|e| e.to_string())?;
    let replay = Replay {
        id: h.game,
        preset,
        options,
        arms,
        seats,
        limit: h.time_limit_minutes,
        origin: h.origin,
        started_ms: h.started_ms,
        finished_ms: h.finished_ms,
        log,
        fair: h.fair.and_then(|v| serde_json::from_value(v).ok()),
    };
    Ok((replay, start))
}

/// One step line checked against the engine from `expected`: the position after it, and
/// the steps of the log it makes.
fn read_step(v: &Value, expected: &Game, log: &mut GameLog) -> Result<Game, String> {
    let g = read_position(v, "position", false)?;
    if g != *expected {
        return Err(format!(
            "the position is not the one the game reached: {}",
            difference(expected, &g)
        ));
    }
    for n in read_notes(v)? {
        log.push(&n.step());
    }
    let roll = match v.get("roll") {
        None | Some(Value::Null) => None,
        Some(r) => Some(
            r.as_u64()
                .and_then(|r| u8::try_from(r).ok())
                .filter(|r| (1..=6).contains(r))
                .ok_or_else(|| format!("a roll is a whole number from 1 to 6, not {r}"))?,
        ),
    };
    let choosing = match (g.phase(), roll) {
        (Phase::AwaitingRoll(_), Some(d)) => {
            log.push(&Step::Roll(d));
            g.roll(d).map_err(|e| e.to_string())?
        }
        (Phase::AwaitingRoll(_), None) => return Err("the step needs a \"roll\" (1 to 6)".into()),
        (Phase::AwaitingBonus { amount, .. }, Some(_)) => {
            return Err(format!(
                "a bonus of {amount} is pending: the step must carry no roll"
            ));
        }
        (Phase::AwaitingBonus { .. }, None) => g,
        (Phase::Finished(_), _) => return Err("the game is already won".into()),
        (Phase::AwaitingMove { .. }, _) => return Err("a position with a pending roll".into()),
    };
    let moves = log_order(&choosing);
    let by = match v.get("by").and_then(Value::as_str) {
        Some(name) => Some(By::from_name(name).ok_or_else(|| format!("unknown \"by\" {name:?}"))?),
        None => None,
    };
    let play = match v.get("play") {
        None => return Err("no \"play\" (null when nothing could be played)".into()),
        Some(Value::Null) => None,
        Some(p) => Some(PlayJson::deserialize(p).map_err(|e| format!("invalid play: {e}"))?),
    };
    let Some(play) = play else {
        if !moves.is_empty() {
            return Err(format!(
                "nothing was played, but {} moves were legal",
                moves.len()
            ));
        }
        let (after, _) = choosing.pass().map_err(|e| e.to_string())?;
        return Ok(after);
    };
    let shown = |m: &PlayJson| format!("{} {} → {}", m.colour, m.from.name(), m.to.name());
    let Some(index) = moves
        .iter()
        .position(|m| m.colour() == play.colour && m.from() == play.from && m.to() == play.to)
    else {
        let legal: Vec<String> = moves
            .iter()
            .map(|m| format!("{} {} → {}", m.colour(), m.from().name(), m.to().name()))
            .collect();
        let legal = if legal.is_empty() {
            "none".to_owned()
        } else {
            legal.join(", ")
        };
        return Err(format!(
            "{} is not a legal move here (legal: {legal})",
            shown(&play)
        ));
    };
    let mv = moves[index];
    if play.captures != mv.captures() {
        return Err(format!(
            "{} captures {}, not {}",
            shown(&play),
            mv.captures().map_or("nothing", Colour::name),
            play.captures.map_or("nothing", Colour::name)
        ));
    }
    let by = by.unwrap_or(By::Human);
    if by == By::Forced && moves.len() != 1 {
        return Err(format!(
            "the move is marked forced, but {} moves were legal",
            moves.len()
        ));
    }
    log.push(&Step::Move {
        index: u8::try_from(index).unwrap_or(0),
        by,
    });
    choosing.play(mv).map_err(|e| e.to_string())
}

/// The end line: the final position must be the one reached; the winner must be the
/// game's (R6) or the time limit's (R6.3).
fn read_end(v: &Value, expected: &Game, log: &mut GameLog) -> Result<(), String> {
    let kind = v["end"].as_str().ok_or("\"end\" is won or time_up")?;
    let last = read_position(v, "final", true)?;
    for n in read_notes(v)? {
        log.push(&n.step());
    }
    let winner: Option<Winner> = match v.get("winner") {
        None | Some(Value::Null) => None,
        Some(w) => Some(Winner::deserialize(w).map_err(|e| format!("winner: {e}"))?),
    };
    match kind {
        "won" => {
            if last != *expected {
                return Err(format!(
                    "the final position is not the one the game reached: {}",
                    difference(expected, &last)
                ));
            }
            match expected.winner() {
                Some(w) if Some(w) == winner => Ok(()),
                Some(w) => Err(format!(
                    "the winner is {}, not {:?}",
                    winner_json(Some(w)),
                    winner
                )),
                None => Err("the game was not won".into()),
            }
        }
        "time_up" => {
            if expected.winner().is_some() {
                return Err("the game was won before the time limit".into());
            }
            // A roll made before the time ran out, not played.
            let reached = match (last.pending_roll(), expected.phase()) {
                (Some(d), Phase::AwaitingRoll(_)) => {
                    log.push(&Step::Roll(d));
                    expected.roll(d).map_err(|e| e.to_string())?
                }
                _ => expected.clone(),
            };
            if last != reached {
                return Err(format!(
                    "the final position is not the one the game reached: {}",
                    difference(&reached, &last)
                ));
            }
            log.push(&Step::TimeUp);
            let result = last.time_limit_result();
            if result != winner {
                return Err(format!(
                    "by the time limit (R6.3) the winner is {}, not {}",
                    winner_json(result),
                    winner_json(winner)
                ));
            }
            Ok(())
        }
        other => Err(format!("\"end\" is won or time_up, not {other:?}")),
    }
}

/// Check a record line by line against the engine, and give back the game's [`Replay`].
///
/// # Errors
/// [`LineError`]: the first line that is not legal, and why.
pub fn check(text: &str) -> Result<Replay, LineError> {
    let mut replay: Option<Replay> = None;
    let mut expected: Option<Game> = None;
    let mut ended = false;
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        last_line = line;
        let fail = |reason: String| LineError { line, reason };
        if ended {
            return Err(fail("a line after the game's end".into()));
        }
        let v: Value =
            serde_json::from_str(raw).map_err(|e| fail(format!("not a JSON line: {e}")))?;
        let Some(r) = replay.as_mut() else {
            let (r, start) = read_header(&v).map_err(fail)?;
            replay = Some(r);
            expected = Some(start);
            continue;
        };
        let Some(exp) = expected.as_ref() else {
            return Err(fail("no position".into()));
        };
        if v.get("end").is_some() {
            read_end(&v, exp, &mut r.log).map_err(fail)?;
            ended = true;
            continue;
        }
        let after = read_step(&v, exp, &mut r.log).map_err(fail)?;
        expected = Some(after);
    }
    let Some(replay) = replay else {
        return Err(LineError {
            line: 1,
            reason: "an empty record".into(),
        });
    };
    if !ended {
        return Err(LineError {
            line: last_line + 1,
            reason: "the record ends before the game does (no \"end\" line)".into(),
        });
    }
    Ok(replay)
}
