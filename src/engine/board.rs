//! R1 Board geometry: colours, squares, locations, and everything that follows from the
//! number of arms of a board (ring length, paths, exit and entry squares, partners, seats).
//!
//! A [`Square`] names a place independently of the board: ring square `n` or corridor square
//! `k` of a colour. Which squares exist, and every path along them, is a property of the
//! board's [`Arms`]; nothing here is a constant of one board size.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

/// R1.2 / R8.2 The colours, in turn order: the four of the four-arm board, then orange and
/// purple (six arms), then cyan and pink (eight arms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    Yellow = 0,
    Blue = 1,
    Red = 2,
    Green = 3,
    Orange = 4,
    Purple = 5,
    Cyan = 6,
    Pink = 7,
}

/// Colours of the largest board.
pub const MAX_COLOURS: usize = 8;

impl Colour {
    /// R1.2 Every colour in turn order (a board of [`Arms`] uses the first
    /// [`Arms::count`] of them, [`Arms::colours`]).
    pub const ALL: [Self; MAX_COLOURS] = [
        Self::Yellow,
        Self::Blue,
        Self::Red,
        Self::Green,
        Self::Orange,
        Self::Purple,
        Self::Cyan,
        Self::Pink,
    ];

    /// Index in turn order (0 = yellow).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Colour from its turn-order index; `None` outside [`Colour::ALL`].
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Self> {
        if i < MAX_COLOURS {
            Some(Self::ALL[i])
        } else {
            None
        }
    }

    /// The protocol name (`yellow`, `blue`, `red`, `green`, `orange`, `purple`, `cyan`,
    /// `pink`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Yellow => "yellow",
            Self::Blue => "blue",
            Self::Red => "red",
            Self::Green => "green",
            Self::Orange => "orange",
            Self::Purple => "purple",
            Self::Cyan => "cyan",
            Self::Pink => "pink",
        }
    }

    /// R8.2 The colour's exit square, 5 + 17·index (5, 22, 39, 56, 73, 90, 107, 124): the
    /// same on every board that has the colour.
    #[must_use]
    #[inline]
    pub const fn exit_square(self) -> u8 {
        5 + 17 * self as u8
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
        Self::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| format!("unknown colour {s:?}"))
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        s.parse().map_err(D::Error::custom)
    }
}

/// R1.2 Squares in each corridor.
pub const CORRIDOR: u8 = 7;
/// Squares of each arm of the ring.
pub const ARM: u8 = 17;
/// Ring squares of the largest board.
pub const MAX_RING: u8 = ARM * MAX_COLOURS as u8;
/// Squares of the largest board that hold at most two pieces (R1.6): its ring and corridors.
pub const MAX_SQUARES: usize = MAX_RING as usize + MAX_COLOURS * CORRIDOR as usize;

/// R1.4 Progress of a piece along its colour's path: [`NEST`], 1 the exit square,
/// [`Arms::last_ring`] the entry square, then corridor 1..7, then [`Arms::goal`].
pub type Progress = u8;
/// Progress of a piece in the nest.
pub const NEST: Progress = 0;
/// Length of a path table: one entry for every byte a progress can be (0 ..= the goal of the
/// largest board, then `u8::MAX` beyond), so that a progress indexes a path
/// with no bounds check, and a colour's path is found with a shift.
pub(crate) const PATH_LEN: usize = u8::MAX as usize + 1;

/// R8.1 The number of arms of a board: 4 (R1), 6 or 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Arms {
    /// R1 The four-player board: 68 ring squares.
    #[default]
    Four = 4,
    /// R8 The six-player board: 102 ring squares.
    Six = 6,
    /// R8 The eight-player board: 136 ring squares.
    Eight = 8,
}

impl Arms {
    /// Every board size, smallest first.
    pub const ALL: [Self; 3] = [Self::Four, Self::Six, Self::Eight];

    /// The number of arms (and of colours).
    #[must_use]
    #[inline]
    pub const fn count(self) -> u8 {
        self as u8
    }

    /// Board from its number of arms.
    #[must_use]
    pub const fn from_count(n: u8) -> Option<Self> {
        match n {
            4 => Some(Self::Four),
            6 => Some(Self::Six),
            8 => Some(Self::Eight),
            _ => None,
        }
    }

    /// Is this the four-arm board (R1)?
    #[must_use]
    #[inline]
    pub const fn is_four(&self) -> bool {
        matches!(self, Self::Four)
    }

