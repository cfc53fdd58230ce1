//! The pure stats core: R9 points (tables of 2–8, pairs, ties), R9.3 weeks in a chat's time
//! zone, record validation and R6.1 sides, Weng-Lin ratings against `skillratings`.

use crate::support;
use support::stats_fixture;

use parxis::ai::Level;
use parxis::engine::{Arms, Colour, Game, Preset, Winner};
use parxis::stats::card::{Aggregate, contributions};
use parxis::stats::points::{place_points, seat_points};
use parxis::stats::rating::{self, Rating, computer_rating, rate};
use parxis::stats::{ChatZone, POINT_SCALE, Points, RecordError, sides_of};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use stats_fixture::*;

fn whole(v: &[i64]) -> Vec<Points> {
    v.iter().map(|&n| Points::whole(n)).collect()
}

#[test]
fn r9_1_place_points_at_tables_of_2_3_4_6_8() {
    // Given tables of n places, When each place is scored, Then R9.1's list comes out.
    let table = |n: usize| (1..=n).map(|p| place_points(n, p)).collect::<Vec<_>>();
    assert_eq!(table(2), [1, -1]);
    assert_eq!(table(3), [1, 0, -1]);
    assert_eq!(table(4), [2, 1, -1, -2]);
    assert_eq!(table(5), [2, 1, 0, -1, -2]);
    assert_eq!(table(6), [3, 2, 1, -1, -2, -3]);
    assert_eq!(table(8), [4, 3, 2, 1, -1, -2, -3, -4]);
    // Every table sums to zero; places outside the table score nothing.
    for n in 2..=8 {
        assert_eq!(table(n).iter().sum::<i64>(), 0, "n = {n}");
    }
    assert_eq!(place_points(4, 0), 0);
    assert_eq!(place_points(4, 5), 0);
}

#[test]
fn r9_1_a_game_scores_its_seats_by_r6_1_place_not_seat_order() {
    // Given a 4-player game where the second seat won and the others finished at distances
    // 50, 20, 90
    let g = game(
        "g",
        1,
        MONDAY_0000_MADRID,
        vec![
            seat(human(1, "A"), 0, 50, false),
            seat(human(2, "B"), 1, 0, true),
            seat(human(3, "C"), 2, 20, false),
            seat(human(4, "D"), 3, 90, false),
        ],
    );
    // When scored, Then the winner +2, distance 20 +1, distance 50 −1, distance 90 −2.
    assert_eq!(seat_points(&g), whole(&[-1, 2, 1, -2]));
    // And with 3 and 2 seats.
    let three = ranked("g3", 1, 0, &[(1, "A"), (2, "B"), (3, "C")]);
    assert_eq!(seat_points(&three), whole(&[1, 0, -1]));
    let two = ranked("g2", 1, 0, &[(1, "A"), (2, "B")]);
    assert_eq!(seat_points(&two), whole(&[1, -1]));
}

#[test]
fn r9_1_six_and_eight_place_tables() {
    // Given 6 and 8 humans finishing in seat order, Then ±3 … and ±4 ….
    let six: Vec<(i64, &str)> = (1..=6).map(|i| (i, "P")).collect();
    assert_eq!(
        seat_points(&ranked("g6", 1, 0, &six)),
        whole(&[3, 2, 1, -1, -2, -3])
    );
    let eight: Vec<(i64, &str)> = (1..=8).map(|i| (i, "P")).collect();
    assert_eq!(
        seat_points(&ranked("g8", 1, 0, &eight)),
        whole(&[4, 3, 2, 1, -1, -2, -3, -4])
    );
}

#[test]
fn r9_1_pairs_both_partners_get_the_pairs_points() {
    // Given a pairs game (yellow+red against blue+green) won by blue and green
    let g = game(
        "p",
        1,
        0,
        vec![
            seat(human(1, "A"), 0, 130, false),
            seat(human(2, "B"), 1, 0, true),
            seat(human(3, "C"), 0, 130, false),
            seat(human(4, "D"), 1, 0, true),
        ],
    );
    // When scored as a table of two places, Then each winner +1, each loser −1.
    assert_eq!(seat_points(&g), whole(&[-1, 1, -1, 1]));
    let sides = g.clone().validated().unwrap().sides();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0].seats, [1, 3]);
}

