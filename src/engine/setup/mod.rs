//! The position of docs/PROTOCOL.md ("Position"): an unchecked [`Setup`] and its validation
//! into a [`Game`].
//!
//! This is the engine's canonical form, used by `parxis rules`, by the store and by
//! `parxis render` (its JSON is in [`json`]). A game waiting for the move of a roll adds
//! `"roll": N` (not part of the conformance protocol, whose positions never hold a pending
//! roll).

pub mod json;
pub mod text;

pub use super::error::SetupError;

use super::board::{Arms, Colour, Loc, MAX_COLOURS, MAX_SQUARES, NEST};
use super::game::{Game, Pending, SQUARE_WORDS, Winner};
use super::rules::{Options, Overrides, Preset};

/// A position as it comes from outside: typed, but not necessarily legal (docs/PROTOCOL.md,
/// "Position"). `None` marks a field that was absent; [`Game::from_setup`] gives it its
/// default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// R7 The preset (default `jcf`).
    pub rules: Option<Preset>,
    /// The board (default four arms).
    pub arms: Option<Arms>,
    /// R7 Overrides of the preset's options.
    pub options: Overrides,
    /// The seated colours, in turn order.
    pub seats: Vec<Colour>,
    /// The seat to act; `None` once the game is won.
    pub turn: Option<Colour>,
    /// Consecutive sixes of this turn.
    pub sixes: u8,
    /// R2.5 Where the piece the turn's last roll moved stands.
    pub last_moved: Option<Loc>,
    /// R5 The bonus to play now.
    pub bonus: Option<u8>,
    /// The occupied squares and their pieces in arrival order (R1.7), as listed.
    pub board: Option<Vec<(Loc, Vec<Colour>)>>,
    /// Pieces in each colour's goal, as listed.
    pub goal: Vec<(Colour, u8)>,
    /// R6 The winner.
    pub winner: Option<Winner>,
    /// A pending roll (engine extension; absent in the protocol).
    pub roll: Option<u8>,
}

/// Check the seats: 2 to `arms` colours of the board, distinct, in turn order (R2.1);
/// their bit mask.
fn seats_mask(arms: Arms, seats: &[Colour]) -> Result<u8, SetupError> {
    if !(2..=usize::from(arms.count())).contains(&seats.len()) {
        return Err(SetupError::SeatCount {
            got: seats.len(),
            arms,
        });
    }
    let mut mask = 0u8;
    let mut prev: Option<Colour> = None;
    for &c in seats {
        on_board(arms, c)?;
        if prev.is_some_and(|p| p >= c) {
            return Err(SetupError::SeatOrder);
        }
        prev = Some(c);
        mask |= 1 << c.index();
    }
    Ok(mask)
}

fn on_board(arms: Arms, c: Colour) -> Result<(), SetupError> {
    if arms.has(c) {
        Ok(())
    } else {
        Err(SetupError::ColourNotOnBoard { colour: c, arms })
    }
}

/// R6.2 / R8.6 A pairs game fills every seat of its board.
fn check_pairs(arms: Arms, opts: &Options, mask: u8) -> Result<(), SetupError> {
    let all = (1u16 << arms.count()) - 1;
    if opts.pairs && u16::from(mask) != all {
        return Err(SetupError::PairsNeedEverySeat(arms));
    }
    Ok(())
}

impl Game {
    /// A new game on four arms (docs/PROTOCOL.md, "Requests": New game): `turn` is the first
    /// seat; R7 `start_out` pieces of each colour stand on its exit square.
    ///
    /// # Errors
    /// [`SetupError`] for bad seats or options (pairs need every seat).
    pub fn new(preset: Preset, opts: Options, seats: &[Colour]) -> Result<Self, SetupError> {
        Self::new_on(Arms::Four, preset, opts, seats)
    }

