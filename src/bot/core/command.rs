//! The chat commands: one enum, one word table ([`word`]). Arguments are taken as raw text
//! and parsed here, so garbage arguments get a clear answer instead of being dropped.

use teloxide::utils::command::BotCommands;

use super::table::Player;
use crate::ai::Level;
use crate::engine::{Arms, Colour, Preset};
use crate::i18n::{Cmd, Lang};

/// The bot's commands (`/cmd` or `/cmd@botname`).
#[derive(BotCommands, Clone, Debug, PartialEq, Eq)]
#[command(rename_rule = "lowercase")]
pub enum Command {
    /// Open a lobby: `/newgame [jcf|classic|solidari] [pairs] [4|6|8]`.
    NewGame(String),
    Join,
    Leave,
    /// `/start`: in a group, start the game; in a private chat, a deep link's payload
    /// (`help`, `rules_jcf`…, or `notify_<chat>[_<topic>]`: told when the next game opens there).
    Start(String),
    Cancel,
    /// Fill a seat with a computer player: `/addbot [easy|normal|hard]`.
    AddBot(String),
    /// Re-post the board at the bottom of the chat.
    Board,
    Rules(String),
    Help,
    /// `/language [code or name]`: set the chat's language directly (`/language es`,
    /// `/language valencià`); without a word, the language buttons.
    Language(String),
    Display(String),
    Timer(String),
    Skip,
    /// Remove a player: `/kick 2` (their place in the list) or `/kick red` (their colour).
    Kick(String),
    /// The chat's table: `/top` (this week), `/top all`, `/top rating`, `/top global`.
    Top(String),
    /// A player's card (as a reply: the replied user's); `/stats group`: the group's dice.
    Stats(String),
    /// The chat's time zone for the weekly table: `/timezone Europe/Madrid`.
    Timezone(String),
    /// Forget me in every table (private chat).
    ForgetMe,
    /// Who rolls a human's die: `/dice auto|button`.
    Dice(String),
    /// Tournaments: `/tournament [jcf|classic|solidari] [2|4] [pairs] [Nm]`, `partner`, `start`,
    /// `cancel`, `advance …`.
    Tournament(String),
    /// Re-post the tournament's bracket.
    Bracket,
    /// Seasons and leagues: `/season` (the standings), `/season league|open …`, `start`,
    /// `cancel`, `past`.
    Season(String),
    /// Mention the player whose turn it is after a wait: `/pings off|30|60|120`.
    Pings(String),
    /// The place's last finished game (or the one whose board it replies to) as an
    /// animation.
    Replay,
    /// The same game's record, a JSON Lines file anyone can check (`parxis replay`).
    Record,
    /// `/notify [off]`: a private message when the next game opens here.
    Notify(String),
    /// How anyone checks a game's dice (`docs/FAIRNESS.md`).
    Fair,
    /// `/seed PHRASE`: a lobby's phrase for the fair dice's salt.
    Seed(String),
}

impl Command {
    /// The command's entry in the word table (for its description, errors and logs).
    #[must_use]
    pub fn cmd(&self) -> Cmd {
        match self {
            Self::NewGame(_) => Cmd::NewGame,
            Self::Join => Cmd::Join,
            Self::Leave => Cmd::Leave,
            Self::Start(_) => Cmd::Start,
            Self::Cancel => Cmd::Cancel,
            Self::AddBot(_) => Cmd::AddBot,
            Self::Board => Cmd::Board,
            Self::Rules(_) => Cmd::Rules,
            Self::Help => Cmd::Help,
            Self::Language(_) => Cmd::Language,
            Self::Display(_) => Cmd::Display,
            Self::Timer(_) => Cmd::Timer,
            Self::Skip => Cmd::Skip,
            Self::Kick(_) => Cmd::Kick,
            Self::Top(_) => Cmd::Top,
            Self::Stats(_) => Cmd::Stats,
            Self::Timezone(_) => Cmd::Timezone,
            Self::ForgetMe => Cmd::ForgetMe,
            Self::Dice(_) => Cmd::Dice,
            Self::Tournament(_) => Cmd::Tournament,
            Self::Bracket => Cmd::Bracket,
            Self::Season(_) => Cmd::Season,
            Self::Pings(_) => Cmd::Pings,
            Self::Replay => Cmd::Replay,
            Self::Record => Cmd::Record,
            Self::Notify(_) => Cmd::Notify,
            Self::Fair => Cmd::Fair,
            Self::Seed(_) => Cmd::Seed,
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
        Cmd::Top => "top",
        Cmd::Stats => "stats",
        Cmd::Timezone => "timezone",
        Cmd::ForgetMe => "forgetme",
        Cmd::Dice => "dice",
        Cmd::Tournament => "tournament",
        Cmd::Bracket => "bracket",
        Cmd::Season => "season",
        Cmd::Pings => "pings",
        Cmd::Replay => "replay",
        Cmd::Record => "record",
        Cmd::Notify => "notify",
        Cmd::Fair => "fair",
        Cmd::Seed => "seed",
    }
}

/// Parsed `/newgame` arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameArgs {
    pub preset: Preset,
    pub pairs: bool,
    /// R8.7 The board asked for: 4, 6 or 8 (`None`: the smallest that seats everyone).
    pub board: Option<Arms>,
}

