//! R10.3–R10.5 A tournament under way: winners go through, drawn tables are rolled off,
//! extensions are accepted or refused, the host replaces entrants and advances tables; the
//! stored form round-trips; the plain-text bracket.

use parxis::ai::Level;
use parxis::engine::{Preset, ScriptedDice};
use parxis::tournament::{
    Answer, Entrant, Labels, Member, Outcome, State, TableId, TableResult, Tournament,
    TournamentError, bracket_text,
};

fn singles(n: usize, size: u8) -> Tournament {
    let names = [
        "Núria", "Pau", "Iñaki", "Vicent", "Amparo", "Xavi", "Maria", "Toni",
    ];
    let e = (0..n)
        .map(|i| Entrant::human(i as i64, names[i % 8]))
        .collect();
    Tournament::draw(Preset::Solidari, false, size, e, 11).expect("valid draw")
}

fn no_dice() -> ScriptedDice {
    ScriptedDice::new(&[])
}

const T0: TableId = TableId { round: 0, table: 0 };

#[test]
fn winners_go_through_in_bracket_order_until_a_champion_is_left() {
    // R10.3–R10.4 Given 4 entrants at 2-seat tables, When table 1 and table 2 are won by their
    // second sides, Then round 2 is those two winners in table order, and its winner is the
    // champion.
    let mut t = singles(4, 2);
    let w1 = t.table(T0).unwrap().sides[1];
    let t1 = TableId::new(0, 1);
    let w2 = t.table(t1).unwrap().sides[1];
    t.table_finished(T0, Outcome::Won(w1), &mut no_dice())
        .unwrap();
    assert_eq!(t.rounds().len(), 1, "round 2 waits for the last table");
    assert_eq!(t.state(), State::Playing { round: 0 });
    t.table_finished(t1, Outcome::Won(w2), &mut no_dice())
        .unwrap();
    assert_eq!(t.state(), State::Playing { round: 1 });
    assert_eq!(t.rounds()[1].tables[0].sides, vec![w1, w2]);
    let fin = TableId::new(1, 0);
    t.table_finished(fin, Outcome::Won(w2), &mut no_dice())
        .unwrap();
    assert_eq!(t.state(), State::Finished { champion: w2 });
    assert_eq!(t.open_tables(), vec![]);
    assert_eq!(
        t.table_finished(fin, Outcome::Won(w2), &mut no_dice()),
        Err(TournamentError::Finished)
    );
}

#[test]
fn a_drawn_table_is_decided_by_a_roll_off_and_the_rolls_are_kept() {
    // R10.3 Given a 4-seat table of 4 sides, When the game is drawn between sides 0 and 2 and
    // they roll 5–5 then 3–6, Then side 2 goes through and both rounds of rolls are kept;
    // the sides not tied do not roll.
    let mut t = singles(4, 4);
    let s = t.table(T0).unwrap().sides.clone();
    let mut dice = ScriptedDice::new(&[5, 5, 3, 6]);
    t.table_finished(T0, Outcome::Drawn(vec![s[2], s[0]]), &mut dice)
        .unwrap();
    let expected = TableResult::RollOff {
        winner: s[2],
        rolls: vec![vec![(s[0], 5), (s[2], 5)], vec![(s[0], 3), (s[2], 6)]],
    };
    assert_eq!(t.rounds()[0].tables[0].result, expected);
    assert_eq!(t.champion(), Some(s[2]));
}

#[test]
fn a_roll_off_needs_two_sides_of_the_table() {
    // Given a table, When a draw names one side twice or a side from elsewhere, Then it is
    // refused and nothing changes.
    let mut t = singles(4, 2);
    let before = t.clone();
    let s = t.table(T0).unwrap().sides.clone();
    let other = t.rounds()[0].tables[1].sides[0];
    assert_eq!(
        t.table_finished(T0, Outcome::Drawn(vec![s[0], s[0]]), &mut no_dice()),
        Err(TournamentError::RollOffSides)
    );
    assert_eq!(
        t.table_finished(T0, Outcome::Drawn(vec![s[0], other]), &mut no_dice()),
        Err(TournamentError::NotAtTable(other))
    );
    assert_eq!(
        t.table_finished(T0, Outcome::Won(other), &mut no_dice()),
        Err(TournamentError::NotAtTable(other))
    );
    assert_eq!(t, before);
}

#[test]
fn only_tables_of_the_current_round_can_be_decided() {
    // Given 5 entrants (one played table and three byes in round 1), When a bye, a round-2
    // table or a table that does not exist is decided, Then each is refused.
    let mut t = singles(5, 2);
    let bye = TableId::new(0, 1);
    let side = t.table(bye).unwrap().sides[0];
    assert_eq!(
        t.table_finished(bye, Outcome::Won(side), &mut no_dice()),
        Err(TournamentError::TableDecided)
    );
    assert_eq!(
        t.advance_by_hand(TableId::new(1, 0), side, "x"),
        Err(TournamentError::NoSuchTable)
    );
    assert_eq!(
        t.start_table(TableId::new(0, 9), None),
        Err(TournamentError::NoSuchTable)
    );
    let w = t.table(T0).unwrap().sides[0];
    t.table_finished(T0, Outcome::Won(w), &mut no_dice())
        .unwrap();
    assert_eq!(
        t.start_table(T0, None),
        Err(TournamentError::NotCurrentRound)
    );
}

