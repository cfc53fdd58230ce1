//! Splitting one move's change into sub-frames.
//!
//! A move changes a few small places far apart (the previous move's trail and die taken
//! off, the new trail, the piece, the new die, a captured piece's nest): one rectangle
//! around all of them spans most of the board, and the encoder's work (LZW over every
//! pixel of the rectangle, transparent or not) grows with its area. So each place's
//! changed rectangle is found, rectangles whose union costs little more than the two apart
//! are merged, and each group left is written as a frame of its own.
//!
//! All but the last of a move's frames show for [`SUB_FRAME_CS`] (the least delay viewers
//! honour: browsers and ffmpeg, which Telegram's conversion to MP4 uses, show a delay of 0
//! or 1 as 10 hundredths), the last for the rest of the move's time: a move still shows for
//! its whole delay, its places appearing within a few hundredths of each other.

/// A rectangle of whole pixels: `(x0, y0, x1, y1)`, ends exclusive.
pub type Px = (usize, usize, usize, usize);

/// How long every frame of a move but the last shows (hundredths of a second).
pub const SUB_FRAME_CS: u16 = 2;

/// At most this many frames for one move.
pub const MAX_SUB_FRAMES: usize = 6;

/// What one more frame costs, in pixels of a rectangle: its headers (about 25 bytes),
/// starting a new LZW stream, and the work of a frame of its own.
pub const FRAME_COST_PX: usize = 2_048;

pub(super) fn area(r: Px) -> usize {
    (r.2 - r.0) * (r.3 - r.1)
}

pub(super) fn union(a: Px, b: Px) -> Px {
    (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
}

/// The rectangles `changed` grouped into frames: two are merged into their bounding
/// rectangle while some pair's union costs less than the two apart ([`FRAME_COST_PX`] for
/// the frame saved), the cheapest first, and until at most `max` are left.
#[must_use]
pub fn group(changed: &[Px], max: usize) -> Vec<Px> {
    let mut out: Vec<Px> = changed
        .iter()
        .copied()
        .filter(|r| r.2 > r.0 && r.3 > r.1)
        .collect();
    while out.len() > 1 {
        // The pair whose merging adds the least area beyond the frame it saves.
        let mut best: Option<(isize, usize, usize)> = None;
        for i in 0..out.len() {
            for j in i + 1..out.len() {
                let extra = area(union(out[i], out[j])) as isize
                    - (area(out[i]) + area(out[j]) + FRAME_COST_PX) as isize;
                if best.is_none_or(|(e, _, _)| extra < e) {
                    best = Some((extra, i, j));
                }
            }
        }
        match best {
            Some((extra, i, j)) if extra <= 0 || out.len() > max => {
                let b = out.swap_remove(j);
                out[i] = union(out[i], b);
            }
            _ => break,
        }
    }
    out
}

/// The delays of a move's `n` frames showing `total` hundredths in all: [`SUB_FRAME_CS`]
/// each but the last, which shows the rest. `None` when `total` is too short to split.
#[must_use]
pub fn delays(total: u16, n: usize) -> Option<Vec<u16>> {
    let n16 = u16::try_from(n).ok()?;
    let before = SUB_FRAME_CS.checked_mul(n16.checked_sub(1)?)?;
    // The last frame shows longer than a sub-frame, so a viewer (and a test) can tell
    // where a move ends.
    let last = total.checked_sub(before).filter(|&l| l > SUB_FRAME_CS)?;
    let mut d = vec![SUB_FRAME_CS; n - 1];
    d.push(last);
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_far_apart_stay_apart_and_near_ones_merge() {
        // Two 40×40 squares at opposite corners, a third overlapping the first.
        let a = (0, 0, 40, 40);
        let b = (600, 600, 640, 640);
        let c = (30, 30, 70, 70);
        let g = group(&[a, b, c], MAX_SUB_FRAMES);
        assert_eq!(g.len(), 2, "{g:?}");
        assert!(g.contains(&(0, 0, 70, 70)), "{g:?}");
        assert!(g.contains(&b), "{g:?}");
        // Every changed pixel is in some group.
        for r in [a, b, c] {
            assert!(
                g.iter()
                    .any(|o| o.0 <= r.0 && o.1 <= r.1 && o.2 >= r.2 && o.3 >= r.3),
                "{r:?} not covered by {g:?}"
            );
        }
    }

    #[test]
    fn tiny_places_merge_when_a_frame_costs_more_than_the_gap() {
        // Two 10×10 squares 20 px apart: their union (10×40) is cheaper than a frame.
        let g = group(&[(0, 0, 10, 10), (30, 0, 40, 10)], MAX_SUB_FRAMES);
        assert_eq!(g, vec![(0, 0, 40, 10)]);
    }

    #[test]
    fn at_most_max_groups_are_left() {
        let far: Vec<Px> = (0..10)
            .map(|i| (i * 100, i * 100, i * 100 + 20, i * 100 + 20))
            .collect();
        let g = group(&far, 3);
        assert_eq!(g.len(), 3, "{g:?}");
        for r in &far {
            assert!(
                g.iter()
                    .any(|o| o.0 <= r.0 && o.1 <= r.1 && o.2 >= r.2 && o.3 >= r.3),
                "{r:?} not covered by {g:?}"
            );
        }
        assert_eq!(group(&far, MAX_SUB_FRAMES).len(), MAX_SUB_FRAMES);
        assert!(group(&[], MAX_SUB_FRAMES).is_empty());
    }

    #[test]
    fn a_move_shows_for_its_whole_delay_its_last_frame_longest() {
        assert_eq!(delays(55, 1), Some(vec![55]));
        assert_eq!(delays(55, 3), Some(vec![2, 2, 51]));
        assert_eq!(delays(6, 3), None);
        assert_eq!(delays(7, 3), Some(vec![2, 2, 3]));
        assert_eq!(delays(55, 0), None);
    }
}
