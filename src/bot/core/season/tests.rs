use super::*;
use crate::engine::Preset;

const H: u64 = 3_600_000;
/// 2026-12-07 10:00 UTC, a Monday.
const MONDAY_10: u64 = 1_796_637_600_000;

fn league(weeks: u8, table: u8) -> Settings {
    Settings {
        weeks,
        preset: Preset::Jcf,
        fixtures: true,
        table_size: table,
        min_games: 1,
    }
}

fn started(members: i64, weeks: u8, table: u8) -> SeasonRec {
    let mut s = SeasonRec::open(1, (1, "p1"), league(weeks, table), None, false).expect("open");
    for u in 2..=members {
        s.join(u, &format!("p{u}")).expect("join");
    }
    let ends = week_ends(MONDAY_10, weeks, |_| 60);
    s.start(MONDAY_10, 7, ends).expect("start");
    s
}

#[test]
fn weeks_end_at_the_evening_nearest_seven_days_on_the_chat_s_clock() {
    // Given a start on Monday 10:00 UTC in a zone one hour ahead (11:00 there),
    let ends = week_ends(MONDAY_10, 3, |_| 60);
    // Then each week ends on the next Mondays at 20:00 there (19:00 UTC), seven days apart.
    assert_eq!(ends[0], MONDAY_10 + 7 * DAY_MS + 9 * H);
    assert_eq!(ends[1] - ends[0], WEEK_MS);
    assert_eq!(ends[2] - ends[1], WEEK_MS);
    // A start late in the evening ends a little under seven days later, never at night.
    let late = MONDAY_10 + 11 * H; // 22:00 there
    let e = week_ends(late, 1, |_| 60)[0];
    assert_eq!(e, late + 7 * DAY_MS - 2 * H);
    // Summer time starting within the week moves the end by the clock, not by 24 h steps.
    let e = week_ends(MONDAY_10, 1, |t| {
        if t > MONDAY_10 + 3 * DAY_MS { 120 } else { 60 }
    })[0];
    assert_eq!(e, MONDAY_10 + 7 * DAY_MS + 8 * H);
    // next_hour: exactly on the hour is now; a millisecond after, the next day.
    let eight = MONDAY_10 + 9 * H; // 20:00 at +60
    assert_eq!(next_hour(eight, 60, 20), eight);
    assert_eq!(next_hour(eight + 1, 60, 20), eight + DAY_MS);
}

#[test]
fn sign_up_start_and_cancel_refuse_what_does_not_fit_and_change_nothing() {
    let mut s = SeasonRec::open(1, (1, "p1"), league(2, 4), None, false).expect("open");
    assert_eq!(s.join(1, "p1"), Err(SReject::AlreadyIn));
    assert_eq!(s.leave(9), Err(SReject::NotIn));
    let before = s.clone();
    assert_eq!(
        s.start(MONDAY_10, 7, week_ends(MONDAY_10, 2, |_| 0)),
        Err(SReject::NeedTwo)
    );
    assert_eq!(s, before);
    s.join(2, "p2").expect("join");
    // Ends that are not one per week, or not after the start, are refused.
    assert_eq!(
        s.start(MONDAY_10, 7, vec![MONDAY_10 + WEEK_MS]),
        Err(SReject::NoTable)
    );
    assert_eq!(
        s.start(MONDAY_10, 7, vec![MONDAY_10, MONDAY_10 + WEEK_MS]),
        Err(SReject::NoTable)
    );
    s.start(MONDAY_10, 7, week_ends(MONDAY_10, 2, |_| 0))
        .expect("start");
    assert_eq!(s.week(), Some(0));
    assert_eq!(s.todo, vec![Todo::Lobbies { week: 0 }]);
    assert_eq!(s.join(3, "p3"), Err(SReject::NotSignUp));
    s.cancel().expect("cancel");
    assert!(!s.is_open());
    assert!(s.todo.is_empty());
    assert_eq!(s.due(MONDAY_10), None);
    assert_eq!(s.cancel(), Err(SReject::NoSeason));
}