/// A 2-seat table being played with a 30-minute limit.
fn timed() -> (Tournament, u16, u16) {
    let mut t = singles(2, 2);
    t.start_table(T0, Some(30)).unwrap();
    let s = t.table(T0).unwrap().sides.clone();
    (t, s[0], s[1])
}

#[test]
fn an_extension_is_added_when_the_other_side_accepts() {
    // R10.5 Given a timed table, When one side proposes 10 minutes and the other accepts,
    // Then 10 minutes are added and no proposal is left; a second one of 5 adds up to 15.
    let (mut t, a, b) = timed();
    t.propose_extension(T0, a, 10).unwrap();
    assert_eq!(
        t.table(T0).unwrap().extra_minutes,
        0,
        "not before the answer"
    );
    assert_eq!(t.answer_extension(T0, b, true), Ok(Answer::Added(10)));
    let slot = t.table(T0).unwrap();
    assert_eq!((slot.extra_minutes, slot.proposal.clone()), (10, None));
    t.propose_extension(T0, b, 5).unwrap();
    assert_eq!(t.answer_extension(T0, a, true), Ok(Answer::Added(5)));
    assert_eq!(t.table(T0).unwrap().extra_minutes, 15);
}

#[test]
fn a_refused_extension_adds_nothing() {
    // R10.5 Given a timed table, When one side proposes 15 minutes and the other refuses,
    // Then nothing is added and a new proposal may be made.
    let (mut t, a, b) = timed();
    t.propose_extension(T0, a, 15).unwrap();
    assert_eq!(t.answer_extension(T0, b, false), Ok(Answer::Refused));
    let slot = t.table(T0).unwrap();
    assert_eq!((slot.extra_minutes, slot.proposal.clone()), (0, None));
    t.propose_extension(T0, a, 5).unwrap();
}

#[test]
fn extensions_follow_their_rules() {
    // R10.5 Given a timed table, When the minutes are not 5/10/15, the proposer answers
    // itself, a second proposal is made while one waits, or a side from elsewhere acts,
    // Then each is refused; an untimed or unstarted table takes no proposal.
    let (mut t, a, b) = timed();
    assert_eq!(
        t.propose_extension(T0, a, 7),
        Err(TournamentError::Minutes(7))
    );
    assert_eq!(
        t.answer_extension(T0, b, true),
        Err(TournamentError::NoProposal)
    );
    t.propose_extension(T0, a, 5).unwrap();
    assert_eq!(
        t.propose_extension(T0, b, 5),
        Err(TournamentError::ProposalPending)
    );
    assert_eq!(
        t.answer_extension(T0, a, true),
        Err(TournamentError::OwnProposal)
    );
    assert_eq!(
        t.answer_extension(T0, 9, true),
        Err(TournamentError::NotAtTable(9))
    );
    // Once the table ends, the proposal goes with it.
    t.table_finished(T0, Outcome::Won(a), &mut no_dice())
        .unwrap();
    assert_eq!(t.table(T0).unwrap().proposal, None);

    let mut untimed = singles(2, 2);
    let s = untimed.table(T0).unwrap().sides[0];
    assert_eq!(
        untimed.propose_extension(T0, s, 5),
        Err(TournamentError::NotPlaying)
    );
    untimed.start_table(T0, None).unwrap();
    assert_eq!(
        untimed.propose_extension(T0, s, 5),
        Err(TournamentError::NoTimeLimit)
    );
    assert_eq!(
        untimed.start_table(T0, None),
        Err(TournamentError::TableDecided)
    );
}

#[test]
fn at_a_table_of_four_every_other_side_must_accept() {
    // R10.5 Given a timed 4-side table, When one side proposes, Then two acceptances leave it
    // waiting and the third adds it; a single refusal drops another proposal.
    let mut t = singles(4, 4);
    t.start_table(T0, Some(30)).unwrap();
    let s = t.table(T0).unwrap().sides.clone();
    t.propose_extension(T0, s[0], 10).unwrap();
    assert_eq!(t.answer_extension(T0, s[1], true), Ok(Answer::Waiting));
    assert_eq!(
        t.answer_extension(T0, s[1], true),
        Err(TournamentError::AlreadyAnswered)
    );
    assert_eq!(t.answer_extension(T0, s[2], true), Ok(Answer::Waiting));
    assert_eq!(t.answer_extension(T0, s[3], true), Ok(Answer::Added(10)));
    t.propose_extension(T0, s[3], 5).unwrap();
    assert_eq!(t.answer_extension(T0, s[0], true), Ok(Answer::Waiting));
    assert_eq!(t.answer_extension(T0, s[1], false), Ok(Answer::Refused));
    assert_eq!(t.table(T0).unwrap().extra_minutes, 10);
}

