//! The buttons under the lobby and board messages, and the `/language` keyboard.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use crate::ai::Level;
use crate::bot::core::callback::{Button, Press};
use crate::bot::core::table::Origin;
use crate::bot::core::table::{Choice, MoveKey, PlayerKind, Stage, Table};
use crate::engine::{Arms, Phase, Preset};
use crate::i18n::{Lang, Msg, StatsMsg, tr_plain};

fn button(lang: Lang, m: &Msg, press: Press) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(tr_plain(lang, m), press.encode())
}

/// The keyboard under the lobby or board message.
#[must_use]
pub fn keyboard(lang: Lang, t: &Table) -> InlineKeyboardMarkup {
    let p = |button: Button| Press {
        button,
        version: t.seq(),
    };
    let rows: Vec<Vec<InlineKeyboardButton>> = match &t.stage() {
        Stage::Lobby => {
            // What cannot be done now is shown disabled: a seat when none is left, Start
            // before two players are seated (an invited partner not yet confirmed is not).
            let full = t.players().len() >= t.capacity();
            let startable = t.players().len().saturating_sub(t.invited().len()) >= 2;
            let mut rows = vec![
                vec![
                    off_unless(!full, button(lang, &Msg::BtnJoin, p(Button::Join))),
                    button(lang, &Msg::BtnLeave, p(Button::Leave)),
                ],
                vec![
                    off_unless(
                        !full,
                        button(lang, &Msg::BtnAddComputer, p(Button::AddBot(Level::Normal))),
                    ),
                    off_unless(startable, button(lang, &Msg::BtnStart, p(Button::Start))),
                ],
                vec![button(lang, &Msg::BtnCancel, p(Button::Cancel))],
            ];
            // The host's settings (refused to others, as Start is): each press sets the
            // next board or rule set. A tournament's table keeps what it was given.
            if t.origin().is_none() {
                let seats = t.board().map_or(0, |a| u32::from(a.count()));
                let rules = Msg::BtnRules { preset: t.preset() };
                rows.insert(
                    2,
                    vec![
                        button(lang, &Msg::BtnBoard { seats }, p(next_board(t))),
                        button(lang, &rules, p(next_rules(t))),
                    ],
                );
            }
            // The first lobby of a chat whose language nobody chose: one row to choose it.
            if t.languages() {
                rows.push(language_row());
            }
            rows
        }
        Stage::Playing(g) => match g.phase() {
            // An absent human keeps the Roll button: pressing it brings them back.
            Phase::AwaitingRoll(_)
                if t.to_move()
                    .is_some_and(|p| matches!(p.kind, PlayerKind::Human)) =>
            {
                vec![vec![button(lang, &Msg::BtnRoll, p(Button::Roll))]]
            }
            Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {
                // Numbered nearest home first (as the image's labels); each button keeps
                // the move's index among the legal moves.
                let legal = g.legal_moves();
                let buttons: Vec<InlineKeyboardButton> = super::ordered_moves(g)
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let label = tr_plain(
                            lang,
                            &Msg::MoveButton {
                                from: m.from(),
                                to: m.to(),
                                capture: m.captures().is_some(),
                            },
                        );
                        let legal_index = legal.iter().position(|l| l == m).unwrap_or(i);
                        let index = u8::try_from(legal_index).unwrap_or(u8::MAX);
                        InlineKeyboardButton::callback(
                            format!("{}. {label}", i + 1),
                            p(Button::MoveSeen(MoveKey {
                                index,
                                from: m.from_progress(),
                                to: m.to_progress(),
                            }))
                            .encode(),
                        )
                    })
                    .collect();
                move_rows(buttons)
            }
            Phase::AwaitingRoll(_) | Phase::Finished(_) => vec![],
        },
        // A tournament's or a league's table has no rematch: its result goes on there.
        Stage::Finished(_) if t.origin().is_some_and(Origin::is_competition) => vec![],
        Stage::Finished(_) => {
            let mut rows = vec![vec![
                button(lang, &Msg::BtnNewGame, p(Button::NewGame)),
                button(lang, &Msg::Stats(StatsMsg::BtnRematch), p(Button::Rematch)),
            ]];
            // 🎞 Replay, for a game whose whole record the table kept.
            if let Some(g) = crate::bot::core::replay::game_ref(t) {
                let replay = Msg::Replay(crate::i18n::ReplayMsg::BtnReplay);
                rows.push(vec![button(lang, &replay, p(Button::Replay(g)))]);
            }
            rows
        }
        Stage::Cancelled(_) => {
            vec![vec![button(lang, &Msg::BtnNewGame, p(Button::NewGame))]]
        }
    };
    InlineKeyboardMarkup::new(rows)
}

