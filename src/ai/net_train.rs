//! Learning [`super::net`]'s weights from self-play: positions of seeded games (each one
//! waiting for a roll kept with a seeded chance) and who won them; the network is fitted by
//! minibatch gradient descent (Adam) on the log-likelihood of the winners, each position seen
//! from a random seat's point of view (the same position turned, so every seat's output
//! learns from it). Everything is a function of the seeds.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Player;
use super::net::{DENSE, INPUTS, Input, MAX_HIDDEN, Net, Raw, SEATS, SPARSE, softmax};
use super::tune::SelfPlay;
use crate::engine::{Arms, Preset};

/// One kept position and the colour index that won its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub raw: Raw,
    pub winner: u8,
    /// The colours (bits of their indices) whose point of view is learned: those of the
    /// first player's seat, or every seat when all four play alike.
    pub views: u8,
}

/// Play game `index` of seed `seed` with `players` (four, seats rotating) on four arms under
/// `rules`, and keep each position waiting for a roll with chance `keep`.
#[must_use]
pub fn sample_game(
    players: &[Player; 4],
    rules: Preset,
    seed: u64,
    index: u64,
    keep: f64,
) -> Vec<Sample> {
    let game = SelfPlay {
        players,
        arms: Arms::Four,
        rules,
        pairs: false,
        seed,
        index,
        keep,
    };
    let Some((_, player_of)) = game.seating() else {
        return Vec::new();
    };
    let views = (0..SEATS)
        .filter(|&c| players[player_of[c]] == players[0])
        .fold(0u8, |v, c| v | 1 << c);
    let mut kept: Vec<Raw> = Vec::new();
    let Some(w) = game.play(|g| kept.push(Raw::of(g))) else {
        return Vec::new();
    };
    let colours = w.colours();
    let Some(c) = colours.first() else {
        return Vec::new();
    };
    let winner = c.index() as u8;
    kept.into_iter()
        .map(|raw| Sample { raw, winner, views })
        .collect()
}

/// Log loss (mean negative log-likelihood of the winner) and the share of positions whose
/// favourite won, over `data` from every seat's point of view.
#[must_use]
pub fn measure(net: &Net, data: &[Sample]) -> (f64, f64) {
    let (mut loss, mut right, mut n) = (0.0f64, 0.0f64, 0.0f64);
    for s in data {
        for me in 0..SEATS {
            if s.raw.seated & s.views & (1 << me) == 0 {
                continue;
            }
            let x = s.raw.input(me);
            let p = net.chances(&x);
            let w = (usize::from(s.winner) + SEATS - me) % SEATS;
            loss -= f64::from(p[w].max(1e-7)).ln();
            let top = p.iter().copied().fold(f32::MIN, f32::max);
            if p[w] >= top {
                right += 1.0;
            }
            n += 1.0;
        }
    }
    (loss / n.max(1.0), right / n.max(1.0))
}

/// Settings of [`fit`].
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    pub hidden: usize,
    pub epochs: u32,
    pub batch: usize,
    pub rate: f32,
    pub seed: u64,
}

/// Fit a network to `data`.
#[must_use]
pub fn fit(data: &[Sample], cfg: &FitConfig, start: Option<&Net>) -> Net {
    let h = start.map_or(cfg.hidden, |n| n.hidden).clamp(1, MAX_HIDDEN);
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    let mut net = Net::zero(h);
    // He initialisation of the first layer (scaled for about 20 active inputs), small second.
    let scale1 = (2.0f32 / 20.0).sqrt();
    for w in &mut net.w1 {
        *w = (rng.random::<f32>() * 2.0 - 1.0) * scale1;
    }
    let scale2 = (1.0f32 / h as f32).sqrt();
    for w in &mut net.w2 {
        *w = (rng.random::<f32>() * 2.0 - 1.0) * scale2;
    }
    if let Some(n) = start {
        net = n.clone();
    }
    let n_params = INPUTS * h + h + h * SEATS + SEATS;
    let mut m = vec![0.0f32; n_params];
    let mut v = vec![0.0f32; n_params];
    let mut grad = vec![0.0f32; n_params];
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0i32;
    let mut order: Vec<usize> = (0..data.len()).collect();
    for _ in 0..cfg.epochs {
        // Shuffle (Fisher-Yates).
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        for chunk in order.chunks(cfg.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in chunk {
                let s = &data[i];
                let mut me = rng.random_range(0..SEATS);
                while s.raw.seated & s.views & (1 << me) == 0 {
                    me = (me + 1) % SEATS;
                }
                let x = s.raw.input(me);
                let w = (usize::from(s.winner) + SEATS - me) % SEATS;
                backprop(&net, &x, w, &mut grad);
            }
            t += 1;
            let scale = 1.0 / chunk.len() as f32;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            let params = net
                .w1
                .iter_mut()
                .chain(net.b1.iter_mut())
                .chain(net.w2.iter_mut())
                .chain(net.b2.iter_mut());
            for (k, p) in params.enumerate() {
                let g = grad[k] * scale;
                if g == 0.0 && m[k] == 0.0 {
                    continue;
                }
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                *p -= cfg.rate * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
            }
        }
    }
    net
}

