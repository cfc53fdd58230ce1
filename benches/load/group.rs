//! One group's players: open a game, fill it, start it, press buttons until the time is up,
//! and open the next game when one ends.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parxis::bot::core::table::{Status, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use tokio::sync::Notify;

use crate::Env;
use crate::support::fake_tg::{TestUser, buttons, callback_id, msg_id};

/// How long a game may show no progress before it counts as stuck.
const STUCK_AFTER: Duration = Duration::from_secs(10);
/// How long a press may wait for its answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// The chat id of group `i` (a supergroup).
#[must_use]
pub fn chat_of(i: usize) -> i64 {
    -1_000_000_000_000 - i as i64
}

/// What a group saw: its chat and the highest `seq` it read.
pub struct Seen {
    pub chat: i64,
    pub max_seq: u64,
}

struct Group {
    env: Arc<Env>,
    /// Woken when the bot writes in this chat.
    waker: Arc<Notify>,
    chat: i64,
    humans: [TestUser; 2],
    outsider: TestUser,
    rng: ChaCha8Rng,
    max_seq: u64,
    last_progress: Instant,
}

/// Play in group `i` until the run's time is up.
pub async fn play(env: Arc<Env>, i: usize) -> Seen {
    let base = 1_000_000 + 10 * i as i64;
    let mut g = Group {
        chat: chat_of(i),
        humans: [
            TestUser::new(base, &format!("P{i} <a>")).lang("en"),
            TestUser::new(base + 1, &format!("P{i} & b")).lang("es"),
        ],
        outsider: TestUser::new(base + 2, "Kibitzer"),
        rng: ChaCha8Rng::seed_from_u64(env.cfg.seed ^ (i as u64).wrapping_mul(0x9e37_79b9)),
        max_seq: 0,
        last_progress: Instant::now(),
        waker: env.probe.waker(chat_of(i)),
        env,
    };
    let s = parxis::bot::core::settings::ChatSettings {
        lang: Some(parxis::i18n::Lang::En),
        display: parxis::bot::core::settings::Display::Emoji,
        timer_secs: 0,
        dice: parxis::bot::core::settings::DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    };
    if let Err(e) = g.env.store.set_settings(g.chat, &s).await {
        g.env.probe.error(format!("chat {}: settings: {e}", g.chat));
    }
    // Spread the start over a second.
    let delay = g.rng.random_range(0..1000);
    tokio::time::sleep(Duration::from_millis(delay)).await;
    while g.env.probe.running.load(Ordering::Relaxed) {
        if !g.step().await {
            break;
        }
    }
    Seen {
        chat: g.chat,
        max_seq: g.max_seq,
    }
}

impl Group {
    async fn table(&mut self) -> Option<Table> {
        match self.env.store.load::<Table>(self.chat).await {
            Ok(Some(r)) => {
                if r.state.seq() < self.max_seq {
                    self.env.probe.error(format!(
                        "chat {}: seq went back from {} to {}",
                        self.chat,
                        self.max_seq,
                        r.state.seq()
                    ));
                }
                if r.state.seq() > self.max_seq {
                    self.max_seq = r.state.seq();
                    self.last_progress = Instant::now();
                }
                Some(r.state)
            }
            Ok(None) => None,
            Err(e) => {
                self.env
                    .probe
                    .error(format!("chat {}: load: {e}", self.chat));
                None
            }
        }
    }

    /// The board if it shows `t` (its buttons carry `t.seq`).
    fn fresh_board(&self, t: &Table) -> Option<Value> {
        // The bot's last message with buttons in the chat (its board record is in Redis;
        // the fake knows it without a round trip).
        let board = self.env.fake.last_board(self.chat)?;
        let fresh = buttons(&board).first().is_some_and(|(_, d)| {
            d.ends_with(&format!(":{}", t.seq())) || d.contains(&format!(":{}:", t.seq()))
        });
        fresh.then_some(board)
    }

    /// One step; false to stop (the group is stuck).
    async fn step(&mut self) -> bool {
        let t = self.table().await;
        if self.last_progress.elapsed() > STUCK_AFTER {
            self.env.probe.error(format!(
                "chat {}: stuck at seq {} ({:?})",
                self.chat,
                self.max_seq,
                t.as_ref().map(|t| (t.status(), t.to_move().map(|p| p.id)))
            ));
            return false;
        }
        let Some(t) = t else {
            self.open().await;
            return true;
        };
        let Some(board) = self.fresh_board(&t) else {
            // The edit is on its way.
            self.wait().await;
            return true;
        };
        match t.status() {
            Status::Lobby => self.fill_lobby(&t, &board).await,
            Status::Playing => self.play_turn(&t, &board).await,
            Status::Finished | Status::Cancelled => {
                self.env
                    .probe
                    .games_finished
                    .fetch_add(1, Ordering::Relaxed);
                let host = self.humans[0].clone();
                self.press(&host, &board, "n:", true).await;
            }
        }
        true
    }

    /// Until the bot writes in the chat (or a while: a write may have come just before).
    async fn wait(&self) {
        let _ = tokio::time::timeout(Duration::from_millis(250), self.waker.notified()).await;
    }

