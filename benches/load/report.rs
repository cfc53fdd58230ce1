//! After the run: validate every stored game, and print the figures.

use std::sync::atomic::Ordering;
use std::time::Duration;

use parxis::bot::core::table::{Status, Table};
use parxis::engine::{Game, Loc};

use crate::group::Seen;
use crate::support::fake_tg::buttons;
use crate::{Config, Env, Probe};

/// What the validation found.
#[derive(Default)]
pub struct Validation {
    pub games: usize,
    pub playing: usize,
    pub problems: Vec<String>,
}

/// Every game in Redis: decodes, survives a serde round trip, has its pieces accounted
/// for, never went back in `seq`, and is not stuck (a human's turn shows its buttons, a
/// computer's turn is due and gets played).
pub async fn validate(env: &Env, seen: &[Seen]) -> Validation {
    // Let the presses and automatic turns in flight land.
    tokio::time::sleep(Duration::from_millis(env.cfg.pause_ms + 1500)).await;
    let mut v = Validation::default();
    let due: Vec<String> = match env.store.due_places(u64::MAX, 100_000).await {
        Ok(chats) => chats.into_iter().map(|c| c.to_string()).collect(),
        Err(e) => {
            v.problems.push(format!("due set: {e}"));
            Vec::new()
        }
    };
    let mut waiting_on_computer = Vec::new();
    for s in seen {
        let rec = match env.store.load::<Table>(s.chat).await {
            Ok(Some(r)) => r,
            Ok(None) => {
                v.problems.push(format!("chat {}: no game stored", s.chat));
                continue;
            }
            Err(e) => {
                v.problems
                    .push(format!("chat {}: does not load: {e}", s.chat));
                continue;
            }
        };
        v.games += 1;
        let t = rec.state;
        let problem = |what: String| format!("chat {}: {what}", s.chat);
        match serde_json::to_string(&t).map(|j| serde_json::from_str::<Table>(&j)) {
            Ok(Ok(back)) if back == t => {}
            other => v
                .problems
                .push(problem(format!("serde round trip: {other:?}"))),
        }
        if t.seq() < s.max_seq {
            v.problems.push(problem(format!(
                "seq {} below the {} seen",
                t.seq(),
                s.max_seq
            )));
        }
        if let Some(g) = t.game() {
            v.problems.extend(check_pieces(g).into_iter().map(problem));
        }
        if t.status() == Status::Playing {
            v.playing += 1;
            match t.to_move() {
                Some(p) if p.is_automatic() => {
                    if !due.contains(&s.chat.to_string()) {
                        v.problems
                            .push(problem("a computer's turn is not due".into()));
                    }
                    waiting_on_computer.push((s.chat, t.seq()));
                }
                Some(_) => {
                    let shows = env.fake.last_board(s.chat).is_some_and(|b| {
                        buttons(&b)
                            .first()
                            .is_some_and(|(_, d)| d.contains(&format!(":{}", t.seq())))
                    });
                    if !shows {
                        v.problems
                            .push(problem("the board does not show the human's turn".into()));
                    }
                }
                None => v.problems.push(problem("playing, nobody to move".into())),
            }
        }
    }
    // The driver is alive: every computer's turn gets played.
    tokio::time::sleep(Duration::from_millis(env.cfg.pause_ms + 1000)).await;
    for (chat, seq) in waiting_on_computer {
        match env.store.load::<Table>(chat).await {
            Ok(Some(r)) if r.state.seq() > seq => {}
            other => v.problems.push(format!(
                "chat {chat}: the computer's turn at seq {seq} was not played: {:?}",
                other.map(|o| o.map(|r| r.state.seq()))
            )),
        }
    }
    v
}

/// The pieces of every seat are where the counts say, and no square holds more than two.
fn check_pieces(g: &Game) -> Vec<String> {
    let mut out = Vec::new();
    let mut on_squares = 0;
    for c in g.seats() {
        let locs = g.piece_locations(c);
        let nest = locs.iter().filter(|l| **l == Loc::Nest).count();
        let goal = locs.iter().filter(|l| **l == Loc::Goal).count();
        on_squares += locs.iter().filter(|l| matches!(l, Loc::Sq(_))).count();
        if nest != usize::from(g.in_nest(c)) || goal != usize::from(g.in_goal(c)) {
            out.push(format!(
                "{c:?}: {nest} in the nest / {goal} in the goal by location, {} / {} by count",
                g.in_nest(c),
                g.in_goal(c)
            ));
        }
    }
    let mut counted = 0;
    for sq in g.arms().squares() {
        let n = g.pieces_on(sq).count();
        counted += n;
        if n > 2 {
            out.push(format!("{n} pieces on {sq:?}"));
        }
    }
    if counted != on_squares {
        out.push(format!(
            "{on_squares} pieces on squares by location, {counted} by square"
        ));
    }
    out
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i.min(sorted.len() - 1)]) / 1000.0
}

