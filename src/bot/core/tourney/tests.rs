use super::*;
use crate::engine::ScriptedDice;

fn who(id: i64) -> SignedUp {
    SignedUp {
        id,
        name: format!("P{id}"),
    }
}

fn args(size: u8) -> TourneyArgs {
    TourneyArgs {
        preset: Preset::Jcf,
        table_size: size,
        limit_minutes: None,
        pairs: false,
    }
}

fn drawn(n: i64, forum: bool) -> Tourney {
    let mut t = Tourney::open(&who(1), args(2), None, forum);
    for id in 2..=n {
        t.join(&who(id)).expect("joins");
    }
    t.draw(7).expect("draws");
    t
}

#[test]
fn r10_1_the_sign_up_takes_each_person_once_and_the_draw_needs_two() {
    // Given a sign-up opened by 1, When 1 joins again, Then refused; 2 leaves without joining.
    let mut t = Tourney::open(&who(1), args(2), None, true);
    assert_eq!(t.join(&who(1)), Err(TReject::AlreadyIn));
    assert_eq!(t.leave(2), Err(TReject::NotIn));
    // When the draw is asked with one entrant, Then refused and nothing changes.
    assert_eq!(t.draw(1), Err(TReject::NeedTwo));
    assert_eq!(t.stage, Stage::SignUp);
    // When 2 joins and the draw is made, Then it runs and the sign-up is closed.
    t.join(&who(2)).expect("joins");
    t.draw(1).expect("draws");
    assert_eq!(t.stage, Stage::Running);
    assert_eq!(t.join(&who(3)), Err(TReject::NotSignUp));
}

#[test]
fn every_table_of_the_round_is_called_at_once_and_once() {
    // Given 8 entrants at 2-seat tables, When drawn (in a forum or not), Then 4 tables are
    // to be called; once one is called (a second call changes nothing), the 3 others.
    assert_eq!(drawn(8, true).tables_to_call().len(), 4);
    let mut group = drawn(8, false);
    let first = group.tables_to_call();
    assert_eq!(first.len(), 4);
    group.call(first[0], Some(-1), 100);
    group.call(first[0], Some(-9), 100);
    assert_eq!(group.tables_to_call().len(), 3);
    assert_eq!(
        group.play(first[0]).and_then(|p| p.topic),
        Some(-1),
        "called once"
    );
}

#[test]
fn a_table_starts_once_and_its_result_puts_the_winner_through_to_the_champion() {
    // Given 4 entrants in a forum, When every table is called, started and won by its first
    // side, round after round, Then a champion is there and the stage is finished.
    let mut t = drawn(4, true);
    let mut dice = ScriptedDice::new(&[]);
    for _ in 0..4 {
        for at in t.tables_to_call() {
            t.call(at, Some(10), 0);
            let people = t.people_at(at);
            assert_eq!(t.ready(at, people[0]), Ok(false));
            assert_eq!(t.ready(at, people[1]), Ok(true), "both ready");
            t.start_table(at, 5).expect("starts");
            assert_eq!(t.start_table(at, 6), Err(TReject::AlreadyStarted));
            assert_eq!(t.ready(at, people[0]), Err(TReject::AlreadyStarted));
            let side = t
                .tournament
                .as_ref()
                .and_then(|x| x.table(at))
                .expect("a table")
                .sides[0];
            t.table_finished(at, Outcome::Won(side), &mut dice)
                .expect("applies");
            assert!(
                t.table_finished(at, Outcome::Won(side), &mut dice).is_err(),
                "a result applies once"
            );
        }
    }
    assert_eq!(t.stage, Stage::Finished);
    assert!(
        t.tournament
            .as_ref()
            .and_then(Tournament::champion)
            .is_some()
    );
    // Each decided table waits for its post (due now); once all are posted, nothing is due.
    assert_eq!(t.unposted.len(), 3, "4 entrants: 2 tables, then the final");
    assert_eq!(t.due(0, 60_000, 1000), Some(0));
    for at in t.unposted.clone() {
        t.posted(at);
    }
    assert_eq!(t.due(0, 60_000, 1000), None);
}