/// The boards a lobby's host may ask for, in the order its button goes through them: any
/// (the smallest that seats everyone, at the start), then 4, 6 and 8 arms.
pub const BOARDS: [Option<Arms>; 4] = [None, Some(Arms::Four), Some(Arms::Six), Some(Arms::Eight)];

/// The lobby's board button: the next board after the one asked for that seats everyone
/// already seated (any seats them all).
#[must_use]
pub fn next_board(t: &Table) -> Button {
    let at = BOARDS.iter().position(|&b| b == t.board()).unwrap_or(0);
    let fits = |b: &&Option<Arms>| crate::bot::core::seats::capacity(**b) >= t.players().len();
    let next = BOARDS
        .iter()
        .cycle()
        .skip(at + 1)
        .take(BOARDS.len())
        .find(fits)
        .copied()
        .unwrap_or(None);
    Button::Choose(Choice::Board(next))
}

/// The lobby's rules button: the next rule set.
#[must_use]
pub fn next_rules(t: &Table) -> Button {
    let all = Preset::ALL;
    let at = all.iter().position(|&p| p == t.preset()).unwrap_or(0);
    Button::Choose(Choice::Rules(all[(at + 1) % all.len()]))
}

/// One "New game" button: under a board whose game is gone (Redis lost it), so no button
/// is left dead.
#[must_use]
pub fn new_game_only(lang: Lang) -> InlineKeyboardMarkup {
    new_game_button(lang, Button::NewGame)
}

/// The one "New game" button of an inline "New game (picture board)" offer.
#[must_use]
pub fn new_picture_game_only(lang: Lang) -> InlineKeyboardMarkup {
    new_game_button(lang, Button::NewPictureGame)
}

fn new_game_button(lang: Lang, new: Button) -> InlineKeyboardMarkup {
    let press = Press {
        button: new,
        version: 0,
    };
    InlineKeyboardMarkup::new([[button(lang, &Msg::BtnNewGame, press)]])
}

/// `kb` drawn under the board of `lane`: every button's data names the lane (see
/// [`crate::bot::core::callback::at_lane`]); with no lane, `kb` as it is.
#[must_use]
pub fn for_lane(mut kb: InlineKeyboardMarkup, lane: Option<u16>) -> InlineKeyboardMarkup {
    if lane.is_none() {
        return kb;
    }
    for b in kb.inline_keyboard.iter_mut().flatten() {
        if let teloxide::types::InlineKeyboardButtonKind::CallbackData(data) = &mut b.kind {
            *data = crate::bot::core::callback::at_lane(lane, data);
        }
    }
    kb
}

/// The colour a button asks for (Bot API 9.4 `style`; the wire form is the effects'):
/// the green of going on, the red of leaving, the blue of the player's own choices; or no
/// colour at all for a button that cannot be used now ([`Tone::Off`], shown disabled:
/// Bot API 10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Roll, Join: the way forward.
    Go,
    /// Leave, Cancel: undoes something.
    Stop,
    /// The player's move buttons.
    Mine,
    /// An action impossible now (Start while fewer than two are seated, Join and Add
    /// computer at a full table; a tournament's Start below its fewest entrants, its Join
    /// once full, its Leave with nobody in): shown, greyed, doing nothing ([`off`]).
    Off,
}

/// The mark of a button drawn [`off`]: the first character of its callback data (after its
/// lane, if any). No data of ours starts with it, so a press that carried it anyway (an app
/// that ignores disabled buttons) is "not ours" and changes nothing.
pub const OFF: char = '~';

/// `b` shown but disabled (its data marked [`OFF`]; the wire form drops the data and sends
/// `disabled`).
#[must_use]
pub fn off(mut b: InlineKeyboardButton) -> InlineKeyboardButton {
    if let teloxide::types::InlineKeyboardButtonKind::CallbackData(d) = &mut b.kind {
        d.insert(0, OFF);
    }
    b
}

/// `b` as it is when it can be used now, else drawn [`off`]: the one way every keyboard
/// (a lobby's, a tournament's sign-up) shows an action that could only be refused.
#[must_use]
pub fn off_unless(possible: bool, b: InlineKeyboardButton) -> InlineKeyboardButton {
    if possible { b } else { off(b) }
}