/// Add the gradient of the negative log-likelihood of relative seat `w` winning, at input
/// `x`, to `grad` (laid out as [`Net::to_bytes`]'s weights).
fn backprop(net: &Net, x: &Input, w: usize, grad: &mut [f32]) {
    let h = net.hidden;
    let mut a = [0.0f32; MAX_HIDDEN];
    net.hidden_into(x, &mut a);
    let p = softmax(&net.logits_of(&a), x.seated);
    let mut dz = [0.0f32; SEATS];
    for r in 0..SEATS {
        if x.seated & (1 << r) != 0 {
            dz[r] = p[r] - if r == w { 1.0 } else { 0.0 };
        }
    }
    let (w1_len, b1_len) = (INPUTS * h, h);
    let w2_at = w1_len + b1_len;
    let b2_at = w2_at + h * SEATS;
    let mut da = [0.0f32; MAX_HIDDEN];
    for k in 0..h {
        let row = &net.w2[k * SEATS..(k + 1) * SEATS];
        let g2 = &mut grad[w2_at + k * SEATS..w2_at + (k + 1) * SEATS];
        let mut d = 0.0;
        for r in 0..SEATS {
            g2[r] += a[k] * dz[r];
            d += row[r] * dz[r];
        }
        da[k] = if a[k] > 0.0 { d } else { 0.0 };
    }
    for r in 0..SEATS {
        grad[b2_at + r] += dz[r];
    }
    for k in 0..h {
        grad[w1_len + k] += da[k];
    }
    for &i in &x.sparse[..x.n_sparse] {
        let i = usize::from(i);
        for (g, d) in grad[i * h..(i + 1) * h].iter_mut().zip(&da[..h]) {
            *g += d;
        }
    }
    for j in 0..DENSE {
        let d = x.dense[j];
        if d != 0.0 {
            let i = SPARSE + j;
            for (g, dd) in grad[i * h..(i + 1) * h].iter_mut().zip(&da[..h]) {
                *g += d * dd;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn sampled_games_are_reproducible_and_name_one_winner() {
        let easy = [Player::Level(Level::Easy); 4];
        let a = sample_game(&easy, Preset::Jcf, 7, 3, 0.2);
        assert_eq!(a, sample_game(&easy, Preset::Jcf, 7, 3, 0.2));
        assert!(a.len() > 5, "{} positions", a.len());
        assert!(
            a.iter()
                .all(|s| s.winner == a[0].winner && s.views == 0b1111)
        );
        assert!(a.iter().all(|s| s.raw.seated == 0b1111));
        // With one different player only its seat's point of view is learned.
        let mixed = [
            Player::Level(Level::Normal),
            Player::Level(Level::Easy),
            Player::Level(Level::Easy),
            Player::Level(Level::Easy),
        ];
        let b = sample_game(&mixed, Preset::Jcf, 7, 3, 0.2);
        assert!(b.iter().all(|s| s.views.count_ones() == 1));
    }

    #[test]
    fn fitting_learns_who_wins_from_the_positions() {
        // Given positions of easy players' games, the last 40 games held out
        let easy = [Player::Level(Level::Easy); 4];
        let train: Vec<Sample> = (0..240)
            .flat_map(|i| sample_game(&easy, Preset::Jcf, 11, i, 0.1))
            .collect();
        let test: Vec<Sample> = (240..280)
            .flat_map(|i| sample_game(&easy, Preset::Jcf, 11, i, 0.1))
            .collect();
        // When a small network is fitted
        let cfg = FitConfig {
            hidden: 8,
            epochs: 3,
            batch: 32,
            rate: 0.003,
            seed: 1,
        };
        let net = fit(&train, &cfg, None);
        // Then it tells the winners of the held-out games better than the fair share
        let (loss, right) = measure(&net, &test);
        assert!(loss < 4f64.ln() - 0.1, "log loss {loss}");
        assert!(right > 0.35, "favourite won {right}");
        // and the same data and seed give the same network
        assert_eq!(fit(&train, &cfg, None), net);
    }
}