    /// A new game on a board of `arms` arms (see [`Game::new`]).
    ///
    /// # Errors
    /// [`SetupError`] for bad seats or options (pairs need every seat of the board).
    pub fn new_on(
        arms: Arms,
        preset: Preset,
        opts: Options,
        seats: &[Colour],
    ) -> Result<Self, SetupError> {
        let mask = seats_mask(arms, seats)?;
        check_pairs(arms, &opts, mask)?;
        let mut g = Self {
            preset,
            opts,
            arms,
            seats: mask,
            turn: seats[0],
            sixes: 0,
            last_moved: None,
            pending: Pending::Roll,
            winner: None,
            squares: [0; MAX_SQUARES],
            prog: [[NEST; 4]; MAX_COLOURS],
            barriers: [0; SQUARE_WORDS + 1],
        };
        for &c in seats {
            for k in 0..usize::from(preset.start_out()) {
                g.set_piece(c, k, 1);
            }
        }
        Ok(g)
    }

    /// R2.2 The same game with `seat` to start (after the roll-off).
    ///
    /// # Errors
    /// [`SetupError::NotSeated`] when `seat` has no seat.
    pub fn with_first_turn(mut self, seat: Colour) -> Result<Self, SetupError> {
        if !self.is_seated(seat) {
            return Err(SetupError::NotSeated(seat));
        }
        self.turn = seat;
        Ok(self)
    }

    /// Validate a setup into a game (docs/PROTOCOL.md, "Errors").
    ///
    /// # Errors
    /// [`SetupError`] saying what is wrong, for every invalid position.
    pub fn from_setup(s: &Setup) -> Result<Self, SetupError> {
        let preset = s.rules.unwrap_or_default();
        let arms = s.arms.unwrap_or_default();
        let opts = s.options.apply(preset)?;
        let mask = seats_mask(arms, &s.seats)?;
        check_pairs(arms, &opts, mask)?;
        let seated = |c: Colour| -> Result<(), SetupError> {
            on_board(arms, c)?;
            if mask & (1 << c.index()) == 0 {
                return Err(SetupError::NotSeated(c));
            }
            Ok(())
        };
        let mut g = Self {
            preset,
            opts,
            arms,
            seats: mask,
            turn: s.seats[0],
            sixes: 0,
            last_moved: None,
            pending: Pending::Roll,
            winner: None,
            squares: [0; MAX_SQUARES],
            prog: [[NEST; 4]; MAX_COLOURS],
            barriers: [0; SQUARE_WORDS + 1],
        };
        let mut counts = [0usize; MAX_COLOURS];
        // Pieces are placed in the order listed, so a square's second piece arrives second.
        let mut place = |g: &mut Self, c: Colour, p: u8| -> Result<(), SetupError> {
            let n = &mut counts[c.index()];
            if *n >= 4 {
                return Err(SetupError::TooManyPieces(c));
            }
            g.set_piece(c, *n, p);
            *n += 1;
            Ok(())
        };
        let mut listed = [false; MAX_SQUARES];
        for (loc, pieces) in s.board.as_deref().unwrap_or_default() {
            let Loc::Sq(sq) = *loc else {
                return Err(SetupError::NotASquare(*loc));
            };
            if !arms.contains(sq) {
                return Err(SetupError::SquareNotOnBoard { square: sq, arms });
            }
            if std::mem::replace(&mut listed[sq.index()], true) {
                return Err(SetupError::DuplicateSquare(sq));
            }
            match pieces.len() {
                0 => return Err(SetupError::EmptySquare(sq)),
                1 | 2 => {}
                count => return Err(SetupError::Crowded { square: sq, count }),
            }
            for &c in pieces {
                seated(c)?;
                let Some(p) = arms.progress_of(c, *loc) else {
                    return Err(match sq.corridor_of() {
                        Some(_) => SetupError::ForeignCorridor {
                            colour: c,
                            square: sq,
                        },
                        None => SetupError::OffPath {
                            colour: c,
                            square: sq,
                        },
                    });
                };
                place(&mut g, c, p)?;
            }
        }
        let mut goals = [false; MAX_COLOURS];
        for &(c, n) in &s.goal {
            on_board(arms, c)?;
            if std::mem::replace(&mut goals[c.index()], true) {
                return Err(SetupError::DuplicateGoal(c));
            }
            if n > 4 {
                return Err(SetupError::TooManyPieces(c));
            }
            if n > 0 {
                seated(c)?;
            }
            for _ in 0..n {
                place(&mut g, c, arms.goal())?;
            }
        }
        g.winner = match s.winner {
            None => None,
            Some(w) => Some(g.check_winner_shape(w)?),
        };
        if s.sixes > 2 {
            return Err(SetupError::Sixes(s.sixes));
        }
        g.sixes = s.sixes;
        let bonus = match s.bonus {
            None => None,
            Some(b @ (10 | 20)) => Some(b),
            Some(b) => return Err(SetupError::Bonus(b)),
        };
        let roll = match s.roll {
            None => None,
            Some(r @ 1..=6) => Some(r),
            Some(r) => return Err(SetupError::Roll(r)),
        };
        g.pending = match (bonus, roll) {
            (None, None) => Pending::Roll,
            (None, Some(r)) => Pending::Move(r),
            (Some(b), None) => Pending::Bonus(b),
            (Some(_), Some(_)) if g.winner.is_some() => Pending::Roll,
            (Some(_), Some(_)) => return Err(SetupError::RollAndBonus),
        };
        g.turn = match (s.turn, g.winner) {
            (Some(t), _) => {
                seated(t)?;
                t
            }
            (None, Some(w)) => w.colours()[0],
            (None, None) => return Err(SetupError::NoTurn),
        };
        g.last_moved = s.last_moved;
        g.check_finished()?;
        if g.winner.is_some() {
            // A won position: nothing is pending (docs/PROTOCOL.md).
            g.sixes = 0;
            g.last_moved = None;
            g.pending = Pending::Roll;
            return Ok(g);
        }
        if let Some(l) = g.last_moved {
            g.check_last_moved(l)?;
        }
        Ok(g)
    }