#[test]
fn r9_2_tied_places_share_the_mean_exactly() {
    // R9.2 Given a 4-player game, winner A, then B and C tied at distance 30, D at 60
    let tie2 = game(
        "t2",
        1,
        0,
        vec![
            seat(human(1, "A"), 0, 0, true),
            seat(human(2, "B"), 1, 30, false),
            seat(human(3, "C"), 2, 30, false),
            seat(human(4, "D"), 3, 60, false),
        ],
    );
    // Then B and C share (+1 − 1)/2 = 0.
    assert_eq!(seat_points(&tie2), whole(&[2, 0, 0, -2]));

    // Given three tied behind the winner: they share (1 − 1 − 2)/3 = −2/3 each, exactly.
    let tie3 = game(
        "t3",
        1,
        0,
        vec![
            seat(human(1, "A"), 0, 0, true),
            seat(human(2, "B"), 1, 30, false),
            seat(human(3, "C"), 2, 30, false),
            seat(human(4, "D"), 3, 30, false),
        ],
    );
    let p = seat_points(&tie3);
    assert_eq!(p[1], Points(-2 * POINT_SCALE / 3));
    assert_eq!(p.iter().map(|x| x.0).sum::<i64>(), 0);
    assert_eq!(p[1].display(), "-0.7");

    // Given 8 places with places 2–5 tied: (3 + 2 + 1 − 1)/4 = 1.25 each.
    let mut seats = vec![seat(human(1, "A"), 0, 0, true)];
    for t in 1..8u8 {
        let d = if t <= 4 { 40 } else { 40 + u32::from(t) };
        seats.push(seat(human(i64::from(t) + 1, "P"), t, d, false));
    }
    let p = seat_points(&game("t8", 1, 0, seats));
    assert_eq!(p[1], Points(POINT_SCALE * 5 / 4));
    assert_eq!(p[1].display(), "+1.3");
    assert_eq!(p.iter().map(|x| x.0).sum::<i64>(), 0);

    // Given a drawn game (R6.3: no winner) with equal distances: everyone 0.
    let draw = game(
        "d",
        1,
        0,
        vec![
            seat(human(1, "A"), 0, 100, false),
            seat(human(2, "B"), 1, 100, false),
        ],
    );
    assert_eq!(seat_points(&draw), whole(&[0, 0]));
}

#[test]
fn r9_3_computers_score_and_a_game_with_one_human_scores_nothing() {
    // Given two humans and two computers, Then computers take their places' points.
    let g = game(
        "c",
        1,
        0,
        vec![
            seat(computer(Level::Hard), 0, 0, true),
            seat(human(1, "A"), 1, 10, false),
            seat(computer(Level::Easy), 2, 20, false),
            seat(human(2, "B"), 3, 30, false),
        ],
    );
    assert_eq!(seat_points(&g), whole(&[2, 1, -1, -2]));
    // Given a single human against computers, Then no seat scores.
    let solo = game(
        "s",
        1,
        0,
        vec![
            seat(human(1, "A"), 0, 0, true),
            seat(computer(Level::Normal), 1, 10, false),
        ],
    );
    assert!(!solo.counts_for_ranking());
    assert_eq!(seat_points(&solo), whole(&[0, 0]));
    assert!(rate(&solo, |_, _| Rating::default()).is_empty());
}

#[test]
fn points_display_rounds_to_one_decimal_with_a_sign() {
    assert_eq!(Points::whole(2).display(), "+2");
    assert_eq!(Points::whole(-3).display(), "-3");
    assert_eq!(Points(0).display(), "0");
    assert_eq!(Points(POINT_SCALE / 2).display(), "+0.5");
    assert_eq!(Points(POINT_SCALE / 3).display(), "+0.3");
    assert_eq!(Points(-POINT_SCALE / 2).display(), "-0.5");
    assert_eq!(Points(-2 * POINT_SCALE / 3).tenths(), -7);
    assert_eq!(
        Points(POINT_SCALE / 20).tenths(),
        1,
        "0.05 rounds away from zero"
    );
    assert_eq!(Points(POINT_SCALE / 21).tenths(), 0);
}

#[test]
fn r9_3_week_boundary_is_monday_midnight_in_the_chats_zone() {
    // Given Madrid, When a game ends Sunday 23:59 or Monday 00:00 local, Then two weeks.
    let madrid = ChatZone::default();
    assert_eq!(madrid.name(), "Europe/Madrid");
    assert_eq!(madrid.week_of(SUNDAY_2359_MADRID).to_string(), "2026-11-23");
    assert_eq!(madrid.week_of(MONDAY_0000_MADRID).to_string(), "2026-11-30");
    assert_eq!(
        madrid.week_of(MONDAY_0000_MADRID - 1).to_string(),
        "2026-11-23"
    );
    // The same instant is still Sunday in UTC and in New York.
    let utc = ChatZone::named("UTC").unwrap();
    assert_eq!(utc.week_of(MONDAY_0000_MADRID).to_string(), "2026-11-23");
    let ny = ChatZone::named("America/New_York").unwrap();
    assert_eq!(
        ny.week_of(MONDAY_0000_MADRID + 5 * 3_600_000).to_string(),
        "2026-11-23"
    );
    assert_eq!(
        ny.week_of(MONDAY_0000_MADRID + 6 * 3_600_000).to_string(),
        "2026-11-30"
    );
    // A week that spans two years is named by its Monday.
    let new_year = 1_798_761_600_000; // Friday 1 January 2027, 00:00 UTC
    assert_eq!(utc.week_of(new_year).to_string(), "2026-12-28");
    // Unknown or absent zone: the default; out-of-range instants do not panic.
    assert_eq!(
        ChatZone::or_default(Some("Mars/Olympus")).name(),
        "Europe/Madrid"
    );
    assert_eq!(ChatZone::or_default(None).name(), "Europe/Madrid");
    assert!(ChatZone::named("Mars/Olympus").is_none());
    let _ = madrid.week_of(i64::MAX);
    let _ = madrid.week_of(i64::MIN);
}

