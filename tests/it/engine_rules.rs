//! One test per rule of RULES.md, named after what it shows (Given / When / Then).

use parxis::engine::{
    Colour, Game, Loc, Move, Pass, Phase, PlayError, Preset, ScriptedDice, Winner, roll_off,
};
use serde_json::json;

use Colour::{Blue, Green, Red, Yellow};

/// A position from the JSON fields of docs/PROTOCOL.md (defaults: jcf, four seats, yellow to move).
fn pos(extra: serde_json::Value) -> Game {
    let mut v =
        json!({"rules": "jcf", "seats": ["yellow", "blue", "red", "green"], "turn": "yellow"});
    for (k, x) in extra.as_object().expect("object") {
        v[k] = x.clone();
    }
    serde_json::from_value(v).expect("valid position")
}

fn loc(s: &str) -> Loc {
    s.parse().expect("location")
}

fn moves_of(g: &Game) -> Vec<(String, String)> {
    let mut v: Vec<_> = g
        .legal_moves()
        .iter()
        .map(|m| (m.from().to_string(), m.to().to_string()))
        .collect();
    v.sort();
    v
}

fn find(g: &Game, from: &str, to: &str) -> Move {
    *g.legal_moves()
        .iter()
        .find(|m| m.from() == loc(from) && m.to() == loc(to))
        .unwrap_or_else(|| panic!("no move {from}->{to} in {:?}", moves_of(g)))
}

fn on(g: &Game, sq: &str) -> Vec<Colour> {
    match loc(sq) {
        Loc::Sq(s) => g.pieces_on(s).collect(),
        _ => panic!("not a square"),
    }
}

#[test]
fn leaving_the_nest_needs_a_five() {
    // R3.1 Given an empty board, When yellow rolls 4, Then nothing can move and the turn
    // passes.
    let g = pos(json!({})).roll(4).unwrap();
    // R4.7 no piece can make any move: the roll has no legal move (R2.6: the turn passes).
    assert!(g.legal_moves().is_empty());
    let (after, pass) = g.pass().unwrap();
    assert_eq!(pass, Pass::NoMove { die: 4 });
    assert_eq!(after.turn(), Some(Blue));
}

#[test]
fn leaving_is_obligatory_with_a_five() {
    // Given a yellow piece on 20 and three in the nest, When yellow rolls 5,
    // Then leaving onto 5 is the only legal move (R4.4.1).
    let g = pos(json!({"board": {"20": ["yellow"]}})).roll(5).unwrap();
    assert_eq!(moves_of(&g), [("nest".to_string(), "5".to_string())]);
}

#[test]
fn two_own_pieces_on_the_exit_square_block_leaving() {
    // R3.2 Given two yellow pieces on 5, When yellow rolls 5, Then the 5 is played on the board.
    let g = pos(json!({"board": {"5": ["yellow", "yellow"], "30": ["yellow"]}}))
        .roll(5)
        .unwrap();
    assert_eq!(
        moves_of(&g),
        [("30".into(), "35".into()), ("5".into(), "10".into())]
    );
}

#[test]
fn exit_captures_last_arrived_foreign_piece() {
    // R3.3 Given blue then green on yellow's exit square, When yellow leaves,
    // Then green (arrived last) goes home, blue stays, and yellow has a bonus of 20.
    let g = pos(json!({"board": {"5": ["blue", "green"]}}))
        .roll(5)
        .unwrap();
    let mv = find(&g, "nest", "5");
    assert_eq!(mv.captures(), Some(Green));
    let after = g.play(mv).unwrap();
    assert_eq!(on(&after, "5"), [Blue, Yellow]);
    assert_eq!(after.in_nest(Green), 4);
    assert_eq!(
        after.phase(),
        Phase::AwaitingBonus {
            seat: Yellow,
            amount: 20
        }
    );
}

