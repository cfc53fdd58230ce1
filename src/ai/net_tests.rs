use serde_json::json;

use super::*;

fn game(v: serde_json::Value) -> Game {
    serde_json::from_value(v).expect("valid position")
}

fn four(turn: &str, board: serde_json::Value, goal: serde_json::Value) -> Game {
    game(json!({
        "rules": "jcf", "seats": ["yellow", "blue", "red", "green"], "turn": turn,
        "board": board, "goal": goal
    }))
}

#[test]
fn the_embedded_network_loads() {
    let net = in_use().expect("src/ai/net.bin is a network");
    assert!(net.hidden > 0 && net.hidden <= MAX_HIDDEN);
    assert_eq!(net.w1.len(), INPUTS * net.hidden);
}

#[test]
fn weights_survive_bytes_and_bad_bytes_are_refused() {
    let mut net = Net::zero(3);
    for (k, w) in net.w1.iter_mut().enumerate() {
        *w = k as f32 * 0.25 - 7.0;
    }
    net.b2 = [1.0, -2.0, 0.5, 3.0];
    let bytes = net.to_bytes();
    assert_eq!(Net::from_bytes(&bytes), Ok(net));
    assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(Net::from_bytes(b"PXN1").is_err());
    let mut bad = bytes.clone();
    bad[0] = b'Q';
    assert!(Net::from_bytes(&bad).is_err());
    let mut huge = bytes;
    huge[4..8].copy_from_slice(&1_000_000u32.to_le_bytes());
    assert!(Net::from_bytes(&huge).is_err());
}

#[test]
fn the_input_starts_with_the_seat_whose_view_it_is() {
    // Given red's piece on its progress 10 and yellow's on 3
    let g = four("yellow", json!({"44": ["red"], "8": ["yellow"]}), json!({}));
    let raw = Raw::of(&g);
    let red = Colour::Red.index();
    let from_red = raw.input(red);
    let from_yellow = raw.input(Colour::Yellow.index());
    // Then each view has its own pieces in the first block, three in the nest
    let first = |x: &Input| {
        let mut v: Vec<u16> = x.sparse[..x.n_sparse]
            .iter()
            .copied()
            .filter(|&i| usize::from(i) < SPAN)
            .collect();
        v.sort_unstable();
        v
    };
    let p_red = g.prog[red].iter().copied().max().unwrap_or(0);
    let p_yellow = g.prog[Colour::Yellow.index()]
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    assert_eq!(first(&from_red), vec![0, 0, 0, u16::from(p_red)]);
    assert_eq!(first(&from_yellow), vec![0, 0, 0, u16::from(p_yellow)]);
    assert_eq!(from_red.n_sparse, 16);
    assert_eq!(from_red.seated, 0b1111);
    // and the features of the seat come first too
    assert_eq!(from_red.dense[..FEATURES], raw.feats[red]);
}

#[test]
fn the_chances_add_up_and_the_leader_is_the_favourite() {
    let net = in_use().expect("network");
    // Yellow has three pieces home and its last one in its corridor; the others are in
    // their nests.
    let g = four(
        "blue",
        json!({"yellow-5": ["yellow"]}),
        json!({"yellow": 3}),
    );
    let yellow = Raw::of(&g).input(Colour::Yellow.index());
    let p = net.chances(&yellow);
    assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{p:?}");
    assert!(p[0] > 0.8, "yellow's chance {p:?}");
    assert!(net.win_chance(&g, Colour::Yellow) > 0.8);
    assert!(net.win_chance(&g, Colour::Blue) < 0.1);
}

#[test]
fn the_network_plays_four_arms_without_pairs_only() {
    let g = four("yellow", json!({}), json!({}));
    assert!(plays(&g));
    let mut o = crate::engine::Preset::Jcf.options();
    o.pairs = true;
    let pairs = Game::new(crate::engine::Preset::Jcf, o, &Colour::ALL[..4]).expect("pairs game");
    assert!(!plays(&pairs));
    let six = Game::new_on(
        crate::engine::Arms::Six,
        crate::engine::Preset::Jcf,
        crate::engine::Preset::Jcf.options(),
        &Colour::ALL[..6],
    )
    .expect("six arms");
    assert!(!plays(&six));
}

#[test]
fn the_net_player_is_named_net() {
    let p: crate::ai::Player = "net".parse().expect("a player");
    assert_eq!(p, crate::ai::Player::Net);
    assert_eq!(p.name(), "net");
}
