//! The table's transitions, Given / When / Then, without Telegram or Redis.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::test_support::{actor, dice};
use super::*;
use crate::bot::core::narration::narrate;
use crate::bot::core::refusal::{Alert, Refusal, Reject};
use crate::bot::core::view::{board_text, name_of};
use crate::engine::{Loc, Phase};
use crate::i18n::Lang;

fn lobby_of(ids: &[i64]) -> Table {
    let mut t = Table::lobby(&actor(ids[0]), Preset::Jcf, false);
    for &id in &ids[1..] {
        t = t
            .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    t
}

/// A game in play between players 1 and 2 (yellow and red), yellow to roll.
fn playing_two() -> Table {
    let t = lobby_of(&[1, 2]);
    // The roll-off: yellow 6, red 1.
    t.act(&actor(1), Action::Start, 0, &mut dice(&[6, 1]))
        .expect("start")
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

const TIMING: Timing = Timing {
    pause_ms: 100,
    turn_ms: 30_000,
};

#[test]
fn a_kicked_computer_s_number_is_not_given_to_the_next_one() {
    // Given a lobby with computers 🤖 1 and 🤖 2,
    let mut t = lobby_of(&[1]);
    for _ in 0..2 {
        t = t
            .act(&actor(1), Action::AddBot(Level::Easy), 0, &mut dice(&[1]))
            .expect("add");
    }
    // When computer 1 is kicked and another is added,
    t = t
        .act(&actor(1), Action::Remove(1), 0, &mut dice(&[1]))
        .expect("kick");
    t = t
        .act(&actor(1), Action::AddBot(Level::Hard), 0, &mut dice(&[1]))
        .expect("add");
    // Then it is 🤖 3, and no two players share an id or a name.
    let ids: Vec<i64> = t.players.iter().map(|p| p.id).collect();
    let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(ids, [1, -2, -3]);
    assert_eq!(names, ["p1", "🤖 2", "🤖 3"]);
}

#[test]
fn joining_twice_or_a_full_lobby_is_refused_and_changes_nothing() {
    // Given a lobby of four on the board for four,
    let mut t = lobby_of(&[1, 2, 3, 4]);
    t.board = Some(crate::engine::Arms::Four);
    // When a fifth joins or a member joins again, Then both are refused.
    assert_eq!(
        t.act(&actor(5), Action::Join, 0, &mut dice(&[1])),
        Err(Reject::Full(4))
    );
    assert_eq!(
        t.act(&actor(2), Action::Join, 0, &mut dice(&[1])),
        Err(Reject::AlreadyJoined)
    );
    assert_eq!(t.seq, 3, "three joins bumped seq");
}

#[test]
fn the_host_leaving_the_lobby_hands_it_to_the_next_human_and_the_last_human_cancels_it() {
    // Given a lobby of host 1, player 2 and a computer,
    let t = lobby_of(&[1, 2])
        .act(&actor(1), Action::AddBot(Level::Normal), 0, &mut dice(&[1]))
        .expect("add");
    // When the host leaves, Then player 2 hosts.
    let t = t
        .act(&actor(1), Action::Leave, 0, &mut dice(&[1]))
        .expect("leave");
    assert_eq!(t.host, 2);
    assert_eq!(t.stage, Stage::Lobby);
    // When the last human leaves, Then the lobby is cancelled, with no game.
    let t = t
        .act(&actor(2), Action::Leave, 0, &mut dice(&[1]))
        .expect("leave");
    assert_eq!(t.stage, Stage::Cancelled(None));
    assert_eq!(t.last.last(), Some(&Event::Cancelled));
}

#[test]
fn only_the_host_or_an_admin_starts_and_a_lone_player_cannot() {
    // Given a lobby of one, When the host starts, Then two are needed.
    let alone = lobby_of(&[1]);
    assert_eq!(
        alone.act(&actor(1), Action::Start, 0, &mut dice(&[6, 1])),
        Err(Reject::NeedTwo)
    );
    // Given a lobby of two, When player 2 starts, Then only the host may,
    let t = lobby_of(&[1, 2]);
    assert_eq!(
        t.act(&actor(2), Action::Start, 0, &mut dice(&[6, 1])),
        Err(Reject::NotHost)
    );
    // unless player 2 is an administrator: Then the game is in play after a roll-off.
    let admin = Actor {
        is_admin: true,
        ..actor(2)
    };
    let t = t
        .act(&admin, Action::Start, 5, &mut dice(&[6, 1]))
        .expect("start");
    assert_eq!(t.status(), Status::Playing);
    assert_eq!(t.stats.started_ms, 5);
    assert!(matches!(t.last[0], Event::RollOff { .. }));
    assert_eq!(t.to_move().map(|p| p.id), Some(1), "yellow rolled 6");
}

#[test]
fn pairs_need_four_players() {
    // Given a pairs lobby of two, When the host starts, Then a full board is needed.
    let t = Table::lobby(&actor(1), Preset::Jcf, true)
        .act(&actor(2), Action::Join, 0, &mut dice(&[1]))
        .expect("join");
    assert_eq!(
        t.act(&actor(1), Action::Start, 0, &mut dice(&[6, 1])),
        Err(Reject::PairsNeedEven)
    );
}

#[test]
fn a_roll_out_of_turn_is_refused_and_a_roll_in_turn_settles_what_needs_no_choice() {
    // Given a game with yellow (player 1) to roll,
    let t = playing_two();
    // When red rolls, Then it is not their turn; a stranger is not a player.
    assert_eq!(
        t.act(&actor(2), Action::Roll, 0, &mut dice(&[3])),
        Err(Reject::NotYourTurn)
    );
    assert_eq!(
        t.act(&actor(9), Action::Roll, 0, &mut dice(&[3])),
        Err(Reject::NotAPlayer)
    );
    // When yellow rolls a 3 with every piece in the nest, Then the roll is passed.
    let after = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    assert_eq!(after.last[1], Event::NoMove { die: 3 });
    assert_eq!(after.to_move().map(|p| p.id), Some(2));
    assert_eq!(after.stats.rolls, 1);
}

#[test]
fn a_five_leaves_the_nest_by_itself_and_leaves_a_trail() {
    // Given yellow to roll, When yellow rolls a 5, Then the only move is played for them.
    let t = playing_two();
    let after = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[5]))
        .expect("roll");
    assert!(matches!(
        after.last[1],
        Event::Moved {
            from: Loc::Nest,
            auto: true,
            ..
        }
    ));
    assert!(after.trail.is_some());
    assert_eq!(after.stats.moves, 1);
}