#[test]
fn the_host_replaces_an_entrant_by_a_computer_who_then_sits_at_its_table() {
    // Given 4 entrants drawn, When the host replaces the 2nd of the draw, Then its seat at
    // its table is a computer's; a number past the draw is refused and changes nothing.
    let mut t = drawn(4, true);
    let seq = t.seq;
    assert_eq!(t.replace(9), Err(TReject::NotIn));
    assert_eq!(t.seq, seq);
    let side = t.tournament.as_ref().expect("drawn").draw_order()[1];
    let name = t.replace(2).expect("replaced");
    let tn = t.tournament.as_ref().expect("drawn");
    assert_eq!(tn.entrant(side).map(|e| e.name.clone()), Some(name));
    let at = t.tables_to_call()[0];
    let seats = seats_of(tn, at);
    assert!(
        seats
            .iter()
            .any(|s| s.side == side && s.computer.is_some() && s.id < 0)
    );
}

#[test]
fn r6_3_a_timed_table_is_due_at_its_limit_and_a_waiting_one_at_its_ready_deadline() {
    // Given a 2-entrant tournament with a 30-minute limit, When called, Then due at the Ready
    // deadline; When started at 1000, Then due at the limit or the next check, the earlier.
    let mut t = Tourney::open(
        &who(1),
        TourneyArgs {
            limit_minutes: Some(30),
            ..args(2)
        },
        None,
        true,
    );
    t.join(&who(2)).expect("joins");
    t.draw(3).expect("draws");
    let at = t.tables_to_call()[0];
    t.call(at, Some(4), 500);
    assert_eq!(t.due(0, 60_000, 10_000_000), Some(500));
    t.start_table(at, 1000).expect("starts");
    assert_eq!(t.limit_at(at, 60_000), Some(1000 + 30 * 60_000));
    assert_eq!(t.due(2000, 60_000, 10_000_000), Some(1000 + 30 * 60_000));
    assert_eq!(t.due(2000, 60_000, 5000), Some(7000));
}

#[test]
fn tournament_arguments_take_rules_table_size_and_limit_and_refuse_anything_else() {
    // Given /tournament arguments, When parsed, Then the command, or the offending word.
    assert_eq!(
        parse_tourney("classic 2 15m"),
        Ok(TourneyCmd::Open(TourneyArgs {
            preset: Preset::Classic,
            table_size: 2,
            limit_minutes: Some(15),
            pairs: false,
        }))
    );
    assert_eq!(parse_tourney("start"), Ok(TourneyCmd::Start));
    assert_eq!(parse_tourney("cancel now"), Err("now".into()));
    assert_eq!(parse_tourney("3"), Err("3".into()));
    assert_eq!(parse_tourney("0m"), Err("0m".into()));
    assert_eq!(
        parse_tourney("advance 2 1 did not come"),
        Ok(TourneyCmd::Advance {
            table: 2,
            side: 1,
            reason: "did not come".into()
        })
    );
    assert!(parse_tourney("advance 2 1").is_err(), "a reason is needed");
    assert_eq!(parse_tourney("replace 3"), Ok(TourneyCmd::Replace(3)));
    assert_eq!(parse_tourney("replace x"), Err("x".into()));
    assert_eq!(parse_tourney("replace 3 4"), Err("4".into()));
}

