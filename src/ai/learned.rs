//! The learned weights of the evaluation ([`super::value`]) of the `hard:PxR` and `expect:N`
//! searches.
//!
//! Made by `parxis tune` (see `src/cli/tune.rs`) from 20 000 self-play games of `normal`
//! players at tables of 4, 4, 2, 6 and 8 players in turn (1 078 228 positions, each one waiting
//! for a roll kept with chance 1/16), fitted from zero weights by 600 steps of Adam; it printed
//! (after 128.5 s of games and 323.2 s of fitting, one thread, a loaded machine):
//!
//! ```text
//! parxis tune --games 20000 --player normal --tables 4,4,2,6,8 --rules jcf --seed 29 --keep 0.0625 --steps 600 --rate 0.05 --decay 0.0001
//! 1078228 positions from 20000 games in 128.5 s (1 thread(s)); fit in 323.2 s; total 451.6 s
//! log-loss per position 1.6525 (zero weights 1.8412), favourite won 34.1 % (zero weights 17.1 %)
//! ```
//!
//! Reproduce with `parxis tune --games 20000 --player normal --tables 4,4,2,6,8 --seed 29`
//! (the output is the same on any number of `--threads`).

/// The weights, as `parxis tune` printed them (a `value::Weights`: one per feature, in the
/// order of `value::NAMES`; a change of the feature count fails to build here).
pub const WEIGHTS: [f32; 12] = [
    0.106875,  // progress
    0.053928,  // out
    0.114784,  // corridor
    -0.133793, // goal
    0.936198,  // progress_squared
    -0.108988, // risk
    -0.785373, // risk_progress
    0.025499,  // safe
    0.001444,  // barrier
    -0.001273, // threat
    -0.013287, // threat_progress
    0.022760,  // to_move
];