#[test]
fn a_press_on_an_older_board_is_stale_but_lobby_buttons_act_on_the_lobby() {
    // Given a game at seq s, When a move button drawn at s - 1 is pressed, Then it is stale
    // (the moves of an older roll are not this roll's).
    let t = playing_two();
    let r = t.step(
        &actor(1),
        Action::Move(0),
        Some(t.seq - 1),
        0,
        &mut dice(&[3]),
    );
    assert_eq!(r, Err(Refusal::Alert(Alert::Stale)));
    // When an old Roll is pressed by someone who is not to roll, Then it is stale too.
    let r = t.step(&actor(2), Action::Roll, Some(t.seq - 1), 0, &mut dice(&[3]));
    assert_eq!(r, Err(Refusal::Alert(Alert::Stale)));
    // When the player to roll presses an old Roll (the board is behind), Then it is the
    // same legal action on the current state, and is applied.
    let rolled = t
        .step(&actor(1), Action::Roll, Some(t.seq - 1), 0, &mut dice(&[3]))
        .expect("an old Roll by the roller");
    assert_eq!(rolled.stats.rolls, t.stats.rolls + 1);
    // Given a lobby that moved on, When an old Join button is pressed, Then the join counts.
    let lobby = lobby_of(&[1, 2]);
    let joined = lobby.step(&actor(3), Action::Join, Some(0), 0, &mut dice(&[1]));
    assert!(joined.is_ok());
    // Given a finished table, When an old game button is pressed, Then the game is over.
    let mut over = playing_two();
    over.time_up(9);
    let r = over.step(&actor(1), Action::Roll, Some(0), 0, &mut dice(&[3]));
    assert_eq!(r, Err(Refusal::Alert(Alert::GameOver)));
}

#[test]
fn cancelling_a_game_keeps_its_last_position_and_refuses_a_second_cancel() {
    // Given a game in play, When the host cancels, Then the game is kept for the board.
    let t = playing_two();
    let c = t
        .act(&actor(1), Action::Cancel, 0, &mut dice(&[1]))
        .expect("cancel");
    assert!(matches!(c.stage, Stage::Cancelled(Some(_))));
    assert!(c.game().is_some() && c.playing().is_none());
    // When cancelled again, Then there is nothing to cancel.
    assert_eq!(
        c.act(&actor(1), Action::Cancel, 0, &mut dice(&[1])),
        Err(Reject::NotPlaying)
    );
}

