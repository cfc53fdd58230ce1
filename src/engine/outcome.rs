//! R2.2 who starts, R6.1 ranking, R6.3 time-limit adjudication.

use super::board::{Arms, Colour, MAX_COLOURS, NEST, Progress, Seats};
use super::game::{Game, Winner};

/// A source of die rolls (1..=6). The engine never rolls: callers inject dice.
pub trait Dice {
    /// The next roll, 1..=6.
    fn roll(&mut self) -> u8;
}

/// Dice that return a fixed script of rolls, for tests (repeats the last one when used up).
#[derive(Clone, Debug)]
pub struct ScriptedDice {
    rolls: Vec<u8>,
    next: usize,
}

impl ScriptedDice {
    /// Dice that will roll `rolls` in order.
    #[must_use]
    pub fn new(rolls: &[u8]) -> Self {
        Self {
            rolls: rolls.to_vec(),
            next: 0,
        }
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self) -> u8 {
        let r = self
            .rolls
            .get(self.next)
            .or(self.rolls.last())
            .copied()
            .unwrap_or(1);
        self.next += 1;
        r
    }
}

/// R2.2 The roll-off: every round's rolls, and the seat that starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollOff {
    /// Each round: the seats that rolled and what they rolled.
    pub rounds: Vec<Vec<(Colour, u8)>>,
    /// The seat with the highest roll of the last round.
    pub starter: Colour,
}

/// R2.2 Every player rolls; the highest starts; tied highest roll again.
///
/// Bounded: after 100 tied rounds (impossible with fair dice in practice) the first
/// tied seat starts.
#[must_use]
pub fn roll_off(seats: &[Colour], dice: &mut impl Dice) -> RollOff {
    let mut rounds = Vec::new();
    let mut rolling: Vec<Colour> = seats.to_vec();
    for _ in 0..100 {
        let round: Vec<(Colour, u8)> = rolling
            .iter()
            .map(|&c| (c, dice.roll().clamp(1, 6)))
            .collect();
        let best = round.iter().map(|&(_, r)| r).max().unwrap_or(0);
        rolling = round
            .iter()
            .filter(|&&(_, r)| r == best)
            .map(|&(c, _)| c)
            .collect();
        rounds.push(round);
        if rolling.len() <= 1 {
            break;
        }
    }
    let starter = rolling
        .first()
        .copied()
        .or(seats.first().copied())
        .unwrap_or(Colour::Yellow);
    RollOff { rounds, starter }
}

/// [`roll_off`]'s starter alone, from the same rolls drawn in the same order, without
/// keeping the rounds (no allocation: for simulations, a roll-off per game).
#[must_use]
pub fn roll_off_starter(seats: &[Colour], dice: &mut impl Dice) -> Colour {
    let Ok(mut rolling) = Seats::try_from(seats) else {
        return roll_off(seats, dice).starter; // more seats than a board has
    };
    for _ in 0..100 {
        let mut rolls = [0u8; MAX_COLOURS];
        for (r, _) in rolls.iter_mut().zip(&rolling) {
            *r = dice.roll().clamp(1, 6);
        }
        let best = rolls.iter().copied().max().unwrap_or(0);
        let mut k = 0;
        rolling.retain(|_| {
            k += 1;
            rolls[k - 1] == best
        });
        if rolling.len() <= 1 {
            break;
        }
    }
    rolling
        .first()
        .copied()
        .or(seats.first().copied())
        .unwrap_or(Colour::Yellow)
}

/// R6.1 Distance of one piece at `progress` to its goal on a board of `arms`: the goal's
/// progress in the nest (72 on four arms), one less on the exit square, 0 in the goal.
#[must_use]
pub fn distance(arms: Arms, progress: Progress) -> u32 {
    let goal = arms.goal();
    match progress {
        NEST => u32::from(goal),
        p => u32::from(goal - p.min(goal)),
    }
}

/// One line of the final ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank {
    pub colour: Colour,
    /// R6.1 Sum of the colour's pieces' distances to the goal (smaller is better).
    pub distance: u32,
    /// Pieces in the goal.
    pub in_goal: u8,
}

impl Game {
    /// R6.1 Sum of colour `c`'s pieces' distances to its goal.
    #[must_use]
    pub fn distance_of(&self, c: Colour) -> u32 {
        self.prog[c.index()]
            .iter()
            .map(|&p| distance(self.arms, p))
            .sum()
    }

    /// R6.1 The seats ranked: the winner(s) first, then by smaller total distance
    /// (ties keep R1.2 order).
    #[must_use]
    pub fn ranking(&self) -> Vec<Rank> {
        let mut r: Vec<Rank> = self
            .seats()
            .map(|c| Rank {
                colour: c,
                distance: self.distance_of(c),
                in_goal: self.in_goal(c),
            })
            .collect();
        let won = |c: Colour| self.winner.is_some_and(|w| w.includes(c));
        r.sort_by_key(|x| (!won(x.colour), x.distance));
        r
    }

    /// R6.3 The result when the time limit runs out: more pieces in the goal wins; on a
    /// tie, the side whose most advanced piece not in the goal is nearest to it; else a
    /// draw (`None`). Sides are pairs in a pairs game, colours otherwise. A game already
    /// won keeps its winner.
    #[must_use]
    pub fn time_limit_result(&self) -> Option<Winner> {
        if let Some(w) = self.winner {
            return Some(w);
        }
        let sides: Vec<Winner> = if self.opts.pairs {
            let half = usize::from(self.arms.count() / 2);
            self.arms.colours()[..half]
                .iter()
                .map(|&c| Winner::Pair(c, self.partner(c)))
                .collect()
        } else {
            self.seats().map(Winner::Colour).collect()
        };
        let key = |w: &Winner| {
            let cs = w.colours();
            let goal: u32 = cs.iter().map(|&c| u32::from(self.in_goal(c))).sum();
            let home = self.arms.goal();
            let nearest = cs
                .iter()
                .flat_map(|&c| self.prog[c.index()])
                .filter(|&p| p != home)
                .map(|p| distance(self.arms, p))
                .min()
                .unwrap_or(0);
            (goal, std::cmp::Reverse(nearest))
        };
        let best = sides.iter().map(key).max()?;
        let mut top = sides.iter().filter(|w| key(w) == best);
        let first = *top.next()?;
        if top.next().is_some() {
            None
        } else {
            Some(first)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dice of a fixed pseudo-random sequence (a linear congruential generator).
    struct Lcg(u64);

    impl Dice for Lcg {
        fn roll(&mut self) -> u8 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (self.0 >> 33) as u8 % 6 + 1
        }
    }

    #[test]
    fn the_roll_off_starter_is_the_roll_offs_from_the_same_rolls() {
        // Given every number of seats from none to eight, and many dice sequences
        for n in 0..=MAX_COLOURS {
            let seats = &Colour::ALL[..n];
            for seed in 0..300 {
                let (mut a, mut b) = (Lcg(seed), Lcg(seed));
                // When the roll-off is held both ways
                let full = roll_off(seats, &mut a);
                let starter = roll_off_starter(seats, &mut b);
                // Then the same seat starts, and the same rolls were drawn
                assert_eq!(starter, full.starter, "{n} seats, seed {seed}");
                assert_eq!(a.0, b.0, "{n} seats, seed {seed}");
            }
        }
        // And constant dice tie every round: the first seat starts after 100 rounds
        let mut six = ScriptedDice::new(&[6]);
        assert_eq!(roll_off_starter(&Colour::ALL[1..4], &mut six), Colour::Blue);
    }
}