#[test]
fn exit_capture_overrides_a_foreign_barrier() {
    // docs/PROTOCOL.md detail: two blue pieces on yellow's exit square are captured from, not a block.
    let g = pos(json!({"board": {"5": ["blue", "blue"]}}))
        .roll(5)
        .unwrap();
    assert_eq!(find(&g, "nest", "5").captures(), Some(Blue));
}

#[test]
fn one_piece_on_the_exit_square_is_joined_not_captured() {
    // R3.4
    let g = pos(json!({"board": {"5": ["red"]}})).roll(5).unwrap();
    let after = g.play(find(&g, "nest", "5")).unwrap();
    assert_eq!(on(&after, "5"), [Red, Yellow]);
    assert_eq!(after.bonus(), None);
}

#[test]
fn a_six_counts_seven_with_an_empty_nest() {
    // R2.3 Given all yellow pieces out, When yellow rolls 6, Then a piece moves 7.
    let g = pos(json!({"board": {"10": ["yellow"], "40": ["yellow"]}, "goal": {"yellow": 2}}))
        .roll(6)
        .unwrap();
    assert_eq!(
        moves_of(&g),
        [("10".into(), "17".into()), ("40".into(), "47".into())]
    );
}

#[test]
fn a_six_counts_six_with_pieces_in_the_nest() {
    let g = pos(json!({"board": {"10": ["yellow"]}})).roll(6).unwrap();
    assert_eq!(moves_of(&g), [("10".into(), "16".into())]);
}

#[test]
fn six_counts_twelve_variant_applies_only_with_empty_nest() {
    let g = pos(
        json!({"options": {"six_counts": 12}, "board": {"10": ["yellow"]}, "goal": {"yellow": 3}}),
    )
    .roll(6)
    .unwrap();
    assert_eq!(moves_of(&g), [("10".into(), "22".into())]);
}

#[test]
fn cannot_pass_own_barrier() {
    // R4.2 Given a yellow barrier on 12, When the yellow piece on 10 rolls 3, Then it cannot move past.
    let g = pos(
        json!({"board": {"10": ["yellow"], "12": ["yellow", "yellow"]}, "goal": {"yellow": 1}}),
    )
    .roll(3)
    .unwrap();
    assert_eq!(moves_of(&g), [("12".into(), "15".into())]);
}

#[test]
fn cannot_pass_a_foreign_barrier() {
    let g = pos(json!({"board": {"10": ["yellow"], "13": ["blue", "blue"]}}))
        .roll(4)
        .unwrap();
    // R4.7 the only piece in play is held by R4.2: no legal move.
    assert!(g.legal_moves().is_empty());
}

#[test]
fn two_colours_on_a_square_are_no_barrier() {
    let g = pos(json!({"board": {"10": ["yellow"], "12": ["blue", "red"]}}))
        .roll(4)
        .unwrap();
    assert_eq!(moves_of(&g), [("10".into(), "14".into())]);
}

#[test]
fn safe_barriers_rule_lets_pieces_pass_pairs_off_safe_squares() {
    // R4.2 barriers: safe — a pair on 14 (not safe) is passable, but cannot be landed on.
    let base = json!({"options": {"barriers": "safe", "pairs": false}, "board": {"10": ["yellow"], "14": ["blue", "blue"]}});
    let mut v = base.clone();
    v["rules"] = json!("solidari");
    let g = pos(v).roll(6).unwrap();
    assert_eq!(moves_of(&g), [("10".into(), "16".into())]);
    let mut v = base;
    v["rules"] = json!("solidari");
    let g = pos(v).roll(4).unwrap();
    assert!(
        g.legal_moves().is_empty(),
        "R1.6: the pair's square is full"
    );
}

#[test]
fn landing_on_a_lone_foreign_piece_off_safe_squares_captures() {
    // R4.3 / R5: capture sends the piece home and gives a bonus of 20.
    let g = pos(json!({"board": {"10": ["yellow"], "14": ["blue"]}}))
        .roll(4)
        .unwrap();
    let mv = find(&g, "10", "14");
    assert_eq!(mv.captures(), Some(Blue));
    let after = g.play(mv).unwrap();
    assert_eq!(after.in_nest(Blue), 4);
    assert_eq!(after.bonus(), Some(20));
    assert_eq!(after.turn(), Some(Yellow));
}