/// A metric's value from the Prometheus text (summed over labels).
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|l| {
            l.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with('{'))
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .fold(0.0, |a, b| a + b)
}

/// Print the report; true when the run failed.
pub fn print(
    cfg: &Config,
    probe: &Probe,
    elapsed: Duration,
    updates: u64,
    metrics: &str,
    v: &Validation,
) -> bool {
    let secs = elapsed.as_secs_f64();
    let answers = probe.answer_latency.sorted();
    let edits = probe.edit_latency.sorted();
    let errors = probe
        .errors
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    println!("== parxis bot load test ==");
    println!(
        "groups {} · {:.1} s · computers per game {} · pause {} ms · think ≤ {} ms · noise {}%",
        cfg.groups, secs, cfg.computers, cfg.pause_ms, cfg.think_ms, cfg.noise_pct
    );
    println!(
        "updates pushed {updates} ({:.0}/s) · presses {} (wrong/stale/forged {}) · handled by the bot {} ({:.0}/s)",
        updates as f64 / secs,
        probe.presses.load(Ordering::Relaxed),
        probe.noise.load(Ordering::Relaxed),
        metric(metrics, "parxis_updates_total"),
        metric(metrics, "parxis_updates_total") / secs,
    );
    println!(
        "Bot API requests {} ({:.0}/s) · board edits {} · new messages {}",
        probe.requests.load(Ordering::Relaxed),
        probe.requests.load(Ordering::Relaxed) as f64 / secs,
        probe.edits.load(Ordering::Relaxed),
        probe.sends.load(Ordering::Relaxed),
    );
    println!(
        "press → answerCallbackQuery: n {} · median {:.2} ms · p90 {:.2} ms · p99 {:.2} ms · max {:.2} ms",
        answers.len(),
        percentile(&answers, 0.5),
        percentile(&answers, 0.9),
        percentile(&answers, 0.99),
        percentile(&answers, 1.0),
    );
    println!(
        "press → board edit:           n {} · median {:.2} ms · p90 {:.2} ms · p99 {:.2} ms · max {:.2} ms",
        edits.len(),
        percentile(&edits, 0.5),
        percentile(&edits, 0.9),
        percentile(&edits, 0.99),
        percentile(&edits, 1.0),
    );
    let handled = metric(metrics, "parxis_update_seconds_count");
    let within = |le: &str| {
        let name = format!("parxis_update_seconds_bucket{{le=\"{le}\"}}");
        100.0 * metric(metrics, &name) / handled.max(1.0)
    };
    println!(
        "time inside the bot's handler (its histogram): ≤1 ms {:.1}% · ≤2.5 ms {:.1}% · ≤5 ms {:.1}% · ≤10 ms {:.1}% · ≤25 ms {:.1}%",
        within("0.001"),
        within("0.0025"),
        within("0.005"),
        within("0.01"),
        within("0.025"),
    );
    println!(
        "games started {} · finished {} (bot metrics: {} / {}) · CAS conflicts {} · Telegram errors {}",
        probe.games_started.load(Ordering::Relaxed),
        probe.games_finished.load(Ordering::Relaxed),
        metric(metrics, "parxis_games_started_total"),
        metric(metrics, "parxis_games_finished_total"),
        metric(metrics, "parxis_cas_conflicts_total"),
        metric(metrics, "parxis_telegram_errors_total"),
    );
    println!(
        "validation: {} games in Redis ({} still playing), {} problems",
        v.games,
        v.playing,
        v.problems.len()
    );
    for p in v.problems.iter().take(20) {
        println!("  ✗ {p}");
    }
    println!("errors during the run: {}", errors.len());
    for e in errors.iter().take(20) {
        println!("  ✗ {e}");
    }
    !errors.is_empty() || !v.problems.is_empty()
}