#[test]
fn the_host_advances_a_table_by_hand_with_a_reason() {
    // Given an open table, When the host advances a side with a reason, Then that side goes
    // through and the reason is kept; an empty or overlong reason is refused.
    let mut t = singles(2, 2);
    let s = t.table(T0).unwrap().sides.clone();
    assert_eq!(
        t.advance_by_hand(T0, s[1], "  "),
        Err(TournamentError::Reason(200))
    );
    assert_eq!(
        t.advance_by_hand(T0, s[1], &"x".repeat(201)),
        Err(TournamentError::Reason(200))
    );
    t.advance_by_hand(T0, s[1], " Pau did not come ").unwrap();
    assert_eq!(
        t.table(T0).unwrap().result,
        TableResult::ByHand {
            winner: s[1],
            reason: "Pau did not come".into()
        }
    );
    assert_eq!(t.champion(), Some(s[1]));
}

#[test]
fn an_absent_entrant_is_replaced_by_a_computer_but_not_once_out() {
    // Given a tournament, When the host replaces an entrant still in, Then its member is a
    // computer of that level and it keeps its name and place; an entrant who lost, a
    // missing member or entrant are refused.
    let mut t = singles(4, 2);
    let s = t.table(T0).unwrap().sides.clone();
    let name = t.entrant(s[0]).unwrap().name.clone();
    t.replace_entrant(s[0], 0, Level::Hard).unwrap();
    assert_eq!(
        t.entrant(s[0]).unwrap().members,
        vec![Member::Computer(Level::Hard)]
    );
    assert_eq!(t.entrant(s[0]).unwrap().name, name);
    assert!(t.is_computer(s[0]));
    assert_eq!(
        t.replace_entrant(s[1], 1, Level::Easy),
        Err(TournamentError::Members(s[1]))
    );
    assert_eq!(
        t.replace_entrant(40, 0, Level::Easy),
        Err(TournamentError::NoSuchEntrant(40))
    );
    t.table_finished(T0, Outcome::Won(s[0]), &mut no_dice())
        .unwrap();
    assert_eq!(
        t.replace_entrant(s[1], 0, Level::Easy),
        Err(TournamentError::Eliminated(s[1]))
    );
}

#[test]
fn the_stored_form_round_trips_and_is_compact_and_versioned() {
    // Given a 64-entrant tournament half played, When stored as JSON and read back, Then it
    // is equal, under 8 KB, and carries version 1; another version is refused.
    let e = (0..64)
        .map(|i| Entrant::human(1_000_000 + i, &format!("Player {i}")))
        .collect();
    let mut t = Tournament::draw(Preset::Jcf, false, 2, e, 5).unwrap();
    for at in t.open_tables().into_iter().take(16) {
        let w = t.table(at).unwrap().sides[0];
        t.table_finished(at, Outcome::Won(w), &mut no_dice())
            .unwrap();
    }
    let json = serde_json::to_string(&t).unwrap();
    assert!(json.len() < 8 * 1024, "{} bytes", json.len());
    assert!(json.starts_with(r#"{"v":1,"#), "{}", &json[..20]);
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    back.check_version().unwrap();
    let old: Tournament = serde_json::from_str(&json.replacen(r#""v":1"#, r#""v":0"#, 1)).unwrap();
    assert_eq!(old.check_version(), Err(TournamentError::Version(0)));
}

#[test]
fn the_text_bracket_shows_rounds_byes_winners_and_the_champion() {
    // Given 3 entrants at 2-seat tables (one bye), When table 1 is drawn and rolled off and
    // the final won, Then the text lists each round, the bye, the roll-off and the champion.
    let mut t = singles(3, 2);
    let labels = Labels {
        rounds: vec!["Round 1".into(), "Final".into()],
        bye: "bye".into(),
        champion: "Champion".into(),
    };
    let name = |t: &Tournament, s: u16| t.entrant(s).unwrap().name.clone();
    let s = t.table(T0).unwrap().sides.clone();
    let bye = t.rounds()[0].tables[1].sides[0];
    let start = bracket_text(&t, &labels);
    assert_eq!(
        start,
        format!(
            "▶ Round 1\n1. {} – {}\n2. {} (bye)\nFinal\n1. ? – {}\n",
            name(&t, s[0]),
            name(&t, s[1]),
            name(&t, bye),
            name(&t, bye)
        )
    );
    t.table_finished(
        T0,
        Outcome::Drawn(s.clone()),
        &mut ScriptedDice::new(&[2, 4]),
    )
    .unwrap();
    t.table_finished(TableId::new(1, 0), Outcome::Won(bye), &mut no_dice())
        .unwrap();
    let end = bracket_text(&t, &labels);
    assert!(
        end.contains(&format!("1. {} – {} ✓ 🎲", name(&t, s[0]), name(&t, s[1]))),
        "{end}"
    );
    assert!(
        end.ends_with(&format!("🏆 Champion: {}\n", name(&t, bye))),
        "{end}"
    );
}
