//! Game records for the stats tests.
#![allow(dead_code)]

use parxis::ai::Level;
use parxis::engine::Preset;
use parxis::stats::{GameRecord, Player, SeatRecord};

/// Sunday 29 November 2026, 23:59:00 in Madrid (22:59 UTC), Unix ms.
pub const SUNDAY_2359_MADRID: i64 = 1_795_993_140_000;
/// Monday 30 November 2026, 00:00:00 in Madrid (23:00 UTC on Sunday), Unix ms.
pub const MONDAY_0000_MADRID: i64 = 1_795_993_200_000;

pub const COLOURS: [&str; 8] = [
    "yellow", "blue", "red", "green", "orange", "purple", "cyan", "pink",
];

pub fn human(id: i64, name: &str) -> Player {
    Player::Human {
        id,
        name: name.to_owned(),
    }
}

pub fn computer(level: Level) -> Player {
    Player::Computer { level }
}

/// A seat of `team` with R6.1 `distance`, `won`, and small made-up counters.
pub fn seat(player: Player, team: u8, distance: u32, won: bool) -> SeatRecord {
    SeatRecord {
        colour: COLOURS[usize::from(team) % 8].to_owned(),
        player,
        team,
        distance,
        won,
        captures_made: u32::from(team) + 1,
        captures_suffered: 2,
        pieces_home: if won { 4 } else { 1 },
        third_sixes: u32::from(team % 2),
        timeouts: 0,
        faces: [3, 2, 4, 3, 2, u32::from(team) + 2],
    }
}

/// A game in `chat` that ended at `ended_ms`; seats get colours in order.
pub fn game(id: &str, chat: i64, ended_ms: i64, seats: Vec<SeatRecord>) -> GameRecord {
    let mut seats = seats;
    for (i, s) in seats.iter_mut().enumerate() {
        s.colour = COLOURS[i].to_owned();
    }
    GameRecord {
        id: id.to_owned(),
        chat,
        topic: None,
        preset: Preset::Classic,
        options: Preset::Classic.options(),
        arms: 4,
        started_ms: ended_ms - 1_800_000,
        ended_ms,
        moves: 180,
        rolls: 240,
        seats,
    }
}

/// An individual game of the given humans, finishing in the given order (first wins;
/// distances 0, 10, 20, …).
pub fn ranked(id: &str, chat: i64, ended_ms: i64, order: &[(i64, &str)]) -> GameRecord {
    let seats = order
        .iter()
        .enumerate()
        .map(|(i, &(user, name))| {
            let t = u8::try_from(i).unwrap();
            seat(human(user, name), t, 10 * u32::from(t), i == 0)
        })
        .collect();
    game(id, chat, ended_ms, seats)
}
