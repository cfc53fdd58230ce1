//! `parxis play`: a terminal game against computer players, no token and no server.
//!
//! On a terminal the human presses Enter to roll and types a move's number; computer
//! players move after a short pause. When standard input is not a terminal it reads one
//! line per prompt, so `yes 1 | parxis play --seed 1` plays a whole game and exits 0.
//!
//! The board is the terminal board ([`emoji::terminal_board`]: the cross on four arms,
//! one row per arm on six and eight, or on four when `COLUMNS` says the terminal is
//! narrower than the cross's 76 columns), coloured when standard output is a terminal and
//! `NO_COLOR` is unset (`--ansi` forces colour); `--emoji` prints the chat's emoji board
//! instead. The player is "you", computers are "🤖 Red" ([`say`]).

mod say;

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args as ClapArgs;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::{self, Level};
use crate::bot::core::seats::dot;
use crate::bot::core::table::Event;
use crate::dice::RngDice;
use crate::engine::{Arms, Colour, Dice, Game, Loc, Move, Phase, Preset, roll_off};
use crate::i18n::{Lang, Msg, tr_plain};
use crate::render::emoji::{self, EmojiOptions, TermOptions};

use say::Voice;

/// Options of `parxis play`.
#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// Number of players, 2 to 8 (computers fill the seats you do not take).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    /// Board: 4, 6 or 8 arms (default: the smallest that seats everyone: up to 4
    /// players 4 arms, 5–6 six, 7–8 eight).
    #[arg(long, value_parser = ["4", "6", "8"])]
    pub arms: Option<String>,
    /// Your colour (yellow, blue, red, green; orange, purple on 6 arms; cyan, pink on 8),
    /// or `none` to watch the computers.
    #[arg(long, default_value = "yellow")]
    pub human: String,
    /// Rule set: jcf, classic or solidari.
    #[arg(long, default_value = "jcf")]
    pub rules: Preset,
    /// Play in pairs (every seat of the board is taken).
    #[arg(long)]
    pub pairs: bool,
    /// Computer players' level: easy, normal or hard.
    #[arg(long, default_value = "normal")]
    pub level: Level,
    /// Language: ca, ca-ES-valencia, es or en (default: the terminal's, from LC_ALL,
    /// LC_MESSAGES or LANG, when it is one of these; else ca).
    #[arg(long)]
    pub lang: Option<Lang>,
    /// Seed for the dice and the computers (a game is replayable).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Colour the terminal board even when standard output is not a terminal.
    #[arg(long, conflicts_with = "emoji")]
    pub ansi: bool,
    /// Print the chat's emoji board instead of the terminal board.
    #[arg(long)]
    pub emoji: bool,
}

/// What the human typed.
enum Input {
    Line(String),
    Eof,
}

fn read_line(input: &mut impl BufRead) -> Input {
    let mut s = String::new();
    match input.read_line(&mut s) {
        Ok(0) | Err(_) => Input::Eof,
        Ok(_) => Input::Line(s.trim().to_string()),
    }
}

fn invalid(msg: impl Into<String>) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, msg.into())
}

/// Run the terminal game.
#[must_use]
pub fn run(args: &Args) -> ExitCode {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let colour =
        args.ansi || (std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none());
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    match play(args, &mut input, &mut out, interactive, colour) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parxis play: {e}");
            ExitCode::from(2)
        }
    }
}

/// The terminal's language: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and
/// not empty, if it is one we speak (`ca_ES.UTF-8@valencia` is Valencian; `C` is none).
fn lang_from_env(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .find_map(|k| var(k).filter(|v| !v.is_empty()))?;
    let (tag, modifier) = value.split_once('@').unwrap_or((&value, ""));
    let tag = tag.split('.').next().unwrap_or(tag);
    if modifier.eq_ignore_ascii_case("valencia") && tag.to_ascii_lowercase().starts_with("ca") {
        return Some(Lang::CaValencia);
    }
    Lang::from_telegram(Some(tag))
}

