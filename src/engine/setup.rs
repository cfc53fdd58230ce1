//! The position JSON of FORMAT.md: an unchecked [`Setup`] and its validation into a [`Game`].
//!
//! This is the engine's canonical serde form, used by `parxis rules`, by the store and by
//! `parxis render`. A game waiting for the move of a roll adds `"roll": N` (not part of the
//! conformance protocol, whose positions never hold a pending roll).

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use thiserror::Error;

use super::board::{self, Colour, GOAL, Loc, NEST, SQUARES, Square};
use super::game::{Game, Winner};
use super::rules::{Barriers, Options, Preset, Spares};

/// Why a setup is not a valid game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SetupError(pub String);

fn bad<T>(msg: impl Into<String>) -> Result<T, SetupError> {
    Err(SetupError(msg.into()))
}

/// A position as it comes from outside: not necessarily legal (FORMAT.md "Position").
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub options: Option<Map<String, Value>>,
    pub seats: Vec<String>,
    #[serde(default)]
    pub turn: Option<String>,
    #[serde(default)]
    pub sixes: Option<i64>,
    #[serde(default)]
    pub last_moved: Option<String>,
    #[serde(default)]
    pub bonus: Option<i64>,
    #[serde(default)]
    pub board: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub goal: BTreeMap<String, i64>,
    #[serde(default)]
    pub winner: Option<Value>,
    /// A pending roll (engine extension; absent in the protocol).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<i64>,
}

/// R7 Effective options from a preset and the protocol's overrides.
///
/// # Errors
/// [`SetupError`] for a value outside the documented ones.
pub fn options_from(
    preset: Preset,
    overrides: Option<&Map<String, Value>>,
) -> Result<Options, SetupError> {
    let mut o = preset.options();
    let Some(map) = overrides else {
        return Ok(o);
    };
    for (k, v) in map {
        match k.as_str() {
            "six_counts" => match v.as_u64() {
                Some(n @ (6 | 7 | 12)) => o.six_counts = n as u8,
                _ => return bad(format!("six_counts must be 6, 7 or 12, not {v}")),
            },
            "third_six_spares" => match v.as_str() {
                Some("goal") => o.third_six_spares = Spares::Goal,
                Some("corridor") => o.third_six_spares = Spares::Corridor,
                _ => {
                    return bad(format!(
                        "third_six_spares must be \"goal\" or \"corridor\", not {v}"
                    ));
                }
            },
            "barriers" => match v.as_str() {
                Some("anywhere") => o.barriers = Barriers::Anywhere,
                Some("safe") => o.barriers = Barriers::Safe,
                _ => {
                    return bad(format!(
                        "barriers must be \"anywhere\" or \"safe\", not {v}"
                    ));
                }
            },
            "pairs" => match v.as_bool() {
                Some(b) => o.pairs = b,
                None => return bad(format!("pairs must be true or false, not {v}")),
            },
            _ => {} // unknown keys are ignored
        }
    }
    Ok(o)
}

fn colour(s: &str) -> Result<Colour, SetupError> {
    s.parse().map_err(SetupError)
}

/// Parse and check the seats: 2–4 known colours in R1.2 order (R2.1).
fn seats_mask(seats: &[String]) -> Result<u8, SetupError> {
    if !(2..=4).contains(&seats.len()) {
        return bad(format!("2 to 4 seats are needed, not {}", seats.len()));
    }
    let mut mask = 0u8;
    let mut prev: Option<Colour> = None;
    for s in seats {
        let c = colour(s)?;
        if prev.is_some_and(|p| p >= c) {
            return bad("seats must be distinct and in R1.2 order (yellow, blue, red, green)");
        }
        prev = Some(c);
        mask |= 1 << c.index();
    }
    Ok(mask)
}

fn check_pairs(opts: &Options, mask: u8) -> Result<(), SetupError> {
    if opts.pairs && mask != 0b1111 {
        return bad("a pairs game needs exactly the four seats (set \"pairs\": false for fewer)");
    }
    Ok(())
}

