//! What a season says, as text: where it speaks, the sign-up message and its buttons, a
//! table's lobby, the reminder, the week's recap, the standings' caption and picture, the
//! champion and the past seasons. Pure text building; the posts are planned in
//! [`super::post`].

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};
use teloxide::utils::html::escape;

use super::super::chat::ChatAddr;
use crate::bot::core::season::SeasonRec;
use crate::bot::core::view::keyboard::off_unless;
use crate::i18n::stats_msg::points_text;
use crate::i18n::{Lang, Msg, SeasonMsg, mention, tr, tr_plain};
use crate::render::image::standings::{Headings, Line, Sheet};
use crate::season::standings::movement;
use crate::season::{Fixture, Phase};
use crate::stats::ChatZone;
use crate::stats::points::Points;

fn m(s: SeasonMsg) -> Msg {
    Msg::Season(s)
}

fn n32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Where the season of `chat` speaks: the topic it was opened in, or the group.
#[must_use]
pub fn home(chat: i64, s: &SeasonRec) -> ChatAddr {
    s.home_topic.map_or_else(
        || ChatAddr::new(chat),
        |topic| ChatAddr::in_topic(chat, topic),
    )
}

/// A date and time in the chat's zone, `14/12 20:00`.
#[must_use]
pub fn date_text(zone: &ChatZone, ms: u64) -> String {
    let ms = i64::try_from(ms).unwrap_or(i64::MAX);
    let (_, month, day) = zone.date_of(ms);
    let (hour, minute) = zone.clock_of(ms);
    format!("{day:02}/{month:02} {hour:02}:{minute:02}")
}

/// [`date_text`] as a `date_time` entity (weekday, date and time in each reader's own zone
/// and words), the chat's clock as its fallback text.
#[must_use]
pub fn date_html(zone: &ChatZone, ms: u64) -> String {
    let unix_s = i64::try_from(ms / 1000).unwrap_or(i64::MAX);
    super::super::botapi::date_time::tag(&date_text(zone, ms), unix_s, "wdt")
}

/// The sign-up message: the kind of season, its settings, the members so far, the hint.
#[must_use]
pub fn signup_text(lang: Lang, s: &SeasonRec) -> String {
    let set = &s.season.settings;
    let mut out = vec![tr(
        lang,
        &m(SeasonMsg::SignupTitle {
            league: set.fixtures,
            weeks: u32::from(set.weeks),
            preset: set.preset,
        }),
    )];
    out.push(if set.fixtures {
        tr(
            lang,
            &m(SeasonMsg::SignupTables {
                size: u32::from(set.table_size),
            }),
        )
    } else {
        tr(lang, &m(SeasonMsg::SignupOpen))
    });
    out.push(tr(lang, &m(SeasonMsg::SignupMin { min: set.min_games })));
    out.push(String::new());
    out.push(tr(
        lang,
        &m(SeasonMsg::SignupMembers {
            count: n32(s.season.members.len()),
        }),
    ));
    for (i, member) in s.season.members.iter().enumerate() {
        let host = if member.user == s.host { " 👑" } else { "" };
        out.push(format!("{}. {}{host}", i + 1, escape(&member.name)));
    }
    out.push(String::new());
    out.push(tr(lang, &m(SeasonMsg::SignupHint)));
    out.join("\n")
}

/// Join / Leave under the sign-up message, and ▶️ Start (the host's or an admin's); what
/// could only be refused now is shown disabled.
#[must_use]
pub fn signup_keyboard(lang: Lang, s: &SeasonRec) -> InlineKeyboardMarkup {
    let button = |msg: &Msg, tag: &str| {
        InlineKeyboardButton::callback(tr_plain(lang, msg), format!("{tag}:{}", s.id))
    };
    let full = s.season.members.len() >= crate::season::fixtures::MAX_MEMBERS;
    InlineKeyboardMarkup::new([
        vec![
            off_unless(!full, button(&Msg::BtnJoin, "sj")),
            off_unless(s.season.members.len() > 1, button(&Msg::BtnLeave, "sl")),
        ],
        vec![off_unless(
            s.season.members.len() >= 2,
            button(&Msg::BtnStart, "ss"),
        )],
    ])
}

