//! What the fake Bot API saw, request by request (its tap), and what Redis stored (a sampler):
//! the raw material of the figures.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use parxis::bot::core::callback::Press;
use parxis::bot::core::table::Status;
use parxis::store::Store;
use serde_json::Value;
use tokio::sync::Notify;

use crate::support::fake_tg::{Recorded, is_write};

/// What the sampler reads of a stored game: its `seq` and status, as the table's stored
/// form names them (`Table::seq` and `Table::status`), every other field skipped unparsed.
/// The sampler reads every group's game ten times a second; decoding the whole table each
/// time (its events, players, game) took about a third of the bench's CPU at 1,000 groups,
/// all of it counted in the CPU per update (see docs/SCALING.md).
#[derive(serde::Deserialize)]
struct Glance {
    #[serde(default)]
    seq: u64,
    status: Status,
}

/// One chat as the probe saw it.
#[derive(Default)]
pub struct ChatLog {
    /// Every successful write carrying game buttons: when the fake received it and the
    /// table `seq` its buttons were drawn at (what the chat's board shows from then on).
    pub shown: Vec<(Instant, u64)>,
    /// Every write request to the chat: when, and whether it was admitted (not a 429).
    pub writes: Vec<(Instant, bool)>,
    /// Each stored `seq` and when the sampler first saw it in Redis.
    pub stored: Vec<(Instant, u64)>,
    /// When the sampler first saw the game in play.
    pub playing_since: Option<Instant>,
    /// Replies to members' commands the fake received (successful sends replying to one).
    pub replies: u64,
    /// Successful sends with game buttons: a lobby, or a board posted anew (`/board`).
    pub board_posts: u64,
    /// Successful writes without game buttons that are not replies (button strips, "board
    /// below" edits, pings and their deletes, …).
    pub other_writes: u64,
    /// The bot's messages that carry game buttons now (kept up to date from every write):
    /// the newest of them is the board the chat's members see.
    with_buttons: std::collections::BTreeSet<i64>,
}

/// One answered press: when its update was pushed, when a `getUpdates` first handed it to
/// a bot, and when its `answerCallbackQuery` reached the fake.
#[derive(Clone, Copy, Debug)]
pub struct Answer {
    pub pushed: Instant,
    pub delivered: Option<Instant>,
    pub answered: Instant,
}

impl Answer {
    /// Update pushed → answer received.
    #[must_use]
    pub fn latency(&self) -> Duration {
        self.answered.saturating_duration_since(self.pushed)
    }
}

#[derive(Default)]
struct Inner {
    /// Callback query id → when its update was pushed, and first delivered.
    pending: HashMap<String, (Instant, Option<Instant>)>,
    /// (chat, command message id) → when its update was pushed, and what it was.
    commands: HashMap<(i64, i64), (Instant, &'static str)>,
    /// What the members asked → (sent, replied to).
    asked: HashMap<&'static str, [u64; 2]>,
    answers: Vec<Answer>,
    refused: Vec<String>,
    reply_latency: Vec<Duration>,
    presses: u64,
    commands_sent: u64,
    chats: HashMap<i64, ChatLog>,
}

/// The run's shared bookkeeping.
#[derive(Default)]
pub struct Probe {
    inner: Mutex<Inner>,
    /// Chat → woken when the bot writes there (its players look again).
    wakers: Mutex<HashMap<i64, Arc<Notify>>>,
    /// Whether the humans still act.
    pub running: AtomicBool,
    /// Whether the sampler still samples.
    pub sampling: AtomicBool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The table `seq` a message's game buttons were drawn at (`None`: no game buttons).
#[must_use]
pub fn drawn_at(message_or_params: &Value) -> Option<u64> {
    let rows = message_or_params["reply_markup"]["inline_keyboard"].as_array()?;
    rows.iter()
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|b| b["callback_data"].as_str())
        .find_map(Press::decode)
        .map(|p| p.version)
}

/// Keep the set of messages with game buttons up to date after a successful write: a send
/// with them adds its new message, an edit sets them as it leaves them (an edit without a
/// keyboard takes it off), a delete removes the message.
fn track_buttons(log: &mut ChatLog, r: &Recorded) {
    let buttons = drawn_at(&r.params).is_some();
    let id = if r.method.starts_with("send") {
        r.result()["message_id"].as_i64()
    } else {
        r.params["message_id"].as_i64()
    };
    let Some(id) = id else { return };
    if r.method.starts_with("delete") || !buttons {
        log.with_buttons.remove(&id);
    } else {
        log.with_buttons.insert(id);
    }
}

/// What the probe hands over at the end.
pub struct Taken {
    pub answers: Vec<Answer>,
    pub asked: HashMap<&'static str, [u64; 2]>,
    pub unanswered: usize,
    pub refused: Vec<String>,
    pub reply_latency: Vec<Duration>,
    pub presses: u64,
    pub commands_sent: u64,
    pub chats: HashMap<i64, ChatLog>,
}

impl Probe {
    /// A press about to be pushed.
    pub fn pressed(&self, callback_id: &str) {
        let mut i = lock(&self.inner);
        i.pending
            .insert(callback_id.to_owned(), (Instant::now(), None));
        i.presses += 1;
    }

