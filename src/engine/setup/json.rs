//! The JSON form of a position (docs/PROTOCOL.md, "Position"), read into a typed [`Setup`]
//! and written straight from a [`Game`], without intermediate trees.
//!
//! Reading is strict about what it understands and lenient about what it does not: an
//! unknown top-level key is ignored, but an unknown `options` key, a non-canonical location
//! (`"05"`, `"yellow-03"`), a key given twice and `null` where a value is required (`sixes`,
//! `goal`, `board`, `seats`, `rules`, `options`, `arms`, a roll) are errors. `turn`,
//! `last_moved`, `bonus` and `winner` may be `null`.

use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Setup;
use crate::engine::board::{Arms, Colour, Loc, Square};
use crate::engine::game::{Game, Winner};
use crate::engine::rules::Overrides;

impl Serialize for Winner {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Self::Colour(c) => c.serialize(s),
            Self::Pair(a, b) => [a, b].serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Winner {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Winner;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a colour or a pair of two colours")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Winner, E> {
                v.parse().map(Winner::Colour).map_err(E::custom)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Winner, A::Error> {
                let a = seq.next_element()?;
                let b = seq.next_element()?;
                match (a, b, seq.next_element::<IgnoredAny>()?) {
                    (Some(a), Some(b), None) => Ok(Winner::Pair(a, b)),
                    _ => Err(de::Error::custom("a winner pair has exactly two colours")),
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The keys of a position.
#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Field {
    Rules,
    Arms,
    Options,
    Seats,
    Turn,
    Sixes,
    LastMoved,
    Bonus,
    Board,
    Goal,
    Winner,
    Roll,
    #[serde(other)]
    Other,
}

impl Field {
    const NAMES: [&'static str; 12] = [
        "rules",
        "arms",
        "options",
        "seats",
        "turn",
        "sixes",
        "last_moved",
        "bonus",
        "board",
        "goal",
        "winner",
        "roll",
    ];
}

/// Reads a position; with `roll: false` (the protocol) a `"roll"` key is an unknown key and
/// ignored, with `roll: true` (the engine's own form) it is the pending roll.
#[derive(Clone, Copy, Debug)]
pub struct SetupSeed {
    pub roll: bool,
}

impl<'de> DeserializeSeed<'de> for SetupSeed {
    type Value = Setup;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Setup, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SetupSeed {
    type Value = Setup;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a position object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Setup, A::Error> {
        let mut s = Setup::default();
        let mut seats = None;
        let mut seen = 0u16;
        while let Some(key) = map.next_key::<Field>()? {
            if key == Field::Other || (key == Field::Roll && !self.roll) {
                map.next_value::<IgnoredAny>()?;
                continue;
            }
            let bit = 1u16 << key as u16;
            if seen & bit != 0 {
                return Err(de::Error::duplicate_field(Field::NAMES[key as usize]));
            }
            seen |= bit;
            let name = Field::NAMES[key as usize];
            match key {
                Field::Rules => s.rules = Some(value(&mut map, name)?),
                Field::Arms => s.arms = Some(value(&mut map, name)?),
                Field::Options => s.options = value(&mut map, name)?,
                Field::Seats => seats = Some(value(&mut map, name)?),
                Field::Turn => s.turn = value(&mut map, name)?,
                Field::Sixes => s.sixes = value(&mut map, name)?,
                Field::LastMoved => s.last_moved = value(&mut map, name)?,
                Field::Bonus => s.bonus = value(&mut map, name)?,
                Field::Board => s.board = Some(value::<_, BoardList>(&mut map, name)?.0),
                Field::Goal => s.goal = value::<_, GoalList>(&mut map, name)?.0,
                Field::Winner => s.winner = value(&mut map, name)?,
                Field::Roll => s.roll = Some(value(&mut map, name)?),
                Field::Other => {}
            }
        }
        s.seats = seats.ok_or_else(|| de::Error::missing_field("seats"))?;
        Ok(s)
    }
}

/// The value of key `name`; its error names the key.
///
/// # Errors
/// The value's error, prefixed with `name`.
pub(crate) fn value<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    name: &str,
) -> Result<T, A::Error> {
    map.next_value()
        .map_err(|e| de::Error::custom(format_args!("{name}: {e}")))
}

/// `board`: square → colours, in the order listed.
struct BoardList(Vec<(Loc, Vec<Colour>)>);

impl<'de> Deserialize<'de> for BoardList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = BoardList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of squares and their pieces")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BoardList, A::Error> {
                let mut v = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some(entry) = map.next_entry()? {
                    v.push(entry);
                }
                Ok(BoardList(v))
            }
        }
        d.deserialize_map(V)
    }
}

