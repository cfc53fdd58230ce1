//! What the chat sees: the lobby and board messages, their keyboards, alerts and help,
//! all through typed messages ([`Msg`]) in the chat's language.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::callback::{Button, Press};
use super::handlers::Refusal;
use super::table::{Event, Player, PlayerKind, Reject, Status, Table, WinnerRec};
use crate::engine::{Colour, Game, Loc, Phase, Preset};
use crate::i18n::{Cmd, Lang, Msg, escape_html, tr, tr_plain};

/// Short answers to presses and commands that change nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alert {
    Stale,
    Invalid,
    TryAgain,
    GameOver,
    GroupsOnly,
    NoGame,
    GameRunning,
}

/// Coloured dot of a colour.
#[must_use]
pub fn dot(c: Colour) -> &'static str {
    crate::render::emoji::piece(c)
}

/// The text of a refusal.
#[must_use]
pub fn refusal(lang: Lang, r: &Refusal) -> String {
    let m = match r {
        Refusal::Alert(a) => match a {
            Alert::Stale => Msg::AlertStale,
            Alert::Invalid => Msg::AlertInvalidButton,
            Alert::TryAgain => Msg::AlertTryAgain,
            Alert::GameOver => Msg::AlertGameOver,
            Alert::GroupsOnly => Msg::AlertGroupsOnly,
            Alert::NoGame => Msg::NoLobby,
            Alert::GameRunning => Msg::GameRunning,
        },
        Refusal::Reject(r) => match r {
            Reject::AlreadyJoined => Msg::AlreadyJoined,
            Reject::NotJoined => Msg::NotInGame,
            Reject::Full => Msg::GameFull,
            Reject::NeedTwo => Msg::NeedTwoPlayers,
            Reject::PairsNeedFour => Msg::PairsNeedFour,
            Reject::NotHost => Msg::OnlyHost,
            Reject::NotInLobby => Msg::GameRunning,
            Reject::NotPlaying => Msg::NoLobby,
            Reject::NotYourTurn => Msg::AlertNotYourTurn,
            Reject::NotAPlayer => Msg::AlertOnlyPlayers,
            Reject::GameOver => Msg::AlertGameOver,
            Reject::BadMove => Msg::AlertStale,
        },
    };
    tr_plain(lang, &m)
}

fn name_of(t: &Table, c: Colour) -> String {
    t.player_of(c)
        .map_or_else(|| tr_plain(Lang::En, &Msg::Colour(c)), |p| p.name.clone())
}

fn player_line(lang: Lang, t: &Table, p: &Player) -> String {
    let mut s = String::new();
    if let Some(c) = p.colour {
        s.push_str(dot(c));
        s.push(' ');
    } else {
        s.push_str("• ");
    }
    s.push_str(&escape_html(&p.name));
    if let PlayerKind::Computer(level) = p.kind {
        s.push_str(&format!(" ({})", tr(lang, &Msg::Level(level))));
    }
    if p.id == t.host {
        s.push_str(" 👑");
    }
    if p.absent {
        s.push_str(" 💤");
    }
    s
}

/// The lobby message.
fn lobby_text(lang: Lang, t: &Table) -> String {
    let mut out = tr(
        lang,
        &Msg::LobbyTitle {
            preset: t.preset,
            pairs: t.pairs,
        },
    );
    out.push_str("\n\n");
    out.push_str(&tr(
        lang,
        &Msg::LobbyPlayers {
            count: t.players.len() as u32,
        },
    ));
    for p in &t.players {
        out.push('\n');
        out.push_str(&player_line(lang, t, p));
    }
    out.push_str("\n\n");
    out.push_str(&tr(lang, &Msg::LobbyWaiting));
    out
}

