//! The tag a tournament table's game keeps in [`Table::origin`]: which table of which round
//! it is, so its board, its call and its finished keyboard can say so without reading the
//! tournament record.

use crate::bot::core::table::Table;
use crate::tournament::TableId;

/// What every tag starts with.
pub const PREFIX: &str = "tourney:";

/// A tournament table, as its game's board names it ("Round 1 · table 2", or "Final").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableTag {
    /// 1-based round.
    pub round: u32,
    /// 1-based table of the round.
    pub table: u32,
    /// The last round: the Final.
    pub last: bool,
}

impl TableTag {
    /// The tag of table `at` (`last`: of the last round).
    #[must_use]
    pub fn new(at: TableId, last: bool) -> Self {
        Self {
            round: u32::from(at.round) + 1,
            table: u32::from(at.table) + 1,
            last,
        }
    }

    /// The origin string kept in the table: `tourney:<round>.<table>` (1-based), with
    /// `:final` for the last round.
    #[must_use]
    pub fn encode(self) -> String {
        let last = if self.last { ":final" } else { "" };
        format!("{PREFIX}{}.{}{last}", self.round, self.table)
    }

    /// The tag of a table opened for a tournament (`None`: any other table).
    #[must_use]
    pub fn of(t: &Table) -> Option<Self> {
        Self::decode(t.origin.as_deref()?)
    }

    /// Parses [`TableTag::encode`]'s form.
    #[must_use]
    pub fn decode(s: &str) -> Option<Self> {
        let rest = s.strip_prefix(PREFIX)?;
        let (rt, last) = match rest.strip_suffix(":final") {
            Some(rt) => (rt, true),
            None => (rest, false),
        };
        let (r, t) = rt.split_once('.')?;
        Some(Self {
            round: r.parse().ok().filter(|&n| n >= 1)?,
            table: t.parse().ok().filter(|&n| n >= 1)?,
            last,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_tag_round_trips_and_other_origins_are_no_tournament_s() {
        let tag = TableTag::new(TableId::new(1, 2), true);
        assert_eq!(tag.encode(), "tourney:2.3:final");
        assert_eq!(TableTag::decode(&tag.encode()), Some(tag));
        let early = TableTag::new(TableId::new(0, 0), false);
        assert_eq!(TableTag::decode(&early.encode()), Some(early));
        for other in ["t-3", "tourney:", "tourney:0.1", "tourney:x.1", "seated"] {
            assert_eq!(TableTag::decode(other), None, "{other}");
        }
    }
}
