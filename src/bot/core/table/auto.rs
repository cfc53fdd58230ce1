//! The turns the bot plays by itself, pure: a computer's, an absent player's or a timed-out
//! human's turn ([`Table::bot_turn`]), the automatic turns that follow it chained into one
//! step ([`Table::chain`]), and everything up to the next human choice
//! ([`Table::until_human`]: with `/dice auto` the humans' own rolls too).
//!
//! The randomness comes in per action, as two separate streams (a [`Streams`]): the dice,
//! and the computer players' choices, so that in a seeded game the dice never depend on how
//! the computers chose.

use rand::Rng;

use super::{Player, Table};
use crate::dice::RngDice;

/// At most this many automatic turns are chained into one step (and one board write).
pub const MAX_CHAINED_TURNS: usize = 16;

/// Rounds of "the humans' dice, then the automatic turns after them" one step plays at most
/// (each round up to [`MAX_CHAINED_TURNS`] automatic turns).
pub const MAX_CHAIN_ROUNDS: usize = 8;

/// The random streams of the action that follows a table's `seq`.
pub trait Streams {
    type R: Rng;
    /// The dice of the action after `seq`.
    fn dice(&mut self, seq: u64) -> Self::R;
    /// The `/dice auto` rolls made for humans after `seq`.
    fn auto_dice(&mut self, seq: u64) -> Self::R;
    /// The computer players' choices in the action after `seq`.
    fn choice(&mut self, seq: u64) -> Self::R;
}

impl Table {
    /// The table after the bot plays the turn of the seat to move (see
    /// [`Table::automatic_turn`]; with `skip`, [`Table::skipped_turn`] for `/skip`).
    #[must_use]
    pub fn bot_turn(&self, now_ms: u64, skip: bool, streams: &mut impl Streams) -> Option<Self> {
        let mut dice = RngDice(streams.dice(self.seq));
        let mut choice = streams.choice(self.seq);
        if skip {
            self.skipped_turn(now_ms, &mut dice, &mut choice)
        } else {
            self.automatic_turn(now_ms, &mut dice, &mut choice)
        }
    }

    /// After an automatic turn: the turns of the automatic seats that follow (computers,
    /// absent players) played in the same step, up to the next human's turn, so they cost
    /// one save and one board write; the events of every turn are kept, oldest first, for the
    /// board to tell. The pause before computer turns is so kept between board writes, not
    /// between moves the chat never sees.
    #[must_use]
    pub fn chain(mut self, now_ms: u64, streams: &mut impl Streams) -> Self {
        let mut events = std::mem::take(&mut self.last);
        for _ in 0..MAX_CHAINED_TURNS {
            let Some(mut more) = self
                .to_move()
                .filter(|p| p.is_automatic())
                .and_then(|_| self.bot_turn(now_ms, false, streams))
            else {
                break;
            };
            events.append(&mut more.last);
            self = more;
        }
        self.last = events;
        self
    }

    /// Everything that needs no human choice, played now: with `auto_dice` the dice of the
    /// humans whose turn starts ([`Table::roll_for_humans`]), then the turns of computers and
    /// absent players after them, and again, so the board asks a human straight for a
    /// choice. Only while someone present is seated: when every seat is played by the bot,
    /// its turns keep their pause, so the chat can follow and an absent player can come back.
    #[must_use]
    pub fn until_human(mut self, now_ms: u64, auto_dice: bool, streams: &mut impl Streams) -> Self {
        // The humans' dice come last in every round, the last one too: a step that stops
        // at its bound stops at a computer's turn (played after its pause), never at a
        // human asked to roll under auto dice.
        for round in 0..=MAX_CHAIN_ROUNDS {
            if auto_dice {
                let mut dice = RngDice(streams.auto_dice(self.seq));
                self.roll_for_humans(now_ms, &mut dice);
            }
            let someone_present = self.players.iter().any(|p| !p.is_automatic());
            let computer_next = self.to_move().is_some_and(Player::is_automatic);
            // (A human still to roll here had the humans' rolls run into their own bound:
            // the next round rolls on.)
            let human_to_roll =
                auto_dice && self.to_move().is_some_and(|p| self.awaits_roll_by(p.id));
            if round == MAX_CHAIN_ROUNDS
                || self.playing().is_none()
                || !someone_present
                || !(computer_next || human_to_roll)
            {
                break;
            }
            if computer_next {
                self = self.chain(now_ms, streams);
            }
        }
        self
    }
}
