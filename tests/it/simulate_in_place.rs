//! `parxis simulate` steps its games in place (`roll_mut`, `legal_moves_into`,
//! `play_unchecked_mut`, `pass_unchecked_mut`); before issue 53 it copied the game at every
//! step (`roll`, `choose_player`, `play_unchecked`, `pass`). Both ways play many seeded games
//! here, on every board, preset, seat count and pairs, with every kind of player, and agree on
//! every state of every game (the whole position: `Game`'s equality) and on the results.

use parxis::ai::{Level, Player, choose_player};
use parxis::cli::simulate::{
    Config, GameResult, MAX_PLAYERS, MAX_ROLLS, colour_of, play_game_seen, seat_colours,
};
use parxis::dice::RngDice;
use parxis::engine::{Arms, Dice, Game, Phase, Preset, roll_off};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Game `index` of `cfg` stepped by value, as `parxis simulate` played it before issue 53:
/// every state it goes through, and its result.
fn by_value(cfg: &Config, index: u64) -> (Vec<Game>, GameResult) {
    let n = cfg.players.len();
    let seats = seat_colours(cfg.arms, n);
    let mut player_of = [usize::MAX; MAX_PLAYERS];
    for j in 0..n {
        player_of[colour_of(cfg.arms, n, index, j).index()] = j;
    }
    let mut opts = cfg.rules.options();
    opts.pairs = cfg.pairs;
    let mut result = GameResult::default();
    let game = Game::new_on(cfg.arms, cfg.rules, opts, &seats).expect("new game");
    let mut dice_rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    dice_rng.set_stream(2 * index);
    let mut ai_rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    ai_rng.set_stream(2 * index + 1);
    let mut dice = RngDice::new(dice_rng);
    let starter = roll_off(&seats, &mut dice).starter;
    let mut game = game.with_first_turn(starter).expect("first turn");
    let mut states = vec![game.clone()];
    loop {
        match game.phase() {
            Phase::Finished(w) => {
                result.finished = true;
                for c in w.colours() {
                    result.won[player_of[c.index()]] = true;
                }
                return (states, result);
            }
            Phase::AwaitingRoll(_) => {
                if result.rolls >= MAX_ROLLS {
                    return (states, result);
                }
                result.rolls += 1;
                game = game.roll(dice.roll()).expect("roll");
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let player = cfg.players[player_of[seat.index()]];
                match choose_player(&game, player, &mut ai_rng) {
                    Some(mv) => {
                        result.moves += 1;
                        result.captures += u64::from(mv.captures().is_some());
                        game = game.play(mv).expect("a legal move");
                    }
                    None => game = game.pass().expect("a pass without a legal move").0,
                }
            }
        }
        states.push(game.clone());
    }
}

fn config(players: Vec<Player>, arms: Arms, rules: Preset, pairs: bool, seed: u64) -> Config {
    Config {
        games: 1,
        players,
        arms,
        rules,
        pairs,
        seed,
        threads: 1,
    }
}

/// Both ways play games `0..games` of `cfg` alike, state by state.
fn same_games(cfg: &Config, games: u64) {
    for index in 0..games {
        let (states, result) = by_value(cfg, index);
        let mut k = 0;
        let at = |k: usize| {
            format!(
                "{} arms, {}, pairs {}, seed {}, game {index}, state {k}",
                cfg.arms, cfg.rules, cfg.pairs, cfg.seed
            )
        };
        let in_place = play_game_seen(cfg, index, |g| {
            assert!(k < states.len(), "{}: in place goes on", at(k));
            assert_eq!(*g, states[k], "{}", at(k));
            k += 1;
        });
        assert_eq!(k, states.len(), "{}: in place stops early", at(k));
        assert_eq!(in_place, result, "{}: result", at(k));
        assert!(result.finished, "{}: unfinished", at(k));
    }
}

#[test]
fn random_and_normal_players_play_the_same_games_in_place_on_every_board_and_preset() {
    let (easy, normal) = (Player::Level(Level::Easy), Player::Level(Level::Normal));
    let mut seed = 53;
    for arms in Arms::ALL {
        let a = usize::from(arms.count());
        for rules in Preset::ALL {
            for n in [2, a / 2 + 1, a] {
                seed += 1;
                let players = (0..n).map(|j| if j % 2 == 0 { easy } else { normal });
                same_games(&config(players.collect(), arms, rules, false, seed), 3);
            }
            seed += 1;
            same_games(&config(vec![easy; a], arms, rules, true, seed), 3);
        }
    }
}

#[test]
fn searching_players_play_the_same_games_in_place() {
    // Small budgets (a debug build): the searches' own play-outs and the choice among the
    // moves handed over.
    let players: Vec<Player> = ["mc/p=24", "mc/p=24/eg=60/egp=48", "normal", "hard:24x1"]
        .iter()
        .map(|s| s.parse().expect("a player"))
        .collect();
    same_games(&config(players, Arms::Four, Preset::Jcf, false, 2026), 1);
}
