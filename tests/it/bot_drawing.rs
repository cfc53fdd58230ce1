//! Boards are drawn a few at once, off the async workers: when many chats' picture boards
//! come due together (a thousand games opening after a restart), at most
//! `Drawing::permits` are drawn at the same time, the rest waiting for a permit without a
//! thread of their own, and every chat's board is still shown once they are drawn.
//!
//! The drawing is held (a test-only gate on the thread that draws, `Drawing::hold`) while
//! more chats than permits ask for their board: exactly as many drawings as permits reach
//! the gate. Were the boards drawn straight on tokio's blocking pool (hundreds of threads),
//! every one would reach it, and were they drawn elsewhere, none would.
//!
//! The real bot against the fake Bot API and a real `redis-server`.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::effects::drawing::Drawing;
use parxis::i18n::Lang;
use support::bot_harness::{CHAT, Harness, WAIT, four_users};

/// Lets the drawing go on when dropped.
struct Release(Arc<Drawing>);

impl Drop for Release {
    fn drop(&mut self) {
        self.0.release();
    }
}

fn pictures() -> ChatSettings {
    ChatSettings {
        lang: Some(Lang::En),
        display: Display::Image,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_boards_due_at_once_are_drawn_a_few_at_a_time_and_all_shown() {
    let h = Harness::start(91).await;
    let ctx = h.bots[0].ctx.clone();
    let permits = ctx.draw.permits();
    let chats: Vec<i64> = (0..i64::try_from(permits).expect("permits") + 3)
        .map(|i| CHAT - i)
        .collect();
    // Given games in play with picture boards in more chats than drawing permits,
    for &chat in &chats {
        h.store
            .set_settings(chat, &pictures())
            .await
            .expect("redis");
        h.two_player_game_in(chat).await;
    }
    let mut before = Vec::new();
    for &chat in &chats {
        let id = h.board_id_in(chat).await.expect("a board");
        let board = h.fake.message(chat, id).expect("the board message");
        assert!(board["photo"].is_array(), "a picture board: {board}");
        before.push(id);
    }
    let drawn = ctx.draw.drawn();
    assert!(
        drawn >= chats.len() as u64,
        "the boards so far were drawn there"
    );

    // when every chat asks for its board anew at once, the drawing held (let go however
    // the test ends: a held drawing would keep the runtime from shutting down),
    ctx.draw.hold();
    let _release = Release(ctx.draw.clone());
    let users = four_users();
    for &chat in &chats {
        h.fake
            .push_update(h.fake.command(chat, &users[0], "/board"));
    }
    let deadline = tokio::time::Instant::now() + WAIT;
    while ctx.draw.waiting() == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no board started drawing"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // (time for the others to reach the gate too, were they let through)
    tokio::time::sleep(Duration::from_millis(500)).await;

    // then only as many are drawn at once as there are permits,
    assert_eq!(
        ctx.draw.waiting(),
        permits,
        "drawings started at once, {} chats waiting",
        chats.len()
    );
    // and once the drawing goes on, every chat's board is posted anew.
    ctx.draw.release();
    for (&chat, &old) in chats.iter().zip(&before) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let id = h.board_id_in(chat).await;
            if id.is_some_and(|id| id != old) {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "chat {chat}'s board was not posted anew\n{}",
                h.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    h.wait_writes(WAIT).await;
    assert!(ctx.draw.drawn() >= drawn + chats.len() as u64);
    assert_eq!(ctx.draw.peak(), permits, "never more at once than permits");
}
