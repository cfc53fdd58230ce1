//! One state of a game as the live board shows it: a [`Frame`], built once per saved
//! version on each replica and sent to every viewer of the game there (pure: no I/O).
//!
//! A frame is a whole state, never a change: the page replaces what it shows with it, so a
//! page that missed frames (a lost connection, a slow phone) is right again with the next
//! one. Its board is the PNG's scene as SVG ([`crate::render::image::scene_svg`]); its texts
//! (the caption, the move buttons) are the chat board's own, in the page's language (the chat's), built
//! the first time a viewer of that language needs them.

use std::sync::OnceLock;

use serde::Serialize;

use crate::bot::core::table::{PlayerKind, Stage, Table};
use crate::bot::core::view;
use crate::engine::{Colour, Phase};
use crate::i18n::{Lang, Msg, html_to_plain, tr_plain};
use crate::render::image::{self, Point, View};

/// Telegram's caption limit: the page shows what the chat's caption would.
const STATUS_LIMIT: usize = 1024;

/// A legal move the page offers (to the player to move only).
#[derive(Clone, Debug, Serialize)]
struct MoveOut {
    /// The number the board labels it with, and its button (1 = nearest home).
    n: usize,
    /// What a tap sends back: the move's index among the legal moves and its path.
    index: u8,
    from: u8,
    to: u8,
    /// Where it lands (its label) and where its piece stands (`None`: in the nest).
    at: Point,
    start: Option<Point>,
}

/// The move just played, for the page to animate its piece.
#[derive(Clone, Debug, Serialize)]
struct Anim {
    /// The piece's colour (`data-c` of its group in the scene).
    c: &'static str,
    /// The points it passed, ending where it stands now.
    pts: Vec<Point>,
}

#[derive(Clone, Debug, Serialize)]
struct SeatOut {
    c: &'static str,
    name: String,
    computer: bool,
}

/// What every viewer's frame shares, whatever their language.
#[derive(Debug)]
struct Shared {
    stage: &'static str,
    arms: Option<u8>,
    size: Option<u32>,
    scene: Option<String>,
    turn: Option<&'static str>,
    /// "roll", "move" (a move or bonus to choose), "wait" (a computer's turn), "over".
    phase: &'static str,
    roll: bool,
    moves: Vec<(MoveOut, crate::engine::Move)>,
    anim: Option<Anim>,
    seats: Vec<(SeatOut, Option<Colour>)>,
}

/// A saved state of a game, as the live board shows it.
#[derive(Debug)]
pub struct Frame {
    /// The store's version of the table.
    pub version: u64,
    pub table: Table,
    /// When it was built (the caption's time left is computed for then).
    pub now_ms: u64,
    shared: Shared,
    json: [OnceLock<String>; 4],
}

fn lang_slot(lang: Lang) -> usize {
    Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0)
}

impl Frame {
    /// The frame of `table`, stored as `version`, at `now_ms`.
    #[must_use]
    pub fn new(version: u64, table: Table, now_ms: u64) -> Self {
        let shared = shared(&table);
        Self {
            version,
            table,
            now_ms,
            shared,
            json: Default::default(),
        }
    }

    /// The table's `seq` (what a tap names as the state it was drawn on).
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.table.seq()
    }

    /// The frame as the JSON a page of `lang` gets (built once per language).
    #[must_use]
    pub fn json(&self, lang: Lang) -> &str {
        self.json[lang_slot(lang)].get_or_init(|| self.render(lang))
    }

    /// The colour `user` plays (`None`: they watch), and whether they sit at the table.
    #[must_use]
    pub fn seat_of(&self, user: i64) -> (Option<Colour>, bool) {
        match self.table.players().iter().find(|p| p.id == user) {
            Some(p) => (p.colour, true),
            None => (None, false),
        }
    }

    fn render(&self, lang: Lang) -> String {
        #[derive(Serialize)]
        struct MoveJson<'a> {
            #[serde(flatten)]
            m: &'a MoveOut,
            label: String,
        }
        #[derive(Serialize)]
        struct SeatJson<'a> {
            #[serde(flatten)]
            s: &'a SeatOut,
            colour: Option<String>,
        }
        #[derive(Serialize)]
        struct Json<'a> {
            v: u64,
            seq: u64,
            stage: &'a str,
            arms: Option<u8>,
            size: Option<u32>,
            scene: Option<&'a str>,
            status: Vec<String>,
            turn: Option<&'a str>,
            phase: &'a str,
            roll: bool,
            roll_label: String,
            moves: Vec<MoveJson<'a>>,
            anim: Option<&'a Anim>,
            seats: Vec<SeatJson<'a>>,
        }
        let s = &self.shared;
        let text = view::board_text(lang, &self.table, self.now_ms);
        let status = html_to_plain(&text.status_within(STATUS_LIMIT))
            .lines()
            .map(str::to_owned)
            .collect();
        let moves = s
            .moves
            .iter()
            .map(|(m, mv)| MoveJson {
                m,
                label: format!(
                    "{}. {}",
                    m.n,
                    tr_plain(
                        lang,
                        &Msg::MoveButton {
                            from: mv.from(),
                            to: mv.to(),
                            capture: mv.captures().is_some(),
                        },
                    )
                ),
            })
            .collect();
        let seats = s
            .seats
            .iter()
            .map(|(seat, c)| SeatJson {
                s: seat,
                colour: c.map(|c| crate::i18n::colour(lang, c)),
            })
            .collect();
        let json = Json {
            v: self.version,
            seq: self.table.seq(),
            stage: s.stage,
            arms: s.arms,
            size: s.size,
            scene: s.scene.as_deref(),
            status,
            turn: s.turn,
            phase: s.phase,
            roll: s.roll,
            roll_label: tr_plain(lang, &Msg::BtnRoll),
            moves,
            anim: s.anim.as_ref(),
            seats,
        };
        serde_json::to_string(&json).unwrap_or_default()
    }
}

