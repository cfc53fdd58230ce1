//! Game transitions: one step of an update, rolls and moves, what needs no choice,
//! automatic turns (computers, absent players, timeouts, /skip) and the next deadline.

use rand::Rng;

use super::{Action, Actor, By, Event, MAX_AUTO_STEPS, MoveKey, Stage, Step, Table, WinnerRec};
use crate::ai;
use crate::bot::core::refusal::{Alert, Refusal, Reject};
use crate::engine::{Dice, Game, Move, Phase};

/// Turns in a row the timer may play for a human before they are marked absent.
pub const STRIKES_TO_ABSENT: u8 = 3;

/// How long the next turn may take: a computer's pause, a human's turn timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Before a computer (or absent player) moves, so the chat can follow.
    pub pause_ms: u64,
    /// A human's turn timer; 0 = no timer.
    pub turn_ms: u64,
}

impl Table {
    /// Apply an action. `now_ms` is the clock, `dice` the randomness.
    ///
    /// # Errors
    /// A [`Reject`] when the action is not allowed now; the table is unchanged.
    pub fn act(
        &self,
        who: &Actor,
        action: Action,
        now_ms: u64,
        dice: &mut impl Dice,
    ) -> Result<Self, Reject> {
        let mut t = self.next();
        match action {
            Action::Join => t.join(who)?,
            Action::Leave => t.leave(who)?,
            Action::Remove(i) => t.remove(who, i)?,
            Action::AddBot(level) => t.add_bot(who, level)?,
            Action::Start => t.start(who, now_ms, dice)?,
            Action::Cancel => t.cancel(who)?,
            Action::Choose(c) => t.choose(who, c)?,
            Action::Roll => {
                t.check_turn(who)?;
                let Some(Phase::AwaitingRoll(_)) = t.playing().map(Game::phase) else {
                    return Err(Reject::BadMove);
                };
                t.roll_and_settle(dice, now_ms)?;
            }
            Action::MoveSeen(MoveKey { index: i, .. }) | Action::Move(i) => {
                t.check_turn(who)?;
                let g = t.playing().ok_or(Reject::NotPlaying)?;
                let mv = *g.legal_moves().get(usize::from(i)).ok_or(Reject::BadMove)?;
                t.play_move(mv, By::Human)?;
                t.settle(now_ms);
            }
        }
        Ok(t)
    }

    /// The whole pure part of one press or command: check that a button was drawn on this
    /// table (`drawn_at`, its `seq`; lobby buttons act on the lobby whatever its `seq`, so
    /// two people joining at once both get in), apply the action, and bring its actor back
    /// if they were marked absent.
    ///
    /// # Errors
    /// [`Alert::Stale`] (or [`Alert::GameOver`]) for a button of another board, or the
    /// table's [`Reject`].
    pub fn step(
        &self,
        who: &Actor,
        action: Action,
        drawn_at: Option<u64>,
        now_ms: u64,
        dice: &mut impl Dice,
    ) -> Result<Self, Refusal> {
        let lobby_ok = action.is_lobby() && self.stage == Stage::Lobby;
        // A Roll pressed on an older board (never a later one: that is forged) by the player
        // who is to roll now is the same
        // legal action on the current state: it is applied (the board may be behind).
        let roll_ok = action == Action::Roll
            && drawn_at.is_some_and(|v| v < self.seq)
            && self.awaits_roll_by(who.id);
        // Likewise a move pressed on an older board by the player to choose now, when the
        // same move (the same piece from the same point to the same point) is legal now:
        // it is played, at its index on the current state.
        let older = drawn_at.is_some_and(|v| v < self.seq);
        let (action, seen_ok) = match action {
            Action::MoveSeen(key) if older => match self.same_move_now(who.id, key) {
                Some(i) => (Action::Move(i), true),
                None => (Action::Move(key.index), false),
            },
            // On the board it was drawn on, the index is the move.
            Action::MoveSeen(key) => (Action::Move(key.index), false),
            other => (other, false),
        };
        if !lobby_ok && !roll_ok && !seen_ok && drawn_at.is_some_and(|v| v != self.seq) {
            let alert = if action.is_lobby() && matches!(self.stage, Stage::Playing(_)) {
                // The lobby's last edit may still be on its way (it leaves with the first
                // board): a late joiner is told the game started, not "use the latest".
                Alert::Started
            } else if self.is_open() {
                Alert::Stale
            } else {
                Alert::GameOver
            };
            return Err(alert.into());
        }
        let mut t = self.act(who, action, now_ms, dice)?;
        if let Some(p) = t.players.iter_mut().find(|p| p.id == who.id) {
            if p.absent {
                let name = p.name.clone();
                t.last.insert(0, Event::Back { name });
                if let Some(c) = p.colour {
                    t.log.insert(self.log.len(), &Step::Back(c));
                }
            }
            p.absent = false;
            p.strikes = 0;
        }
        Ok(t)
    }

