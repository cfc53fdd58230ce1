//! The canonical JSON text of a game written byte by byte: the hot path of `parxis rules`,
//! which writes several positions per answer.
//!
//! The text is exactly what `serde_json` writes for the [`Game`]'s `Serialize` (compact,
//! keys in the same order); the tests compare the two over many positions. Every string
//! in it is a name of the protocol (ASCII, nothing to escape).

use crate::engine::board::{Arms, Colour, Loc, Square};
use crate::engine::game::{Game, Winner};

/// Append `n` in decimal.
#[inline]
pub fn push_number(out: &mut Vec<u8>, n: u8) {
    if n >= 100 {
        out.push(b'0' + n / 100);
    }
    if n >= 10 {
        out.push(b'0' + n / 10 % 10);
    }
    out.push(b'0' + n % 10);
}

/// Append `s` as a JSON string (a protocol name: nothing to escape).
#[inline]
pub fn push_name(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// Append a colour, or `null`.
#[inline]
pub fn push_colour(out: &mut Vec<u8>, c: Option<Colour>) {
    match c {
        Some(c) => push_name(out, c.name()),
        None => out.extend_from_slice(b"null"),
    }
}

/// Append a location, or `null`.
#[inline]
pub fn push_loc(out: &mut Vec<u8>, l: Option<Loc>) {
    match l {
        Some(l) => push_name(out, l.name()),
        None => out.extend_from_slice(b"null"),
    }
}

impl Game {
    /// Append the game's canonical JSON text (the same as `serde_json::to_writer` gives).
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"rules\":");
        push_name(out, self.preset.name());
        if self.arms != Arms::Four {
            out.extend_from_slice(b",\"arms\":");
            push_number(out, self.arms.count());
        }
        let o = self.opts;
        out.extend_from_slice(b",\"options\":{\"six_counts\":");
        push_number(out, o.six_counts);
        out.extend_from_slice(b",\"third_six_spares\":");
        push_name(out, o.third_six_spares.name());
        out.extend_from_slice(b",\"barriers\":");
        push_name(out, o.barriers.name());
        out.extend_from_slice(if o.pairs {
            b",\"pairs\":true},\"seats\":["
        } else {
            b",\"pairs\":false},\"seats\":["
        });
        for (k, c) in self.seats().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            push_name(out, c.name());
        }
        out.extend_from_slice(b"],\"turn\":");
        push_colour(out, self.turn());
        out.extend_from_slice(b",\"sixes\":");
        push_number(out, self.sixes);
        out.extend_from_slice(b",\"last_moved\":");
        push_loc(out, self.last_moved);
        out.extend_from_slice(b",\"bonus\":");
        match self.bonus() {
            Some(b) => push_number(out, b),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"board\":{");
        let mut first = true;
        for i in self.occupied_squares() {
            let Some(sq) = Square::from_index(i) else {
                continue;
            };
            if !std::mem::take(&mut first) {
                out.push(b',');
            }
            push_name(out, sq.name());
            out.extend_from_slice(b":[");
            let [a, b] = self.cell(i);
            push_colour(
                out,
                a.checked_sub(1).and_then(|v| Colour::from_index(v.into())),
            );
            if let Some(c) = b.checked_sub(1).and_then(|v| Colour::from_index(v.into())) {
                out.push(b',');
                push_name(out, c.name());
            }
            out.push(b']');
        }
        out.extend_from_slice(b"},\"goal\":{");
        let mut first = true;
        for c in self.seats() {
            let n = self.in_goal(c);
            if n > 0 {
                if !std::mem::take(&mut first) {
                    out.push(b',');
                }
                push_name(out, c.name());
                out.push(b':');
                push_number(out, n);
            }
        }
        out.extend_from_slice(b"},\"winner\":");
        match self.winner {
            None => out.extend_from_slice(b"null"),
            Some(Winner::Colour(c)) => push_name(out, c.name()),
            Some(Winner::Pair(a, b)) => {
                out.push(b'[');
                push_name(out, a.name());
                out.push(b',');
                push_name(out, b.name());
                out.push(b']');
            }
        }
        if let Some(r) = self.pending_roll() {
            out.extend_from_slice(b",\"roll\":");
            push_number(out, r);
        }
        out.push(b'}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0u8, 7, 10, 99, 100, 136, 255] {
            let mut out = Vec::new();
            push_number(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }
}