/// The board and seats of the options: R8.7 the smallest board that seats everyone
/// unless `--arms` names one; pairs take every seat of the board.
fn table(args: &Args) -> std::io::Result<(Arms, Vec<Colour>)> {
    let asked = args
        .arms
        .as_deref()
        .and_then(|a| a.parse().ok())
        .and_then(Arms::from_count);
    let players = usize::from(args.players);
    let arms = match asked {
        Some(a) => a,
        None if args.pairs => Arms::for_players(players.max(4)).unwrap_or(Arms::Four),
        None => Arms::for_players(players).unwrap_or(Arms::Eight),
    };
    let n = if args.pairs {
        usize::from(arms.count())
    } else {
        players
    };
    let seats = arms
        .default_seats(n)
        .ok_or_else(|| invalid(format!("{n} players do not fit a board of {arms} arms")))?;
    Ok((arms, seats.to_vec()))
}

/// R4.3 Is this a 6 that must open the mover's barrier: every legal move leaves the one
/// square where two of its pieces stand?
fn must_open_barrier(game: &Game, seat: Colour, die: u8, moves: &[Move]) -> bool {
    if die != 6 || game.bonus().is_some() {
        return false;
    }
    let pieces = game.piece_locations(game.moving_colour(seat));
    let barrier = pieces.iter().enumerate().find_map(|(i, l)| {
        (!matches!(l, Loc::Nest | Loc::Goal) && pieces[i + 1..].contains(l)).then_some(*l)
    });
    barrier.is_some_and(|b| moves.iter().all(|m| m.from() == b))
}

/// `text` wrapped at `width` characters, between words only (a word longer than the
/// width stands alone on its line).
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

/// The terminal's width: `COLUMNS` when the shell exports it, else the width of the terminal
/// standard output is on, else 80.
fn columns() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .or_else(terminal_width)
        .unwrap_or(80)
}