    /// The index of the legal move now that is `key`'s move (the same piece's progress from
    /// and to), when player `id` (a human) is the one to choose now.
    #[must_use]
    pub fn same_move_now(&self, id: i64, key: MoveKey) -> Option<u8> {
        if !self
            .to_move()
            .is_some_and(|p| p.id == id && !p.is_automatic())
        {
            return None;
        }
        let g = self.playing()?;
        if !matches!(
            g.phase(),
            Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. }
        ) {
            return None;
        }
        let i = g
            .legal_moves()
            .iter()
            .position(|m| m.from_progress() == key.from && m.to_progress() == key.to)?;
        u8::try_from(i).ok()
    }

    /// Is player `id` (a human, present) to roll now?
    #[must_use]
    pub fn awaits_roll_by(&self, id: i64) -> bool {
        self.to_move()
            .is_some_and(|p| p.id == id && !p.is_automatic())
            && matches!(
                self.playing().map(Game::phase),
                Some(Phase::AwaitingRoll(_))
            )
    }

    /// `/dice auto`: roll for every present human whose turn starts (or who rolls again)
    /// with nothing else to choose, settling what needs no choice after each roll, until a
    /// human has a move to choose, an automatic seat is to move, or the game ends. The
    /// events join the action's ([`Table::last`]), so one board narrates the chain. Returns
    /// how many rolls were made.
    pub fn roll_for_humans(&mut self, now_ms: u64, dice: &mut impl Dice) -> usize {
        let mut rolls = 0;
        for _ in 0..MAX_AUTO_STEPS {
            let Some(id) = self.to_move().map(|p| p.id) else {
                break;
            };
            if !self.awaits_roll_by(id) || self.roll_and_settle(dice, now_ms).is_err() {
                break;
            }
            rolls += 1;
        }
        rolls
    }

    /// Player `id`, marked absent, pressed a button that was refused: they are back all
    /// the same, without touching the turn (`seq` stays, so the board's buttons stay
    /// valid). `None` when they were not absent. When it is their turn, its deadline is
    /// planned anew: it waits for them now.
    #[must_use]
    pub fn returning(&self, id: i64, now_ms: u64, timing: Timing) -> Option<Self> {
        let mut t = self.clone();
        let p = t.players.iter_mut().find(|p| p.id == id && p.absent)?;
        p.absent = false;
        p.strikes = 0;
        let name = p.name.clone();
        if let Some(c) = p.colour {
            t.log.push(&Step::Back(c));
        }
        t.last.push(Event::Back { name });
        if t.to_move().is_some_and(|p| p.id == id) {
            t.plan_deadline(now_ms, timing);
        }
        Some(t)
    }

    /// Set [`Table::deadline_ms`] for what comes next: a computer's move after a pause, or
    /// the human's turn timer (none when the timer is off or the game is not in play).
    /// A game with a time limit ([`Table::ends_ms`]) is due at its end at the latest.
    pub fn plan_deadline(&mut self, now_ms: u64, timing: Timing) {
        self.deadline_ms = None;
        let Some(p) = self.to_move() else { return };
        if p.is_automatic() {
            self.deadline_ms = Some(now_ms + timing.pause_ms);
        } else if timing.turn_ms > 0 {
            self.deadline_ms = Some(now_ms + timing.turn_ms);
        }
        if let Some(end) = self.ends_ms {
            self.deadline_ms = Some(self.deadline_ms.map_or(end, |d| d.min(end)));
        }
    }

    /// The deadline the due set should hold for this table (in play only).
    #[must_use]
    pub fn due(&self) -> Option<u64> {
        self.deadline_ms.filter(|_| self.playing().is_some())
    }

    fn check_turn(&self, who: &Actor) -> Result<(), Reject> {
        match self.stage {
            Stage::Playing(_) => {}
            Stage::Finished(_) | Stage::Cancelled(_) => return Err(Reject::GameOver),
            Stage::Lobby => return Err(Reject::NotPlaying),
        }
        if !self.players.iter().any(|p| p.id == who.id) {
            return Err(Reject::NotAPlayer);
        }
        match self.to_move() {
            Some(p) if p.id == who.id => Ok(()),
            _ => Err(Reject::NotYourTurn),
        }
    }

    fn set_game(&mut self, g: Game) {
        if let Stage::Playing(current) = &mut self.stage {
            *current = g;
        }
    }

    /// Roll for the player to move, then settle what needs no choice.
    fn roll_and_settle(&mut self, dice: &mut impl Dice, now_ms: u64) -> Result<(), Reject> {
        self.playing().ok_or(Reject::NotPlaying)?;
        let die = self.next_die(dice);
        let g = self.playing().ok_or(Reject::NotPlaying)?;
        let seat = g.turn().ok_or(Reject::GameOver)?;
        let rolled = g.roll(die).map_err(|_| Reject::BadMove)?;
        let counts = rolled.count_of(rolled.moving_colour(seat), die);
        self.stats.rolls += 1;
        self.count_roll(seat, die);
        self.log.push(&Step::Roll(die));
        self.last.push(Event::Rolled { seat, die, counts });
        self.set_game(rolled);
        self.settle(now_ms);
        Ok(())
    }

    fn play_move(&mut self, mv: Move, by: By) -> Result<(), Reject> {
        let g = self.playing().ok_or(Reject::NotPlaying)?.clone();
        let event = Event::moved(&g, mv, by == By::Forced);
        let after = g.play(mv).map_err(|_| Reject::BadMove)?;
        self.log_move(&g, mv, by);
        let seat = g.turn();
        self.stats.moves += 1;
        if let Some(victim) = mv.captures() {
            self.stats.captures += 1;
            self.count_capture(seat, victim);
        }
        self.last.push(event);
        self.set_game(after);
        self.trail = Some(mv.into());
        Ok(())
    }

    /// Play what needs no choice: pass rolls and bonuses without legal moves, play the
    /// only legal move, and announce the winner or another roll.
    pub fn settle(&mut self, now_ms: u64) {
        for _ in 0..MAX_AUTO_STEPS {
            let Some(g) = self.playing().cloned() else {
                return;
            };
            match g.phase() {
                Phase::Finished(w) => {
                    self.finish(Event::Won { winner: w.into() }, now_ms);
                    return;
                }
                Phase::AwaitingRoll(seat) => {
                    if let Some(Event::Moved { .. } | Event::NoMove { die: 6 }) = self.last.last()
                        && g.sixes() > 0
                    {
                        self.last.push(Event::RollAgain { seat });
                    }
                    return;
                }
                Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {
                    let moves = g.legal_moves();
                    match moves.len() {
                        0 => {
                            let Ok((after, pass)) = g.pass() else { return };
                            if matches!(pass, crate::engine::Pass::ThirdSix { .. }) {
                                self.count_third_six(g.turn());
                            }
                            self.last.push(Event::passed(pass));
                            self.set_game(after);
                        }
                        1 => {
                            if self.play_move(moves[0], By::Forced).is_err() {
                                return;
                            }
                        }
                        _ => return,
                    }
                }
            }
        }
    }

    fn finish(&mut self, ev: Event, now_ms: u64) {
        let Stage::Playing(g) = std::mem::replace(&mut self.stage, Stage::Lobby) else {
            return;
        };
        self.stage = Stage::Finished(g);
        self.stats.finished_ms = now_ms;
        self.deadline_ms = None;
        self.last.push(ev);
    }

    /// Play the whole turn of the automatic seat to move (a computer player or an absent
    /// human): roll, choose, bonuses, sixes, until the turn passes or the game ends.
    /// `None` when the seat to move is not automatic (nothing to do).
    #[must_use]
    pub fn computer_turn(
        &self,
        now_ms: u64,
        dice: &mut impl Dice,
        rng: &mut impl Rng,
    ) -> Option<Self> {
        let p = self.to_move()?;
        if !p.is_automatic() {
            return None;
        }
        let mut t = self.next();
        t.play_turn_for(p.id, now_ms, dice, rng);
        Some(t)
    }

    /// The turn of the seat to move played by the bot: an automatic seat's turn, or a
    /// human's whose time ran out (a strike; absent after [`STRIKES_TO_ABSENT`]).
    /// `None` when nobody is to move.
    #[must_use]
    pub fn automatic_turn(
        &self,
        now_ms: u64,
        dice: &mut impl Dice,
        rng: &mut impl Rng,
    ) -> Option<Self> {
        let p = self.to_move()?.clone();
        if p.is_automatic() {
            return self.computer_turn(now_ms, dice, rng);
        }
        let mut next = self.next();
        let strikes = {
            let pl = next.players.iter_mut().find(|x| x.id == p.id)?;
            pl.strikes += 1;
            if pl.strikes >= STRIKES_TO_ABSENT {
                pl.absent = true;
            }
            pl.strikes
        };
        next.count_timeout(p.id);
        next.log.push(&Step::TimedOut { strike: strikes });
        next.last.push(Event::TimedOut {
            name: p.name.clone(),
            strike: strikes,
        });
        next.play_turn_for(p.id, now_ms, dice, rng);
        if strikes >= STRIKES_TO_ABSENT {
            next.log.push(&Step::Absent);
            next.last.push(Event::Absent { name: p.name });
        }
        Some(next)
    }

    /// `/skip`: the bot plays the current turn at once ([`Table::automatic_turn`], the
    /// strike still counting), narrated as skipped rather than timed out.
    #[must_use]
    pub fn skipped_turn(
        &self,
        now_ms: u64,
        dice: &mut impl Dice,
        rng: &mut impl Rng,
    ) -> Option<Self> {
        let name = self.to_move()?.name.clone();
        let mut next = self.automatic_turn(now_ms, dice, rng)?;
        next.log.timeouts_to_skips(self.log.len());
        next.last.retain(|e| !matches!(e, Event::TimedOut { .. }));
        next.last.insert(0, Event::Skipped { name });
        Some(next)
    }

    /// Play the rest of the turn of player `id` with the computer's choices (at the level
    /// of the seat; normal for an absent or timed-out human).
    pub fn play_turn_for(
        &mut self,
        id: i64,
        now_ms: u64,
        dice: &mut impl Dice,
        rng: &mut impl Rng,
    ) {
        for _ in 0..MAX_AUTO_STEPS {
            let Some(p) = self.to_move().filter(|p| p.id == id) else {
                return;
            };
            let level = if p.is_automatic() {
                p.level()
            } else {
                ai::Level::Normal
            };
            let Some(g) = self.playing().cloned() else {
                return;
            };
            match g.phase() {
                Phase::Finished(_) => return,
                Phase::AwaitingRoll(_) => {
                    if self.roll_and_settle(dice, now_ms).is_err() {
                        return;
                    }
                }
                Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {
                    let Some(mv) = ai::choose(&g, level, rng) else {
                        self.settle(now_ms);
                        continue;
                    };
                    if self.play_move(mv, By::Computer).is_err() {
                        return;
                    }
                    self.settle(now_ms);
                }
            }
        }
    }

    /// R6.3 End the game at its time limit.
    pub fn time_up(&mut self, now_ms: u64) {
        if let Some(g) = self.playing() {
            let winner = g.time_limit_result().map(WinnerRec::from);
            let minutes = self.limit.map_or(0, |l| l.minutes);
            self.log.push(&Step::TimeUp);
            self.finish(Event::TimeUp { winner, minutes }, now_ms);
        }
    }
}