#[test]
fn a_player_leaving_mid_game_is_replaced_and_the_last_human_leaving_cancels() {
    // Given a game of two humans, When player 2 leaves, Then a computer takes the seat,
    let t = playing_two();
    let t = t
        .act(&actor(2), Action::Leave, 0, &mut dice(&[1]))
        .expect("leave");
    let p2 = t.players.iter().find(|p| p.id == 2).expect("seat kept");
    assert_eq!(p2.kind, PlayerKind::Computer(Level::Normal));
    assert_eq!(t.status(), Status::Playing);
    // When player 1 leaves too, Then nobody is left to play: cancelled.
    let t = t
        .act(&actor(1), Action::Leave, 0, &mut dice(&[1]))
        .expect("leave");
    assert_eq!(t.status(), Status::Cancelled);
}

#[test]
fn the_time_limit_ends_the_game_with_a_result() {
    // Given a game in play, When its time is up, Then it is finished and has no deadline.
    let mut t = playing_two();
    t.deadline_ms = Some(5);
    t.time_up(1_000);
    assert_eq!(t.status(), Status::Finished);
    assert_eq!(t.stats.finished_ms, 1_000);
    assert_eq!(t.deadline_ms, None);
    assert!(matches!(t.last.last(), Some(Event::TimeUp { .. })));
}

#[test]
fn the_next_deadline_is_a_computer_s_pause_or_a_human_s_timer() {
    // Given a human to move, When the deadline is planned, Then it is the turn timer,
    let mut t = playing_two();
    t.plan_deadline(1_000, TIMING);
    assert_eq!(t.deadline_ms, Some(31_000));
    assert_eq!(t.due(), Some(31_000));
    // or none with the timer off;
    t.plan_deadline(
        1_000,
        Timing {
            turn_ms: 0,
            ..TIMING
        },
    );
    assert_eq!(t.deadline_ms, None);
    // Given a computer to move, Then it is the computer's pause.
    t.players[0].kind = PlayerKind::Computer(Level::Easy);
    t.plan_deadline(1_000, TIMING);
    assert_eq!(t.deadline_ms, Some(1_100));
    // Given a lobby, Then nothing is due.
    let mut lobby = lobby_of(&[1, 2]);
    lobby.plan_deadline(1_000, TIMING);
    assert_eq!(lobby.due(), None);
}

#[test]
fn three_timeouts_mark_a_player_absent_and_their_press_brings_them_back() {
    // Given a human whose timer runs out three turns in a row,
    let mut t = playing_two();
    let mut strikes = 0;
    while strikes < STRIKES_TO_ABSENT {
        let id = t.to_move().expect("someone to move").id;
        let next = t
            .automatic_turn(0, &mut dice(&[3]), &mut rng())
            .expect("a turn");
        if id == 1 {
            strikes += 1;
            assert!(next.last.contains(&Event::TimedOut {
                name: "p1".into(),
                strike: strikes
            }));
        }
        t = next;
    }
    // Then they are marked absent, told, and the computer plays their seat.
    let p1 = t.players.iter().find(|p| p.id == 1).expect("p1");
    assert!(p1.absent && p1.is_automatic());
    assert!(t.last.contains(&Event::Absent { name: "p1".into() }));
    // When they press a button that is refused, Then they are back, seq unchanged.
    let back = t.returning(1, 0, TIMING).expect("was absent");
    assert_eq!(back.seq, t.seq);
    assert!(!back.players[0].absent && back.players[0].strikes == 0);
    assert_eq!(back.last.last(), Some(&Event::Back { name: "p1".into() }));
    assert_eq!(back.returning(1, 0, TIMING), None, "not absent any more");
}

#[test]
fn an_absent_player_s_accepted_press_is_narrated_as_back() {
    // Given player 1 marked absent and to roll,
    let mut t = playing_two();
    t.players[0].absent = true;
    t.players[0].strikes = STRIKES_TO_ABSENT;
    // When they roll, Then the roll is theirs and they are back first.
    let after = t
        .step(&actor(1), Action::Roll, Some(t.seq), 0, &mut dice(&[3]))
        .expect("roll");
    assert_eq!(after.last[0], Event::Back { name: "p1".into() });
    assert!(!after.players[0].absent);
}

