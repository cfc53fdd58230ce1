//! From what was recorded to the figures of one scenario.

use std::time::{Duration, Instant};

use crate::probe::{Answer, ChatLog, Taken};
use crate::support::fake_tg::FloodStats;

/// Telegram's window.
const MINUTE: Duration = Duration::from_secs(60);

/// The figures of one scenario.
#[derive(Default)]
pub struct Row {
    pub name: String,
    pub groups: usize,
    pub replicas: usize,
    pub secs: u64,
    pub presses: u64,
    pub refused: Vec<String>,
    pub unanswered: usize,
    /// Callback answer latency, ms: p50, p99, max.
    pub answer_ms: [f64; 3],
    /// Its two parts, ms, p50 / p99 / max: update pushed → first handed to a bot by
    /// `getUpdates`, and from there → `answerCallbackQuery` received.
    pub delivery_ms: [f64; 3],
    pub handling_ms: [f64; 3],
    /// Answers slower than 300 ms, and than 1 s.
    pub slow: [usize; 2],
    /// Answers slower than 300 ms by 20 s of the run (pushed in 0–20 s, 20–40 s, …).
    pub slow_by_time: Vec<usize>,
    /// What the members asked: (command, sent, replied to).
    pub asked: Vec<(&'static str, u64, u64)>,
    /// Boards posted anew (successful sends with game buttons, lobbies included).
    pub board_posts: u64,
    /// The bots' own histogram of time inside an update's handler: updates handled, and
    /// those over 0.1 s, 0.25 s and 1 s.
    pub handler: [u64; 4],
    /// The most writes any chat got in any 60 s.
    pub max_window: usize,
    pub too_many: usize,
    pub inside_retry: usize,
    /// Board lag, s: p50, max (every stored version), and after the first minute of play.
    pub lag: [f64; 2],
    pub lag_after: Option<[f64; 2]>,
    pub versions: usize,
    pub versions_after: usize,
    /// Versions the board never showed (by the end of the grace after the run).
    pub never_shown: usize,
    /// Writes made to a chat between a version being stored and its board showing it: the
    /// most for any version, and how many versions had more than one.
    pub ahead_max: usize,
    pub ahead_over_one: usize,
    pub commands: u64,
    pub replies: u64,
    pub stale: u64,
    pub superseded: u64,
    pub flood_notices: u64,
    /// Writes each replica made (its `parxis_outbox_total{event="made"}`).
    pub made: Vec<u64>,
    /// Reply latency (command pushed → its reply at the fake), s: p50, max.
    pub reply_s: [f64; 2],
    pub writes: usize,
    pub board_writes: usize,
    pub other_writes: u64,
    pub finished: u64,
    /// The 1-minute load average: mean and max of samples during the run.
    pub load: [f64; 2],
    /// What went wrong around the measurement (a game or setting changed by odd commands…).
    pub problems: Vec<String>,
}

/// The `q`-quantile of sorted `v` (nearest rank), in the unit of `to`.
fn quantile(v: &[Duration], q: f64, to: fn(Duration) -> f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() - 1) as f64 * q).round() as usize;
    to(v[i.min(v.len() - 1)])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// The most of `times` (sorted) inside any window of `len`.
fn most_in_window(times: &[Duration], len: Duration) -> usize {
    let (mut best, mut lo) = (0, 0);
    for hi in 0..times.len() {
        while times[hi].saturating_sub(times[lo]) >= len {
            lo += 1;
        }
        best = best.max(hi + 1 - lo);
    }
    best
}

/// Write requests (admitted or refused) that arrived while a 429's `retry_after` ran.
fn inside_retry_after(f: &FloodStats) -> usize {
    let mut attempts: Vec<Duration> = f.writes.clone();
    attempts.extend(f.refused.iter().map(|r| r.0));
    attempts.sort();
    attempts
        .iter()
        .filter(|&&a| {
            f.refused
                .iter()
                .any(|&(t, ra)| a > t && a < t + Duration::from_secs(u64::from(ra)))
        })
        .count()
}

