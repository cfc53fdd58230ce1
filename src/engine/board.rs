//! R1 Board geometry: colours, squares, paths and locations.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

/// R1.2 The four colours, in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    Yellow = 0,
    Blue = 1,
    Red = 2,
    Green = 3,
}

impl Colour {
    /// R1.2 All colours in turn order.
    pub const ALL: [Self; 4] = [Self::Yellow, Self::Blue, Self::Red, Self::Green];

    /// Index 0..4 in R1.2 order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Colour from its R1.2 index; `None` outside 0..4.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Self> {
        match i {
            0 => Some(Self::Yellow),
            1 => Some(Self::Blue),
            2 => Some(Self::Red),
            3 => Some(Self::Green),
            _ => None,
        }
    }

    /// The protocol name (`yellow`, `blue`, `red`, `green`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Yellow => "yellow",
            Self::Blue => "blue",
            Self::Red => "red",
            Self::Green => "green",
        }
    }

    /// R2.1 The colours of 2, 3 or 4 players, in R1.2 order (2 players: yellow and red).
    #[must_use]
    pub const fn seats_for(n: usize) -> &'static [Self] {
        match n {
            2 => &[Self::Yellow, Self::Red],
            3 => &[Self::Yellow, Self::Blue, Self::Red],
            _ => &Self::ALL,
        }
    }

    /// A coloured dot for the colour (🟡 🔵 🔴 🟢).
    #[must_use]
    pub const fn dot(self) -> &'static str {
        match self {
            Self::Yellow => "🟡",
            Self::Blue => "🔵",
            Self::Red => "🔴",
            Self::Green => "🟢",
        }
    }

    /// R6.2 The partner sitting opposite: yellow–red, blue–green.
    #[must_use]
    pub const fn partner(self) -> Self {
        match self {
            Self::Yellow => Self::Red,
            Self::Blue => Self::Green,
            Self::Red => Self::Yellow,
            Self::Green => Self::Blue,
        }
    }

    /// R1.2 The colour's exit square (5, 22, 39, 56).
    #[must_use]
    pub const fn exit_square(self) -> u8 {
        5 + 17 * self as u8
    }

    /// R1.2 The colour's last ring square before its corridor (68, 17, 34, 51).
    #[must_use]
    pub const fn entry_square(self) -> u8 {
        match self {
            Self::Yellow => 68,
            c => 17 * c as u8,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Colour {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "yellow" => Ok(Self::Yellow),
            "blue" => Ok(Self::Blue),
            "red" => Ok(Self::Red),
            "green" => Ok(Self::Green),
            _ => Err(format!("unknown colour {s:?}")),
        }
    }
}

macro_rules! serde_as_str {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = std::borrow::Cow::<str>::deserialize(d)?;
                s.parse().map_err(D::Error::custom)
            }
        }
    };
}

serde_as_str!(Colour);

/// R1.1 Number of ring squares.
pub const RING: u8 = 68;
/// R1.2 Squares in each corridor.
pub const CORRIDOR: u8 = 7;
/// Ring squares plus the four corridors: the squares that hold at most two pieces (R1.6).
pub const SQUARES: usize = RING as usize + 4 * CORRIDOR as usize;

/// R1.4 Progress of a piece along its colour's path: 0 is the nest, 1 the exit square,
/// 64 the entry square, 65..=71 corridor 1..7, 72 the goal.
pub type Progress = u8;
/// Progress of a piece in the nest.
pub const NEST: Progress = 0;
/// Progress of a piece in the goal.
pub const GOAL: Progress = 72;
/// Progress of the last ring square (the entry square).
pub const LAST_RING: Progress = 64;

/// R1.3 Is ring square `n` (1..=68) a safe square?
#[must_use]
pub const fn is_safe_square(n: u8) -> bool {
    matches!(n, 5 | 12 | 17 | 22 | 29 | 34 | 39 | 46 | 51 | 56 | 63 | 68)
}

