//! Where a table opened with its seats decided comes from ([`Table::origin`]): a
//! tournament's table (which table of which round, so its board, its call and its finished
//! keyboard can say so without reading the tournament record), or a tag this version does
//! not know.
//!
//! Stored as the string it has always been (`tourney:<round>.<table>[:final]`), so tables
//! saved by earlier versions load, and a version before this one reads what this one
//! writes (replicas of both may share one Redis while a deploy rolls).

use serde::{Deserialize, Serialize};

use super::Table;
use crate::tournament::TableId;

/// What every tournament tag starts with.
pub const TOURNEY_PREFIX: &str = "tourney:";
/// What every league table's tag starts with.
pub const SEASON_PREFIX: &str = "season:";

/// Where a table opened by code comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Origin {
    /// A tournament's table.
    Tourney(TableTag),
    /// A league's table of the week.
    Season(SeasonTag),
    /// A tag this version cannot read (written by another version): kept as it is, and
    /// written back unchanged.
    Other(String),
}

impl Origin {
    /// The tag of table `at` of a tournament (`last`: of its last round, the Final).
    #[must_use]
    pub fn tourney(at: TableId, last: bool) -> Self {
        Self::Tourney(TableTag::new(at, last))
    }

    /// The tournament table this is (`None`: not a tournament's).
    #[must_use]
    pub fn tag(&self) -> Option<TableTag> {
        match self {
            Self::Tourney(tag) => Some(*tag),
            Self::Season(_) | Self::Other(_) => None,
        }
    }

    /// The league table this is (`None`: not a league's).
    #[must_use]
    pub fn season_tag(&self) -> Option<SeasonTag> {
        match self {
            Self::Season(tag) => Some(*tag),
            Self::Tourney(_) | Self::Other(_) => None,
        }
    }

    /// A table of a competition (a tournament's or a league's): its result goes on there,
    /// so it has no rematch.
    #[must_use]
    pub fn is_competition(&self) -> bool {
        !matches!(self, Self::Other(_))
    }

    /// The stored string.
    #[must_use]
    pub fn encode(&self) -> String {
        match self {
            Self::Tourney(tag) => tag.encode(),
            Self::Season(tag) => tag.encode(),
            Self::Other(s) => s.clone(),
        }
    }

    /// Reads [`Origin::encode`]'s form (any other string: [`Origin::Other`]).
    #[must_use]
    pub fn decode(s: &str) -> Self {
        if let Some(tag) = TableTag::decode(s) {
            return Self::Tourney(tag);
        }
        SeasonTag::decode(s).map_or_else(|| Self::Other(s.to_owned()), Self::Season)
    }
}

/// A league's table, as its game's board names it ("Week 3 · table 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonTag {
    /// 1-based week.
    pub week: u32,
    /// 1-based table of the week.
    pub table: u32,
}

impl SeasonTag {
    /// The tag of table `table` (0-based) of week `week` (0-based).
    #[must_use]
    pub fn new(week: u8, table: usize) -> Self {
        Self {
            week: u32::from(week) + 1,
            table: u32::try_from(table).unwrap_or(u32::MAX - 1) + 1,
        }
    }

    /// `season:<week>.<table>` (1-based).
    #[must_use]
    pub fn encode(self) -> String {
        format!("{SEASON_PREFIX}{}.{}", self.week, self.table)
    }

    /// The tag of a table opened for a league (`None`: any other table).
    #[must_use]
    pub fn of(t: &Table) -> Option<Self> {
        t.origin.as_ref()?.season_tag()
    }

    /// Parses [`SeasonTag::encode`]'s form.
    #[must_use]
    pub fn decode(s: &str) -> Option<Self> {
        let (w, t) = s.strip_prefix(SEASON_PREFIX)?.split_once('.')?;
        Some(Self {
            week: w.parse().ok().filter(|&n| n >= 1)?,
            table: t.parse().ok().filter(|&n| n >= 1)?,
        })
    }
}

