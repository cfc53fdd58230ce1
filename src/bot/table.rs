//! One chat's table: the lobby, the players and the game, with pure transitions.
//!
//! Everything here is pure: dice, the computer's randomness and the clock come in as
//! arguments, so every transition is testable without Telegram or Redis.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::ai::{self, Level};
use crate::engine::{Colour, Dice, Game, Loc, Move, Pass, Phase, Preset, Winner, roll_off};

/// At most this many automatic steps in one action (a whole turn never needs more).
const MAX_AUTO_STEPS: usize = 64;

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "level")]
pub enum PlayerKind {
    Human,
    Computer(Level),
}

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Telegram user id (computer players get small negative ids).
    pub id: i64,
    /// Display name (raw; escape before sending as HTML).
    pub name: String,
    pub kind: PlayerKind,
    /// Assigned when the game starts (R1.2 order).
    #[serde(default)]
    pub colour: Option<Colour>,
    /// Consecutive turns the timer played for this player.
    #[serde(default)]
    pub strikes: u8,
    /// Marked absent: the computer plays for them until they press a button.
    #[serde(default)]
    pub absent: bool,
}

impl Player {
    /// Is this seat played by the computer now (a computer player or an absent human)?
    #[must_use]
    pub fn is_automatic(&self) -> bool {
        self.absent || matches!(self.kind, PlayerKind::Computer(_))
    }
}

/// Where the table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Lobby,
    Playing,
    Finished,
    Cancelled,
}

/// Game statistics for the end message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub rolls: u32,
    pub moves: u32,
    pub captures: u32,
    pub started_ms: u64,
    pub finished_ms: u64,
}

/// What happened in the last action: shown in the board message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Event {
    Joined {
        name: String,
    },
    Left {
        name: String,
    },
    /// The host or an admin removed a player (mid-game a computer takes the seat).
    Removed {
        name: String,
    },
    BotAdded {
        name: String,
        level: Level,
    },
    Replaced {
        name: String,
    },
    RollOff {
        rounds: Vec<Vec<(Colour, u8)>>,
        starter: Colour,
    },
    Rolled {
        seat: Colour,
        die: u8,
        counts: u8,
    },
    Moved {
        colour: Colour,
        from: Loc,
        to: Loc,
        captures: Option<Colour>,
        opened_barrier: bool,
        auto: bool,
    },
    NoMove {
        die: u8,
    },
    BonusLost {
        amount: u8,
    },
    ThirdSix {
        sent_home: Option<Loc>,
    },
    RollAgain {
        seat: Colour,
    },
    Won {
        winner: WinnerRec,
    },
    TimeUp {
        winner: Option<WinnerRec>,
    },
    Cancelled,
    /// The turn timer ran out: the bot played for the player (strike k of 3).
    TimedOut {
        name: String,
        strike: u8,
    },
    /// Three strikes: the computer plays for the player until they press a button.
    Absent {
        name: String,
    },
    /// The host had the bot play the current turn at once.
    Skipped {
        name: String,
    },
    /// An absent player pressed a button: they play their own turns again.
    Back {
        name: String,
    },
}

/// A winner as stored: one colour or a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WinnerRec {
    One(Colour),
    Pair(Colour, Colour),
}

impl From<Winner> for WinnerRec {
    fn from(w: Winner) -> Self {
        match w {
            Winner::Colour(c) => Self::One(c),
            Winner::Pair(a, b) => Self::Pair(a, b),
        }
    }
}

/// Who acts: a Telegram user (or the bot itself for computer turns).
#[derive(Clone, Debug)]
pub struct Actor {
    pub id: i64,
    pub name: String,
    /// A chat administrator (may start, cancel and remove players like the host).
    pub is_admin: bool,
}

/// Something a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Join,
    Leave,
    Start,
    Cancel,
    AddBot(Level),
    Roll,
    /// Play the n-th legal move (0-based, in [`Game::legal_moves`] order).
    Move(u8),
    /// Remove the player at this index of the player list (host or admin).
    Remove(u8),
}

