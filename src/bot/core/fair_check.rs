//! `parxis verify`'s check of a game's record (JSON Lines, as `/record` sends it), pure:
//! the revealed seed must give the commitment, and every die of the record (the roll-off's
//! in the header, then each step's `roll`, in order) must be the derivation's roll of its
//! number ([`crate::dice::fair`]); then the record must be a legal game
//! ([`crate::bot::core::replay::jsonl::check`]). The first difference is the answer.

use serde_json::Value;

use crate::bot::core::replay::jsonl;
use crate::bot::core::table::FairReveal;
use crate::dice::fair::{self, Seed};
use crate::i18n::{FairMsg, Lang};

/// A record whose dice check out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Every roll follows from the revealed seed, which gives the commitment.
    Fair { rolls: u32, commitment: String },
    /// A game played before provably fair dice: a legal game, its dice not checkable.
    Predates,
}

/// Why a record is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a record (or not a legal game): the reason.
    Invalid(String),
    /// The revealed seed does not give the commitment.
    Commitment,
    /// A roll is not the derivation's: its line (1-based), number (from 0), the record's
    /// roll and the derivation's.
    Roll {
        line: u32,
        n: u32,
        got: u8,
        expected: u8,
    },
}

impl Checked {
    /// The answer to print.
    #[must_use]
    pub fn msg(&self) -> FairMsg {
        match self {
            Self::Fair { rolls, commitment } => FairMsg::VerifyOk {
                rolls: *rolls,
                commitment: commitment.clone(),
            },
            Self::Predates => FairMsg::VerifyPredates,
        }
    }
}

impl Refused {
    /// The answer to print.
    #[must_use]
    pub fn msg(&self) -> FairMsg {
        match self {
            Self::Invalid(reason) => FairMsg::VerifyInvalid {
                reason: reason.clone(),
            },
            Self::Commitment => FairMsg::VerifyCommitment,
            Self::Roll {
                line,
                n,
                got,
                expected,
            } => FairMsg::VerifyRoll {
                line: *line,
                n: *n,
                got: u32::from(*got),
                expected: u32::from(*expected),
            },
        }
    }
}

/// The language the record's header names (the chat's), if any.
#[must_use]
pub fn record_lang(text: &str) -> Option<Lang> {
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    let v: Value = serde_json::from_str(first).ok()?;
    v.get("lang")?.as_str()?.parse().ok()
}

fn die(v: &Value) -> Option<u8> {
    v.as_u64()
        .and_then(|d| u8::try_from(d).ok())
        .filter(|d| (1..=6).contains(d))
}

/// Every die of the record with its line (1-based), in the order they were rolled.
fn rolls_of(text: &str) -> Result<(Value, Vec<(u32, u8)>), Refused> {
    let mut header = None;
    let mut rolls = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let line = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let v: Value = serde_json::from_str(raw)
            .map_err(|e| Refused::Invalid(format!("line {line}: not a JSON line: {e}")))?;
        if header.is_none() {
            let rounds = v.get("roll_off").and_then(Value::as_array);
            for pair in rounds.into_iter().flatten().flat_map(|r| {
                r.as_array()
                    .map(|r| r.iter().collect::<Vec<_>>())
                    .unwrap_or_default()
            }) {
                let d = pair.get(1).and_then(die).ok_or_else(|| {
                    Refused::Invalid(format!("line {line}: a roll-off roll is not 1 to 6"))
                })?;
                rolls.push((line, d));
            }
            header = Some(v);
            continue;
        }
        if let Some(r) = v.get("roll") {
            let d = die(r)
                .ok_or_else(|| Refused::Invalid(format!("line {line}: a roll is not 1 to 6")))?;
            rolls.push((line, d));
        }
    }
    let header = header.ok_or_else(|| Refused::Invalid("an empty record".into()))?;
    Ok((header, rolls))
}

/// Check `text`, a game's record (see the [module](self)).
///
/// # Errors
/// [`Refused`]: the first difference.
pub fn verify(text: &str) -> Result<Checked, Refused> {
    let (header, rolls) = rolls_of(text)?;
    let reveal = match header.get("fair") {
        Some(v @ Value::Object(_)) => Some(
            serde_json::from_value::<FairReveal>(v.clone())
                .map_err(|e| Refused::Invalid(format!("line 1: \"fair\": {e}")))?,
        ),
        _ => None,
    };
    let checked = match reveal {
        None => Checked::Predates,
        Some(r) => {
            if r.scheme != fair::SCHEME {
                return Err(Refused::Invalid(format!(
                    "line 1: unknown scheme {:?}",
                    r.scheme
                )));
            }
            let seed = Seed::from_hex(&r.seed)
                .ok_or_else(|| Refused::Invalid("line 1: the seed is not 64 hex digits".into()))?;
            if fair::commitment(&seed) != r.commitment.to_ascii_lowercase() {
                return Err(Refused::Commitment);
            }
            let dice: Vec<u8> = rolls.iter().map(|&(_, d)| d).collect();
            if let Some(m) = fair::first_mismatch(&seed, &r.salt, &dice) {
                let at = usize::try_from(m.n).unwrap_or(usize::MAX);
                return Err(Refused::Roll {
                    line: rolls.get(at).map_or(0, |&(l, _)| l),
                    n: u32::try_from(m.n).unwrap_or(u32::MAX),
                    got: m.got,
                    expected: m.expected,
                });
            }
            Checked::Fair {
                rolls: u32::try_from(dice.len()).unwrap_or(u32::MAX),
                commitment: r.commitment,
            }
        }
    };
    jsonl::check(text).map_err(|e| Refused::Invalid(e.to_string()))?;
    Ok(checked)
}
