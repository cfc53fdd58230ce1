//! The stats texts: the end-of-game results on the final board, `/top` and `/stats`.

use crate::bot::core::seats::dot;
use crate::bot::core::table::{PlayerKind, Table};
use crate::i18n::stats_msg::{points_text, signed, tenths_text};
use crate::i18n::{Lang, Msg, StatsMsg, tr};
use crate::stats::{Aggregate, ESTABLISHED_GAMES, Points, WeekId};
use crate::store::{Top, TopLine};

fn st(lang: Lang, m: StatsMsg) -> String {
    tr(lang, &Msg::Stats(m))
}

/// The results lines of a finished, recorded game: each human's points and rating change,
/// or why the game does not count. Empty until the game is recorded.
#[must_use]
pub fn result_lines(lang: Lang, t: &Table) -> Vec<String> {
    if !t.tally.recorded {
        return Vec::new();
    }
    if t.tally.results.is_empty() {
        let humans = t
            .players
            .iter()
            .filter(|p| p.id > 0 && p.kind == PlayerKind::Human)
            .count();
        return if humans >= 1 {
            vec![st(lang, StatsMsg::ResultsUnranked)]
        } else {
            Vec::new()
        };
    }
    let mut out = vec![st(lang, StatsMsg::ResultsTitle)];
    for r in &t.tally.results {
        let Some(p) = t.players.iter().find(|p| p.id == r.id) else {
            continue;
        };
        let name = p.name.clone();
        let points = points_text(lang, r.points_tenths.unwrap_or(0), true);
        let line = match r.rating {
            Some((before, after)) => StatsMsg::ResultLine {
                name,
                points,
                rating: after.to_string(),
                delta: signed(after - before),
            },
            None => StatsMsg::ResultPoints { name, points },
        };
        let mark = p.colour.map_or("•", dot);
        out.push(format!("{mark} {}", st(lang, line)));
    }
    out
}

/// Which table `/top` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopKind {
    Week(WeekId),
    AllTime,
    Rating,
    Global,
    GlobalRating,
}

fn count(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn top_line(lang: Lang, kind: TopKind, l: &TopLine) -> String {
    let (rank, name, games) = (count(l.rank), l.name.clone(), count(l.games));
    let m = match kind {
        TopKind::Rating | TopKind::GlobalRating => StatsMsg::TopRatingLine {
            rank,
            name,
            rating: l.score.to_string(),
            games,
        },
        _ => StatsMsg::TopLine {
            rank,
            name,
            points: points_text(lang, l.points().tenths(), false),
            games,
        },
    };
    st(lang, m)
}

/// The `/top` text: the title, the best settled players, the caller's own line when it is
/// not shown, and the players with fewer games listed apart.
#[must_use]
pub fn top_text(lang: Lang, kind: TopKind, top: &Top) -> String {
    let title = match kind {
        TopKind::Week(w) => StatsMsg::TopWeekTitle {
            week: w.to_string(),
        },
        TopKind::AllTime => StatsMsg::TopAllTitle,
        TopKind::Rating => StatsMsg::TopRatingTitle,
        TopKind::Global => StatsMsg::TopGlobalTitle,
        TopKind::GlobalRating => StatsMsg::TopGlobalRatingTitle,
    };
    let mut out = vec![st(lang, title)];
    if top.top.is_empty() && top.apart.is_empty() {
        out.push(st(lang, StatsMsg::TopEmpty));
        return out.join("\n");
    }
    out.extend(top.top.iter().map(|l| top_line(lang, kind, l)));
    let shown = |u: i64, list: &[TopLine]| list.iter().any(|l| l.user == u);
    if let Some((me, false)) = &top.caller
        && !shown(me.user, &top.top)
    {
        out.push("…".to_owned());
        out.push(top_line(lang, kind, me));
    }
    if !top.apart.is_empty() {
        out.push(String::new());
        out.push(st(
            lang,
            StatsMsg::TopApart {
                games: count(ESTABLISHED_GAMES),
            },
        ));
        out.extend(top.apart.iter().map(|l| top_line(lang, kind, l)));
        if let Some((me, true)) = &top.caller
            && !shown(me.user, &top.apart)
        {
            out.push("…".to_owned());
            out.push(top_line(lang, kind, me));
        }
    }
    out.join("\n")
}

/// The `/stats` text of `name`: the card of `agg` (`None`: no games), and this week's
/// points in the chat (`None` in a private chat, whose card is global).
#[must_use]
pub fn card_text(
    lang: Lang,
    name: &str,
    agg: Option<&Aggregate>,
    global: bool,
    week: Option<Points>,
) -> String {
    let Some(a) = agg.filter(|a| a.games > 0) else {
        return st(
            lang,
            StatsMsg::StatsNone {
                name: name.to_owned(),
            },
        );
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let rate = (a.win_rate() * 100.0).round() as u32;
    #[allow(clippy::cast_possible_truncation)]
    let place_tenths = (a.average_place() * 10.0).round() as i64;
    let mut out = vec![
        st(
            lang,
            StatsMsg::StatsTitle {
                name: name.to_owned(),
                global,
            },
        ),
        st(
            lang,
            StatsMsg::StatsCard {
                games: count(a.games),
                wins: count(a.wins),
                rate,
                place: tenths_text(lang, place_tenths, false),
                made: count(a.captures_made),
                suffered: count(a.captures_suffered),
                home: count(a.pieces_home),
                streak: count(a.best_streak),
            },
        ),
    ];
    out.push(match a.display_rating() {
        Some(r) => st(
            lang,
            StatsMsg::StatsRating {
                rating: r.to_string(),
                delta: signed(a.last_delta.unwrap_or(0)),
            },
        ),
        None => st(lang, StatsMsg::StatsUnrated),
    });
    if let Some(p) = week {
        out.push(st(
            lang,
            StatsMsg::StatsWeek {
                points: points_text(lang, p.tenths(), true),
            },
        ));
    }
    out.join("\n")
}
