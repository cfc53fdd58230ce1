//! The people of one group: two players who act on the board they see, two members who ask
//! the bot things now and then, and (in the flooder scenario) one member who floods it.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parxis::bot::core::table::{Status, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::Env;
use crate::probe::drawn_at;
use crate::support::fake_tg::{TestUser, buttons, callback_id};

/// A player who pressed and sees no newer board for this long presses again (a press the
/// bot refused or lost; never seen in practice, but a stuck game would hide it).
const PRESS_AGAIN_AFTER: Duration = Duration::from_secs(30);
/// How long a player waits for the bot's next write before looking at the chat anyway.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// What the other members ask, one command every 6–10 s.
pub const ASKS: [&str; 5] = ["/stats", "/top", "/help", "/rules", "/board"];

/// What the flooder sends: odd arguments, unknown words, another bot's name. None of it may
/// change the game or the chat's settings (the run checks both at the end).
pub const ODD: [&str; 20] = [
    "/top xyz",
    "/rules nonsense",
    "/stats @nobody",
    "/help me please",
    "/board 42",
    "/timer 9999",
    "/dice sideways",
    "/pings -5",
    "/newgame 99 pairs",
    "/addbot godlike",
    "/kick 7",
    "/timezone Mars/Olympus",
    "/display 3d",
    "/top rating extra words",
    "/rules 🎲🎲🎲",
    "/skip now",
    "/bracket ?",
    "/join!",
    "/help@parxis_test_bot extra",
    "/stats ' OR 1=1 --",
];

/// One group: its chat and its people (distinct ids in every group).
pub struct Group {
    pub chat: i64,
    /// The host first.
    pub players: [TestUser; 2],
    pub members: [TestUser; 2],
    pub flooder: TestUser,
}

impl Group {
    /// Group `i` of a scenario (a supergroup).
    #[must_use]
    pub fn new(i: usize) -> Self {
        let base = 5_000_000 + 10 * i as i64;
        Self {
            chat: -1_002_000_000_000 - i as i64,
            players: [
                TestUser::new(base, &format!("Aina {i}")).lang("ca"),
                TestUser::new(base + 1, &format!("Biel {i}")).lang("es"),
            ],
            members: [
                TestUser::new(base + 2, &format!("Carme {i}")).lang("en"),
                TestUser::new(base + 3, &format!("Dani {i}")).lang("en"),
            ],
            flooder: TestUser::new(base + 4, &format!("Flo {i}")).lang("en"),
        }
    }
}

/// A seeded random stream for one person of group `i`.
#[must_use]
pub fn rng(seed: u64, i: usize, who: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (who << 56))
}

/// Sleep `ms`, in short naps, while the run goes on; false when it ended meanwhile.
async fn nap(env: &Env, ms: u64) -> bool {
    let until = Instant::now() + Duration::from_millis(ms);
    while env.probe.running.load(Ordering::Relaxed) {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return true;
        }
        tokio::time::sleep(left.min(Duration::from_millis(250))).await;
    }
    false
}

/// The board the chat's members see: the newest message with game buttons.
fn board(env: &Env, chat: i64) -> Option<Value> {
    let id = env.probe.board_id(chat)?;
    env.h.fake.message(chat, id)
}

/// Who acts at `t` and with which button (by its tag).
fn decide<'a>(g: &'a Group, t: &Table) -> Option<(&'a TestUser, &'static str)> {
    let [host, guest] = &g.players;
    match t.status() {
        Status::Lobby if !t.players().iter().any(|p| p.id == guest.id) => Some((guest, "j:")),
        Status::Lobby if t.players().len() >= 2 => Some((host, "s:")),
        Status::Lobby => None,
        Status::Playing => {
            let id = t.to_move()?.id;
            g.players.iter().find(|u| u.id == id).map(|u| (u, "m:"))
        }
        Status::Finished | Status::Cancelled => Some((host, "n:")),
    }
}

