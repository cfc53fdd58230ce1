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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::table::test_support::actor;
    use crate::bot::core::table::{Action, Status};
    use crate::dice::RngDice;
    use crate::engine::Preset;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn started(fair: Option<Seed>, dice_seed: u64) -> Table {
        let mut lobby = Table::lobby(&actor(1), Preset::Jcf, false);
        if let Some(s) = fair {
            lobby = lobby.with_fair(s);
        }
        let mut d = RngDice(ChaCha8Rng::seed_from_u64(dice_seed));
        let lobby = lobby.act(&actor(2), Action::Join, 0, &mut d).expect("join");
        let lobby = lobby.add_phrase("  pomes\u{7} verdes ").unwrap_or(lobby);
        lobby
            .pressed_start("press-42")
            .act(&actor(1), Action::Start, 0, &mut d)
            .expect("start")
    }

    /// The table's rolls so far: the log's roll-off and rolls, in order.
    fn rolls(t: &Table) -> Vec<u8> {
        let mut out = Vec::new();
        for s in t.log.steps().expect("a log") {
            match s {
                super::super::Step::RollOff(r) => out.extend(r),
                super::super::Step::Roll(d) => out.push(d),
                _ => {}
            }
        }
        out
    }

    /// Roll for whoever is to roll, `n` times, with the caller's dice from `dice_seed`.
    fn play(mut t: Table, n: usize, dice_seed: u64) -> Table {
        let mut d = RngDice(ChaCha8Rng::seed_from_u64(dice_seed));
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..n {
            if t.status() != Status::Playing {
                break;
            }
            t = t.computer_turn(0, &mut d, &mut rng).unwrap_or_else(|| {
                let mut x = t.clone();
                x.players.iter_mut().for_each(|p| p.absent = true);
                x
            });
        }
        t
    }

    #[test]
    fn every_die_is_the_derivations_whatever_dice_the_caller_passes() {
        let seed = Seed::from_bytes([5; 32]);
        let a = play(started(Some(seed), 1), 40, 1);
        let b = play(started(Some(seed), 2), 40, 99);
        let f = a.fair.as_ref().expect("fair");
        assert_eq!(
            f.salt(),
            "parxis-v1|players=1,2|press=press-42|phrases=pomes verdes"
        );
        let got = rolls(&a);
        assert!(got.len() > 10, "{got:?}");
        assert_eq!(u64::try_from(got.len()).ok(), Some(f.next));
        let derived: Vec<u8> = (0..f.next)
            .map(|n| fair::roll(&seed, f.salt(), n))
            .collect();
        assert_eq!(got, derived);
        // Other dice from the caller, the same game.
        assert_eq!(rolls(&b), got);
    }

    #[test]
    fn a_table_stored_before_fair_dice_loads_and_rolls_the_callers_dice() {
        let t = started(None, 7);
        let mut json: serde_json::Value = serde_json::to_value(&t).expect("json");
        assert!(json.get("fair").is_none());
        json.as_object_mut().expect("an object").remove("fair");
        let back: Table = serde_json::from_value(json).expect("loads");
        assert_eq!(back.fair, None);
        let a = play(back.clone(), 20, 11);
        let b = play(back, 20, 12);
        assert_ne!(rolls(&a), rolls(&b), "the caller's dice roll");
        assert_eq!(a.replay().and_then(|r| r.fair), None);
    }

    #[test]
    fn a_phrase_only_in_a_lobby_with_fair_dice_and_not_empty_nor_too_many() {
        let lobby = Table::lobby(&actor(1), Preset::Jcf, false);
        assert_eq!(lobby.add_phrase("x"), Err(PhraseRefused::NotInLobby));
        let mut lobby = lobby.with_fair(Seed::from_bytes([1; 32]));
        assert_eq!(lobby.add_phrase(" \n "), Err(PhraseRefused::Empty));
        for i in 0..MAX_PHRASES {
            lobby = lobby.add_phrase(&format!("p{i}")).expect("a phrase");
        }
        assert_eq!(lobby.add_phrase("one more"), Err(PhraseRefused::Full));
        let long = "é".repeat(200);
        let t = Table::lobby(&actor(1), Preset::Jcf, false)
            .with_fair(Seed::from_bytes([1; 32]))
            .add_phrase(&long)
            .expect("a phrase");
        let kept = &t.fair.as_ref().expect("fair").phrases[0];
        assert_eq!(kept.chars().count(), MAX_PHRASE_CHARS);
        // A seed is never shown by Debug.
        assert!(!format!("{t:?}").contains(&Seed::from_bytes([1; 32]).reveal()));
    }
}