#[test]
fn a_piece_in_the_nest_or_the_goal_is_not_in_play_r1_5() {
    // R1.5 Given yellow pieces only in the nest and the goal, When yellow rolls 4, Then
    // none of them is in play: nothing can move (a 4 leaves no nest, the goal is the end).
    let out = pos(json!({"goal": {"yellow": 2}})).roll(4).unwrap();
    assert!(out.legal_moves().is_empty(), "{:?}", moves_of(&out));
    // With one more on its corridor (in play), that one alone moves.
    let corridor = pos(json!({"board": {"yellow-1": ["yellow"]}, "goal": {"yellow": 2}}))
        .roll(4)
        .unwrap();
    assert_eq!(
        moves_of(&corridor),
        [("yellow-1".into(), "yellow-5".into())]
    );
}

#[test]
fn captures_and_barriers_are_judged_where_the_pieces_stand_when_the_move_is_made_r4_6() {
    // Given all yellow pieces out: one on 10, a yellow barrier on 12, one in the goal, and
    // a lone blue piece on 14,
    let start = json!({"board": {"10": ["yellow"], "12": ["yellow", "yellow"], "14": ["blue"]},
                       "goal": {"yellow": 1}});
    // while the barrier stands, a 4 cannot take the piece on 10 past it to 14;
    let blocked = pos(start.clone()).roll(4).unwrap();
    assert!(
        !moves_of(&blocked).contains(&("10".into(), "14".into())),
        "{:?}",
        moves_of(&blocked)
    );
    // When a 6 (it counts 7) opens the barrier, 12 → 19, and the next roll is a 4,
    let six = pos(start).roll(6).unwrap();
    let opened = six.play(find(&six, "12", "19")).unwrap();
    assert_eq!(opened.turn(), Some(Yellow), "a 6 rolls again");
    let four = opened.roll(4).unwrap();
    // then the move 10 → 14 is judged on where the pieces stand now (R4.6): the barrier
    // is gone, so it passes 12, and the blue piece on 14 is captured.
    let mv = find(&four, "10", "14");
    assert_eq!(mv.captures(), Some(Blue));
    let after = four.play(mv).unwrap();
    assert_eq!(after.in_nest(Blue), 4);
}

#[test]
fn landing_on_a_safe_square_shares_it() {
    let g = pos(json!({"board": {"10": ["yellow"], "12": ["blue"]}}))
        .roll(2)
        .unwrap();
    let mv = find(&g, "10", "12");
    assert_eq!(mv.captures(), None);
    assert_eq!(on(&g.play(mv).unwrap(), "12"), [Blue, Yellow]);
}

#[test]
fn a_six_must_open_a_barrier_when_possible() {
    // R4.4.2
    let g = pos(json!({"board": {"20": ["yellow", "yellow"], "40": ["yellow"]}}))
        .roll(6)
        .unwrap();
    assert_eq!(moves_of(&g), [("20".into(), "26".into())]);
}

#[test]
fn entering_the_goal_needs_the_exact_count() {
    // R4.1 Given a yellow piece on yellow-5 (3 from the goal), a 4 cannot move it; a 3 can.
    let g = pos(json!({"board": {"yellow-5": ["yellow"]}}))
        .roll(4)
        .unwrap();
    assert!(g.legal_moves().is_empty());
    let g = pos(json!({"board": {"yellow-5": ["yellow"], "30": ["yellow"]}}))
        .roll(3)
        .unwrap();
    let after = g.play(find(&g, "yellow-5", "goal")).unwrap();
    assert_eq!(after.in_goal(Yellow), 1);
    assert_eq!(after.bonus(), Some(10)); // R4.5
}

