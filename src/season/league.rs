//! A season as the bot keeps it: its settings, its members, its weeks and every result, with
//! the transitions a group makes over the weeks. Pure: the seed of each week's draw is an
//! input, and so is the end of a week (the bot's scheduler says when).
//!
//! A season runs `weeks` weeks. In a **league** (`fixtures: true`) each week is drawn into
//! tables ([`super::fixtures`]); a table's players mark that they came, play it as a game of
//! the season's rule set, and its places score R9 points; a table not played by the week's
//! end is settled by [`super::standings::unplayed`]. In a plain **season** every finished
//! game of the group with two or more of its members counts ([`Season::game`]). Every
//! transition checks everything first and changes nothing when it refuses.

use serde::{Deserialize, Serialize};

use super::fixtures::{self, History, Week};
use super::standings::{self, Result, Row};
use crate::engine::Preset;
use crate::stats::points::Points;

/// The longest season, in weeks.
pub const MAX_WEEKS: u8 = 26;

/// What a season is set up with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// How many weeks it runs (1–[`MAX_WEEKS`]).
    pub weeks: u8,
    /// The rule set its games are played with.
    pub preset: Preset,
    /// A league: weekly tables drawn by the bot; else every game of the group counts.
    pub fixtures: bool,
    /// A league's table size (2–8).
    pub table_size: u8,
    /// Games a member needs to be ranked.
    pub min_games: u32,
}

/// A member of the season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Their Telegram user id.
    pub user: i64,
    /// Their name as typed.
    pub name: String,
}

/// Where a week's table stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fixture {
    /// Not played yet; who has come to its lobby, by seat.
    Open { came: Vec<bool> },
    /// Played: its results, by seat.
    Played,
    /// Not played by the week's end: settled by who came.
    Forfeited { came: Vec<bool> },
}

/// A drawn week: its tables (member indices by seat), each table's state, and its byes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matchday {
    /// The seed its draw came from (announced with it).
    pub seed: u64,
    /// Each table's members, by seat.
    pub tables: Vec<Vec<usize>>,
    /// Each table's state.
    pub fixtures: Vec<Fixture>,
    /// Members without a table.
    pub byes: Vec<usize>,
}

/// The season's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Members join and leave.
    SignUp,
    /// Week `n` (0-based) is being played.
    Week(u8),
    /// Over: the table is final.
    Finished,
}

/// Why a transition is refused (nothing changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeagueError {
    /// Settings out of range.
    Settings,
    /// Not possible in this phase.
    Phase,
    /// The user is already a member, or is not one.
    Member,
    /// Too few or too many members to start.
    Members(usize),
    /// No such table this week, or it is not open.
    Table,
    /// The results do not match the table's seats.
    Results,
}

/// A season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Season {
    /// Its settings.
    pub settings: Settings,
    /// Its members, in order of joining.
    pub members: Vec<Member>,
    /// Its phase.
    pub phase: Phase,
    /// The weeks drawn so far (a league's).
    pub matchdays: Vec<Matchday>,
    /// Every result, with the week (0-based) it counts in.
    pub results: Vec<(u8, ResultRecord)>,
}

/// A stored result (the serialisable form of [`Result`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// The member.
    pub member: usize,
    /// Their points, in units of 1/840.
    pub points: i64,
    /// Won the game.
    pub won: bool,
    /// Played it (not a forfeit's absentee).
    pub played: bool,
}

impl From<ResultRecord> for Result {
    fn from(r: ResultRecord) -> Self {
        Self {
            member: r.member,
            points: Points(r.points),
            won: r.won,
            played: r.played,
        }
    }
}

impl Season {
    /// A season open for sign-up.
    ///
    /// # Errors
    /// [`LeagueError::Settings`] for weeks outside 1–[`MAX_WEEKS`] or a table size outside
    /// 2–8.
    pub fn open(settings: Settings) -> std::result::Result<Self, LeagueError> {
        if !(1..=MAX_WEEKS).contains(&settings.weeks)
            || !fixtures::TABLE_SIZES.contains(&usize::from(settings.table_size))
        {
            return Err(LeagueError::Settings);
        }
        Ok(Self {
            settings,
            members: Vec::new(),
            phase: Phase::SignUp,
            matchdays: Vec::new(),
            results: Vec::new(),
        })
    }