/// The columns of the terminal standard output is on (`None`: not a terminal).
#[cfg(unix)]
fn terminal_width() -> Option<usize> {
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize` into `size`, a valid local; on any error it
    // writes nothing and returns -1.
    let answer = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &raw mut size) };
    (answer == 0 && size.ws_col > 0).then_some(usize::from(size.ws_col))
}

/// Elsewhere the width comes from `COLUMNS` only.
#[cfg(not(unix))]
fn terminal_width() -> Option<usize> {
    None
}

/// The board the player sees, with `moves` numbered as they are listed.
fn draw(args: &Args, voice: Voice, colour: bool, g: &Game, moves: &[Move]) -> String {
    if args.emoji {
        emoji::board_with(g, &EmojiOptions::default(), moves)
    } else {
        let names = voice.names(g);
        let opts = TermOptions {
            colour,
            moves,
            names: &names,
            columns: columns(),
        };
        emoji::terminal_board(g, &opts).trim_end().to_string()
    }
}

/// Play one game reading choices from `input` and writing to `out`; `colour` colours the
/// terminal board.
///
/// # Errors
/// Bad options (an error of kind `InvalidInput`) or I/O errors.
#[allow(clippy::too_many_lines)] // one game loop, one arm per phase
pub fn play(
    args: &Args,
    input: &mut impl BufRead,
    out: &mut impl Write,
    interactive: bool,
    colour: bool,
) -> std::io::Result<()> {
    let lang = args
        .lang
        .or_else(|| lang_from_env(|k| std::env::var(k).ok()))
        .unwrap_or(Lang::Ca);
    let (arms, seats) = table(args)?;
    let human = match args.human.as_str() {
        "none" => None,
        s => {
            let c: Colour = s.parse().map_err(invalid)?;
            if !seats.contains(&c) {
                return Err(invalid(format!(
                    "{c} has no seat with {} players on {arms} arms",
                    seats.len()
                )));
            }
            Some(c)
        }
    };
    let voice = Voice { lang, human };
    let mut opts = args.rules.options();
    opts.pairs = args.pairs || (opts.pairs && seats.len() == usize::from(arms.count()));
    let game = Game::new_on(arms, args.rules, opts, &seats).map_err(|e| invalid(e.to_string()))?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd1ce);
    let pause = if interactive {
        Duration::from_millis(700)
    } else {
        Duration::ZERO
    };
    let board = |g: &Game, moves: &[Move]| draw(args, voice, colour, g, moves);
    let say = |m: &Msg| tr_plain(lang, m);

    writeln!(out, "{}", say(&Msg::TermWelcome { preset: args.rules }))?;
    if let Some(c) = human {
        writeln!(out, "{}", say(&Msg::TermYouAre { colour: c }))?;
    }
    if !arms.is_four() {
        let size = Msg::TermBoardSize {
            arms: arms.count(),
            squares: arms.ring(),
        };
        writeln!(out, "{}", say(&size))?;
    }
    if args.emoji {
        let legend: Vec<String> = emoji::legend()
            .iter()
            .map(|(e, k)| format!("{e} {}", say(&Msg::Legend(*k))))
            .collect();
        writeln!(out, "{}", legend.join(" · "))?;
    } else {
        writeln!(out, "{}", wrap(&say(&Msg::TermLegend), columns()))?;
    }
    writeln!(out)?;
    let ro = roll_off(&seats, &mut RngDice(&mut dice_rng));
    for line in voice.roll_off(&ro) {
        writeln!(out, "{line}")?;
    }
    let mut game = game
        .with_first_turn(ro.starter)
        .map_err(|e| std::io::Error::other(e.to_string()))?;

    let mut steps = 0u32;
    let mut last_die = 0u8;
    loop {
        steps += 1;
        if steps > 100_000 {
            return Err(std::io::Error::other("the game did not end"));
        }
        match game.phase() {
            Phase::Finished(w) => {
                writeln!(out, "\n{}", board(&game, &[]))?;
                let you_won = human.is_some_and(|h| w.includes(h));
                let msg = if you_won {
                    Msg::TermYouWin
                } else {
                    let names: Vec<String> = w.colours().iter().map(|&c| voice.name(c)).collect();
                    Msg::TermYouLose {
                        name: names.join(" & "),
                    }
                };
                writeln!(out, "{}", say(&msg))?;
                writeln!(out, "{}", say(&Msg::RankingTitle))?;
                for (i, r) in game.ranking().iter().enumerate() {
                    let line = Msg::RankingLine {
                        pos: i as u32 + 1,
                        name: voice.name(r.colour),
                        distance: r.distance,
                    };
                    writeln!(out, "  {} {}", dot(r.colour), say(&line))?;
                }
                writeln!(out, "{}", say(&Msg::TermGoodbye))?;
                return Ok(());
            }
            Phase::AwaitingRoll(seat) => {
                if Some(seat) == human {
                    writeln!(out, "\n{}", board(&game, &[]))?;
                    write!(out, "{} ", say(&Msg::TermPressEnter))?;
                    out.flush()?;
                    if let Input::Eof = read_line(input) {
                        writeln!(out, "\n{}", say(&Msg::TermGoodbye))?;
                        return Ok(());
                    }
                } else {
                    std::thread::sleep(pause);
                }
                let die = RngDice(&mut dice_rng).roll();
                last_die = die;
                game = game
                    .roll(die)
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                let line = if Some(seat) == human {
                    Msg::TermYouRolled { roll: die }
                } else {
                    Msg::Rolled {
                        name: voice.name(seat),
                        roll: die,
                    }
                };
                writeln!(out, "{}", say(&line))?;
                // R2.3 A 6 with no piece in the nest counts 7 (12 in the variant): said.
                let counts = game.count_of(game.moving_colour(seat), die);
                if counts != die {
                    writeln!(out, "{}", say(&Msg::SixCounts { count: counts }))?;
                }
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    let mover = game.moving_colour(seat);
                    let in_nest = game.piece_locations(mover).iter().all(|&l| l == Loc::Nest);
                    let (g, pass) = game
                        .pass()
                        .map_err(|e| std::io::Error::other(e.to_string()))?;
                    for line in voice.events(&[Event::passed(pass)], seat, false) {
                        writeln!(out, "{line}")?;
                    }
                    // Why, for the human, in one short clause.
                    if Some(seat) == human {
                        let why = if in_nest {
                            Msg::TermNeedFive
                        } else {
                            Msg::TermBlocked
                        };
                        writeln!(out, "{}", say(&why))?;
                    }
                    game = g;
                    continue;
                }
                if Some(seat) == human && must_open_barrier(&game, seat, last_die, &moves) {
                    writeln!(out, "{}", say(&Msg::TermMustOpen))?;
                }
                let mv = if Some(seat) == human && moves.len() > 1 {
                    writeln!(out, "\n{}", board(&game, &moves))?;
                    if let Some(b) = game.bonus() {
                        let bonus = Msg::MustPlayBonus {
                            name: voice.name(seat),
                            bonus: b,
                        };
                        writeln!(out, "{}", say(&bonus))?;
                    }
                    let mover = game.moving_colour(seat);
                    writeln!(out, "{}", voice.your_pieces(&game, mover))?;
                    for (i, m) in moves.iter().enumerate() {
                        let label = Msg::MoveButton {
                            from: m.from(),
                            to: m.to(),
                            capture: m.captures().is_some(),
                        };
                        // A capture names its victim: "12 → 17 ⚔ 🤖 Blue".
                        let victim = m
                            .captures()
                            .map(|v| format!(" {}", voice.name(v)))
                            .unwrap_or_default();
                        writeln!(out, "  {}. {}{victim}", i + 1, say(&label))?;
                    }
                    let n = moves.len() as u32;
                    loop {
                        write!(out, "{} ", say(&Msg::TermChooseMove { n }))?;
                        out.flush()?;
                        let line = match read_line(input) {
                            Input::Eof => {
                                writeln!(out, "\n{}", say(&Msg::TermGoodbye))?;
                                return Ok(());
                            }
                            Input::Line(l) => l,
                        };
                        match line.parse::<usize>() {
                            Ok(k) if (1..=moves.len()).contains(&k) => break moves[k - 1],
                            _ => writeln!(out, "{}", say(&Msg::TermBadNumber { n }))?,
                        }
                    }
                } else if Some(seat) == human {
                    moves[0]
                } else {
                    ai::choose(&game, args.level, &mut rng).unwrap_or(moves[0])
                };
                let moved = Event::moved(&game, mv, false);
                let next = game
                    .play(mv)
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                let wins = matches!(next.phase(), Phase::Finished(_));
                for line in voice.events(&[moved], seat, wins) {
                    writeln!(out, "  {line}")?;
                }
                game = next;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        move |k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn the_terminal_language_comes_from_lc_all_lc_messages_or_lang() {
        // Given POSIX locale variables, When no --lang is given, Then the first set one
        // decides, if we speak it
        assert_eq!(
            lang_from_env(env(&[("LANG", "es_ES.UTF-8")])),
            Some(Lang::Es)
        );
        assert_eq!(
            lang_from_env(env(&[("LANG", "ca_ES.UTF-8@valencia")])),
            Some(Lang::CaValencia)
        );
        assert_eq!(
            lang_from_env(env(&[("LANG", "ca_ES.UTF-8")])),
            Some(Lang::Ca)
        );
        assert_eq!(
            lang_from_env(env(&[("LC_ALL", "en_GB.UTF-8"), ("LANG", "es_ES")])),
            Some(Lang::En)
        );
        assert_eq!(
            lang_from_env(env(&[
                ("LC_ALL", ""),
                ("LC_MESSAGES", "es"),
                ("LANG", "en")
            ])),
            Some(Lang::Es)
        );
        // And C, an unknown language or nothing set gives none (the game then speaks ca)
        assert_eq!(lang_from_env(env(&[("LANG", "C.UTF-8")])), None);
        assert_eq!(lang_from_env(env(&[("LANG", "de_DE.UTF-8")])), None);
        assert_eq!(lang_from_env(env(&[])), None);
    }
}