/// A square that can hold pieces: ring square 1..=68 or a corridor square.
/// Stored as an index 0..96: ring square `n` is `n - 1`; corridor `k` of colour `c`
/// is `68 + 7c + k - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Ring square `n` (1..=68).
    #[must_use]
    pub const fn ring(n: u8) -> Option<Self> {
        if n >= 1 && n <= RING {
            Some(Self(n - 1))
        } else {
            None
        }
    }

    /// Corridor square `k` (1..=7) of colour `c`.
    #[must_use]
    pub const fn corridor(c: Colour, k: u8) -> Option<Self> {
        if k >= 1 && k <= CORRIDOR {
            Some(Self(RING + CORRIDOR * c as u8 + k - 1))
        } else {
            None
        }
    }

    /// The square from its storage index 0..96.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Self> {
        if i < SQUARES {
            Some(Self(i as u8))
        } else {
            None
        }
    }

    /// Storage index 0..96.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Ring number 1..=68, or `None` for a corridor square.
    #[must_use]
    pub const fn ring_number(self) -> Option<u8> {
        if self.0 < RING {
            Some(self.0 + 1)
        } else {
            None
        }
    }

    /// `(colour, k)` for a corridor square.
    #[must_use]
    pub const fn corridor_of(self) -> Option<(Colour, u8)> {
        if self.0 < RING {
            return None;
        }
        let off = self.0 - RING;
        match Colour::from_index((off / CORRIDOR) as usize) {
            Some(c) => Some((c, off % CORRIDOR + 1)),
            None => None,
        }
    }

    /// R1.3 Is this a safe ring square?
    #[must_use]
    pub const fn is_safe(self) -> bool {
        self.0 < RING && is_safe_square(self.0 + 1)
    }

    /// R1.4 Is ring square on the path of colour `c`? (Corridor squares: only their own colour.)
    #[must_use]
    pub const fn on_path_of(self, c: Colour) -> bool {
        match self.corridor_of() {
            Some((owner, _)) => owner as u8 == c as u8,
            None => progress_on_ring(c, self.0 + 1).is_some(),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.corridor_of() {
            Some((c, k)) => write!(f, "{c}-{k}"),
            None => write!(f, "{}", self.0 + 1),
        }
    }
}

/// A location of a piece, as in the protocol: a square, the nest or the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Nest,
    Sq(Square),
    Goal,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Nest => f.write_str("nest"),
            Self::Goal => f.write_str("goal"),
            Self::Sq(s) => s.fmt(f),
        }
    }
}

impl FromStr for Loc {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "nest" => return Ok(Self::Nest),
            "goal" => return Ok(Self::Goal),
            _ => {}
        }
        if let Some((c, k)) = s.split_once('-') {
            let colour: Colour = c.parse().map_err(|_| format!("unknown location {s:?}"))?;
            return k
                .parse::<u8>()
                .ok()
                .and_then(|k| Square::corridor(colour, k))
                .map(Self::Sq)
                .ok_or_else(|| format!("unknown location {s:?}"));
        }
        if s.starts_with('0') || s.starts_with('+') {
            return Err(format!("unknown location {s:?}"));
        }
        s.parse::<u8>()
            .ok()
            .and_then(Square::ring)
            .map(Self::Sq)
            .ok_or_else(|| format!("unknown location {s:?}"))
    }
}

serde_as_str!(Loc);

/// R1.4 Progress (1..=64) of colour `c` on ring square `n`, if `n` is on its path.
#[must_use]
pub const fn progress_on_ring(c: Colour, n: u8) -> Option<Progress> {
    let exit = c.exit_square();
    let p = (n + RING - exit) % RING + 1;
    if p <= LAST_RING { Some(p) } else { None }
}

