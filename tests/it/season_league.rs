//! A whole 8-week league of 10 members at tables of 4, played on the season's pure core:
//! the weekly tables drawn, every table played but one (one member came, the others never),
//! its forfeit applied, the table after each week equal to a recomputation from the games
//! alone, a save and load (as a restart does) mid-week changing nothing, and the champion.

use std::collections::BTreeMap;

use parxis::engine::Preset;
use parxis::season::{Fixture, LeagueError, Phase, Season, Settings};
use parxis::stats::points::{Points, place_points};

const MEMBERS: i64 = 10;

fn league() -> Season {
    let mut s = Season::open(Settings {
        weeks: 8,
        preset: Preset::Jcf,
        fixtures: true,
        table_size: 4,
        min_games: 4,
    })
    .expect("settings");
    for u in 0..MEMBERS {
        s.join(100 + u, &format!("Fallera {u} 🎆")).expect("join");
    }
    s
}

/// A made-up game of a table: seat `(i + week) % n` wins, and so on down (R9.1 points).
fn places(n: usize, week: u8) -> Vec<usize> {
    (0..n).map(|i| (i + usize::from(week)) % n + 1).collect()
}

#[test]
fn an_eight_week_league_with_an_unplayed_table_ends_with_a_champion_and_a_table_that_adds_up() {
    let mut s = league();
    assert_eq!(s.leave(999), Err(LeagueError::Member));
    s.start(2026).expect("start");
    assert_eq!(s.join(1, "late"), Err(LeagueError::Phase));
    // The test's own ledger, from the games alone: member -> (points, games, wins).
    let mut ledger: BTreeMap<usize, (i64, u32, u32)> = BTreeMap::new();
    for week in 0..8u8 {
        assert_eq!(s.phase, Phase::Week(week));
        let day = s.matchdays[usize::from(week)].clone();
        assert_eq!(day.tables.len(), 3, "10 members at tables of 4: 4, 3, 3");
        for (t, seats) in day.tables.iter().enumerate() {
            // Week 3's last table is never played: only its first seat comes.
            if week == 3 && t == day.tables.len() - 1 {
                let who = s.members[seats[0]].user;
                assert_eq!(s.came(t, who), Ok(false));
                for (i, &m) in seats.iter().enumerate() {
                    let n = seats.len();
                    let e = ledger.entry(m).or_default();
                    // The one who came shares the first places with nobody: place 1 alone.
                    e.0 += if i == 0 {
                        place_points(n, 1) * 840
                    } else {
                        (2..=n).map(|p| place_points(n, p)).sum::<i64>() * 840
                            / i64::try_from(n - 1).unwrap()
                    };
                    e.1 += u32::from(i == 0);
                }
                continue;
            }
            let mut all = false;
            for &m in seats {
                all = s.came(t, s.members[m].user).expect("came");
            }
            assert!(all, "everyone at the table came");
            let n = seats.len();
            let ps = places(n, week);
            let points: Vec<Points> = ps
                .iter()
                .map(|&p| Points::whole(place_points(n, p)))
                .collect();
            let won: Vec<bool> = ps.iter().map(|&p| p == 1).collect();
            s.played(t, &points, &won).expect("played");
            assert_eq!(s.played(t, &points, &won), Err(LeagueError::Table), "once");
            for ((&m, p), w) in seats.iter().zip(&points).zip(&won) {
                let e = ledger.entry(m).or_default();
                e.0 += p.0;
                e.1 += 1;
                e.2 += u32::from(*w);
            }
        }
        // A restart mid-week: the season saved and loaded is the same season.
        let saved = serde_json::to_string(&s).expect("save");
        let loaded: Season = serde_json::from_str(&saved).expect("load");
        assert_eq!(loaded, s);
        s = loaded;

        s.end_week(2026 + u64::from(week) + 1).expect("end of week");
        if week == 3 {
            let day = &s.matchdays[3];
            assert!(matches!(
                day.fixtures.last(),
                Some(Fixture::Forfeited { .. })
            ));
        }
        // The table equals the ledger, points and games, after every week.
        for row in s.standings() {
            let (points, games, _) = ledger.get(&row.member).copied().unwrap_or_default();
            assert_eq!(
                row.points,
                Points(points),
                "member {} after week {week}",
                row.member
            );
            assert_eq!(row.games, games, "member {}", row.member);
        }
        let total: i64 = s.standings().iter().map(|r| r.points.0).sum();
        assert_eq!(total, 0, "every table's points add up to zero");
    }
    assert_eq!(s.phase, Phase::Finished);
    assert_eq!(s.matchdays.len(), 8);
    let rows = s.standings();
    let champions = s.champions();
    assert!(!champions.is_empty());
    let best = rows.iter().map(|r| r.points).max().unwrap();
    for c in &champions {
        let row = rows.iter().find(|r| r.member == *c).unwrap();
        assert_eq!(row.rank, Some(1));
        assert_eq!(row.points, best);
    }
    // Ranks never go down the table.
    let ranks: Vec<u32> = rows.iter().filter_map(|r| r.rank).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
    assert_eq!(s.end_week(1), Err(LeagueError::Phase));
}

#[test]
fn a_plain_season_counts_games_of_two_or_more_members_only() {
    let mut s = Season::open(Settings {
        weeks: 2,
        preset: Preset::Classic,
        fixtures: false,
        table_size: 4,
        min_games: 1,
    })
    .unwrap();
    s.join(1, "Amparo").unwrap();
    s.join(2, "Vicent").unwrap();
    s.join(3, "Núria").unwrap();
    assert_eq!(s.game(&[]), Err(LeagueError::Phase), "not started");
    s.start(7).unwrap();
    assert!(s.matchdays.is_empty(), "no fixtures in a plain season");
    // A game with one member and a stranger counts for nobody,
    assert_eq!(
        s.game(&[(1, Points::whole(1), true), (50, Points::whole(-1), false)]),
        Ok(false)
    );
    // one with two members counts for them (the stranger left out).
    let counted = s.game(&[
        (1, Points::whole(1), true),
        (2, Points::whole(0), false),
        (50, Points::whole(-1), false),
    ]);
    assert_eq!(counted, Ok(true));
    s.end_week(0).unwrap();
    s.end_week(0).unwrap();
    assert_eq!(s.phase, Phase::Finished);
    assert_eq!(s.champions(), vec![0]);
    let rows = s.standings();
    assert_eq!(
        rows.last().map(|r| (r.member, r.rank)),
        Some((2, None)),
        "Núria played none"
    );
}