    /// Position in [`Arms::ALL`].
    #[must_use]
    #[inline]
    pub(crate) const fn slot(self) -> usize {
        match self {
            Self::Four => 0,
            Self::Six => 1,
            Self::Eight => 2,
        }
    }

    /// R8.1 Ring squares: 17 per arm (68, 102, 136).
    #[must_use]
    #[inline]
    pub const fn ring(self) -> u8 {
        ARM * self.count()
    }

    /// R1.4 Progress of the last ring square (the entry square): 64, 98, 132.
    #[must_use]
    #[inline]
    pub const fn last_ring(self) -> Progress {
        self.ring() - 4
    }

    /// R8.4 Progress of the goal (72, 106, 140); also the R6.1 distance of a nest piece.
    #[must_use]
    #[inline]
    pub const fn goal(self) -> Progress {
        self.ring() + 4
    }

    /// R1.2 The board's colours in turn order.
    #[must_use]
    pub fn colours(self) -> &'static [Colour] {
        &Colour::ALL[..usize::from(self.count())]
    }

    /// Does colour `c` have an arm on this board?
    #[must_use]
    #[inline]
    pub const fn has(self, c: Colour) -> bool {
        (c as u8) < self.count()
    }

    /// R1.2 The colour's last ring square before its corridor: 17·index, 17·arms for yellow.
    #[must_use]
    pub const fn entry_square(self, c: Colour) -> u8 {
        match c as u8 {
            0 => self.ring(),
            k => ARM * k,
        }
    }

    /// R6.2 / R8.6 The partner sitting opposite: the colour half the board further on
    /// (four arms: yellow–red, blue–green; six: yellow–green, blue–orange, red–purple).
    #[must_use]
    pub const fn partner(self, c: Colour) -> Colour {
        let n = self.count() as usize;
        Colour::ALL[(c as usize + n / 2) % n]
    }

    /// R8.5 Default seats of `n` players (2 ..= arms): the colours of index ⌊i·arms/n⌋,
    /// spread round the board (four arms: 2 → yellow, red; 3 → yellow, blue, red; six
    /// arms: 2 → yellow, green; eight arms: 2 → yellow, orange).
    #[must_use]
    pub fn default_seats(self, n: usize) -> Option<Seats> {
        let a = usize::from(self.count());
        if !(2..=a).contains(&n) {
            return None;
        }
        Some((0..n).map(|i| Colour::ALL[i * a / n]).collect())
    }

    /// R8.7 The smallest board that seats `n` players (2–4: four arms; 5–6: six; 7–8: eight).
    #[must_use]
    pub fn for_players(n: usize) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|a| (2..=usize::from(a.count())).contains(&n))
    }

    /// Is the square part of this board?
    #[must_use]
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        match sq.corridor_of() {
            Some((c, _)) => self.has(c),
            None => sq.0 < self.ring(),
        }
    }

    /// Every square of the board: the ring in order, then the colours' corridors.
    pub fn squares(self) -> impl Iterator<Item = Square> + Clone {
        let ring = (1..=self.ring()).filter_map(Square::ring);
        let corridors = self
            .colours()
            .iter()
            .flat_map(|&c| (1..=CORRIDOR).filter_map(move |k| Square::corridor(c, k)));
        ring.chain(corridors)
    }

    /// R1.4 Progress (1 ..= [`Arms::last_ring`]) of colour `c` on ring square `n`, if that
    /// square is on its path.
    #[must_use]
    #[inline]
    pub const fn progress_on_ring(self, c: Colour, n: u8) -> Option<Progress> {
        let ring = self.ring();
        if n == 0 || n > ring || !self.has(c) {
            return None;
        }
        let (n, ring, exit) = (n as u16, ring as u16, c.exit_square() as u16);
        let p = ((n + ring - exit) % ring + 1) as u8;
        if p <= self.last_ring() { Some(p) } else { None }
    }

    /// Progress of colour `c` on square index `i` (1 ..= the goal − 1), or 0 ([`NEST`]) when
    /// the square is not on its path: the inverse of [`Arms::path`], read from a table.
    #[must_use]
    #[inline]
    pub(crate) fn progress_at(self, c: Colour, i: usize) -> Progress {
        PROGRESS[self.slot()][c.index()][i]
    }

    /// Square indices of colour `c`'s path (`u8::MAX` at the nest, the goal and beyond).
    #[must_use]
    #[inline]
    pub(crate) fn path(self, c: Colour) -> &'static [u8; PATH_LEN] {
        &PATHS[self.slot()][c.index()]
    }

    /// R1.4 The square at progress `p` of colour `c` (`None` at the nest and the goal).
    #[must_use]
    pub fn square_at(self, c: Colour, p: Progress) -> Option<Square> {
        if !self.has(c) {
            return None;
        }
        let i = *self.path(c).get(usize::from(p))?;
        Square::from_index(usize::from(i))
    }

    /// R1.4 The location at progress `p` of colour `c` (the goal at and past the goal).
    #[must_use]
    pub fn loc_at(self, c: Colour, p: Progress) -> Loc {
        match p {
            NEST => Loc::Nest,
            _ => self.square_at(c, p).map_or(Loc::Goal, Loc::Sq),
        }
    }

    /// R1.4 Progress of colour `c` at a location, if the location is on its path.
    #[must_use]
    pub fn progress_of(self, c: Colour, loc: Loc) -> Option<Progress> {
        if !self.has(c) {
            return None;
        }
        match loc {
            Loc::Nest => Some(NEST),
            Loc::Goal => Some(self.goal()),
            Loc::Sq(s) => match s.corridor_of() {
                Some((owner, k)) if owner == c => Some(self.last_ring() + k),
                Some(_) => None,
                None => self.progress_on_ring(c, s.0 + 1),
            },
        }
    }
}