const fn build_paths() -> [[u8; 73]; 4] {
    let mut t = [[u8::MAX; 73]; 4];
    let mut c = 0;
    while c < 4 {
        let colour = match Colour::from_index(c) {
            Some(x) => x,
            None => unreachable!(),
        };
        let mut p = 1u8;
        while p <= 71 {
            t[c][p as usize] = if p <= LAST_RING {
                (colour.exit_square() - 1 + p - 1) % RING
            } else {
                RING + CORRIDOR * c as u8 + (p - LAST_RING) - 1
            };
            p += 1;
        }
        c += 1;
    }
    t
}

/// Square index of each colour's path progress 1..=71 (`u8::MAX` at nest and goal).
pub(crate) static PATH: [[u8; 73]; 4] = build_paths();

/// R1.4 The square at progress `p` (1..=71) of colour `c`.
#[must_use]
pub fn square_at(c: Colour, p: Progress) -> Option<Square> {
    let i = *PATH[c.index()].get(p as usize)?;
    Square::from_index(i as usize)
}

/// R1.4 The location at progress `p` of colour `c`.
#[must_use]
pub fn loc_at(c: Colour, p: Progress) -> Loc {
    match p {
        NEST => Loc::Nest,
        GOAL => Loc::Goal,
        _ => square_at(c, p).map_or(Loc::Goal, Loc::Sq),
    }
}

/// R1.4 Progress of colour `c` at a location, if the location is on its path.
#[must_use]
pub fn progress_of(c: Colour, loc: Loc) -> Option<Progress> {
    match loc {
        Loc::Nest => Some(NEST),
        Loc::Goal => Some(GOAL),
        Loc::Sq(s) => match s.corridor_of() {
            Some((owner, k)) if owner == c => Some(LAST_RING + k),
            Some(_) => None,
            None => progress_on_ring(c, s.0 + 1),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_and_entry_squares_follow_r1_2() {
        let exits: Vec<u8> = Colour::ALL.iter().map(|c| c.exit_square()).collect();
        let entries: Vec<u8> = Colour::ALL.iter().map(|c| c.entry_square()).collect();
        assert_eq!(exits, [5, 22, 39, 56]);
        assert_eq!(entries, [68, 17, 34, 51]);
    }

    #[test]
    fn path_is_63_ring_steps_then_corridor_then_goal() {
        for c in Colour::ALL {
            assert_eq!(square_at(c, 1), Square::ring(c.exit_square()));
            assert_eq!(square_at(c, LAST_RING), Square::ring(c.entry_square()));
            assert_eq!(square_at(c, 65), Square::corridor(c, 1));
            assert_eq!(square_at(c, 71), Square::corridor(c, 7));
            assert_eq!(loc_at(c, GOAL), Loc::Goal);
            for p in 1..=71 {
                let loc = loc_at(c, p);
                assert_eq!(progress_of(c, loc), Some(p), "{c} {p}");
            }
        }
    }

    #[test]
    fn squares_outside_a_colours_path_are_rejected() {
        for n in 1..=4 {
            assert_eq!(progress_on_ring(Colour::Yellow, n), None);
        }
        for n in 18..=21 {
            assert_eq!(progress_on_ring(Colour::Blue, n), None);
        }
        assert_eq!(progress_on_ring(Colour::Red, 35), None);
        assert_eq!(progress_on_ring(Colour::Green, 55), None);
        assert_eq!(progress_on_ring(Colour::Green, 51), Some(64));
    }

    #[test]
    fn locations_parse_and_print() {
        for s in ["1", "68", "yellow-1", "green-7", "nest", "goal"] {
            assert_eq!(s.parse::<Loc>().map(|l| l.to_string()), Ok(s.to_string()));
        }
        for s in ["0", "69", "yellow-0", "yellow-8", "pink-1", "", "05", "x"] {
            assert!(s.parse::<Loc>().is_err(), "{s}");
        }
    }

    #[test]
    fn twelve_safe_squares() {
        assert_eq!((1..=68).filter(|&n| is_safe_square(n)).count(), 12);
    }
}