/// Board lag of one chat: for each stored version, (when it was stored, the lag until the
/// board showed it or a later one, writes made in between; `None` when never shown).
fn chat_lags(c: &ChatLog, end: Instant) -> Vec<(Instant, Duration, Option<usize>)> {
    let mut shown = c.shown.clone();
    shown.sort_by_key(|s| s.0);
    let mut best = 0;
    let mut upto: Vec<(Instant, u64)> = Vec::with_capacity(shown.len());
    for (at, seq) in shown {
        best = best.max(seq);
        upto.push((at, best));
    }
    let mut writes: Vec<Instant> = c.writes.iter().filter(|w| w.1).map(|w| w.0).collect();
    writes.sort();
    c.stored
        .iter()
        .map(|&(at, seq)| {
            let first = upto.iter().position(|&(_, s)| s >= seq);
            match first {
                Some(i) => {
                    let t = upto[i].0;
                    let between = writes.iter().filter(|&&w| w > at && w < t).count();
                    (at, t.saturating_duration_since(at), Some(between))
                }
                None => (at, end.saturating_duration_since(at), None),
            }
        })
        .collect()
}

/// The lag and "writes ahead" figures over every chat.
pub fn lags(row: &mut Row, taken: &Taken, end: Instant) {
    let (mut all, mut after) = (Vec::new(), Vec::new());
    for c in taken.chats.values() {
        let from = c.playing_since.map(|p| p + MINUTE);
        for (at, lag, ahead) in chat_lags(c, end) {
            all.push(lag);
            if from.is_some_and(|f| at >= f) {
                after.push(lag);
            }
            match ahead {
                None => row.never_shown += 1,
                Some(n) => {
                    row.ahead_max = row.ahead_max.max(n);
                    row.ahead_over_one += usize::from(n > 1);
                }
            }
        }
        row.other_writes += c.other_writes;
        row.board_writes += c.shown.len();
        row.board_posts += c.board_posts;
        row.replies += c.replies;
        row.writes += c.writes.iter().filter(|w| w.1).count();
    }
    all.sort();
    after.sort();
    row.versions = all.len();
    row.versions_after = after.len();
    row.lag = [quantile(&all, 0.5, secs), quantile(&all, 1.0, secs)];
    row.lag_after =
        (!after.is_empty()).then(|| [quantile(&after, 0.5, secs), quantile(&after, 1.0, secs)]);
}

fn three(mut v: Vec<Duration>) -> [f64; 3] {
    v.sort();
    [
        quantile(&v, 0.5, ms),
        quantile(&v, 0.99, ms),
        quantile(&v, 1.0, ms),
    ]
}

/// The answer and reply latencies (`start`: when the run began).
pub fn latencies(row: &mut Row, taken: &mut Taken, start: Instant) {
    taken.reply_latency.sort();
    let a: &[Answer] = &taken.answers;
    row.answer_ms = three(a.iter().map(Answer::latency).collect());
    row.delivery_ms = three(
        a.iter()
            .filter_map(|x| Some(x.delivered?.saturating_duration_since(x.pushed)))
            .collect(),
    );
    row.handling_ms = three(
        a.iter()
            .filter_map(|x| Some(x.answered.saturating_duration_since(x.delivered?)))
            .collect(),
    );
    let slow: Vec<&Answer> = a
        .iter()
        .filter(|x| x.latency() > Duration::from_millis(300))
        .collect();
    row.slow = [
        slow.len(),
        slow.iter()
            .filter(|x| x.latency() > Duration::from_secs(1))
            .count(),
    ];
    row.slow_by_time = vec![0; (row.secs as usize).div_ceil(20) + 1];
    for x in slow {
        let b = (x.pushed.saturating_duration_since(start).as_secs() / 20) as usize;
        let last = row.slow_by_time.len() - 1;
        row.slow_by_time[b.min(last)] += 1;
    }
    let mut asked: Vec<_> = taken.asked.iter().map(|(k, v)| (*k, v[0], v[1])).collect();
    asked.sort();
    row.asked = asked;
    let r = &taken.reply_latency;
    row.reply_s = [quantile(r, 0.5, secs), quantile(r, 1.0, secs)];
    row.presses = taken.presses;
    row.unanswered = taken.unanswered;
    row.refused = taken.refused.clone();
    row.commands = taken.commands_sent;
}

/// The flood figures over every chat.
pub fn flood(row: &mut Row, stats: &[FloodStats]) {
    for f in stats {
        row.max_window = row.max_window.max(most_in_window(&f.writes, MINUTE));
        row.too_many += f.refused.len();
        row.inside_retry += inside_retry_after(f);
    }
}

