//! One outbox per chat: every write the bot makes to a group comes out of the chat's one
//! budget (Telegram's 20 a minute), no press waits behind a chat's writes, a newer write
//! supersedes an older one of the same slot, a reply that could not go within a minute is
//! dropped, a member who floods the bot is quieted, and two replicas share one budget.
//!
//! The bots run at Telegram's true limit, and the fake Bot API is in flood mode on the same
//! test clock (`FloodClock::Test`): a 429 would be a bug. The clock is moved on
//! (`Harness::advance`) where a test needs the budget to refill.

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::effects::clock::Clock as _;
use parxis::store::FLOOD_LIMIT;
use support::bot_harness::{CHAT, Harness, Options, UNPACED, four_users, refused, text_of};
use support::fake_tg::{Flood, FloodClock};
use support::fake_tg::{Recorded, TestUser, buttons, callback_id, msg_id};

/// Telegram's limit, as the bot's budget.
const TELEGRAM: (u32, u64) = (20, 60_000);

/// The fake's flood mode at Telegram's limit on the bots' test clock.
fn flood() -> Flood {
    Flood {
        limit: 20,
        window: Duration::from_secs(60),
        clock: FloodClock::Test,
    }
}

/// Members of the chat who only send commands.
fn members(n: usize) -> Vec<TestUser> {
    (0..n)
        .map(|i| TestUser::new(100 + i as i64, &format!("M{i}")).lang("en"))
        .collect()
}

/// No turn timer and no pings: the chat's writes are the test's own.
async fn quiet_settings(h: &Harness) {
    h.settings(parxis::bot::core::settings::ChatSettings {
        timer_secs: 0,
        pings_secs: 0,
        dice: parxis::bot::core::settings::DiceMode::Button,
        ..parxis::bot::core::settings::ChatSettings::default()
    })
    .await;
}

/// A two-player game started with an unpaced bot, then that bot replaced by one at
/// Telegram's limit, with flood mode on.
async fn paced_game(seed: u64) -> Harness {
    let mut h = Harness::start(seed).await;
    quiet_settings(&h).await;
    h.start_game(2).await;
    h.stop_bots().await;
    h.write_budget = TELEGRAM;
    h.fake.flood(flood());
    h.spawn_bot().await;
    h
}

/// The replies to message `id` so far.
fn replies_to(h: &Harness, id: i64) -> Vec<Recorded> {
    h.fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "sendmessage" && r.params["reply_parameters"]["message_id"] == id)
        .collect()
}

/// Push `text` by `user` and return the command's message id.
fn command(h: &Harness, user: &TestUser, text: &str) -> i64 {
    let upd = h.fake.command(CHAT, user, text);
    let id = upd["message"]["message_id"].as_i64().expect("message id");
    h.fake.push_update(upd);
    id
}