/// The tone of a button by its callback data (with or without a lane), `None` for plain
/// buttons (Start, a computer, the language row, …) and data that is not ours. The
/// tournament's buttons too: its sign-up's Join (`tj:`) and Leave (`tl:`), a table's Ready
/// (`tr:`), a partner's Confirm (`tp:`), an extension's Accept and Refuse (`ty:<table>.1`,
/// `.0`).
#[must_use]
pub fn tone_of(data: &str) -> Option<Tone> {
    let own = data.split_once('@').map_or(data, |(_, d)| d);
    if own.starts_with(OFF) {
        return Some(Tone::Off);
    }
    match own.split_once(':') {
        Some(("tj" | "tr" | "tp", _)) => return Some(Tone::Go),
        Some(("tl", _)) => return Some(Tone::Stop),
        Some(("ty", rest)) if rest.ends_with(".1") => return Some(Tone::Go),
        Some(("ty", rest)) if rest.ends_with(".0") => return Some(Tone::Stop),
        _ => {}
    }
    match Press::decode(data)?.button {
        Button::Join | Button::Roll => Some(Tone::Go),
        Button::Leave | Button::Cancel => Some(Tone::Stop),
        Button::Move(_) | Button::MoveSeen(_) => Some(Tone::Mine),
        _ => None,
    }
}

/// A move button's label this long or longer takes a row of its own (a phone shows about
/// 16 characters of a half-width button).
pub const LONG_LABEL: usize = 16;

/// Move buttons two to a row, except that a long label takes a whole row, so no label is
/// cut on a phone.
fn move_rows(buttons: Vec<InlineKeyboardButton>) -> Vec<Vec<InlineKeyboardButton>> {
    let long = |b: &InlineKeyboardButton| b.text.chars().count() >= LONG_LABEL;
    let mut rows: Vec<Vec<InlineKeyboardButton>> = Vec::new();
    for b in buttons {
        match rows.last_mut() {
            Some(row) if row.len() == 1 && !long(&row[0]) && !long(&b) => row.push(b),
            _ => rows.push(vec![b]),
        }
    }
    rows
}

/// The four languages, each in itself (Català · Valencià · Español · English).
fn language_row() -> Vec<InlineKeyboardButton> {
    Lang::ALL
        .iter()
        .map(|&l| {
            let press = Press {
                button: Button::Language(l),
                version: 0,
            };
            InlineKeyboardButton::callback(l.native_name(), press.encode())
        })
        .collect()
}

