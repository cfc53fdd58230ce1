//! Replays in the bot, end to end (the real bot, the fake Bot API, a real Redis): a finished
//! board's 🎞 Replay button and `/replay` post one animation per game, which decodes to one
//! frame per move ending on the final board; later requests reply to it; `/record` sends a
//! JSON Lines file that `parxis::bot::core::replay::jsonl::check` accepts (and refuses tampered); all
//! of it after a restart and on a second replica.

use crate::support;

use support::gif_frames;

use std::time::Duration;

use parxis::bot::core::replay::sample::{self, Sample};
use parxis::bot::core::replay::{self, jsonl};
use parxis::bot::core::table::{Replay, Status};
use parxis::store::{CasOutcome, DueKind, Place, keys};
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, WAIT, button_with, four_users};
use support::fake_tg::{Recorded, TestUser, callback_id, msg_id};

/// A seeded two-player game (a person who lets the timer play and comes back, a person
/// who presses) played to its end through the bot's own `Table` (`replay::sample`), stored
/// at the chat as the save that finished it leaves it: finished, not yet recorded, its
/// record job due. The bot's scheduler records it (the record and the replay written
/// together by the stats script) and plans the final board; that board.
async fn finished(h: &Harness, seed: u64) -> Value {
    // The emoji board: no PNG drawn for the final board (the test is about the GIF).
    h.use_emoji().await;
    let mut s = Sample::computers(2, seed);
    s.people = true;
    let t = sample::play(&s).expect("a game");
    assert_eq!(t.status(), Status::Finished);
    assert!(!t.tally().recorded);
    let place = Place::of_chat(CHAT);
    let saved = h.store.save(place, 0, &t, 3_600).await.expect("redis");
    assert!(matches!(saved, CasOutcome::Saved { .. }), "{saved:?}");
    h.store
        .set_due(DueKind::Record, place, Some(h.now_ms()))
        .await
        .expect("redis");
    h.wait_table(WAIT, "the game recorded", |t| {
        t.status() == Status::Finished && t.tally().recorded
    })
    .await;
    let (_, board) = h.fresh_board().await;
    board
}

/// The replay kept in Redis for game `id`.
async fn kept(h: &Harness, id: &str) -> Replay {
    let mut raw = h.redis.raw().await;
    let json: String = redis::cmd("HGET")
        .arg(keys::stats_replays(CHAT))
        .arg(id)
        .query_async(&mut raw)
        .await
        .expect("the replay is kept");
    serde_json::from_str(&json).expect("a replay")
}

fn sent(h: &Harness, mark: usize, method: &str) -> Vec<Recorded> {
    h.fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == method)
        .collect()
}

/// How long drawing and posting an animation may take at most: a guard against a hang,
/// not a pace. The GIF is drawn by the project's code as the test profile builds it (not
/// optimized), which takes seconds, many more on a loaded machine; the harness's
/// [`support::bot_harness::WAIT`] (what answering a command may take) is too short
/// for it.
const DRAWN: Duration = Duration::from_secs(180);

async fn wait_for(h: &Harness, mark: usize, method: &str) -> Recorded {
    let m = method.to_owned();
    h.fake
        .wait_for_request_after(mark, move |r| r.method == m, DRAWN)
        .await
}

/// `user` sends `text`; waits until the bot has made a `method` request and then every
/// write it planned (the drain that made it has ended, so what follows the write, such as
/// the posted animation's id kept, is done). The request.
async fn ask(h: &Harness, user: &TestUser, text: &str, method: &str) -> Recorded {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, user, text));
    let r = wait_for(h, mark, method).await;
    h.wait_writes(DRAWN).await;
    r
}

