//! A season's table: the R9 points of its games added per member, ranked.
//!
//! **Order** (R9 ranks by points and says nothing of ties; the reading is in docs/RULES.md,
//! "Seasons"): more points first; equal points, more games won (first places, a pair's win
//! counting for both partners); still equal, the members share the rank (competition
//! ranking: 1, 2, 2, 4), as `/top` shares it. Members with fewer games than the season's
//! minimum are listed after the ranked ones, without a rank.
//!
//! **A table not played by the week's end** ([`unplayed`]): those who never came share the
//! last places (R9.1, R9.2); those who came share the first ones. Nobody came: everyone
//! shares every place, 0 points each.

use std::collections::BTreeMap;

use crate::stats::points::{POINT_SCALE, Points, place_points};

/// One member's result in one game of the season.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Result {
    /// The member (the season's own index).
    pub member: usize,
    /// Their R9 points for the game.
    pub points: Points,
    /// Whether they won it (first place, alone or with their partner).
    pub won: bool,
    /// Whether they played it (a forfeit's absentees did not).
    pub played: bool,
}

/// One line of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The member.
    pub member: usize,
    /// Their points.
    pub points: Points,
    /// Games played (forfeited tables they never came to do not count).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Their rank (1-based, shared on a tie); `None` below the minimum of games.
    pub rank: Option<u32>,
}

/// The table of `members` members from `results`, ranking those with at least `min_games`
/// games. Every member has a row, games or not.
#[must_use]
pub fn standings(members: usize, results: &[Result], min_games: u32) -> Vec<Row> {
    let mut rows: Vec<Row> = (0..members)
        .map(|member| Row {
            member,
            points: Points(0),
            games: 0,
            wins: 0,
            rank: None,
        })
        .collect();
    for r in results {
        let Some(row) = rows.get_mut(r.member) else {
            continue;
        };
        row.points = row.points + r.points;
        row.games += u32::from(r.played);
        row.wins += u32::from(r.won);
    }
    let key = |r: &Row| (std::cmp::Reverse(r.points), std::cmp::Reverse(r.wins));
    rows.sort_by_key(|r| (r.games < min_games, key(r), r.member));
    let ranked: Vec<(Points, u32)> = rows
        .iter()
        .filter(|r| r.games >= min_games)
        .map(|r| (r.points, r.wins))
        .collect();
    for row in rows.iter_mut().filter(|r| r.games >= min_games) {
        let ahead = ranked
            .iter()
            .filter(|&&(p, w)| (p, w) > (row.points, row.wins))
            .count();
        row.rank = Some(1 + u32::try_from(ahead).unwrap_or(u32::MAX));
    }
    rows
}

/// The points of a table of `size` seats that was not played by the week's end, for each
/// seat: `came[i]` says whether seat `i`'s member came to the table's lobby. Those who came
/// share the first places, those who did not share the last ones (R9.2's mean).
#[must_use]
pub fn unplayed(came: &[bool]) -> Vec<Points> {
    let n = came.len();
    let present = came.iter().filter(|&&c| c).count();
    let share = |places: std::ops::Range<usize>| -> Points {
        let k = i64::try_from(places.len()).unwrap_or(1).max(1);
        let sum: i64 = places.map(|p| place_points(n, p)).sum();
        Points(sum * POINT_SCALE / k)
    };
    let (first, last) = (share(1..present + 1), share(present + 1..n + 1));
    came.iter().map(|&c| if c { first } else { last }).collect()
}

/// The members' movement since the previous table: positive is up (by lines of the table).
#[must_use]
pub fn movement(before: &[Row], now: &[Row]) -> BTreeMap<usize, i64> {
    let line = |rows: &[Row]| -> BTreeMap<usize, i64> {
        rows.iter()
            .enumerate()
            .map(|(i, r)| (r.member, i64::try_from(i).unwrap_or(i64::MAX)))
            .collect()
    };
    let (was, is) = (line(before), line(now));
    is.iter()
        .map(|(m, i)| (*m, was.get(m).map_or(0, |w| w - i)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(member: usize, whole: i64, won: bool) -> Result {
        Result {
            member,
            points: Points::whole(whole),
            won,
            played: true,
        }
    }

    #[test]
    fn points_first_then_wins_then_a_shared_rank_and_the_unranked_last() {
        let results = [
            r(0, 2, true),
            r(1, 1, false),
            r(2, 2, true),
            r(3, -1, false),
            // 1 and 4 both end on 1 point; 4 won a game, 1 did not.
            r(4, 2, true),
            r(4, -1, false),
            // 5 has the most points but one game, under the minimum of 2: unranked.
            r(5, 3, true),
            r(0, 0, false),
            r(2, 0, false),
            r(1, 0, false),
            r(3, 0, false),
        ];
        let rows = standings(6, &results, 2);
        let order: Vec<(usize, Option<u32>)> = rows.iter().map(|r| (r.member, r.rank)).collect();
        assert_eq!(
            order,
            [
                (0, Some(1)),
                (2, Some(1)),
                (4, Some(3)),
                (1, Some(4)),
                (3, Some(5)),
                (5, None)
            ]
        );
        assert_eq!(rows[0].games, 2);
        assert_eq!(rows[0].wins, 1);
    }

    #[test]
    fn an_unplayed_table_gives_the_last_places_to_who_never_came() {
        let whole = |v: &[Points]| v.iter().map(|p| p.display()).collect::<Vec<_>>();
        // Four seats, one absent: the absent takes the 4th place (−2), the three share +2,
        // +1, −1.
        assert_eq!(
            whole(&unplayed(&[true, false, true, true])),
            ["+0.7", "-2", "+0.7", "+0.7"]
        );
        // Two came, two did not: +1.5 each and −1.5 each.
        assert_eq!(
            whole(&unplayed(&[false, true, true, false])),
            ["-1.5", "+1.5", "+1.5", "-1.5"]
        );
        // Nobody came, or everyone came but nobody played: all share, 0.
        assert_eq!(whole(&unplayed(&[false; 4])), ["0"; 4]);
        assert_eq!(whole(&unplayed(&[true; 3])), ["0"; 3]);
        // The points of a table always add up to zero.
        for mask in 0u8..16 {
            let came: Vec<bool> = (0..4).map(|i| mask & (1 << i) != 0).collect();
            let sum: i64 = unplayed(&came).iter().map(|p| p.0).sum();
            assert_eq!(sum, 0, "{came:?}");
        }
    }

    #[test]
    fn movement_counts_lines_climbed() {
        let row = |member| Row {
            member,
            points: Points(0),
            games: 0,
            wins: 0,
            rank: None,
        };
        let before = [row(0), row(1), row(2)];
        let now = [row(2), row(0), row(1)];
        let moved = movement(&before, &now);
        assert_eq!(moved[&2], 2);
        assert_eq!(moved[&0], -1);
        assert_eq!(moved[&1], -1);
    }
}