fn event_lines(lang: Lang, t: &Table, out: &mut Vec<String>) {
    let mut mover = String::new();
    for e in &t.last {
        let line = match e {
            // The lobby's player list shows who joined.
            Event::Joined { .. } | Event::BotAdded { .. } => continue,
            Event::Left { name } => tr(lang, &Msg::PlayerLeft { name: name.clone() }),
            Event::Removed { name } => tr(lang, &Msg::PlayerRemoved { name: name.clone() }),
            Event::Replaced { name } => tr(lang, &Msg::Absent { name: name.clone() }),
            Event::RollOff { rounds, starter } => {
                let mut s = tr(lang, &Msg::RollOffTitle);
                for (i, round) in rounds.iter().enumerate() {
                    if i > 0 {
                        s.push('\n');
                        s.push_str(&tr(lang, &Msg::RollOffTie));
                    }
                    for &(c, roll) in round {
                        s.push('\n');
                        s.push_str(dot(c));
                        s.push(' ');
                        s.push_str(&tr(
                            lang,
                            &Msg::RollOffLine {
                                name: name_of(t, c),
                                roll,
                            },
                        ));
                    }
                }
                s.push('\n');
                s.push_str(&tr(
                    lang,
                    &Msg::RollOffWinner {
                        name: name_of(t, *starter),
                    },
                ));
                s
            }
            Event::Rolled { seat, die, counts } => {
                mover = name_of(t, *seat);
                let mut s = tr(
                    lang,
                    &Msg::Rolled {
                        name: mover.clone(),
                        roll: *die,
                    },
                );
                if counts != die {
                    s.push(' ');
                    s.push_str(&tr(lang, &Msg::SixCounts { count: *counts }));
                }
                s
            }
            Event::Moved {
                colour,
                from,
                to,
                captures,
                opened_barrier,
                auto,
            } => {
                let who = if mover.is_empty() {
                    name_of(t, *colour)
                } else {
                    mover.clone()
                };
                let mut s = if *from == Loc::Nest {
                    tr(lang, &Msg::LeftNest { name: who.clone() })
                } else {
                    tr(
                        lang,
                        &Msg::Moved {
                            name: who.clone(),
                            from: *from,
                            to: *to,
                        },
                    )
                };
                if *opened_barrier {
                    s.push(' ');
                    s.push_str(&tr(lang, &Msg::BarrierOpened { name: who.clone() }));
                }
                if let Some(v) = captures {
                    s.push('\n');
                    s.push_str(&tr(
                        lang,
                        &Msg::Captured {
                            name: who.clone(),
                            victim: name_of(t, *v),
                            victim_colour: *v,
                        },
                    ));
                }
                if *to == Loc::Goal {
                    s.push('\n');
                    s.push_str(&tr(lang, &Msg::ReachedGoal { name: who }));
                }
                if *auto {
                    s.push(' ');
                    s.push_str(&tr(lang, &Msg::AutoPlayed));
                }
                s
            }
            Event::NoMove { die } => tr(
                lang,
                &Msg::NoMove {
                    name: mover.clone(),
                    rolls_again: *die == 6,
                },
            ),
            Event::BonusLost { amount } => tr(lang, &Msg::BonusLost { bonus: *amount }),
            Event::ThirdSix {
                sent_home: Some(from),
            } => tr(
                lang,
                &Msg::ThirdSixSentBack {
                    name: mover.clone(),
                    from: *from,
                },
            ),
            Event::ThirdSix { sent_home: None } => tr(lang, &Msg::ThirdSixNothing),
            Event::RollAgain { seat } => tr(
                lang,
                &Msg::RollsAgain {
                    name: name_of(t, *seat),
                },
            ),
            Event::Won { winner }
            | Event::TimeUp {
                winner: Some(winner),
            } => winner_line(lang, t, *winner),
            Event::TimeUp { winner: None } => tr(lang, &Msg::Draw),
            Event::Cancelled => tr(lang, &Msg::LobbyCancelled),
            Event::TimedOut { name, strike } => tr(
                lang,
                &Msg::TimedOut {
                    name: name.clone(),
                    strike: u32::from(*strike),
                    limit: 3,
                },
            ),
            Event::Absent { name } => tr(lang, &Msg::Absent { name: name.clone() }),
            Event::Skipped { name } => tr(lang, &Msg::Skipped { name: name.clone() }),
            Event::Back { name } => tr(lang, &Msg::Back { name: name.clone() }),
        };
        out.push(line);
    }
}

fn winner_line(lang: Lang, t: &Table, w: WinnerRec) -> String {
    match w {
        WinnerRec::One(c) => tr(
            lang,
            &Msg::Winner {
                name: name_of(t, c),
                colour: c,
            },
        ),
        WinnerRec::Pair(a, b) => tr(
            lang,
            &Msg::WinnerPair {
                first: name_of(t, a),
                second: name_of(t, b),
            },
        ),
    }
}

/// Where each player's pieces stand, one plain line per player (for screen readers and
/// for players who prefer numbers).
fn piece_lines(lang: Lang, t: &Table, g: &Game) -> Vec<String> {
    g.seats()
        .map(|c| {
            let locs = g.piece_locations(c);
            let parts: Vec<String> = locs
                .iter()
                .map(|&l| tr_plain(lang, &Msg::LocShort(l)))
                .collect();
            let away = if t.player_of(c).is_some_and(|p| p.absent) {
                " 💤"
            } else {
                ""
            };
            format!(
                "{} {}{away}: {}",
                dot(c),
                escape_html(&name_of(t, c)),
                escape_html(&parts.join(", "))
            )
        })
        .collect()
}