/// `goal`: colour → pieces in its goal, in the order listed.
struct GoalList(Vec<(Colour, u8)>);

impl<'de> Deserialize<'de> for GoalList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = GoalList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of colours and piece counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GoalList, A::Error> {
                let mut v = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    v.push(entry);
                }
                Ok(GoalList(v))
            }
        }
        d.deserialize_map(V)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SetupSeed { roll: true }.deserialize(d)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let setup = Setup::deserialize(d)?;
        Self::from_setup(&setup).map_err(de::Error::custom)
    }
}

/// Pieces of one square, in arrival order.
struct Pieces([u8; 2]);

impl Serialize for Pieces {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.0.iter().filter(|&&v| v != 0).count();
        let mut seq = s.serialize_seq(Some(n))?;
        for v in self.0.into_iter().filter(|&v| v != 0) {
            if let Some(c) = Colour::from_index(usize::from(v - 1)) {
                seq.serialize_element(&c)?;
            }
        }
        seq.end()
    }
}

/// The occupied squares of a game, in square order.
struct BoardOf<'a>(&'a Game);

impl Serialize for BoardOf<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.0;
        let mut m = s.serialize_map(None)?;
        for i in g.occupied_squares() {
            if let Some(sq) = Square::from_index(i) {
                m.serialize_entry(&sq, &Pieces(g.cell(i)))?;
            }
        }
        m.end()
    }
}

/// The goals of a game's seats that hold pieces.
struct GoalOf<'a>(&'a Game);

impl Serialize for GoalOf<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.0;
        let mut m = s.serialize_map(None)?;
        for c in g.seats() {
            let n = g.in_goal(c);
            if n > 0 {
                m.serialize_entry(&c, &n)?;
            }
        }
        m.end()
    }
}

/// The seated colours of a game.
struct SeatsOf<'a>(&'a Game);

impl Serialize for SeatsOf<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.seats())
    }
}

impl Serialize for Game {
    /// The canonical position, every field written (`arms` only when it is not 4, `roll`
    /// only when a roll is pending): the same text as [`Game::to_setup`] gives.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("rules", &self.preset)?;
        if self.arms != Arms::Four {
            m.serialize_entry("arms", &self.arms)?;
        }
        m.serialize_entry("options", &Overrides::all(self.opts))?;
        m.serialize_entry("seats", &SeatsOf(self))?;
        m.serialize_entry("turn", &self.turn())?;
        m.serialize_entry("sixes", &self.sixes)?;
        m.serialize_entry("last_moved", &self.last_moved)?;
        m.serialize_entry("bonus", &self.bonus())?;
        m.serialize_entry("board", &BoardOf(self))?;
        m.serialize_entry("goal", &GoalOf(self))?;
        m.serialize_entry("winner", &self.winner)?;
        if let Some(r) = self.pending_roll() {
            m.serialize_entry("roll", &r)?;
        }
        m.end()
    }
}

/// A setup's board list, as an object.
struct ListedBoard<'a>(&'a [(Loc, Vec<Colour>)]);

impl Serialize for ListedBoard<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(l, p)| (l, p)))
    }
}

/// A setup's goal list, as an object.
struct ListedGoal<'a>(&'a [(Colour, u8)]);

impl Serialize for ListedGoal<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(c, n)| (c, n)))
    }
}

