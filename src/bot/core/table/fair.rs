//! A table's provably fair dice ([`Fair`]): the secret seed drawn when the table opens
//! (its commitment shown in the lobby and on every board in play), the phrases players add
//! with `/seed` in the lobby, and the public salt fixed at the start from what the bot does
//! not control (the players in their join order, those phrases, Telegram's id of the Start
//! press). From the start on, every die of the game, the roll-off's first, is the next roll
//! of [`crate::dice::fair`]: whoever rolls it (a button, `/dice auto`, a computer, the
//! timer) and whichever replica, before or after a restart.
//!
//! A table stored before the scheme has no `fair`: its dice come from the caller, as then.

use serde::{Deserialize, Serialize};

use super::{Stage, Table};
use crate::dice::fair::{self, Seed};
use crate::engine::Dice;

/// At most this many `/seed` phrases per lobby (later ones are refused, so nobody erases
/// another's).
pub const MAX_PHRASES: usize = 8;

/// At most this many characters of a phrase are kept.
pub const MAX_PHRASE_CHARS: usize = 64;

/// The salt's version prefix.
const SALT_PREFIX: &str = "parxis-v1";

/// A table's fair dice (see the [module](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fair {
    /// The secret: only in Redis with the table until the game ends.
    pub seed: Seed,
    /// The phrases typed with `/seed` in the lobby, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phrases: Vec<String>,
    /// Telegram's id of the Start press (set just before the start; `None` for a table
    /// started by code).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub press: Option<String>,
    /// The public salt, fixed at the start (`None` in the lobby).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// The number of the next roll (the rolls made so far).
    #[serde(default)]
    pub next: u64,
}

/// Why a `/seed` phrase is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhraseRefused {
    /// Not in a lobby with fair dice (the game started, or none is open).
    NotInLobby,
    /// Empty after trimming.
    Empty,
    /// [`MAX_PHRASES`] already.
    Full,
}

impl Fair {
    /// Fair dice of `seed`, salt not fixed yet.
    #[must_use]
    pub fn new(seed: Seed) -> Self {
        Self {
            seed,
            phrases: Vec::new(),
            press: None,
            salt: None,
            next: 0,
        }
    }

    /// The commitment published before the first roll.
    #[must_use]
    pub fn commitment(&self) -> String {
        fair::commitment(&self.seed)
    }

    /// Fix the salt from the players' ids in join order, the phrases and the press.
    fn fix_salt(&mut self, player_ids: &[i64]) {
        let ids: Vec<String> = player_ids.iter().map(i64::to_string).collect();
        self.salt = Some(format!(
            "{SALT_PREFIX}|players={}|press={}|phrases={}",
            ids.join(","),
            self.press.as_deref().unwrap_or("-"),
            self.phrases.join(" / "),
        ));
    }

    /// The salt fixed at the start (empty before it).
    #[must_use]
    pub fn salt(&self) -> &str {
        self.salt.as_deref().unwrap_or("")
    }
}

impl Dice for Fair {
    /// The next roll of the derivation.
    fn roll(&mut self) -> u8 {
        let d = fair::roll(&self.seed, self.salt(), self.next);
        self.next += 1;
        d
    }
}

/// A phrase as kept: trimmed, control characters dropped, at most [`MAX_PHRASE_CHARS`].
#[must_use]
pub fn clean_phrase(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_PHRASE_CHARS)
        .collect()
}

impl Table {
    /// The same table with fair dice of `seed` (a new lobby, a rematch, a table opened by
    /// code before its start).
    #[must_use]
    pub fn with_fair(mut self, seed: Seed) -> Self {
        self.fair = Some(Fair::new(seed));
        self
    }

    /// `/seed PHRASE` in the lobby: the phrase joins the salt fixed at the start.
    ///
    /// # Errors
    /// [`PhraseRefused`]; the table is unchanged.
    pub fn add_phrase(&self, text: &str) -> Result<Self, PhraseRefused> {
        if self.stage != Stage::Lobby {
            return Err(PhraseRefused::NotInLobby);
        }
        let Some(f) = &self.fair else {
            return Err(PhraseRefused::NotInLobby);
        };
        let phrase = clean_phrase(text);
        if phrase.is_empty() {
            return Err(PhraseRefused::Empty);
        }
        if f.phrases.len() >= MAX_PHRASES {
            return Err(PhraseRefused::Full);
        }
        let mut t = self.next();
        if let Some(f) = t.fair.as_mut() {
            f.phrases.push(phrase);
        }
        Ok(t)
    }

    /// The same lobby with the Start press's id noted for the salt (nothing without fair
    /// dice or outside a lobby).
    #[must_use]
    pub fn pressed_start(mut self, press: &str) -> Self {
        if self.stage == Stage::Lobby
            && let Some(f) = self.fair.as_mut()
        {
            f.press = Some(press.chars().take(MAX_PHRASE_CHARS).collect());
        }
        self
    }

    /// At the start: the salt fixed from the seated players (in join order).
    pub(super) fn fix_fair_salt(&mut self) {
        let ids: Vec<i64> = self.players.iter().map(|p| p.id).collect();
        if let Some(f) = self.fair.as_mut() {
            f.fix_salt(&ids);
        }
    }

    /// The next die: the fair derivation's when the table has fair dice, else `dice`'s.
    pub(super) fn next_die(&mut self, dice: &mut impl Dice) -> u8 {
        match self.fair.as_mut() {
            Some(f) => f.roll(),
            None => dice.roll(),
        }
    }

    /// The seed, only once the game is over (finished or cancelled): the reveal.
    #[must_use]
    pub fn revealed_seed(&self) -> Option<Seed> {
        match self.stage {
            Stage::Finished(_) | Stage::Cancelled(_) => self.fair.as_ref().map(|f| f.seed),
            Stage::Lobby | Stage::Playing(_) => None,
        }
    }
}

/// A finished game's fair dice as its record keeps them: everything anyone needs to
/// recompute every roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairReveal {
    /// [`fair::SCHEME`].
    pub scheme: String,
    /// SHA-256 of the seed, as published before the first roll.
    pub commitment: String,
    /// The salt fixed at the start.
    pub salt: String,
    /// The seed, revealed (64 hex digits).
    pub seed: String,
}

impl Fair {
    /// The reveal of these dice (call only once the game is over).
    #[must_use]
    pub fn reveal(&self) -> FairReveal {
        FairReveal {
            scheme: fair::SCHEME.to_owned(),
            commitment: self.commitment(),
            salt: self.salt().to_owned(),
            seed: self.seed.reveal(),
        }
    }
}
