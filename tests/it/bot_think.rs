//! Computer players think off the async workers: a hard computer's turn in one group does
//! not hold a human's press in another.
//!
//! The runtime has one async worker, so anything that blocks it blocks every update. The
//! computers' thinking is held (a test-only gate on the thread that thinks,
//! `Thinking::hold`) while a human presses in another group: on the thinking pool the
//! press is answered meanwhile; the old way (thinking on the worker that asked, kept behind
//! `Thinking::set_inline` for the bench) holds the press until the gate opens — the second
//! test shows the first would fail if thinking went back onto the workers.
//!
//! The real bot against the fake Bot API and a real `redis-server`.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use parxis::ai::Level;
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Seat, SeatedSpec, Status, Table};
use parxis::bot::effects::chat::ChatAddr;
use parxis::bot::effects::seated::open_seated;
use parxis::bot::effects::think::Thinking;
use parxis::engine::Preset;
use parxis::i18n::Lang;
use parxis::store::Place;
use support::bot_harness::{CHAT, Harness, WAIT, button_with, four_users, refused};
use support::fake_tg::{callback_id, msg_id};

/// The groups where only hard computers play (more than the thinking permits on a small
/// machine, so some wait for a permit too).
const COMPUTER_GROUPS: i64 = 3;

fn settings() -> ChatSettings {
    ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    }
}

fn computers() -> SeatedSpec {
    SeatedSpec {
        preset: Preset::Jcf,
        pairs: false,
        board: None,
        seats: vec![Seat::Computer(Level::Hard); 4],
        time_limit_minutes: None,
        origin: None,
    }
}

fn computer_chat(i: i64) -> i64 {
    CHAT - 1 - i
}

async fn seq_at(h: &Harness, chat: i64) -> u64 {
    h.store
        .load::<Table>(Place::of_chat(chat))
        .await
        .expect("redis")
        .map_or(0, |r| r.state.seq())
}

/// Block this (non-worker) thread until `done` holds, at most `within`: the one async worker
/// may be held, so no tokio timer can be trusted to wake the test.
fn wait_blocking(within: Duration, done: impl Fn() -> bool) -> bool {
    let end = Instant::now() + within;
    while !done() {
        if Instant::now() > end {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    true
}

/// Hard computers play in [`COMPUTER_GROUPS`] groups, their thinking held; a human presses
/// Join in [`CHAT`]'s lobby. Returns whether the press was answered while the computers were
/// still held (a watchdog thread opens the gate after `watchdog`, so the old way ends too).
async fn press_while_computers_think(seed: u64, inline: bool, watchdog: Duration) -> bool {
    let h = Harness::start(seed).await;
    let users = four_users();
    h.settings(settings()).await;
    let ctx = h.bots[0].ctx.clone();
    let think: Arc<Thinking> = ctx.think.clone();
    think.set_inline(inline);

    // Given a lobby in the human group,
    h.command(&users[0], "/newgame").await;
    let lobby = h.board().await;
    let join = button_with(&lobby, "j:");

    // and games of four hard computers in other groups, their turns played by the
    // scheduler after the pause, their thinking now held on whatever thread runs it,
    for i in 0..COMPUTER_GROUPS {
        let chat = computer_chat(i);
        h.store
            .set_settings(chat, &settings())
            .await
            .expect("redis");
        open_seated(&ctx, ChatAddr::new(chat), &computers())
            .await
            .expect("a computers' game");
    }
    let before: Vec<u64> = {
        let mut v = Vec::new();
        for i in 0..COMPUTER_GROUPS {
            v.push(seq_at(&h, computer_chat(i)).await);
        }
        v
    };
    think.hold();
    assert!(
        wait_blocking(WAIT, || think.waiting() >= 1),
        "no computer started thinking"
    );
    let answered_in_time = Arc::new(AtomicBool::new(false));
    let guard = std::thread::spawn({
        let think = think.clone();
        let answered = answered_in_time.clone();
        move || {
            wait_blocking(watchdog, || answered.load(Ordering::SeqCst));
            think.release();
        }
    });

    // When a human presses Join in the lobby meanwhile,
    let update = h.fake.press(CHAT, &users[1], msg_id(&lobby), &join);
    let id = callback_id(&update);
    h.fake.push_update(update);
    let answer = h.fake.wait_for_callback_answer(&id).await;
    let while_held = think.held();
    answered_in_time.store(true, Ordering::SeqCst);
    guard.join().expect("watchdog");

    // (and once the gate opens, the computers' games go on from where they were held).
    assert!(!think.held());
    let deadline = tokio::time::Instant::now() + WAIT;
    for (i, seq) in (0..COMPUTER_GROUPS).zip(before) {
        let chat = computer_chat(i);
        while seq_at(&h, chat).await <= seq {
            assert!(
                tokio::time::Instant::now() < deadline,
                "group {chat}'s computers never played on"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    // On the pool the press was applied; held on the one worker, the bot may even have
    // answered "busy" (its Redis calls timed out meanwhile): nothing was changed then.
    let t = h.table().await.1;
    assert_eq!(t.status(), Status::Lobby);
    if !inline {
        assert!(!refused(&answer), "{:?}", answer.params);
        assert_eq!(t.players().len(), 2, "the join was applied");
    }
    while_held
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_hard_computer_thinking_does_not_hold_a_press_in_another_group() {
    // Then the press is answered while the computers are still thinking.
    assert!(
        press_while_computers_think(61, false, WAIT * 2).await,
        "the press waited for the computers' thinking"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn thinking_on_the_async_worker_holds_the_press_until_it_ends() {
    // Then, the old way, the press is answered only once the computers are let go.
    assert!(
        !press_while_computers_think(62, true, Duration::from_secs(3)).await,
        "the press was answered while the only worker was thinking"
    );
}