/// The `/language` keyboard.
#[must_use]
pub fn language_keyboard() -> InlineKeyboardMarkup {
    let row = language_row();
    InlineKeyboardMarkup::new(row.chunks(2).map(<[_]>::to_vec).collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use teloxide::types::InlineKeyboardButtonKind;

    use super::*;
    use crate::bot::core::table::Actor;
    use crate::bot::core::view::board_text;
    use crate::engine::{Game, Preset, Setup};

    /// Blue to play a 4 with pieces on 25, 60 and blue-2, where the legal order is not the
    /// order of progress.
    fn blue_to_play_four() -> (Game, Table) {
        let setup: Setup = serde_json::from_str(
            r#"{"rules":"jcf","seats":["yellow","blue"],"turn":"blue",
                "board":{"25":["blue"],"60":["blue"],"blue-2":["blue"]},"roll":4}"#,
        )
        .expect("position JSON");
        let game = Game::from_setup(&setup).expect("a valid position");
        let host = Actor {
            id: 1,
            name: "p1".into(),
            is_admin: false,
        };
        let mut t = Table::lobby(&host, Preset::Jcf, false);
        *t.stage_mut() = Stage::Playing(game.clone());
        (game, t)
    }

    #[test]
    fn move_buttons_are_numbered_nearest_home_first_and_play_that_move() {
        // Given blue to play a 4 with pieces on 25, 60 and blue-2, where the legal order is
        // not the order of progress,
        let (game, t) = blue_to_play_four();
        // when the keyboard is drawn,
        let kb = keyboard(Lang::En, &t);
        let buttons: Vec<&InlineKeyboardButton> = kb.inline_keyboard.iter().flatten().collect();
        let ordered = super::super::ordered_moves(&game);
        let legal = game.legal_moves();
        assert_eq!(buttons.len(), ordered.len());
        for (n, (b, mv)) in buttons.iter().zip(&ordered).enumerate() {
            // then button n + 1 is the n-th move nearest home first (the image's label
            // n + 1), and pressing it names that move's index among the legal moves.
            assert!(b.text.starts_with(&format!("{}. ", n + 1)), "{}", b.text);
            let InlineKeyboardButtonKind::CallbackData(data) = &b.kind else {
                panic!("a callback button");
            };
            let Some(Press {
                button: Button::MoveSeen(key),
                ..
            }) = Press::decode(data)
            else {
                panic!("a move button: {data}");
            };
            let index = usize::from(key.index);
            assert_eq!(legal[index], *mv, "button {}", n + 1);
            // and it names the move it shows (a press on a board behind plays that move).
            assert_eq!((key.from, key.to), (mv.from_progress(), mv.to_progress()));
        }
        // And the order is not simply the legal one here.
        assert_ne!(ordered.as_slice(), &legal[..]);
    }

    #[test]
    fn the_emoji_board_numbers_each_move_where_it_ends_as_the_buttons_number_it() {
        // Given blue to play a 4 with pieces on 25, 60 and blue-2 (three choices),
        let (_, t) = blue_to_play_four();
        // When the emoji board and its buttons are drawn,
        let text = board_text(Lang::En, &t, 0);
        let kb = keyboard(Lang::En, &t);
        let labels: Vec<String> = kb
            .inline_keyboard
            .iter()
            .flatten()
            .map(|b| b.text.clone())
            .collect();
        // Then button 1 is blue-2 → blue-6 (nearest home), 2 is 60 → 64, 3 is 25 → 29,
        assert_eq!(labels[0], "1. C2 → C6", "{labels:?}");
        assert!(labels[1].starts_with("2. 60 → 64"), "{labels:?}");
        assert!(labels[2].starts_with("3. 25 → 29"), "{labels:?}");
        // and the grid shows keycap 2 in the row of 61–70 and 3 in the row of 21–30, keycap
        // 1 on blue's corridor line, and the legend says what the keycaps mean.
        let line = |start: &str| {
            text.board
                .lines()
                .find(|l| l.starts_with(start))
                .unwrap_or_else(|| panic!("no line {start}:\n{}", text.board))
                .to_string()
        };
        assert!(line("61").contains("2\u{fe0f}\u{20e3}"), "{}", text.board);
        assert!(line("21").contains("3\u{fe0f}\u{20e3}"), "{}", text.board);
        assert!(line("🔵").contains("1\u{fe0f}\u{20e3}"), "{}", text.board);
        assert!(
            text.board.contains("1️⃣ where choice 1, 2… ends"),
            "{}",
            text.board
        );
    }
}

#[cfg(test)]
mod tests_rows {
    use teloxide::types::InlineKeyboardButtonKind;

    use super::*;
    use crate::bot::core::table::TableTag;
    use crate::bot::core::table::{Action, Actor};
    use crate::engine::{Preset, ScriptedDice};
    use crate::tournament::TableId;

    fn actor(id: i64) -> Actor {
        Actor {
            id,
            name: format!("p{id}"),
            is_admin: false,
        }
    }

    fn texts(kb: &InlineKeyboardMarkup) -> Vec<Vec<String>> {
        kb.inline_keyboard
            .iter()
            .map(|r| r.iter().map(|b| b.text.clone()).collect())
            .collect()
    }