/// `user` sends `text` as a reply to message `to`.
fn reply_command(h: &Harness, user: &TestUser, text: &str, to: i32) -> Value {
    let mut upd = h.fake.command(CHAT, user, text);
    upd["message"]["reply_to_message"] = h.fake.message(CHAT, to).expect("the message");
    upd
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_button_posts_one_animation_per_game_and_record_sends_a_checkable_file() {
    let h = Harness::start(2026).await;
    let users = four_users();
    // Given a finished game, its board with a 🎞 Replay button,
    let board = finished(&h, 3).await;
    let (_, t) = h.table().await;
    let id = t.game_id();
    let data = button_with(&board, "p:");
    // When two people press it at once,
    let mark = h.fake.mark();
    let press = h.fake.press(CHAT, &users[1], msg_id(&board), &data);
    let q = callback_id(&press);
    let press2 = h.fake.press(CHAT, &users[2], msg_id(&board), &data);
    let q2 = callback_id(&press2);
    h.fake.push_update(press);
    h.fake.push_update(press2);
    h.fake.wait_for_callback_answer(&q).await;
    h.fake.wait_for_callback_answer(&q2).await;
    let anim = wait_for(&h, mark, "sendanimation").await;
    h.wait_writes(DRAWN).await;
    // Then one animation is posted (the second press shares its planned write, or is
    // answered with a reply to it), a GIF replying to the board, its caption the result;
    assert_eq!(sent(&h, mark, "sendanimation").len(), 1);
    for r in sent(&h, mark, "sendmessage") {
        assert_eq!(
            r.params["reply_parameters"]["message_id"].as_i64(),
            Some(i64::from(msg_id(anim.result()))),
            "{:?}",
            r.params
        );
    }
    assert!(anim.ok(), "{:?}", anim.response);
    assert_eq!(anim.files.len(), 1);
    let bytes = &anim.files[0].data;
    assert!(bytes.starts_with(b"GIF89a"), "{:?}", anim.files[0].head);
    assert_eq!(
        anim.params["reply_parameters"]["message_id"].as_i64(),
        Some(i64::from(msg_id(&board)))
    );
    let caption = anim.str_param("caption").expect("a caption");
    let winner = t
        .game()
        .and_then(parxis::engine::Game::winner)
        .and_then(|w| t.player_of(w.colours()[0]))
        .map(|p| p.name.clone())
        .expect("a winner");
    assert!(caption.starts_with("🎞"), "{caption}");
    assert!(caption.contains(&format!("<b>{winner}</b>")), "{caption}");
    assert!(caption.contains(&t.stats().moves.to_string()), "{caption}");
    // it decodes to a picture per beat of its pace (at most a minute in all, the length
    // the caption gives apart from the game's), the start, the final board and the end
    // card,
    let r = kept(&h, &id).await;
    let w = replay::walk(&r).expect("the kept record replays");
    assert_eq!(w.moves() as u32, t.stats().moves);
    let n = replay::frame_count(&w);
    let d = gif_frames::decode(bytes, &[n - 2]);
    assert_eq!(d.frames.len(), n);
    let total: u32 = d.frames.iter().map(|f| u32::from(f.delay_cs)).sum();
    assert!(total <= 6_000, "{total}");
    let seconds = replay::pace(&w).seconds();
    assert_eq!(seconds, total.div_ceil(100));
    assert!(caption.contains(&format!(" {seconds} s ")), "{caption}");
    let still = gif_frames::decode(&replay::final_still(&r, &w), &[]);
    let last = &d.frames[n - 2];
    assert!(
        last.rgb == still.frames[0].rgb,
        "the frame before the end card is not the final board"
    );
    let posted = msg_id(anim.result());
    // When it is asked for again, by the button, by /replay and by /replay replying to
    // the board,
    let again = h.fake.mark();
    let press = h.fake.press(CHAT, &users[0], msg_id(&board), &data);
    h.fake.push_update(press);
    wait_for(&h, again, "sendmessage").await;
    h.command(&users[0], "/replay").await;
    h.fake
        .push_update(reply_command(&h, &users[1], "/replay", msg_id(&board)));
    h.wait_writes(WAIT).await;
    h.wait_fake(WAIT, "three replies", |_| {
        sent(&h, again, "sendmessage").len() >= 3
    })
    .await;
    // Then nothing is uploaded again: each gets a reply to the animation posted.
    assert!(sent(&h, again, "sendanimation").is_empty());
    let replies = sent(&h, again, "sendmessage");
    assert_eq!(replies.len(), 3, "{replies:?}");
    for r in &replies {
        assert_eq!(
            r.params["reply_parameters"]["message_id"].as_i64(),
            Some(i64::from(posted)),
            "{:?}",
            r.params
        );
    }
    // When /record is sent, Then the record comes as a JSON Lines file that checks,
    let mark4 = h.fake.mark();
    h.command(&users[1], "/record").await;
    let doc = wait_for(&h, mark4, "senddocument").await;
    assert!(doc.ok(), "{:?}", doc.response);
    let text = String::from_utf8(doc.files[0].data.clone()).expect("UTF-8");
    assert_eq!(
        doc.files[0].file_name.as_deref(),
        Some(format!("parxis-{id}.jsonl").as_str())
    );
    let back = jsonl::check(&text).expect("the record checks");
    assert_eq!(replay::walk(&back).expect("replays").moves(), w.moves());
    // and the same file with one step's roll changed is refused at that line.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let k = lines
        .iter()
        .position(|l| l.contains("\"play\":{") && l.contains("\"roll\":"))
        .expect("a move line");
    let mut v: Value = serde_json::from_str(&lines[k]).expect("JSON");
    let roll = v["roll"].as_u64().expect("a roll");
    v["roll"] = Value::from(if roll == 1 { 2 } else { roll - 1 });
    lines[k] = v.to_string();
    let err = jsonl::check(&lines.join("\n")).expect_err("a tampered record");
    assert_eq!(err.line, k + 1, "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_posted_after_a_restart_and_found_by_a_second_replica() {
    let mut h = Harness::start(7).await;
    let users = four_users();
    // Given a finished game, and the bot restarted,
    finished(&h, 7).await;
    let id = h.table().await.1.game_id();
    h.stop_bots().await;
    h.spawn_bot().await;
    // When /replay is sent, Then the restarted bot posts the animation of that game
    // (and remembers it before it is stopped: `ask` waits for the drain's end),
    let anim = ask(&h, &users[0], "/replay", "sendanimation").await;
    assert!(anim.ok(), "{:?}", anim.response);
    assert!(
        anim.files[0].file_name.as_deref() == Some(format!("parxis-{id}.gif").as_str()),
        "{:?}",
        anim.files[0].file_name
    );
    let posted = msg_id(anim.result());
    // and another replica (this one stopped) replies to it instead of uploading again.
    h.stop_bots().await;
    h.spawn_bot().await;
    let mark = h.fake.mark();
    let reply = ask(&h, &users[1], "/replay", "sendmessage").await;
    assert!(reply.ok(), "{:?}", reply.response);
    assert_eq!(
        reply.params["reply_parameters"]["message_id"].as_i64(),
        Some(i64::from(posted))
    );
    assert!(sent(&h, mark, "sendanimation").is_empty());
    // When the animation is deleted, Then the next request posts it again.
    assert!(h.fake.delete_message(CHAT, posted));
    let again = ask(&h, &users[1], "/replay", "sendanimation").await;
    assert!(again.ok(), "{:?}", again.response);
    assert_ne!(msg_id(again.result()), posted);
}