#[test]
fn a_table_starts_once_everyone_came_and_its_result_counts_once() {
    let mut s = started(6, 2, 3);
    // Two tables of three; each gets its place once.
    assert_eq!(s.tables_to_place(0), vec![0, 1]);
    assert_eq!(s.place_table(0, 0, Some(-1001)), Ok(true));
    assert_eq!(s.place_table(0, 0, Some(-1009)), Ok(false));
    assert_eq!(s.lobby(0, 0).and_then(|l| l.topic), Some(-1001));
    assert_eq!(s.tables_to_place(0), vec![1]);
    let seats = s.seats(0, 0);
    assert_eq!(seats.len(), 3);
    // Someone from the other table cannot come to this one.
    let other = s.seats(0, 1)[0].0;
    assert_eq!(s.came(0, 0, other), Err(SReject::NotIn));
    // A button of another week is stale.
    assert_eq!(s.came(1, 0, seats[0].0), Err(SReject::Stale));
    assert_eq!(s.came(0, 0, seats[0].0), Ok(false));
    assert_eq!(s.came(0, 0, seats[1].0), Ok(false));
    // Not everyone came: the game does not start.
    assert_eq!(s.start_table(0, 0, 5), Err(SReject::NoTable));
    assert_eq!(s.came(0, 0, seats[2].0), Ok(true));
    assert_eq!(s.start_table(0, 0, 5), Ok(true));
    assert_eq!(s.start_table(0, 0, 6), Ok(false));
    assert_eq!(s.came(0, 0, seats[2].0), Err(SReject::AlreadyStarted));
    assert_eq!(s.table_of_game(Some(-1001), 5), Some((0, 0)));
    assert_eq!(s.table_of_game(Some(-1001), 6), None);
    // The game's result, by user (any order), counts once.
    let users: Vec<(i64, Points, bool)> = seats
        .iter()
        .rev()
        .enumerate()
        .map(|(i, (u, _))| {
            (
                *u,
                Points(840 - 840 * i64::try_from(i).unwrap_or(0)),
                i == 0,
            )
        })
        .collect();
    assert_eq!(s.table_played(0, 0, &users), Ok(true));
    assert_eq!(s.table_played(0, 0, &users), Ok(false));
    let rows = s.season.standings();
    let winner = s.season.member(seats[2].0).expect("member");
    assert_eq!(
        rows.iter().find(|r| r.member == winner).map(|r| r.wins),
        Some(1)
    );
    assert_eq!(s.next_fixture(seats[0].0), None);
    let f = s.next_fixture(other).expect("a table to play");
    assert_eq!((f.week, f.table, f.started), (0, 1, false));
    assert_eq!(f.by_ms, s.ends[0]);
}

#[test]
fn the_week_s_end_settles_owes_its_posts_and_the_last_one_crowns() {
    let mut s = started(4, 2, 2);
    assert_eq!(s.due(MONDAY_10), Some(MONDAY_10));
    s.done(Todo::Lobbies { week: 0 });
    // Reminder two days before the end, once.
    let remind = s.ends[0] - REMIND_BEFORE_MS;
    assert_eq!(s.due(MONDAY_10), Some(remind));
    s.remind(0);
    s.remind(0);
    assert_eq!(s.todo, vec![Todo::Reminder { week: 0 }]);
    s.done(Todo::Reminder { week: 0 });
    assert_eq!(s.due(MONDAY_10), Some(s.ends[0]));
    assert_eq!(s.end_week(11), Ok(0));
    assert_eq!(
        s.todo,
        vec![Todo::Recap { week: 0 }, Todo::Lobbies { week: 1 }]
    );
    // Nobody came: everyone shares the places, and played nothing.
    assert!(s.season.standings().iter().all(|r| r.games == 0));
    s.todo.clear();
    assert_eq!(s.end_week(12), Ok(1));
    assert_eq!(s.todo, vec![Todo::Recap { week: 1 }, Todo::Champion]);
    assert!(!s.is_open());
    assert_eq!(s.end_week(13), Err(SReject::NoSeason));
}

#[test]
fn a_plain_season_counts_each_game_of_its_rules_once() {
    let mut settings = league(2, 4);
    settings.fixtures = false;
    let mut s = SeasonRec::open(1, (1, "p1"), settings, None, false).expect("open");
    s.join(2, "p2").expect("join");
    s.start(MONDAY_10, 7, week_ends(MONDAY_10, 2, |_| 0))
        .expect("start");
    assert!(s.todo.is_empty());
    assert_eq!(s.reminder_at(), None);
    let users = [
        (1, Points(840), true),
        (2, Points(-840), false),
        (9, Points(0), false),
    ];
    assert!(s.game_ended("g1", Preset::Jcf, &users));
    assert!(!s.game_ended("g1", Preset::Jcf, &users));
    assert!(!s.game_ended("g2", Preset::Classic, &users));
    assert!(!s.game_ended("g3", Preset::Jcf, &users[1..]));
    assert_eq!(s.season.standings()[0].games, 1);
    assert_eq!(s.came(0, 0, 1), Err(SReject::NotLeague));
}
