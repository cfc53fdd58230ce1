//! One state of a game as the live board shows it: a [`Frame`], built once per saved
//! version on each replica and sent to every viewer of the game there (pure: no I/O).
//!
//! A frame is a whole state, never a change: the page replaces what it shows with it, so a
//! page that missed frames (a lost connection, a slow phone) is right again with the next
//! one. Its board is the PNG's scene as SVG ([`crate::render::image::scene_svg`]); its texts
//! (the caption, the move buttons) are the chat board's own, in the page's language (the chat's), built
//! the first time a viewer of that language needs them.
//!
//! Before and after the game a frame carries the chat keyboard's own buttons (Join, Leave,
//! Start, add a computer, Cancel; New game and Rematch), each with its callback data: the
//! page sends that data back and the route plays it as the chat's press, so the page can
//! offer nothing the chat would not. After the game it carries the finishing order (points
//! once recorded) and the achievements line, and whether the game can be replayed in the
//! page ([`replay_json`]: the stored record walked through the engine, a scene per picture
//! of the chat's own replay pace). In a lobby it carries the settings its host may change
//! (the chat lobby's 🔲 Board and 📜 Rules buttons, every value with its callback data).

use std::sync::OnceLock;

use serde::Serialize;

use crate::bot::core::callback::{Button, Press};
use crate::bot::core::replay::{self, Walk};
use crate::bot::core::table::{Choice, PlayerKind, Replay, Stage, Table};
use crate::bot::core::view;
use crate::engine::{Colour, Phase, Preset};
use crate::i18n::{Lang, LiveMsg, Msg, html_to_plain, tr_plain};
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
    /// The host (who may start, add computers, cancel).
    host: i64,
    /// How many seats the table has room for.
    capacity: usize,
    /// A finished game whose whole record the table keeps: the page can replay it.
    replay: bool,
}

/// A chat button as the page offers it: its label in the viewer's language, what it does
/// (`join`, `leave`, `start`, `bot`, `cancel`, `new`, `rematch`) and the callback data the
/// page sends back.
#[derive(Debug, Serialize)]
struct ButtonJson {
    label: String,
    kind: &'static str,
    data: String,
}

/// The chat keyboard's buttons that the page offers as they are (not the moves, the Roll,
/// the language row or the replay's animation: the page has its own of these).
fn buttons(lang: Lang, t: &Table) -> Vec<ButtonJson> {
    if matches!(t.stage(), Stage::Playing(_)) {
        return Vec::new();
    }
    view::keyboard(lang, t)
        .inline_keyboard
        .iter()
        .flatten()
        .filter_map(|b| {
            let teloxide::types::InlineKeyboardButtonKind::CallbackData(data) = &b.kind else {
                return None;
            };
            // A button the chat shows disabled (Start alone) stays on the page as it was:
            // pressed, it is refused as in the chat, in words.
            let data = data
                .strip_prefix(super::keyboard::OFF)
                .unwrap_or(data)
                .to_owned();
            let kind = match Press::decode(&data)?.button {
                Button::Join => "join",
                Button::Leave => "leave",
                Button::Start => "start",
                Button::AddBot(_) => "bot",
                Button::Cancel => "cancel",
                Button::NewGame => "new",
                Button::Rematch => "rematch",
                _ => return None,
            };
            Some(ButtonJson {
                label: b.text.clone(),
                kind,
                data,
            })
        })
        .collect()
}

/// One of a lobby's settings as the host's page offers it: its chat button's label (which
/// says what is chosen now) and every value, each with the callback data that sets it.
#[derive(Debug, Serialize)]
struct ChoiceJson {
    /// `board` or `rules`.
    kind: &'static str,
    label: String,
    options: Vec<OptionJson>,
}

#[derive(Debug, Serialize)]
struct OptionJson {
    label: String,
    data: String,
    /// The value chosen now.
    on: bool,
    /// Whether the table can take it (a board with fewer seats than are seated cannot).
    ok: bool,
}