    /// The index of `user` among the members.
    #[must_use]
    pub fn member(&self, user: i64) -> Option<usize> {
        self.members.iter().position(|m| m.user == user)
    }

    /// `user` joins (sign-up only).
    ///
    /// # Errors
    /// Not in sign-up, already a member, or the season is full.
    pub fn join(&mut self, user: i64, name: &str) -> std::result::Result<(), LeagueError> {
        if self.phase != Phase::SignUp {
            return Err(LeagueError::Phase);
        }
        if self.member(user).is_some() {
            return Err(LeagueError::Member);
        }
        if self.members.len() >= fixtures::MAX_MEMBERS {
            return Err(LeagueError::Members(self.members.len() + 1));
        }
        self.members.push(Member {
            user,
            name: name.to_owned(),
        });
        Ok(())
    }

    /// `user` leaves (sign-up only).
    ///
    /// # Errors
    /// Not in sign-up, or not a member.
    pub fn leave(&mut self, user: i64) -> std::result::Result<(), LeagueError> {
        if self.phase != Phase::SignUp {
            return Err(LeagueError::Phase);
        }
        let i = self.member(user).ok_or(LeagueError::Member)?;
        self.members.remove(i);
        Ok(())
    }

    /// Starts week 1, drawing its tables with `seed` in a league.
    ///
    /// # Errors
    /// Not in sign-up, or fewer than two members.
    pub fn start(&mut self, seed: u64) -> std::result::Result<(), LeagueError> {
        if self.phase != Phase::SignUp {
            return Err(LeagueError::Phase);
        }
        if self.members.len() < 2 {
            return Err(LeagueError::Members(self.members.len()));
        }
        if self.settings.fixtures {
            self.draw(seed)?;
        }
        self.phase = Phase::Week(0);
        Ok(())
    }

    /// The meetings and byes of the weeks drawn so far.
    #[must_use]
    pub fn history(&self) -> History {
        let mut h = History::new(self.members.len());
        for m in &self.matchdays {
            h.record(&Week {
                tables: m.tables.clone(),
                byes: m.byes.clone(),
            });
        }
        h
    }

    fn draw(&mut self, seed: u64) -> std::result::Result<(), LeagueError> {
        let week = fixtures::draw(&self.history(), usize::from(self.settings.table_size), seed)
            .map_err(|_| LeagueError::Members(self.members.len()))?;
        self.matchdays.push(Matchday {
            seed,
            fixtures: week
                .tables
                .iter()
                .map(|t| Fixture::Open {
                    came: vec![false; t.len()],
                })
                .collect(),
            tables: week.tables,
            byes: week.byes,
        });
        Ok(())
    }

    /// The week being played and its matchday (a league's).
    fn this_week(&mut self) -> std::result::Result<(u8, &mut Matchday), LeagueError> {
        let Phase::Week(w) = self.phase else {
            return Err(LeagueError::Phase);
        };
        let day = self
            .matchdays
            .get_mut(usize::from(w))
            .ok_or(LeagueError::Phase)?;
        Ok((w, day))
    }

    /// `user` came to table `table` of this week (its lobby). True when all its seats came.
    ///
    /// # Errors
    /// Not a league week, no such open table, or the user does not sit at it.
    pub fn came(&mut self, table: usize, user: i64) -> std::result::Result<bool, LeagueError> {
        let member = self.member(user).ok_or(LeagueError::Member)?;
        let (_, day) = self.this_week()?;
        let seats = day.tables.get(table).ok_or(LeagueError::Table)?;
        let seat = seats
            .iter()
            .position(|&m| m == member)
            .ok_or(LeagueError::Member)?;
        match day.fixtures.get_mut(table) {
            Some(Fixture::Open { came }) => {
                came[seat] = true;
                Ok(came.iter().all(|&c| c))
            }
            _ => Err(LeagueError::Table),
        }
    }

