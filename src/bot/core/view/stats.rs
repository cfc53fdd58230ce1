//! The stats texts: the end of a game on the final board (one list in finishing order),
//! `/top` and `/stats`.

use super::names::name_of;
use crate::bot::core::seats::dot;
use crate::bot::core::table::{PlayerKind, SeatResult, Table};
use crate::engine::Game;
use crate::i18n::stats_msg::{points_text, signed, tenths_text};
use crate::i18n::{AchieveMsg, Lang, Msg, StatsMsg, escape_html, tr};
use crate::stats::{Achievement, Aggregate, ESTABLISHED_GAMES, Points, WeekId};

fn st(lang: Lang, m: StatsMsg) -> String {
    tr(lang, &Msg::Stats(m))
}

/// Whether points given in tenths take the singular ("+1 pt").
fn one_point(tenths: i64) -> bool {
    tenths.abs() == 10
}

/// The place mark of the `i`-th (0-based) of a finishing order: 🥇 🥈 🥉, then "4.".
fn medal(i: usize) -> String {
    match i {
        0 => "🥇".to_owned(),
        1 => "🥈".to_owned(),
        2 => "🥉".to_owned(),
        n => format!("{}.", n + 1),
    }
}

/// A recorded result as the end of its line: points, then the rating (or "newcomer" under
/// [`ESTABLISHED_GAMES`] rated games: a figure after one game means nothing).
fn result_text(lang: Lang, r: &SeatResult) -> String {
    let tenths = r.points_tenths.unwrap_or(0);
    let established = r
        .rated_games
        .is_none_or(|n| u64::from(n) >= ESTABLISHED_GAMES);
    st(
        lang,
        StatsMsg::Finish {
            points: points_text(lang, tenths, true),
            one: one_point(tenths),
            rating: r.rating.map(|(_, after)| after.to_string()),
            newcomer: !established,
        },
    )
}

/// The final board's list in finishing order (R6.1), one line each: "🥇 🟡 Aina — +2 pts ·
/// 1416" once the game is recorded, "🥈 🔵 Pau — 35 squares to go" for whoever has no
/// result (a computer; everyone before the recording); then why the game does not count,
/// when it does not. The achievements come on their own line ([`achievements_line`]).
#[must_use]
pub fn finish_lines(lang: Lang, t: &Table, g: &Game) -> Vec<String> {
    let results: &[SeatResult] = if t.tally().recorded {
        &t.tally().results
    } else {
        &[]
    };
    let mut out: Vec<String> = g
        .ranking()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let result = t
                .player_of(r.colour)
                .and_then(|p| results.iter().find(|x| x.id == p.id));
            let tail = match result {
                Some(res) => result_text(lang, res),
                None => st(
                    lang,
                    StatsMsg::FinishDistance {
                        distance: r.distance,
                    },
                ),
            };
            format!(
                "{} {} {} — {tail}",
                medal(i),
                dot(r.colour),
                escape_html(&name_of(t, r.colour))
            )
        })
        .collect();
    let humans = t
        .players()
        .iter()
        .filter(|p| p.id > 0 && p.kind == PlayerKind::Human)
        .count();
    if t.tally().recorded && results.is_empty() && humans >= 1 {
        out.push(st(lang, StatsMsg::ResultsUnranked));
    }
    out
}

