//! [`Ctx`]: everything the handlers and the scheduler share, built once per bot process.

use std::sync::Arc;
use std::time::Duration;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::clock::{Clock, SystemClock};
use crate::bot::core::pings::PingTiming;
use crate::bot::core::settings::ChatSettings;
use crate::bot::core::table::{Table, Timing};
use crate::dice::fair::Seed;
use crate::i18n::Lang;
use crate::ops::metrics::Metrics;
use crate::store::{DEFAULT_WRITE_LIMIT, DEFAULT_WRITE_WINDOW_MS, DueKind, Place, Store};

/// Pause before a computer player's turn in production (visible to the chat).
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(3000);
/// Time-to-live of an open table in production (refreshed on every save).
pub const OPEN_TABLE_TTL_SECS: u64 = 30 * 24 * 3600;
/// Time-to-live of a finished or cancelled table.
pub const CLOSED_TABLE_TTL_SECS: u64 = 24 * 3600;

/// Which random stream an action draws from: the dice and the computer players' choices
/// never share one, so a seeded game's dice do not depend on how the computers chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// The dice of an action (a human's roll, a computer's turn, a timed-out turn, a
    /// tournament's roll-off).
    Dice,
    /// The `/dice auto` rolls made for the humans whose turn starts.
    AutoDice,
    /// A computer player's (or an absent player's) choice of move.
    Choice,
}

impl Stream {
    /// Mixed into the action's `seq` (dice streams, as stored games were seeded before).
    fn seq_salt(self) -> u64 {
        match self {
            Self::Dice | Self::Choice => 0,
            Self::AutoDice => 0x00d1_ce00_a070,
        }
    }

    /// Mixed into the seed after it (a stream of its own).
    fn salt(self) -> u64 {
        match self {
            Self::Dice | Self::AutoDice => 0,
            Self::Choice => 0xc401_ce5e_ed00_0001,
        }
    }
}

/// Asks this replica's scheduler to fire a due item now (a write just planned, a game just
/// finished) instead of at its next poll. The due set in Redis stays the truth: a kick that
/// is lost only delays the work to the next poll.
#[derive(Debug, Clone)]
pub struct Kicks(UnboundedSender<(DueKind, Place)>);

impl Kicks {
    /// A sender and the receiver the scheduler reads.
    #[must_use]
    pub fn new() -> (Self, UnboundedReceiver<(DueKind, Place)>) {
        let (tx, rx) = unbounded_channel();
        (Self(tx), rx)
    }
}

/// Everything the handlers need, shared by all updates.
pub struct Ctx {
    pub store: Store,
    /// Language when the chat chose none and the user's is unknown.
    pub default_lang: Lang,
    /// This replica's name, for leases.
    pub owner: String,
    /// Where "now" comes from (the system's; a [`super::clock::TestClock`] in tests).
    pub clock: Arc<dyn Clock>,
    /// Pause before a computer player's turn.
    pub pause: Duration,
    /// Seed for dice and computer choices (tests); `None` = OS randomness.
    pub seed: Option<u64>,
    /// Every new game gets provably fair dice ([`Ctx::game_seed`]); on in production, off
    /// in tests that keep the dice of [`Ctx::seed`]'s generator.
    pub fair: bool,
    /// Time-to-live of an open table, seconds (refreshed on every save).
    pub open_ttl_secs: u64,
    /// Time-to-live of a finished or cancelled table, seconds.
    pub closed_ttl_secs: u64,
    /// Writes a group chat may get per [`Ctx::write_window_ms`], all replicas together
    /// (private chats: one a second).
    pub write_limit: u32,
    /// The window of [`Ctx::write_limit`], milliseconds (Telegram: a minute).
    pub write_window_ms: u64,
    pub metrics: Metrics,
    /// The scheduler's wake-ups ([`Kicks`]); `None` before the scheduler runs.
    pub kicks: Option<Kicks>,
    /// This replica's own pace of the answers it sends while Redis is away.
    pub away: Arc<super::away::AwayWrites>,
    /// The chats that refused ephemeral messages, as this replica saw them.
    pub whispers: Arc<super::whispers::Refused>,
    /// The chats' languages this replica read, for what it says while Redis is away.
    pub langs: Arc<super::away::ChatLangs>,
    /// The callbacks' `chat_instance`s this replica already recorded ([`super::instances`]).
    pub instances: Arc<super::instances::Instances>,
    /// The live board (the Mini App), when configured: its button under every group board,
    /// and its viewers told of every save ([`super::live`]).
    pub live: Option<Arc<super::live::Live>>,
    /// Test-only: where this replica stops as if it crashed ([`super::crash`]); `None` in
    /// production.
    pub crash: Option<Arc<super::crash::CrashHook>>,
    /// Where computer players think: a blocking pool of the machine's cores but one, off the
    /// async workers that answer presses ([`super::think`]).
    pub think: Arc<super::think::Thinking>,
    /// Where boards are drawn: a few at once (the machine's cores but one), off the async
    /// workers that answer presses ([`super::drawing`]).
    pub draw: Arc<super::drawing::Drawing>,
}

