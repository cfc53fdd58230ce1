//! A game across a Redis failover, for the Sentinel tests (plain and TLS): presses each saved
//! once before it, presses answered "try again" during it, the stored table read through it.

use std::time::{Duration, Instant};

use parxis::bot::core::table::Table;
use parxis::i18n::{Lang, Msg, tr_plain};
use parxis::store::Store;

use super::bot_harness::{CHAT, Harness, refused};
use serde_json::Value;

use super::fake_tg::{TestUser, buttons, msg_id};

/// The stored table of [`CHAT`], waiting through a failover (reads fail as unavailable
/// until the store finds the new primary).
pub async fn table_through(store: &Store) -> Table {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match store.load::<Table>(CHAT).await {
            Ok(Some(v)) => return v.state,
            Ok(None) => panic!("the game is gone"),
            Err(e) => {
                assert!(Instant::now() < deadline, "Redis never came back: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// `n` presses of the first button of the fresh board by the player to move, each
/// accepted and saved exactly once.
pub async fn presses_saved_once(h: &Harness, n: usize) {
    for _ in 0..n {
        let before = h.table().await.1.seq();
        let (_, board) = h.fresh_board().await;
        let mover = h.mover().await.expect("a human to move");
        let ans = h.press(&mover, msg_id(&board), &buttons(&board)[0].1).await;
        assert!(!refused(&ans), "press refused: {:?}", ans.params);
        assert_eq!(h.table().await.1.seq(), before + 1);
    }
}

/// Presses `board`'s first button as `mover` every 200 ms until one goes through (at most
/// 40 s); every refusal meanwhile must be the English "try again". Returns how many were
/// answered busy.
pub async fn press_through(h: &Harness, mover: &TestUser, board: &Value) -> usize {
    let try_again = tr_plain(Lang::En, &Msg::AlertTryAgain);
    let started = Instant::now();
    let mut busy = 0;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "no press went through after the failover ({busy} answered busy)"
        );
        let ans = h.press(mover, msg_id(board), &buttons(board)[0].1).await;
        if !refused(&ans) {
            eprintln!(
                "failover: {busy} presses answered busy, through after {:?}",
                started.elapsed()
            );
            return busy;
        }
        assert_eq!(
            ans.str_param("text"),
            Some(try_again.as_str()),
            "{:?}",
            ans.params
        );
        busy += 1;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
