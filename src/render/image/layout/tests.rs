use super::*;
use crate::engine::Colour;

fn ring(n: u8) -> Square {
    Square::ring(n).expect("a ring number")
}

fn dist(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// Is `p` inside the convex polygon `poly` (corners in order, either way round), at least
/// `margin` px from every side?
fn inside(poly: &[Point], p: Point, margin: f32) -> bool {
    let n = poly.len();
    let sides: Vec<f32> = (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            ((b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)) / dist(a, b)
        })
        .collect();
    sides.iter().all(|&s| s >= margin) || sides.iter().all(|&s| s <= -margin)
}

/// Distance of `p` from the segment `a`–`b`.
fn off_segment(a: Point, b: Point, p: Point) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    dist(p, (a.0 + t * dx, a.1 + t * dy))
}

const MID: f32 = SIZE as f32 / 2.0;

#[test]
fn yellow_exit_sits_beside_yellow_nest_bottom_right() {
    let (x, y) = square_centre(Arms::Four, ring(5));
    assert!(x > MID && y > MID);
    let nest = nest_area(Arms::Four, Colour::Yellow);
    assert!(nest.x0 >= MID && nest.y0 >= MID);
    assert!(
        (x + CELL_LONG / 2.0 - nest.x0).abs() < 0.01,
        "5 borders the nest"
    );
}

#[test]
fn consecutive_ring_squares_touch_and_tile_without_overlap() {
    for arms in Arms::ALL {
        // Given every square of the board,
        let squares: Vec<Square> = arms.squares().collect();
        let g = Geom::of(arms);
        // then no two squares share a centre closer than a cell's short side,
        for (i, &a) in squares.iter().enumerate() {
            for &b in &squares[i + 1..] {
                let d = dist(square_centre(arms, a), square_centre(arms, b));
                assert!(d > g.cell_short() * 0.99, "{arms}: {a} overlaps {b}");
            }
            // every square lies inside the image,
            for (x, y) in square_quad(arms, a) {
                let size = g.size as f32;
                assert!(
                    (0.0..=size).contains(&x) && (0.0..=size).contains(&y),
                    "{a}"
                );
            }
        }
        // and each ring square touches the next: they share a side (same arm) or a corner
        // of the goal polygon's neighbourhood (from one arm to the next).
        let ring_len = arms.ring();
        for n in 1..=ring_len {
            let next = if n == ring_len { 1 } else { n + 1 };
            let (qa, qb) = (square_quad(arms, ring(n)), square_quad(arms, ring(next)));
            let shared = qa
                .iter()
                .filter(|p| qb.iter().any(|q| dist(**p, *q) < 0.01))
                .count();
            assert!(shared >= 1, "{arms}: {n} → {next} do not touch");
            let d = dist(
                square_centre(arms, ring(n)),
                square_centre(arms, ring(next)),
            );
            assert!(d <= g.cell_long() * 1.3, "{arms}: {n} → {next} jumps {d}");
        }
    }
}

#[test]
fn corridors_run_from_the_entry_square_to_the_goal() {
    for arms in Arms::ALL {
        let g = Geom::of(arms);
        for &c in arms.colours() {
            // Given colour c's entry square and its corridor,
            let entry = square_centre(arms, ring(arms.entry_square(c)));
            let corridor: Vec<Point> = (1..=7)
                .map(|k| square_centre(arms, Square::corridor(c, k).expect("corridor")))
                .collect();
            // the corridor starts next to the entry square,
            assert!(
                (dist(entry, corridor[0]) - g.cell_short()).abs() < 0.01,
                "{c}"
            );
            // each step comes one cell nearer the goal,
            let goal = goal_centre(arms, c);
            for w in corridor.windows(2) {
                assert!((dist(w[0], w[1]) - g.cell_short()).abs() < 0.01, "{c}");
                assert!(dist(w[1], goal) < dist(w[0], goal), "{c}");
            }
            // and its last square borders the colour's goal triangle.
            let tri = goal_triangle(arms, c);
            let base_mid = ((tri[0].0 + tri[1].0) / 2.0, (tri[0].1 + tri[1].1) / 2.0);
            assert!(
                (dist(corridor[6], base_mid) - g.cell_short() / 2.0).abs() < 0.01,
                "{c}"
            );
        }
    }
}

#[test]
fn nests_lie_in_the_wedges_clear_of_every_square() {
    for arms in Arms::ALL {
        for &c in arms.colours() {
            // Given colour c's nest triangle,
            let nest = nest_shape(arms, c);
            // then no square's centre or corner lies inside it,
            for sq in arms.squares() {
                let quad = square_quad(arms, sq);
                let centre = square_centre(arms, sq);
                assert!(!inside(&nest, centre, 0.5), "{arms}: {sq} in {c}'s nest");
                for p in quad {
                    assert!(!inside(&nest, p, 0.5), "{arms}: {sq} corner in {c}'s nest");
                }
            }
            // the four piece slots fit in it,
            for slot in nest_slots(arms, c) {
                assert!(inside(&nest, slot, 0.2 * nest_inradius(arms, c)), "{c}");
            }
            // and its exit square borders it: two corners on the nest's first side.
            let exit = square_quad(arms, ring(c.exit_square()));
            let on_side = exit
                .iter()
                .filter(|p| {
                    nest.windows(2)
                        .chain([[nest[nest.len() - 1], nest[0]].as_slice()])
                        .any(|s| off_segment(s[0], s[1], **p) < 0.05)
                })
                .count();
            assert_eq!(on_side, 2, "{arms}: {c}'s exit is off its nest");
        }
    }
}

#[test]
fn star_goal_triangles_meet_in_the_centre_without_gaps() {
    for arms in [Arms::Six, Arms::Eight] {
        let n = arms.colours().len();
        for (i, &c) in arms.colours().iter().enumerate() {
            let next = arms.colours()[(i + 1) % n];
            let (a, b) = (goal_triangle(arms, c), goal_triangle(arms, next));
            assert!(
                dist(a[1], b[0]) < 0.01,
                "{arms}: {c} and {next} share a corner"
            );
        }
    }
}

#[test]
fn ring_runs_counter_clockwise() {
    for arms in Arms::ALL {
        let mid = Geom::of(arms).mid();
        let angle = |n: u8| {
            let (x, y) = square_centre(arms, ring(n));
            (mid - y).atan2(x - mid)
        };
        // The colours' exit squares, in turn order, turn counter-clockwise.
        let a: Vec<f32> = arms
            .colours()
            .iter()
            .map(|c| angle(c.exit_square()))
            .collect();
        for w in a.windows(2) {
            let turn = (w[1] - w[0]).rem_euclid(std::f32::consts::TAU);
            assert!(turn > 0.0 && turn < std::f32::consts::PI, "{arms}: {a:?}");
        }
    }
}
