//! Board writes at Telegram's pace: the real bot (dispatcher and turn driver) against the fake
//! Bot API of the integration tests and a real `redis-server`, on 127.0.0.1 only.
//!
//! For seeded games of 2 and 4 humans, with `/dice auto` and `/dice button`:
//! - **writes**: every write request to the chat (messages and edits) from the start of the
//!   game to its end, per 100 moves played and per human decision (a press of a move
//!   button; in button mode the Roll presses are counted apart). Humans press as soon as the
//!   board shows their buttons; no flood, no budget.
//! - **paced**: the same game with the bot's budget at 20 writes per window and Telegram's
//!   flood limit at 20 per window, the window shortened to `PARXIS_PACE_WINDOW_MS` (2000):
//!   the wall time, and that time scaled to a one-minute window (the game wall time at 20
//!   writes a minute); the callback answer latency (update queued → answerCallbackQuery
//!   received), median and p99, with humans pressing as fast as they can on whatever board
//!   they see (flood).
//!
//! ```text
//! cargo bench --bench pace
//! PARXIS_PACE_SEEDS=3 cargo bench --bench pace
//! ```

#![allow(dead_code, clippy::cast_precision_loss)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::Status;
use parxis::i18n::Lang;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, Options, UNPACED, four_users};
use support::fake_tg::{Flood, FloodClock, buttons, callback_id, is_write, msg_id};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn drawn_at(board: &Value) -> Option<u64> {
    let (_, data) = buttons(board).into_iter().next()?;
    data.split(':').nth(1)?.parse().ok()
}

struct Counted {
    moves: u32,
    writes: usize,
    move_presses: usize,
    roll_presses: usize,
}

struct Paced {
    wall: Duration,
    latencies: Vec<Duration>,
    refused: usize,
}

async fn harness(seed: u64, budget: (u32, u64), dice: DiceMode) -> Harness {
    let h = Harness::start_with(
        seed,
        Options {
            write_budget: budget,
            ..Options::default()
        },
    )
    .await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    h
}

/// One game where humans press once the board shows the stored table.
async fn counted(seed: u64, humans: usize, dice: DiceMode) -> Counted {
    let h = harness(seed, UNPACED, dice).await;
    let users = four_users();
    h.start_game(humans).await;
    let mark = h.fake.mark();
    let (mut move_presses, mut roll_presses) = (0, 0);
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let (_, t) = h.table().await;
        if t.status() != Status::Playing {
            break;
        }
        assert!(Instant::now() < deadline, "stuck:\n{}", h.fake.log_tail(10));
        let board = h.board().await;
        let Some(user) = t
            .to_move()
            .and_then(|p| users.iter().find(|u| u.id == p.id))
        else {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        };
        if drawn_at(&board) != Some(t.seq()) {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        }
        let (_, data) = buttons(&board).into_iter().next().expect("a button");
        if data.starts_with("r:") {
            roll_presses += 1;
        } else {
            move_presses += 1;
        }
        h.press(user, msg_id(&board), &data).await;
    }
    // The final board, and whatever was planned after it.
    h.wait_writes(support::bot_harness::WAIT).await;
    let writes = h
        .fake
        .requests_since(mark)
        .iter()
        .filter(|r| is_write(&r.method) && r.ok())
        .count();
    let (_, t) = h.table().await;
    Counted {
        moves: t.stats().moves,
        writes,
        move_presses,
        roll_presses,
    }
}

/// One game under flood with the budget at 20 writes per window, humans pressing as fast
/// as they can on whatever board they see.
async fn paced(seed: u64, humans: usize, dice: DiceMode, window: Duration) -> Paced {
    let window_ms = u64::try_from(window.as_millis()).unwrap_or(2000);
    let h = harness(seed, (20, window_ms), dice).await;
    let users = four_users();
    h.start_game(humans).await;
    h.fake.flood(Flood {
        limit: 20,
        window,
        clock: FloodClock::Real,
    });
    let started = Instant::now();
    let mut latencies = Vec::new();
    loop {
        let (_, t) = h.table().await;
        if t.status() != Status::Playing {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(900),
            "stuck:\n{}",
            h.fake.log_tail(10)
        );
        let Some(user) = t
            .to_move()
            .and_then(|p| users.iter().find(|u| u.id == p.id))
        else {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        };
        let board = h.board().await;
        let Some((_, data)) = buttons(&board).into_iter().next() else {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        };
        let upd = h.fake.press(CHAT, user, msg_id(&board), &data);
        let id = callback_id(&upd);
        let pushed = Instant::now();
        h.fake.push_update(upd);
        let answer = h.fake.wait_for_callback_answer(&id).await;
        latencies.push(answer.at.saturating_duration_since(pushed));
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    // Until the board shows the end.
    loop {
        let (_, t) = h.table().await;
        if drawn_at(&h.board().await) == Some(t.seq()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Paced {
        wall: started.elapsed(),
        latencies,
        refused: h.fake.flood_stats(CHAT).refused.len(),
    }
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let seeds = env("PARXIS_PACE_SEEDS", 1);
    let window = Duration::from_millis(env("PARXIS_PACE_WINDOW_MS", 2000));
    let scale = 60_000.0 / window.as_millis() as f64;
    println!(
        "humans dice    moves writes writes/100moves move-presses roll-presses writes/decision | \
         paced: wall(s) wall@20/min(min) 429s answer-median(ms) answer-p99(ms)"
    );
    for humans in [2, 4] {
        for (dice, name) in [(DiceMode::Auto, "auto"), (DiceMode::Button, "button")] {
            for seed in 1..=seeds {
                let c = counted(seed, humans, dice).await;
                let p = paced(seed, humans, dice, window).await;
                let mut l = p.latencies.clone();
                l.sort();
                println!(
                    "{humans:>6} {name:<7} {:>5} {:>6} {:>15.1} {:>12} {:>12} {:>15.2} | \
                     {:>13.1} {:>16.1} {:>4} {:>18.1} {:>14.1}",
                    c.moves,
                    c.writes,
                    c.writes as f64 * 100.0 / f64::from(c.moves.max(1)),
                    c.move_presses,
                    c.roll_presses,
                    c.writes as f64 / c.move_presses.max(1) as f64,
                    p.wall.as_secs_f64(),
                    p.wall.as_secs_f64() * scale / 60.0,
                    p.refused,
                    quantile(&l, 0.5).as_secs_f64() * 1000.0,
                    quantile(&l, 0.99).as_secs_f64() * 1000.0,
                );
            }
        }
    }
}