/// The final caption's one line of the achievements the game earned, grouped by player in
/// finishing order, each seated player by their colour's dot (the results name it, so the
/// final board names nobody more than twice), each achievement its own emoji: "✨ 🔴 🥇🍽️🌈
/// · 🔵 🍽️😋 — see /stats" (`None`: none new). No 🏅 (under 🥇🥈🥉 it reads as a fourth medal) and no names
/// of achievements: /stats says what each emoji means.
#[must_use]
pub fn achievements_line(lang: Lang, t: &Table) -> Option<String> {
    let earned = &t.tally().achievements;
    // Players in finishing order first, then anyone else who earned something.
    let mut order: Vec<i64> = t
        .game()
        .map(|g| {
            g.ranking()
                .iter()
                .filter_map(|r| t.player_of(r.colour).map(|p| p.id))
                .collect()
        })
        .unwrap_or_default();
    for p in t.players() {
        if !order.contains(&p.id) {
            order.push(p.id);
        }
    }
    let parts: Vec<String> = order
        .iter()
        .filter_map(|&id| {
            let p = t.players().iter().find(|p| p.id == id)?;
            let emoji: String = earned
                .iter()
                .filter(|(who, _)| *who == id)
                .filter_map(|(_, code)| Achievement::from_code(code))
                .map(Achievement::emoji)
                .collect();
            // A seated player by their colour's dot (the results above name it), anyone
            // else by name.
            let who = p
                .colour
                .map_or_else(|| p.name.clone(), |c| dot(c).to_string());
            (!emoji.is_empty()).then(|| format!("{who} {emoji}"))
        })
        .collect();
    (!parts.is_empty()).then(|| {
        tr(
            lang,
            &Msg::Achieve(AchieveMsg::Earned {
                list: parts.join(" · "),
            }),
        )
    })
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

/// A line's rank as shown: "3.", or "1=" when another line of its list shares it.
fn rank_text(l: &TopLine, list: &[TopLine]) -> String {
    let tied = list.iter().any(|o| o.rank == l.rank && o.user != l.user);
    if tied {
        format!("{}=", l.rank)
    } else {
        format!("{}.", l.rank)
    }
}

fn top_line(lang: Lang, kind: TopKind, l: &TopLine, list: &[TopLine]) -> String {
    let (rank, name, games) = (rank_text(l, list), l.name.clone(), count(l.games));
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
            one: one_point(l.points().tenths()),
            games,
        },
    };
    st(lang, m)
}

/// The `/top` text: the title, the best settled players, the caller's own line when it is
/// not shown, and the players with fewer games listed apart. When nobody has
/// [`ESTABLISHED_GAMES`] yet, everyone is the list, with a footnote that it is provisional.
#[must_use]
pub fn top_text(lang: Lang, kind: TopKind, top: &Top) -> String {
    let title = match kind {
        TopKind::Week(w) => {
            let (_, month, day) = w.monday();
            StatsMsg::TopWeekTitle {
                day: u32::try_from(day).unwrap_or(1),
                month: u32::try_from(month).unwrap_or(1),
            }
        }
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
    let shown = |u: i64, list: &[TopLine]| list.iter().any(|l| l.user == u);
    let games = count(ESTABLISHED_GAMES);
    if top.top.is_empty() {
        out.extend(
            top.apart
                .iter()
                .map(|l| top_line(lang, kind, l, &top.apart)),
        );
        if let Some((me, true)) = &top.caller
            && !shown(me.user, &top.apart)
        {
            out.push("…".to_owned());
            out.push(top_line(lang, kind, me, &top.apart));
        }
        out.push(String::new());
        out.push(st(lang, StatsMsg::TopProvisional { games }));
        return out.join("\n");
    }
    out.extend(top.top.iter().map(|l| top_line(lang, kind, l, &top.top)));
    if let Some((me, false)) = &top.caller
        && !shown(me.user, &top.top)
    {
        out.push("…".to_owned());
        out.push(top_line(lang, kind, me, &top.top));
    }
    if !top.apart.is_empty() {
        out.push(String::new());
        out.push(st(lang, StatsMsg::TopApart { games }));
        out.extend(
            top.apart
                .iter()
                .map(|l| top_line(lang, kind, l, &top.apart)),
        );
        if let Some((me, true)) = &top.caller
            && !shown(me.user, &top.apart)
        {
            out.push("…".to_owned());
            out.push(top_line(lang, kind, me, &top.apart));
        }
    }
    out.join("\n")
}

/// Who a `/stats` card is of, and what the caller's chat knows besides the aggregate.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardFor<'a> {
    /// The player's name.
    pub name: &'a str,
    /// The global card (a private chat) rather than the chat's.
    pub global: bool,
    /// The caller's own card ("You captured 1 · 2 of your pieces were captured").
    pub own: bool,
    /// This week's points in the chat (`None` in a private chat).
    pub week: Option<Points>,
    /// The player's place in the all-time points table and how many are settled there
    /// (`None`: not settled there yet).
    pub rank: Option<(u64, u64)>,
}

