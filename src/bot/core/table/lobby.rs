//! Lobby transitions: join, leave, computer players, removal, start, cancel.

use super::{Actor, Choice, Event, Player, PlayerKind, Stage, Stats, Status, Table, TimeLimit};
use crate::ai::Level;
use crate::bot::core::refusal::Reject;
use crate::bot::core::seats::{board_for, seats_on};
use crate::engine::{Dice, Game, roll_off};

impl Table {
    pub(super) fn join(&mut self, who: &Actor) -> Result<(), Reject> {
        if self.stage != Stage::Lobby {
            return Err(Reject::NotInLobby);
        }
        if self.confirm(who) {
            return Ok(());
        }
        if self.players.iter().any(|p| p.id == who.id) {
            return Err(Reject::AlreadyJoined);
        }
        self.check_seat_free()?;
        self.players.push(Player::human(who));
        self.last.push(Event::Joined {
            name: who.name.clone(),
        });
        Ok(())
    }

    /// The refusal of a full lobby: its seats at most.
    fn full(&self) -> Reject {
        Reject::Full(u8::try_from(self.capacity()).unwrap_or(u8::MAX))
    }

    /// Is a seat left (the board asked for, else the largest board)?
    fn check_seat_free(&self) -> Result<(), Reject> {
        if self.players.len() >= self.capacity() {
            return Err(self.full());
        }
        Ok(())
    }

    /// The number of the next computer player: one more than any computer seated, so a
    /// removed computer's number is never given again (ids stay unique).
    fn next_computer_number(&self) -> u64 {
        let highest = self
            .players
            .iter()
            .filter(|p| p.id < 0)
            .map(|p| p.id.unsigned_abs())
            .max()
            .unwrap_or(0);
        highest + 1
    }