fn shared(t: &Table) -> Shared {
    let stage = match &t.stage() {
        Stage::Lobby => "lobby",
        Stage::Playing(_) => "playing",
        Stage::Finished(_) => "finished",
        Stage::Cancelled(_) => "cancelled",
    };
    let seats = t
        .players()
        .iter()
        .map(|p| {
            (
                SeatOut {
                    c: p.colour.map_or("", Colour::name),
                    name: p.name.clone(),
                    computer: matches!(p.kind, PlayerKind::Computer(_)),
                },
                p.colour,
            )
        })
        .collect();
    let Some(game) = t.game() else {
        return Shared {
            stage,
            arms: None,
            size: None,
            scene: None,
            turn: None,
            phase: "wait",
            roll: false,
            moves: Vec::new(),
            anim: None,
            seats,
        };
    };
    let choices = t.playing().map(view::ordered_moves).unwrap_or_default();
    let scene = image::scene_svg(
        game,
        &View {
            last_move: t.trail(),
            choices: choices.clone(),
            names: view::name_of_seats(t),
            letters: None,
        },
    );
    let human_to_move = t
        .to_move()
        .is_some_and(|p| matches!(p.kind, PlayerKind::Human));
    let (phase, roll) = match game.phase() {
        _ if t.playing().is_none() => ("over", false),
        // As the chat's keyboard: an absent human keeps the Roll button.
        Phase::AwaitingRoll(_) if human_to_move => ("roll", true),
        Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } if human_to_move => {
            ("move", false)
        }
        Phase::Finished(_) => ("over", false),
        _ => ("wait", false),
    };
    let legal = game.legal_moves();
    let labels = image::label_points(game, &choices);
    let starts = image::start_points(game, &choices);
    let moves = if phase == "move" {
        choices
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let index = legal.iter().position(|l| *l == mv).unwrap_or(i);
                (
                    MoveOut {
                        n: i + 1,
                        index: u8::try_from(index).unwrap_or(u8::MAX),
                        from: mv.from_progress(),
                        to: mv.to_progress(),
                        at: labels[i],
                        start: starts[i],
                    },
                    mv,
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    // Animate only when this save moved a piece (a roll alone leaves the old trail).
    let moved = t
        .last()
        .iter()
        .any(|e| matches!(e, crate::bot::core::table::Event::Moved { .. }));
    let anim = t.trail().filter(|_| moved).map(|trail| Anim {
        c: trail.colour.name(),
        pts: image::trail_points(game, trail),
    });
    Shared {
        stage,
        arms: Some(game.arms().count()),
        size: Some(image::size(game.arms())),
        scene: Some(scene),
        turn: t.playing().and_then(|g| g.turn()).map(Colour::name),
        phase,
        roll,
        moves,
        anim,
        seats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::table::Actor;
    use crate::engine::{Game, Preset, Setup};

    fn blue_to_play_four() -> Table {
        let setup: Setup = serde_json::from_str(
            r#"{"rules":"jcf","seats":["yellow","blue"],"turn":"blue",
                "board":{"25":["blue"],"60":["blue"],"blue-2":["blue"]},"roll":4}"#,
        )
        .expect("position JSON");
        let game = Game::from_setup(&setup).expect("a valid position");
        let host = Actor {
            id: 1,
            name: "Ana".into(),
            is_admin: false,
        };
        let mut t = Table::lobby(&host, Preset::Jcf, false);
        t.players_mut()[0].colour = Some(Colour::Blue);
        *t.stage_mut() = Stage::Playing(game);
        t
    }

    #[test]
    fn the_moves_are_the_chat_buttons_in_their_order_with_their_keys() {
        // Given blue to play a 4 with three choices,
        let t = blue_to_play_four();
        let kb = view::keyboard(Lang::En, &t);
        let frame = Frame::new(3, t, 0);
        let json: serde_json::Value = serde_json::from_str(frame.json(Lang::En)).unwrap();
        // then the page offers the keyboard's moves, labelled alike, each with its key.
        let moves = json["moves"].as_array().unwrap();
        let buttons: Vec<_> = kb.inline_keyboard.iter().flatten().collect();
        assert_eq!(moves.len(), buttons.len());
        for (m, b) in moves.iter().zip(buttons) {
            assert_eq!(m["label"].as_str(), Some(b.text.as_str()));
        }
        assert_eq!(json["phase"], "move");
        assert_eq!(json["turn"], "blue");
        assert_eq!(
            (json["v"].as_u64(), json["seq"].as_u64()),
            (Some(3), Some(0))
        );
        assert!(
            json["scene"]
                .as_str()
                .unwrap()
                .starts_with("<g class=\"scene\"")
        );
        // And the texts follow the language.
        let ca: serde_json::Value = serde_json::from_str(frame.json(Lang::Ca)).unwrap();
        assert_ne!(ca["status"], json["status"]);
        assert_eq!(frame.seat_of(1), (Some(Colour::Blue), true));
        assert_eq!(frame.seat_of(2), (None, false));
    }
}