    async fn open(&mut self) {
        let host = self.humans[0].clone();
        let at = Instant::now();
        let upd = self.env.fake.command(self.chat, &host, "/newgame");
        self.env.fake.push_update(upd);
        self.env.probe.updates.fetch_add(1, Ordering::Relaxed);
        // Wait for the lobby (its message is made later, by the chat's outbox).
        while at.elapsed() < STUCK_AFTER {
            if let Ok(Some(_)) = self.env.store.load::<Table>(self.chat).await {
                self.last_progress = Instant::now();
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn fill_lobby(&mut self, t: &Table, board: &Value) {
        let [host, guest] = self.humans.clone();
        if !t.players().iter().any(|p| p.id == guest.id) {
            self.press(&guest, board, "j:", true).await;
        } else if t.players().len() < 2 + self.env.cfg.computers {
            self.press(&host, board, "b:", true).await;
        } else {
            self.env.probe.games_started.fetch_add(1, Ordering::Relaxed);
            self.press(&host, board, "s:", true).await;
        }
    }

    async fn play_turn(&mut self, t: &Table, board: &Value) {
        let Some(p) = t.to_move().filter(|p| !p.is_automatic()) else {
            // A computer's turn: look again when the bot shows it.
            self.wait().await;
            return;
        };
        let think = self.rng.random_range(0..=self.env.cfg.think_ms);
        tokio::time::sleep(Duration::from_millis(think)).await;
        if self.rng.random_range(0..100) < self.env.cfg.noise_pct {
            self.noise(t, board, p.id).await;
            return;
        }
        let Some(user) = self.humans.iter().find(|u| u.id == p.id).cloned() else {
            return;
        };
        let b = buttons(board);
        let pick = self.rng.random_range(0..b.len().max(1));
        let data = b.get(pick).map(|(_, d)| d.clone()).unwrap_or_default();
        self.press(&user, board, &data, true).await;
    }

    /// A press that must be refused and change nothing: by someone else, stale, or forged.
    async fn noise(&mut self, t: &Table, board: &Value, mover: i64) {
        let b = buttons(board);
        let data = b.first().map(|(_, d)| d.clone()).unwrap_or_default();
        let other = self
            .humans
            .iter()
            .find(|u| u.id != mover)
            .cloned()
            .unwrap_or_else(|| self.outsider.clone());
        let (user, data) = match self.rng.random_range(0..4) {
            0 => (self.outsider.clone(), data),
            1 => (other, data),
            2 => {
                let stale =
                    data.replacen(&format!(":{}", t.seq()), &format!(":{}", t.seq() - 1), 1);
                // An old Roll by the roller is the same legal action now (it applies): the
                // stale Roll is pressed by someone else.
                let presser = if data.starts_with("r:") {
                    self.humans.iter().find(|u| u.id != mover).cloned()
                } else {
                    self.humans.iter().find(|u| u.id == mover).cloned()
                };
                (presser.unwrap_or_else(|| self.outsider.clone()), stale)
            }
            _ => (self.outsider.clone(), "m:zz:🎲".to_owned()),
        };
        self.env.probe.noise.fetch_add(1, Ordering::Relaxed);
        self.press(&user, board, &data, false).await;
        if let Some(after) = self.table().await
            && after.seq() != t.seq()
        {
            self.env.probe.error(format!(
                "chat {}: a refused press changed seq {} -> {}",
                self.chat,
                t.seq(),
                after.seq()
            ));
        }
    }

    /// Press `data` (or the first button whose data starts with it, for a prefix such as
    /// `"j:"`) and check the answer: accepted when `legit`, refused otherwise.
    async fn press(&mut self, user: &TestUser, board: &Value, data: &str, legit: bool) {
        let data = if data.len() == 2 && data.ends_with(':') {
            match buttons(board)
                .into_iter()
                .find(|(_, d)| d.starts_with(data))
            {
                Some((_, d)) => d,
                None => {
                    self.env
                        .probe
                        .error(format!("chat {}: no {data} button", self.chat));
                    return;
                }
            }
        } else {
            data.to_owned()
        };
        let upd = self.env.fake.press(self.chat, user, msg_id(board), &data);
        let id = callback_id(&upd);
        let rx = self.env.probe.expect_answer(&id, self.chat, Instant::now());
        self.env.fake.push_update(upd);
        self.env.probe.updates.fetch_add(1, Ordering::Relaxed);
        self.env.probe.presses.fetch_add(1, Ordering::Relaxed);
        match tokio::time::timeout(ANSWER_WITHIN, rx).await {
            // An accepted Roll is answered with its die ("🎲 4").
            Ok(Ok(text)) => match (legit, text.filter(|t| !is_roll_answer(t))) {
                (true, Some(text)) => self
                    .env
                    .probe
                    .error(format!("chat {}: press {data} refused: {text}", self.chat)),
                (false, None) => self.env.probe.error(format!(
                    "chat {}: wrong press {data} by {} accepted",
                    self.chat, user.id
                )),
                _ => {}
            },
            _ => self.env.probe.error(format!(
                "chat {}: press {data} not answered within {ANSWER_WITHIN:?}",
                self.chat
            )),
        }
    }
}

/// Is `text` the answer of an accepted Roll ("🎲 4")?
fn is_roll_answer(text: &str) -> bool {
    text.strip_prefix("🎲 ")
        .is_some_and(|n| n.len() == 1 && n.bytes().all(|b| b.is_ascii_digit()))
}
