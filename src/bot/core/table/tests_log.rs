//! The game's log ([`GameLog`]): kept through every kind of turn, through the store's JSON,
//! replayed by [`crate::bot::core::replay::walk`] to the table's own final position; older tables load.

use rand::SeedableRng;

use super::test_support::{actor, dice};
use super::*;
use crate::bot::core::replay::sample::{self, Sample};

fn rng() -> rand_chacha::ChaCha8Rng {
    rand_chacha::ChaCha8Rng::seed_from_u64(9)
}

#[test]
fn a_seeded_game_s_log_replays_to_the_table_s_own_final_position() {
    for players in [2, 4, 6, 8] {
        // Given a seeded game (two people among the seats: timeouts, an absence, a return),
        let mut s = Sample::computers(players, 41);
        s.people = true;
        let t = sample::play(&s).expect("a game");
        let Stage::Finished(end) = &t.stage else {
            panic!("{players} players: not finished: {:?}", t.status());
        };
        // When its record is played again through the engine,
        let r = t.replay().expect("a finished game has its record");
        let w = crate::bot::core::replay::walk(&r).expect("the record replays");
        // Then it ends where the table ended, with as many moves and rolls,
        assert_eq!(w.last(), end, "{players} players");
        assert_eq!(w.moves() as u32, t.stats.moves, "{players} players");
        let rolls = w.steps.iter().filter(|s| s.roll.is_some()).count();
        assert_eq!(rolls as u32, t.stats.rolls, "{players} players");
        // and it is compact: under 2 bytes a roll or move.
        let n = (t.stats.moves + t.stats.rolls) as usize;
        assert!(r.log.len() < 2 * n, "{} bytes for {n} steps", r.log.len());
    }
}

#[test]
fn timeouts_skips_absences_returns_and_departures_are_logged_in_order() {
    // Given three humans in play (yellow, red, green: /timer played by the bot),
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false);
    for id in 2..=3 {
        t = t
            .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    let mut t = t
        .act(&actor(1), Action::Start, 0, &mut dice(&[6, 1, 2]))
        .expect("start");
    assert!(t.log.as_str().starts_with("o612."), "{}", t.log.as_str());
    // When yellow's turn times out three times (absent after the third),
    for _ in 0..3 {
        while t.to_move().map(|p| p.id) != Some(1) {
            let id = t.to_move().expect("a seat").id;
            t = t
                .act(&actor(id), Action::Roll, 0, &mut dice(&[3]))
                .expect("roll");
        }
        t = t
            .automatic_turn(0, &mut dice(&[2]), &mut rng())
            .expect("the timer plays");
    }
    let text = t.log.as_str().to_owned();
    assert!(
        text.contains("t12") && text.contains("t22") && text.ends_with("t32x"),
        "{text}"
    );
    // and the host skips red's turn, yellow comes back, and green leaves,
    while t.to_move().map(|p| p.id) != Some(2) {
        t = t
            .computer_turn(0, &mut dice(&[3]), &mut rng())
            .unwrap_or_else(|| {
                let id = t.to_move().expect("a seat").id;
                t.act(&actor(id), Action::Roll, 0, &mut dice(&[3]))
                    .expect("roll")
            });
    }
    t = t
        .skipped_turn(0, &mut dice(&[4]), &mut rng())
        .expect("skipped");
    assert!(t.log.as_str().ends_with("s14"), "{}", t.log.as_str());
    t = t
        .returning(
            1,
            0,
            Timing {
                pause_ms: 0,
                turn_ms: 0,
            },
        )
        .expect("yellow is back");
    assert!(t.log.as_str().ends_with("h0"), "{}", t.log.as_str());
    let green = t.players[2].colour.expect("seated");
    t = t
        .act(&actor(3), Action::Leave, 0, &mut dice(&[1]))
        .expect("leave");
    assert!(
        t.log.as_str().ends_with(&format!("l{}", green.index())),
        "{}",
        t.log.as_str()
    );
    // Then the steps read back in that order.
    let steps = t.log.steps().expect("a log");
    let kinds: Vec<&Step> = steps
        .iter()
        .filter(|s| !matches!(s, Step::Roll(_) | Step::Move { .. } | Step::RollOff(_)))
        .collect();
    assert_eq!(
        kinds,
        [
            &Step::TimedOut { strike: 1 },
            &Step::TimedOut { strike: 2 },
            &Step::TimedOut { strike: 3 },
            &Step::Absent,
            &Step::Skipped { strike: 1 },
            &Step::Back(Colour::Yellow),
            &Step::Left(green),
        ]
    );
}

#[test]
fn the_log_is_stored_and_an_older_table_without_it_loads_and_has_no_replay() {
    // Given a game in play with a log,
    let t = sample::play(&Sample::computers(2, 3)).expect("a game");
    let r = t.replay().expect("finished with a record");
    // When stored and read back, Then the log is kept,
    let json = serde_json::to_value(&t).expect("encode");
    assert_eq!(json["log"].as_str(), Some(r.log.as_str()));
    let back: Table = serde_json::from_value(json.clone()).expect("decode");
    assert_eq!(back.log, t.log);
    // and a table stored before logs were kept loads with none: its game has no replay.
    let mut old = json;
    old.as_object_mut().expect("an object").remove("log");
    let loaded: Table = serde_json::from_value(old).expect("an older record loads");
    assert!(loaded.log.is_empty());
    assert_eq!(loaded.replay(), None);
    // A lobby stores no log at all.
    let lobby = serde_json::to_value(Table::lobby(&actor(1), Preset::Jcf, false)).expect("json");
    assert!(lobby.get("log").is_none(), "{lobby}");
}

#[test]
fn a_log_that_is_not_a_game_is_refused_by_the_walk() {
    let t = sample::play(&Sample::computers(2, 5)).expect("a game");
    let mut r = t.replay().expect("a record");
    // A move index beyond the legal moves, a roll cut off, a changed roll-off.
    for bad in [
        r.log.as_str().replacen('*', "d", 1),
        r.log.as_str()[..r.log.len() - 3].to_owned(),
        r.log.as_str().replacen("o", "o6", 1),
        format!("{}?", r.log.as_str()),
    ] {
        r.log = GameLog::from_text(&bad);
        assert!(
            crate::bot::core::replay::walk(&r).is_err(),
            "accepted {bad}"
        );
    }
}