impl Game {
    /// A new game (FORMAT.md "New game"): `turn` is the first seat; R7 `start_out`
    /// pieces of each colour stand on its exit square.
    ///
    /// # Errors
    /// [`SetupError`] for bad seats or options (pairs need exactly four seats).
    pub fn new(preset: Preset, opts: Options, seats: &[Colour]) -> Result<Self, SetupError> {
        let names: Vec<String> = seats.iter().map(|c| c.name().to_string()).collect();
        let mask = seats_mask(&names)?;
        check_pairs(&opts, mask)?;
        let mut g = Self {
            preset,
            opts,
            seats: mask,
            turn: seats[0],
            sixes: 0,
            last_moved: None,
            bonus: None,
            roll: None,
            winner: None,
            squares: [[0; 2]; SQUARES],
            prog: [[NEST; 4]; 4],
        };
        for &c in seats {
            for k in 0..preset.start_out() as usize {
                g.prog[c.index()][k] = 1;
                g.squares[Self::path_index(c, 1)][k] = c as u8 + 1;
            }
        }
        Ok(g)
    }

    /// R2.2 The same game with `seat` to start (after the roll-off).
    ///
    /// # Errors
    /// [`SetupError`] when `seat` is not seated or the game has begun.
    pub fn with_first_turn(mut self, seat: Colour) -> Result<Self, SetupError> {
        if !self.is_seated(seat) {
            return bad(format!("{seat} has no seat"));
        }
        self.turn = seat;
        Ok(self)
    }

    /// Validate a setup into a game (FORMAT.md "Invalid positions").
    ///
    /// # Errors
    /// [`SetupError`] with a clear message for every invalid position.
    pub fn from_setup(s: &Setup) -> Result<Self, SetupError> {
        let preset: Preset = s
            .rules
            .as_deref()
            .unwrap_or("jcf")
            .parse()
            .map_err(SetupError)?;
        let opts = options_from(preset, s.options.as_ref())?;
        let mask = seats_mask(&s.seats)?;
        check_pairs(&opts, mask)?;
        let seated = |c: Colour| mask & (1 << c.index()) != 0;

        let mut squares = [[0u8; 2]; SQUARES];
        let mut prog = [[NEST; 4]; 4];
        let mut counts = [0usize; 4];
        let mut place = |c: Colour, p: u8, counts: &mut [usize; 4]| -> Result<(), SetupError> {
            if counts[c.index()] >= 4 {
                return bad(format!("more than four {c} pieces"));
            }
            prog[c.index()][counts[c.index()]] = p;
            counts[c.index()] += 1;
            Ok(())
        };
        for (loc, pieces) in &s.board {
            let sq = match loc.parse::<Loc>().map_err(SetupError)? {
                Loc::Sq(sq) => sq,
                _ => return bad(format!("board lists only squares, not {loc:?}")),
            };
            if pieces.len() > 2 {
                return bad(format!("more than two pieces on square {loc} (R1.6)"));
            }
            for (j, name) in pieces.iter().enumerate() {
                let c = colour(name)?;
                if !seated(c) {
                    return bad(format!("{c} has no seat but stands on {loc}"));
                }
                let Some(p) = board::progress_of(c, Loc::Sq(sq)) else {
                    return bad(match sq.corridor_of() {
                        Some(_) => format!("{c} piece in a foreign corridor at {loc} (R1.8)"),
                        None => format!("square {loc} is not on {c}'s path (R1.4)"),
                    });
                };
                squares[sq.index()][j] = c as u8 + 1;
                place(c, p, &mut counts)?;
            }
        }
        for (name, &n) in &s.goal {
            let c = colour(name)?;
            if !(0..=4).contains(&n) {
                return bad(format!("goal of {c} must hold 0 to 4 pieces, not {n}"));
            }
            if n > 0 && !seated(c) {
                return bad(format!("{c} has no seat but has pieces in its goal"));
            }
            for _ in 0..n {
                place(c, GOAL, &mut counts)?;
            }
        }

        let winner = match &s.winner {
            None | Some(Value::Null) => None,
            Some(v) => Some(parse_winner(v, &opts)?),
        };
        let sixes = s.sixes.unwrap_or(0);
        if !(0..=2).contains(&sixes) {
            return bad(format!("sixes must be 0, 1 or 2, not {sixes}"));
        }
        let bonus = match s.bonus {
            None => None,
            Some(b @ (10 | 20)) => Some(b as u8),
            Some(b) => return bad(format!("bonus must be 10, 20 or null, not {b}")),
        };
        let roll = match s.roll {
            None => None,
            Some(r @ 1..=6) => Some(r as u8),
            Some(r) => return bad(format!("a roll is 1 to 6, not {r}")),
        };
        let turn = match (&s.turn, winner) {
            (Some(t), _) => {
                let c = colour(t)?;
                if !seated(c) {
                    return bad(format!("turn names {c}, who has no seat"));
                }
                c
            }
            (None, Some(w)) => w.colours()[0],
            (None, None) => return bad("turn is null but the game has no winner"),
        };
        let last_moved = match &s.last_moved {
            None => None,
            Some(l) => Some(l.parse::<Loc>().map_err(SetupError)?),
        };
        let mut g = Self {
            preset,
            opts,
            seats: mask,
            turn,
            sixes: sixes as u8,
            last_moved,
            bonus,
            roll,
            winner,
            squares,
            prog,
        };
        g.check_winner()?;
        if g.winner.is_some() {
            g.turn = turn;
            g.sixes = 0;
            g.last_moved = None;
            g.bonus = None;
            g.roll = None;
            return Ok(g);
        }
        if g.bonus.is_some() && g.roll.is_some() {
            return bad("a roll cannot be pending while a bonus is");
        }
        if let Some(l) = last_moved {
            g.check_last_moved(l)?;
        }
        Ok(g)
    }