#[test]
fn invalid_records_are_refused_and_names_cleaned() {
    let ok = ranked("g-1:a_b", 1, 0, &[(1, "A\u{7}nna"), (2, "B")]);
    let clean = ok.clone().validated().unwrap();
    assert_eq!(clean.seats[0].player, human(1, "Anna"));
    let long = ranked("g", 1, 0, &[(1, &"é".repeat(100)), (2, "B")]);
    let Some(parxis::stats::Player::Human { name, .. }) =
        long.validated().ok().map(|r| r.seats[0].player.clone())
    else {
        panic!("long name refused")
    };
    assert_eq!(name.len(), 64);

    let mut bad = ok.clone();
    bad.id = "has space".into();
    assert_eq!(bad.validated(), Err(RecordError::BadId));
    let mut bad = ok.clone();
    bad.seats.truncate(1);
    assert_eq!(bad.validated(), Err(RecordError::SeatCount(1)));
    let dup = ranked("g", 1, 0, &[(1, "A"), (1, "A")]);
    assert_eq!(dup.validated(), Err(RecordError::DuplicateUser(1)));
    let mut two = ok.clone();
    two.seats[1].won = true;
    assert_eq!(two.validated(), Err(RecordError::TwoWinners));
    let mut one_side = ok.clone();
    one_side.seats[1].team = 0;
    assert!(one_side.validated().is_err());
    let mut mismatch = ranked("g", 1, 0, &[(1, "A"), (2, "B"), (3, "C")]);
    mismatch.seats[2].team = 1;
    assert_eq!(mismatch.validated(), Err(RecordError::SideMismatch(1)));
    let mut late = ok;
    late.started_ms = late.ended_ms + 1;
    assert_eq!(late.validated(), Err(RecordError::EndBeforeStart));
}

#[test]
fn a_record_round_trips_through_compact_json() {
    let g = game(
        "j",
        -100_123,
        MONDAY_0000_MADRID,
        vec![
            seat(human(7, "Núria"), 0, 0, true),
            seat(computer(Level::Hard), 1, 44, false),
        ],
    );
    let json = g.to_json();
    assert!(
        !json.contains(": ") && !json.contains(", ") && !json.contains('\n'),
        "{json}"
    );
    assert!(json.len() < 600, "{} bytes: {json}", json.len());
    assert_eq!(
        serde_json::from_str::<parxis::stats::GameRecord>(&json).unwrap(),
        g
    );
}

#[test]
fn sides_of_an_engine_game_pair_partners_and_follow_the_winner() {
    // Given a fresh pairs game (all pieces in the nest), When the pair blue+green is declared
    // the winner (as R6.3 would), Then partners share a side and the pair's distance.
    let mut opts = Preset::Classic.options();
    opts.pairs = true;
    let g = Game::new(Preset::Classic, opts, Arms::Four.colours()).unwrap();
    let sides = sides_of(&g, Some(Winner::Pair(Colour::Blue, Colour::Green)));
    let teams: Vec<u8> = sides.iter().map(|s| s.1).collect();
    assert_eq!(teams, [0, 1, 0, 1]);
    assert!(sides.iter().all(|s| s.2 == 2 * 4 * 72));
    let won: Vec<bool> = sides.iter().map(|s| s.3).collect();
    assert_eq!(won, [false, true, false, true]);
    // Given an individual 3-player game without a winner, Then three sides of 288.
    let g = Game::new(
        Preset::Jcf,
        Preset::Jcf.options(),
        &Arms::Four.default_seats(3).unwrap(),
    )
    .unwrap();
    let sides = sides_of(&g, None);
    assert_eq!(
        sides,
        [
            (Colour::Yellow, 0, 288, false),
            (Colour::Blue, 1, 288, false),
            (Colour::Red, 2, 288, false)
        ]
    );
}