/// A short legend of the emoji board in the chat's language.
#[must_use]
pub fn legend_line(lang: Lang) -> String {
    use crate::render::emoji::{LegendKey, legend};
    let shown = [
        LegendKey::Barrier,
        LegendKey::Pair,
        LegendKey::Safe,
        LegendKey::Nest,
        LegendKey::Goal,
        LegendKey::Turn,
    ];
    let parts: Vec<String> = legend()
        .iter()
        .filter(|(_, k)| shown.contains(k))
        .map(|(e, k)| {
            format!(
                "{} {}",
                e.chars().next().map_or(String::new(), |_| first_glyph(e)),
                tr(lang, &Msg::Legend(*k))
            )
        })
        .collect();
    format!("<i>{}</i>", parts.join(" · "))
}

/// The first emoji of a legend group (keycaps and variation selectors kept).
fn first_glyph(e: &str) -> String {
    let mut out = String::new();
    for (i, ch) in e.chars().enumerate() {
        let joiner = matches!(ch, '\u{fe0f}' | '\u{20e3}' | '\u{200d}');
        if i > 0 && !joiner {
            break;
        }
        out.push(ch);
    }
    out
}

/// The prompt line: whose turn and what to do.
fn prompt(lang: Lang, t: &Table, g: &Game) -> Option<String> {
    let seat = g.turn()?;
    let name = name_of(t, seat);
    let turn = format!(
        "{} {}",
        dot(seat),
        tr(
            lang,
            &Msg::Turn {
                name: name.clone(),
                colour: seat
            }
        )
    );
    if let Some(p) = t.to_move().filter(|p| p.is_automatic()) {
        let level = match p.kind {
            PlayerKind::Computer(l) => l,
            PlayerKind::Human => crate::ai::Level::Normal,
        };
        return Some(format!(
            "{turn}\n{}",
            tr(
                lang,
                &Msg::TermThinking {
                    colour: seat,
                    level
                }
            )
        ));
    }
    let what = match g.phase() {
        Phase::AwaitingRoll(_) => tr(lang, &Msg::RollPrompt { name }),
        Phase::AwaitingMove { .. } => tr(lang, &Msg::ChooseMove { name }),
        Phase::AwaitingBonus { amount, .. } => tr(
            lang,
            &Msg::MustPlayBonus {
                name,
                bonus: amount,
            },
        ),
        Phase::Finished(_) => return None,
    };
    Some(format!("{turn}\n{what}"))
}

/// Ranking and length lines for a finished game.
fn final_lines(lang: Lang, t: &Table, g: &Game, now_ms: u64) -> Vec<String> {
    let mut out = vec![tr(lang, &Msg::RankingTitle)];
    for (i, r) in g.ranking().iter().enumerate() {
        out.push(format!(
            "{} {}",
            dot(r.colour),
            tr(
                lang,
                &Msg::RankingLine {
                    pos: i as u32 + 1,
                    name: name_of(t, r.colour),
                    distance: r.distance
                }
            )
        ));
    }
    let end = if t.stats.finished_ms > 0 {
        t.stats.finished_ms
    } else {
        now_ms
    };
    let minutes = (end.saturating_sub(t.stats.started_ms) / 60_000) as u32;
    out.push(tr(
        lang,
        &Msg::GameLength {
            moves: t.stats.moves,
            rolls: t.stats.rolls,
            minutes,
        },
    ));
    out
}

/// Whole seconds left before `due` (at least 1): computed at each edit, never ticked, so
/// the board is not edited more often than Telegram allows.
#[must_use]
pub fn seconds_left(due_ms: u64, now_ms: u64) -> u32 {
    let secs = due_ms.saturating_sub(now_ms).div_ceil(1000).max(1);
    u32::try_from(secs).unwrap_or(u32::MAX)
}

/// The board message's parts: the board (emoji, for text mode) and the caption-like rest.
pub struct BoardText {
    /// Emoji board + legend + piece lines (text mode only).
    pub board: String,
    /// Events, prompt, timer: the caption in image mode.
    pub status: String,
}

/// The text of the board or lobby message.
#[must_use]
pub fn board_text(lang: Lang, t: &Table, now_ms: u64) -> BoardText {
    let Some(g) = t.game.as_ref().filter(|_| t.status != Status::Lobby) else {
        return BoardText {
            board: String::new(),
            status: lobby_text(lang, t),
        };
    };
    let mut board = crate::render::emoji::board(g);
    board.push('\n');
    board.push_str(&legend_line(lang));
    board.push_str("\n\n");
    board.push_str(&piece_lines(lang, t, g).join("\n"));
    let mut lines = vec![tr(
        lang,
        &Msg::LobbyTitle {
            preset: t.preset,
            pairs: t.pairs,
        },
    )];
    event_lines(lang, t, &mut lines);
    match t.status {
        Status::Playing => {
            if let Some(p) = prompt(lang, t, g) {
                lines.push(p);
            }
            if let Some(due) = t.deadline_ms
                && t.to_move().is_some_and(|p| !p.is_automatic())
            {
                lines.push(tr(
                    lang,
                    &Msg::TimeLeft {
                        seconds: seconds_left(due, now_ms),
                    },
                ));
            }
        }
        Status::Finished => lines.extend(final_lines(lang, t, g, now_ms)),
        Status::Cancelled | Status::Lobby => {}
    }
    BoardText {
        board,
        status: lines.join("\n"),
    }
}