#[test]
fn a_skip_plays_the_turn_and_says_skipped_not_timed_out() {
    // Given a human to move, When the host skips them,
    let t = playing_two();
    let next = t
        .skipped_turn(0, &mut dice(&[3]), &mut rng())
        .expect("a turn");
    // Then the bot played their turn, narrated as skipped, the strike counted.
    assert_eq!(next.last[0], Event::Skipped { name: "p1".into() });
    assert!(
        !next
            .last
            .iter()
            .any(|e| matches!(e, Event::TimedOut { .. }))
    );
    assert_eq!(next.players[0].strikes, 1);
    assert_eq!(next.to_move().map(|p| p.id), Some(2));
}

#[test]
fn a_computer_plays_its_whole_turn_and_nobody_else_s() {
    // Given a computer to move, When its turn is played, Then the turn passes on.
    let mut t = playing_two();
    t.players[0].kind = PlayerKind::Computer(Level::Normal);
    let next = t
        .computer_turn(0, &mut dice(&[3]), &mut rng())
        .expect("a turn");
    assert_eq!(next.seq, t.seq + 1);
    assert_eq!(next.to_move().map(|p| p.id), Some(2));
    // Given a human to move, Then there is no computer turn to play.
    assert_eq!(next.computer_turn(0, &mut dice(&[3]), &mut rng()), None);
}

#[test]
fn a_stored_table_round_trips_and_a_lobby_has_no_game() {
    // Given a game in play and a lobby, When saved and loaded, Then nothing is lost.
    for t in [playing_two(), lobby_of(&[1, 2])] {
        let json = serde_json::to_string(&t).expect("encode");
        let back: Table = serde_json::from_str(&json).expect("decode");
        assert_eq!(back, t);
        assert!(!json.contains("\"board_msg\"") && !json.contains("\"last_move\""));
    }
    // Given a record that says "playing" without a game, Then it does not load.
    let broken = r#"{"status":"playing","host":1,"preset":"jcf","pairs":false,"players":[]}"#;
    assert!(serde_json::from_str::<Table>(broken).is_err());
}

#[test]
fn a_table_stored_by_the_previous_version_loads_with_its_trail_and_board_message() {
    // Given the JSON the previous version stored (a Move under `last_move`, the board
    // message inside the table),
    let t = playing_two()
        .act(&actor(1), Action::Roll, 0, &mut dice(&[5]))
        .expect("roll");
    let mut old: serde_json::Value = serde_json::to_value(&t).expect("encode");
    let trail = t.trail.expect("a trail");
    old["last_move"] = serde_json::json!({
        "colour": trail.colour, "from": trail.from, "to": trail.to, "captures": null
    });
    old.as_object_mut().expect("object").remove("trail");
    old["board_msg"] = 77.into();
    old["board_photo"] = true.into();
    // When it is loaded,
    let loaded: Table = serde_json::from_value(old).expect("an old table loads");
    // Then the trail and the game are there, and the board message is offered to the
    // display record (and never written back into the table).
    assert_eq!(loaded.trail, Some(trail));
    assert_eq!(loaded.game(), t.game());
    assert_eq!(
        loaded.legacy_board,
        Some(LegacyBoard {
            message_id: 77,
            photo: true
        })
    );
    let again = serde_json::to_string(&loaded).expect("encode");
    assert!(!again.contains("board_msg"));
}

/// A two-player table (Anna yellow, Pau red) playing `position`.
fn anna_and_pau(position: &str) -> Table {
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false);
    t.players = [(1, "Anna", Colour::Yellow), (2, "Pau", Colour::Red)]
        .into_iter()
        .map(|(id, name, c)| Player {
            id,
            name: name.into(),
            kind: PlayerKind::Human,
            colour: Some(c),
            strikes: 0,
            absent: false,
        })
        .collect();
    t.stage = Stage::Playing(serde_json::from_str::<Game>(position).expect("position"));
    t
}