/// Callback data of a table's ✋ button: `sh:<season id>:<week>.<table>`.
#[must_use]
pub fn here_data(s: &SeasonRec, week: u8, table: usize) -> String {
    format!("sh:{}:{week}.{table}", s.id)
}

/// Week 1 begins (HTML).
#[must_use]
pub fn started_text(lang: Lang, s: &SeasonRec, zone: &ChatZone) -> String {
    let end = s.ends.first().copied().unwrap_or_default();
    tr(
        lang,
        &m(SeasonMsg::Started {
            weeks: u32::from(s.season.settings.weeks),
            date: date_text(zone, end),
        }),
    )
    .replace(&escape(&date_text(zone, end)), &date_html(zone, end))
}

/// A table's lobby (HTML): its name and deadline, its players' mentions (they are notified),
/// who has come, and the hint.
#[must_use]
pub fn lobby_text(lang: Lang, s: &SeasonRec, week: u8, table: usize, zone: &ChatZone) -> String {
    let end = s.ends.get(usize::from(week)).copied().unwrap_or_default();
    let head = tr(
        lang,
        &m(SeasonMsg::Lobby {
            week: u32::from(week) + 1,
            table: n32(table + 1),
            date: date_text(zone, end),
        }),
    )
    .replace(&escape(&date_text(zone, end)), &date_html(zone, end));
    let came = match s
        .season
        .matchdays
        .get(usize::from(week))
        .and_then(|d| d.fixtures.get(table))
    {
        Some(Fixture::Open { came }) => came.clone(),
        _ => Vec::new(),
    };
    let players: Vec<String> = s
        .seats(week, table)
        .iter()
        .enumerate()
        .map(|(i, (user, name))| {
            let here = if came.get(i).copied().unwrap_or(false) {
                " ✋"
            } else {
                ""
            };
            format!("{}{here}", mention(*user, name))
        })
        .collect();
    format!(
        "{head}\n{}\n\n{}",
        players.join(", "),
        tr(lang, &m(SeasonMsg::LobbyHint))
    )
}

/// The ✋ button under a lobby.
#[must_use]
pub fn lobby_keyboard(lang: Lang, s: &SeasonRec, week: u8, table: usize) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(
        tr_plain(lang, &m(SeasonMsg::BtnHere)),
        here_data(s, week, table),
    )]])
}

/// Two days before the week's end (HTML): the tables still to play, their players
/// mentioned. `None` when every table was played.
#[must_use]
pub fn reminder_text(lang: Lang, s: &SeasonRec, week: u8, zone: &ChatZone) -> Option<String> {
    let day = s.season.matchdays.get(usize::from(week))?;
    let end = s.ends.get(usize::from(week)).copied().unwrap_or_default();
    let mut lines = Vec::new();
    for (t, f) in day.fixtures.iter().enumerate() {
        let Fixture::Open { came } = f else { continue };
        let names: Vec<String> = s
            .seats(week, t)
            .iter()
            .zip(came.iter().chain(std::iter::repeat(&false)))
            .map(|((user, name), &c)| {
                if c {
                    format!("{} ✋", escape(name))
                } else {
                    mention(*user, name)
                }
            })
            .collect();
        lines.push(format!(
            "{} {}",
            tr(lang, &m(SeasonMsg::TableShort { table: n32(t + 1) })),
            names.join(", ")
        ));
    }
    if lines.is_empty() {
        return None;
    }
    let head = tr(
        lang,
        &m(SeasonMsg::Reminder {
            week: u32::from(week) + 1,
            date: date_text(zone, end),
        }),
    )
    .replace(&escape(&date_text(zone, end)), &date_html(zone, end));
    Some(format!("{head}\n{}", lines.join("\n")))
}

fn name_of(s: &SeasonRec, member: usize) -> String {
    s.season
        .members
        .get(member)
        .map(|m| m.name.clone())
        .unwrap_or_default()
}

fn pts(lang: Lang, p: Points) -> String {
    points_text(lang, p.tenths(), true)
}