#[test]
fn every_sub_command_is_taken_in_the_words_each_locale_shows() {
    // Given the sub-commands as the usage text of each language writes them (and without
    // accents), When parsed, Then the same command as the English word.
    for w in [
        "start",
        "comença",
        "Comença",
        "començar",
        "empieza",
        "empezar",
        "comienza",
    ] {
        assert_eq!(parse_tourney(w), Ok(TourneyCmd::Start), "{w}");
    }
    for w in ["cancel", "cancel·la", "cancela", "cancelar", "anul·la"] {
        assert_eq!(parse_tourney(w), Ok(TourneyCmd::Cancel), "{w}");
    }
    for w in ["partner", "parella", "pareja", "company", "compañero"] {
        assert_eq!(parse_tourney(w), Ok(TourneyCmd::Partner), "{w}");
    }
    for w in ["replace 2", "substitueix 2", "reemplaza 2", "sustituye 2"] {
        assert_eq!(parse_tourney(w), Ok(TourneyCmd::Replace(2)), "{w}");
    }
    for w in [
        "advance 1 2 absent",
        "avança 1 2 absent",
        "avanza 1 2 absent",
    ] {
        assert_eq!(
            parse_tourney(w),
            Ok(TourneyCmd::Advance {
                table: 1,
                side: 2,
                reason: "absent".into()
            }),
            "{w}"
        );
    }
    // And the texts that name a sub-command use only words that parse: every
    // "/tournament <word>" in the four usage texts.
    for lang in crate::i18n::Lang::ALL {
        let usage = crate::i18n::tr_plain(
            lang,
            &crate::i18n::Msg::Tourney(crate::i18n::TourneyMsg::Usage),
        );
        for part in usage.split("/tournament ").skip(1) {
            let word = part
                .split([' ', ',', '.', ')', '('])
                .next()
                .unwrap_or_default();
            if word.starts_with('[') {
                continue;
            }
            let args = match word {
                "replace" | "substitueix" | "reemplaza" => format!("{word} 1"),
                "advance" | "avança" | "avanza" => format!("{word} 1 1 x"),
                w => w.to_owned(),
            };
            assert!(parse_tourney(&args).is_ok(), "{lang}: /tournament {word}");
        }
    }
    // And a Catalan rule-set word opens a sign-up.
    assert!(matches!(
        parse_tourney("clàssic 2"),
        Ok(TourneyCmd::Open(TourneyArgs {
            preset: Preset::Classic,
            ..
        }))
    ));
}

#[test]
fn a_table_s_call_mentions_each_person_by_their_own_name_escaped_and_names_the_final() {
    use crate::bot::core::view::tourney::{call_text, drawn_head, is_last, seed_line};
    use crate::i18n::Lang;
    // Given a drawn tournament of two: a person named "<Ana> & co" and P2
    let mut t = Tourney::open(
        &SignedUp {
            id: 1,
            name: "<Ana> & co".into(),
        },
        args(2),
        None,
        false,
    );
    t.join(&who(2)).expect("joins");
    t.draw(7).expect("draws");
    let tn = t.tournament.clone().expect("drawn");
    let at = t.tables_to_call()[0];
    // When its only table (the Final) is called
    let text = call_text(Lang::Ca, &t, at, &crate::stats::ChatZone::default());
    // Then both players are mentions that notify them, the names escaped
    assert!(
        text.contains("<a href=\"tg://user?id=1\">&lt;Ana&gt; &amp; co</a>"),
        "{text}"
    );
    assert!(text.contains("<a href=\"tg://user?id=2\">P2</a>"), "{text}");
    // and the table is the Final, named so
    assert!(is_last(&tn, at));
    assert!(text.starts_with("🏆 <b>Final</b>"), "{text}");
    // And the draw's head counts entrants without the seed, which /bracket's line carries
    let head = drawn_head(Lang::En, &tn);
    assert!(head.contains("2 entrants"), "{head}");
    assert!(!head.contains(&tn.seed().to_string()), "{head}");
    assert!(seed_line(Lang::En, &tn).contains(&tn.seed().to_string()));
    // And once its game is under way, the bracket marks it with 🎮: ⏳ is kept for time
    t.call(at, None, 0);
    t.start_table(at, 0).expect("starts");
    let labels = crate::tournament::Labels {
        rounds: vec!["Final".into()],
        bye: "bye".into(),
        champion: "Champion".into(),
    };
    let text = crate::tournament::bracket_text(t.tournament.as_ref().expect("drawn"), &labels);
    assert!(text.contains(" 🎮"), "{text}");
    assert!(!text.contains('⏳'), "{text}");
}

