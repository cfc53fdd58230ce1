//! What one update of a lively game costs besides the picture (issue 52): the emoji board's
//! text and keyboard, the stored game's JSON both ways, and the Bot API payload of the
//! board's edit. A 4-player JCF game is played with seeded dice (the first legal move each
//! time) and measured at its 10th, 40th and 120th step (the stored game grows with its log).
//!
//! ```text
//! cargo bench --bench update_cost
//! ```

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::bot::core::table::{Action, Actor, Table};
use parxis::bot::core::view::keyboard::keyboard;
use parxis::bot::core::view::text::board_text;
use parxis::dice::RngDice;
use parxis::engine::Preset;
use parxis::i18n::Lang;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn actor(id: i64) -> Actor {
    Actor {
        id,
        name: ["Amparo 🎆", "Vicent", "Núria", "Pau"][usize::try_from(id - 1).unwrap()].into(),
        is_admin: false,
    }
}

/// The table after `steps` presses of a seeded 4-player game.
fn table_at(steps: usize) -> Table {
    let mut dice = RngDice(ChaCha8Rng::seed_from_u64(52));
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false);
    for id in 2..=4 {
        t = t.act(&actor(id), Action::Join, 0, &mut dice).expect("join");
    }
    t = t
        .act(&actor(1), Action::Start, 0, &mut dice)
        .expect("start");
    for step in 0..steps {
        let Some(p) = t.to_move().map(|p| p.id) else {
            break;
        };
        let action = if t.awaits_roll_by(p) {
            Action::Roll
        } else {
            Action::Move(0)
        };
        let now = 1_000 * u64::try_from(step).unwrap();
        t = t
            .act(&actor(p), action, now, &mut dice)
            .expect("a legal press");
    }
    t
}

fn cost(c: &mut Criterion) {
    for steps in [10, 40, 120] {
        let t = table_at(steps);
        let stored = serde_json::to_vec(&t).expect("json");
        eprintln!("step {steps}: stored game {} bytes", stored.len());
        c.bench_function(&format!("step {steps}: emoji board text"), |b| {
            b.iter(|| black_box(board_text(Lang::Ca, black_box(&t), 0)));
        });
        c.bench_function(&format!("step {steps}: keyboard"), |b| {
            b.iter(|| black_box(keyboard(Lang::Ca, black_box(&t))));
        });
        c.bench_function(&format!("step {steps}: stored game to JSON"), |b| {
            b.iter(|| black_box(serde_json::to_vec(black_box(&t)).expect("json")));
        });
        c.bench_function(&format!("step {steps}: stored game from JSON"), |b| {
            b.iter(|| {
                black_box(serde_json::from_slice::<Table>(black_box(&stored)).expect("json"))
            });
        });
        let text = board_text(Lang::Ca, &t, 0);
        let kb = keyboard(Lang::Ca, &t);
        c.bench_function(&format!("step {steps}: editMessageText payload"), |b| {
            b.iter(|| {
                let body = serde_json::json!({
                    "chat_id": -100_123_456_789_i64,
                    "message_id": 4242,
                    "text": format!("{}\n{}", text.board, text.status),
                    "reply_markup": kb,
                });
                black_box(serde_json::to_vec(&body).expect("json"))
            });
        });
    }
}

criterion_group!(benches, cost);
criterion_main!(benches);