/// The two players: the host opens a game; then whoever the board shows a fresh decision for
/// presses one of its buttons (a legal move, at random) 2–3 s after the board showed it, on
/// the board as the chat shows it then. Returns the games finished.
pub async fn players(env: Arc<Env>, i: usize) -> u64 {
    let g = &env.groups[i];
    let mut rng = rng(env.seed, i, 1);
    let waker = env.probe.waker(g.chat);
    // Spread the groups' starts over two seconds.
    nap(&env, rng.random_range(0..2000)).await;
    let open = env.h.fake.command(g.chat, &g.players[0], "/newgame");
    env.h.fake.push_update(open);
    let mut acted: Option<(u64, Instant)> = None;
    let mut finished = 0;
    while env.probe.running.load(Ordering::Relaxed) {
        let _ = tokio::time::timeout(LOOK_EVERY, waker.notified()).await;
        let Some(seq) = board(&env, g.chat).as_ref().and_then(drawn_at) else {
            continue;
        };
        if acted.is_some_and(|(s, at)| s == seq && at.elapsed() < PRESS_AGAIN_AFTER) {
            continue;
        }
        // Whose decision the board shows (a person reads it off the board; the stored table
        // says the same whenever the board is not behind, and a board behind is one the
        // players already acted on).
        let Ok(Some(rec)) = env.h.store.load::<Table>(g.chat).await else {
            continue;
        };
        if rec.state.seq() != seq {
            continue;
        }
        let Some((user, tag)) = decide(g, &rec.state) else {
            continue;
        };
        if !nap(&env, rng.random_range(2000..=3000)).await {
            break;
        }
        // Press on the board as the chat shows it now (a `/board` may have posted it anew).
        let Some(now) = board(&env, g.chat) else {
            continue;
        };
        if drawn_at(&now) != Some(seq) {
            continue;
        }
        let choices: Vec<String> = buttons(&now)
            .into_iter()
            .map(|(_, d)| d)
            .filter(|d| d.starts_with(tag))
            .collect();
        if choices.is_empty() {
            continue;
        }
        let data = &choices[rng.random_range(0..choices.len())];
        let Some(id) = now["message_id"]
            .as_i64()
            .and_then(|m| i32::try_from(m).ok())
        else {
            continue;
        };
        let upd = env.h.fake.press(g.chat, user, id, data);
        env.probe.pressed(&callback_id(&upd));
        env.h.fake.push_update(upd);
        if tag == "n:" {
            finished += 1;
        }
        acted = Some((seq, Instant::now()));
    }
    finished
}

/// Push `text` by `user` in `chat`, noted (as `kind`) for its reply.
fn command(env: &Env, chat: i64, user: &TestUser, text: &str, kind: &'static str) {
    let upd = env.h.fake.command(chat, user, text);
    let id = upd["message"]["message_id"].as_i64().unwrap_or_default();
    env.probe.commanded(chat, id, kind);
    env.h.fake.push_update(upd);
}

/// Member `which` of group `i`: one command every 6–10 s, among [`ASKS`].
pub async fn member(env: Arc<Env>, i: usize, which: usize) {
    let g = &env.groups[i];
    let mut rng = rng(env.seed, i, 2 + which as u64);
    while nap(&env, rng.random_range(6000..=10_000)).await {
        let ask = ASKS[rng.random_range(0..ASKS.len())];
        command(&env, g.chat, &g.members[which], ask, ask);
    }
}

/// How many commands the flooder sends in a run of `secs`: 80 in three minutes.
#[must_use]
pub fn flood_count(secs: u64) -> u64 {
    (80 * secs).div_ceil(180).max(1)
}

/// The flooder of group `i`: [`flood_count`] commands among [`ODD`], spread evenly over the
/// run (each at a random point of its share of the run).
pub async fn flooder(env: Arc<Env>, i: usize) {
    let g = &env.groups[i];
    let mut rng = rng(env.seed, i, 7);
    let n = flood_count(env.secs);
    let share = env.secs * 1000 / n;
    let start = Instant::now();
    for k in 0..n {
        let at = start + Duration::from_millis(k * share + rng.random_range(0..share.max(1)));
        let wait = at.saturating_duration_since(Instant::now());
        if !nap(&env, u64::try_from(wait.as_millis()).unwrap_or(0)).await {
            break;
        }
        let odd = ODD[usize::try_from(k).unwrap_or(0) % ODD.len()];
        command(&env, g.chat, &g.flooder, odd, "flooder");
    }
}
