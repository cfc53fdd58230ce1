//! The table of metrics in `deploy/README.md` is what a running bot serves: every series the
//! real binary exposes on its metrics address is in the table with its type and labels, and
//! every row of the table is exposed. The dashboard and the alerting rules name only series
//! that exist.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::time::Instant;

use crate::support::repo::read;
use support::bot_process::{BotProcess, CHAT, WAIT, free_port, reply_to};
use support::fake_tg::{FakeTelegram, Fault, TestUser};
use support::http;
use support::redis::TestRedis;

/// One row of the table: type and label names.
#[derive(Debug, PartialEq, Eq)]
pub struct Row {
    pub kind: String,
    pub labels: BTreeSet<String>,
}

/// The rows of the table under `### The series` in deploy/README.md:
/// `| `name` | type | `label`, `label` | meaning |`.
pub fn readme_table() -> BTreeMap<String, Row> {
    let readme = read("deploy/README.md");
    let section = readme
        .split_once("### The series")
        .expect("deploy/README.md has a section \"### The series\"")
        .1;
    let mut rows = BTreeMap::new();
    for line in section.lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(name) = cells
            .get(1)
            .and_then(|c| c.strip_prefix('`')?.strip_suffix('`'))
        else {
            continue;
        };
        let labels = cells
            .get(3)
            .copied()
            .unwrap_or_default()
            .split(',')
            .filter_map(|l| l.trim().strip_prefix('`')?.strip_suffix('`'))
            .map(str::to_owned)
            .collect();
        rows.insert(
            name.to_owned(),
            Row {
                kind: cells.get(2).copied().unwrap_or_default().to_owned(),
                labels,
            },
        );
    }
    assert!(!rows.is_empty(), "no rows under ### The series");
    rows
}

/// The families of a Prometheus text exposition: type (from `# TYPE`) and the label names
/// of their samples (`le` and `quantile` left out).
pub fn exposed(text: &str) -> BTreeMap<String, Row> {
    let mut families: BTreeMap<String, Row> = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').expect("# TYPE name type");
            families.insert(
                name.to_owned(),
                Row {
                    kind: kind.to_owned(),
                    labels: BTreeSet::new(),
                },
            );
        }
    }
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let series = line.split([' ', '{']).next().unwrap_or_default();
        let family = ["_bucket", "_sum", "_count"]
            .iter()
            .find_map(|s| series.strip_suffix(s).filter(|f| families.contains_key(*f)))
            .unwrap_or(series);
        let Some(row) = families.get_mut(family) else {
            continue;
        };
        if let Some((_, labels)) = line.split_once('{') {
            for pair in labels.split("\",") {
                let name = pair.split('=').next().unwrap_or_default().trim();
                if !name.is_empty() && name != "le" && name != "quantile" && !name.starts_with('}')
                {
                    row.labels.insert(name.to_owned());
                }
            }
        }
    }
    families
}

/// A real bot that has handled a command, answered a 429, served its port: its metrics text
/// from its own metrics address once every labelled family has a sample.
pub async fn running_bot_metrics() -> String {
    let fake = FakeTelegram::start().await;
    let redis = TestRedis::start();
    let metrics_port = free_port();
    let metrics_addr: SocketAddr = format!("127.0.0.1:{metrics_port}").parse().expect("addr");
    let mut bot = BotProcess::spawn(
        &fake,
        &redis,
        free_port(),
        &[("PARXIS_METRICS_ADDR", metrics_addr.to_string())],
    );
    bot.wait_ok("/readyz").await;
    // The reply to /help is refused once with a 429, then made.
    fake.fail_next("sendMessage", 1, Fault::TooManyRequests { retry_after: 1 });
    let ana = TestUser::new(11, "Ana").lang("en");
    let update = fake.command(CHAT, &ana, "/help");
    let id = update["message"]["message_id"].as_i64().expect("id");
    fake.push_update(update);
    fake.wait_for_request(|r| reply_to(r, id) && r.ok(), WAIT)
        .await;

    let deadline = Instant::now() + WAIT;
    loop {
        let reply = http::get(metrics_addr, "/metrics").await;
        assert_eq!(reply.status, 200);
        let families = exposed(&reply.body);
        let labelled = [
            "parxis_updates_total",
            "parxis_telegram_request_seconds",
            "parxis_telegram_429_total",
            "parxis_telegram_errors_total",
            "parxis_http_requests_total",
            "parxis_outbox_total",
        ];
        let missing: Vec<_> = labelled
            .iter()
            .filter(|f| families.get(**f).is_none_or(|r| r.labels.is_empty()))
            .collect();
        if missing.is_empty() {
            bot.sigterm();
            bot.wait_exit(WAIT).await;
            return reply.body;
        }
        assert!(
            Instant::now() < deadline,
            "never exposed {missing:?}:\n{}\n{}",
            reply.body,
            bot.logs()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_table_is_what_a_running_bot_exposes() {
    let text = running_bot_metrics().await;
    let exposed = exposed(&text);
    let table = readme_table();
    let names = |m: &BTreeMap<String, Row>| m.keys().cloned().collect::<BTreeSet<_>>();
    let not_in_table: Vec<_> = names(&exposed)
        .difference(&names(&table))
        .cloned()
        .collect();
    let not_exposed: Vec<_> = names(&table)
        .difference(&names(&exposed))
        .cloned()
        .collect();
    assert!(
        not_in_table.is_empty(),
        "exposed but not in deploy/README.md's table: {not_in_table:?}"
    );
    assert!(
        not_exposed.is_empty(),
        "in deploy/README.md's table but not exposed: {not_exposed:?}\n{text}"
    );
    for (name, row) in &table {
        assert_eq!(&exposed[name], row, "{name}: the table says {row:?}");
    }
    // Prometheus' naming: counters end in _total; histograms and time in base units.
    for (name, row) in &table {
        match row.kind.as_str() {
            "counter" => assert!(name.ends_with("_total"), "{name}"),
            "histogram" => assert!(name.ends_with("_seconds"), "{name}"),
            "gauge" => assert!(!name.ends_with("_total"), "{name}"),
            other => panic!("{name}: unknown type {other}"),
        }
    }
}