/// The lobby's settings the host may change (the chat lobby's 🔲 Board and 📜 Rules
/// buttons, every value at once): none once the game started, nor at a tournament's table.
fn choices(lang: Lang, t: &Table) -> Vec<ChoiceJson> {
    if !matches!(t.stage(), Stage::Lobby) || t.origin().is_some() {
        return Vec::new();
    }
    let data = |c: Choice| {
        Press {
            button: Button::Choose(c),
            version: t.seq(),
        }
        .encode()
    };
    let seats = t.board().map_or(0, |a| u32::from(a.count()));
    let boards = view::keyboard::BOARDS
        .iter()
        .map(|&b| OptionJson {
            label: b.map_or_else(
                || tr_plain(lang, &Msg::Live(LiveMsg::AnyBoard)),
                |a| a.count().to_string(),
            ),
            data: data(Choice::Board(b)),
            on: b == t.board(),
            ok: crate::bot::core::seats::capacity(b) >= t.players().len(),
        })
        .collect();
    let rules = Preset::ALL
        .iter()
        .map(|&p| OptionJson {
            label: tr_plain(lang, &Msg::Preset(p)),
            data: data(Choice::Rules(p)),
            on: p == t.preset(),
            ok: true,
        })
        .collect();
    vec![
        ChoiceJson {
            kind: "board",
            label: tr_plain(lang, &Msg::BtnBoard { seats }),
            options: boards,
        },
        ChoiceJson {
            kind: "rules",
            label: tr_plain(lang, &Msg::BtnRules { preset: t.preset() }),
            options: rules,
        },
    ]
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
            host: i64,
            capacity: usize,
            /// In the lobby, how many seats are free ("3 seats free."), if any.
            free: Option<String>,
            buttons: Vec<ButtonJson>,
            choices: Vec<ChoiceJson>,
            results: Vec<String>,
            achievements: Option<String>,
            replay: bool,
            replay_label: String,
        }
        let s = &self.shared;
        let (results, achievements) = match self.table.stage() {
            Stage::Finished(g) => (
                view::stats::finish_lines(lang, &self.table, g)
                    .iter()
                    .map(|l| html_to_plain(l))
                    .collect(),
                view::stats::achievements_line(lang, &self.table).map(|l| html_to_plain(&l)),
            ),
            _ => (Vec::new(), None),
        };
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
            host: s.host,
            capacity: s.capacity,
            free: free_seats(lang, s),
            buttons: buttons(lang, &self.table),
            choices: choices(lang, &self.table),
            results,
            achievements,
            replay: s.replay,
            replay_label: tr_plain(lang, &Msg::Replay(crate::i18n::ReplayMsg::BtnReplay)),
        };
        serde_json::to_string(&json).unwrap_or_default()
    }
}

/// The lobby's free seats as one line, if any.
fn free_seats(lang: Lang, s: &Shared) -> Option<String> {
    let n = s.capacity.saturating_sub(s.seats.len());
    (s.stage == "lobby" && n > 0).then(|| {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        tr_plain(lang, &Msg::Live(LiveMsg::FreeSeats { n }))
    })
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
            host: t.host(),
            capacity: t.capacity(),
            replay: false,
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
        host: t.host(),
        capacity: t.capacity(),
        replay: replay::game_ref(t).is_some(),
    }
}

/// One picture of a replay in the page.
#[derive(Serialize)]
struct ReplayFrame {
    /// The scene (as a live frame's), the move's trail drawn.
    scene: String,
    /// Who moved (`None`: the first and the final board).
    c: Option<&'static str>,
    /// The die or bonus that made the move.
    roll: Option<u8>,
    /// How long it shows, in ms (the chat's replay pace).
    ms: u32,
}

/// The finished game of `table` as the page replays it: the first board, a picture per
/// beat of the chat animation's pace (every board change, or the highlights of a long
/// game), the final board; the caption and the finishing order by colour. `None`: the table
/// is not finished or has no whole record, or the record does not replay.
#[must_use]
pub fn replay_json(lang: Lang, table: &Table) -> Option<String> {
    replay_json_of(lang, &table.replay()?)
}

