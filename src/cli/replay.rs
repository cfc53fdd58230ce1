//! `parxis replay FILE`: check a game's record (JSON Lines, docs/PROTOCOL.md "Recorded
//! games") step by step against the engine, print the game, and with `--gif OUT` write its
//! animation. `parxis record`: play a seeded game through the bot's table and write its
//! record (how the files under `tests/replays/` were made).

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args as ClapArgs;

use crate::ai::Level;
use crate::bot::core::narration::narrate;
use crate::bot::core::replay::sample::{self, Sample};
use crate::bot::core::replay::{self as rp, End, Walk, jsonl};
use crate::bot::core::seats::dot;
use crate::bot::core::table::Replay;
use crate::engine::{Arms, Colour, Preset};
use crate::i18n::{Lang, Msg, ReplayMsg, tr_plain};
use crate::render::emoji::{self, TermOptions};

/// Options of `parxis replay`.
#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// The record: a JSON Lines file as `/record` sends it (`-`: standard input).
    pub file: PathBuf,
    /// Also write the game as an animated GIF to this file.
    #[arg(long, value_name = "OUT")]
    pub gif: Option<PathBuf>,
    /// Language of the printed game: ca, ca-ES-valencia, es or en (default en).
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    /// Print only the check's result, not the game.
    #[arg(long)]
    pub quiet: bool,
}

/// Options of `parxis record`.
#[derive(ClapArgs, Debug, Clone)]
pub struct RecordArgs {
    /// Seed of the dice and the computer players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of players, 2 to 8.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    /// Board: 4, 6 or 8 arms (default: the smallest that seats everyone).
    #[arg(long, value_parser = ["4", "6", "8"])]
    pub arms: Option<String>,
    /// Rule set: jcf, classic or solidari.
    #[arg(long, default_value = "jcf")]
    pub rules: Preset,
    /// A pairs game.
    #[arg(long)]
    pub pairs: bool,
    /// Seat two people: the first lets the timer play (absent after three strikes, back
    /// later), the second presses the first move every time.
    #[arg(long)]
    pub people: bool,
    /// The computer players' level.
    #[arg(long, default_value = "normal")]
    pub level: Level,
    /// R6.3 A time limit in minutes (each action takes 3 s of the game's clock).
    #[arg(long)]
    pub limit: Option<u32>,
    /// Provably fair dice (their seed from `--seed`, revealed in the record; see
    /// docs/FAIRNESS.md), as the bot rolls them.
    #[arg(long)]
    pub fair: bool,
    /// Write the record to this file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// The printed game: its title, the roll-off, one line per step, the final board and the
/// result, in `lang`; `colour` colours the terminal board.
#[must_use]
pub fn print(replay: &Replay, walk: &Walk, lang: Lang, colour: bool) -> String {
    let say = |m: Msg| tr_plain(lang, &m);
    let name = |c: Colour| replay.name_of(c);
    let mut out = String::new();
    let steps = u32::try_from(walk.steps.len()).unwrap_or(u32::MAX);
    let moves = u32::try_from(walk.moves()).unwrap_or(u32::MAX);
    out.push_str(&say(Msg::Replay(ReplayMsg::Title {
        game: replay.id.clone(),
        steps,
        moves,
    })));
    out.push('\n');
    let roll_off = crate::bot::core::table::Event::RollOff {
        rounds: walk.roll_off.rounds.clone(),
        starter: walk.roll_off.starter,
    };
    for line in narrate(&[roll_off], name, None) {
        out.push_str(&line.plain(lang));
        out.push('\n');
    }
    for (k, s) in walk.steps.iter().enumerate() {
        let events = s.events(&name);
        for (i, line) in narrate(&events, name, s.seat()).iter().enumerate() {
            let number = if i == 0 {
                format!("{:>4}.", k + 1)
            } else {
                "     ".to_owned()
            };
            out.push_str(&format!("{number} {}\n", line.plain(lang)));
        }
    }
    let tail: Vec<_> = walk
        .last_notes
        .iter()
        .map(|n| rp::walk::note_event(*n, &name))
        .collect();
    for line in narrate(&tail, name, None) {
        out.push_str(&format!("      {}\n", line.plain(lang)));
    }
    let names: Vec<(Colour, String)> = replay
        .seats
        .iter()
        .map(|s| (s.colour, s.name.clone()))
        .collect();
    let opts = TermOptions {
        colour,
        moves: &[],
        names: &names,
        columns: std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or(80),
    };
    out.push('\n');
    out.push_str(emoji::terminal_board(walk.last(), &opts).trim_end());
    out.push_str("\n\n");
    out.push_str(&result_line(replay, walk, lang));
    out.push('\n');
    for (i, r) in walk.last().ranking().iter().enumerate() {
        let line = Msg::RankingLine {
            pos: u32::try_from(i + 1).unwrap_or(0),
            name: name(r.colour),
            distance: r.distance,
        };
        out.push_str(&format!("  {} {}\n", dot(r.colour), say(line)));
    }
    out
}

/// "🏆 NAME won." or the draw of a time limit.
fn result_line(replay: &Replay, walk: &Walk, lang: Lang) -> String {
    let msg = match walk.end.winner() {
        Some(w) => {
            let names: Vec<String> = w.colours().iter().map(|&c| replay.name_of(c)).collect();
            ReplayMsg::Winner {
                name: names.join(" & "),
            }
        }
        None => ReplayMsg::Draw,
    };
    let mut line = tr_plain(lang, &Msg::Replay(msg));
    if let End::TimeUp(_) = walk.end {
        line = format!("⏰ {line}");
    }
    line
}

pub(crate) fn read(file: &PathBuf) -> std::io::Result<String> {
    if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        return Ok(s);
    }
    std::fs::read_to_string(file)
}