/// The week that just ended, told (HTML): the top three, who climbed, the tables not played,
/// and what comes next.
#[must_use]
pub fn recap_text(lang: Lang, s: &SeasonRec, week: u8) -> String {
    let weeks = u32::from(s.season.settings.weeks);
    let now = s.season.standings_before(week + 1);
    let before = s.season.standings_before(week);
    let mut out = vec![tr(
        lang,
        &m(SeasonMsg::RecapTitle {
            week: u32::from(week) + 1,
            weeks,
        }),
    )];
    for (row, medal) in now
        .iter()
        .filter(|r| r.rank.is_some_and(|k| k <= 3))
        .zip(["🥇", "🥈", "🥉"])
    {
        let medal = match row.rank {
            Some(1) => "🥇",
            Some(2) => "🥈",
            Some(3) => "🥉",
            _ => medal,
        };
        out.push(format!(
            "{medal} {} — {}",
            escape(&name_of(s, row.member)),
            tr(
                lang,
                &m(SeasonMsg::Pts {
                    points: pts(lang, row.points),
                    one: row.points.0.abs() == crate::stats::POINT_SCALE,
                })
            )
        ));
    }
    if week > 0 {
        let moved = movement(&before, &now);
        let mut up: Vec<(usize, i64)> = moved.into_iter().filter(|&(_, d)| d > 0).collect();
        up.sort_by_key(|&(member, d)| (-d, member));
        if !up.is_empty() {
            let names: Vec<String> = up
                .iter()
                .take(5)
                .map(|&(member, d)| format!("{} ▲{d}", name_of(s, member)))
                .collect();
            out.push(tr(
                lang,
                &m(SeasonMsg::Climbed {
                    names: names.join(", "),
                }),
            ));
        }
    }
    let unplayed = s.season.matchdays.get(usize::from(week)).map_or(0, |d| {
        d.fixtures
            .iter()
            .filter(|f| matches!(f, Fixture::Forfeited { .. }))
            .count()
    });
    if unplayed > 0 {
        out.push(tr(
            lang,
            &m(SeasonMsg::Unplayed {
                count: n32(unplayed),
            }),
        ));
    }
    if let Phase::Week(next) = s.season.phase
        && s.season.settings.fixtures
        && !s.cancelled
    {
        out.push(tr(
            lang,
            &m(SeasonMsg::Next {
                week: u32::from(next) + 1,
                weeks,
            }),
        ));
    }
    out.join("\n")
}

/// The one short line under the standings' picture (plain).
#[must_use]
pub fn caption(lang: Lang, s: &SeasonRec) -> String {
    let league = s.season.settings.fixtures;
    match s.season.phase {
        Phase::SignUp => tr_plain(
            lang,
            &m(SeasonMsg::CaptionSignup {
                league,
                count: n32(s.season.members.len()),
            }),
        ),
        Phase::Finished => tr_plain(lang, &m(SeasonMsg::CaptionFinal { league })),
        Phase::Week(w) => {
            let rows = s.season.standings();
            let leader = rows
                .iter()
                .filter(|r| r.rank == Some(1))
                .map(|r| format!("{} ({})", name_of(s, r.member), pts(lang, r.points)))
                .collect::<Vec<_>>()
                .join(", ");
            tr_plain(
                lang,
                &m(SeasonMsg::Caption {
                    league,
                    week: u32::from(w) + 1,
                    weeks: u32::from(s.season.settings.weeks),
                    leader: if leader.is_empty() {
                        "—".into()
                    } else {
                        leader
                    },
                }),
            )
        }
    }
}