    /// A command about to be pushed (`message_id`: the command's message; `kind`: what it
    /// asks, for the counts of replies by kind).
    pub fn commanded(&self, chat: i64, message_id: i64, kind: &'static str) {
        let mut i = lock(&self.inner);
        i.commands
            .insert((chat, message_id), (Instant::now(), kind));
        i.asked.entry(kind).or_default()[0] += 1;
        i.commands_sent += 1;
    }

    /// What wakes `chat`'s players when the bot writes there.
    pub fn waker(&self, chat: i64) -> Arc<Notify> {
        lock(&self.wakers).entry(chat).or_default().clone()
    }

    /// Called by the fake for every request, as it is recorded.
    pub fn saw(&self, r: &Recorded) {
        if r.method == "getupdates" {
            self.delivered(r);
            return;
        }
        if r.method == "answercallbackquery" {
            let id = r.str_param("callback_query_id").unwrap_or_default();
            let mut i = lock(&self.inner);
            if let Some((pushed, delivered)) = i.pending.remove(id) {
                i.answers.push(Answer {
                    pushed,
                    delivered,
                    answered: r.at,
                });
                if let Some(text) = r.str_param("text") {
                    i.refused.push(text.to_owned());
                }
            }
            return;
        }
        if !is_write(&r.method) {
            return;
        }
        let Some(chat) = r.chat_id() else { return };
        {
            let mut i = lock(&self.inner);
            let reply_to = r.params["reply_parameters"]["message_id"].as_i64();
            let asked = reply_to
                .filter(|_| r.ok())
                .and_then(|m| i.commands.remove(&(chat, m)));
            if let Some((at, kind)) = asked {
                i.reply_latency.push(r.at.saturating_duration_since(at));
                i.asked.entry(kind).or_default()[1] += 1;
            }
            let log = i.chats.entry(chat).or_default();
            log.writes.push((r.at, r.status != 429));
            if r.ok() {
                track_buttons(log, r);
                match drawn_at(&r.params) {
                    Some(seq) => {
                        log.shown.push((r.at, seq));
                        log.board_posts += u64::from(r.method.starts_with("send"));
                    }
                    None if reply_to.is_some() => log.replies += 1,
                    None => log.other_writes += 1,
                }
            }
        }
        if r.ok()
            && let Some(n) = lock(&self.wakers).get(&chat)
        {
            n.notify_one();
        }
    }

    /// A `getUpdates` answer: the presses it hands to a bot for the first time are delivered
    /// now (the tap runs just before the answer is sent).
    fn delivered(&self, r: &Recorded) {
        let Some(updates) = r.result().as_array() else {
            return;
        };
        let now = Instant::now();
        let mut i = lock(&self.inner);
        for u in updates {
            if let Some(id) = u["callback_query"]["id"].as_str()
                && let Some(p) = i.pending.get_mut(id)
            {
                p.1.get_or_insert(now);
            }
        }
    }

    /// The id of the newest message of `chat` that carries game buttons: the board its
    /// members see.
    pub fn board_id(&self, chat: i64) -> Option<i32> {
        let i = lock(&self.inner);
        let id = i.chats.get(&chat)?.with_buttons.last().copied()?;
        i32::try_from(id).ok()
    }

    /// Sample `chat`'s stored game every `every` until sampling stops.
    pub async fn sample(self: Arc<Self>, store: Store, chat: i64, every: Duration) {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last = None;
        while self.sampling.load(Ordering::Relaxed) {
            tick.tick().await;
            let Ok(Some(rec)) = store.load::<Glance>(chat).await else {
                continue;
            };
            let now = Instant::now();
            let t = rec.state;
            let mut i = lock(&self.inner);
            let log = i.chats.entry(chat).or_default();
            if t.status == Status::Playing && log.playing_since.is_none() {
                log.playing_since = Some(now);
            }
            if last != Some(t.seq) {
                last = Some(t.seq);
                log.stored.push((now, t.seq));
            }
        }
    }

    /// Whether every chat's board shows its stored game (the last sample).
    pub fn caught_up(&self) -> bool {
        let i = lock(&self.inner);
        i.chats.values().all(|c| {
            let shown = c.shown.iter().map(|s| s.1).max();
            c.stored.last().is_none_or(|s| shown >= Some(s.1))
        })
    }

    /// Everything recorded.
    pub fn take(&self) -> Taken {
        let mut i = lock(&self.inner);
        Taken {
            answers: std::mem::take(&mut i.answers),
            asked: std::mem::take(&mut i.asked),
            unanswered: i.pending.len(),
            refused: std::mem::take(&mut i.refused),
            reply_latency: std::mem::take(&mut i.reply_latency),
            presses: i.presses,
            commands_sent: i.commands_sent,
            chats: std::mem::take(&mut i.chats),
        }
    }
}