#[test]
fn the_first_round_of_three_is_not_the_final_and_its_tables_are_numbered() {
    use crate::bot::core::view::tourney::{call_text, is_last};
    use crate::i18n::Lang;
    // Given eight entrants at tables of 2 (three rounds)
    let t = drawn(8, false);
    let tn = t.tournament.clone().expect("drawn");
    let calls = t.tables_to_call();
    assert_eq!(calls.len(), 4);
    // Then round 1's tables are not the Final, and each call names its round and table
    for (i, &at) in calls.iter().enumerate() {
        assert!(!is_last(&tn, at));
        let text = call_text(Lang::Es, &t, at, &crate::stats::ChatZone::default());
        assert!(
            text.starts_with(&format!("🏆 <b>Ronda 1 · mesa {}</b>", i + 1)),
            "{text}"
        );
        assert_eq!(text.matches("tg://user?id=").count(), 2, "{text}");
    }
}

#[test]
fn a_table_whose_place_is_busy_puts_its_start_off_longer_each_time_up_to_the_check() {
    // Given a called table past its Ready deadline (at 100 ms)
    let mut t = drawn(2, false);
    let at = TableId::new(0, 0);
    t.call(at, Some(-1), 100);
    assert_eq!(t.due_to_start(100), vec![at]);
    assert_eq!(t.due(100, 60_000, 20_000), Some(100));
    // When its place is busy at 100, Then it is due again 5 s later, not at once,
    t.start_blocked(at, 100);
    assert_eq!(t.due_to_start(100), Vec::<TableId>::new());
    assert_eq!(t.due(100, 60_000, 20_000), Some(5_100));
    assert_eq!(t.due_to_start(5_100), vec![at]);
    // and each further try waits twice as long, up to the check's 20 s.
    let mut waits = Vec::new();
    let mut now = 5_100;
    for _ in 0..4 {
        t.start_blocked(at, now);
        let next = t.due(now, 60_000, 1_000_000).expect("due");
        waits.push(next - now);
        now = next;
    }
    assert_eq!(waits, [10_000, 20_000, 20_000, 20_000]);
    // When it starts at last, Then nothing is put off any more.
    t.start_table(at, now).expect("starts");
    assert_eq!(t.due_to_start(now + 100_000), Vec::<TableId>::new());
}

#[test]
fn r10_5_the_extension_buttons_go_stale_when_the_table_is_decided_and_are_due_then() {
    // Given a table of a timed tournament being played, its extension buttons in message 20
    let mut t = drawn(2, false);
    let at = TableId::new(0, 0);
    t.call(at, Some(-1), 0);
    t.start_table(at, 0).expect("starts");
    t.set_ext_msg(at, 20);
    assert!(t.stale_msgs.is_empty());
    // When the host decides the table, Then the buttons no longer apply and are due now
    // (even though the tournament is over)
    let winner = t
        .tournament
        .as_ref()
        .expect("drawn")
        .table(at)
        .expect("a table")
        .sides[0];
    t.advance(at, winner, "walkover").expect("advanced");
    assert_eq!(t.stale_msgs, [20]);
    assert_eq!(t.tables[0].ext_msg, None);
    assert_eq!(t.stage, Stage::Finished);
    t.posted(at);
    assert_eq!(t.due(1_000, 60, 20), Some(1_000));
}

#[test]
fn draw_refused_tells_what_the_draw_of_singles_would_answer() {
    // Given a sign-up of the host alone, Then the draw would want a second entrant;
    let mut t = Tourney::open(&who(1), args(2), None, false);
    assert_eq!(t.draw_refused(), Some(TReject::NeedTwo));
    // with nobody in (the host left) too;
    t.leave(1).expect("leaves");
    assert_eq!(t.draw_refused(), Some(TReject::NeedTwo));
    // with two it can be made, and once made the sign-up is closed.
    t.join(&who(1)).expect("joins");
    t.join(&who(2)).expect("joins");
    assert_eq!(t.draw_refused(), None);
    t.draw(3).expect("draws");
    assert_eq!(t.draw_refused(), Some(TReject::NotSignUp));
}

#[test]
fn a_full_sign_up_is_full_and_refuses_a_join() {
    let mut t = Tourney::open(&who(1), args(2), None, false);
    for id in 2..=i64::try_from(MAX_SIGNUP).expect("small") {
        assert!(!t.is_full());
        t.join(&who(id)).expect("joins");
    }
    assert!(t.is_full());
    assert_eq!(t.join(&who(1000)), Err(TReject::Full));
}