/// Parse `/newgame` arguments: a preset name, a pairs word and/or a board size (4, 6 or
/// 8), in any order. Solidari is a four-player pairs game: its board is the four-arm one.
///
/// # Errors
/// The first word that is none of these (or a size of 6 or 8 with Solidari).
pub fn parse_newgame(args: &str) -> Result<NewGameArgs, String> {
    let mut out = NewGameArgs {
        preset: Preset::Jcf,
        pairs: false,
        board: None,
    };
    let mut size_word = String::new();
    for w in args.split_whitespace().take(8) {
        let w = w.to_lowercase();
        match w.as_str() {
            "pairs" | "parelles" | "parejas" | "pair" => out.pairs = true,
            "jcf" => out.preset = Preset::Jcf,
            "classic" | "clàssic" | "clasico" | "clásico" => out.preset = Preset::Classic,
            "solidari" | "solidario" => out.preset = Preset::Solidari,
            "4" | "6" | "8" => {
                out.board = w.parse().ok().and_then(Arms::from_count);
                size_word = w;
            }
            _ => return Err(w.chars().take(32).collect()),
        }
    }
    if out.preset == Preset::Solidari {
        if out.board.is_some_and(|a| !a.is_four()) {
            return Err(size_word);
        }
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
    use crate::bot::core::table::Action;
    use crate::bot::core::table::test_support::{actor, dice, lobby};
    use crate::engine::Colour;

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
        let args = |preset, pairs, board| NewGameArgs {
            preset,
            pairs,
            board,
        };
        assert_eq!(parse_newgame(""), Ok(args(Preset::Jcf, false, None)));
        assert_eq!(
            parse_newgame("pairs classic"),
            Ok(args(Preset::Classic, true, None))
        );
        assert_eq!(
            parse_newgame("SOLIDARI"),
            Ok(args(Preset::Solidari, true, None))
        );
        assert_eq!(parse_newgame("jcf <b>"), Err("<b>".into()));
    }

    #[test]
    fn r8_7_newgame_takes_a_board_size_of_4_6_or_8_beside_preset_and_pairs() {
        // Given /newgame with a size among its words, When parsed, Then that board; a size
        // no board has is refused; Solidari (four players in pairs) takes only the board of 4.
        let board = |s: &str| parse_newgame(s).map(|a| (a.preset, a.pairs, a.board));
        assert_eq!(board("6"), Ok((Preset::Jcf, false, Some(Arms::Six))));
        assert_eq!(
            board("8 pairs classic"),
            Ok((Preset::Classic, true, Some(Arms::Eight)))
        );
        assert_eq!(board("pairs 4"), Ok((Preset::Jcf, true, Some(Arms::Four))));
        assert_eq!(
            board("solidari 4"),
            Ok((Preset::Solidari, true, Some(Arms::Four)))
        );
        for bad in ["5", "10", "0", "-6"] {
            assert_eq!(board(bad), Err(bad.into()), "{bad}");
        }
        assert_eq!(board("solidari 6"), Err("6".into()));
        assert_eq!(board("8 solidario"), Err("8".into()));
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

    #[test]
    fn kick_names_a_large_board_colour_in_any_language() {
        // Given eight seated players, When /kick names orange, purple, cyan or pink in each
        // language, Then the player of that colour.
        let t = lobby(8, None, false)
            .act(
                &actor(1),
                Action::Start,
                0,
                &mut dice(&[6, 1, 1, 1, 1, 1, 1, 1]),
            )
            .expect("start");
        for (word, c) in [
            ("taronja", Colour::Orange),
            ("naranja", Colour::Orange),
            ("morat", Colour::Purple),
            ("purple", Colour::Purple),
            ("cian", Colour::Cyan),
            ("cyan", Colour::Cyan),
            ("rosa", Colour::Pink),
            ("pink", Colour::Pink),
        ] {
            let i = parse_kick(word, t.players()).expect(word);
            assert_eq!(t.players()[usize::from(i)].colour, Some(c), "{word}");
        }
    }
}
