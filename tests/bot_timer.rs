//! The turn timer, absent players and `/skip`, against the fake Bot API and a real Redis.
//!
//! The timer's second is shortened (`timer_unit_ms`), so the user-facing "30 s" runs out in
//! well under a second; everything else is the real bot.

mod support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::STRIKES_TO_ABSENT;
use parxis::bot::core::table::{Event, Status, Table};
use parxis::i18n::Lang;
use support::bot_harness::{CHAT, Harness, Options, four_users, refused, text_of};
use support::fake_tg::{buttons, callback_id, msg_id};

/// One timer "second" in these tests: a 30 s timer runs out after 600 ms.
const UNIT_MS: u64 = 20;
/// The timer every test here sets, in (short) seconds.
const TIMER: u32 = 30;

async fn timed_harness(seed: u64) -> Harness {
    let h = Harness::start_with(
        seed,
        Options {
            timer_unit_ms: UNIT_MS,
            ..Options::default()
        },
    )
    .await;
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
    t.last.iter().find_map(|e| match e {
        Event::TimedOut { strike, .. } => Some(*strike),
        _ => None,
    })
}

fn strikes_of(t: &Table, id: i64) -> (u8, bool) {
    let p = t.players.iter().find(|p| p.id == id).expect("a player");
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
    let due = t0.deadline_ms.expect("a turn deadline");
    let board = text_of(&h.board().await);
    assert!(board.contains('⏳'), "time left shown: {board}");
    // Nobody presses: the bot plays the turn when the timer runs out.
    let (_, t1) = h
        .wait_table(Duration::from_secs(5), "the timer", |t| t.seq > t0.seq)
        .await;
    assert_eq!(t1.seq, t0.seq + 1, "one action for the timed-out turn");
    assert_eq!(timed_out(&t1), Some(1), "events: {:?}", t1.last);
    assert_eq!(strikes_of(&t1, mover.id), (1, false));
    assert!(t1.stats.rolls > t0.stats.rolls, "the bot rolled for them");
    assert!(
        t1.last.iter().any(|e| matches!(e, Event::Rolled { .. })),
        "played: {:?}",
        t1.last
    );
    // Not before the deadline.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_millis() as u64;
    assert!(now >= due);
    // The board says so.
    tokio::time::sleep(Duration::from_millis(50)).await;
    let text = text_of(&h.board().await);
    assert!(
        text.contains("did not play in time") && text.contains("1/3"),
        "board: {text}"
    );
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
    if !data.contains(&format!(":{}", t.seq)) {
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
    // Biel plays at once; Ana never does.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let mut seen_strikes = Vec::new();
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
        if !press_unless(&h, ana.id).await {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "Ana never became absent: {:?}",
            t.players
        );
    };
    assert_eq!(strikes_of(&t, ana.id), (STRIKES_TO_ABSENT, true));
    assert_eq!(timed_out(&t), Some(3), "the third strike: {:?}", t.last);
    assert!(
        seen_strikes.iter().all(|s| (1..=3).contains(s)),
        "strikes counted up to 3: {seen_strikes:?}"
    );
    assert!(
        t.last.iter().any(|e| matches!(e, Event::Absent { .. })),
        "the board says Ana is absent: {:?}",
        t.last
    );
    // The board shows it (once the edit that follows the save has arrived).
    let shown = tokio::time::Instant::now() + Duration::from_secs(3);
    while !text_of(&h.board().await).contains("💤") && h.table().await.1.status() == Status::Playing
    {
        assert!(tokio::time::Instant::now() < shown, "{}", h.board().await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // Now the computer plays Ana's turns right away (the pause, not the timer), with no
    // further strikes.
    for _ in 0..3 {
        let (_, t) = h
            .wait_table(Duration::from_secs(5), "Ana's turn", |t| {
                t.to_move().is_some_and(|p| p.id == ana.id) || t.status() != Status::Playing
            })
            .await;
        if t.status() != Status::Playing {
            break;
        }
        let due = t.deadline_ms.expect("a deadline for the computer");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock")
            .as_millis() as u64;
        assert!(
            due <= now + 200,
            "an absent player's turn waits for the pause, not the timer"
        );
        let (_, after) = h
            .wait_table(
                Duration::from_secs(5),
                "the computer to play for Ana",
                |x| x.seq > t.seq,
            )
            .await;
        assert_eq!(timed_out(&after), None, "no strike while absent");
        assert_eq!(strikes_of(&after, ana.id), (STRIKES_TO_ABSENT, true));
        // Biel's turn: Biel plays (but Ana's next turn must come).
        let wait_biel = tokio::time::Instant::now() + Duration::from_secs(5);
        while h.table().await.1.to_move().is_some_and(|p| p.id == biel.id)
            && tokio::time::Instant::now() < wait_biel
        {
            if !press_unless(&h, ana.id).await {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }

    // Ana presses a button (on Biel's turn: refused as not hers, but she is back).
    h.wait_table(Duration::from_secs(5), "Biel's turn", |t| {
        t.to_move().is_some_and(|p| p.id == biel.id)
    })
    .await;
    let (t, board) = h.fresh_board().await;
    assert!(t.to_move().is_some_and(|p| p.id == biel.id));
    let data = buttons(&board)[0].1.clone();
    let ans = h.press(ana, msg_id(&board), &data).await;
    assert!(ans.str_param("text").is_some(), "not her turn: an alert");
    let (_, back) = h
        .wait_table(Duration::from_secs(5), "Ana back", |x| {
            !strikes_of(x, ana.id).1
        })
        .await;
    assert_eq!(strikes_of(&back, ana.id), (0, false));
    assert_eq!(back.seq, t.seq, "Biel's buttons stay valid");
    assert!(back.last.iter().any(|e| matches!(e, Event::Back { .. })));
    // Biel's press still works, and Ana's turn waits for Ana (the timer) again.
    let ans = h.press(biel, msg_id(&board), &data).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    let (_, t) = h
        .wait_table(Duration::from_secs(5), "Ana's turn", |t| {
            t.to_move().is_some_and(|p| p.id == ana.id) && t.deadline_ms.is_some()
        })
        .await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_millis() as u64;
    assert!(
        t.deadline_ms.is_some_and(|d| d > now + 250),
        "a present player gets the full timer again"
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
        .wait_table(Duration::from_secs(5), "the skip", |t| t.seq > before.1.seq)
        .await;
    assert_eq!(t.seq, before.1.seq + 1);
    assert!(
        matches!(t.last.first(), Some(Event::Skipped { name }) if *name == mover.name),
        "events: {:?}",
        t.last
    );
    assert!(!t.last.iter().any(|e| matches!(e, Event::TimedOut { .. })));
    assert_eq!(strikes_of(&t, mover.id).0, 1, "a skip counts as a strike");
    assert!(text_of(&h.board().await).contains('⏭'));
    // An admin may skip too.
    h.fake.set_admin(CHAT, users[2].id);
    h.fake.push_update(h.fake.command(CHAT, &users[2], "/skip"));
    h.wait_table(Duration::from_secs(5), "the admin's skip", |x| {
        x.seq == t.seq + 1
    })
    .await;
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_fires_after_a_restart() {
    let mut h = timed_harness(31).await;
    h.start_game(2).await;
    let (_, t0) = h.table().await;
    h.stop_bots().await;
    // The deadline passes while no bot runs: nothing happens.
    tokio::time::sleep(Duration::from_millis(u64::from(TIMER) * UNIT_MS + 300)).await;
    assert_eq!(h.table().await.1.seq, t0.seq, "no bot, no move");
    let due = h.deadline_entries().await;
    assert_eq!(due, vec![CHAT.to_string()], "the deadline is kept in Redis");
    // A new bot process picks it up.
    h.spawn_bot().await;
    let (_, t1) = h
        .wait_table(Duration::from_secs(5), "the timer after the restart", |t| {
            t.seq > t0.seq
        })
        .await;
    assert_eq!(t1.seq, t0.seq + 1);
    assert_eq!(timed_out(&t1), Some(1));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_racing_the_timer_applies_exactly_once() {
    let mut h = timed_harness(37).await;
    h.start_game(2).await;
    let mut press_won = 0;
    let mut timer_won = 0;
    // Press around the deadline: a little before, right at it, a little after.
    for offset in [-40i64, -15, 0, 0, 10, 25, -5, 5] {
        let (_, t) = h
            .wait_table(Duration::from_secs(5), "a human to move", |t| {
                t.status() != Status::Playing
                    || t.to_move().is_some_and(|p| !p.is_automatic()) && t.deadline_ms.is_some()
            })
            .await;
        if t.status() != Status::Playing {
            break;
        }
        let user = h.mover().await.expect("a human to move");
        let board = h.board().await;
        let data = buttons(&board)
            .first()
            .map(|b| b.1.clone())
            .expect("a button");
        if !data.contains(&format!(":{}", t.seq)) {
            // The edit is still on its way.
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        }
        let due = t.deadline_ms.expect("deadline");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock")
            .as_millis() as i64;
        // The driver polls every 100 ms: aim around the first poll after the deadline.
        let at = due as i64 + offset + 50;
        if at > now {
            tokio::time::sleep(Duration::from_millis((at - now) as u64)).await;
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
            "exactly one of the press ({accepted}) and the timer ({timer}) applies: {:?}",
            after.last
        );
        assert_eq!(after.seq, t.seq + 1, "the turn moved on by one action");
        if accepted {
            press_won += 1;
        } else {
            timer_won += 1;
        }
    }
    assert!(press_won + timer_won >= 4, "enough races ran");
    eprintln!("races: press won {press_won}, timer won {timer_won}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_replicas_a_deadline_fires_once() {
    use std::sync::Arc;
    use teloxide::requests::RequesterExt;

    let mut h = timed_harness(41).await;
    h.start_game(2).await;
    // A second replica's driver (its own Redis connection and owner name) on the same due set.
    let store = parxis::store::Store::connect(&h.redis.url())
        .await
        .expect("store");
    let mut ctx = parxis::bot::Ctx::new(store, Lang::En, parxis::ops::metrics::Metrics::new());
    ctx.seed = Some(h.seed);
    ctx.pause = h.pause;
    (ctx.write_limit, ctx.write_window_ms) = h.write_budget;
    ctx.timer_unit_ms = UNIT_MS;
    let tg = h
        .fake
        .bot()
        .throttle(teloxide::adaptors::throttle::Limits::default());
    let (stop, rx) = tokio::sync::watch::channel(false);
    let driver = tokio::spawn(parxis::bot::driver::run(tg, Arc::new(ctx), rx));

    for _ in 0..3 {
        let (_, t0) = h.table().await;
        let (_, t1) = h
            .wait_table(Duration::from_secs(5), "the timer", |t| t.seq > t0.seq)
            .await;
        // Both drivers saw it due; one played it.
        tokio::time::sleep(Duration::from_millis(250)).await;
        let (_, t2) = h.table().await;
        assert_eq!(t1.seq, t0.seq + 1);
        assert_eq!(t2.seq, t1.seq, "fired once: {:?}", t2.last);
        assert_eq!(timed_out(&t2), timed_out(&t1));
    }
    let _ = stop.send(true);
    let _ = driver.await;
    h.stop_bots().await;
}