#[test]
fn a_bonus_is_one_piece_for_the_whole_count_or_lost() {
    // R5.1 / R5.2 Given a bonus of 20 and only a piece on yellow-1, Then the bonus is lost.
    let g = pos(json!({"board": {"yellow-1": ["yellow"]}, "bonus": 20, "last_moved": "yellow-1"}));
    assert!(g.legal_moves().is_empty());
    let (after, pass) = g.pass().unwrap();
    assert_eq!(pass, Pass::BonusLost { amount: 20 });
    assert_eq!(after.turn(), Some(Blue));
}

#[test]
fn third_six_sends_last_moved_piece_home() {
    // R2.5 Given two sixes and yellow's last moved piece on 30, When a third 6 comes,
    // Then that piece goes back to its nest and the turn passes.
    let g =
        pos(json!({"board": {"30": ["yellow"], "40": ["yellow"]}, "sixes": 2, "last_moved": "30"}))
            .roll(6)
            .unwrap();
    assert!(g.legal_moves().is_empty());
    let (after, pass) = g.pass().unwrap();
    assert_eq!(
        pass,
        Pass::ThirdSix {
            sent_home: Some((Yellow, loc("30")))
        }
    );
    assert_eq!(after.in_nest(Yellow), 3);
    assert_eq!(after.turn(), Some(Blue));
}

#[test]
fn third_six_after_a_goal_whose_ten_another_piece_played_sends_nothing_home() {
    // R2.5, JCF 1.5's own example. Given yellow's nest empty (a 6 counts 7), one six rolled,
    // pieces on yellow-1, 30 and 50 and one in the goal,
    let g = pos(json!({
        "board": {"yellow-1": ["yellow"], "30": ["yellow"], "50": ["yellow"]},
        "goal": {"yellow": 1}, "sixes": 1, "last_moved": "50"
    }));
    // When the second six takes yellow-1 into the goal and its 10 is played by the piece on 30,
    let g = g.roll(6).unwrap();
    let g = g.play(find(&g, "yellow-1", "goal")).unwrap();
    assert_eq!(g.bonus(), Some(10));
    let g = g.play(find(&g, "30", "40")).unwrap();
    // R5.3 the chain of bonuses over, the turn goes on as the 6 says (R2.4): yellow rolls.
    assert_eq!((g.turn(), g.bonus()), (Some(Yellow), None));
    assert_eq!(
        g.last_moved(),
        Some(Loc::Goal),
        "the roll's piece is still the last moved"
    );
    // Then the third six sends nothing home and the turn passes.
    let (after, pass) = g.roll(6).unwrap().pass().unwrap();
    assert_eq!(pass, Pass::ThirdSix { sent_home: None });
    assert_eq!(after.in_nest(Yellow), 0);
    assert_eq!(after.in_goal(Yellow), 2);
    assert_eq!(after.turn(), Some(Blue));
}

#[test]
fn third_six_after_a_capture_whose_twenty_another_piece_played_sends_the_capturer_home() {
    // R2.5 Given one six rolled, yellow on 20 and 40 (two in the nest) and blue on 26,
    let g = pos(json!({
        "board": {"20": ["yellow"], "26": ["blue"], "40": ["yellow"]},
        "sixes": 1, "last_moved": "40"
    }));
    // When the second six captures on 26 and the 20 is played by the piece on 40,
    let g = g.roll(6).unwrap();
    let g = g.play(find(&g, "20", "26")).unwrap();
    assert_eq!(g.bonus(), Some(20));
    let g = g.play(find(&g, "40", "60")).unwrap();
    assert_eq!(g.last_moved(), Some(loc("26")));
    // Then the third six sends the piece the die moved (on 26) home, not the one on 60.
    let (after, pass) = g.roll(6).unwrap().pass().unwrap();
    assert_eq!(
        pass,
        Pass::ThirdSix {
            sent_home: Some((Yellow, loc("26")))
        }
    );
    assert!(on(&after, "26").is_empty());
    assert_eq!(on(&after, "60"), [Yellow]);
    assert_eq!(after.in_nest(Yellow), 3);
    assert_eq!(after.turn(), Some(Blue));
}