/// Run `parxis replay`: exit 0 when every step is legal, 1 with the first line that is not.
#[must_use]
pub fn run(args: &Args) -> ExitCode {
    let text = match read(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("parxis replay: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let replay = match jsonl::check(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("parxis replay: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let walk = match rp::walk(&replay) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("parxis replay: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let lang = args.lang;
    let mut out = std::io::stdout().lock();
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut text = String::new();
    if !args.quiet {
        text.push_str(&print(&replay, &walk, lang, colour));
    }
    let steps = u32::try_from(walk.steps.len()).unwrap_or(u32::MAX);
    text.push_str(&tr_plain(lang, &Msg::Replay(ReplayMsg::Checked { steps })));
    text.push('\n');
    if let Some(path) = &args.gif {
        let bytes = rp::gif(&replay, &walk);
        if let Err(e) = std::fs::write(path, &bytes) {
            eprintln!("parxis replay: {}: {e}", path.display());
            return ExitCode::from(2);
        }
        let msg = ReplayMsg::GifWritten {
            frames: u32::try_from(rp::frame_count(&walk)).unwrap_or(u32::MAX),
            kb: u32::try_from(bytes.len().div_ceil(1024)).unwrap_or(u32::MAX),
            file: path.display().to_string(),
        };
        text.push_str(&tr_plain(lang, &Msg::Replay(msg)));
        text.push('\n');
    }
    match out.write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parxis replay: {e}");
            ExitCode::from(2)
        }
    }
}

/// The record of the seeded game `args` asks for, as JSON Lines.
///
/// # Errors
/// A message when the seats do not make a game or the game does not finish.
pub fn record(args: &RecordArgs) -> Result<String, String> {
    let s = Sample {
        seed: args.seed,
        players: usize::from(args.players),
        arms: args
            .arms
            .as_deref()
            .and_then(|a| a.parse().ok())
            .and_then(Arms::from_count),
        preset: args.rules,
        pairs: args.pairs,
        people: args.people,
        level: args.level,
        limit_minutes: args.limit,
        fair: args.fair,
    };
    let table = sample::play(&s).map_err(|e| format!("{e:?}"))?;
    let replay = table
        .replay()
        .ok_or_else(|| "the game did not finish".to_owned())?;
    let walk = rp::walk(&replay).map_err(|e| e.to_string())?;
    Ok(jsonl::write(&replay, &walk))
}

/// Run `parxis record`.
#[must_use]
pub fn run_record(args: &RecordArgs) -> ExitCode {
    let text = match record(args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("parxis record: {e}");
            return ExitCode::FAILURE;
        }
    };
    let written = match &args.out {
        Some(path) => std::fs::write(path, text),
        None => std::io::stdout().lock().write_all(text.as_bytes()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parxis record: {e}");
            ExitCode::from(2)
        }
    }
}
