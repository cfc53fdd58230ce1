//! The ping plan: when, for whom, once a turn, the warning, the messages to delete.

use super::{PingKind, PingRecord, PingTiming, Sent};
use crate::bot::core::table::{Action, Actor, PlayerKind, Table, Timing};
use crate::engine::{Preset, ScriptedDice};

const UNIT: u64 = 1000;

fn actor(id: i64) -> Actor {
    Actor {
        id,
        name: format!("p{id}"),
        is_admin: false,
    }
}

/// Two humans in play, player 1 (yellow) to roll; the turn timer planned at `now`.
fn playing_two(now: u64, turn_ms: u64) -> Table {
    let t = Table::lobby(&actor(1), Preset::Jcf, false)
        .act(&actor(2), Action::Join, 0, &mut ScriptedDice::new(&[1]))
        .expect("join");
    let mut t = t
        .act(&actor(1), Action::Start, 0, &mut ScriptedDice::new(&[6, 1]))
        .expect("start");
    t.plan_deadline(
        now,
        Timing {
            pause_ms: 100,
            turn_ms,
        },
    );
    t
}

fn timing(after_s: u64, timer_s: u64) -> PingTiming {
    PingTiming {
        after_ms: after_s * UNIT,
        turn_ms: timer_s * UNIT,
        timer_unit_ms: UNIT,
    }
}

/// Player `id` acts on `t` at `now` (the die shows `die`), the timer planned again.
fn act(t: &Table, id: i64, action: Action, die: u8, now: u64, turn_ms: u64) -> Table {
    let mut n = t
        .act(&actor(id), action, now, &mut ScriptedDice::new(&[die]))
        .expect("a legal action");
    n.plan_deadline(
        now,
        Timing {
            pause_ms: 100,
            turn_ms,
        },
    );
    n
}

#[test]
fn a_waiting_human_is_pinged_after_the_wait_and_every_action_starts_the_wait_again() {
    // Given a game whose first player is to roll at t=0, pings after 30 s, no timer
    let t = playing_two(0, 0);
    let r = PingRecord::default()
        .plan(&t, 1, 0, timing(30, 0))
        .expect("a plan");
    // Then the ping is due at 30 s, for player 1, asking for a roll
    assert_eq!(r.player, Some(1));
    assert_eq!(r.due(), Some(30_000));
    assert_eq!(r.ping_now(&t, 29_999), None, "not before the wait");
    let ping = r.ping_now(&t, 30_000).expect("due");
    assert_eq!((ping.kind, ping.player), (PingKind::Roll, 1));
    // When the player rolls at 20 s (and must choose a move, or the turn passes)
    let t2 = act(&t, 1, Action::Roll, 5, 20_000, 0);
    let r2 = r.plan(&t2, 2, 20_000, timing(30, 0)).expect("a plan");
    // Then whoever is to move now waits 30 s from that action
    assert_eq!(r2.due(), Some(50_000));
}

#[test]
fn a_turn_gets_one_ordinary_ping_and_the_next_turn_its_own() {
    // Given player 1 pinged in their turn (the die a 5: they choose a move next)
    let t = playing_two(0, 0);
    let r = PingRecord::default()
        .plan(&t, 1, 0, timing(30, 0))
        .expect("a plan");
    let r = r.sent(PingKind::Roll, 77);
    assert!(r.pinged);
    // When they act in the same turn (a roll; their turn goes on with a 6)
    let t2 = act(&t, 1, Action::Roll, 6, 40_000, 0);
    assert_eq!(t2.to_move().map(|p| p.id), Some(1), "still their turn");
    let r2 = r.plan(&t2, 2, 40_000, timing(30, 0)).expect("a plan");
    // Then no second ping is planned in that turn, and the first is to be deleted
    assert_eq!(r2.due(), None);
    assert_eq!(r2.stale, vec![77]);
    assert_eq!(r2.sent, None);
    // When the turn passes to player 2 (a 3 takes no piece out of the quadre d'espera)
    let t3 = act(&t2, 1, Action::Roll, 3, 50_000, 0);
    assert_eq!(t3.to_move().map(|p| p.id), Some(2), "the turn passed");
    let r3 = r2.plan(&t3, 3, 50_000, timing(30, 0)).expect("a plan");
    assert_eq!(r3.player, Some(2));
    assert_eq!(r3.turn, r2.turn + 1);
    assert_eq!(r3.due(), Some(80_000));
}

