//! A chat's season as the live board's page shows it (`api/season`): the settings, the week
//! and when it ends, the standings (rank, movement since last week's table, name as typed,
//! games, points in the chat's language, the unranked marked, the viewer's own line
//! flagged) and the viewer's next fixture (their table this week, who else sits there, who
//! has come, the deadline). Pure: the record, the viewer, the chat's time zone and the time
//! come in as arguments; every text is the chat's language.
//!
//! Movement is against the table as it stood when the last week ended (the week being
//! played counts as it goes); a finished season's, against the table before its last week.

use serde::Serialize;

use crate::bot::core::season::{DAY_MS, SeasonRec};
use crate::i18n::live_msg::Deadline;
use crate::i18n::stats_msg::points_text;
use crate::i18n::{Lang, LiveMsg, Msg, tr_plain};
use crate::season::standings::{Row, movement};
use crate::season::{Phase, Settings};
use crate::stats::ChatZone;

/// One line of the standings.
#[derive(Debug, Serialize)]
struct RowJson {
    /// The rank as shown ("1", "2=" when shared), empty when unranked.
    rank: String,
    /// Lines climbed since last week's table (negative: fell).
    up: i64,
    name: String,
    games: u32,
    /// R9 points in the chat's language ("12,5" in `ca`/`es`).
    points: String,
    ranked: bool,
    /// The viewer's own line.
    you: bool,
}

/// A seat at the viewer's table.
#[derive(Debug, Serialize)]
struct SeatJson {
    name: String,
    came: bool,
    you: bool,
}

/// The viewer's table this week.
#[derive(Debug, Serialize)]
struct FixtureJson {
    /// The week, 1-based.
    week: u32,
    /// The table's number, 1-based.
    table: u32,
    seats: Vec<SeatJson>,
    /// The others' names, by seat.
    others: Vec<String>,
    started: bool,
    /// The deadline (Unix ms).
    by_ms: u64,
    /// "Week 3 of 8 · your table: Anna, Pere 🎺, Joan — by Sunday 20:00"
    text: String,
    /// "Table 2 · ✋ here: Anna" (or nobody yet, or its game started).
    state: String,
}

/// The columns' headings.
#[derive(Debug, Serialize)]
struct Cols {
    player: String,
    games: String,
    points: String,
}

/// Where a season stands, as the page is told (`signup`, `week`, `finished`,
/// `cancelled`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Stage {
    SignUp,
    Week,
    Finished,
    Cancelled,
}

/// A season, for the page.
#[derive(Debug, Serialize)]
struct SeasonJson {
    season: bool,
    league: bool,
    phase: Stage,
    /// The week being played, 1-based (the last one once finished; 0 in sign-up).
    week: u32,
    weeks: u32,
    /// When the week being played ends (Unix ms).
    ends_ms: Option<u64>,
    /// "🏆 League"
    title: String,
    /// "Week 3 of 8" (empty in sign-up)
    week_text: String,
    /// "This week ends Sunday 20:00." / sign-up / over / called off
    status: String,
    /// "8 weeks · JCF · tables of 4 · ranked from 3 games"
    settings: String,
    standings: String,
    cols: Cols,
    rows: Vec<RowJson>,
    /// Under the table when someone is unranked: "Fewer than 3 games: not ranked yet."
    unranked: Option<String>,
    fixture: Option<FixtureJson>,
    /// The viewer without a table to play: a bye this week, or not in the season.
    mine: Option<String>,
}

fn t(lang: Lang, m: LiveMsg) -> String {
    tr_plain(lang, &Msg::Live(m))
}

fn n32(n: impl TryInto<u32>) -> u32 {
    n.try_into().unwrap_or(u32::MAX)
}

/// The season's answer when the chat has none.
#[must_use]
pub fn no_season_json(lang: Lang) -> String {
    serde_json::json!({ "season": false, "text": t(lang, LiveMsg::SeasonNone) }).to_string()
}

/// A deadline at `by_ms` seen at `now_ms` in `zone`: its day and clock time, and whether it
/// is that day of next week (a week away or more, or six days and more on the same day).
#[must_use]
pub fn deadline(zone: &ChatZone, by_ms: u64, now_ms: u64) -> Deadline {
    let ms = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    let (hour, minute) = zone.clock_of(ms(by_ms));
    let day = zone.weekday_of(ms(by_ms));
    let ahead = by_ms.saturating_sub(now_ms);
    let next = ahead >= 7 * DAY_MS || (ahead > 6 * DAY_MS && zone.weekday_of(ms(now_ms)) == day);
    Deadline {
        day,
        hour,
        minute,
        next,
    }
}