impl fmt::Display for Arms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.count())
    }
}

impl Serialize for Arms {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.count())
    }
}

impl<'de> Deserialize<'de> for Arms {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u8::deserialize(d)?;
        Self::from_count(n)
            .ok_or_else(|| D::Error::custom(format!("arms must be 4, 6 or 8, not {n}")))
    }
}

/// The colours seated at a table, in turn order.
pub type Seats = ArrayVec<Colour, MAX_COLOURS>;

/// R1.3 Is ring square `n` a safe square? The exit square (5 + 17k), 12 + 17k and the entry
/// square (17 + 17k) of every arm: the same numbers on every board that has them.
#[must_use]
#[inline]
pub const fn is_safe_square(n: u8) -> bool {
    n >= 1 && n <= MAX_RING && matches!(n % ARM, 0 | 5 | 12)
}

/// A square that can hold pieces: ring square `n` or corridor square `k` of a colour, the
/// same value on every board ([`Arms::contains`] says whether a board has it).
///
/// Stored as an index below [`MAX_SQUARES`]: ring square `n` is `n - 1`; corridor `k` of
/// colour `c` is `MAX_RING + 7c + k - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Ring square `n` (1 ..= the largest ring).
    #[must_use]
    pub const fn ring(n: u8) -> Option<Self> {
        if n >= 1 && n <= MAX_RING {
            Some(Self(n - 1))
        } else {
            None
        }
    }

    /// Corridor square `k` (1..=7) of colour `c`.
    #[must_use]
    pub const fn corridor(c: Colour, k: u8) -> Option<Self> {
        if k >= 1 && k <= CORRIDOR {
            Some(Self(MAX_RING + CORRIDOR * c as u8 + k - 1))
        } else {
            None
        }
    }

    /// The square from its storage index.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Self> {
        if i < MAX_SQUARES {
            Some(Self(i as u8))
        } else {
            None
        }
    }

    /// Storage index, below [`MAX_SQUARES`].
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Ring number, or `None` for a corridor square.
    #[must_use]
    pub const fn ring_number(self) -> Option<u8> {
        if self.0 < MAX_RING {
            Some(self.0 + 1)
        } else {
            None
        }
    }

    /// `(colour, k)` for a corridor square.
    #[must_use]
    pub const fn corridor_of(self) -> Option<(Colour, u8)> {
        if self.0 < MAX_RING {
            return None;
        }
        let off = self.0 - MAX_RING;
        match Colour::from_index((off / CORRIDOR) as usize) {
            Some(c) => Some((c, off % CORRIDOR + 1)),
            None => None,
        }
    }

    /// R1.3 Is this a safe ring square?
    #[must_use]
    #[inline]
    pub const fn is_safe(self) -> bool {
        SAFE[self.0 as usize]
    }
}

/// R1.3 Is square index `i` a safe ring square? Any byte may be asked (an index past the
/// squares is not safe), so branch-free code can ask before knowing it is a square.
#[must_use]
#[inline]
pub(crate) fn is_safe_index(i: u8) -> bool {
    SAFE[usize::from(i)]
}