    pub(super) fn add_bot(&mut self, who: &Actor, level: Level) -> Result<(), Reject> {
        if self.stage != Stage::Lobby {
            return Err(Reject::NotInLobby);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        self.check_seat_free()?;
        let n = self.next_computer_number();
        let id = -i64::try_from(n).map_err(|_| self.full())?;
        let name = format!("🤖 {n}");
        self.players.push(Player {
            id,
            name: name.clone(),
            kind: PlayerKind::Computer(level),
            colour: None,
            strikes: 0,
            absent: false,
        });
        self.last.push(Event::BotAdded { name, level });
        Ok(())
    }

    pub(super) fn leave(&mut self, who: &Actor) -> Result<(), Reject> {
        let Some(i) = self.players.iter().position(|p| p.id == who.id) else {
            return Err(Reject::NotJoined);
        };
        match self.status() {
            Status::Lobby => {
                self.invited.retain(|&id| id != who.id);
                let p = self.players.remove(i);
                self.last.push(Event::Left { name: p.name });
                if self.players.iter().all(|p| p.id < 0) {
                    self.stage = Stage::Cancelled(None);
                    self.last.push(Event::Cancelled);
                } else if p.id == self.host
                    && let Some(h) = self.players.iter().find(|p| p.id > 0)
                {
                    self.host = h.id;
                }
                Ok(())
            }
            Status::Playing => {
                // A player who leaves mid-game is replaced by a computer player.
                let p = &mut self.players[i];
                p.kind = PlayerKind::Computer(Level::Normal);
                p.absent = false;
                if let Some(c) = p.colour {
                    self.log.push(&super::Step::Left(c));
                }
                let p = &self.players[i];
                self.last.push(Event::Replaced {
                    name: p.name.clone(),
                });
                if self
                    .players
                    .iter()
                    .all(|p| matches!(p.kind, PlayerKind::Computer(_)))
                {
                    self.cancel_now();
                }
                Ok(())
            }
            Status::Finished | Status::Cancelled => Err(Reject::NotPlaying),
        }
    }

    pub(super) fn remove(&mut self, who: &Actor, index: u8) -> Result<(), Reject> {
        if !self.is_open() {
            return Err(Reject::NotPlaying);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        let target = self
            .players
            .get(usize::from(index))
            .ok_or(Reject::NotJoined)?;
        let as_target = Actor {
            id: target.id,
            name: target.name.clone(),
            is_admin: false,
        };
        let colour = target.colour;
        self.leave(&as_target)?;
        if let Some(c) = colour {
            self.log.departure_to_removal(c);
        }
        if let Some(Event::Left { name } | Event::Replaced { name }) = self.last.first().cloned() {
            self.last[0] = Event::Removed { name };
        }
        Ok(())
    }

    /// The host changes the board or the rules before the start (as `/newgame` would have
    /// opened the lobby). A board that seats fewer than are seated is refused as a full one;
    /// new rules bring their own pairs and time limit. A table opened by code with its seats
    /// decided (a tournament's) keeps what it was given.
    pub(super) fn choose(&mut self, who: &Actor, choice: Choice) -> Result<(), Reject> {
        if self.stage != Stage::Lobby || self.origin.is_some() {
            return Err(Reject::NotInLobby);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        match choice {
            Choice::Board(board) => {
                let seats = crate::bot::core::seats::capacity(board);
                if self.players.len() > seats {
                    return Err(Reject::Full(u8::try_from(seats).unwrap_or(u8::MAX)));
                }
                self.board = board;
            }
            Choice::Rules(preset) => {
                self.preset = preset;
                self.pairs = preset.options().pairs;
                self.limit = TimeLimit::of(preset);
            }
        }
        Ok(())
    }

    pub(super) fn cancel(&mut self, who: &Actor) -> Result<(), Reject> {
        if !self.is_open() {
            return Err(Reject::NotPlaying);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        self.cancel_now();
        Ok(())
    }

    fn cancel_now(&mut self) {
        let game = match std::mem::replace(&mut self.stage, Stage::Lobby) {
            Stage::Playing(g) | Stage::Finished(g) | Stage::Cancelled(Some(g)) => Some(g),
            Stage::Lobby | Stage::Cancelled(None) => None,
        };
        self.stage = Stage::Cancelled(game);
        self.last.push(Event::Cancelled);
    }

    pub(super) fn start(
        &mut self,
        who: &Actor,
        now_ms: u64,
        dice: &mut impl Dice,
    ) -> Result<(), Reject> {
        if self.stage != Stage::Lobby {
            return Err(Reject::NotInLobby);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        let confirmed = self.players.len().saturating_sub(self.invited.len());
        if confirmed < 2 {
            return Err(Reject::NeedTwo);
        }
        self.drop_unconfirmed();
        let n = self.players.len();
        let arms = board_for(self.board, n, self.pairs)?;
        // R8.5 seats spread round the board, in R8.2 order: the players in the order they
        // joined.
        let colours = &seats_on(arms, n);
        for (p, &c) in self.players.iter_mut().zip(colours) {
            p.colour = Some(c);
        }
        let mut opts = self.preset.options();
        opts.pairs = self.pairs;
        let game = Game::new_on(arms, self.preset, opts, colours).map_err(|_| {
            if self.board.is_some() {
                Reject::PairsFillBoard(arms)
            } else {
                Reject::PairsNeedEven
            }
        })?;
        // The salt is fixed now, after the commitment was shown in the lobby, and the
        // roll-off is the fair dice's first rolls.
        self.fix_fair_salt();
        let ro = match self.fair.as_mut() {
            Some(f) => roll_off(colours, f),
            None => roll_off(colours, dice),
        };
        let game = game
            .with_first_turn(ro.starter)
            .map_err(|_| Reject::NotPlaying)?;
        self.stage = Stage::Playing(game);
        self.stats = Stats {
            started_ms: now_ms,
            ..Stats::default()
        };
        self.set_end(now_ms);
        self.tally = super::Tally {
            start_seq: self.seq,
            ..super::Tally::default()
        };
        self.log.clear();
        let rolls = ro.rounds.iter().flatten().map(|&(_, r)| r).collect();
        self.log.push(&super::Step::RollOff(rolls));
        self.last.push(Event::RollOff {
            rounds: ro.rounds,
            starter: ro.starter,
        });
        Ok(())
    }
}