#[test]
fn a_third_six_names_the_piece_the_last_roll_moved_not_the_one_the_bonus_moved() {
    // Given Anna's second six captured on 26 and the 20 was played by her piece on 40 -> 60,
    let t = anna_and_pau(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","sixes":2,"last_moved":"26",
            "board":{"26":["yellow"],"60":["yellow"]}}"#,
    );
    // When she rolls a third six,
    let after = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[6]))
        .expect("her turn");
    // Then the piece on 26 goes home, and the board message says which one.
    assert!(after.last.contains(&Event::ThirdSix {
        sent_home: Some("26".parse::<Loc>().expect("a square"))
    }));
    let game = after.game().expect("game");
    assert_eq!(game.in_nest(Colour::Yellow), 3);
    assert_eq!(game.turn(), Some(Colour::Red));
    let text = board_text(Lang::En, &after, 0).status;
    assert!(
        text.contains("🟡 Anna 🎲 6: third six, 26 back to the 🏠 nest"),
        "{text}"
    );
    let ca = board_text(Lang::CaValencia, &after, 0).status;
    assert!(
        ca.contains("🟡 Anna 🎲 6: tercer sis, la fitxa de 26 torna al quadre d'espera"),
        "{ca}"
    );
}

#[test]
fn narration_puts_a_capture_and_the_goal_on_lines_of_their_own() {
    // Given a move that captures, When narrated, Then the capture has its own line and an
    // automatic move says so at the end of its last line.
    let t = anna_and_pau(r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","board":{}}"#);
    let events = [Event::Moved {
        colour: Colour::Yellow,
        from: "30".parse().expect("a square"),
        to: "33".parse().expect("a square"),
        captures: Some(Colour::Red),
        opened_barrier: false,
        auto: true,
    }];
    let lines = narrate(&events, |c| name_of(&t, c), Some(Colour::Yellow));
    assert_eq!(lines.len(), 2);
    let text: Vec<String> = lines.iter().map(|l| l.plain(Lang::En)).collect();
    assert!(text[0].contains("Anna"), "{text:?}");
    assert!(text[1].contains("Pau"), "{text:?}");
    assert!(matches!(
        lines[1].msgs.last(),
        Some(crate::i18n::Msg::AutoPlayed)
    ));
}

#[test]
fn a_game_in_play_waits_for_a_roll_or_a_choice() {
    // Given a fresh game, Then it waits for the first player's roll.
    let t = playing_two();
    assert!(matches!(
        t.playing().map(Game::phase),
        Some(Phase::AwaitingRoll(Colour::Yellow))
    ));
}

#[test]
fn removing_a_player_mid_game_hands_the_seat_to_a_computer_and_says_removed() {
    // Given a game in play, When player 2 tries to remove the host, Then only the host may;
    let t = playing_two();
    assert_eq!(
        t.act(&actor(2), Action::Remove(0), 0, &mut dice(&[1])),
        Err(Reject::NotHost)
    );
    // When the host removes player 2, Then a computer plays the seat, narrated as removed.
    let after = t
        .act(&actor(1), Action::Remove(1), 0, &mut dice(&[1]))
        .expect("removed");
    assert_eq!(after.players[1].kind, PlayerKind::Computer(Level::Normal));
    assert_eq!(after.last[0], Event::Removed { name: "p2".into() });
    // And a place that is not in the list is nobody.
    assert_eq!(
        t.act(&actor(1), Action::Remove(7), 0, &mut dice(&[1])),
        Err(Reject::NotJoined)
    );
}

/// Yellow (player 1) and red (player 2), red rolling only 3s (no piece leaves the nest):
/// yellow plays `rolls` in turn (a choice: the first move) until yellow has a real choice.
fn yellow_to_choose() -> Table {
    let mut t = playing_two();
    for &die in &[5, 3, 5, 3, 3, 3, 2] {
        let who = t.to_move().map(|p| p.id).expect("someone to move");
        t = t
            .act(&actor(who), Action::Roll, 0, &mut dice(&[die]))
            .expect("roll");
        while t.to_move().is_some_and(|p| p.id == 1) && !t.awaits_roll_by(1) {
            if t.playing().is_some_and(|g| g.legal_moves().len() > 1) && die == 2 {
                return t;
            }
            t = t
                .act(&actor(1), Action::Move(0), 0, &mut dice(&[1]))
                .expect("move");
        }
    }
    panic!("yellow never had a choice: {:?}", t.last);
}

#[test]
fn a_move_pressed_on_a_board_behind_is_played_when_the_same_move_is_still_legal() {
    // Given yellow to choose between two moves now (the stored table at seq s),
    let t = yellow_to_choose();
    let legal = t.playing().expect("playing").legal_moves().to_vec();
    assert!(legal.len() > 1);
    let key = |i: usize| MoveKey {
        index: 0, // the index on the older board: not this board's
        from: legal[i].from_progress(),
        to: legal[i].to_progress(),
    };
    // When yellow presses, on a board drawn at s - 1, a move that is legal now,
    let played = t
        .step(
            &actor(1),
            Action::MoveSeen(key(1)),
            Some(t.seq - 1),
            0,
            &mut dice(&[1]),
        )
        .expect("the same legal move is played");
    // Then that move (not the one at the old index) is played.
    assert!(played.seq > t.seq);
    let trail = played.trail.expect("a trail");
    assert_eq!(
        (trail.from, trail.to),
        (legal[1].from_progress(), legal[1].to_progress())
    );
    // When red presses it, or yellow presses a move that is not legal now, or a button
    // drawn on a later board (forged), Then it is stale and nothing changes.
    let stale = Err(Refusal::Alert(Alert::Stale));
    let red = t.step(
        &actor(2),
        Action::MoveSeen(key(1)),
        Some(t.seq - 1),
        0,
        &mut dice(&[1]),
    );
    assert_eq!(red, stale);
    let gone = MoveKey {
        index: 0,
        from: 60,
        to: 62,
    };
    let r = t.step(
        &actor(1),
        Action::MoveSeen(gone),
        Some(t.seq - 1),
        0,
        &mut dice(&[1]),
    );
    assert_eq!(r, stale);
    let r = t.step(
        &actor(1),
        Action::MoveSeen(key(1)),
        Some(t.seq + 1),
        0,
        &mut dice(&[1]),
    );
    assert_eq!(r, stale);
    // On the board it was drawn on, the button's index is the move.
    let same = t
        .step(
            &actor(1),
            Action::MoveSeen(MoveKey { index: 1, ..gone }),
            Some(t.seq),
            0,
            &mut dice(&[1]),
        )
        .expect("the move at index 1");
    assert_eq!(same.trail, played.trail);
}

#[test]
fn the_host_sets_the_lobby_s_board_and_rules_and_nobody_else_nor_after_the_start() {
    use crate::engine::Arms;
    let choose = |t: &Table, who: i64, c: Choice| {
        t.step(&actor(who), Action::Choose(c), Some(0), 0, &mut dice(&[1]))
    };
    // Given a lobby of three opened with the default rules and no board asked for,
    let t = lobby_of(&[1, 2, 3]);
    assert_eq!(
        (t.board(), t.preset(), t.pairs()),
        (None, Preset::Jcf, false)
    );
    // When the host asks for six arms and the Solidari rules (from a button drawn on an
    // older lobby: a setting is a lobby's action),
    let t = choose(&t, 1, Choice::Board(Some(Arms::Six))).expect("the board");
    let t = choose(&t, 1, Choice::Rules(Preset::Solidari)).expect("the rules");
    // then the table seats six and plays Solidari, in pairs, with its time limit;
    assert_eq!((t.board(), t.capacity()), (Some(Arms::Six), 6));
    assert_eq!((t.preset(), t.pairs()), (Preset::Solidari, true));
    assert_eq!(t.limit(), TimeLimit::of(Preset::Solidari));
    // and back to JCF, no pairs and no limit.
    let t = choose(&t, 1, Choice::Rules(Preset::Jcf)).expect("the rules");
    assert_eq!(
        (t.preset(), t.pairs(), t.limit()),
        (Preset::Jcf, false, None)
    );
    // A player who is not the host is refused, as for Start,
    assert_eq!(
        choose(&t, 2, Choice::Board(None)),
        Err(Refusal::Reject(Reject::NotHost))
    );
    // a board with fewer seats than are taken is refused as a full one,
    let five = lobby_of(&[1, 2, 3, 4, 5]);
    assert_eq!(
        choose(&five, 1, Choice::Board(Some(Arms::Four))),
        Err(Refusal::Reject(Reject::Full(4)))
    );
    // and once the game started nothing changes.
    let playing = playing_two();
    assert!(choose(&playing, 1, Choice::Board(Some(Arms::Eight))).is_err());
    assert!(
        playing
            .act(
                &actor(1),
                Action::Choose(Choice::Board(None)),
                0,
                &mut dice(&[1])
            )
            .is_err()
    );
}
