//! R7 Rule sets (presets) and their options.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::error::SetupError;

/// R7 The three presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// Junta Central Fallera championship rules (the default).
    #[default]
    Jcf,
    /// The common Spanish online rules.
    Classic,
    /// The "Parchís Solidario" pairs tournament rules.
    Solidari,
}

impl Preset {
    /// All presets.
    pub const ALL: [Self; 3] = [Self::Jcf, Self::Classic, Self::Solidari];

    /// The protocol name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Jcf => "jcf",
            Self::Classic => "classic",
            Self::Solidari => "solidari",
        }
    }

    /// R7 The preset's option values.
    #[must_use]
    pub const fn options(self) -> Options {
        match self {
            Self::Jcf => Options {
                six_counts: 7,
                third_six_spares: Spares::Goal,
                barriers: Barriers::Anywhere,
                pairs: false,
            },
            Self::Classic => Options {
                six_counts: 7,
                third_six_spares: Spares::Corridor,
                barriers: Barriers::Anywhere,
                pairs: false,
            },
            Self::Solidari => Options {
                six_counts: 7,
                third_six_spares: Spares::Corridor,
                barriers: Barriers::Safe,
                pairs: true,
            },
        }
    }

    /// R7 `start_out`: pieces of each colour on its exit square at the start.
    #[must_use]
    pub const fn start_out(self) -> u8 {
        match self {
            Self::Solidari => 2,
            _ => 0,
        }
    }

    /// R6.3 / R7 `time_limit_minutes`.
    #[must_use]
    pub const fn time_limit_minutes(self) -> Option<u32> {
        match self {
            Self::Solidari => Some(30),
            _ => None,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "jcf" => Ok(Self::Jcf),
            "classic" => Ok(Self::Classic),
            "solidari" => Ok(Self::Solidari),
            _ => Err(format!("unknown rules {s:?} (jcf, classic or solidari)")),
        }
    }
}

/// R2.5 `third_six_spares`: which last-moved piece is spared by a third six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Spares {
    /// Only a piece already in the goal (JCF).
    Goal,
    /// A piece in its corridor or in the goal (Classic, Solidari).
    Corridor,
}

impl Spares {
    /// The protocol name (`goal`, `corridor`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Goal => "goal",
            Self::Corridor => "corridor",
        }
    }
}

/// R4.2 `barriers`: where two pieces of one colour form a barrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Barriers {
    /// On any ring or corridor square.
    Anywhere,
    /// Only on safe ring squares (Solidari).
    Safe,
}

impl Barriers {
    /// The protocol name (`anywhere`, `safe`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Anywhere => "anywhere",
            Self::Safe => "safe",
        }
    }
}

/// R7 The protocol's overrides of a preset's options (docs/PROTOCOL.md, "Options"): each absent
/// value is the preset's. Any other key is refused, and so is `null` for a value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    /// R2.3 6, 7 or 12.
    #[serde(
        default,
        deserialize_with = "non_null",
        skip_serializing_if = "Option::is_none"
    )]
    pub six_counts: Option<u8>,
    #[serde(
        default,
        deserialize_with = "non_null",
        skip_serializing_if = "Option::is_none"
    )]
    pub third_six_spares: Option<Spares>,
    #[serde(
        default,
        deserialize_with = "non_null",
        skip_serializing_if = "Option::is_none"
    )]
    pub barriers: Option<Barriers>,
    #[serde(
        default,
        deserialize_with = "non_null",
        skip_serializing_if = "Option::is_none"
    )]
    pub pairs: Option<bool>,
}

/// A field that may be absent (then `None`) but not `null`.
///
/// # Errors
/// The deserializer's error for `null` or a value of the wrong type.
pub(crate) fn non_null<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

impl Overrides {
    /// All of `opts`, written out (how a position records its options).
    #[must_use]
    pub fn all(opts: Options) -> Self {
        Self {
            six_counts: Some(opts.six_counts),
            third_six_spares: Some(opts.third_six_spares),
            barriers: Some(opts.barriers),
            pairs: Some(opts.pairs),
        }
    }

    /// R7 The effective options of `preset` with these overrides.
    ///
    /// # Errors
    /// [`SetupError::SixCounts`] for a `six_counts` other than 6, 7 or 12.
    pub fn apply(&self, preset: Preset) -> Result<Options, SetupError> {
        let mut o = preset.options();
        if let Some(n) = self.six_counts {
            if !matches!(n, 6 | 7 | 12) {
                return Err(SetupError::SixCounts(n));
            }
            o.six_counts = n;
        }
        if let Some(s) = self.third_six_spares {
            o.third_six_spares = s;
        }
        if let Some(b) = self.barriers {
            o.barriers = b;
        }
        if let Some(p) = self.pairs {
            o.pairs = p;
        }
        Ok(o)
    }
}

/// R7 The options of a game, fixed when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// R2.3 What a 6 counts when the moving colour's nest is empty: 6, 7 or 12.
    pub six_counts: u8,
    /// R2.5 Which piece a third six spares.
    pub third_six_spares: Spares,
    /// R4.2 Where barriers form.
    pub barriers: Barriers,
    /// R6.2 Pairs game.
    pub pairs: bool,
}
