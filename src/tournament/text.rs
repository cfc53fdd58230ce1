//! The bracket as plain text, one line per table, for the chat and the terminal.
//!
//! The words come from the caller (already in the chat's language): this module only lays
//! them out. Names are written as they are (plain text, not HTML).

use std::fmt::Write;

use super::{Side, Tournament};

/// The words of a bracket, in the reader's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// One heading per round, round 1 first ("Round 1", …, "Final"); a missing one is
    /// written as the round's number.
    pub rounds: Vec<String>,
    /// Marks a table where one side goes through without playing.
    pub bye: String,
    /// Heads the champion's name.
    pub champion: String,
}

impl Labels {
    /// The heading of round `r` (0 = round 1).
    #[must_use]
    pub fn round(&self, r: usize) -> String {
        self.rounds
            .get(r)
            .cloned()
            .unwrap_or_else(|| (r + 1).to_string())
    }
}

/// The name of `side`, or "?" for a place still to be filled.
pub(crate) fn name(t: &Tournament, side: Option<Side>) -> &str {
    side.and_then(|s| t.entrant(s))
        .map_or("?", |e| e.name.as_str())
}

/// The bracket as text: a heading per round (the current one marked ▶), one line per table
/// ("3. Núria – Pau → Núria"; ✓ marks the winner, 🎲 a roll-off, ✋ a table advanced by
/// the host, 🎮 a game being played: ⏳ is kept for time), and the champion at the end.
#[must_use]
pub fn bracket_text(t: &Tournament, labels: &Labels) -> String {
    let view = t.view();
    let mut out = String::new();
    for (r, tables) in view.rounds.iter().enumerate() {
        let mark = if view.current == Some(r) { "▶ " } else { "" };
        let _ = writeln!(out, "{mark}{}", labels.round(r));
        for (j, table) in tables.iter().enumerate() {
            let names: Vec<String> = table
                .rows
                .iter()
                .map(|row| {
                    let n = name(t, row.side);
                    if row.won && !table.bye {
                        format!("{n} ✓")
                    } else {
                        n.to_owned()
                    }
                })
                .collect();
            let mut line = format!("{}. {}", j + 1, names.join(" – "));
            if table.bye {
                let _ = write!(line, " ({})", labels.bye);
            }
            if table.roll_off {
                line.push_str(" 🎲");
            }
            if table.by_hand {
                line.push_str(" ✋");
            }
            if table.playing {
                line.push_str(" 🎮");
            }
            let _ = writeln!(out, "{line}");
        }
    }
    if let Some(c) = view.champion {
        let _ = writeln!(out, "🏆 {}: {}", labels.champion, name(t, Some(c)));
    }
    out
}