/// Wait (at most 10 s) until `pred` holds.
async fn until(what: &str, h: &Harness, pred: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pred() {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}\n{}",
            h.fake.log_tail(12)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The writes planned for the chat and not made yet.
async fn planned(h: &Harness) -> u64 {
    h.store.outbox_len(CHAT).await.expect("redis")
}

/// Move the clock on by `ms`, then wait until the chat's outbox has made every write the
/// budget allows by then (it is empty, or due later), so the clock never runs ahead of the
/// bot on a slow machine. The chat stays due while its drain runs: a picture board drawn
/// in a debug build on a loaded machine takes a second or more, so the wait allows 10 s (a
/// shorter one let the clock run on mid-drawing, and a write planned after the board, the
/// lobby's last edit, then came after writes planned 6 s before it).
async fn step(h: &Harness, ms: u64) {
    h.advance(ms);
    let chat = parxis::store::Place::of_chat(CHAT);
    for _ in 0..2_000 {
        tokio::time::sleep(Duration::from_millis(5)).await;
        let due = h
            .store
            .due_at(parxis::store::DueKind::Outbox, chat)
            .await
            .expect("redis");
        if due.is_none_or(|d| d > h.clock.now_ms()) && h.fake.queued_updates() == 0 {
            return;
        }
    }
}

/// Move the clock on in steps of Telegram's pace (one write every ~3 s) until `pred` holds
/// (at most ten minutes of the clock).
async fn pace_until(h: &Harness, what: &str, pred: impl Fn() -> bool) {
    for _ in 0..200 {
        if pred() {
            return;
        }
        step(h, 3_150).await;
    }
    panic!("never {what}\n{}", h.fake.log_tail(16));
}

/// Is `text` the flood notice to `name`, in any language?
fn is_flood_notice(text: &str, name: &str) -> bool {
    parxis::i18n::Lang::ALL
        .iter()
        .any(|&l| text == parxis::i18n::tr(l, &parxis::i18n::Msg::FloodQuiet { name: name.into() }))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_is_answered_at_once_while_replies_wait_and_its_board_goes_before_them() {
    // Given a game at Telegram's limit, and six members' replies waiting for the budget,
    let h = paced_game(201).await;
    let m = members(6);
    for u in &m {
        command(&h, u, "/rules");
    }
    until("the replies planned", &h, || true).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while planned(&h).await < 4 {
        assert!(Instant::now() < deadline, "replies never queued");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // When the player to move presses,
    let mover = h.mover().await.expect("a human to move");
    let board = h.board().await;
    let data = buttons(&board)[0].1.clone();
    let upd = h.fake.press(CHAT, &mover, msg_id(&board), &data);
    let id = callback_id(&upd);
    let pushed = Instant::now();
    h.fake.push_update(upd);
    let answer = h.fake.wait_for_callback_answer(&id).await;
    // Then the press is answered at once, whatever is queued,
    let took = answer.at.saturating_duration_since(pushed);
    assert!(took < Duration::from_secs(1), "answered after {took:?}");
    assert!(!refused(&answer), "{:?}", answer.params);
    assert!(planned(&h).await >= 4, "the replies still wait");
    // and when the budget allows, the board goes first, then the replies.
    let mark = answer.index;
    pace_until(&h, "every reply", || {
        h.fake
            .requests()
            .iter()
            .filter(|r| r.method == "sendmessage" && !r.params["reply_parameters"].is_null())
            .count()
            >= 6
    })
    .await;
    let writes: Vec<String> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method != "getupdates" && r.method != "answercallbackquery")
        .map(|r| r.method)
        .collect();
    // (A reply the drain had taken before the press may still be on its way.)
    let board_at = writes.iter().position(|w| w.starts_with("edit"));
    assert!(
        board_at.is_some_and(|i| i <= 1),
        "the board first: {writes:?}"
    );
    assert!(h.fake.flood_stats(CHAT).refused.is_empty(), "no 429");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_asked_while_the_game_spends_the_whole_budget_still_goes_out_in_seconds() {
    // Given a game at Telegram's limit whose players press as soon as each board shows
    // their turn, so that a board is always waiting for the budget,
    let h = paced_game(205).await;
    let m = members(1);
    let mut presses = 0;
    let mut press = async |h: &Harness| {
        let (_, t) = h.table().await;
        let Some(mover) = h.mover().await else { return };
        let board = h.board().await;
        let b = buttons(&board);
        let fresh = b.first().is_some_and(|(_, d)| {
            d.ends_with(&format!(":{}", t.seq())) || d.contains(&format!(":{}:", t.seq()))
        });
        if fresh {
            let upd = h.fake.press(CHAT, &mover, msg_id(&board), &b[0].1);
            let id = callback_id(&upd);
            h.fake.push_update(upd);
            let answer = h.fake.wait_for_callback_answer(&id).await;
            assert!(!refused(&answer), "{:?}", answer.params);
            presses += 1;
        }
    };
    for _ in 0..9 {
        press(&h).await;
        step(&h, 1_050).await;
    }
    // When a member asks /rules in the middle of it,
    let asked = command(&h, &m[0], "/rules");
    let asked_at = h.clock.now_ms();
    // Then the reply goes out within a few boards (its kind lets boards go first for 6 s
    // only), not after its minute has run out, and the game goes on meanwhile.
    let mut steps = 0;
    while replies_to(&h, asked).is_empty() {
        assert!(
            steps < 30,
            "no reply after {} s of play\n{}",
            (h.clock.now_ms() - asked_at) / 1000,
            h.fake.log_tail(12)
        );
        press(&h).await;
        step(&h, 1_050).await;
        steps += 1;
    }
    eprintln!(
        "replied after {} ms, {presses} presses",
        h.clock.now_ms() - asked_at
    );
    assert!(presses >= 4, "the game went on: {presses} presses");
    assert!(
        h.clock.now_ms() - asked_at <= 6_000 + 2 * 3_150 + 3_150,
        "replied after {} ms",
        h.clock.now_ms() - asked_at
    );
    assert!(h.fake.flood_stats(CHAT).refused.is_empty(), "no 429");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_a_newer_one_supersedes_is_dropped() {
    // Given a game at Telegram's limit whose budget is spent,
    let h = paced_game(203).await;
    let m = members(4);
    command(&h, &m[0], "/rules");
    command(&h, &m[1], "/rules");
    command(&h, &m[2], "/rules");
    let deadline = Instant::now() + Duration::from_secs(5);
    while planned(&h).await < 1 {
        assert!(Instant::now() < deadline, "nothing queued");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mark = h.fake.mark();
    // When three members ask for the board and one of them asks /top twice,
    command(&h, &m[3], "/board");
    command(&h, &m[0], "/board");
    command(&h, &m[1], "/board");
    let first_top = command(&h, &m[2], "/top");
    let second_top = command(&h, &m[2], "/top all");
    tokio::time::sleep(Duration::from_millis(300)).await;
    // and the budget allows again,
    pace_until(&h, "the replies", || !replies_to(&h, second_top).is_empty()).await;
    pace_until(&h, "every write made", || true).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Then the board is posted anew once, and /top answered once (the newer one).
    let posts = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.ok() && matches!(r.method.as_str(), "sendphoto" | "sendmessage"))
        .filter(|r| !r.params["reply_markup"].is_null())
        .filter(|r| r.params["reply_parameters"].is_null())
        .count();
    assert_eq!(
        posts,
        1,
        "one board for three /board:\n{}",
        h.fake.log_tail(16)
    );
    assert_eq!(replies_to(&h, second_top).len(), 1);
    assert!(
        replies_to(&h, first_top).is_empty(),
        "the older /top was superseded"
    );
    let superseded = h.bots[0].ctx.metrics.outbox_count("superseded");
    assert!(superseded >= 3, "counted {superseded}");
    assert!(h.fake.flood_stats(CHAT).refused.is_empty(), "no 429");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_joins_waiting_for_the_budget_are_one_lobby_edit() {
    // Given a lobby at Telegram's limit with its budget spent,
    let mut h = Harness::start(207).await;
    quiet_settings(&h).await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    h.stop_bots().await;
    h.write_budget = TELEGRAM;
    h.fake.flood(flood());
    h.spawn_bot().await;
    let m = members(2);
    command(&h, &m[0], "/rules");
    command(&h, &m[1], "/rules");
    let lobby = h.board().await;
    let join = support::bot_harness::button_with(&lobby, "j:");
    let mark = h.fake.mark();
    // When three players press Join (each answered at once),
    for u in &users[1..4] {
        let upd = h.fake.press(CHAT, u, msg_id(&lobby), &join);
        let id = callback_id(&upd);
        h.fake.push_update(upd);
        let ans = h.fake.wait_for_callback_answer(&id).await;
        assert!(!refused(&ans), "{:?}", ans.params);
    }
    assert_eq!(h.table().await.1.players().len(), 4);
    // Then, once the budget allows, the lobby is edited once, showing all four.
    pace_until(&h, "the lobby edit", || {
        h.fake
            .requests_since(mark)
            .iter()
            .any(|r| r.method == "editmessagetext" && r.ok())
    })
    .await;
    for _ in 0..4 {
        step(&h, 3_150).await;
    }
    let edits: Vec<Recorded> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "editmessagetext" && r.params["message_id"] == msg_id(&lobby))
        .collect();
    assert_eq!(edits.len(), 1, "{}", h.fake.log_tail(12));
    let text = edits[0].str_param("text").unwrap_or_default();
    for name in ["Ana", "Carme", "Dani", "Biel &lt;b&gt;&amp;"] {
        assert!(text.contains(name), "{name} in {text}");
    }
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_that_could_not_go_within_a_minute_is_dropped_not_sent_late() {
    // Given a game at Telegram's limit whose budget is spent,
    let h = paced_game(211).await;
    let m = members(4);
    for u in &m[..3] {
        command(&h, u, "/rules");
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while planned(&h).await < 1 {
        assert!(Instant::now() < deadline, "nothing queued");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // When a member asks /help and no write is allowed for over a minute,
    let help = command(&h, &m[3], "/help");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(replies_to(&h, help).is_empty());
    h.advance(61_000);
    // Then the reply is dropped (and counted), never sent late.
    let deadline = Instant::now() + Duration::from_secs(5);
    while h.bots[0].ctx.metrics.outbox_count("stale") == 0 {
        assert!(
            Instant::now() < deadline,
            "never dropped\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for _ in 0..30 {
        step(&h, 3_150).await;
    }
    assert!(replies_to(&h, help).is_empty(), "a stale reply was sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_floods_the_bot_gets_one_notice_then_silence_and_delays_nobody() {
    // Given a game (replies unpaced: this is about the member, not the budget),
    let h = Harness::start_with(
        213,
        Options {
            write_budget: UNPACED,
            ..Options::default()
        },
    )
    .await;
    quiet_settings(&h).await;
    h.start_game(2).await;
    let flooder = TestUser::new(300, "Flo").lang("en");
    let other = TestUser::new(301, "Rita").lang("en");
    // When one member sends many commands with odd arguments,
    let asks = [
        "/help",
        "/rules classic",
        "/top xyz",
        "/stats",
        "/board",
        "/timer 9999",
    ];
    let mut ids = Vec::new();
    for i in 0..(FLOOD_LIMIT as usize + 8) {
        ids.push(command(&h, &flooder, asks[i % asks.len()]));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let last = *ids.last().expect("commands");
    until("the flooder's commands handled", &h, || {
        h.fake.queued_updates() == 0
            && h.fake.requests().iter().any(|r| {
                r.method == "sendmessage"
                    && is_flood_notice(r.str_param("text").unwrap_or_default(), "Flo")
            })
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = last;
    // Then they get one notice, and no answer to what they sent after it,
    let notices = h
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "sendmessage")
        .filter(|r| is_flood_notice(r.str_param("text").unwrap_or_default(), "Flo"))
        .count();
    assert_eq!(notices, 1, "{notices} notices\n{}", h.fake.log_tail(80));
    let after = &ids[FLOOD_LIMIT as usize + 1..];
    assert!(
        after.iter().all(|&id| replies_to(&h, id).is_empty()),
        "answered while quiet"
    );
    // while another member is answered and the players' presses are played.
    let rita = command(&h, &other, "/help");
    until("Rita's answer", &h, || !replies_to(&h, rita).is_empty()).await;
    let mover = h.mover().await.expect("a human to move");
    let board = h.board().await;
    let ans = h.press(&mover, msg_id(&board), &buttons(&board)[0].1).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    // And a while after their last command, they are answered again.
    h.advance(parxis::store::MUTE_SECS * 1000 + 1_000);
    let back = command(&h, &flooder, "/help");
    until("the answer after the quiet", &h, || {
        !replies_to(&h, back).is_empty()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_share_one_budget_and_never_earn_a_429() {
    // Given two replicas at Telegram's limit on one Redis,
    let mut h = Harness::start(217).await;
    quiet_settings(&h).await;
    h.start_game(2).await;
    h.stop_bots().await;
    h.write_budget = TELEGRAM;
    h.fake.flood(flood());
    h.spawn_bot().await;
    h.spawn_bot().await;
    // When, over three minutes of the clock, a member asks for something every 2 s (more
    // than the budget takes: some replies wait past their minute and are dropped),
    let m = members(90);
    for (i, u) in m.iter().enumerate() {
        command(&h, u, if i % 2 == 0 { "/rules" } else { "/help" });
        step(&h, 2_000).await;
    }
    for _ in 0..30 {
        step(&h, 2_000).await;
    }
    // Then Telegram never refused a write, no 60 s holds more than 20 of them,
    let stats = h.fake.flood_stats(CHAT);
    assert!(stats.refused.is_empty(), "429s: {:?}", stats.refused);
    let w = &stats.writes;
    for (i, start) in w.iter().enumerate() {
        let inside = w[i..]
            .iter()
            .take_while(|t| t.saturating_sub(*start) < Duration::from_secs(60))
            .count();
        assert!(inside <= 20, "{inside} writes in the minute from {start:?}");
    }
    // and both replicas made some of them.
    let made: Vec<u64> = h
        .bots
        .iter()
        .map(|b| b.ctx.metrics.outbox_count("made"))
        .collect();
    assert!(made.iter().all(|&n| n > 0), "writes by replica: {made:?}");
    assert!(w.len() >= 40, "the budget was used: {} writes", w.len());
    let _ = text_of;
    h.stop_bots().await;
}

/// The `seq` a board's first button was drawn at.
fn drawn_at(board: &serde_json::Value) -> Option<u64> {
    let (_, data) = buttons(board).into_iter().next()?;
    data.split(':').nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_on_a_board_the_budget_holds_back_says_when_it_catches_up_and_it_does() {
    // Given an English game at Telegram's limit whose budget is spent (members' replies
    // wait for it),
    let h = paced_game(219).await;
    h.settings(parxis::bot::core::settings::ChatSettings {
        lang: Some(parxis::i18n::Lang::En),
        timer_secs: 0,
        pings_secs: 0,
        dice: parxis::bot::core::settings::DiceMode::Button,
        lang_offered: true,
        ..parxis::bot::core::settings::ChatSettings::default()
    })
    .await;
    let chat = parxis::store::Place::of_chat(CHAT);
    let outbox_due = || async {
        h.store
            .due_at(parxis::store::DueKind::Outbox, chat)
            .await
            .expect("redis")
    };
    let m = members(6);
    let asked: Vec<i64> = m.iter().map(|u| command(&h, u, "/rules")).collect();
    // (every reply planned, some made, the others waiting)
    let made = || {
        asked
            .iter()
            .map(|&id| replies_to(&h, id).len() as u64)
            .sum::<u64>()
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    while planned(&h).await < 2
        || planned(&h).await + made() < 6
        || outbox_due()
            .await
            .is_none_or(|d| d < h.clock.now_ms() + 1_500)
    {
        assert!(
            Instant::now() < deadline,
            "the budget never held writes back"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // When the player to roll presses Roll (played: the board's write now waits too),
    let board = h.board().await;
    let old_seq = drawn_at(&board).expect("drawn at");
    let roll = buttons(&board)[0].1.clone();
    assert!(roll.starts_with("r:"), "{roll}");
    let mover = h.mover().await.expect("a human to move");
    let waiting = planned(&h).await;
    let upd = h.fake.press(CHAT, &mover, msg_id(&board), &roll);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&id).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    let (_, t) = h.table().await;
    assert_ne!(t.seq(), old_seq, "the roll was played");
    // (the board's write planned after the answer, and the drain has looked at the chat
    // since, and found the budget spent)
    let deadline = Instant::now() + Duration::from_secs(5);
    while planned(&h).await <= waiting
        || outbox_due()
            .await
            .is_none_or(|d| d < h.clock.now_ms() + 1_500)
    {
        assert!(
            Instant::now() < deadline,
            "the board's write was not held back"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        drawn_at(&h.board().await),
        Some(old_seq),
        "the board is behind"
    );
    // and the other player presses the same (old) board's Roll,
    let other = four_users()
        .into_iter()
        .find(|u| t.players().iter().any(|p| p.id == u.id) && !t.awaits_roll_by(u.id))
        .expect("a player not to roll");
    // (when the chat's writes are due: read before the press, which plans the board again
    // and so marks the chat due now until its drain looks at the budget again)
    let due = outbox_due().await.expect("the chat's writes are due");
    let upd = h.fake.press(CHAT, &other, msg_id(&board), &roll);
    let id = callback_id(&upd);
    let pushed = Instant::now();
    h.fake.push_update(upd);
    let answer = h.fake.wait_for_callback_answer(&id).await;
    let now = h.clock.now_ms();
    // Then it is answered at once, with what happened since and when the board catches up:
    // the seconds until the chat's outbox is due,
    assert!(answer.at.saturating_duration_since(pushed) < Duration::from_secs(1));
    let text = answer.str_param("text").unwrap_or_default().to_owned();
    let (what, wait) = text
        .split_once(" — the board catches up in about ")
        .unwrap_or_else(|| panic!("no wait in {text:?}"));
    assert!(!what.is_empty(), "says what happened: {text}");
    let secs: u64 = wait
        .strip_suffix(" s")
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seconds in {text:?}"));
    let expected = due.saturating_sub(now).div_ceil(1_000);
    assert!(secs >= 2, "{text}");
    assert!(
        secs.abs_diff(expected) <= 1,
        "{secs} s said, {expected} s due: {text}"
    );
    // and when the clock reaches that time, the board shows the roll.
    h.advance(secs * 1_000);
    let deadline = Instant::now() + Duration::from_secs(5);
    while drawn_at(&h.board().await) != Some(t.seq()) {
        assert!(
            Instant::now() < deadline,
            "the board did not catch up in {secs} s\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(h.fake.flood_stats(CHAT).refused.is_empty(), "no 429");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_started_lobby_loses_its_buttons_with_the_first_board_and_a_late_press_is_told_it_started()
 {
    // Given a lobby of two in English, picture boards, at Telegram's limit with its budget
    // spent and three replies waiting,
    let mut h = Harness::start(211).await;
    h.settings(parxis::bot::core::settings::ChatSettings {
        lang: Some(parxis::i18n::Lang::En),
        display: parxis::bot::core::settings::Display::Image,
        timer_secs: 0,
        pings_secs: 0,
        lang_offered: true,
        ..parxis::bot::core::settings::ChatSettings::default()
    })
    .await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    let lobby = h.board().await;
    let ans = h
        .press(
            &users[1],
            msg_id(&lobby),
            &support::bot_harness::button_with(&lobby, "j:"),
        )
        .await;
    assert!(!refused(&ans), "{:?}", ans.params);
    h.stop_bots().await;
    h.write_budget = TELEGRAM;
    h.fake.flood(flood());
    h.spawn_bot().await;
    let m = members(5);
    for u in &m {
        command(&h, u, "/rules");
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while planned(&h).await < 3 {
        assert!(Instant::now() < deadline, "replies never queued");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let lobby = h.board().await;
    let lobby_id = msg_id(&lobby);
    let join = support::bot_harness::button_with(&lobby, "j:");
    let mark = h.fake.mark();
    // When the host presses Start,
    let upd = h.fake.press(
        CHAT,
        &users[0],
        lobby_id,
        &support::bot_harness::button_with(&lobby, "s:"),
    );
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&id).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    // and a late joiner presses Join on the lobby still shown,
    let upd = h.fake.press(CHAT, &users[2], lobby_id, &join);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let late = h.fake.wait_for_callback_answer(&id).await;
    // Then they are told the game started, where to watch and how to play next (not "this
    // board is out of date"),
    let started = parxis::i18n::tr_plain(parxis::i18n::Lang::En, &parxis::i18n::Msg::AlertStarted);
    assert_eq!(
        late.str_param("text"),
        Some(started.as_str()),
        "{:?}",
        late.params
    );
    assert!(started.contains("/newgame") && started.contains("board below"));
    assert_eq!(
        h.table().await.1.players().len(),
        2,
        "nobody joined a started game"
    );
    // and the lobby's last edit (no Join / Start) leaves right after the first board,
    // before the replies that waited.
    pace_until(&h, "the lobby's last edit", || {
        h.fake
            .requests_since(mark)
            .iter()
            .any(|r| r.method == "editmessagetext" && r.params["message_id"] == lobby_id && r.ok())
    })
    .await;
    let writes: Vec<Recorded> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method != "getupdates" && r.method != "answercallbackquery")
        .collect();
    let photo = writes
        .iter()
        .position(|r| r.method == "sendphoto")
        .expect("the first board posted");
    let edit = writes
        .iter()
        .position(|r| r.method == "editmessagetext" && r.params["message_id"] == lobby_id)
        .expect("the lobby edited");
    let between: Vec<&str> = writes[photo..edit]
        .iter()
        .map(|r| r.method.as_str())
        .collect();
    assert_eq!(
        edit,
        photo + 1,
        "nothing between the board and the lobby's edit: {between:?}"
    );
    assert!(
        writes[edit + 1..]
            .iter()
            .chain(std::iter::once(&writes[edit]))
            .all(|r| r.ok()),
        "{}",
        h.fake.log_tail(8)
    );
    let shown = h.fake.message(CHAT, lobby_id).expect("the lobby message");
    assert!(buttons(&shown).is_empty(), "{shown}");
    assert!(
        planned(&h).await >= 1,
        "a reply still waited when the lobby closed: the edit went before it"
    );
    assert!(h.fake.flood_stats(CHAT).refused.is_empty(), "no 429");
    h.stop_bots().await;
}
