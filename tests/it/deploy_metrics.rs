//! The deployment examples scrape the metrics address (`PARXIS_METRICS_ADDR`), not the public
//! port; the alerting rules pass promtool's checks and unit tests; the dashboard and the
//! rules name only series a running bot exposes.

use std::path::PathBuf;

use crate::support::repo::{read, root, yaml_docs};
use serde_yaml::Value;

/// The port of a `host:port` address.
fn port_of(addr: &str) -> u16 {
    addr.rsplit_once(':')
        .and_then(|(_, p)| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {addr:?}"))
}

#[test]
fn kubernetes_scrapes_the_metrics_address_not_the_public_port() {
    let deployment = yaml_docs("deploy/k8s/deployment.yaml")
        .into_iter()
        .find(|d| d["kind"] == "Deployment")
        .expect("a Deployment");
    let template = &deployment["spec"]["template"];
    let container = &template["spec"]["containers"][0];
    let metrics_addr = container["env"]
        .as_sequence()
        .and_then(|env| env.iter().find(|e| e["name"] == "PARXIS_METRICS_ADDR"))
        .and_then(|e| e["value"].as_str())
        .expect("PARXIS_METRICS_ADDR set in the Deployment");
    let port = port_of(metrics_addr);
    let annotations = &template["metadata"]["annotations"];
    assert_eq!(annotations["prometheus.io/scrape"], "true");
    assert_eq!(annotations["prometheus.io/path"], "/metrics");
    assert_eq!(
        annotations["prometheus.io/port"].as_str(),
        Some(port.to_string().as_str()),
        "the scrape annotation names the metrics address's port"
    );
    let declared = container["ports"]
        .as_sequence()
        .expect("ports")
        .iter()
        .any(|p| p["containerPort"].as_u64() == Some(u64::from(port)));
    assert!(declared, "the metrics port {port} is declared");
    // The Service (what an Ingress reaches) does not forward it.
    let service = yaml_docs("deploy/k8s/service.yaml").remove(0);
    for p in service["spec"]["ports"].as_sequence().expect("ports") {
        assert_ne!(p["targetPort"], "metrics");
        assert_ne!(p["targetPort"].as_u64(), Some(u64::from(port)));
    }
}

#[test]
fn compose_scrapes_the_metrics_address_not_the_public_port() {
    let compose = yaml_docs("deploy/compose.yaml").remove(0);
    let bot = &compose["services"]["bot"];
    let metrics_addr = bot["environment"]["PARXIS_METRICS_ADDR"]
        .as_str()
        .expect("PARXIS_METRICS_ADDR set for the bot");
    let port = port_of(metrics_addr);
    // Not published on the host: only the prometheus service reaches it.
    for published in bot["ports"].as_sequence().into_iter().flatten() {
        let published = published.as_str().unwrap_or_default();
        assert!(!published.ends_with(&format!(":{port}")), "{published}");
    }
    let prometheus = &compose["services"]["prometheus"];
    assert!(prometheus.is_mapping(), "a prometheus service");
    let config = yaml_docs("deploy/prometheus/prometheus.yml").remove(0);
    let targets: Vec<&str> = config["scrape_configs"]
        .as_sequence()
        .expect("scrape_configs")
        .iter()
        .flat_map(|job| job["static_configs"].as_sequence().into_iter().flatten())
        .flat_map(|s| s["targets"].as_sequence().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(targets, [format!("bot:{port}")]);
    let mounts: Vec<&str> = prometheus["volumes"]
        .as_sequence()
        .expect("volumes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for file in ["prometheus.yml", "alerts.yaml"] {
        assert!(
            mounts
                .iter()
                .any(|m| m.starts_with(&format!("./prometheus/{file}:"))),
            "{file} mounted: {mounts:?}"
        );
        assert!(root().join("deploy/prometheus").join(file).is_file());
    }
}

/// The path of `program` on `PATH`; a test that needs it fails, naming what to install.
fn program(program: &str, package: &str) -> PathBuf {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "{program} is not installed: install the Debian package {package} (.ci/test does)"
            )
        })
}