    fn check_winner(&self) -> Result<(), SetupError> {
        if let Some(w) = self.winner {
            for c in w.colours() {
                if self.in_goal(c) < 4 {
                    return bad(format!("winner {c} does not have four pieces in its goal"));
                }
            }
            return Ok(());
        }
        for c in self.seats() {
            let done = self.in_goal(c) == 4 && (!self.opts.pairs || self.in_goal(c.partner()) == 4);
            if done {
                return bad(format!("{c} has finished but winner is null"));
            }
        }
        Ok(())
    }

    fn check_last_moved(&self, l: Loc) -> Result<(), SetupError> {
        let seat = self.turn;
        let movers = [seat, self.moving_colour(seat)];
        let ok = match l {
            Loc::Nest => false,
            Loc::Goal => movers.iter().any(|&c| self.in_goal(c) > 0),
            Loc::Sq(sq) => self.pieces_on(sq).any(|c| movers.contains(&c)),
        };
        if ok {
            Ok(())
        } else {
            bad(format!("last_moved {l} holds none of the mover's pieces"))
        }
    }

    /// The setup (canonical JSON form) of this game.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut board = BTreeMap::new();
        for i in 0..SQUARES {
            let Some(sq) = Square::from_index(i) else {
                continue;
            };
            let pieces: Vec<String> = self.pieces_on(sq).map(|c| c.name().to_string()).collect();
            if !pieces.is_empty() {
                board.insert(sq.to_string(), pieces);
            }
        }
        let goal = self
            .seats()
            .filter(|&c| self.in_goal(c) > 0)
            .map(|c| (c.name().to_string(), i64::from(self.in_goal(c))))
            .collect();
        let o = self.opts;
        let mut options = Map::new();
        options.insert("six_counts".into(), Value::from(o.six_counts));
        options.insert(
            "third_six_spares".into(),
            serde_json::to_value(o.third_six_spares).unwrap_or(Value::Null),
        );
        options.insert(
            "barriers".into(),
            serde_json::to_value(o.barriers).unwrap_or(Value::Null),
        );
        options.insert("pairs".into(), Value::from(o.pairs));
        Setup {
            rules: Some(self.preset.name().to_string()),
            options: Some(options),
            seats: self.seats().map(|c| c.name().to_string()).collect(),
            turn: self.turn().map(|c| c.name().to_string()),
            sixes: Some(i64::from(self.sixes)),
            last_moved: self.last_moved.map(|l| l.to_string()),
            bonus: self.bonus.map(i64::from),
            board,
            goal,
            winner: self.winner.map(|w| match w {
                Winner::Colour(c) => Value::from(c.name()),
                Winner::Pair(a, b) => Value::from(vec![a.name(), b.name()]),
            }),
            roll: self.roll.map(i64::from),
        }
    }
}

fn parse_winner(v: &Value, opts: &Options) -> Result<Winner, SetupError> {
    match v {
        Value::String(s) if !opts.pairs => Ok(Winner::Colour(colour(s)?)),
        Value::Array(a) if opts.pairs && a.len() == 2 => {
            let (Some(x), Some(y)) = (a[0].as_str(), a[1].as_str()) else {
                return bad(format!("winner pair must be two colours, not {v}"));
            };
            let (x, y) = (colour(x)?, colour(y)?);
            if x.partner() != y || x > y {
                return bad(format!("winner {v} is not a pair in R1.2 order"));
            }
            Ok(Winner::Pair(x, y))
        }
        _ => bad(format!(
            "winner {v} does not fit this game (a colour, or a pair in pairs games)"
        )),
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let setup = Setup::deserialize(d)?;
        Self::from_setup(&setup).map_err(D::Error::custom)
    }
}
