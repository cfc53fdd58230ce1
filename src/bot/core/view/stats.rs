//! The stats texts: the end-of-game results on the final board, `/top` and `/stats`.

use crate::bot::core::seats::dot;
use crate::bot::core::table::{PlayerKind, Table};
use crate::i18n::stats_msg::{points_text, signed, tenths_text};
use crate::i18n::{AchieveMsg, Lang, Msg, StatsMsg, tr};
use crate::stats::{Achievement, Aggregate, ESTABLISHED_GAMES, Points, WeekId};

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
    let mut out = ranked_lines(lang, t);
    out.extend(achievements_line(lang, t));
    out
}

/// The final caption's one line of the achievements the game earned: "🏅 Anna: <i>Iron
/// barrier</i> · Pau: <i>First win</i>" (`None`: none new).
#[must_use]
pub fn achievements_line(lang: Lang, t: &Table) -> Option<String> {
    let parts: Vec<String> = t
        .tally
        .achievements
        .iter()
        .filter_map(|(id, code)| {
            let p = t.players.iter().find(|p| p.id == *id)?;
            let achievement = Achievement::from_code(code)?;
            Some(tr(
                lang,
                &Msg::Achieve(AchieveMsg::EarnedBy {
                    name: p.name.clone(),
                    achievement,
                }),
            ))
        })
        .collect();
    (!parts.is_empty()).then(|| format!("🏅 {}", parts.join(" · ")))
}

fn ranked_lines(lang: Lang, t: &Table) -> Vec<String> {
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

/// A group's achievements of a player, and how many of its players have each.
pub type InChat<'a> = (&'a [Achievement], &'a dyn Fn(Achievement) -> u32);

/// The achievements block of `/stats`: in a group, what the player earned in the chat with
/// how many of its players have each (`holders`); in private (`here` = `None`), what they
/// earned anywhere.
#[must_use]
pub fn achievements_text(lang: Lang, here: Option<InChat<'_>>, anywhere: &[Achievement]) -> String {
    let shown: &[Achievement] = here.map_or(anywhere, |(h, _)| h);
    if shown.is_empty() && anywhere.is_empty() {
        return tr(lang, &Msg::Achieve(AchieveMsg::None));
    }
    let count = |v: &[Achievement]| u32::try_from(v.len()).unwrap_or(u32::MAX);
    let mut out = vec![tr(
        lang,
        &Msg::Achieve(AchieveMsg::Title {
            count: count(shown),
            total: count(&Achievement::ALL),
            anywhere: count(anywhere),
        }),
    )];
    for &a in shown {
        let m = match here {
            Some((_, holders)) => AchieveMsg::Line {
                achievement: a,
                holders: holders(a),
            },
            None => AchieveMsg::LinePlain(a),
        };
        out.push(tr(lang, &Msg::Achieve(m)));
    }
    out.join("\n")
}

/// One line of a table as `/top` shows it (the store's `TopLine`, copied by the caller: the
/// core does not import the store).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TopLine {
    /// 1-based rank within its list; equal scores share it.
    pub rank: u64,
    pub user: i64,
    pub name: String,
    /// R9 points in 1/840 for the points tables, the shown rating for the rating ones.
    pub score: i64,
    /// Ranked games played.
    pub games: u64,
}

impl TopLine {
    fn points(&self) -> Points {
        Points(self.score)
    }
}

/// A table as `/top` shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Top {
    /// Settled players, best first.
    pub top: Vec<TopLine>,
    /// Players with fewer ranked games, best first.
    pub apart: Vec<TopLine>,
    /// The caller's own line and whether it is in the list apart.
    pub caller: Option<(TopLine, bool)>,
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

/// How many tournaments of a chat's history (its JSON summaries, see
/// `effects::tourney::results`) `user` won, alone or in a pair. Summaries that do not parse
/// count for nobody.
#[must_use]
pub fn tourneys_won(history: &[String], user: i64) -> u32 {
    let won = history.iter().filter(|s| {
        serde_json::from_str::<serde_json::Value>(s).is_ok_and(|v| {
            v["members"]
                .as_array()
                .is_some_and(|ms| ms.iter().any(|m| m["h"].as_i64() == Some(user)))
        })
    });
    u32::try_from(won.count()).unwrap_or(u32::MAX)
}