/// What the standings' picture shows after week `week`'s games counted so far: the title (the
/// kind of season and week `week`, 0-based, or the final standings), the headings, and a line
/// per member with its movement since the table as it stood before week `week` (the recap
/// of a week shows that week's moves; `/season` the moves of the week being played) and the
/// chat ratings given (`ratings(user)`).
#[must_use]
pub fn sheet(lang: Lang, s: &SeasonRec, week: u8, ratings: &dyn Fn(i64) -> Option<i32>) -> Sheet {
    let league = s.season.settings.fixtures;
    let weeks = u32::from(s.season.settings.weeks);
    let rows = s.season.standings_before(week.saturating_add(1));
    let before = s.season.standings_before(week);
    let kind = tr_plain(lang, &m(SeasonMsg::Kind { league }));
    let title = if s.season.phase == Phase::Finished {
        tr_plain(lang, &m(SeasonMsg::CaptionFinal { league }))
            .trim_start_matches("🏅 ")
            .to_owned()
    } else {
        format!(
            "{kind} · {}",
            tr_plain(
                lang,
                &m(SeasonMsg::WeekName {
                    week: u32::from(week) + 1,
                    weeks
                })
            )
        )
    };
    let moved = movement(&before, &rows);
    Sheet {
        title,
        headings: Headings {
            name: tr_plain(lang, &m(SeasonMsg::HeadName)),
            games: tr_plain(lang, &m(SeasonMsg::HeadGames)),
            points: tr_plain(lang, &m(SeasonMsg::HeadPoints)),
            rating: tr_plain(lang, &m(SeasonMsg::HeadRating)),
        },
        lines: rows
            .iter()
            .map(|r| {
                let user = s.season.members.get(r.member).map_or(0, |m| m.user);
                Line {
                    rank: r.rank,
                    // An unranked line has no place to climb from or to.
                    moved: r.rank.and(moved.get(&r.member).copied()).unwrap_or(0),
                    name: name_of(s, r.member),
                    games: r.games,
                    points: pts(lang, r.points),
                    rating: ratings(user),
                }
            })
            .collect(),
    }
}

/// The champion's message (HTML), or that there is none.
#[must_use]
pub fn champion_text(lang: Lang, s: &SeasonRec) -> String {
    let champions = s.season.champions();
    if champions.is_empty() {
        return tr(
            lang,
            &m(SeasonMsg::NoChampion {
                min: s.season.settings.min_games,
            }),
        );
    }
    let names: Vec<String> = champions.iter().map(|&c| name_of(s, c)).collect();
    tr(
        lang,
        &m(SeasonMsg::Champion {
            names: names.join(", "),
            count: n32(names.len()),
            league: s.season.settings.fixtures,
        }),
    )
}

/// What a finished season is kept as, for `/season past` (JSON).
#[must_use]
pub fn summary(s: &SeasonRec, finished_ms: u64) -> serde_json::Value {
    let champions: Vec<serde_json::Value> = s
        .season
        .champions()
        .iter()
        .filter_map(|&c| s.season.members.get(c))
        .map(|m| serde_json::json!({"id": m.user, "name": m.name}))
        .collect();
    serde_json::json!({
        "id": s.id,
        "league": s.season.settings.fixtures,
        "weeks": s.season.settings.weeks,
        "preset": s.season.settings.preset,
        "members": s.season.members.len(),
        "champions": champions,
        "finished_ms": finished_ms,
    })
}

/// `/season past` (HTML): one line per finished season, newest first.
#[must_use]
pub fn past_text(lang: Lang, zone: &ChatZone, past: &[String]) -> String {
    let lines: Vec<String> = past
        .iter()
        .filter_map(|json| serde_json::from_str::<serde_json::Value>(json).ok())
        .map(|v| {
            let finished = v["finished_ms"].as_u64().unwrap_or_default();
            let (year, month, day) = zone.date_of(i64::try_from(finished).unwrap_or_default());
            let names: Vec<&str> = v["champions"]
                .as_array()
                .map(|cs| cs.iter().filter_map(|c| c["name"].as_str()).collect())
                .unwrap_or_default();
            tr(
                lang,
                &m(SeasonMsg::PastLine {
                    date: format!("{day:02}/{month:02}/{year}"),
                    league: v["league"].as_bool().unwrap_or(true),
                    weeks: u32::try_from(v["weeks"].as_u64().unwrap_or_default())
                        .unwrap_or_default(),
                    members: u32::try_from(v["members"].as_u64().unwrap_or_default())
                        .unwrap_or_default(),
                    names: if names.is_empty() {
                        "—".into()
                    } else {
                        names.join(", ")
                    },
                }),
            )
        })
        .collect();
    if lines.is_empty() {
        return tr(lang, &m(SeasonMsg::PastNone));
    }
    format!(
        "{}\n{}",
        tr(lang, &m(SeasonMsg::PastTitle)),
        lines.join("\n")
    )
}
