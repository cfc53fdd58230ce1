use super::*;
use crate::tournament::Member;

fn who(id: i64) -> SignedUp {
    SignedUp {
        id,
        name: format!("P{id}"),
    }
}

fn pairs_signup() -> Tourney {
    let args = parse_tourney("pairs").expect("parses");
    let TourneyCmd::Open(args) = args else {
        panic!("not an open: {args:?}");
    };
    Tourney::open(&who(1), args, None, false)
}

#[test]
fn r6_2_pairs_arguments_open_a_pairs_sign_up_of_tables_of_four() {
    // Given /tournament arguments naming pairs or the Solidari rules, When parsed, Then a
    // pairs sign-up of tables of 4; a pairs table of 2 is refused with its word.
    for a in ["pairs", "parelles", "PAREJAS classic", "solidari"] {
        let Ok(TourneyCmd::Open(o)) = parse_tourney(a) else {
            panic!("{a} not opened");
        };
        assert!(o.pairs, "{a}");
        assert_eq!(o.table_size, 4, "{a}");
    }
    assert_eq!(parse_tourney("pairs 2"), Err("2".into()));
    assert_eq!(parse_tourney("solidari 2"), Err("2".into()));
    assert_eq!(parse_tourney("partner"), Ok(TourneyCmd::Partner));
    assert_eq!(parse_tourney("partner x"), Err("x".into()));
    let Ok(TourneyCmd::Open(o)) = parse_tourney("jcf") else {
        panic!("jcf not opened");
    };
    assert!(!o.pairs);
}

#[test]
fn a_pair_is_made_by_an_invitation_its_partner_confirms() {
    // Given a pairs sign-up by 1, When 1 invites 2 and 2 confirms, Then 1 & 2 are partners
    // and 2 is signed up.
    let mut t = pairs_signup();
    t.invite(&who(1), 2).expect("invites");
    assert_eq!(t.partner_of(1), None, "not before the confirmation");
    // When 3 confirms an invitation that was 2's, Then refused and nothing changes.
    let before = t.clone();
    assert_eq!(t.confirm(&who(3), 1), Err(TReject::NotInvited));
    assert_eq!(t, before);
    t.confirm(&who(2), 1).expect("confirms");
    assert_eq!(t.partner_of(1), Some(2));
    assert_eq!(t.partner_of(2), Some(1));
    assert!(t.signup.iter().any(|s| s.id == 2));
    assert!(t.invites.is_empty());
    // When 3 invites 1 (paired already) or 3 invites 3, Then refused.
    assert_eq!(t.invite(&who(3), 1), Err(TReject::AlreadyPaired));
    assert_eq!(t.invite(&who(3), 3), Err(TReject::NotInvited));
    assert!(
        !t.signup.iter().any(|s| s.id == 3),
        "a refused invitation signs nobody up"
    );
}

#[test]
fn an_invitation_in_a_singles_sign_up_is_refused() {
    // Given a singles sign-up, When 1 invites 2, Then refused.
    let mut t = Tourney::open(
        &who(1),
        TourneyArgs {
            preset: crate::engine::Preset::Jcf,
            table_size: 4,
            limit_minutes: None,
            pairs: false,
        },
        None,
        false,
    );
    assert_eq!(t.invite(&who(1), 2), Err(TReject::NotPairs));
    assert!(t.invites.is_empty());
}

#[test]
fn leaving_breaks_the_pair_and_the_partner_stays_single() {
    // Given 1 & 2 partners and 3 invited by 4, When 2 leaves, Then 1 is single and still in;
    // When 4 leaves, Then the invitation to 3 is gone.
    let mut t = pairs_signup();
    t.invite(&who(1), 2).expect("invites");
    t.confirm(&who(2), 1).expect("confirms");
    t.invite(&who(4), 3).expect("invites");
    t.leave(2).expect("leaves");
    assert_eq!(t.partner_of(1), None);
    assert!(t.signup.iter().any(|s| s.id == 1));
    t.leave(4).expect("leaves");
    assert!(t.invites.is_empty());
    assert_eq!(t.confirm(&who(3), 4), Err(TReject::NotInvited));
}

#[test]
fn the_draw_pairs_the_singles_at_random_reproducibly_and_leaves_the_odd_one_out() {
    // Given 1 & 2 partners and singles 3..=7, When drawn with seed 11 twice, Then the same
    // pairs both times, the made pair kept, two random pairs and one single left out.
    let mut t = pairs_signup();
    t.invite(&who(1), 2).expect("invites");
    t.confirm(&who(2), 1).expect("confirms");
    for id in 3..=7 {
        t.join(&who(id)).expect("joins");
    }
    let mut again = t.clone();
    let p = t.draw(11).expect("draws");
    assert_eq!(again.draw(11).expect("draws"), p);
    assert_eq!(t.tournament, again.tournament);
    assert_eq!(p.random.len(), 2);
    let out = p.left_out.clone().expect("an odd one out");
    let tn = t.tournament.as_ref().expect("drawn");
    assert_eq!(tn.entrants().len(), 3);
    assert!(tn.entrants().iter().any(|e| e.name == "P1 & P2"));
    let mut seen: Vec<i64> = tn
        .entrants()
        .iter()
        .flat_map(|e| {
            assert_eq!(e.members.len(), 2, "every entrant is a pair");
            e.members.iter().filter_map(|m| match m {
                Member::Human(id) => Some(*id),
                Member::Computer(_) => None,
            })
        })
        .collect();
    seen.sort_unstable();
    let left: Vec<i64> = (1..=7).filter(|id| !seen.contains(id)).collect();
    assert_eq!(left.len(), 1);
    assert_eq!(out, format!("P{}", left[0]));
    // And another seed may pair them otherwise, but always reproducibly.
    let (e1, _) = again.clone().pair_entrants(12);
    let (e2, _) = again.pair_entrants(12);
    assert_eq!(e1, e2);
}