/// A kept game's record (`rec`) as the page replays it (see [`replay_json`]); `None` when
/// the record does not replay.
#[must_use]
pub fn replay_json_of(lang: Lang, rec: &Replay) -> Option<String> {
    let walk: Walk = replay::walk(rec).ok()?;
    let names = replay::names(rec);
    let pace = replay::pace(&walk);
    let view = |last_move| View {
        last_move,
        names: names.clone(),
        ..View::default()
    };
    let mut frames = vec![ReplayFrame {
        scene: image::scene_svg(&walk.start, &view(None)),
        c: None,
        roll: None,
        ms: u32::from(replay::FIRST_CS) * 10,
    }];
    let changes: Vec<_> = walk.steps.iter().filter(|s| s.changes_board()).collect();
    for beat in &pace.beats {
        let Some(s) = changes.get(beat.change) else {
            continue;
        };
        frames.push(ReplayFrame {
            scene: image::scene_svg(&s.after, &view(s.play.map(Into::into))),
            c: s.seat().map(Colour::name),
            roll: s.roll.or_else(|| s.before.bonus()),
            ms: u32::from(beat.delay_cs) * 10,
        });
    }
    let last = replay::final_view(rec, &walk);
    frames.push(ReplayFrame {
        scene: image::scene_svg(walk.last(), &last),
        c: None,
        roll: None,
        ms: u32::from(replay::LAST_CS) * 10,
    });
    let (order, _) = replay::finishing_order(&walk);
    let order: Vec<_> = order
        .iter()
        .map(|&c| serde_json::json!({ "c": c.name(), "name": rec.name_of(c) }))
        .collect();
    let body = serde_json::json!({
        "id": rec.id,
        "arms": rec.arms.count(),
        "size": image::size(rec.arms),
        "caption": html_to_plain(&replay::caption(lang, rec, &walk)),
        "order": order,
        "frames": frames,
    });
    Some(body.to_string())
}

