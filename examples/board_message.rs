//! Prints a sample board message (Telegram HTML) for a mid-game position: used to look at
//! the message as a phone shows it (render it in a phone-width bubble).
use parxis::bot::core::table::{Actor, Event, Player, PlayerKind, Stage, Table};
use parxis::engine::{Colour, Game, Loc, Preset};
use parxis::i18n::Lang;

fn main() {
    let lang: Lang = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Lang::CaValencia);
    let game: Game = serde_json::from_str(r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"red","board":{"5":["yellow"],"12":["blue","yellow"],"20":["red","red"],"30":["green"],"46":["blue"],"60":["red"],"yellow-3":["yellow"],"green-1":["green"]},"goal":{"blue":1,"green":2}}"#).expect("position");
    let host = Actor {
        id: 1,
        name: "Vicent".into(),
        is_admin: false,
    };
    let mut t = Table::lobby(&host, Preset::Jcf, false);
    let names = ["Vicent", "Amparo <3", "Pepa", "Xavi"];
    t.players = parxis::engine::Arms::Four
        .colours()
        .iter()
        .zip(names)
        .enumerate()
        .map(|(i, (&c, n))| Player {
            id: i as i64 + 1,
            name: n.into(),
            kind: PlayerKind::Human,
            colour: Some(c),
            strikes: 0,
            absent: false,
        })
        .collect();
    t.stage = Stage::Playing(game);
    t.last = vec![
        Event::Rolled {
            seat: Colour::Blue,
            die: 4,
            counts: 4,
        },
        Event::Moved {
            colour: Colour::Blue,
            from: "42".parse::<Loc>().unwrap(),
            to: "46".parse().unwrap(),
            captures: None,
            opened_barrier: false,
            auto: false,
        },
    ];
    let text = parxis::bot::core::view::board_text(lang, &t, 0);
    println!("{}\n\n{}", text.board, text.status);
}