#[test]
fn ratings_are_weng_lin_multi_team_as_skillratings_computes_them() {
    // Given a 4-seat game: human 1 won, a hard computer second, human 2 and 3 tied last
    let g = game(
        "r",
        1,
        0,
        vec![
            seat(human(1, "A"), 0, 0, true),
            seat(computer(Level::Hard), 1, 10, false),
            seat(human(2, "B"), 2, 30, false),
            seat(human(3, "C"), 3, 30, false),
        ],
    );
    let before = |_: usize, user: i64| Rating {
        mu: 20.0 + user as f64,
        sigma: 5.0 + user as f64 / 10.0,
    };
    // When rated
    let ours = rate(&g, before);
    // Then the numbers are skillratings' with ranks 1, 2, 3, 3 and the computer's fixed rating.
    let r = |u: i64| WengLinRating::from((before(0, u).mu, before(0, u).sigma));
    let hard = computer_rating(Level::Hard);
    let (t1, t2, t3, t4) = (
        [r(1)],
        [WengLinRating::from((hard.mu, hard.sigma))],
        [r(2)],
        [r(3)],
    );
    let theirs = weng_lin_multi_team(
        &[
            (&t1[..], MultiTeamOutcome::new(1)),
            (&t2[..], MultiTeamOutcome::new(2)),
            (&t3[..], MultiTeamOutcome::new(3)),
            (&t4[..], MultiTeamOutcome::new(3)),
        ],
        &WengLinConfig::new(),
    );
    let seats: Vec<usize> = ours.iter().map(|&(i, _)| i).collect();
    assert_eq!(seats, [0, 2, 3], "computers are never rated");
    for (&(_, mine), theirs) in ours
        .iter()
        .zip([&theirs[0][0], &theirs[2][0], &theirs[3][0]])
    {
        assert_eq!(mine.mu, theirs.rating);
        assert_eq!(mine.sigma, theirs.uncertainty);
    }
    assert!(ours[0].1.mu > 21.0 && ours[1].1.mu < 22.0);
}

#[test]
fn two_new_players_move_by_the_weng_lin_formula() {
    // Given two new players (μ 25, σ 25/3, β 25/6), When the first wins
    let g = ranked("n", 1, 0, &[(1, "A"), (2, "B")]);
    let out = rate(&g, |_, _| Rating::default());
    // Then (Weng & Lin 2011, Bradley-Terry full pair) with c² = 2σ² + 2β² and p = ½:
    // μ' = μ ± σ²/c · ½ and σ'² = σ² · (1 − σ²/c² · p(1−p)) (γ = σ/c).
    let (s2, b2) = ((25.0f64 / 3.0).powi(2), (25.0f64 / 6.0).powi(2));
    let c = (2.0 * s2 + 2.0 * b2).sqrt();
    let shift = s2 / c * 0.5;
    let gamma = s2.sqrt() / c;
    let sigma = (s2 * (1.0 - gamma * s2 / (c * c) * 0.25)).sqrt();
    assert!((out[0].1.mu - (25.0 + shift)).abs() < 1e-9, "{out:?}");
    assert!((out[1].1.mu - (25.0 - shift)).abs() < 1e-9);
    assert!((out[0].1.sigma - sigma).abs() < 1e-9);
    // The shown figure: 1000 + 40(μ − 3σ); a new player shows 1000.
    assert_eq!(Rating::default().display(), 1000);
    assert_eq!(
        rating::display(Rating {
            mu: 30.0,
            sigma: 2.0
        }),
        1960
    );
    assert!(out[0].1.display() > 1000 && out[1].1.display() < out[0].1.display());
}

#[test]
fn aggregate_update_counts_streaks_points_and_rating_change() {
    // Given a player who wins, wins, loses against another human
    let mut agg = Aggregate::default();
    let mut rating = Rating::default();
    for (i, first) in [true, true, false].into_iter().enumerate() {
        let order = if first {
            [(1, "A"), (2, "B")]
        } else {
            [(2, "B"), (1, "A")]
        };
        let g = ranked(&format!("g{i}"), 1, 0, &order);
        let c = contributions(&g, |_, u| if u == 1 { rating } else { Rating::default() });
        let mine = c.iter().find(|c| c.user == 1).unwrap();
        rating = mine.rating.unwrap().1;
        agg.apply(mine);
    }
    // Then 3 games, 2 wins, best streak 2, current 0, points +1 +1 −1.
    assert_eq!(
        (agg.games, agg.wins, agg.best_streak, agg.streak),
        (3, 2, 2, 0)
    );
    assert_eq!(agg.points, Points::whole(1));
    assert_eq!(agg.place_sum, 1 + 1 + 2);
    assert!((agg.average_place() - 4.0 / 3.0).abs() < 1e-12);
    assert_eq!(agg.rating, Some(rating));
    assert_eq!(agg.rated_games, 3);
    assert!(agg.last_delta.unwrap() < 0, "lost the last game");
}
