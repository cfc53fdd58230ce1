//! The chat commands: one enum, one word table ([`word`]). Arguments are taken as raw text
//! and parsed here, so garbage arguments get a clear answer instead of being dropped.

use teloxide::utils::command::BotCommands;

use super::table::Player;
use crate::ai::Level;
use crate::engine::{Colour, Preset};
use crate::i18n::{Cmd, Lang};

/// The bot's commands (`/cmd` or `/cmd@botname`).
#[derive(BotCommands, Clone, Debug, PartialEq, Eq)]
#[command(rename_rule = "lowercase")]
pub enum Command {
    /// Open a lobby: `/newgame [jcf|classic|solidari] [pairs]`.
    NewGame(String),
    Join,
    Leave,
    Start,
    Cancel,
    /// Fill a seat with a computer player: `/addbot [easy|normal|hard]`.
    AddBot(String),
    /// Re-post the board at the bottom of the chat.
    Board,
    Rules(String),
    Help,
    Language,
    Display(String),
    Timer(String),
    Skip,
    /// Remove a player: `/kick 2` (their place in the list) or `/kick red` (their colour).
    Kick(String),
    /// Who rolls a human's die: `/dice auto|button`.
    Dice(String),
}

impl Command {
    /// The command's entry in the word table (for its description, errors and logs).
    #[must_use]
    pub fn cmd(&self) -> Cmd {
        match self {
            Self::NewGame(_) => Cmd::NewGame,
            Self::Join => Cmd::Join,
            Self::Leave => Cmd::Leave,
            Self::Start => Cmd::Start,
            Self::Cancel => Cmd::Cancel,
            Self::AddBot(_) => Cmd::AddBot,
            Self::Board => Cmd::Board,
            Self::Rules(_) => Cmd::Rules,
            Self::Help => Cmd::Help,
            Self::Language => Cmd::Language,
            Self::Display(_) => Cmd::Display,
            Self::Timer(_) => Cmd::Timer,
            Self::Skip => Cmd::Skip,
            Self::Kick(_) => Cmd::Kick,
            Self::Dice(_) => Cmd::Dice,
        }
    }
}

/// The word of a command (what follows the `/`), the one table of command names.
#[must_use]
pub fn word(c: Cmd) -> &'static str {
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
        Cmd::Dice => "dice",
    }
}

/// Parsed `/newgame` arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameArgs {
    pub preset: Preset,
    pub pairs: bool,
}

/// Parse `/newgame` arguments: a preset name and/or a pairs word, in any order.
///
/// # Errors
/// The first word that is neither.
pub fn parse_newgame(args: &str) -> Result<NewGameArgs, String> {
    let mut out = NewGameArgs {
        preset: Preset::Jcf,
        pairs: false,
    };
    for w in args.split_whitespace().take(8) {
        let w = w.to_lowercase();
        match w.as_str() {
            "pairs" | "parelles" | "parejas" | "pair" => out.pairs = true,
            "jcf" => out.preset = Preset::Jcf,
            "classic" | "clàssic" | "clasico" | "clásico" => out.preset = Preset::Classic,
            "solidari" | "solidario" => out.preset = Preset::Solidari,
            _ => return Err(w.chars().take(32).collect()),
        }
    }
    if out.preset == Preset::Solidari {
        out.pairs = true;
    }
    Ok(out)
}

/// Parse `/addbot` arguments (default `normal`).
///
/// # Errors
/// A word that is not a level.
pub fn parse_level(args: &str) -> Result<Level, String> {
    let Some(w) = args.split_whitespace().next() else {
        return Ok(Level::Normal);
    };
    let word = w.to_lowercase();
    // English, and each locale's own word (with or without its accent).
    match word.as_str() {
        "fàcil" | "fácil" | "facil" => return Ok(Level::Easy),
        "difícil" | "dificil" => return Ok(Level::Hard),
        _ => {}
    }
    word.parse().map_err(|_| w.chars().take(32).collect())
}

/// Which player `/kick` names: a 1-based place in the list, or a colour in any language.
#[must_use]
pub fn parse_kick(args: &str, players: &[Player]) -> Option<u8> {
    let w = args.split_whitespace().next()?.to_lowercase();
    if let Ok(n) = w.parse::<usize>() {
        return (1..=players.len()).contains(&n).then(|| (n - 1) as u8);
    }
    let colour = Colour::ALL.into_iter().find(|&c| {
        Lang::ALL
            .iter()
            .any(|&l| crate::i18n::colour(l, c).to_lowercase() == w)
    })?;
    players
        .iter()
        .position(|p| p.colour == Some(colour))
        .map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addbot_takes_the_level_word_of_every_language() {
        // Given /addbot arguments in en, ca/ca-ES-valencia and es, When parsed, Then levels.
        for (w, level) in [
            ("", Level::Normal),
            ("easy", Level::Easy),
            ("fàcil", Level::Easy),
            ("Fácil", Level::Easy),
            ("facil", Level::Easy),
            ("normal", Level::Normal),
            ("hard", Level::Hard),
            ("difícil", Level::Hard),
            ("DIFICIL", Level::Hard),
        ] {
            assert_eq!(parse_level(w), Ok(level), "{w:?}");
        }
        assert_eq!(parse_level("godlike"), Err("godlike".into()));
    }

    #[test]
    fn every_word_of_the_table_parses_as_its_own_command() {
        // Given the word table, When each word is typed with an argument-less form,
        // Then teloxide's parser gives the command of that word.
        for c in Cmd::ALL {
            let text = format!("/{}", word(c));
            let parsed = Command::parse(&text, "parxis_test_bot").expect("parses");
            assert_eq!(parsed.cmd(), c, "{text}");
        }
    }

    #[test]
    fn newgame_arguments_in_any_order() {
        assert_eq!(
            parse_newgame(""),
            Ok(NewGameArgs {
                preset: Preset::Jcf,
                pairs: false
            })
        );
        assert_eq!(
            parse_newgame("pairs classic"),
            Ok(NewGameArgs {
                preset: Preset::Classic,
                pairs: true
            })
        );
        assert_eq!(
            parse_newgame("SOLIDARI"),
            Ok(NewGameArgs {
                preset: Preset::Solidari,
                pairs: true
            })
        );
        assert_eq!(parse_newgame("jcf <b>"), Err("<b>".into()));
    }

    #[test]
    fn addbot_defaults_to_normal() {
        assert_eq!(parse_level(""), Ok(Level::Normal));
        assert_eq!(parse_level("hard"), Ok(Level::Hard));
        assert!(parse_level("godlike").is_err());
    }

    #[test]
    fn commands_parse_with_bot_name_and_garbage() {
        let c = Command::parse("/newgame@parxis_test_bot classic", "parxis_test_bot").unwrap();
        assert_eq!(c, Command::NewGame("classic".into()));
        assert_eq!(
            Command::parse("/join", "parxis_test_bot").unwrap(),
            Command::Join
        );
        assert!(Command::parse("/newgame@other_bot", "parxis_test_bot").is_err());
    }
}