/// A metric's value from the Prometheus text (summed over labels).
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|l| {
            l.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with('{'))
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// Add a bot's handler histogram (its metrics' text) to the row.
pub fn handler(row: &mut Row, metrics: &str) {
    let count = metric(metrics, "parxis_update_seconds_count") as u64;
    let within = |le: &str| {
        metric(
            metrics,
            &format!("parxis_update_seconds_bucket{{le=\"{le}\"}}"),
        ) as u64
    };
    row.handler[0] += count;
    row.handler[1] += count.saturating_sub(within("0.1"));
    row.handler[2] += count.saturating_sub(within("0.25"));
    row.handler[3] += count.saturating_sub(within("1"));
}

fn fmt(x: f64, digits: usize) -> String {
    if x.is_nan() {
        "–".into()
    } else {
        format!("{x:.digits$}")
    }
}

/// The table, as Markdown (for docs/SCALING.md's figures).
pub fn print_table(rows: &[Row]) {
    println!(
        "| scenario | presses | answer p50 / p99 / max (ms) | most writes in 60 s | 429s | \
         inside a retry_after | board lag p50 / max (s) | after the 1st min p50 / max (s) | \
         writes before the board, max (versions > 1) | replies made / dropped (commands) | load avg |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for r in rows {
        let after = r.lag_after.map_or("–".to_owned(), |[p50, max]| {
            format!("{} / {} (n {})", fmt(p50, 1), fmt(max, 1), r.versions_after)
        });
        println!(
            "| {} | {} | {} / {} / {} | {} | {} | {} | {} / {} (n {}) | {} | {} ({}) | {} / {} ({}) | {:.1} (max {:.1}) |",
            r.name,
            r.presses,
            fmt(r.answer_ms[0], 1),
            fmt(r.answer_ms[1], 1),
            fmt(r.answer_ms[2], 1),
            r.max_window,
            r.too_many,
            r.inside_retry,
            fmt(r.lag[0], 1),
            fmt(r.lag[1], 1),
            r.versions,
            after,
            r.ahead_max,
            r.ahead_over_one,
            r.replies,
            r.stale,
            r.commands,
            r.load[0],
            r.load[1],
        );
    }
}

/// The details of one scenario, below its line of the table.
pub fn print_details(r: &Row) {
    println!(
        "{}: {} group(s), {} replica(s), {} s · presses {} (refused {}, unanswered {}) · games finished {} · \
         writes {} (boards and lobbies {}, replies {}, other {}) · commands {} → replies {} \
         (p50 {} s, max {} s), dropped stale {}, superseded {}, flood notices {} · \
         versions never shown {} · writes made by replica {:?}",
        r.name,
        r.groups,
        r.replicas,
        r.secs,
        r.presses,
        r.refused.len(),
        r.unanswered,
        r.finished,
        r.writes,
        r.board_writes,
        r.replies,
        r.other_writes,
        r.commands,
        r.replies,
        fmt(r.reply_s[0], 1),
        fmt(r.reply_s[1], 1),
        r.stale,
        r.superseded,
        r.flood_notices,
        r.never_shown,
        r.made,
    );
    println!(
        "  answers: pushed → delivered p50 / p99 / max {} / {} / {} ms, delivered → answered {} / {} / {} ms; \
         over 300 ms {}, over 1 s {}; over 300 ms by 20 s of the run {:?}",
        fmt(r.delivery_ms[0], 1),
        fmt(r.delivery_ms[1], 1),
        fmt(r.delivery_ms[2], 1),
        fmt(r.handling_ms[0], 1),
        fmt(r.handling_ms[1], 1),
        fmt(r.handling_ms[2], 1),
        r.slow[0],
        r.slow[1],
        r.slow_by_time,
    );
    println!(
        "  the bots' handler histogram: {} updates, over 0.1 s {}, over 0.25 s {}, over 1 s {}",
        r.handler[0], r.handler[1], r.handler[2], r.handler[3]
    );
    let asked: Vec<String> = r
        .asked
        .iter()
        .map(|(k, sent, replied)| format!("{k} {replied}/{sent}"))
        .collect();
    println!(
        "  commands replied to / sent: {} · boards posted anew (lobbies and /board) {}",
        asked.join(", "),
        r.board_posts
    );
    for text in r.refused.iter().take(5) {
        println!("  refused press: {text}");
    }
    for p in &r.problems {
        println!("  ✗ {p}");
    }
}
