//! [`StatsMsg`]: the texts of the stats commands and of the end-of-game results, one variant
//! per Fluent message (ids `stats-*`, `top-*`, `timezone-*`, `forget-*`, `results-*` in the
//! `# stats` block of each locale). Reached through `Msg::Stats`.
//!
//! Points and ratings come as ready strings (`points`, `rating`, `delta`): they may be
//! negative or have a decimal, which the locale's own separator shows (see
//! [`points_text`]); counts are numbers, for plural forms.

use super::arg::Arg;
use super::lang::Lang;

/// One stats text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StatsMsg {
    /// Button "🔁 Rematch".
    BtnRematch,
    /// The end of a finishing-order line of a recorded game: "+2 pts · 1416", "+1 pt ·
    /// newcomer" (`newcomer`: fewer than 3 rated games), "+2 pts" (`rating` `None`: not
    /// rated). `one`: the points are exactly ±1 (the singular).
    Finish {
        points: String,
        one: bool,
        rating: Option<String>,
        newcomer: bool,
    },
    /// The end of a finishing-order line with no result: "35 squares to go" / "all pieces
    /// in the goal" (R6.1).
    FinishDistance { distance: u32 },
    /// "This game does not count for the ranking: it takes at least two people."
    ResultsUnranked,
    /// "🏆 This week's points (week of 30 November)": the week's Monday in words.
    TopWeekTitle { day: u32, month: u32 },
    /// "🏆 All-time points in this chat".
    TopAllTitle,
    /// "🏆 Ratings in this chat".
    TopRatingTitle,
    /// "🌍 All-time points, all chats".
    TopGlobalTitle,
    /// "🌍 Ratings, all chats".
    TopGlobalRatingTitle,
    /// "3. NAME — 12 pts (5 games)"; `rank` is "3." or "1=" (a tie).
    TopLine {
        rank: String,
        name: String,
        points: String,
        one: bool,
        games: u32,
    },
    /// "3. NAME — 1520 (5 games)".
    TopRatingLine {
        rank: String,
        name: String,
        rating: String,
        games: u32,
    },
    /// "Fewer than 3 games:".
    TopApart { games: u32 },
    /// The footnote of a table where nobody has 3 games yet (everyone is listed): "Nobody
    /// has 3 games yet: a provisional table."
    TopProvisional { games: u32 },
    /// "Nobody has points here yet: finish a game with at least two people."
    TopEmpty,
    /// "📊 NAME in this chat" / "📊 NAME, all chats".
    StatsTitle { name: String, global: bool },
    /// Games, wins, win rate, average place, captures made and suffered ("You captured 1 ·
    /// 2 of your pieces were captured" on one's own card, `own`), pieces home.
    StatsCard {
        games: u32,
        wins: u32,
        rate: u32,
        place: String,
        made: u32,
        suffered: u32,
        home: u32,
        own: bool,
    },
    /// "Best winning streak: 3" (shown from 2 on).
    StatsStreak { streak: u32 },
    /// "All-time table: 3rd of 7".
    StatsRank { rank: u32, of: u32 },
    /// "Rating: 1520 (+24 in the last game)".
    StatsRating { rating: String, delta: String },
    /// "Rating: none yet (it takes a game with at least two people)".
    StatsUnrated,
    /// "This week: +3 pts".
    StatsWeek { points: String, one: bool },
    /// "NAME has no recorded games yet."
    StatsNone { name: String },
    /// "🏆 Tournaments won in this chat: 2" (R10, from the chat's tournament history).
    StatsTourneys { won: u32 },
    /// "🕒 Time zone of this chat: Europe/Madrid. Weeks run from Monday to Sunday there."
    TimezoneIs { zone: String },
    /// "🕒 Time zone set: Europe/Madrid. …"
    TimezoneSet { zone: String },
    /// "Done: I have forgotten your games, points and ratings in every chat."
    ForgetDone,
    /// "/forgetme works in a private chat with me, so nobody else sees it."
    ForgetPrivateOnly,
}

