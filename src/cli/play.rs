//! `parxis play`: a terminal game against computer players, no token and no server.
//!
//! On a terminal the human presses Enter to roll and types a move's number; computer
//! players move after a short pause. When standard input is not a terminal it reads one
//! line per prompt, so `yes 1 | parxis play --seed 1` plays a whole game and exits 0.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args as ClapArgs;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::{self, Level};
use crate::bot::core::narration::narrate;
use crate::bot::core::seats::{dot, seats_for};
use crate::bot::core::table::Event;
use crate::dice::RngDice;
use crate::engine::{Colour, Dice, Game, Phase, Preset, roll_off};
use crate::i18n::{Lang, Msg, tr_plain};
use crate::render::emoji;

/// Options of `parxis play`.
#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// Number of players, 2 to 4.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// Your colour (yellow, blue, red, green), or `none` to watch the computers.
    #[arg(long, default_value = "yellow")]
    pub human: String,
    /// Rule set: jcf, classic or solidari.
    #[arg(long, default_value = "jcf")]
    pub rules: Preset,
    /// Play in pairs (4 players).
    #[arg(long)]
    pub pairs: bool,
    /// Computer players' level: easy, normal or hard.
    #[arg(long, default_value = "normal")]
    pub level: Level,
    /// Language: ca, ca-ES-valencia, es or en.
    #[arg(long, default_value = "ca")]
    pub lang: Lang,
    /// Seed for the dice and the computers (a game is replayable).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Draw the board with coloured letters instead of emoji.
    #[arg(long)]
    pub ansi: bool,
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

fn name(lang: Lang, human: Option<Colour>, c: Colour, level: Level) -> String {
    if Some(c) == human {
        format!(
            "{} ({})",
            tr_plain(lang, &Msg::Colour(c)),
            tr_plain(lang, &Msg::TermYou).to_lowercase()
        )
    } else {
        format!(
            "{} ({})",
            tr_plain(lang, &Msg::Colour(c)),
            tr_plain(lang, &Msg::Level(level))
        )
    }
}

/// Run the terminal game.
#[must_use]
pub fn run(args: &Args) -> ExitCode {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    match play(args, &mut input, &mut out, interactive) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parxis play: {e}");
            ExitCode::from(2)
        }
    }
}