/// R1.3 Safe flag of every square index (corridor squares are not safe ring squares), and of
/// every other byte (not safe).
static SAFE: [bool; 256] = {
    let mut t = [false; 256];
    let mut n = 1;
    while n <= MAX_RING {
        t[n as usize - 1] = is_safe_square(n);
        n += 1;
    }
    t
};

/// The protocol name of every square index (`"12"`, `"yellow-3"`).
static SQUARE_NAMES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    (0..MAX_SQUARES)
        .map(|i| match Square(i as u8).corridor_of() {
            Some((c, k)) => format!("{c}-{k}"),
            None => (i + 1).to_string(),
        })
        .collect()
});

impl Square {
    /// The protocol name: the ring number (`"12"`) or `"<colour>-<k>"` (`"yellow-3"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        &SQUARE_NAMES[self.index()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A location of a piece, as in the protocol: a square, the nest or the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Nest,
    Sq(Square),
    Goal,
}

impl Loc {
    /// The protocol name: `"nest"`, `"goal"` or the square's [`Square::name`].
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Nest => "nest",
            Self::Goal => "goal",
            Self::Sq(s) => s.name(),
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number written canonically: ASCII digits without a sign or a leading zero.
fn canonical_number(s: &str) -> Option<u8> {
    let canonical = !s.is_empty()
        && s.bytes().all(|b| b.is_ascii_digit())
        && !(s.len() > 1 && s.starts_with('0'));
    if canonical { s.parse().ok() } else { None }
}

impl FromStr for Loc {
    type Err = String;
    /// The canonical names only: `"nest"`, `"goal"`, `"12"`, `"yellow-3"` (not `"012"`,
    /// `"+12"`, `"yellow-03"`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let sq = match s {
            "nest" => return Ok(Self::Nest),
            "goal" => return Ok(Self::Goal),
            _ => match s.split_once('-') {
                Some((c, k)) => c
                    .parse::<Colour>()
                    .ok()
                    .zip(canonical_number(k))
                    .and_then(|(c, k)| Square::corridor(c, k)),
                None => canonical_number(s).and_then(Square::ring),
            },
        };
        sq.map(Self::Sq)
            .ok_or_else(|| format!("unknown location {s:?}"))
    }
}

impl Serialize for Loc {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Loc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        s.parse().map_err(D::Error::custom)
    }
}

const fn build_paths() -> [[[u8; PATH_LEN]; MAX_COLOURS]; Arms::ALL.len()] {
    let mut t = [[[u8::MAX; PATH_LEN]; MAX_COLOURS]; Arms::ALL.len()];
    let mut a = 0;
    while a < Arms::ALL.len() {
        let arms = Arms::ALL[a];
        let (ring, last) = (arms.ring(), arms.last_ring());
        let mut c = 0;
        while c < arms.count() as usize {
            let exit = Colour::ALL[c].exit_square();
            let mut p = 1u8;
            while p < arms.goal() {
                t[a][c][p as usize] = if p <= last {
                    (exit - 1 + p - 1) % ring
                } else {
                    MAX_RING + CORRIDOR * c as u8 + (p - last) - 1
                };
                p += 1;
            }
            c += 1;
        }
        a += 1;
    }
    t
}

/// Square index of each board's and colour's path progress (`u8::MAX` at nest and goal).
static PATHS: [[[u8; PATH_LEN]; MAX_COLOURS]; Arms::ALL.len()] = build_paths();

const fn build_progress() -> [[[u8; MAX_SQUARES]; MAX_COLOURS]; Arms::ALL.len()] {
    let paths = build_paths();
    let mut t = [[[NEST; MAX_SQUARES]; MAX_COLOURS]; Arms::ALL.len()];
    let mut a = 0;
    while a < Arms::ALL.len() {
        let mut c = 0;
        while c < Arms::ALL[a].count() as usize {
            let mut p = 1;
            while p < Arms::ALL[a].goal() as usize {
                t[a][c][paths[a][c][p] as usize] = p as u8;
                p += 1;
            }
            c += 1;
        }
        a += 1;
    }
    t
}