    /// Table `table` of this week was played: `points` and `won` by seat (R9 of the game).
    ///
    /// # Errors
    /// Not a league week, no such open table, or results of another length.
    pub fn played(
        &mut self,
        table: usize,
        points: &[Points],
        won: &[bool],
    ) -> std::result::Result<(), LeagueError> {
        let (w, day) = self.this_week()?;
        let seats = day.tables.get(table).ok_or(LeagueError::Table)?.clone();
        if points.len() != seats.len() || won.len() != seats.len() {
            return Err(LeagueError::Results);
        }
        match day.fixtures.get_mut(table) {
            Some(f @ Fixture::Open { .. }) => *f = Fixture::Played,
            _ => return Err(LeagueError::Table),
        }
        for ((&member, p), &won) in seats.iter().zip(points).zip(won) {
            self.results.push((
                w,
                ResultRecord {
                    member,
                    points: p.0,
                    won,
                    played: true,
                },
            ));
        }
        Ok(())
    }

    /// A game of the group ended (a plain season: every game counts): `users` with their
    /// points and wins. Players who are not members are left out; a game with fewer than two
    /// members counts for nobody. True when it counted.
    ///
    /// # Errors
    /// Not a week of a plain season.
    pub fn game(
        &mut self,
        users: &[(i64, Points, bool)],
    ) -> std::result::Result<bool, LeagueError> {
        let Phase::Week(w) = self.phase else {
            return Err(LeagueError::Phase);
        };
        if self.settings.fixtures {
            return Err(LeagueError::Phase);
        }
        let counted: Vec<ResultRecord> = users
            .iter()
            .filter_map(|&(user, points, won)| {
                self.member(user).map(|member| ResultRecord {
                    member,
                    points: points.0,
                    won,
                    played: true,
                })
            })
            .collect();
        if counted.len() < 2 {
            return Ok(false);
        }
        self.results.extend(counted.into_iter().map(|r| (w, r)));
        Ok(true)
    }

    /// The week ends: a league's tables not played are settled (who came shares the first
    /// places, who did not the last), then the next week is drawn with `seed`, or the season
    /// is over after its last week.
    ///
    /// # Errors
    /// Not in a week.
    pub fn end_week(&mut self, seed: u64) -> std::result::Result<(), LeagueError> {
        let Phase::Week(w) = self.phase else {
            return Err(LeagueError::Phase);
        };
        if self.settings.fixtures {
            let (_, day) = self.this_week()?;
            let mut forfeits = Vec::new();
            for (t, f) in day.fixtures.iter_mut().enumerate() {
                if let Fixture::Open { came } = f {
                    let came = std::mem::take(came);
                    forfeits.push((t, came.clone()));
                    *f = Fixture::Forfeited { came };
                }
            }
            let tables = day.tables.clone();
            for (t, came) in forfeits {
                for ((&member, p), &c) in
                    tables[t].iter().zip(standings::unplayed(&came)).zip(&came)
                {
                    self.results.push((
                        w,
                        ResultRecord {
                            member,
                            points: p.0,
                            won: false,
                            played: c,
                        },
                    ));
                }
            }
        }
        if w + 1 >= self.settings.weeks {
            self.phase = Phase::Finished;
        } else {
            if self.settings.fixtures {
                self.draw(seed)?;
            }
            self.phase = Phase::Week(w + 1);
        }
        Ok(())
    }

    /// The table after the weeks before `week` (0-based; `settings.weeks` or more: all).
    #[must_use]
    pub fn standings_before(&self, week: u8) -> Vec<Row> {
        let results: Vec<Result> = self
            .results
            .iter()
            .filter(|(w, _)| *w < week)
            .map(|&(_, r)| r.into())
            .collect();
        standings::standings(self.members.len(), &results, self.settings.min_games)
    }

    /// The table now.
    #[must_use]
    pub fn standings(&self) -> Vec<Row> {
        self.standings_before(u8::MAX)
    }

    /// The champions, once the season is over: the members ranked first (more than one when
    /// they share the first place; none if nobody reached the minimum of games).
    #[must_use]
    pub fn champions(&self) -> Vec<usize> {
        if self.phase != Phase::Finished {
            return Vec::new();
        }
        self.standings()
            .iter()
            .filter(|r| r.rank == Some(1))
            .map(|r| r.member)
            .collect()
    }
}