#[test]
fn a_pairs_draw_needs_two_pairs() {
    // Given a pairs sign-up of 3 singles, When drawn, Then refused (one pair and one odd)
    // and the sign-up stays open.
    let mut t = pairs_signup();
    t.join(&who(2)).expect("joins");
    t.join(&who(3)).expect("joins");
    assert_eq!(t.draw(1), Err(TReject::NeedTwoPairs));
    assert_eq!(t.stage, Stage::SignUp);
}

#[test]
fn r6_2_partners_sit_opposite_at_a_pairs_table() {
    // Given a 4-single pairs tournament drawn, When its table's seats are read, Then seats 1
    // and 3 are one pair, seats 2 and 4 the other.
    let mut t = pairs_signup();
    for id in 2..=4 {
        t.join(&who(id)).expect("joins");
    }
    t.draw(5).expect("draws");
    let tn = t.tournament.as_ref().expect("drawn");
    let at = tn.open_tables()[0];
    let seats = seats_of(tn, at);
    assert_eq!(seats.len(), 4);
    assert_eq!(seats[0].side, seats[2].side);
    assert_eq!(seats[1].side, seats[3].side);
    assert_ne!(seats[0].side, seats[1].side);
}

#[test]
fn an_invitations_button_goes_stale_once_the_invitation_stops_waiting() {
    // Given 1's invitation of 2 (message 10) and 3's of 4 (message 11)
    let mut t = pairs_signup();
    t.invite(&who(1), 2).expect("invites");
    t.set_invite_msg(1, 2, 10);
    t.invite(&who(3), 4).expect("invites");
    t.set_invite_msg(3, 4, 11);
    assert!(t.stale_msgs.is_empty());
    // When 1 invites 5 instead, Then the button of message 10 no longer applies
    t.invite(&who(1), 5).expect("invites");
    t.set_invite_msg(1, 5, 12);
    assert_eq!(t.stale_msgs, [10]);
    // When 5 confirms, Then message 12 is the pair's own (not stale), and 11 still waits
    t.confirm(&who(5), 1).expect("confirms");
    assert_eq!(t.stale_msgs, [10]);
    // When a message of an invitation replaced meanwhile is recorded, Then stale at once
    t.set_invite_msg(1, 2, 13);
    assert_eq!(t.stale_msgs, [10, 13]);
    // When the sign-up closes, Then 11 no longer applies either
    t.join(&who(6)).expect("joins");
    assert_eq!(t.stale_msgs, [10, 13]);
    t.draw(3).expect("draws");
    assert_eq!(t.stale_msgs, [10, 13, 11]);
    assert!(t.invite_msgs.is_empty());
    // When two are planned off, Then the third is still due now; once it is, nothing is
    t.unbuttoned(&[10, 13]);
    assert_eq!(t.stale_msgs, [11]);
    assert_eq!(t.due(1_000, 60_000, 20_000), Some(1_000));
    t.unbuttoned(&[11]);
    assert!(t.stale_msgs.is_empty());
}

#[test]
fn the_draw_is_refused_exactly_when_draw_refused_says_so_and_why() {
    // Given pairs sign-ups of 1 to 6 singles, and with a pair confirmed among them,
    for n in 1..=6 {
        for paired in [false, true] {
            let mut t = pairs_signup();
            for id in 2..=n {
                t.join(&who(id)).expect("joins");
            }
            if paired && n >= 2 {
                t.invite(&who(1), 2).expect("invites");
                t.confirm(&who(2), 1).expect("confirms");
            }
            // Then the pairs a draw would make are counted whatever its seed,
            let said = t.draw_refused();
            assert_eq!(
                t.pairs_at_draw(),
                t.pair_entrants(9).0.len(),
                "{n} {paired}"
            );
            // and the draw is refused with the reason said beforehand, or made.
            let before = t.clone();
            match t.draw(9) {
                Err(e) => {
                    assert_eq!(Some(e), said, "{n} {paired}");
                    assert_eq!(t, before, "a refused draw changes nothing");
                }
                Ok(_) => assert_eq!(said, None, "{n} {paired}"),
            }
            // Once drawn (or refused) the answer is the draw's own.
            assert_eq!(
                t.draw_refused().is_none(),
                t.clone().draw(9).is_ok(),
                "{n} {paired}"
            );
        }
    }
    // 3 singles are one pair and an odd one: refused for want of pairs; 4 make two pairs.
    let mut three = pairs_signup();
    three.join(&who(2)).expect("joins");
    three.join(&who(3)).expect("joins");
    assert_eq!(three.draw_refused(), Some(TReject::NeedTwoPairs));
    three.join(&who(4)).expect("joins");
    assert_eq!(three.draw_refused(), None);
}