#[test]
fn third_six_after_a_bonus_that_moved_the_same_piece_on_sends_it_home_from_there() {
    // R2.5 Given the same position as above,
    let g = pos(json!({
        "board": {"20": ["yellow"], "26": ["blue"], "40": ["yellow"]},
        "sixes": 1, "last_moved": "40"
    }));
    // When the second six captures on 26 and the capturer itself plays the 20 (26 -> 46),
    let g = g.roll(6).unwrap();
    let g = g.play(find(&g, "20", "26")).unwrap();
    let g = g.play(find(&g, "26", "46")).unwrap();
    assert_eq!(
        g.last_moved(),
        Some(loc("46")),
        "a bonus carries its own piece along"
    );
    // Then the third six sends it home from its new square.
    let (after, pass) = g.roll(6).unwrap().pass().unwrap();
    assert_eq!(
        pass,
        Pass::ThirdSix {
            sent_home: Some((Yellow, loc("46")))
        }
    );
    assert!(on(&after, "46").is_empty());
    assert_eq!(on(&after, "40"), [Yellow]);
    assert_eq!(after.in_nest(Yellow), 3);
}

#[test]
fn third_six_spares_a_corridor_piece_only_under_corridor_rule() {
    let v = json!({"board": {"yellow-2": ["yellow"]}, "sixes": 2, "last_moved": "yellow-2"});
    let (jcf, _) = pos(v.clone()).roll(6).unwrap().pass().unwrap();
    assert_eq!(jcf.in_nest(Yellow), 4, "jcf spares only the goal");
    let mut c = v;
    c["rules"] = json!("classic");
    let (classic, pass) = pos(c).roll(6).unwrap().pass().unwrap();
    assert_eq!(pass, Pass::ThirdSix { sent_home: None });
    assert_eq!(classic.in_nest(Yellow), 3);
}

#[test]
fn an_unplayable_six_still_rolls_again() {
    // R2.4 / Interpretations
    let g = pos(json!({"board": {"yellow-6": ["yellow"]}}))
        .roll(6)
        .unwrap();
    let (after, _) = g.pass().unwrap();
    assert_eq!(after.turn(), Some(Yellow));
    assert_eq!(after.sixes(), 1);
}

#[test]
fn last_piece_home_wins_without_bonus() {
    // R6.1 / R4.5
    let g = pos(json!({"board": {"yellow-7": ["yellow"]}, "goal": {"yellow": 3}}))
        .roll(1)
        .unwrap();
    let after = g.play(find(&g, "yellow-7", "goal")).unwrap();
    assert_eq!(after.winner(), Some(Winner::Colour(Yellow)));
    assert_eq!(after.turn(), None);
    assert_eq!(after.bonus(), None);
    assert_eq!(after.roll(1), Err(PlayError::GameOver));
}

#[test]
fn a_finished_partner_plays_with_the_partners_pieces() {
    // R6.2 Given yellow all home in a pairs game, When yellow rolls, Then red's pieces move.
    let g = pos(
        json!({"rules": "solidari", "goal": {"yellow": 4}, "board": {"40": ["red"], "39": ["red", "red"]}, "turn": "yellow"}),
    );
    assert_eq!(g.moving_colour(Yellow), Red);
    let g = g.roll(3).unwrap();
    assert!(g.legal_moves().iter().all(|m| m.colour() == Red));
    assert!(!g.legal_moves().is_empty());
}

#[test]
fn pairs_win_when_both_partners_are_home() {
    let g = pos(
        json!({"rules": "solidari", "goal": {"yellow": 4, "red": 3}, "board": {"red-7": ["red"]}}),
    )
    .roll(1)
    .unwrap();
    let after = g.play(find(&g, "red-7", "goal")).unwrap();
    assert_eq!(after.winner(), Some(Winner::Pair(Yellow, Red)));
}

#[test]
fn capturing_the_partner_is_allowed_and_earns_twenty() {
    let g = pos(json!({"rules": "solidari", "board": {"10": ["yellow"], "14": ["red"]}}))
        .roll(4)
        .unwrap();
    assert_eq!(find(&g, "10", "14").captures(), Some(Red));
}