impl StatsMsg {
    /// The Fluent message id.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::BtnRematch => "btn-rematch",
            Self::Finish { .. } => "results-finish",
            Self::FinishDistance { .. } => "results-distance",
            Self::ResultsUnranked => "results-unranked",
            Self::TopWeekTitle { .. } => "top-week-title",
            Self::TopAllTitle => "top-all-title",
            Self::TopRatingTitle => "top-rating-title",
            Self::TopGlobalTitle => "top-global-title",
            Self::TopGlobalRatingTitle => "top-global-rating-title",
            Self::TopLine { .. } => "top-line",
            Self::TopRatingLine { .. } => "top-rating-line",
            Self::TopApart { .. } => "top-apart",
            Self::TopProvisional { .. } => "top-provisional",
            Self::TopEmpty => "top-empty",
            Self::StatsTitle { .. } => "stats-title",
            Self::StatsCard { .. } => "stats-card",
            Self::StatsStreak { .. } => "stats-streak",
            Self::StatsRank { .. } => "stats-rank",
            Self::StatsRating { .. } => "stats-rating",
            Self::StatsUnrated => "stats-unrated",
            Self::StatsWeek { .. } => "stats-week",
            Self::StatsNone { .. } => "stats-none",
            Self::StatsTourneys { .. } => "stats-tourneys",
            Self::TimezoneIs { .. } => "timezone-is",
            Self::TimezoneSet { .. } => "timezone-set",
            Self::ForgetDone => "forget-done",
            Self::ForgetPrivateOnly => "forget-private-only",
        }
    }

    /// The Fluent arguments.
    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        match self {
            Self::Finish {
                points,
                one,
                rating,
                newcomer,
            } => {
                let shown = match (rating, newcomer) {
                    (None, _) => "none",
                    (Some(_), true) => "new",
                    (Some(_), false) => "shown",
                };
                vec![
                    ("points", text(points)),
                    ("one", Arg::Flag(*one)),
                    ("rated", text(shown)),
                    ("rating", text(rating.as_deref().unwrap_or_default())),
                ]
            }
            Self::FinishDistance { distance } => vec![("distance", Arg::Num(*distance))],
            Self::TopWeekTitle { day, month } => {
                vec![("day", Arg::Num(*day)), ("month", Arg::Num(*month))]
            }
            Self::TopLine {
                rank,
                name,
                points,
                one,
                games,
            } => vec![
                ("rank", text(rank)),
                ("name", text(name)),
                ("points", text(points)),
                ("one", Arg::Flag(*one)),
                ("games", Arg::Num(*games)),
            ],
            Self::TopRatingLine {
                rank,
                name,
                rating,
                games,
            } => vec![
                ("rank", text(rank)),
                ("name", text(name)),
                ("rating", text(rating)),
                ("games", Arg::Num(*games)),
            ],
            Self::TopApart { games } | Self::TopProvisional { games } => {
                vec![("games", Arg::Num(*games))]
            }
            Self::StatsTitle { name, global } => {
                vec![("name", text(name)), ("global", Arg::Flag(*global))]
            }
            Self::StatsCard {
                games,
                wins,
                rate,
                place,
                made,
                suffered,
                home,
                own,
            } => vec![
                ("games", Arg::Num(*games)),
                ("wins", Arg::Num(*wins)),
                ("rate", Arg::Num(*rate)),
                ("place", text(place)),
                ("made", Arg::Num(*made)),
                ("suffered", Arg::Num(*suffered)),
                ("home", Arg::Num(*home)),
                ("own", Arg::Flag(*own)),
            ],
            Self::StatsStreak { streak } => vec![("streak", Arg::Num(*streak))],
            Self::StatsRank { rank, of } => vec![("rank", Arg::Num(*rank)), ("of", Arg::Num(*of))],
            Self::StatsRating { rating, delta } => {
                vec![("rating", text(rating)), ("delta", text(delta))]
            }
            Self::StatsWeek { points, one } => {
                vec![("points", text(points)), ("one", Arg::Flag(*one))]
            }
            Self::StatsNone { name } => vec![("name", text(name))],
            Self::StatsTourneys { won } => vec![("won", Arg::Num(*won))],
            Self::TimezoneIs { zone } | Self::TimezoneSet { zone } => vec![("zone", text(zone))],
            Self::BtnRematch
            | Self::ResultsUnranked
            | Self::TopAllTitle
            | Self::TopRatingTitle
            | Self::TopGlobalTitle
            | Self::TopGlobalRatingTitle
            | Self::TopEmpty
            | Self::StatsUnrated
            | Self::ForgetDone
            | Self::ForgetPrivateOnly => Vec::new(),
        }
    }

    /// One of each, for the locale tests.
    #[must_use]
    #[allow(clippy::too_many_lines)] // one entry per variant
    pub fn samples() -> Vec<Self> {
        let name = || "Vicent".to_owned();
        let mut all = vec![
            Self::BtnRematch,
            Self::Finish {
                points: "+2".into(),
                one: false,
                rating: Some("1416".into()),
                newcomer: false,
            },
            Self::Finish {
                points: "+1".into(),
                one: true,
                rating: Some("1090".into()),
                newcomer: true,
            },
            Self::Finish {
                points: "-1,5".into(),
                one: false,
                rating: None,
                newcomer: false,
            },
            Self::FinishDistance { distance: 0 },
            Self::FinishDistance { distance: 1 },
            Self::FinishDistance { distance: 35 },
            Self::ResultsUnranked,
        ];
        all.extend((1..=12).map(|month| Self::TopWeekTitle { day: 30, month }));
        all.extend([
            Self::TopAllTitle,
            Self::TopRatingTitle,
            Self::TopGlobalTitle,
            Self::TopGlobalRatingTitle,
            Self::TopLine {
                rank: "1.".into(),
                name: name(),
                points: "12".into(),
                one: false,
                games: 5,
            },
            Self::TopLine {
                rank: "2=".into(),
                name: name(),
                points: "1".into(),
                one: true,
                games: 1,
            },
            Self::TopRatingLine {
                rank: "3.".into(),
                name: name(),
                rating: "1520".into(),
                games: 4,
            },
            Self::TopApart { games: 3 },
            Self::TopProvisional { games: 3 },
            Self::TopEmpty,
            Self::StatsTitle {
                name: name(),
                global: false,
            },
            Self::StatsTitle {
                name: name(),
                global: true,
            },
            Self::StatsCard {
                games: 7,
                wins: 3,
                rate: 43,
                place: "1,9".into(),
                made: 12,
                suffered: 9,
                home: 20,
                own: true,
            },
            Self::StatsCard {
                games: 1,
                wins: 1,
                rate: 100,
                place: "1".into(),
                made: 1,
                suffered: 1,
                home: 1,
                own: false,
            },
            Self::StatsStreak { streak: 2 },
            Self::StatsRank { rank: 1, of: 7 },
            Self::StatsRank { rank: 2, of: 7 },
            Self::StatsRank { rank: 3, of: 7 },
            Self::StatsRank { rank: 4, of: 7 },
            Self::StatsRank { rank: 11, of: 12 },
            Self::StatsRating {
                rating: "1520".into(),
                delta: "+24".into(),
            },
            Self::StatsUnrated,
            Self::StatsWeek {
                points: "+3".into(),
                one: false,
            },
            Self::StatsNone { name: name() },
            Self::StatsTourneys { won: 2 },
            Self::TimezoneIs {
                zone: "Europe/Madrid".into(),
            },
            Self::TimezoneSet {
                zone: "Atlantic/Canary".into(),
            },
            Self::ForgetDone,
            Self::ForgetPrivateOnly,
        ]);
        all
    }
}

