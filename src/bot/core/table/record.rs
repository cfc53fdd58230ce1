//! The record of a finished game ([`crate::stats::GameRecord`]), built from the table.

use super::{PlayerKind, Stage, Table};
use crate::stats::{GameRecord, Player, SeatRecord, sides_of};

impl Table {
    /// The game's id within its chat: the table's `seq` at the start and the start time, both
    /// stored in the table, so every replica and every retry derives the same id.
    #[must_use]
    pub fn game_id(&self) -> String {
        format!("g{}-{}", self.tally.start_seq, self.stats.started_ms)
    }

    /// The record of this finished game in `chat` (`None` unless the game is finished:
    /// cancelled games are not recorded).
    #[must_use]
    pub fn game_record(&self, chat: i64, topic: Option<i32>) -> Option<GameRecord> {
        let Stage::Finished(g) = &self.stage else {
            return None;
        };
        let winner = g.winner().or_else(|| g.time_limit_result());
        let seats = sides_of(g, winner)
            .into_iter()
            .map(|(colour, team, distance, won)| {
                let p = self.player_of(colour);
                let player = match p {
                    Some(p) if p.id > 0 && p.kind == PlayerKind::Human => Player::Human {
                        id: p.id,
                        name: p.name.clone(),
                    },
                    Some(p) => Player::Computer { level: p.level() },
                    None => Player::Computer {
                        level: crate::ai::Level::Normal,
                    },
                };
                let tally = self.tally.seat(p.map_or(0, |p| p.id));
                SeatRecord {
                    player,
                    colour: colour.name().to_owned(),
                    team,
                    distance,
                    won,
                    captures_made: tally.captures_made,
                    captures_suffered: tally.captures_suffered,
                    pieces_home: g.in_goal(colour),
                    third_sixes: tally.third_sixes,
                    timeouts: tally.timeouts,
                    faces: tally.faces,
                }
            })
            .collect();
        let ms = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        Some(GameRecord {
            id: self.game_id(),
            chat,
            topic,
            preset: self.preset,
            options: g.options(),
            arms: g.arms() as u8,
            started_ms: ms(self.stats.started_ms),
            ended_ms: ms(self.stats.finished_ms.max(self.stats.started_ms)),
            moves: self.stats.moves,
            rolls: self.stats.rolls,
            seats,
        })
    }
}