/// Why an action was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    AlreadyJoined,
    NotJoined,
    Full,
    NeedTwo,
    PairsNeedFour,
    NotHost,
    NotInLobby,
    NotPlaying,
    NotYourTurn,
    NotAPlayer,
    GameOver,
    BadMove,
}

/// One chat's table, stored in Redis as the `state` of a versioned record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Bumped by every action that changes the table: buttons carry it, so a press on an
    /// older board is stale.
    #[serde(default)]
    pub seq: u64,
    pub status: Status,
    pub host: i64,
    pub preset: Preset,
    pub pairs: bool,
    pub players: Vec<Player>,
    #[serde(default)]
    pub game: Option<Game>,
    /// The board message's id in the chat.
    #[serde(default)]
    pub board_msg: Option<i32>,
    /// Is the board message a photo (image mode) rather than text?
    #[serde(default)]
    pub board_photo: bool,
    /// Events of the last action, shown in the board message.
    #[serde(default)]
    pub last: Vec<Event>,
    #[serde(default)]
    pub stats: Stats,
    /// The last move played, for the image's trail.
    #[serde(default)]
    pub last_move: Option<Move>,
    /// Deadline of the current turn (ms since the epoch), when a timer runs.
    #[serde(default)]
    pub deadline_ms: Option<u64>,
}

/// R2.1 / R6.2 Colours for 2, 3 or 4 players, in R1.2 order.
#[must_use]
pub fn colours_for(n: usize) -> crate::engine::Seats {
    let four = crate::engine::Arms::Four;
    four.default_seats(n)
        .unwrap_or_else(|| four.colours().iter().copied().collect())
}

impl Table {
    /// A new lobby opened by `host`.
    #[must_use]
    pub fn lobby(host: &Actor, preset: Preset, pairs: bool) -> Self {
        Self {
            seq: 0,
            status: Status::Lobby,
            host: host.id,
            preset,
            pairs: pairs || preset.options().pairs,
            players: vec![Player {
                id: host.id,
                name: host.name.clone(),
                kind: PlayerKind::Human,
                colour: None,
                strikes: 0,
                absent: false,
            }],
            game: None,
            board_msg: None,
            board_photo: false,
            last: Vec::new(),
            stats: Stats::default(),
            last_move: None,
            deadline_ms: None,
        }
    }

    /// Is the table open (lobby or game in progress)?
    #[must_use]
    pub fn is_open(&self) -> bool {
        matches!(self.status, Status::Lobby | Status::Playing)
    }

    /// The player seated at colour `c`.
    #[must_use]
    pub fn player_of(&self, c: Colour) -> Option<&Player> {
        self.players.iter().find(|p| p.colour == Some(c))
    }

    /// The player whose turn it is.
    #[must_use]
    pub fn to_move(&self) -> Option<&Player> {
        let g = self.game.as_ref()?;
        self.player_of(g.turn()?)
    }