    /// R6 A winner as written must fit the game: a colour, or a pair of partners in turn
    /// order in a pairs game.
    fn check_winner_shape(&self, w: Winner) -> Result<Winner, SetupError> {
        let fits = match w {
            Winner::Colour(c) => !self.opts.pairs && self.arms.has(c),
            Winner::Pair(a, b) => {
                self.opts.pairs
                    && self.arms.has(a)
                    && self.arms.has(b)
                    && self.partner(a) == b
                    && a < b
            }
        };
        if fits {
            Ok(w)
        } else {
            Err(SetupError::WinnerShape(w.json_text()))
        }
    }

    /// R6 A winner has all its pieces home; without a winner nobody has finished.
    fn check_finished(&self) -> Result<(), SetupError> {
        if let Some(w) = self.winner {
            for c in w.colours() {
                if self.in_goal(c) < 4 {
                    return Err(SetupError::WinnerNotHome(c));
                }
            }
            return Ok(());
        }
        for c in self.seats() {
            let done =
                self.in_goal(c) == 4 && (!self.opts.pairs || self.in_goal(self.partner(c)) == 4);
            if done {
                return Err(SetupError::FinishedWithoutWinner(c));
            }
        }
        Ok(())
    }

    /// R2.5 `last_moved` stands where the mover (the seat, or its partner) has a piece.
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
            Err(SetupError::LastMoved(l))
        }
    }

    /// The setup of this game (its canonical form: every field written out).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let board = self
            .arms
            .squares()
            .filter_map(|sq| {
                let pieces: Vec<Colour> = self.pieces_on(sq).collect();
                (!pieces.is_empty()).then_some((Loc::Sq(sq), pieces))
            })
            .collect();
        let goal = self
            .seats()
            .filter(|&c| self.in_goal(c) > 0)
            .map(|c| (c, self.in_goal(c)))
            .collect();
        Setup {
            rules: Some(self.preset),
            arms: Some(self.arms),
            options: Overrides::all(self.opts),
            seats: self.seats().collect(),
            turn: self.turn(),
            sixes: self.sixes,
            last_moved: self.last_moved,
            bonus: self.bonus(),
            board: Some(board),
            goal,
            winner: self.winner,
            roll: self.pending_roll(),
        }
    }
}