/// "8 weeks · JCF · tables of 4 · ranked from 3 games"
fn settings_line(lang: Lang, settings: &Settings) -> String {
    let mut parts = vec![
        t(
            lang,
            LiveMsg::SeasonWeeks {
                n: u32::from(settings.weeks),
            },
        ),
        tr_plain(lang, &Msg::Preset(settings.preset)),
    ];
    parts.push(if settings.fixtures {
        t(
            lang,
            LiveMsg::SeasonTables {
                n: u32::from(settings.table_size),
            },
        )
    } else {
        t(lang, LiveMsg::SeasonEveryGame)
    });
    if settings.min_games > 0 {
        parts.push(t(
            lang,
            LiveMsg::SeasonMinGames {
                n: settings.min_games,
            },
        ));
    }
    parts.join(" · ")
}

/// The rank of `row` as shown: "3", "3=" when another line shares it, "" unranked.
fn rank_text(row: &Row, rows: &[Row]) -> String {
    match row.rank {
        None => String::new(),
        Some(r) if rows.iter().filter(|o| o.rank == Some(r)).count() > 1 => format!("{r}="),
        Some(r) => r.to_string(),
    }
}

/// `rec` as the page shows it to `user`, in `lang`, at `now_ms`, deadlines on `zone`'s
/// clock (JSON).
#[must_use]
pub fn season_json(lang: Lang, rec: &SeasonRec, user: i64, zone: &ChatZone, now_ms: u64) -> String {
    let s = &rec.season;
    let weeks = u32::from(s.settings.weeks);
    let (phase, week) = match (rec.cancelled, s.phase) {
        (true, Phase::Week(w)) => (Stage::Cancelled, Some(w)),
        (true, _) => (Stage::Cancelled, None),
        (false, Phase::SignUp) => (Stage::SignUp, None),
        (false, Phase::Week(w)) => (Stage::Week, Some(w)),
        (false, Phase::Finished) => (Stage::Finished, Some(s.settings.weeks.saturating_sub(1))),
    };
    let ends_ms = rec.week_end();
    let status = match phase {
        Stage::SignUp => LiveMsg::SeasonSignUp {
            n: n32(s.members.len()),
        },
        Stage::Finished => LiveMsg::SeasonFinished,
        Stage::Cancelled => LiveMsg::SeasonCancelled,
        Stage::Week => match ends_ms {
            Some(by) => LiveMsg::SeasonEnds {
                by: deadline(zone, by, now_ms),
            },
            None => LiveMsg::SeasonWeekOf {
                week: week.map_or(0, |w| u32::from(w) + 1),
                weeks,
            },
        },
    };
    let now = s.standings();
    let moved = match week {
        Some(w) if phase != Stage::SignUp => movement(&s.standings_before(w), &now),
        _ => Default::default(),
    };
    let me = s.member(user);
    let rows: Vec<RowJson> = now
        .iter()
        .map(|r| RowJson {
            rank: rank_text(r, &now),
            up: moved.get(&r.member).copied().unwrap_or(0),
            name: s
                .members
                .get(r.member)
                .map(|m| m.name.clone())
                .unwrap_or_default(),
            games: r.games,
            points: points_text(lang, r.points.tenths(), false),
            ranked: r.rank.is_some(),
            you: me == Some(r.member),
        })
        .collect();
    let unranked = (s.settings.min_games > 0 && rows.iter().any(|r| !r.ranked)).then(|| {
        t(
            lang,
            LiveMsg::SeasonUnranked {
                n: s.settings.min_games,
            },
        )
    });
    let fixture = (phase == Stage::Week)
        .then(|| rec.next_fixture(user))
        .flatten()
        .map(|f| fixture_json(lang, rec, user, zone, now_ms, &f));
    let mine = match (me, phase, rec.week()) {
        (None, Stage::SignUp | Stage::Week, _) => Some(t(lang, LiveMsg::SeasonNotIn)),
        (Some(m), Stage::Week, Some(w)) if s.settings.fixtures => s
            .matchdays
            .get(usize::from(w))
            .filter(|d| d.byes.contains(&m))
            .map(|_| t(lang, LiveMsg::SeasonBye)),
        _ => None,
    };
    let body = SeasonJson {
        season: true,
        league: s.settings.fixtures,
        phase,
        week: week.map_or(0, |w| u32::from(w) + 1),
        weeks,
        ends_ms: ends_ms.filter(|_| phase == Stage::Week),
        title: t(
            lang,
            LiveMsg::SeasonTitle {
                league: s.settings.fixtures,
            },
        ),
        week_text: week
            .map(|w| {
                t(
                    lang,
                    LiveMsg::SeasonWeekOf {
                        week: u32::from(w) + 1,
                        weeks,
                    },
                )
            })
            .unwrap_or_default(),
        status: t(lang, status),
        settings: settings_line(lang, &s.settings),
        standings: t(lang, LiveMsg::SeasonStandings),
        cols: Cols {
            player: t(lang, LiveMsg::SeasonColPlayer),
            games: t(lang, LiveMsg::SeasonColGames),
            points: t(lang, LiveMsg::SeasonColPoints),
        },
        rows,
        unranked,
        fixture,
        mine,
    };
    serde_json::to_string(&body).unwrap_or_else(|_| no_season_json(lang))
}

