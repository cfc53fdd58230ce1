//! Seeded games played through the bot's own [`Table`] (its transitions, its log), for the
//! recorded games under `tests/replays/`, `parxis record` and the benchmarks. The table is
//! saved as JSON and read back between actions, as the bot's store does.
//!
//! The first seat can be a person who never presses (the timer plays their turns, three
//! strikes make them absent) and comes back later; the second a person who presses Roll and
//! the first move every time; the others are computer players.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::ai::Level;
use crate::bot::core::refusal::Reject;
use crate::bot::core::table::{Action, Actor, Seat, SeatedSpec, Stage, Table};
use crate::dice::RngDice;
use crate::engine::{Arms, Preset};

/// What game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub seed: u64,
    /// 2 to 8 players.
    pub players: usize,
    pub arms: Option<Arms>,
    pub preset: Preset,
    pub pairs: bool,
    /// Seat 1 is a person who lets the timer play (absent after three strikes) and is back
    /// after a while; seat 2 a person who presses. Otherwise every seat is a computer.
    pub people: bool,
    pub level: Level,
    /// R6.3 A time limit in minutes (each action takes 3 s of the game's clock).
    pub limit_minutes: Option<u32>,
    /// Provably fair dice, their seed the SHA-256 of `parxis-sample-<seed>` (the sample's
    /// seed still drives the computers' choices); otherwise the seed's generator rolls.
    pub fair: bool,
}

impl Sample {
    /// A game of `players` computer players (normal) on the smallest board, JCF rules.
    #[must_use]
    pub fn computers(players: usize, seed: u64) -> Self {
        Self {
            seed,
            players,
            arms: None,
            preset: Preset::Jcf,
            pairs: false,
            people: false,
            level: Level::Normal,
            limit_minutes: None,
            fair: false,
        }
    }
}

/// The person who lets the timer play, then comes back.
const ANNA: i64 = 101;
/// The person who presses.
const PAU: i64 = 102;
/// Anna is back on her first turn after this many actions.
const BACK_AFTER: u32 = 120;
/// Milliseconds of the game's clock per action.
const ACTION_MS: u64 = 3_000;

fn person(id: i64, name: &str) -> Actor {
    Actor {
        id,
        name: name.to_owned(),
        is_admin: false,
    }
}

/// The finished table of the sample game (its [`Table::replay`] is the whole record).
///
/// # Errors
/// The table's refusal of the seats (too many for the board, pairs that do not fill it).
pub fn play(sample: &Sample) -> Result<Table, Reject> {
    let mut seats: Vec<Seat> = (0..sample.players)
        .map(|_| Seat::Computer(sample.level))
        .collect();
    if sample.people && seats.len() >= 2 {
        seats[0] = Seat::Human {
            id: ANNA,
            name: "Anna".into(),
        };
        seats[1] = Seat::Human {
            id: PAU,
            name: "Pau".into(),
        };
    }
    let spec = SeatedSpec {
        preset: sample.preset,
        pairs: sample.pairs,
        board: sample.arms,
        seats,
        time_limit_minutes: sample.limit_minutes,
        origin: None,
    };
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(sample.seed));
    let mut rng = ChaCha8Rng::seed_from_u64(sample.seed ^ 0x5eed_cafe);
    let mut now = 1_000_000;
    let fair = sample.fair.then(|| sample_seed(sample.seed));
    let mut t = Table::seated_fair(&spec, 1, now, &mut dice, fair)?;
    for action in 0..200_000u32 {
        if !matches!(t.stage(), Stage::Playing(_)) {
            break;
        }
        now += ACTION_MS;
        if let Some(over) = t.after_time_limit(now) {
            t = over;
            break;
        }
        let Some(p) = t.to_move().cloned() else { break };
        let next = if p.id == ANNA && action >= BACK_AFTER && p.absent {
            // Anna presses Roll on her turn: she is back (the press is refused while the
            // computer plays for her, but brings her back all the same).
            t.returning(
                ANNA,
                now,
                crate::bot::core::table::Timing {
                    pause_ms: 0,
                    turn_ms: 0,
                },
            )
        } else if p.is_automatic() {
            t.computer_turn(now, &mut dice, &mut rng)
        } else if p.id == ANNA && action < BACK_AFTER {
            t.automatic_turn(now, &mut dice, &mut rng)
        } else {
            let who = person(p.id, &p.name);
            let act = if t.awaits_roll_by(p.id) {
                Action::Roll
            } else {
                Action::Move(0)
            };
            t.step(&who, act, Some(t.seq()), now, &mut dice).ok()
        };
        // Saved and read back between actions, as the bot's store does.
        match next.and_then(|n| serde_json::from_str(&serde_json::to_string(&n).ok()?).ok()) {
            Some(n) => t = n,
            None => break,
        }
    }
    Ok(t)
}

/// The fair dice's seed of a sample game of `seed` (public: a sample has no secret).
#[must_use]
pub fn sample_seed(seed: u64) -> crate::dice::fair::Seed {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("parxis-sample-{seed}").as_bytes());
    crate::dice::fair::Seed::from_bytes(digest.into())
}