fn promtool(args: &[&str]) -> String {
    let output = std::process::Command::new(program("promtool", "prometheus"))
        .args(args)
        .current_dir(root().join("deploy/prometheus"))
        .output()
        .expect("promtool runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "promtool {args:?}:\n{text}");
    text
}

#[test]
fn the_alerting_rules_pass_promtool_check() {
    let out = promtool(&["check", "rules", "alerts.yaml"]);
    assert!(out.contains("SUCCESS: 6 rules found"), "{out}");
    for alert in [
        "ParxisBotDown",
        "ParxisRedisUnreachable",
        "ParxisTelegram429s",
        "ParxisBoardLagHigh",
        "ParxisOutboxStuck",
        "ParxisErrorRate",
    ] {
        assert!(read("deploy/prometheus/alerts.yaml").contains(&format!("alert: {alert}")));
        // Each alert's runbook section exists.
        let runbook = read("docs/OPERATIONS.md");
        assert!(
            runbook.contains(&format!("### {alert}")),
            "docs/OPERATIONS.md has no section for {alert}"
        );
    }
}

#[test]
fn the_alerting_rules_pass_their_promtool_unit_tests() {
    let out = promtool(&["test", "rules", "alerts.test.yaml"]);
    assert!(out.contains("SUCCESS"), "{out}");
    let tests = yaml_docs("deploy/prometheus/alerts.test.yaml").remove(0);
    let tested: std::collections::BTreeSet<&str> = tests["tests"]
        .as_sequence()
        .expect("tests")
        .iter()
        .flat_map(|t| t["alert_rule_test"].as_sequence().into_iter().flatten())
        .filter(|t| t["exp_alerts"].as_sequence().is_some_and(|a| !a.is_empty()))
        .filter_map(|t| t["alertname"].as_str())
        .collect();
    assert!(
        tested.len() >= 2,
        "alerts seen firing in the unit tests: {tested:?}"
    );
}

/// The series an expression names (`parxis_*`, `process_*`), histogram suffixes dropped.
fn series_in(expr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = expr.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &expr[i..];
        let starts = (rest.starts_with("parxis_") || rest.starts_with("process_"))
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
        if starts {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(rest[..len].to_owned());
            i += len;
        } else {
            i += 1;
        }
    }
    out
}

fn family_of(
    series: &str,
    families: &std::collections::BTreeMap<String, crate::metrics_table::Row>,
) -> Option<String> {
    if families.contains_key(series) {
        return Some(series.to_owned());
    }
    ["_bucket", "_sum", "_count"].iter().find_map(|s| {
        let base = series.strip_suffix(s)?;
        (families.get(base)?.kind == "histogram").then(|| base.to_owned())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_and_the_rules_name_only_series_a_running_bot_exposes() {
    let dashboard: serde_json::Value =
        serde_json::from_str(&read("deploy/grafana/parxis.json")).expect("the dashboard is JSON");
    let panels = dashboard["panels"].as_array().expect("panels");
    let titles: Vec<&str> = panels.iter().filter_map(|p| p["title"].as_str()).collect();
    for needed in [
        "Updates",
        "Presses",
        "Board lag",
        "Outbox",
        "429",
        "Redis up",
        "Redis round trip",
        "Live board streams",
        "Process",
    ] {
        assert!(
            titles.iter().any(|t| t.contains(needed)),
            "no panel about {needed}: {titles:?}"
        );
    }
    let mut exprs: Vec<String> = panels
        .iter()
        .flat_map(|p| p["targets"].as_array().into_iter().flatten())
        .filter_map(|t| t["expr"].as_str().map(str::to_owned))
        .collect();
    let rules = yaml_docs("deploy/prometheus/alerts.yaml").remove(0);
    exprs.extend(
        rules["groups"]
            .as_sequence()
            .expect("groups")
            .iter()
            .flat_map(|g| g["rules"].as_sequence().into_iter().flatten())
            .filter_map(|r| r["expr"].as_str().map(str::to_owned)),
    );
    let named: std::collections::BTreeSet<String> =
        exprs.iter().flat_map(|e| series_in(e)).collect();
    assert!(named.len() > 15, "{named:?}");

    let text = crate::metrics_table::running_bot_metrics().await;
    let families = crate::metrics_table::exposed(&text);
    let unknown: Vec<_> = named
        .iter()
        .filter(|s| family_of(s, &families).is_none())
        .collect();
    assert!(
        unknown.is_empty(),
        "named by the dashboard or the rules, not exposed by the bot: {unknown:?}"
    );
}