/// The group's kept games as the page lists them, newest first: each game's id (what
/// `api/replay?game=` takes), its start and end (Unix ms: the page writes them in the
/// viewer's own clock), board, rules, players and winners. A record that does not replay
/// is left out.
#[must_use]
pub fn replays_list_json(lang: Lang, recs: &[Replay]) -> String {
    let games: Vec<_> = recs
        .iter()
        .filter_map(|rec| {
            let walk = replay::walk(rec).ok()?;
            let (_, winners) = replay::finishing_order(&walk);
            let names: Vec<&str> = rec.seats.iter().map(|s| s.name.as_str()).collect();
            let winners: Vec<String> = winners.iter().map(|&c| rec.name_of(c)).collect();
            Some(serde_json::json!({
                "id": rec.id,
                "t0": rec.started_ms,
                "t1": rec.finished_ms,
                "arms": rec.arms.count(),
                "rules": tr_plain(lang, &Msg::Preset(rec.preset)),
                "names": names,
                "winners": winners,
            }))
        })
        .collect();
    serde_json::json!({ "games": games }).to_string()
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

    /// The page's offer at one saved state: the kinds of its buttons, whether it offers a
    /// roll, and its moves' labels.
    fn offer(frame: &Frame) -> (Vec<String>, bool, Vec<String>) {
        let json: serde_json::Value = serde_json::from_str(frame.json(Lang::En)).unwrap();
        let strs = |v: &serde_json::Value, k: &str| -> Vec<String> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|b| b[k].as_str().unwrap().to_owned())
                .collect()
        };
        (
            strs(&json["buttons"], "kind"),
            json["roll"].as_bool().unwrap(),
            strs(&json["moves"], "label"),
        )
    }

    #[test]
    fn under_auto_dice_the_page_offers_what_the_chat_offers_on_every_board_lobby_to_rematch() {
        use crate::bot::core::table::test_support::actor;
        use crate::bot::core::table::tests_dice::{SeededStreams, next_board, started};
        // Given games of 2, 4, 6 and 8 seats played to the end as the bot plays them under
        // auto dice (each save first plays what needs no human choice),
        let mut boards = 0;
        for (seats, humans) in [(2, 2), (4, 4), (6, 3), (8, 2)] {
            let mut streams = SeededStreams(seats as u64 * 31);
            let lobby = Table::lobby(&actor(1), crate::engine::Preset::Jcf, false);
            // the lobby offers the chat's lobby buttons (Start too, which the chat shows
            // disabled while the host is alone: the page's press is refused in words),
            let (kinds, roll, moves) = offer(&Frame::new(1, lobby, 0));
            assert_eq!(kinds, ["join", "leave", "bot", "start", "cancel"]);
            assert!(!roll && moves.is_empty());
            let mut t = started(seats, humans, &mut streams).until_human(0, true, &mut streams);
            while t.playing().is_some() {
                boards += 1;
                // then on every board the page offers exactly the chat keyboard's moves, no
                // roll to any human, and no lobby button;
                let kb = view::keyboard(Lang::En, &t);
                let chat: Vec<String> = kb
                    .inline_keyboard
                    .iter()
                    .flatten()
                    .map(|b| b.text.clone())
                    .collect();
                let frame = Frame::new(boards, t.clone(), 0);
                let (kinds, roll, moves) = offer(&frame);
                assert!(!roll, "{seats} seats: a human asked to roll on the page");
                assert!(kinds.is_empty());
                assert_eq!(moves, chat, "{seats} seats, board {boards}");
                let json: serde_json::Value = serde_json::from_str(frame.json(Lang::En)).unwrap();
                assert_ne!(json["phase"], "roll");
                t = next_board(t, &mut streams);
            }
            // and once over, the page offers New game and Rematch, the finishing order of
            // every seat, and the replay, whose pictures are the chat animation's beats.
            let frame = Frame::new(boards, t.clone(), 0);
            let (kinds, roll, moves) = offer(&frame);
            assert_eq!(kinds, ["new", "rematch"]);
            assert!(!roll && moves.is_empty());
            let json: serde_json::Value = serde_json::from_str(frame.json(Lang::En)).unwrap();
            assert_eq!(json["results"].as_array().unwrap().len(), seats);
            assert_eq!(json["replay"], true);
            let replay: serde_json::Value =
                serde_json::from_str(&replay_json(Lang::En, &t).expect("a replay")).unwrap();
            let walk = replay::walk(&t.replay().unwrap()).unwrap();
            assert_eq!(
                replay["frames"].as_array().unwrap().len(),
                replay::pace(&walk).beats.len() + 2
            );
            assert_eq!(replay["order"].as_array().unwrap().len(), seats);
        }
        assert!(boards > 100, "{boards}");
    }

    #[test]
    fn a_lobby_frame_carries_every_value_of_the_host_s_settings_as_chat_presses() {
        use crate::bot::core::table::test_support::actor;
        use crate::engine::Arms;
        // Given a lobby with no board asked for and the JCF rules,
        let lobby = Table::lobby(&actor(1), Preset::Jcf, false);
        let json: serde_json::Value =
            serde_json::from_str(Frame::new(1, lobby.clone(), 0).json(Lang::Es)).unwrap();
        let choices = json["choices"].as_array().unwrap();
        let values = |i: usize| -> Vec<(Button, bool, String)> {
            choices[i]["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    let data = o["data"].as_str().unwrap();
                    let button = Press::decode(data).expect("a chat press").button;
                    (button, o["on"].as_bool().unwrap(), data.to_owned())
                })
                .collect()
        };
        // then its frame offers every board and every rule set, each value the data of a
        // chat press that sets it, the chosen ones marked, labelled as the chat's buttons;
        let boards: Vec<_> = values(0).into_iter().map(|(b, on, _)| (b, on)).collect();
        assert_eq!(
            boards,
            [None, Some(Arms::Four), Some(Arms::Six), Some(Arms::Eight)]
                .map(|b| (Button::Choose(Choice::Board(b)), b.is_none()))
        );
        let rules: Vec<_> = values(1).into_iter().map(|(b, on, _)| (b, on)).collect();
        assert_eq!(
            rules,
            Preset::ALL.map(|p| (Button::Choose(Choice::Rules(p)), p == Preset::Jcf))
        );
        assert_eq!(choices[0]["label"], "🔲 Tablero: auto");
        assert_eq!(choices[1]["label"], "📜 Reglas: JCF");
        // the chat's own board button is one of them (the next board),
        let kb = view::keyboard(Lang::Es, &lobby);
        let chat_data = kb
            .inline_keyboard
            .iter()
            .flatten()
            .find(|b| b.text.starts_with("🔲"))
            .and_then(|b| match &b.kind {
                teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
                _ => None,
            })
            .expect("the chat's board button");
        assert_eq!(chat_data, values(0)[1].2);
        // and a game in play offers none.
        let playing = Frame::new(2, blue_to_play_four(), 0);
        let json: serde_json::Value = serde_json::from_str(playing.json(Lang::Es)).unwrap();
        assert_eq!(json["choices"], serde_json::json!([]));
    }

    #[test]
    fn a_table_in_play_or_unfinished_has_no_replay() {
        let t = blue_to_play_four();
        assert!(replay_json(Lang::En, &t).is_none());
    }
}