    #[test]
    fn a_first_lobby_offers_the_four_languages_in_one_row_each_in_itself() {
        // Given a lobby that offers the languages and one that does not
        let offered = Table::lobby(&actor(1), Preset::Jcf, false).offering_languages(true);
        let plain = Table::lobby(&actor(1), Preset::Jcf, false);
        // Then the first has one more row: Català · Valencià · Español · English, each a
        // language button, whatever the chat's language now
        let rows = texts(&keyboard(Lang::En, &offered));
        assert_eq!(rows.len(), texts(&keyboard(Lang::En, &plain)).len() + 1);
        assert_eq!(
            rows.last().map(Vec::as_slice),
            Some(&["Català", "Valencià", "Español", "English"].map(str::to_owned)[..])
        );
        let kb = keyboard(Lang::Es, &offered);
        for (b, lang) in kb
            .inline_keyboard
            .last()
            .expect("a row")
            .iter()
            .zip(Lang::ALL)
        {
            let InlineKeyboardButtonKind::CallbackData(data) = &b.kind else {
                panic!("a callback button");
            };
            assert_eq!(
                Press::decode(data).map(|p| p.button),
                Some(Button::Language(lang))
            );
        }
        // And the offer is kept in the stored table (and absent from an ordinary one's)
        let json = serde_json::to_string(&offered).expect("json");
        let back: Table = serde_json::from_str(&json).expect("loads");
        assert!(back.languages() && json.contains("\"languages\":true"));
        assert!(
            !serde_json::to_string(&plain)
                .expect("json")
                .contains("languages")
        );
        // And the game started from it has no language row
        let started = offered
            .act(&actor(2), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .and_then(|t| t.act(&actor(1), Action::Start, 0, &mut ScriptedDice::new(&[6, 1])))
            .expect("started");
        assert!(
            !texts(&keyboard(Lang::En, &started))
                .concat()
                .contains(&"Català".to_owned())
        );
    }

    #[test]
    fn a_lobby_shows_start_off_until_two_are_seated_and_seats_off_once_full() {
        let tones = |t: &Table| -> Vec<(String, Option<Tone>)> {
            keyboard(Lang::En, t)
                .inline_keyboard
                .iter()
                .flatten()
                .map(|b| {
                    let InlineKeyboardButtonKind::CallbackData(d) = &b.kind else {
                        panic!("a callback button");
                    };
                    (b.text.clone(), tone_of(d))
                })
                .collect()
        };
        let tone = |t: &Table, label: &str| {
            tones(t)
                .into_iter()
                .find(|(text, _)| text.contains(label))
                .unwrap_or_else(|| panic!("no {label}: {:?}", tones(t)))
                .1
        };
        // Given the host alone: Start is off, Join and Add computer are on,
        let alone = Table::lobby(&actor(1), Preset::Jcf, false);
        assert_eq!(tone(&alone, "Start"), Some(Tone::Off));
        assert_eq!(tone(&alone, "Join"), Some(Tone::Go));
        assert_ne!(tone(&alone, "computer"), Some(Tone::Off));
        // with a second player Start is on,
        let dice = &mut ScriptedDice::new(&[1]);
        let two = alone.act(&actor(2), Action::Join, 0, dice).expect("joined");
        assert_eq!(tone(&two, "Start"), None);
        // and at a full table Join and Add computer are off, Leave and Cancel still red.
        let seats = i64::try_from(two.capacity()).expect("a few seats");
        let full = (3..=seats).fold(two, |t, id| {
            t.act(&actor(id), Action::Join, 0, dice).expect("joined")
        });
        assert_eq!(full.players().len(), full.capacity());
        assert_eq!(tone(&full, "Join"), Some(Tone::Off));
        assert_eq!(tone(&full, "computer"), Some(Tone::Off));
        assert_eq!(tone(&full, "Start"), None);
        assert_eq!(tone(&full, "Leave"), Some(Tone::Stop));
        assert_eq!(tone(&full, "Cancel"), Some(Tone::Stop));
    }

    #[test]
    fn a_finished_tournament_table_offers_no_rematch_and_refuses_one() {
        // Given a finished game, ordinary and at a tournament's table
        let mut t = Table::lobby(&actor(1), Preset::Jcf, false)
            .act(&actor(2), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .and_then(|t| t.act(&actor(1), Action::Start, 0, &mut ScriptedDice::new(&[6, 1])))
            .expect("started");
        t.time_up(60_000);
        let mut table = t.clone();
        *table.origin_mut() = Some(crate::bot::core::table::Origin::Tourney(TableTag::new(
            TableId::new(0, 1),
            false,
        )));
        // Then the ordinary one has New game, Rematch and 🎞 Replay (its whole record is
        // kept), the table nothing
        assert_eq!(texts(&keyboard(Lang::En, &t)).concat().len(), 3);
        assert!(keyboard(Lang::En, &table).inline_keyboard.is_empty());
        // and a forged Rematch press at the table is refused
        assert_eq!(
            table.rematch(&actor(1)).err(),
            Some(crate::bot::core::refusal::Reject::TourneyTable)
        );
        assert!(t.rematch(&actor(1)).is_ok());
    }

    #[test]
    fn roll_and_join_go_leave_and_cancel_stop_moves_are_the_players_own() {
        let tone = |b: Button| {
            tone_of(
                &Press {
                    button: b,
                    version: 7,
                }
                .encode_at(Some(3)),
            )
        };
        assert_eq!(tone(Button::Join), Some(Tone::Go));
        assert_eq!(tone(Button::Roll), Some(Tone::Go));
        assert_eq!(tone(Button::Leave), Some(Tone::Stop));
        assert_eq!(tone(Button::Cancel), Some(Tone::Stop));
        assert_eq!(tone(Button::Move(1)), Some(Tone::Mine));
        assert_eq!(tone(Button::Start), None);
        assert_eq!(tone(Button::AddBot(Level::Normal)), None);
        assert_eq!(tone_of("not ours"), None);
        // A button drawn off, with or without a lane, and the tournament's.
        let start = Press {
            button: Button::Start,
            version: 7,
        };
        let drawn_off = off(InlineKeyboardButton::callback("Start", start.encode()));
        let teloxide::types::InlineKeyboardButtonKind::CallbackData(d) = &drawn_off.kind else {
            panic!("a callback button");
        };
        assert_eq!(tone_of(d), Some(Tone::Off));
        assert_eq!(Press::decode(d), None, "not a press any more: {d}");
        let laned = crate::bot::core::callback::at_lane(Some(3), d);
        assert_eq!(tone_of(&laned), Some(Tone::Off));
        assert_eq!(tone_of("tj:4"), Some(Tone::Go));
        assert_eq!(tone_of("tl:4"), Some(Tone::Stop));
        assert_eq!(tone_of("tr:1.2"), Some(Tone::Go));
        assert_eq!(tone_of("ty:1.2.1"), Some(Tone::Go));
        assert_eq!(tone_of("ty:1.2.0"), Some(Tone::Stop));
        assert_eq!(tone_of("ts:4"), None);
    }

    #[test]
    fn move_buttons_go_two_to_a_row_and_a_long_label_takes_a_row_of_its_own() {
        let b = |s: &str| InlineKeyboardButton::callback(s, "x");
        let rows = move_rows(vec![
            b("1. P6 → P7"),
            b("2. 24 → 🏁"),
            b("3. 125 → 129 ⚔ and more"),
            b("4. 🏠 → 5"),
            b("5. 12 → 17"),
        ]);
        let shape: Vec<usize> = rows.iter().map(Vec::len).collect();
        assert_eq!(shape, [2, 1, 2]);
        assert_eq!(rows[1][0].text, "3. 125 → 129 ⚔ and more");
    }

    #[test]
    fn a_lobby_s_host_row_goes_to_the_next_board_that_seats_everyone_and_the_next_rules() {
        let data_of = |kb: &InlineKeyboardMarkup, text: &str| -> Button {
            let b = kb
                .inline_keyboard
                .iter()
                .flatten()
                .find(|b| b.text == text)
                .unwrap_or_else(|| panic!("no {text}: {:?}", texts(kb)));
            let InlineKeyboardButtonKind::CallbackData(data) = &b.kind else {
                panic!("a callback button");
            };
            Press::decode(data).expect("ours").button
        };
        // Given a lobby of one with no board asked for and JCF rules,
        let t = Table::lobby(&actor(1), Preset::Jcf, false);
        let kb = keyboard(Lang::En, &t);
        // then its third row is the host's: "🔲 Board: auto" asks for four arms, "📜 Rules:
        // JCF" for the classic rules;
        assert_eq!(
            texts(&kb)[2],
            ["🔲 Board: auto", "📜 Rules: JCF"].map(str::to_owned)
        );
        assert_eq!(
            data_of(&kb, "🔲 Board: auto"),
            Button::Choose(Choice::Board(Some(Arms::Four)))
        );
        assert_eq!(
            data_of(&kb, "📜 Rules: JCF"),
            Button::Choose(Choice::Rules(Preset::Classic))
        );
        // with five seated the board skips four arms, and after eight comes any again;
        let mut five = t.clone();
        for id in 2..=5 {
            five = five
                .act(&actor(id), Action::Join, 0, &mut ScriptedDice::new(&[1]))
                .expect("join");
        }
        assert_eq!(
            next_board(&five),
            Button::Choose(Choice::Board(Some(Arms::Six)))
        );
        let eight = t
            .act(
                &actor(1),
                Action::Choose(Choice::Board(Some(Arms::Eight))),
                0,
                &mut ScriptedDice::new(&[1]),
            )
            .expect("eight arms");
        assert_eq!(next_board(&eight), Button::Choose(Choice::Board(None)));
        assert_eq!(
            data_of(&keyboard(Lang::Es, &eight), "🔲 Tablero para 8"),
            Button::Choose(Choice::Board(None))
        );
        // and a game in play has no such row.
        let started = t
            .act(&actor(2), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .and_then(|t| t.act(&actor(1), Action::Start, 0, &mut ScriptedDice::new(&[6, 1])))
            .expect("started");
        assert!(
            !texts(&keyboard(Lang::En, &started))
                .concat()
                .iter()
                .any(|t| t.starts_with("🔲") || t.starts_with("📜"))
        );
    }
}
