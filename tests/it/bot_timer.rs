//! The turn timer, absent players and `/skip`, against the fake Bot API and a real Redis.
//!
//! The timer has its true length (30 s); the test moves the bots' clock past a deadline
//! (`Harness::advance_to`) instead of waiting for it, so nothing here races the timer by
//! accident: a timer runs out exactly when a test says so.

use crate::support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::STRIKES_TO_ABSENT;
use parxis::bot::core::table::{Event, Status, Table};
use parxis::i18n::Lang;
use support::bot_harness::{CHAT, Harness, WAIT, four_users, refused, text_of, wait_round_trips};
use support::fake_tg::{buttons, callback_id, msg_id};

/// The timer every test here sets, seconds.
const TIMER: u32 = 30;
const TIMER_MS: u64 = TIMER as u64 * 1000;

async fn timed_harness(seed: u64) -> Harness {
    let h = Harness::start(seed).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: TIMER,
        dice: parxis::bot::core::settings::DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    h
}

fn timed_out(t: &Table) -> Option<u8> {
    t.last().iter().find_map(|e| match e {
        Event::TimedOut { strike, .. } => Some(*strike),
        _ => None,
    })
}

fn strikes_of(t: &Table, id: i64) -> (u8, bool) {
    let p = t.players().iter().find(|p| p.id == id).expect("a player");
    (p.strikes, p.absent)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_timer_command_takes_seconds_and_says_so() {
    let h = timed_harness(2).await;
    let users = four_users();
    for (arg, said) in [
        ("30", "30 seconds"),
        ("120", "2 minutes"),
        ("90s", "1 min 30 s"),
        ("2 min", "2 minutes"),
        ("off", "No time limit"),
    ] {
        let sent = h.command(&users[0], &format!("/timer {arg}")).await;
        let reply = sent
            .iter()
            .find(|r| r.method == "sendmessage")
            .expect("a reply");
        let text = reply.str_param("text").unwrap_or_default();
        assert!(text.contains(said), "/timer {arg} -> {text}");
    }
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.timer_secs, 0);
    // Not a duration it takes: a clear answer, the setting unchanged.
    let sent = h.command(&users[0], "/timer 2 hours").await;
    assert!(sent.iter().any(|r| r.method == "sendmessage"));
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.timer_secs, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_plays_for_the_player_and_shows_a_strike() {
    let mut h = timed_harness(21).await;
    h.start_game(2).await;
    let (_, t0) = h.table().await;
    let mover = t0.to_move().expect("a player to move").clone();
    let due = t0.deadline_ms().expect("a turn deadline");
    assert!(
        due >= h.now_ms() + TIMER_MS - 10_000 && due <= h.now_ms() + TIMER_MS,
        "a {TIMER} s timer: due {due}, now {}",
        h.now_ms()
    );
    let board = text_of(&h.board().await);
    assert!(board.contains('⏳'), "time left shown: {board}");
    // Nobody presses. A second before the deadline, the bot has not played:
    h.advance_to(due - 1000);
    h.wait_polls().await;
    assert_eq!(h.table().await.1.seq(), t0.seq(), "not before the deadline");
    // When the timer runs out, the bot plays the turn.
    h.advance_to(due);
    let (_, t1) = h
        .wait_table(WAIT, "the timer", |t| t.seq() > t0.seq())
        .await;
    assert_eq!(t1.seq(), t0.seq() + 1, "one action for the timed-out turn");
    assert_eq!(timed_out(&t1), Some(1), "events: {:?}", t1.last());
    assert_eq!(strikes_of(&t1, mover.id), (1, false));
    assert!(
        t1.stats().rolls > t0.stats().rolls,
        "the bot rolled for them"
    );
    assert!(
        t1.last().iter().any(|e| matches!(e, Event::Rolled { .. })),
        "played: {:?}",
        t1.last()
    );
    // Not before the deadline: the next turn's timer started when it played.
    let next = t1.deadline_ms().expect("the next turn's deadline");
    assert!(
        next >= due + TIMER_MS,
        "played at {} < {due}",
        next - TIMER_MS
    );
    // The board says so.
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let text = text_of(&h.board().await);
        if text.contains("did not play in time") && text.contains("1/3") {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "board: {text}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    h.stop_bots().await;
}

/// Press the first button for whoever is to move unless it is `lazy` (who never plays).
async fn press_unless(h: &Harness, lazy: i64) -> bool {
    let (_, t) = h.table().await;
    let Some(p) = t.to_move().cloned() else {
        return false;
    };
    if p.id == lazy || p.is_automatic() {
        return false;
    }
    let board = h.board().await;
    let b = buttons(&board);
    let Some((_, data)) = b.first() else {
        return false;
    };
    if !data.contains(&format!(":{}", t.seq())) {
        return false;
    }
    let user = four_users()
        .into_iter()
        .find(|u| u.id == p.id)
        .expect("a test user");
    h.press(&user, msg_id(&board), data).await;
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_strikes_make_a_player_absent_until_they_press_again() {
    let mut h = timed_harness(23).await;
    h.start_game(2).await;
    let users = four_users();
    let (ana, biel) = (&users[0], &users[1]);
    // Biel plays at once; Ana never does: each time her turn waits, her timer runs out.
    let mut seen_strikes = Vec::new();
    let mut timeouts = 0;
    let t = loop {
        let (_, t) = h.table().await;
        assert_eq!(t.status(), Status::Playing, "the game ended too soon");
        if let Some(s) = timed_out(&t)
            && seen_strikes.last() != Some(&s)
        {
            seen_strikes.push(s);
        }
        if strikes_of(&t, ana.id).1 {
            break t;
        }
        let ana_waits = t.to_move().is_some_and(|p| p.id == ana.id && !p.absent);
        if ana_waits && let Some(due) = t.deadline_ms() {
            timeouts += 1;
            assert!(
                timeouts <= STRIKES_TO_ABSENT,
                "Ana never became absent: {:?}",
                t.players()
            );
            h.advance_to(due);
            h.wait_table(WAIT, "Ana's timer", |x| x.seq() > t.seq())
                .await;
        } else if !press_unless(&h, ana.id).await {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    assert_eq!(timeouts, STRIKES_TO_ABSENT, "one timeout a strike");
    assert_eq!(strikes_of(&t, ana.id), (STRIKES_TO_ABSENT, true));
    assert_eq!(timed_out(&t), Some(3), "the third strike: {:?}", t.last());
    assert_eq!(seen_strikes, [1, 2, 3], "strikes counted up to 3");
    assert!(
        t.last().iter().any(|e| matches!(e, Event::Absent { .. })),
        "the board says Ana is absent: {:?}",
        t.last()
    );
    // The board shows it (once the edit that follows the save has arrived).
    let shown = tokio::time::Instant::now() + WAIT;
    while !text_of(&h.board().await).contains("💤") && h.table().await.1.status() == Status::Playing
    {
        assert!(tokio::time::Instant::now() < shown, "{}", h.board().await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // Now the computer plays Ana's turns right away (not after her timer: the clock does
    // not move), in the save of Biel's action that hands her the turn, with no further
    // strikes.
    let ana_seat = t
        .players()
        .iter()
        .find(|p| p.id == ana.id)
        .and_then(|p| p.colour)
        .expect("Ana's colour");
    let clock = h.clock.offset_ms();
    let mut seen = t.seq();
    for _ in 0..3 {
        let wait_ana = tokio::time::Instant::now() + WAIT;
        let after = loop {
            let (_, t) = h.table().await;
            if t.status() != Status::Playing {
                break t;
            }
            let ana_played = t
                .last()
                .iter()
                .any(|e| matches!(e, Event::Rolled { seat, .. } if *seat == ana_seat));
            if ana_played && t.seq() > seen && t.to_move().is_some_and(|p| p.id == biel.id) {
                break t;
            }
            assert!(
                tokio::time::Instant::now() < wait_ana,
                "Ana's turn was never played: {t:?}"
            );
            if !press_unless(&h, ana.id).await {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        };
        if after.status() != Status::Playing {
            break;
        }
        assert_eq!(timed_out(&after), None, "no strike while absent");
        assert_eq!(strikes_of(&after, ana.id), (STRIKES_TO_ABSENT, true));
        seen = after.seq();
    }
    assert_eq!(h.clock.offset_ms(), clock, "no timer was waited for");

    // Ana presses a button (on Biel's turn: refused as not hers, but she is back).
    h.wait_table(WAIT, "Biel's turn", |t| {
        t.to_move().is_some_and(|p| p.id == biel.id)
    })
    .await;
    let (t, board) = h.fresh_board().await;
    assert!(t.to_move().is_some_and(|p| p.id == biel.id));
    let data = buttons(&board)[0].1.clone();
    let ans = h.press(ana, msg_id(&board), &data).await;
    assert!(ans.str_param("text").is_some(), "not her turn: an alert");
    let (_, back) = h
        .wait_table(WAIT, "Ana back", |x| !strikes_of(x, ana.id).1)
        .await;
    assert_eq!(strikes_of(&back, ana.id), (0, false));
    assert_eq!(back.seq(), t.seq(), "Biel's buttons stay valid");
    assert!(back.last().iter().any(|e| matches!(e, Event::Back { .. })));
    // Biel's press still works, and Ana's turn waits for Ana (the timer) again.
    let ans = h.press(biel, msg_id(&board), &data).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    let (_, t) = h
        .wait_table(WAIT, "Ana's turn", |t| {
            t.to_move().is_some_and(|p| p.id == ana.id) && t.deadline_ms().is_some()
        })
        .await;
    assert!(
        t.deadline_ms()
            .is_some_and(|d| d > h.now_ms() + TIMER_MS - 10_000),
        "a present player gets the full timer again: {:?}",
        t.deadline_ms()
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skip_by_the_host_plays_at_once_and_by_anyone_else_is_refused() {
    let mut h = Harness::start(29).await;
    // A long timer (the default unit): only /skip can move things along here.
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 300,
        dice: parxis::bot::core::settings::DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    h.start_game(3).await;
    let users = four_users();
    // Carme (not the host, not an admin): refused, nothing changes.
    let before = h.table().await;
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, &users[2], "/skip"));
    let refusal = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(5))
        .await;
    let text = refusal.str_param("text").unwrap_or_default();
    assert!(
        text.contains("Only the player who opened"),
        "a refusal: {text}"
    );
    assert_eq!(h.table().await, before, "nothing changed");
    // Ana (the host): the turn is played at once.
    let mover = before.1.to_move().expect("a mover").clone();
    h.fake.push_update(h.fake.command(CHAT, &users[0], "/skip"));
    let (_, t) = h
        .wait_table(Duration::from_secs(5), "the skip", |t| {
            t.seq() > before.1.seq()
        })
        .await;
    assert_eq!(t.seq(), before.1.seq() + 1);
    assert!(
        matches!(t.last().first(), Some(Event::Skipped { name }) if *name == mover.name),
        "events: {:?}",
        t.last()
    );
    assert!(!t.last().iter().any(|e| matches!(e, Event::TimedOut { .. })));
    assert_eq!(strikes_of(&t, mover.id).0, 1, "a skip counts as a strike");
    let (_, board) = h.fresh_board().await;
    assert!(text_of(&board).contains('⏭'), "{board}");
    // An admin may skip too.
    h.fake.set_admin(CHAT, users[2].id);
    h.fake.push_update(h.fake.command(CHAT, &users[2], "/skip"));
    h.wait_table(Duration::from_secs(5), "the admin's skip", |x| {
        x.seq() == t.seq() + 1
    })
    .await;
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_fires_after_a_restart() {
    let mut h = timed_harness(31).await;
    h.start_game(2).await;
    let (_, t0) = h.table().await;
    let due = t0.deadline_ms().expect("a deadline");
    h.stop_bots().await;
    // The deadline passes while no bot runs: nothing happens.
    h.advance_to(due + 1000);
    assert_eq!(h.table().await.1.seq(), t0.seq(), "no bot, no move");
    let entries = h.deadline_entries().await;
    assert_eq!(
        entries,
        vec![CHAT.to_string()],
        "the deadline is kept in Redis"
    );
    // A new bot process picks it up.
    h.spawn_bot().await;
    let (_, t1) = h
        .wait_table(WAIT, "the timer after the restart", |t| t.seq() > t0.seq())
        .await;
    assert_eq!(t1.seq(), t0.seq() + 1);
    assert_eq!(timed_out(&t1), Some(1));
    h.stop_bots().await;
}

/// Each absent player presses a button of the board (refused or not, a press brings them
/// back), until nobody is absent.
async fn bring_back_the_absent(h: &Harness) {
    for _ in 0..10 {
        let (_, t) = h.table().await;
        let Some(p) = t.players().iter().find(|p| p.absent) else {
            return;
        };
        let user = four_users()
            .into_iter()
            .find(|u| u.id == p.id)
            .expect("a test user");
        let (_, board) = h.fresh_board().await;
        let data = buttons(&board)
            .first()
            .map(|b| b.1.clone())
            .expect("a button");
        let upd = h.fake.press(CHAT, &user, msg_id(&board), &data);
        let id = callback_id(&upd);
        h.fake.push_update(upd);
        let ans = h.fake.wait_for_callback_answer(&id).await;
        h.shown_after(&ans).await;
        h.wait_table(WAIT, "the player back", |x| {
            x.players().iter().all(|q| q.id != user.id || !q.absent)
        })
        .await;
    }
    panic!("a player stays absent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_racing_the_timer_applies_exactly_once() {
    let mut h = timed_harness(37).await;
    h.start_game(2).await;
    let mut press_won = 0;
    let mut timer_won = 0;
    // Move the clock to around the deadline (well before, a hair before, right at it, a
    // little after), then press at once: the scheduler wakes with the clock, so the press
    // races the timer. Last, a press after the timer has played.
    let offsets: [Option<i64>; 9] = [
        Some(-5_000),
        Some(-1),
        Some(0),
        Some(0),
        Some(1),
        Some(20),
        Some(0),
        Some(100),
        None,
    ];
    for offset in offsets {
        // A player whom earlier rounds' three timeouts made absent presses to come back:
        // with them absent, the computer would play their turns within the race.
        bring_back_the_absent(&h).await;
        let (_, t) = h
            .wait_table(WAIT, "a human to move", |t| {
                t.status() != Status::Playing
                    || t.to_move().is_some_and(|p| !p.is_automatic()) && t.deadline_ms().is_some()
            })
            .await;
        assert_eq!(t.status(), Status::Playing, "the game ended too soon");
        let user = h.mover().await.expect("a human to move");
        let (t, board) = h.fresh_board().await;
        let data = buttons(&board)
            .first()
            .map(|b| b.1.clone())
            .expect("a button");
        let due = t.deadline_ms().expect("deadline");
        match offset {
            Some(offset) => h.advance_to(due.saturating_add_signed(offset)),
            None => {
                h.advance_to(due);
                h.wait_table(WAIT, "the timer", |x| x.seq() > t.seq()).await;
            }
        }
        let upd = h.fake.press(CHAT, &user, msg_id(&board), &data);
        let id = callback_id(&upd);
        h.fake.push_update(upd);
        let ans = h.fake.wait_for_callback_answer(&id).await;
        h.shown_after(&ans).await;
        let (_, after) = h.table().await;
        let accepted = !refused(&ans);
        let timer = timed_out(&after).is_some();
        assert!(
            accepted != timer,
            "at {offset:?}: exactly one of the press ({accepted}) and the timer ({timer}) \
             applies: {:?}",
            after.last()
        );
        if strikes_of(&after, user.id).1 {
            // The timer's third strike made the player absent: the computer plays their
            // turns from here on, so the game may have moved on by more than the race.
            assert!(timer, "only the timer makes a player absent");
            assert!(after.seq() > t.seq(), "the turn moved on");
        } else {
            assert_eq!(
                after.seq(),
                t.seq() + 1,
                "at {offset:?}: the turn moved on by one action (press {accepted}, timer {timer})"
            );
        }
        match offset {
            // Five seconds early the press wins; once the timer played, it is stale.
            Some(-5_000) => assert!(accepted, "the press came first"),
            None => assert!(timer, "the timer came first"),
            _ => {}
        }
        if accepted {
            press_won += 1;
        } else {
            timer_won += 1;
        }
    }
    assert_eq!(press_won + timer_won, 9, "every race ran");
    eprintln!("races: press won {press_won}, timer won {timer_won}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_replicas_a_deadline_fires_once() {
    use std::sync::Arc;

    let mut h = timed_harness(41).await;
    h.start_game(2).await;
    // A second replica's scheduler (its own Redis connection and owner name, the same
    // clock) on the same due sets.
    let (kicks, kicked) = parxis::bot::effects::ctx::Kicks::new();
    let ctx = Arc::new(h.bot_ctx(&kicks).await);
    let second = ctx.store.clone();
    let (stop, rx) = tokio::sync::watch::channel(false);
    let driver = tokio::spawn(parxis::bot::schedule::run(h.fake.bot(), ctx, kicked, rx));

    for _ in 0..3 {
        let (_, t0) = h.table().await;
        let due = t0.deadline_ms().expect("a deadline");
        // When the clock reaches the deadline, both schedulers see it due at once;
        h.advance_to(due);
        let (_, t1) = h
            .wait_table(WAIT, "the timer", |t| t.seq() > t0.seq())
            .await;
        // Then one played it: after both polled again, it is still one action.
        h.wait_polls().await;
        wait_round_trips(&second, 2).await;
        let (_, t2) = h.table().await;
        assert_eq!(t1.seq(), t0.seq() + 1);
        assert_eq!(t2.seq(), t1.seq(), "fired once: {:?}", t2.last());
        assert_eq!(timed_out(&t2), timed_out(&t1));
    }
    let _ = stop.send(true);
    let _ = driver.await;
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_save_s_deadline_written_last_never_hides_the_newer_one() {
    // Given a game in play whose stored table (its timer running) is due,
    let h = timed_harness(23).await;
    h.start_game(2).await;
    let (version, t) = h.table().await;
    let due = t.due().expect("the timer runs");
    let place = parxis::store::Place::of_chat(CHAT);
    let ctx = &h.bots[0].ctx;
    // When the follow-up of an older save (a table with nothing due, saved before it)
    // writes its deadline last,
    let host = parxis::bot::core::table::Actor {
        id: four_users()[0].id,
        name: "Anna".into(),
        is_admin: false,
    };
    let older = Table::lobby(&host, parxis::engine::Preset::Jcf, false);
    assert_eq!(older.due(), None);
    let before = ctx.store.round_trips_by_op();
    parxis::bot::effects::deadline::sync_deadline(ctx, place, &older, version - 1).await;
    // Then the version read with its write says another save came after it: the stored
    // game is read and its deadline written instead, which stays.
    let after = ctx.store.round_trips_by_op();
    let trips = |op| after.get(op).unwrap_or(&0) - before.get(op).unwrap_or(&0);
    assert_eq!((trips("mirror_deadline"), trips("load")), (2, 1));
    let stored = h
        .store
        .due_at(parxis::store::DueKind::Turn, place)
        .await
        .expect("redis");
    assert_eq!(stored, Some(due));
    // And the newer save's own follow-up reads no game: its version is the stored one.
    let before = ctx.store.round_trips_by_op();
    parxis::bot::effects::deadline::sync_deadline(ctx, place, &t, version).await;
    let after = ctx.store.round_trips_by_op();
    let trips = |op| after.get(op).unwrap_or(&0) - before.get(op).unwrap_or(&0);
    assert_eq!((trips("mirror_deadline"), trips("load")), (1, 0));
}