fn fixture_json(
    lang: Lang,
    rec: &SeasonRec,
    user: i64,
    zone: &ChatZone,
    now_ms: u64,
    f: &crate::bot::core::season::NextFixture,
) -> FixtureJson {
    let seats: Vec<SeatJson> = rec
        .seats(f.week, f.table)
        .into_iter()
        .enumerate()
        .map(|(i, (u, name))| SeatJson {
            name,
            came: f.came.get(i).copied().unwrap_or(false),
            you: u == user,
        })
        .collect();
    let others: Vec<String> = seats
        .iter()
        .filter(|s| !s.you)
        .map(|s| s.name.clone())
        .collect();
    let came: Vec<&str> = seats
        .iter()
        .filter(|s| s.came)
        .map(|s| s.name.as_str())
        .collect();
    let table = t(
        lang,
        LiveMsg::SeasonTable {
            n: n32(f.table + 1),
        },
    );
    let state = if f.started {
        t(lang, LiveMsg::SeasonStarted)
    } else if came.is_empty() {
        t(lang, LiveMsg::SeasonNobodyCame)
    } else {
        t(
            lang,
            LiveMsg::SeasonCame {
                names: came.join(", "),
            },
        )
    };
    FixtureJson {
        week: u32::from(f.week) + 1,
        table: n32(f.table + 1),
        text: t(
            lang,
            LiveMsg::SeasonFixture {
                week: u32::from(f.week) + 1,
                weeks: u32::from(rec.season.settings.weeks),
                names: others.join(", "),
                by: deadline(zone, f.by_ms, now_ms),
            },
        ),
        state: format!("{table} · {state}"),
        seats,
        others,
        started: f.started,
        by_ms: f.by_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::season::week_ends;
    use crate::engine::Preset;
    use crate::stats::points::Points;
    use serde_json::Value;

    /// 2026-12-07 10:00 UTC, a Monday (11:00 in Madrid).
    const MONDAY_10: u64 = 1_796_637_600_000;
    const H: u64 = 3_600_000;

    fn madrid() -> ChatZone {
        ChatZone::default()
    }

    /// A league of 6 (users 1–6, user 3 with an emoji), tables of 3, ranked from 2 games,
    /// its weeks ending at 20:00 in Madrid.
    fn league() -> SeasonRec {
        let settings = Settings {
            weeks: 8,
            preset: Preset::Jcf,
            fixtures: true,
            table_size: 3,
            min_games: 2,
        };
        let mut rec = SeasonRec::open(1, (1, "Anna"), settings, None, false).expect("open");
        for (u, name) in [
            (2, "Joan"),
            (3, "Pere 🎺"),
            (4, "Marta"),
            (5, "Núria"),
            (6, "Xavi"),
        ] {
            rec.join(u, name).expect("join");
        }
        let ends = week_ends(MONDAY_10, 8, |_| 60);
        rec.start(MONDAY_10, 7, ends).expect("start");
        rec
    }

    /// Plays every table of this week: the seats score 1.5, 0 and −1.5 in seat order.
    fn play_week(rec: &mut SeasonRec) {
        let week = rec.week().expect("a week");
        for table in 0..rec.season.matchdays[usize::from(week)].tables.len() {
            let seats = rec.seats(week, table);
            let scores = [Points(1260), Points(0), Points(-1260)];
            let users: Vec<(i64, Points, bool)> = seats
                .iter()
                .zip(scores)
                .enumerate()
                .map(|(i, ((u, _), p))| (*u, p, i == 0))
                .collect();
            assert_eq!(rec.table_played(week, table, &users), Ok(true));
        }
    }

    fn json(lang: Lang, rec: &SeasonRec, user: i64, now: u64) -> Value {
        serde_json::from_str(&season_json(lang, rec, user, &madrid(), now)).expect("JSON")
    }

    #[test]
    fn a_member_sees_the_week_the_standings_and_their_table_with_its_deadline() {
        // Given a league whose first week was played, in its second week,
        let mut rec = league();
        play_week(&mut rec);
        rec.end_week(8).expect("end of week 1");
        let now = rec.week_end().expect("an end") - 3 * 24 * H;
        let viewer = 3;
        let (week, table) = {
            let f = rec.next_fixture(viewer).expect("a table for Pere");
            (f.week, f.table)
        };
        // When Pere asks in English,
        let j = json(Lang::En, &rec, viewer, now);
        // then it is week 2 of 8 of a league, ending on Monday at 20:00 in Madrid,
        assert_eq!(j["season"], true);
        assert_eq!(j["league"], true);
        assert_eq!(j["phase"], "week");
        assert_eq!(
            (j["week"].as_u64(), j["weeks"].as_u64()),
            (Some(2), Some(8))
        );
        assert_eq!(j["title"], "🏆 League");
        assert_eq!(j["week_text"], "Week 2 of 8");
        assert_eq!(j["status"], "This week ends Monday 20:00.");
        assert_eq!(
            j["settings"],
            "8 weeks · JCF · tables of 3 · ranked from 2 games"
        );
        // the standings have every member, one game each: all unranked under the minimum,
        // marked so, Pere's own line flagged,
        let rows = j["rows"].as_array().expect("rows");
        assert_eq!(rows.len(), 6);
        assert!(rows.iter().all(|r| r["ranked"] == false && r["rank"] == ""));
        assert_eq!(j["unranked"], "Fewer than 2 games: not ranked yet.");
        let mine: Vec<&Value> = rows.iter().filter(|r| r["you"] == true).collect();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0]["name"], "Pere 🎺");
        assert!(rows.iter().all(|r| r["games"] == 1));
        // and his table is this week's, the others by seat, by Monday 20:00.
        let f = &j["fixture"];
        let seats = rec.seats(week, table);
        let others: Vec<String> = seats
            .iter()
            .filter(|(u, _)| *u != viewer)
            .map(|(_, n)| n.clone())
            .collect();
        assert_eq!(f["table"].as_u64(), Some(table as u64 + 1));
        assert_eq!(f["others"], serde_json::json!(others));
        assert_eq!(
            f["text"],
            format!(
                "Week 2 of 8 · your table: {} — by Monday 20:00",
                others.join(", ")
            )
        );
        assert_eq!(
            f["state"],
            format!("Table {} · nobody has come yet", table + 1)
        );
        assert_eq!(f["by_ms"].as_u64(), rec.week_end());
        assert_eq!(j["mine"], Value::Null);
    }

    #[test]
    fn points_rank_and_movement_read_in_the_chat_s_language() {
        // Given a league ranked from one game, two weeks played,
        let mut rec = league();
        rec.season.settings.min_games = 1;
        play_week(&mut rec);
        rec.end_week(8).expect("end of week 1");
        play_week(&mut rec);
        let now = rec.week_end().expect("an end") - H;
        // when asked in Catalan,
        let j = json(Lang::Ca, &rec, 1, now);
        let rows = j["rows"].as_array().expect("rows");
        // then points have a decimal comma, every line is ranked, the ranks follow the points,
        assert!(rows.iter().all(|r| r["ranked"] == true));
        assert!(
            rows.iter()
                .any(|r| r["points"] == "1,5" || r["points"] == "3")
        );
        assert!(
            rows.iter()
                .all(|r| !r["points"].as_str().unwrap_or("").contains('.'))
        );
        assert_eq!(j["unranked"], Value::Null);
        assert_eq!(j["week_text"], "Jornada 2 de 8");
        assert_eq!(j["status"], "La jornada acaba dilluns a les 20:00.");
        // and the movement is against the table when week 1 ended.
        let before = rec.season.standings_before(1);
        let now_rows = rec.season.standings();
        let moved = movement(&before, &now_rows);
        for (row, r) in rows.iter().zip(&now_rows) {
            assert_eq!(row["up"].as_i64(), moved.get(&r.member).copied());
            assert_eq!(row["name"], rec.season.members[r.member].name.as_str());
        }
        assert!(moved.values().any(|&m| m != 0), "nobody moved: {moved:?}");
    }

    #[test]
    fn someone_outside_the_season_and_a_member_on_a_bye_are_told_so() {
        // Given a league of 7 in tables of 2: one member has no table in the first week,
        let mut rec = league();
        rec.season.phase = Phase::SignUp;
        rec.season.matchdays.clear();
        rec.season.settings.table_size = 2;
        rec.join(7, "Olga").expect("join");
        rec.season.start(7).expect("start");
        let bye = rec.season.matchdays[0].byes[0];
        let bye_user = rec.season.members[bye].user;
        let j = json(Lang::Es, &rec, bye_user, MONDAY_10);
        assert_eq!(j["fixture"], Value::Null);
        assert_eq!(j["mine"], "Esta jornada no te toca mesa.");
        // and someone not in it is told they are not.
        let j = json(Lang::CaValencia, &rec, 99, MONDAY_10);
        assert_eq!(j["fixture"], Value::Null);
        assert_eq!(j["mine"], "No jugues esta temporada.");
        assert!(
            j["rows"]
                .as_array()
                .is_some_and(|r| r.iter().all(|r| r["you"] == false))
        );
    }

    #[test]
    fn sign_up_cancelled_and_no_season_each_say_where_things_stand() {
        let settings = Settings {
            weeks: 4,
            preset: Preset::Classic,
            fixtures: false,
            table_size: 4,
            min_games: 0,
        };
        let mut rec = SeasonRec::open(1, (1, "Anna"), settings, None, false).expect("open");
        rec.join(2, "Joan").expect("join");
        let j = json(Lang::En, &rec, 2, MONDAY_10);
        assert_eq!(j["phase"], "signup");
        assert_eq!(j["title"], "🏆 Season");
        assert_eq!(j["status"], "Sign-up is open: 2 players so far.");
        assert_eq!(j["settings"], "4 weeks · Classic · every game counts");
        assert_eq!(j["week_text"], "");
        rec.cancel().expect("cancel");
        let j = json(Lang::Ca, &rec, 2, MONDAY_10);
        assert_eq!(j["phase"], "cancelled");
        assert_eq!(j["status"], "Aquesta temporada s'ha cancel·lat.");
        let none: Value = serde_json::from_str(&no_season_json(Lang::Es)).expect("JSON");
        assert_eq!(none["season"], false);
        assert_eq!(
            none["text"],
            "En este grupo no se está jugando ninguna temporada."
        );
    }

    #[test]
    fn a_finished_season_shows_its_final_table_and_no_table_to_play() {
        // Given a two-week league whose weeks were both played,
        let mut rec = league();
        rec.season.settings.weeks = 2;
        rec.season.settings.min_games = 1;
        rec.ends.truncate(2);
        play_week(&mut rec);
        rec.end_week(8).expect("week 1 ends");
        play_week(&mut rec);
        rec.end_week(9).expect("week 2 ends");
        let j = json(Lang::En, &rec, 3, MONDAY_10 + 15 * 24 * H);
        // then it says so, on week 2 of 2, with nothing left to play and no deadline,
        assert_eq!(j["phase"], "finished");
        assert_eq!(j["week_text"], "Week 2 of 2");
        assert_eq!(j["status"], "The season is over: final standings.");
        assert_eq!(j["fixture"], Value::Null);
        assert_eq!(j["mine"], Value::Null);
        assert_eq!(j["ends_ms"], Value::Null);
        // and the movement is against the table before the last week.
        let moved = movement(&rec.season.standings_before(1), &rec.season.standings());
        for (row, r) in j["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .zip(rec.season.standings())
        {
            assert_eq!(row["up"].as_i64(), moved.get(&r.member).copied());
            assert_eq!(row["ranked"], true);
        }
    }

    #[test]
    fn a_deadline_a_week_away_is_next_week_s_day() {
        let zone = madrid();
        // Sunday 13 December 2026, 20:00 in Madrid (19:00 UTC).
        let sunday = 1_797_188_400_000;
        let at = |now: u64| deadline(&zone, sunday, now);
        // From Monday morning it is this Sunday; from the Sunday before, after 20:00, next.
        assert!(!at(sunday - 6 * 24 * H - 10 * H).next);
        assert!(at(sunday - 7 * 24 * H + H).next);
        assert!(at(sunday - 7 * 24 * H - H).next);
        assert!(!at(sunday - H).next);
        let d = at(sunday - H);
        assert_eq!((d.day, d.hour, d.minute), (6, 20, 0));
        let text = |lang, next| {
            tr_plain(
                lang,
                &Msg::Live(LiveMsg::SeasonWhen(Deadline { next, ..d })),
            )
        };
        assert_eq!(text(Lang::En, false), "Sunday 20:00");
        assert_eq!(text(Lang::En, true), "next Sunday 20:00");
        assert_eq!(text(Lang::Ca, true), "diumenge que ve a les 20:00");
        assert_eq!(text(Lang::Es, false), "domingo a las 20:00");
    }
}