/// The decimal separator of `lang` (a comma in Catalan, Valencian and Spanish).
#[must_use]
pub fn decimal_separator(lang: Lang) -> char {
    match lang {
        Lang::En => '.',
        Lang::Ca | Lang::CaValencia | Lang::Es => ',',
    }
}

/// A number given in tenths, in `lang`'s form, with a sign when `signed` (and not zero):
/// `+2`, `-1,5`, `0`, `12`.
#[must_use]
pub fn tenths_text(lang: Lang, tenths: i64, signed: bool) -> String {
    let sign = match tenths.signum() {
        1 if signed => "+",
        -1 => "-",
        _ => "",
    };
    let abs = tenths.unsigned_abs();
    if abs.is_multiple_of(10) {
        format!("{sign}{}", abs / 10)
    } else {
        format!("{sign}{}{}{}", abs / 10, decimal_separator(lang), abs % 10)
    }
}

/// R9 points (in tenths, see `Points::tenths`) as shown: [`tenths_text`].
#[must_use]
pub fn points_text(lang: Lang, tenths: i64, signed: bool) -> String {
    tenths_text(lang, tenths, signed)
}

/// A signed whole number: `+24`, `-3`, `0`.
#[must_use]
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_use_the_locale_separator_and_a_sign_when_asked() {
        // Given tenths of a point, When shown in en and es, Then the separator and sign differ.
        assert_eq!(tenths_text(Lang::En, 25, true), "+2.5");
        assert_eq!(tenths_text(Lang::Es, -15, true), "-1,5");
        assert_eq!(tenths_text(Lang::Ca, 120, false), "12");
        assert_eq!(tenths_text(Lang::CaValencia, 0, true), "0");
        assert_eq!(signed(24), "+24");
        assert_eq!(signed(-3), "-3");
    }
}