    fn can_manage(&self, who: &Actor) -> bool {
        who.id == self.host || who.is_admin
    }

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
        let mut t = self.clone();
        t.last.clear();
        t.seq += 1;
        match action {
            Action::Join => t.join(who)?,
            Action::Leave => t.leave(who)?,
            Action::Remove(i) => {
                if !t.is_open() {
                    return Err(Reject::NotPlaying);
                }
                if !t.can_manage(who) {
                    return Err(Reject::NotHost);
                }
                let target = t
                    .players
                    .get(usize::from(i))
                    .ok_or(Reject::NotJoined)?
                    .clone();
                let as_target = Actor {
                    id: target.id,
                    name: target.name.clone(),
                    is_admin: false,
                };
                t.leave(&as_target)?;
                if let Some(Event::Left { name } | Event::Replaced { name }) =
                    t.last.first().cloned()
                {
                    t.last[0] = Event::Removed { name };
                }
            }
            Action::AddBot(level) => t.add_bot(who, level)?,
            Action::Start => t.start(who, now_ms, dice)?,
            Action::Cancel => {
                if !t.is_open() {
                    return Err(Reject::NotPlaying);
                }
                if !t.can_manage(who) {
                    return Err(Reject::NotHost);
                }
                t.status = Status::Cancelled;
                t.last.push(Event::Cancelled);
            }
            Action::Roll => {
                t.check_turn(who)?;
                let Some(Phase::AwaitingRoll(_)) = t.game.as_ref().map(Game::phase) else {
                    return Err(Reject::BadMove);
                };
                t.roll_and_settle(dice, now_ms)?;
            }
            Action::Move(i) => {
                t.check_turn(who)?;
                let g = t.game.as_ref().ok_or(Reject::NotPlaying)?;
                let mv = *g.legal_moves().get(usize::from(i)).ok_or(Reject::BadMove)?;
                t.play_move(mv, false)?;
                t.settle(now_ms);
            }
        }
        Ok(t)
    }

    fn join(&mut self, who: &Actor) -> Result<(), Reject> {
        if self.status != Status::Lobby {
            return Err(Reject::NotInLobby);
        }
        if self.players.iter().any(|p| p.id == who.id) {
            return Err(Reject::AlreadyJoined);
        }
        if self.players.len() >= 4 {
            return Err(Reject::Full);
        }
        self.players.push(Player {
            id: who.id,
            name: who.name.clone(),
            kind: PlayerKind::Human,
            colour: None,
            strikes: 0,
            absent: false,
        });
        self.last.push(Event::Joined {
            name: who.name.clone(),
        });
        Ok(())
    }

    fn add_bot(&mut self, who: &Actor, level: Level) -> Result<(), Reject> {
        if self.status != Status::Lobby {
            return Err(Reject::NotInLobby);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        if self.players.len() >= 4 {
            return Err(Reject::Full);
        }
        let id = -1 - self.players.iter().filter(|p| p.id < 0).count() as i64;
        let name = format!("🤖 {}", id.unsigned_abs());
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

    fn leave(&mut self, who: &Actor) -> Result<(), Reject> {
        let Some(i) = self.players.iter().position(|p| p.id == who.id) else {
            return Err(Reject::NotJoined);
        };
        match self.status {
            Status::Lobby => {
                let p = self.players.remove(i);
                self.last.push(Event::Left { name: p.name });
                if self.players.iter().all(|p| p.id < 0) {
                    self.status = Status::Cancelled;
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
                self.last.push(Event::Replaced {
                    name: p.name.clone(),
                });
                if self
                    .players
                    .iter()
                    .all(|p| matches!(p.kind, PlayerKind::Computer(_)))
                {
                    self.status = Status::Cancelled;
                    self.last.push(Event::Cancelled);
                }
                Ok(())
            }
            _ => Err(Reject::NotPlaying),
        }
    }

    fn start(&mut self, who: &Actor, now_ms: u64, dice: &mut impl Dice) -> Result<(), Reject> {
        if self.status != Status::Lobby {
            return Err(Reject::NotInLobby);
        }
        if !self.can_manage(who) {
            return Err(Reject::NotHost);
        }
        let n = self.players.len();
        if n < 2 {
            return Err(Reject::NeedTwo);
        }
        if self.pairs && n != 4 {
            return Err(Reject::PairsNeedFour);
        }
        let colours = &colours_for(n);
        for (p, &c) in self.players.iter_mut().zip(colours) {
            p.colour = Some(c);
        }
        let mut opts = self.preset.options();
        opts.pairs = self.pairs;
        let game = Game::new(self.preset, opts, colours).map_err(|_| Reject::PairsNeedFour)?;
        let ro = roll_off(colours, dice);
        let game = game
            .with_first_turn(ro.starter)
            .map_err(|_| Reject::NotPlaying)?;
        self.game = Some(game);
        self.status = Status::Playing;
        self.stats = Stats {
            started_ms: now_ms,
            ..Stats::default()
        };
        self.last.push(Event::RollOff {
            rounds: ro.rounds,
            starter: ro.starter,
        });
        Ok(())
    }

    fn check_turn(&self, who: &Actor) -> Result<(), Reject> {
        match self.status {
            Status::Playing => {}
            Status::Finished | Status::Cancelled => return Err(Reject::GameOver),
            Status::Lobby => return Err(Reject::NotPlaying),
        }
        if !self.players.iter().any(|p| p.id == who.id) {
            return Err(Reject::NotAPlayer);
        }
        match self.to_move() {
            Some(p) if p.id == who.id => Ok(()),
            _ => Err(Reject::NotYourTurn),
        }
    }

    /// Roll for the player to move, then settle what needs no choice.
    fn roll_and_settle(&mut self, dice: &mut impl Dice, now_ms: u64) -> Result<(), Reject> {
        let g = self.game.as_ref().ok_or(Reject::NotPlaying)?;
        let die = dice.roll();
        let seat = g.turn().ok_or(Reject::GameOver)?;
        let rolled = g.roll(die).map_err(|_| Reject::BadMove)?;
        let counts = rolled.count_of(rolled.moving_colour(seat), die);
        self.stats.rolls += 1;
        self.last.push(Event::Rolled { seat, die, counts });
        self.game = Some(rolled);
        self.settle(now_ms);
        Ok(())
    }

    fn play_move(&mut self, mv: Move, auto: bool) -> Result<(), Reject> {
        let g = self.game.as_ref().ok_or(Reject::NotPlaying)?;
        let opened_barrier = match mv.from() {
            Loc::Sq(sq) => g.is_barrier(sq),
            _ => false,
        };
        let after = g.play(mv).map_err(|_| Reject::BadMove)?;
        self.stats.moves += 1;
        if mv.captures().is_some() {
            self.stats.captures += 1;
        }
        self.last.push(Event::Moved {
            colour: mv.colour(),
            from: mv.from(),
            to: mv.to(),
            captures: mv.captures(),
            opened_barrier,
            auto,
        });
        self.game = Some(after);
        self.last_move = Some(mv);
        Ok(())
    }

    /// Play what needs no choice: pass rolls and bonuses without legal moves, play the
    /// only legal move, and announce the winner or another roll.
    pub fn settle(&mut self, now_ms: u64) {
        for _ in 0..MAX_AUTO_STEPS {
            let Some(g) = self.game.clone() else { return };
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
                            self.last.push(match pass {
                                Pass::NoMove { die } => Event::NoMove { die },
                                Pass::BonusLost { amount } => Event::BonusLost { amount },
                                Pass::ThirdSix { sent_home } => Event::ThirdSix {
                                    sent_home: sent_home.map(|(_, l)| l),
                                },
                            });
                            self.game = Some(after);
                        }
                        1 => {
                            if self.play_move(moves[0], true).is_err() {
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
        self.status = Status::Finished;
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
        if self.status != Status::Playing || !p.is_automatic() {
            return None;
        }
        let level = match p.kind {
            PlayerKind::Computer(l) => l,
            PlayerKind::Human => Level::Normal,
        };
        let mut t = self.clone();
        t.last.clear();
        t.seq += 1;
        t.play_turn_for(p.id, level, now_ms, dice, rng);
        Some(t)
    }

    /// Play the rest of the turn of player `id` with the computer's choices.
    pub fn play_turn_for(
        &mut self,
        id: i64,
        level: Level,
        now_ms: u64,
        dice: &mut impl Dice,
        rng: &mut impl Rng,
    ) {
        for _ in 0..MAX_AUTO_STEPS {
            if self.status != Status::Playing || self.to_move().is_none_or(|p| p.id != id) {
                return;
            }
            let Some(g) = self.game.clone() else { return };
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
                    if self.play_move(mv, false).is_err() {
                        return;
                    }
                    self.settle(now_ms);
                }
            }
        }
    }

    /// R6.3 End the game at its time limit.
    pub fn time_up(&mut self, now_ms: u64) {
        if let Some(g) = &self.game
            && self.status == Status::Playing
        {
            let w = g.time_limit_result().map(WinnerRec::from);
            self.finish(Event::TimeUp { winner: w }, now_ms);
        }
    }
}