/// The `/stats` text of `who`: the card of `agg` (`None`: no games).
#[must_use]
pub fn card_text(lang: Lang, who: &CardFor<'_>, agg: Option<&Aggregate>) -> String {
    let Some(a) = agg.filter(|a| a.games > 0) else {
        return st(
            lang,
            StatsMsg::StatsNone {
                name: who.name.to_owned(),
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
                name: who.name.to_owned(),
                global: who.global,
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
                own: who.own,
            },
        ),
    ];
    // A streak of one win is no streak.
    if a.best_streak >= 2 {
        out.push(st(
            lang,
            StatsMsg::StatsStreak {
                streak: count(a.best_streak),
            },
        ));
    }
    if let Some((rank, of)) = who.rank {
        out.push(st(
            lang,
            StatsMsg::StatsRank {
                rank: count(rank),
                of: count(of),
            },
        ));
    }
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
    if let Some(p) = who.week {
        out.push(st(
            lang,
            StatsMsg::StatsWeek {
                points: points_text(lang, p.tenths(), true),
                one: one_point(p.tenths()),
            },
        ));
    }
    // The player's dice per face and whether they look like chance (provably fair dice).
    out.extend(
        super::fair::faces_lines(lang, &a.faces)
            .into_iter()
            .flatten(),
    );
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
    use crate::engine::Colour;
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
        t.tally_mut().recorded = true;
        if !with_computer {
            t.tally_mut().results = vec![
                SeatResult {
                    id: 1,
                    points_tenths: Some(10),
                    rating: Some((1000, 1138)),
                    rated_games: Some(3),
                },
                SeatResult {
                    id: 2,
                    points_tenths: Some(-20),
                    rating: Some((1000, 1416)),
                    rated_games: Some(1),
                },
            ];
        }
        t
    }

    #[test]
    fn the_final_board_lists_everyone_in_finishing_order_with_points_and_new_ratings_as_new() {
        // Given a recorded game of two people ended at its time limit: p1 (3 rated games)
        // and p2 (a first rated game),
        let t = finished_table(false);
        let g = t.game().expect("a game");
        let order: Vec<crate::engine::Colour> = g.ranking().iter().map(|r| r.colour).collect();
        // When its list is shown in English,
        let lines = finish_lines(Lang::En, &t, g);
        // Then one line per seat in R6.1 order, medals first, each with the seat's dot;
        assert_eq!(lines.len(), 2, "{lines:?}");
        for (i, (line, c)) in lines.iter().zip(&order).enumerate() {
            let medal = ["🥇", "🥈"][i];
            assert!(line.starts_with(&format!("{medal} {}", dot(*c))), "{line}");
        }
        // and the points with the right number, the settled rating as a figure, and a
        // first game's rating as "newcomer" (never "1416").
        let p1 = lines.iter().find(|l| l.contains("p1")).expect("p1");
        let p2 = lines.iter().find(|l| l.contains("p2")).expect("p2");
        assert!(p1.ends_with("p1 — +1 pt · 1138"), "{p1}");
        assert!(p2.ends_with("p2 — -2 pts · newcomer"), "{p2}");
        assert!(!lines.concat().contains("1416"), "{lines:?}");
        // Given the game not recorded yet, Then each line tells the distance to go instead.
        let mut unrecorded = t.clone();
        unrecorded.tally_mut().recorded = false;
        let lines = finish_lines(Lang::Ca, &unrecorded, g);
        assert!(
            lines
                .iter()
                .all(|l| l.contains("li falten") || l.contains("li falta")),
            "{lines:?}"
        );
        // Given a recorded game of one person against the computer, Then the list and a
        // line saying it does not count.
        let alone = finished_table(true);
        let lines = finish_lines(Lang::Es, &alone, alone.game().expect("a game"));
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[2].contains("no cuenta para la clasificación"),
            "{lines:?}"
        );
    }

    #[test]
    fn four_players_earning_three_achievements_each_share_one_short_line_grouped_by_player() {
        use crate::bot::core::table::{Action, Actor};
        // Given a recorded four-player game in which each player earned three achievements,
        let names = ["Aina", "Biel", "Carla", "Dídac"];
        let who = |i: usize| Actor {
            id: i64::try_from(i).expect("small") + 1,
            name: names[i].to_owned(),
            is_admin: false,
        };
        let mut dice = crate::engine::ScriptedDice::new(&[6, 5, 4, 3, 1]);
        let mut t = Table::lobby(&who(0), crate::engine::Preset::Jcf, false);
        for i in 1..4 {
            t = t.act(&who(i), Action::Join, 0, &mut dice).expect("join");
        }
        t = t.act(&who(0), Action::Start, 0, &mut dice).expect("start");
        t.time_up(60_000);
        t.tally_mut().recorded = true;
        let three = [
            [
                Achievement::FirstWin,
                Achievement::FirstCapture,
                Achievement::FullBoard,
            ],
            [
                Achievement::FirstCapture,
                Achievement::ThreeCaptures,
                Achievement::IronBarrier,
            ],
            [
                Achievement::UnluckySix,
                Achievement::Comeback,
                Achievement::Untouched,
            ],
            [
                Achievement::HardBeaten,
                Achievement::Games10,
                Achievement::IronBarrier,
            ],
        ];
        // (stored interleaved, as the record job may write them)
        for k in 0..3 {
            for (i, own) in three.iter().enumerate() {
                let id = i64::try_from(i).expect("small") + 1;
                t.tally_mut()
                    .achievements
                    .push((id, own[k].code().to_owned()));
            }
        }
        let g = t.game().expect("a game");
        let order: Vec<(String, Colour)> = g
            .ranking()
            .iter()
            .map(|r| {
                (
                    t.player_of(r.colour).expect("seated").name.clone(),
                    r.colour,
                )
            })
            .collect();
        for lang in Lang::ALL {
            // When its final lines are shown,
            let line = achievements_line(lang, &t).expect("a line");
            // Then it is one line, starting with ✨ (no 🏅: under 🥇🥈🥉 a fourth medal),
            assert!(!line.contains('\n') && line.starts_with("✨ "), "{line}");
            assert!(!line.contains("🏅"), "{line}");
            // each player once by their dot (the results name them), in finishing order,
            // followed by their own three emoji,
            let mut at = 0;
            for (name, colour) in &order {
                assert_eq!(line.matches(name.as_str()).count(), 0, "{line}");
                let i = names.iter().position(|n| n == name).expect("a name");
                let own: String = three[i].iter().map(|a| a.emoji()).collect();
                let pos = line
                    .find(&format!("{} {own}", dot(*colour)))
                    .expect("grouped");
                assert!(pos >= at, "finishing order: {line}");
                at = pos;
            }
            // pointing to /stats, and short: at most 85 characters, about two phone lines
            // (the line of names and achievement names was over 300).
            assert!(line.contains("/stats"), "{line}");
            let chars = plain(&line).chars().count();
            assert!(chars <= 85, "{chars} characters: {line}");
        }
        // And the end of the board holds no count of moves or rolls.
        let status = crate::bot::core::view::text::board_text(Lang::Ca, &t, 60_000).status;
        assert!(
            !status.contains("jugades") && !status.contains("tirades"),
            "{status}"
        );
        assert!(status.contains("✨ "), "{status}");
    }

    #[test]
    fn ties_share_a_rank_marked_with_an_equals_sign_and_a_table_of_newcomers_lists_everyone() {
        // Given nobody with 3 games yet: Ana and Pau tied first, Joan third,
        let top = Top {
            top: vec![],
            apart: vec![
                line(1, 1, "Ana", Points::whole(2).0, 1),
                line(1, 2, "Pau", Points::whole(2).0, 2),
                line(3, 3, "Joan", Points::whole(1).0, 1),
            ],
            caller: None,
        };
        // When the week's table is shown in Catalan,
        let week = crate::stats::ChatZone::default().week_of(1_796_000_000_000);
        let text = plain(&top_text(Lang::Ca, TopKind::Week(week), &top));
        // Then everyone is the list, ties "1=", one point singular, and a footnote instead
        // of a "fewer than 3 games" heading.
        assert!(text.contains("1= Ana — 2 punts (1 partida)"), "{text}");
        assert!(text.contains("1= Pau — 2 punts (2 partides)"), "{text}");
        assert!(text.contains("3. Joan — 1 punt (1 partida)"), "{text}");
        assert!(text.contains("la classificació és provisional"), "{text}");
        assert!(!text.contains("Amb menys de"), "{text}");
        // And the week is named in words: its Monday's day and month.
        let (_, month, day) = week.monday();
        let months = [
            "gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre",
            "octubre", "novembre", "desembre",
        ];
        let month = months[usize::try_from(month - 1).expect("a month")];
        assert!(text.contains(&format!("setmana del {day} ")), "{text}");
        assert!(text.contains(month), "{text}");
        assert!(!text.contains(&week.to_string()), "{text}");
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
        let mine = CardFor {
            name: "Ana",
            global: false,
            own: true,
            week: Some(Points::whole(3)),
            rank: Some((3, 7)),
        };
        let text = plain(&card_text(Lang::En, &mine, Some(&a)));
        // Then every figure, the win rate rounded, the average place with a decimal,
        assert!(text.contains("Ana in this chat"), "{text}");
        assert!(
            text.contains("4 games, 1 win (25 %) · average place 2.3"),
            "{text}"
        );
        assert!(
            text.contains(
                "You captured 5 · 2 of your pieces were captured · pieces in the goal: 11"
            )
        );
        assert!(text.contains("All-time table: 3rd of 7"), "{text}");
        assert!(text.contains("(-12 in the last game)"), "{text}");
        assert!(text.contains("This week: +3 pts"), "{text}");
        // and a best streak of 1 is no streak: not shown.
        assert!(!text.contains("streak"), "{text}");
        // When it is someone else's card in Catalan with a streak of 2, Then the captures
        // are said of them, the streak is shown and the rank is an ordinal.
        let a = Aggregate {
            best_streak: 2,
            ..a
        };
        let theirs = CardFor {
            own: false,
            rank: Some((1, 7)),
            ..mine
        };
        let ca = plain(&card_text(Lang::Ca, &theirs, Some(&a)));
        assert!(ca.contains("Ha menjat 5 · li han menjat 2"), "{ca}");
        assert!(ca.contains("Millor ratxa de victòries: 2"), "{ca}");
        assert!(ca.contains("1r de 7"), "{ca}");
        let mine_ca = plain(&card_text(
            Lang::Ca,
            &CardFor {
                rank: Some((3, 7)),
                ..mine
            },
            Some(&a),
        ));
        assert!(
            mine_ca.contains("Has menjat 5 · t'han menjat 2"),
            "{mine_ca}"
        );
        assert!(mine_ca.contains("3r de 7"), "{mine_ca}");
        // Given no games, Then the sentence that says so.
        let none = tr_plain(
            Lang::Es,
            &Msg::Stats(StatsMsg::StatsNone { name: "Pep".into() }),
        );
        let pep = CardFor {
            name: "Pep",
            global: true,
            ..CardFor::default()
        };
        assert_eq!(plain(&card_text(Lang::Es, &pep, None)), none);
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