#[test]
fn computers_absent_players_and_pings_off_get_no_ping() {
    // Given the player to move is a computer, then absent, then pings are off
    let t = playing_two(0, 0);
    let mut computer = t.clone();
    computer.players_mut()[0].kind = PlayerKind::Computer(crate::ai::Level::Easy);
    let mut absent = t.clone();
    absent.players_mut()[0].absent = true;
    for (table, after) in [(&computer, 30), (&absent, 30), (&t, 0)] {
        // When planned, Then nobody is to be pinged and nothing is due
        let r = PingRecord::default()
            .plan(table, 1, 0, timing(after, 0))
            .expect("a plan");
        assert_eq!((r.player, r.due()), (None, None));
        assert_eq!(r.ping_now(table, 1_000_000), None);
    }
}

#[test]
fn the_warning_comes_thirty_seconds_before_a_long_timer_and_replaces_a_ping_falling_with_it() {
    // Given a 120 s timer and pings after 30 s: the ping at 30 s, the warning at 90 s
    let t = playing_two(0, 120_000);
    let r = PingRecord::default()
        .plan(&t, 1, 0, timing(30, 120))
        .expect("a plan");
    assert_eq!((r.ping_due, r.warn_due), (Some(30_000), Some(90_000)));
    let r = r.sent(PingKind::Roll, 5);
    assert_eq!(r.due(), Some(90_000));
    let warn = r.ping_now(&t, 90_000).expect("the warning");
    assert_eq!(warn.kind, PingKind::Warning);
    // And once sent, the first ping is to be deleted and nothing more is due this turn
    let r = r.sent(PingKind::Warning, 6);
    assert_eq!((r.stale.clone(), r.due()), (vec![5], None));
    // Given a 60 s timer and pings after 30 s: both at 30 s, Then only the warning
    let t = playing_two(0, 60_000);
    let r = PingRecord::default()
        .plan(&t, 1, 0, timing(30, 60))
        .expect("a plan");
    assert_eq!((r.ping_due, r.warn_due), (None, Some(30_000)));
    // Given a 45 s timer, Then no warning (too short), the ping only
    let t = playing_two(0, 45_000);
    let r = PingRecord::default()
        .plan(&t, 1, 0, timing(30, 45))
        .expect("a plan");
    assert_eq!((r.ping_due, r.warn_due), (Some(30_000), None));
}

#[test]
fn an_older_save_never_replaces_the_plan_of_a_newer_one() {
    // Given a plan made from version 5
    let t = playing_two(0, 0);
    let r = PingRecord::default()
        .plan(&t, 5, 0, timing(30, 0))
        .expect("a plan");
    // When the plan of version 4 (or 5 again) comes late, Then it is not taken
    assert_eq!(r.plan(&t, 4, 10, timing(30, 0)), None);
    assert_eq!(r.plan(&t, 5, 10, timing(30, 0)), None);
    assert!(r.plan(&t, 6, 10, timing(30, 0)).is_some());
}

#[test]
fn a_ping_on_screen_stays_while_the_table_waits_and_the_deleted_ones_leave_the_list() {
    // Given a ping on screen at the table's seq
    let t = playing_two(0, 0);
    let r = PingRecord::default()
        .plan(&t, 1, 0, timing(30, 0))
        .expect("a plan")
        .sent(PingKind::Roll, 9);
    // When a save changes nothing of the turn (same seq: a player back), Then it stays
    let again = r.plan(&t, 2, 5_000, timing(30, 0)).expect("a plan");
    assert_eq!(
        again.sent,
        Some(Sent {
            message_id: 9,
            seq: t.seq()
        })
    );
    assert!(again.stale.is_empty());
    // And a list of messages to delete loses those deleted
    let mut r = again.clone();
    r.stale = vec![1, 2, 3];
    assert_eq!(r.without_stale(&[2]).stale, vec![1, 3]);
}