/// Progress of each board's colour on each square index (0 off its path): the inverse of
/// [`PATHS`].
static PROGRESS: [[[u8; MAX_SQUARES]; MAX_COLOURS]; Arms::ALL.len()] = build_progress();

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: Arms = Arms::Four;

    #[test]
    fn exit_and_entry_squares_follow_r1_2() {
        let exits: Vec<u8> = FOUR.colours().iter().map(|c| c.exit_square()).collect();
        let entries: Vec<u8> = FOUR
            .colours()
            .iter()
            .map(|&c| FOUR.entry_square(c))
            .collect();
        assert_eq!(exits, [5, 22, 39, 56]);
        assert_eq!(entries, [68, 17, 34, 51]);
    }

    #[test]
    fn path_is_63_ring_steps_then_corridor_then_goal() {
        // R1.1 68 ring squares, 1 following 68: green leaves on 56 and reaches 68, then 1.
        assert_eq!(FOUR.square_at(Colour::Green, 13), Square::ring(68));
        assert_eq!(FOUR.square_at(Colour::Green, 14), Square::ring(1));
        // R1.4 exit square, 63 ring steps to the entry square, corridor 1 to 7, the goal.
        for &c in FOUR.colours() {
            assert_eq!(FOUR.square_at(c, 1), Square::ring(c.exit_square()));
            assert_eq!(FOUR.square_at(c, 64), Square::ring(FOUR.entry_square(c)));
            assert_eq!(FOUR.square_at(c, 65), Square::corridor(c, 1));
            assert_eq!(FOUR.square_at(c, 71), Square::corridor(c, 7));
            assert_eq!(FOUR.loc_at(c, 72), Loc::Goal);
            for p in 1..=71 {
                let loc = FOUR.loc_at(c, p);
                assert_eq!(FOUR.progress_of(c, loc), Some(p), "{c} {p}");
            }
        }
    }

    #[test]
    fn the_progress_table_inverts_every_path() {
        for arms in Arms::ALL {
            for &c in arms.colours() {
                for i in 0..MAX_SQUARES {
                    let sq = Square::from_index(i).expect("index");
                    let p = arms.progress_at(c, i);
                    let expected = if arms.contains(sq) {
                        arms.progress_of(c, Loc::Sq(sq)).unwrap_or(NEST)
                    } else {
                        NEST
                    };
                    assert_eq!(p, expected, "{arms} {c} {sq}");
                    if p != NEST {
                        assert_eq!(usize::from(arms.path(c)[usize::from(p)]), i);
                    }
                }
            }
        }
    }

    #[test]
    fn squares_outside_a_colours_path_are_rejected() {
        use Colour::{Blue, Green, Red, Yellow};
        for n in 1..=4 {
            assert_eq!(FOUR.progress_on_ring(Yellow, n), None);
        }
        for n in 18..=21 {
            assert_eq!(FOUR.progress_on_ring(Blue, n), None);
        }
        assert_eq!(FOUR.progress_on_ring(Red, 35), None);
        assert_eq!(FOUR.progress_on_ring(Green, 55), None);
        assert_eq!(FOUR.progress_on_ring(Green, 51), Some(64));
        assert_eq!(FOUR.progress_on_ring(Green, 69), None, "off the ring");
    }

    #[test]
    fn locations_parse_and_print_only_in_canonical_form() {
        for s in ["1", "68", "yellow-1", "green-7", "nest", "goal"] {
            assert_eq!(s.parse::<Loc>().map(|l| l.to_string()), Ok(s.to_string()));
        }
        for s in [
            "0",
            "yellow-0",
            "yellow-8",
            "",
            "05",
            "+5",
            "x",
            "yellow-03",
            "yellow-+3",
            "yellow-",
            "-3",
            "Yellow-3",
            " 5",
        ] {
            assert!(s.parse::<Loc>().is_err(), "{s:?} accepted");
        }
    }

    #[test]
    fn twelve_safe_squares_on_four_arms() {
        let safe: Vec<u8> = (1..=68).filter(|&n| is_safe_square(n)).collect();
        // R1.3 twelve safe squares.
        assert_eq!(safe, [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
        assert!(FOUR.squares().filter(|s| s.is_safe()).count() == 12);
    }

    #[test]
    fn a_four_arm_board_has_96_squares_and_default_seats_of_r2_1() {
        assert_eq!(FOUR.squares().count(), 96);
        assert!(FOUR.squares().all(|s| FOUR.contains(s)));
        use Colour::{Blue, Red, Yellow};
        assert_eq!(FOUR.default_seats(2).as_deref(), Some(&[Yellow, Red][..]));
        assert_eq!(
            FOUR.default_seats(3).as_deref(),
            Some(&[Yellow, Blue, Red][..])
        );
        assert_eq!(FOUR.default_seats(4).as_deref(), Some(FOUR.colours()));
        assert_eq!(FOUR.default_seats(5), None);
        assert_eq!(FOUR.partner(Yellow), Red);
        assert_eq!(FOUR.partner(Colour::Green), Blue);
        assert_eq!(Arms::for_players(4), Some(FOUR));
    }

    #[test]
    fn large_boards_follow_r8_geometry() {
        use Colour::{Blue, Cyan, Green, Orange, Pink, Purple, Red, Yellow};
        for arms in Arms::ALL {
            let a = arms.count();
            // R8.1 17·A ring squares, R8.3 3·A safe ones, R8.4 the path and the nest distance
            assert_eq!(arms.ring(), 17 * a);
            let safe = (1..=arms.ring()).filter(|&n| is_safe_square(n)).count();
            assert_eq!(safe, 3 * usize::from(a));
            assert_eq!(arms.goal(), 17 * a + 4);
            assert_eq!(arms.squares().count(), usize::from(17 * a + 7 * a));
            for &c in arms.colours() {
                // R8.2 exit 5 + 17k, entry 17k (17·A for yellow), corridor after the entry
                assert_eq!(arms.square_at(c, 1), Square::ring(c.exit_square()));
                let entry = arms.entry_square(c);
                assert_eq!(arms.square_at(c, arms.last_ring()), Square::ring(entry));
                assert_eq!(
                    arms.square_at(c, arms.last_ring() + 1),
                    Square::corridor(c, 1)
                );
                assert_eq!(arms.loc_at(c, arms.goal()), Loc::Goal);
                for p in 1..arms.goal() {
                    let loc = arms.loc_at(c, p);
                    assert_eq!(arms.progress_of(c, loc), Some(p), "{arms} {c} {p}");
                }
                // R8.6 partners are opposite and mutual
                assert_eq!(arms.partner(arms.partner(c)), c);
            }
        }
        let six = Arms::Six;
        let exits: Vec<u8> = six.colours().iter().map(|c| c.exit_square()).collect();
        assert_eq!(exits, [5, 22, 39, 56, 73, 90]);
        assert_eq!(six.entry_square(Yellow), 102);
        assert_eq!(Arms::Eight.entry_square(Pink), 119);
        assert_eq!(six.partner(Yellow), Green);
        assert_eq!(six.partner(Blue), Orange);
        assert_eq!(six.partner(Red), Purple);
        assert_eq!(Arms::Eight.partner(Yellow), Orange);
        assert_eq!(Arms::Eight.partner(Green), Pink);
        assert_eq!(Arms::Eight.partner(Red), Cyan);
        assert!(!Arms::Four.has(Orange) && six.has(Purple) && !six.has(Cyan));
        assert!(!Arms::Four.contains(Square::ring(69).expect("sq")));
        assert!(six.contains(Square::ring(102).expect("sq")));
        assert!(!six.contains(Square::corridor(Pink, 1).expect("sq")));
    }

    #[test]
    fn default_seats_spread_round_the_board_r8_5() {
        use Colour::{Blue, Cyan, Green, Orange, Pink, Purple, Red, Yellow};
        let seats = |a: Arms, n| a.default_seats(n).map(|s| s.to_vec());
        assert_eq!(seats(Arms::Six, 2), Some(vec![Yellow, Green]));
        assert_eq!(seats(Arms::Six, 3), Some(vec![Yellow, Red, Orange]));
        assert_eq!(
            seats(Arms::Six, 5),
            Some(vec![Yellow, Blue, Red, Green, Orange])
        );
        assert_eq!(seats(Arms::Eight, 2), Some(vec![Yellow, Orange]));
        assert_eq!(seats(Arms::Eight, 4), Some(vec![Yellow, Red, Orange, Cyan]));
        assert_eq!(seats(Arms::Eight, 8).map(|s| s.len()), Some(8));
        assert_eq!(
            seats(Arms::Eight, 8).and_then(|s| s.last().copied()),
            Some(Pink)
        );
        assert_eq!(seats(Arms::Six, 7), None);
        assert_eq!(
            seats(Arms::Six, 6).and_then(|s| s.get(5).copied()),
            Some(Purple)
        );
        // R8.7 the smallest board that seats everyone
        let boards: Vec<Option<Arms>> = (1..=9).map(Arms::for_players).collect();
        use Arms::{Eight, Four, Six};
        assert_eq!(
            boards,
            [
                None,
                Some(Four),
                Some(Four),
                Some(Four),
                Some(Six),
                Some(Six),
                Some(Eight),
                Some(Eight),
                None
            ]
        );
    }
}