/// Play one game reading choices from `input` and writing to `out`.
///
/// # Errors
/// Bad options (an error of kind `InvalidInput`) or I/O errors.
pub fn play(
    args: &Args,
    input: &mut impl BufRead,
    out: &mut impl Write,
    interactive: bool,
) -> std::io::Result<()> {
    let lang = args.lang;
    let seats = &seats_for(usize::from(if args.pairs { 4 } else { args.players }));
    let human = match args.human.as_str() {
        "none" => None,
        s => {
            let c: Colour = s
                .parse()
                .map_err(|e: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
            if !seats.contains(&c) {
                let msg = format!("{c} has no seat with {} players", seats.len());
                return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, msg));
            }
            Some(c)
        }
    };
    let mut opts = args.rules.options();
    opts.pairs = args.pairs || (opts.pairs && seats.len() == 4);
    let game = Game::new(args.rules, opts, seats)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd1ce);
    let pause = if interactive {
        Duration::from_millis(700)
    } else {
        Duration::ZERO
    };
    let board = |g: &Game| {
        if args.ansi {
            emoji::ansi_board(g)
        } else {
            emoji::board(g)
        }
    };

    writeln!(
        out,
        "{}",
        tr_plain(lang, &Msg::TermWelcome { preset: args.rules })
    )?;
    if let Some(c) = human {
        writeln!(out, "{}", tr_plain(lang, &Msg::TermYouAre { colour: c }))?;
    }
    if !args.ansi {
        let legend: Vec<String> = emoji::legend()
            .iter()
            .map(|(e, k)| format!("{e} {}", tr_plain(lang, &Msg::Legend(*k))))
            .collect();
        writeln!(out, "{}", legend.join(" · "))?;
    }
    let ro = roll_off(seats, &mut RngDice(&mut dice_rng));
    let who = |c: Colour| name(lang, human, c, args.level);
    let roll_off_event = Event::RollOff {
        rounds: ro.rounds.clone(),
        starter: ro.starter,
    };
    for line in narrate(&[roll_off_event], who, None) {
        writeln!(out, "  {}", line.plain(lang))?;
    }
    let mut game = game
        .with_first_turn(ro.starter)
        .map_err(|e| std::io::Error::other(e.to_string()))?;

    let mut steps = 0u32;
    loop {
        steps += 1;
        if steps > 100_000 {
            return Err(std::io::Error::other("the game did not end"));
        }
        match game.phase() {
            Phase::Finished(w) => {
                writeln!(out, "\n{}", board(&game))?;
                let you_won = human.is_some_and(|h| w.includes(h));
                let msg = if you_won {
                    Msg::TermYouWin
                } else {
                    let names: Vec<String> = w
                        .colours()
                        .iter()
                        .map(|&c| name(lang, human, c, args.level))
                        .collect();
                    Msg::TermYouLose {
                        name: names.join(" & "),
                    }
                };
                writeln!(out, "{}", tr_plain(lang, &msg))?;
                writeln!(out, "{}", tr_plain(lang, &Msg::RankingTitle))?;
                for (i, r) in game.ranking().iter().enumerate() {
                    let line = Msg::RankingLine {
                        pos: i as u32 + 1,
                        name: name(lang, human, r.colour, args.level),
                        distance: r.distance,
                    };
                    writeln!(out, "  {} {}", dot(r.colour), tr_plain(lang, &line))?;
                }
                writeln!(out, "{}", tr_plain(lang, &Msg::TermGoodbye))?;
                return Ok(());
            }
            Phase::AwaitingRoll(seat) => {
                let who = name(lang, human, seat, args.level);
                if Some(seat) == human {
                    writeln!(out, "\n{}", board(&game))?;
                    write!(out, "{} ", tr_plain(lang, &Msg::TermPressEnter))?;
                    out.flush()?;
                    if let Input::Eof = read_line(input) {
                        writeln!(out, "\n{}", tr_plain(lang, &Msg::TermGoodbye))?;
                        return Ok(());
                    }
                } else {
                    std::thread::sleep(pause);
                }
                let die = RngDice(&mut dice_rng).roll();
                game = game
                    .roll(die)
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                let line = if Some(seat) == human {
                    Msg::TermYouRolled { roll: die }
                } else {
                    Msg::Rolled {
                        name: who,
                        roll: die,
                    }
                };
                writeln!(out, "{}", tr_plain(lang, &line))?;
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    let (g, pass) = game
                        .pass()
                        .map_err(|e| std::io::Error::other(e.to_string()))?;
                    for line in narrate(&[Event::passed(pass)], who, Some(seat)) {
                        writeln!(out, "{}", line.plain(lang))?;
                    }
                    game = g;
                    continue;
                }
                let mv = if Some(seat) == human && moves.len() > 1 {
                    if let Some(b) = game.bonus() {
                        writeln!(
                            out,
                            "{}",
                            tr_plain(
                                lang,
                                &Msg::MustPlayBonus {
                                    name: name(lang, human, seat, args.level),
                                    bonus: b
                                }
                            )
                        )?;
                    }
                    for (i, m) in moves.iter().enumerate() {
                        let label = Msg::MoveButton {
                            from: m.from(),
                            to: m.to(),
                            capture: m.captures().is_some(),
                            goal: m.reaches_goal(),
                        };
                        writeln!(out, "  {}. {}", i + 1, tr_plain(lang, &label))?;
                    }
                    loop {
                        write!(
                            out,
                            "{} ",
                            tr_plain(
                                lang,
                                &Msg::TermChooseMove {
                                    n: moves.len() as u32
                                }
                            )
                        )?;
                        out.flush()?;
                        let line = match read_line(input) {
                            Input::Eof => {
                                writeln!(out, "\n{}", tr_plain(lang, &Msg::TermGoodbye))?;
                                return Ok(());
                            }
                            Input::Line(l) => l,
                        };
                        match line.parse::<usize>() {
                            Ok(n) if (1..=moves.len()).contains(&n) => break moves[n - 1],
                            _ => writeln!(
                                out,
                                "{}",
                                tr_plain(
                                    lang,
                                    &Msg::TermBadNumber {
                                        n: moves.len() as u32
                                    }
                                )
                            )?,
                        }
                    }
                } else if Some(seat) == human {
                    moves[0]
                } else {
                    ai::choose(&game, args.level, &mut rng).unwrap_or(moves[0])
                };
                let moved = Event::moved(&game, mv, false);
                for line in narrate(&[moved], who, Some(seat)) {
                    writeln!(out, "  {}", line.plain(lang))?;
                }
                game = game
                    .play(mv)
                    .map_err(|e| std::io::Error::other(e.to_string()))?;
            }
        }
    }
}