fn button(lang: Lang, m: Msg, press: Press) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(tr_plain(lang, &m), press.encode())
}

/// The keyboard under the lobby or board message.
#[must_use]
pub fn keyboard(lang: Lang, t: &Table) -> InlineKeyboardMarkup {
    let v = t.seq;
    let p = |button: Button| Press { button, version: v };
    let rows: Vec<Vec<InlineKeyboardButton>> = match t.status {
        Status::Lobby => vec![
            vec![
                button(lang, Msg::BtnJoin, p(Button::Join)),
                button(lang, Msg::BtnLeave, p(Button::Leave)),
            ],
            vec![
                button(
                    lang,
                    Msg::BtnAddComputer,
                    p(Button::AddBot(crate::ai::Level::Normal)),
                ),
                button(lang, Msg::BtnStart, p(Button::Start)),
            ],
            vec![button(lang, Msg::BtnCancel, p(Button::Cancel))],
        ],
        Status::Playing => match t.game.as_ref().map(Game::phase) {
            // An absent human keeps the Roll button: pressing it brings them back.
            Some(Phase::AwaitingRoll(_))
                if t.to_move()
                    .is_some_and(|p| matches!(p.kind, PlayerKind::Human)) =>
            {
                vec![vec![button(lang, Msg::BtnRoll, p(Button::Roll))]]
            }
            Some(Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. }) => {
                let moves = t.game.as_ref().map(Game::legal_moves).unwrap_or_default();
                let buttons: Vec<InlineKeyboardButton> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let label = tr_plain(
                            lang,
                            &Msg::MoveButton {
                                from: m.from(),
                                to: m.to(),
                                capture: m.captures().is_some(),
                                goal: m.reaches_goal(),
                            },
                        );
                        InlineKeyboardButton::callback(
                            format!("{}. {label}", i + 1),
                            p(Button::Move(i as u8)).encode(),
                        )
                    })
                    .collect();
                buttons.chunks(2).map(<[_]>::to_vec).collect()
            }
            _ => vec![],
        },
        Status::Finished | Status::Cancelled => {
            vec![vec![button(lang, Msg::BtnNewGame, p(Button::NewGame))]]
        }
    };
    InlineKeyboardMarkup::new(rows)
}

/// The `/language` keyboard.
#[must_use]
pub fn language_keyboard() -> InlineKeyboardMarkup {
    let row: Vec<InlineKeyboardButton> = Lang::ALL
        .iter()
        .map(|&l| {
            InlineKeyboardButton::callback(
                l.native_name(),
                Press {
                    button: Button::Language(l),
                    version: 0,
                }
                .encode(),
            )
        })
        .collect();
    InlineKeyboardMarkup::new(row.chunks(2).map(<[_]>::to_vec).collect::<Vec<_>>())
}

/// `/help`.
#[must_use]
pub fn help(lang: Lang) -> String {
    tr(lang, &Msg::Help)
}

/// `/rules` for a preset.
#[must_use]
pub fn rules(lang: Lang, preset: Preset, pairs: bool) -> String {
    let six = preset.options().six_counts;
    [
        tr(lang, &Msg::RulesTitle { preset, pairs, six }),
        tr(lang, &Msg::Rules(preset)),
        tr(lang, &Msg::RulesCommon),
    ]
    .join("\n\n")
}

/// Command descriptions for the `/` menu in `lang`.
#[must_use]
pub fn command_list(lang: Lang) -> Vec<teloxide::types::BotCommand> {
    Cmd::ALL
        .iter()
        .map(|&c| teloxide::types::BotCommand::new(cmd_word(c), tr_plain(lang, &Msg::CmdDesc(c))))
        .collect()
}

/// The command word of a [`Cmd`].
#[must_use]
pub fn cmd_word(c: Cmd) -> &'static str {
    match c {
        Cmd::NewGame => "newgame",
        Cmd::Join => "join",
        Cmd::Leave => "leave",
        Cmd::Start => "start",
        Cmd::Cancel => "cancel",
        Cmd::Board => "board",
        Cmd::Rules => "rules",
        Cmd::Language => "language",
        Cmd::Help => "help",
        Cmd::AddBot => "addbot",
        Cmd::Display => "display",
        Cmd::Timer => "timer",
        Cmd::Skip => "skip",
        Cmd::Kick => "kick",
    }
}
