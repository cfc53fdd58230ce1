//! The arguments of `/top` and `/timezone`.

use super::view::stats::TopKind;
use crate::stats::{ChatZone, WeekId};

/// What `/top` asks for, before the week is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopAsk {
    /// This week's points in the chat.
    Week,
    AllTime,
    Rating,
    Global,
    GlobalRating,
}

impl TopAsk {
    /// The table to show, `week` being the chat's current week.
    #[must_use]
    pub fn kind(self, week: WeekId) -> TopKind {
        match self {
            Self::Week => TopKind::Week(week),
            Self::AllTime => TopKind::AllTime,
            Self::Rating => TopKind::Rating,
            Self::Global => TopKind::Global,
            Self::GlobalRating => TopKind::GlobalRating,
        }
    }
}

/// Parse `/top [all|rating|global]` (`global rating` for the global ratings). A private chat
/// has only the global tables: there `/top` is the global points and `/top rating` the global
/// ratings. The words of each language are taken too.
///
/// # Errors
/// The first word that is not one of these.
pub fn parse_top(args: &str, private: bool) -> Result<TopAsk, String> {
    let (mut all, mut rating, mut global) = (false, false, private);
    for w in args.split_whitespace().take(4) {
        match w.to_lowercase().as_str() {
            "all" | "alltime" | "tot" | "tots" | "todo" | "todos" | "sempre" | "siempre" => {
                all = true;
            }
            "rating" | "ratings" | "valoració" | "valoracio" | "valoración" | "valoracion"
            | "elo" => rating = true,
            "global" | "world" | "món" | "mon" | "mundo" => global = true,
            "week" | "setmana" | "semana" => {}
            _ => return Err(w.chars().take(32).collect()),
        }
    }
    Ok(match (global, rating, all) {
        (true, true, _) => TopAsk::GlobalRating,
        (true, false, _) => TopAsk::Global,
        (false, true, _) => TopAsk::Rating,
        (false, false, true) => TopAsk::AllTime,
        (false, false, false) => TopAsk::Week,
    })
}

/// Parse `/timezone <IANA name>`: `Ok(None)` with no argument (show the current one),
/// `Ok(Some(zone))` for a name the time zone database knows (any letter case).
///
/// # Errors
/// Anything else, cut to 32 characters (nothing changes).
pub fn parse_zone(args: &str) -> Result<Option<ChatZone>, String> {
    let a = args.trim();
    if a.is_empty() {
        return Ok(None);
    }
    let bad = || a.chars().take(32).collect::<String>();
    if a.len() > 64 || a.split_whitespace().count() != 1 {
        return Err(bad());
    }
    ChatZone::named(a).map(Some).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_words_choose_the_table_and_private_chats_have_only_global_ones() {
        // Given /top arguments, When parsed in a group and in private, Then the table.
        assert_eq!(parse_top("", false), Ok(TopAsk::Week));
        assert_eq!(parse_top("all", false), Ok(TopAsk::AllTime));
        assert_eq!(parse_top("Rating", false), Ok(TopAsk::Rating));
        assert_eq!(parse_top("global", false), Ok(TopAsk::Global));
        assert_eq!(parse_top("global rating", false), Ok(TopAsk::GlobalRating));
        assert_eq!(parse_top("", true), Ok(TopAsk::Global));
        assert_eq!(parse_top("rating", true), Ok(TopAsk::GlobalRating));
        assert_eq!(parse_top("valoració", false), Ok(TopAsk::Rating));
        assert_eq!(parse_top("<b>", false), Err("<b>".into()));
    }

    #[test]
    fn a_time_zone_is_an_iana_name_the_database_knows() {
        // Given /timezone arguments, When parsed, Then known names pass and others fail.
        assert!(parse_zone("").unwrap().is_none());
        assert_eq!(
            parse_zone("Atlantic/Canary").unwrap().unwrap().name(),
            "Atlantic/Canary"
        );
        assert!(parse_zone("Mars/Olympus").is_err());
        assert!(parse_zone("Europe/Madrid extra").is_err());
    }
}