/// The card's tournaments line, when `won` is not 0.
#[must_use]
pub fn tourneys_line(lang: Lang, won: u32) -> Option<String> {
    (won > 0).then(|| st(lang, StatsMsg::StatsTourneys { won }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::tr_plain;

    fn line(rank: u64, user: i64, name: &str, score: i64, games: u64) -> TopLine {
        TopLine {
            rank,
            user,
            name: name.to_owned(),
            score,
            games,
        }
    }

    fn plain(html: &str) -> String {
        let mut s = html.to_owned();
        for tag in ["<b>", "</b>", "<i>", "</i>"] {
            s = s.replace(tag, "");
        }
        s
    }

    fn finished_table(with_computer: bool) -> Table {
        use crate::bot::core::table::{Action, Actor, SeatResult};
        let who = |id: i64| Actor {
            id,
            name: format!("p{id}"),
            is_admin: false,
        };
        let mut dice = crate::engine::ScriptedDice::new(&[6, 1]);
        let mut t = Table::lobby(&who(1), crate::engine::Preset::Jcf, false);
        t = if with_computer {
            t.act(
                &who(1),
                Action::AddBot(crate::ai::Level::Easy),
                0,
                &mut dice,
            )
        } else {
            t.act(&who(2), Action::Join, 0, &mut dice)
        }
        .expect("second seat");
        t = t.act(&who(1), Action::Start, 0, &mut dice).expect("start");
        t.time_up(60_000);
        t.tally.recorded = true;
        if !with_computer {
            t.tally.results = vec![
                SeatResult {
                    id: 1,
                    points_tenths: Some(10),
                    rating: Some((1000, 1138)),
                },
                SeatResult {
                    id: 2,
                    points_tenths: Some(-10),
                    rating: None,
                },
            ];
        }
        t
    }

    #[test]
    fn the_final_board_shows_points_and_rating_change_or_why_the_game_does_not_count() {
        // Given a recorded game of two people, When its results are shown in English,
        let lines = result_lines(Lang::En, &finished_table(false));
        // Then a title and one line per person: points with a sign, rating and its change.
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[1].ends_with("p1 +1 pts · rating 1138 (+138)"),
            "{lines:?}"
        );
        assert!(lines[2].ends_with("p2 -1 pts"), "{lines:?}");
        // Given a recorded game of one person against the computer, Then it does not count.
        let lines = result_lines(Lang::Es, &finished_table(true));
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].contains("no cuenta para la clasificación"),
            "{lines:?}"
        );
        // Given a game not recorded (yet), Then no lines.
        let mut t = finished_table(false);
        t.tally.recorded = false;
        assert!(result_lines(Lang::En, &t).is_empty());
    }

    #[test]
    fn top_shows_the_caller_s_own_line_when_it_is_below_the_list() {
        // Given a rating table whose top holds Ana and whose caller Pep is 17th,
        let top = Top {
            top: vec![line(1, 1, "Ana", 1520, 9)],
            apart: vec![line(1, 3, "Nou", 1010, 1)],
            caller: Some((line(17, 2, "Pep", 990, 4), false)),
        };
        // When shown in Spanish, Then Ana, Pep's own line after "…", and the newcomer apart.
        let text = plain(&top_text(Lang::Es, TopKind::Rating, &top));
        assert!(text.starts_with("🏆 Valoraciones en este chat"), "{text}");
        assert!(text.contains("1. Ana — 1520 (9 partidas)"), "{text}");
        assert!(text.contains("…\n17. Pep — 990 (4 partidas)"), "{text}");
        assert!(
            text.contains("Con menos de 3 partidas:\n1. Nou — 1010 (1 partida)"),
            "{text}"
        );
    }

    #[test]
    fn top_points_use_the_locale_s_decimal_comma_and_an_empty_table_says_so() {
        // Given all-time points of 2.5, When shown in Valencian, Then "2,5 punts".
        let top = Top {
            top: vec![line(1, 1, "Ana", Points::whole(5).0 / 2, 3)],
            ..Top::default()
        };
        let text = plain(&top_text(Lang::CaValencia, TopKind::AllTime, &top));
        assert!(text.contains("1. Ana — 2,5 punts (3 partides)"), "{text}");
        // Given no lines, Then the empty table's sentence.
        let empty = top_text(Lang::En, TopKind::Global, &Top::default());
        assert!(empty.contains("Nobody has points here yet"), "{empty}");
    }

    #[test]
    fn a_card_shows_games_wins_rate_place_captures_rating_and_the_week() {
        // Given an aggregate of 4 games, 1 win, places summing 9, When shown in English,
        let a = Aggregate {
            name: "Ana".into(),
            games: 4,
            wins: 1,
            place_sum: 9,
            captures_made: 5,
            captures_suffered: 2,
            pieces_home: 11,
            best_streak: 1,
            rating: Some(crate::stats::Rating::default()),
            rated_games: 4,
            last_delta: Some(-12),
            ..Aggregate::default()
        };
        let text = plain(&card_text(
            Lang::En,
            "Ana",
            Some(&a),
            false,
            Some(Points::whole(3)),
        ));
        // Then every figure, the win rate rounded, the average place with a decimal.
        assert!(text.contains("Ana in this chat"), "{text}");
        assert!(
            text.contains("4 games, 1 win (25 %) · average place 2.3"),
            "{text}"
        );
        assert!(text.contains("Captures: 5 made, 2 suffered · pieces in the goal: 11"));
        assert!(text.contains("(-12 in the last game)"), "{text}");
        assert!(text.contains("This week: +3 pts"), "{text}");
        // Given no games, Then the sentence that says so.
        let none = tr_plain(
            Lang::Es,
            &Msg::Stats(StatsMsg::StatsNone { name: "Pep".into() }),
        );
        assert_eq!(plain(&card_text(Lang::Es, "Pep", None, true, None)), none);
    }

    #[test]
    fn a_tournament_counts_for_its_champion_alone_or_in_a_pair_and_for_nobody_else() {
        // Given a history of three tournaments: Anna (1) alone, Anna with Pau (2) as a pair,
        // and a computer champion, plus a line that is not a summary,
        let h = vec![
            r#"{"champion":"Anna","members":[{"h":1}],"entrants":8}"#.to_owned(),
            r#"{"champion":"Anna & Pau","members":[{"h":1},{"h":2}],"entrants":4}"#.to_owned(),
            r#"{"champion":"Bot","members":[{"c":"hard"}],"entrants":2}"#.to_owned(),
            "not json".to_owned(),
        ];
        // Then Anna won two, Pau one, Joan none,
        assert_eq!(tourneys_won(&h, 1), 2);
        assert_eq!(tourneys_won(&h, 2), 1);
        assert_eq!(tourneys_won(&h, 3), 0);
        // and the card's line says so, only when there is one.
        assert_eq!(tourneys_line(Lang::En, 0), None);
        let line = tourneys_line(Lang::En, 2).expect("a line");
        assert!(
            line.contains("Tournaments won in this chat") && line.contains('2'),
            "{line}"
        );
        let ca = tourneys_line(Lang::Ca, 1).expect("a line");
        assert!(ca.contains("Tornejos guanyats"), "{ca}");
    }
}