impl From<String> for Origin {
    fn from(s: String) -> Self {
        Self::decode(&s)
    }
}

impl From<Origin> for String {
    fn from(o: Origin) -> Self {
        o.encode()
    }
}

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
        format!("{TOURNEY_PREFIX}{}.{}{last}", self.round, self.table)
    }

    /// The tag of a table opened for a tournament (`None`: any other table).
    #[must_use]
    pub fn of(t: &Table) -> Option<Self> {
        t.origin.as_ref()?.tag()
    }

    /// Parses [`TableTag::encode`]'s form.
    #[must_use]
    pub fn decode(s: &str) -> Option<Self> {
        let rest = s.strip_prefix(TOURNEY_PREFIX)?;
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
        let week = SeasonTag::new(2, 1);
        assert_eq!(week.encode(), "season:3.2");
        assert_eq!(Origin::decode("season:3.2"), Origin::Season(week));
        assert!(Origin::Season(week).is_competition());
        assert_eq!(Origin::Season(week).tag(), None);
        for other in [
            "t-3",
            "tourney:",
            "tourney:0.1",
            "tourney:x.1",
            "seated",
            "season:0.1",
            "season:1",
        ] {
            assert_eq!(TableTag::decode(other), None, "{other}");
            assert_eq!(
                Origin::decode(other),
                Origin::Other(other.into()),
                "{other}"
            );
        }
    }

    #[test]
    fn an_origin_is_stored_as_the_string_it_always_was() {
        // Given a tournament's origin and one this version does not know,
        let final_table = Origin::tourney(TableId::new(1, 2), true);
        let other = Origin::Other("t-3".into());
        // When stored, Then each is the plain string older versions wrote and read,
        assert_eq!(
            serde_json::to_string(&final_table).expect("json"),
            r#""tourney:2.3:final""#
        );
        assert_eq!(serde_json::to_string(&other).expect("json"), r#""t-3""#);
        // and each string loads back as what it was.
        let back: Origin = serde_json::from_str(r#""tourney:2.3:final""#).expect("origin");
        assert_eq!(back, final_table);
        assert_eq!(back.tag(), Some(TableTag::new(TableId::new(1, 2), true)));
        let back: Origin = serde_json::from_str(r#""t-3""#).expect("origin");
        assert_eq!(back, other);
        assert_eq!(back.tag(), None);
    }

    #[test]
    fn a_table_saved_with_a_string_origin_loads_and_is_saved_the_same_way() {
        // Given tables as earlier versions saved them, a tournament's Final and one with a
        // tag this version does not know,
        let old = |origin: &str| {
            format!(
                r#"{{"seq":4,"status":"lobby","host":11,"preset":"jcf","pairs":false,"players":[{{"id":11,"name":"p11","kind":{{"kind":"human"}}}}],"origin":"{origin}"}}"#
            )
        };
        for (origin, tag) in [
            (
                "tourney:2.3:final",
                Some(TableTag::new(TableId::new(1, 2), true)),
            ),
            ("r1/t1", None),
        ] {
            // When loaded,
            let t: Table = serde_json::from_str(&old(origin)).expect("an old table loads");
            // Then its origin is typed (a tournament's Final reads as one),
            assert_eq!(TableTag::of(&t), tag, "{origin}");
            assert_eq!(t.origin, Some(Origin::decode(origin)));
            // and saved again it is the same string an earlier version reads.
            let again: serde_json::Value = serde_json::to_value(&t).expect("json");
            assert_eq!(again["origin"], serde_json::json!(origin));
        }
        // A table opened in the chat has none, and saves none.
        let chat = old("x").replace(r#","origin":"x""#, "");
        let t: Table = serde_json::from_str(&chat).expect("loads");
        assert_eq!(t.origin, None);
        assert!(
            serde_json::to_value(&t)
                .expect("json")
                .get("origin")
                .is_none()
        );
    }
}
