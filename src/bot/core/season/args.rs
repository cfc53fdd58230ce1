//! `/season` arguments.

use crate::bot::core::subcommand::{is_cancel, is_start};
use crate::engine::Preset;
use crate::season::Settings;

/// The default length of a season, in weeks.
pub const DEFAULT_WEEKS: u8 = 8;
/// The default size of a league's tables.
pub const DEFAULT_TABLE: u8 = 4;

/// What `/season …` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeasonCmd {
    /// `/season`: the standings (or the sign-up) again.
    Show,
    /// `/season league|open [weeks] [x<size>] [min<games>] [rules]`: a sign-up opens.
    Open(Settings),
    /// `/season start`: week 1 begins (a league's first tables are drawn).
    Start,
    /// `/season cancel`: the season is called off.
    Cancel,
    /// `/season past`: the finished seasons.
    Past,
}

/// Parses `/season` arguments. A new season: `league` (the bot draws weekly tables, only
/// they count) or `open` (every game of the group's members counts), then in any order a
/// number of weeks (`8`, `8w`), a table size (`x4`, 2–8), a minimum of games to be ranked
/// (`min3`) and the rules (`jcf`, `classic`, `solidari`). Sub-commands: `start`, `cancel`,
/// `past`. Each word in English and in the chat's words (ca, ca-ES-valencia, es).
///
/// # Errors
/// The first word that fits none of them (cut to 32 characters).
pub fn parse_season(args: &str) -> Result<SeasonCmd, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let first = words.first().map(|w| w.to_lowercase());
    let fixtures = match first.as_deref() {
        None => return Ok(SeasonCmd::Show),
        Some(w) if is_start(w) => return only(&words, SeasonCmd::Start),
        Some(w) if is_cancel(w) => return only(&words, SeasonCmd::Cancel),
        Some("past" | "passades" | "anteriors" | "pasadas" | "anteriores" | "historial") => {
            return only(&words, SeasonCmd::Past);
        }
        Some("league" | "lliga" | "liga") => true,
        Some("open" | "oberta" | "abierta" | "free" | "lliure" | "libre") => false,
        Some(_) => return Err(cut(words[0])),
    };
    let mut weeks = None;
    let mut table = None;
    let mut min = None;
    let mut preset = Preset::Jcf;
    for w in words.iter().skip(1).take(8) {
        let lw = w.to_lowercase();
        let num = |s: &str| s.parse::<u32>().ok();
        match lw.as_str() {
            "jcf" => preset = Preset::Jcf,
            "classic" | "clàssic" | "clasico" | "clásico" => preset = Preset::Classic,
            "solidari" | "solidario" => preset = Preset::Solidari,
            s if num(s).is_some() && weeks.is_none() => weeks = num(s),
            s if s.ends_with(['w', 's']) && num(&s[..s.len() - 1]).is_some() => {
                weeks = num(&s[..s.len() - 1]);
            }
            s if s.starts_with('x') && num(&s[1..]).is_some() => table = num(&s[1..]),
            s if s.starts_with("min") && num(&s[3..]).is_some() => min = num(&s[3..]),
            _ => return Err(cut(w)),
        }
    }
    let weeks = match weeks {
        None => DEFAULT_WEEKS,
        Some(n) => u8::try_from(n)
            .ok()
            .filter(|n| (1..=crate::season::league::MAX_WEEKS).contains(n))
            .ok_or_else(|| cut(&n.to_string()))?,
    };
    let table_size = match table {
        None => DEFAULT_TABLE,
        Some(n) => u8::try_from(n)
            .ok()
            .filter(|&n| crate::season::fixtures::TABLE_SIZES.contains(&usize::from(n)))
            .ok_or_else(|| format!("x{n}"))?,
    };
    // Half the weeks by default: a member who played at least every other week is ranked.
    let min_games = min.unwrap_or_else(|| u32::from(weeks).div_ceil(2));
    Ok(SeasonCmd::Open(Settings {
        weeks,
        preset,
        fixtures,
        table_size,
        min_games,
    }))
}

fn cut(w: &str) -> String {
    w.chars().take(32).collect()
}

fn only(words: &[&str], cmd: SeasonCmd) -> Result<SeasonCmd, String> {
    match words.get(1) {
        None => Ok(cmd),
        Some(w) => Err(cut(w)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(s: &str) -> Settings {
        match parse_season(s) {
            Ok(SeasonCmd::Open(settings)) => settings,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn a_league_takes_its_settings_in_any_order_and_in_the_chat_s_words() {
        let s = open("lliga 10 x3 min4 classic");
        assert_eq!(
            s,
            Settings {
                weeks: 10,
                preset: Preset::Classic,
                fixtures: true,
                table_size: 3,
                min_games: 4
            }
        );
        assert_eq!(open("liga x2 6s"), open("league 6w x2"));
        let d = open("oberta");
        assert!(!d.fixtures);
        assert_eq!((d.weeks, d.table_size, d.min_games), (8, 4, 4));
        assert_eq!(open("league 5").min_games, 3);
    }

    #[test]
    fn sub_commands_and_bad_words_are_told_apart() {
        assert_eq!(parse_season(""), Ok(SeasonCmd::Show));
        assert_eq!(parse_season("Comença"), Ok(SeasonCmd::Start));
        assert_eq!(parse_season("anul·la"), Ok(SeasonCmd::Cancel));
        assert_eq!(parse_season("past"), Ok(SeasonCmd::Past));
        assert_eq!(parse_season("start now"), Err("now".into()));
        assert_eq!(parse_season("league 27"), Err("27".into()));
        assert_eq!(parse_season("league 0"), Err("0".into()));
        assert_eq!(parse_season("league x9"), Err("x9".into()));
        assert_eq!(parse_season("league 4 4"), Err("4".into()));
        assert_eq!(parse_season("tournament"), Err("tournament".into()));
    }
}