#[test]
fn solidari_starts_with_two_pieces_out() {
    let g = Game::new(
        Preset::Solidari,
        Preset::Solidari.options(),
        parxis::engine::Arms::Four.colours(),
    )
    .unwrap();
    for &c in parxis::engine::Arms::Four.colours() {
        assert_eq!(g.in_nest(c), 2);
    }
}

#[test]
fn pairs_need_four_seats() {
    assert!(Game::new(Preset::Solidari, Preset::Solidari.options(), &[Yellow, Red]).is_err());
}

#[test]
fn roll_off_rerolls_tied_highest() {
    // R2.2 Given yellow 6, blue 3, red 6, green 1 then yellow 2, red 5, Then red starts.
    let r = roll_off(
        parxis::engine::Arms::Four.colours(),
        &mut ScriptedDice::new(&[6, 3, 6, 1, 2, 5]),
    );
    assert_eq!(r.starter, Red);
    assert_eq!(r.rounds.len(), 2);
    assert_eq!(r.rounds[1], vec![(Yellow, 2), (Red, 5)]);
}

#[test]
fn ranking_orders_by_distance_nest_counts_72() {
    // R6.1 Yellow won; red has two pieces home (distance 2*72), blue four in the nest (288).
    let g = pos(
        json!({"seats": ["yellow", "blue", "red"], "goal": {"yellow": 4, "red": 2}, "winner": "yellow", "turn": null}),
    );
    let r: Vec<(Colour, u32)> = g.ranking().iter().map(|r| (r.colour, r.distance)).collect();
    assert_eq!(r, [(Yellow, 0), (Red, 144), (Blue, 288)]);
}

#[test]
fn time_limit_goes_to_more_pieces_home_then_nearest_piece() {
    // R6.3
    let g = pos(json!({"rules": "solidari", "goal": {"blue": 1}, "board": {"10": ["yellow"]}}));
    assert_eq!(g.time_limit_result(), Some(Winner::Pair(Blue, Green)));
    let g = pos(json!({"rules": "solidari", "board": {"60": ["yellow"], "30": ["blue"]}}));
    // yellow on 60 is 16 from its goal; blue on 30 is 63 - 8 + 8 = far.
    assert_eq!(g.time_limit_result(), Some(Winner::Pair(Yellow, Red)));
    let g = pos(json!({"rules": "solidari"}));
    assert_eq!(g.time_limit_result(), None, "all in the nest: a draw");
}

#[test]
fn invalid_positions_are_refused() {
    let base = json!({"rules": "jcf", "seats": ["yellow", "blue"], "turn": "yellow"});
    for (k, v) in [
        ("board", json!({"3": ["yellow"]})),
        ("board", json!({"blue-1": ["yellow"]})),
        ("board", json!({"30": ["yellow", "yellow", "blue"]})),
        ("board", json!({"30": ["red"]})),
        ("sixes", json!(3)),
        ("seats", json!(["blue", "yellow"])),
        ("last_moved", json!("40")),
        ("goal", json!({"yellow": 5})),
    ] {
        let mut p = base.clone();
        p[k] = v.clone();
        assert!(
            serde_json::from_value::<Game>(p).is_err(),
            "{k}={v} accepted"
        );
    }
}

#[test]
fn play_refuses_moves_that_are_not_legal_now() {
    let g = pos(json!({"board": {"10": ["yellow"], "30": ["blue"]}}))
        .roll(3)
        .unwrap();
    let other = pos(json!({"board": {"10": ["yellow"]}})).roll(4).unwrap();
    let foreign = other.legal_moves()[0];
    assert_eq!(g.play(foreign), Err(PlayError::IllegalMove));
    assert_eq!(g.pass().map(|_| ()), Err(PlayError::MustMove));
    assert_eq!(g.roll(2), Err(PlayError::NotAwaitingRoll));
}