impl Serialize for Setup {
    /// The fields as given: `rules`, `arms` (unless 4) and `board` only when present.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        if let Some(r) = self.rules {
            m.serialize_entry("rules", &r)?;
        }
        if let Some(a) = self.arms.filter(|&a| a != Arms::Four) {
            m.serialize_entry("arms", &a)?;
        }
        m.serialize_entry("options", &self.options)?;
        m.serialize_entry("seats", &self.seats)?;
        m.serialize_entry("turn", &self.turn)?;
        m.serialize_entry("sixes", &self.sixes)?;
        m.serialize_entry("last_moved", &self.last_moved)?;
        m.serialize_entry("bonus", &self.bonus)?;
        if let Some(b) = &self.board {
            m.serialize_entry("board", &ListedBoard(b))?;
        }
        m.serialize_entry("goal", &ListedGoal(&self.goal))?;
        m.serialize_entry("winner", &self.winner)?;
        if let Some(r) = self.roll {
            m.serialize_entry("roll", &r)?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::engine::Preset;

    fn setup(v: serde_json::Value) -> Result<Setup, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn a_game_writes_the_same_text_as_its_setup() {
        // Given a busy position with a pending roll
        let g: Game = serde_json::from_value(json!({
            "rules": "classic", "seats": ["yellow", "blue", "red"], "turn": "blue", "sixes": 1,
            "last_moved": "30", "board": {"30": ["blue"], "12": ["red", "yellow"],
            "blue-2": ["blue", "blue"]}, "goal": {"red": 2}, "roll": 4
        }))
        .expect("valid");
        // When it is written directly and through its setup, Then both texts are equal
        let direct = serde_json::to_string(&g).expect("game");
        let via = serde_json::to_string(&g.to_setup()).expect("setup");
        assert_eq!(direct, via);
        assert!(direct.contains(r#""roll":4"#) && !direct.contains("arms"));
    }

    #[test]
    fn unknown_top_level_keys_are_ignored_but_unknown_options_are_not() {
        let base = json!({"rules": "jcf", "seats": ["yellow", "red"], "turn": "red", "x": [1]});
        assert!(setup(base.clone()).is_ok());
        for options in [json!({"six_count": 12}), json!({"start_out": 2})] {
            let mut p = base.clone();
            p["options"] = options;
            let e = setup(p).expect_err("unknown option key");
            assert!(e.contains("unknown field"), "{e}");
        }
    }

    #[test]
    fn null_is_refused_where_a_value_is_required() {
        let base = json!({"rules": "jcf", "seats": ["yellow", "red"], "turn": "red"});
        for key in [
            "sixes", "goal", "board", "rules", "options", "seats", "roll",
        ] {
            let mut p = base.clone();
            p[key] = serde_json::Value::Null;
            assert!(setup(p).is_err(), "{key}: null accepted");
        }
        let mut p = base;
        p["options"] = json!({"six_counts": null});
        assert!(setup(p).is_err(), "six_counts: null accepted");
    }

    #[test]
    fn nullable_fields_take_null() {
        let s = setup(json!({
            "rules": "jcf", "seats": ["yellow", "red"], "turn": null, "last_moved": null,
            "bonus": null, "winner": null
        }))
        .expect("nullable fields");
        assert_eq!(
            (s.turn, s.last_moved, s.bonus, s.winner),
            (None, None, None, None)
        );
        assert_eq!(s.rules, Some(Preset::Jcf));
    }

    #[test]
    fn a_key_given_twice_is_refused() {
        let text = r#"{"rules":"jcf","seats":["yellow","red"],"sixes":0,"sixes":1}"#;
        assert!(serde_json::from_str::<Setup>(text).is_err());
    }

    #[test]
    fn non_canonical_locations_are_refused_on_the_board_and_in_last_moved() {
        let base = json!({"rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow"});
        for bad in ["yellow-03", "yellow-+3", "05", "+5"] {
            let mut p = base.clone();
            p["board"] = json!({ bad: ["yellow"] });
            assert!(setup(p).is_err(), "board {bad}");
            let mut p = base.clone();
            p["last_moved"] = json!(bad);
            assert!(setup(p).is_err(), "last_moved {bad}");
        }
    }

    #[test]
    fn the_protocol_seed_ignores_a_roll_inside_the_position() {
        let text = r#"{"rules":"jcf","seats":["yellow","red"],"turn":"red","roll":"x"}"#;
        let mut de = serde_json::Deserializer::from_str(text);
        let s = SetupSeed { roll: false }
            .deserialize(&mut de)
            .expect("roll is not a protocol field");
        assert_eq!(s.roll, None);
        assert!(serde_json::from_str::<Setup>(text).is_err());
    }
}