impl Ctx {
    /// A context with default timings and the system clock.
    #[must_use]
    pub fn new(store: Store, default_lang: Lang, metrics: Metrics) -> Self {
        // Redis round trips and computers' steps are timed into this context's metrics.
        store.report_to(&metrics);
        let think = Arc::new(super::think::Thinking::default());
        think.report_to(&metrics);
        Self {
            store,
            default_lang,
            owner: format!("{}-{}", std::process::id(), rand::random::<u32>()),
            clock: Arc::new(SystemClock),
            pause: COMPUTER_PAUSE,
            seed: None,
            fair: true,
            open_ttl_secs: OPEN_TABLE_TTL_SECS,
            closed_ttl_secs: CLOSED_TABLE_TTL_SECS,
            write_limit: DEFAULT_WRITE_LIMIT,
            write_window_ms: DEFAULT_WRITE_WINDOW_MS,
            metrics,
            kicks: None,
            away: Arc::default(),
            whispers: Arc::default(),
            langs: Arc::default(),
            instances: Arc::default(),
            live: None,
            crash: None,
            think,
            draw: Arc::default(),
        }
    }

    /// Milliseconds since the Unix epoch, by the context's clock.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// A test's crash point ([`super::crash`]), labelled `label`: stops here for good when
    /// this replica's hook is set there; goes on at once otherwise (always in production).
    pub async fn crash_point(&self, point: super::crash::CrashPoint, label: &str) {
        super::crash::point(self.crash.as_deref(), point, label).await;
    }

    /// Wake this replica's scheduler for `kind` at `place` (see [`Kicks`]).
    pub fn kick(&self, kind: DueKind, place: Place) {
        if let Some(Kicks(tx)) = &self.kicks {
            let _ = tx.send((kind, place));
        }
    }

    /// The TTL a table gets when saved.
    #[must_use]
    pub fn ttl_for(&self, t: &Table) -> u64 {
        if t.is_open() {
            self.open_ttl_secs
        } else {
            self.closed_ttl_secs
        }
    }

    /// The pause and turn timer of a chat with settings `s`.
    #[must_use]
    pub fn timing(&self, s: &ChatSettings) -> Timing {
        Timing {
            pause_ms: u64::try_from(self.pause.as_millis()).unwrap_or(u64::MAX),
            turn_ms: s.turn_ms(1000),
        }
    }

    /// When a place of a chat with settings `s` pings its players.
    #[must_use]
    pub fn ping_timing(&self, s: &ChatSettings) -> PingTiming {
        PingTiming {
            after_ms: u64::from(s.pings_secs) * 1000,
            turn_ms: s.turn_ms(1000),
            timer_unit_ms: 1000,
        }
    }

    /// The randomness of stream `stream` for the action that follows `seq` at `chat`: seeded
    /// in tests (so a game replays), the OS's otherwise.
    #[must_use]
    pub fn rng(&self, chat: i64, seq: u64, stream: Stream) -> ChaCha8Rng {
        stream_rng(self.seed, chat, seq, stream)
    }
}

impl Ctx {
    /// The secret seed of a new game at `chat` whose table gets `seq` (`None` when fair dice
    /// are off): 32 bytes of the operating system's randomness, or, in a seeded test, of
    /// the test's seed (so a test game replays). Never logged (its `Debug` hides it).
    #[must_use]
    pub fn game_seed(&self, chat: i64, seq: u64) -> Option<Seed> {
        if !self.fair {
            return None;
        }
        let mut bytes = [0u8; 32];
        match self.seed {
            Some(seed) => ChaCha8Rng::seed_from_u64(
                seed ^ (chat as u64).rotate_left(23) ^ seq.rotate_left(7) ^ 0xfa12_d1ce_5eed,
            )
            .fill_bytes(&mut bytes),
            None => rand::rng().fill_bytes(&mut bytes),
        }
        Some(Seed::from_bytes(bytes))
    }
}

/// [`Ctx::rng`] from the context's seed alone.
fn stream_rng(seed: Option<u64>, chat: i64, seq: u64, stream: Stream) -> ChaCha8Rng {
    match seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(
            seed ^ (chat as u64).rotate_left(17)
                ^ (seq ^ stream.seq_salt()).rotate_left(41)
                ^ stream.salt(),
        ),
        None => ChaCha8Rng::from_os_rng(),
    }
}

/// The random streams of `chat`'s actions, as [`Ctx::rng`] draws them. Owned (the seed
/// copied), so a computer's turn can be played on another thread ([`super::think`]) with the
/// same draws wherever it runs.
#[derive(Clone, Copy, Debug)]
pub struct ChatStreams {
    seed: Option<u64>,
    chat: i64,
}

impl Ctx {
    /// The random streams of `chat`'s actions, for the core's automatic turns.
    #[must_use]
    pub fn streams(&self, chat: i64) -> ChatStreams {
        ChatStreams {
            seed: self.seed,
            chat,
        }
    }
}

impl crate::bot::core::table::Streams for ChatStreams {
    type R = ChaCha8Rng;

    fn dice(&mut self, seq: u64) -> ChaCha8Rng {
        stream_rng(self.seed, self.chat, seq, Stream::Dice)
    }

    fn auto_dice(&mut self, seq: u64) -> ChaCha8Rng {
        stream_rng(self.seed, self.chat, seq, Stream::AutoDice)
    }

    fn choice(&mut self, seq: u64) -> ChaCha8Rng {
        stream_rng(self.seed, self.chat, seq, Stream::Choice)
    }
}
