//! The engine's hot path (roll, legal moves, play_unchecked, pass, and their in-place forms)
//! never touches the heap: a counting global allocator watches a whole seeded game of each
//! preset on each board, played by value and in place.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use parxis::engine::{Arms, Game, MoveList, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.with(|a| a.set(a.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.with(|a| a.set(a.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCS.with(Cell::get)
}

#[test]
fn legal_moves_and_play_unchecked_never_allocate() {
    // The counter sees allocations of this thread.
    let start = allocations();
    let v = std::hint::black_box(vec![1u8; 16]);
    assert!(
        allocations() > start && v.len() == 16,
        "the counting allocator is in use"
    );
    for (arms, preset) in Arms::ALL
        .into_iter()
        .flat_map(|a| Preset::ALL.map(|p| (a, p)))
    {
        let mut opts = preset.options();
        opts.pairs = preset == Preset::Solidari;
        let mut g = Game::new_on(arms, preset, opts, arms.colours()).expect("new game");
        // Pre-generate the randomness so the generator is not on the measured path.
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let dice: Vec<u8> = (0..20_000).map(|_| rng.random_range(1..=6)).collect();
        let picks: Vec<u8> = (0..20_000).map(|_| rng.random_range(0..4)).collect();
        let (mut d, mut p, mut moves) = (0, 0, 0u32);
        let before = allocations();
        while !matches!(g.phase(), Phase::Finished(_)) && d < dice.len() && p < picks.len() {
            if matches!(g.phase(), Phase::AwaitingRoll(_)) {
                g = g.roll(dice[d]).unwrap_or_else(|_| unreachable!());
                d += 1;
                continue;
            }
            let legal = g.legal_moves();
            if legal.is_empty() {
                g = g.pass().map_or_else(|_| unreachable!(), |x| x.0);
            } else {
                g = g.play_unchecked(legal[usize::from(picks[p]) % legal.len()]);
                p += 1;
                moves += 1;
            }
        }
        // The same game in place.
        let mut h = Game::new_on(arms, preset, opts, arms.colours()).expect("new game");
        let mut list = MoveList::new();
        let (mut d, mut p) = (0, 0);
        while !matches!(h.phase(), Phase::Finished(_)) && d < dice.len() && p < picks.len() {
            if matches!(h.phase(), Phase::AwaitingRoll(_)) {
                h.roll_mut(dice[d]).unwrap_or_else(|_| unreachable!());
                d += 1;
                continue;
            }
            h.legal_moves_into(&mut list);
            if list.is_empty() {
                h.pass_unchecked_mut();
            } else {
                h.play_unchecked_mut(list[usize::from(picks[p]) % list.len()]);
                p += 1;
            }
        }
        let after = allocations();
        assert_eq!(h, g, "{arms} arms, {preset}: the same game in place");
        assert!(
            matches!(g.phase(), Phase::Finished(_)),
            "{arms} arms, {preset}: game ended"
        );
        assert!(moves > 100, "{arms} arms, {preset}: a real game was played");
        assert_eq!(
            after - before,
            0,
            "{arms} arms, {preset}: heap allocations on the hot path"
        );
    }
}
