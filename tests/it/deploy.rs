//! The deployment files parse and say what they must: no Docker engine or cluster runs here, so
//! these checks are what stands between a typo and a broken deployment.

use std::process::Command;

use crate::support::repo::{read, root, yaml, yaml_docs};
use parxis::config;
use serde_yaml::Value;

/// The document of `kind` in a manifest file.
fn manifest(relative: &str, kind: &str) -> Value {
    yaml_docs(relative)
        .into_iter()
        .find(|doc| doc["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {relative}"))
}

fn str_list(value: &Value) -> Vec<&str> {
    value
        .as_sequence()
        .map(|items| items.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------
// compose.yaml

#[test]
fn compose_has_the_bot_and_redis_with_restart_policies_and_healthchecks() {
    let compose = yaml("deploy/compose.yaml");
    let services = &compose["services"];
    for name in ["bot", "redis"] {
        let service = &services[name];
        assert!(service.is_mapping(), "service {name} missing");
        assert_eq!(service["restart"], "unless-stopped", "{name}");
        let test = str_list(&service["healthcheck"]["test"]);
        assert!(
            matches!(test.first(), Some(&"CMD") | Some(&"CMD-SHELL")),
            "{name} healthcheck: {test:?}"
        );
    }
    assert_eq!(
        str_list(&services["bot"]["healthcheck"]["test"]),
        ["CMD", "parxis", "healthcheck"]
    );
    let redis_check = str_list(&services["redis"]["healthcheck"]["test"]).join(" ");
    assert!(redis_check.contains("redis-cli ping"), "{redis_check}");
}

#[test]
fn compose_bot_is_built_from_the_repository_and_waits_for_healthy_redis() {
    let compose = yaml("deploy/compose.yaml");
    let bot = &compose["services"]["bot"];
    assert_eq!(bot["build"]["context"], "..");
    assert_eq!(bot["build"]["dockerfile"], "deploy/Dockerfile");
    assert!(root().join("deploy/Dockerfile").is_file());
    assert_eq!(bot["env_file"], ".env");
    assert_eq!(
        bot["depends_on"]["redis"]["condition"], "service_healthy",
        "the bot must wait for a healthy Redis"
    );
    let redis_url = bot["environment"]["REDIS_URL"].as_str().unwrap_or_default();
    assert!(
        redis_url.contains("redis://redis:6379"),
        "the bot reaches the compose redis service by name: {redis_url}"
    );
}

#[test]
fn compose_redis_persists_append_only_to_a_declared_named_volume() {
    let compose = yaml("deploy/compose.yaml");
    let redis = &compose["services"]["redis"];
    assert!(
        redis["image"]
            .as_str()
            .is_some_and(|i| i.starts_with("redis:7")),
        "{:?}",
        redis["image"]
    );
    let command = str_list(&redis["command"]);
    let appendonly = command.windows(2).any(|w| w == ["--appendonly", "yes"]);
    assert!(
        appendonly,
        "redis command lacks --appendonly yes: {command:?}"
    );

    let volumes = str_list(&redis["volumes"]);
    let data = volumes
        .iter()
        .find_map(|v| v.strip_suffix(":/data"))
        .unwrap_or_else(|| panic!("no volume on /data: {volumes:?}"));
    assert!(
        !data.starts_with('.') && !data.starts_with('/'),
        "{data} is a bind mount, not a named volume"
    );
    assert!(
        compose["volumes"]
            .as_mapping()
            .is_some_and(|m| m.contains_key(data)),
        "named volume {data} is not declared at top level"
    );
}

#[test]
fn compose_environment_names_only_known_variables() {
    let compose = yaml("deploy/compose.yaml");
    let environment = compose["services"]["bot"]["environment"]
        .as_mapping()
        .expect("bot.environment is a mapping");
    for key in environment.keys() {
        let key = key.as_str().unwrap_or_default();
        assert!(config::VARS.contains(&key), "unknown variable {key}");
    }
}

// ---------------------------------------------------------------------------------------------
// Kubernetes

const K8S: &[&str] = &[
    "deploy/k8s/deployment.yaml",
    "deploy/k8s/service.yaml",
    "deploy/k8s/secret.example.yaml",
    "deploy/k8s/redis.yaml",
];

#[test]
fn every_manifest_has_api_version_kind_and_name() {
    let mut kinds = Vec::new();
    for file in K8S {
        for doc in yaml_docs(file) {
            assert!(doc["apiVersion"].is_string(), "{file}: apiVersion");
            assert!(doc["metadata"]["name"].is_string(), "{file}: metadata.name");
            kinds.push(doc["kind"].as_str().unwrap_or_default().to_owned());
        }
    }
    kinds.sort();
    assert_eq!(
        kinds,
        ["Deployment", "Secret", "Service", "Service", "StatefulSet"]
    );
}

/// The bot container of the Deployment.
fn bot_container() -> Value {
    let deployment = manifest("deploy/k8s/deployment.yaml", "Deployment");
    deployment["spec"]["template"]["spec"]["containers"][0].clone()
}

#[test]
fn deployment_runs_two_non_root_replicas() {
    let deployment = manifest("deploy/k8s/deployment.yaml", "Deployment");
    assert_eq!(deployment["spec"]["replicas"], 2);
    let selector = &deployment["spec"]["selector"]["matchLabels"];
    let labels = &deployment["spec"]["template"]["metadata"]["labels"];
    for (key, value) in selector.as_mapping().expect("matchLabels") {
        assert_eq!(
            &labels[key], value,
            "template labels must match the selector"
        );
    }
    let pod = &deployment["spec"]["template"]["spec"]["securityContext"];
    assert_eq!(pod["runAsNonRoot"], true);
    assert!(pod["runAsUser"].as_u64().is_some_and(|uid| uid > 0));
    let container = &bot_container()["securityContext"];
    assert_eq!(container["allowPrivilegeEscalation"], false);
    assert_eq!(container["readOnlyRootFilesystem"], true);
}

#[test]
fn deployment_probes_healthz_and_readyz_on_the_http_port() {
    let container = bot_container();
    assert_eq!(container["livenessProbe"]["httpGet"]["path"], "/healthz");
    assert_eq!(container["readinessProbe"]["httpGet"]["path"], "/readyz");
    let port_name = container["livenessProbe"]["httpGet"]["port"].clone();
    assert_eq!(container["readinessProbe"]["httpGet"]["port"], port_name);
    let port = container["ports"]
        .as_sequence()
        .and_then(|ports| ports.iter().find(|p| p["name"] == port_name))
        .expect("the probes' port is declared");
    assert_eq!(
        port["containerPort"].as_u64(),
        Some(u64::from(config::DEFAULT_PORT))
    );
    assert!(container["resources"]["requests"]["memory"].is_string());
    assert!(container["resources"]["limits"]["memory"].is_string());
}

#[test]
fn deployment_takes_its_secrets_from_the_secret_and_names_known_variables() {
    let container = bot_container();
    let secret = manifest("deploy/k8s/secret.example.yaml", "Secret");
    assert_eq!(
        container["envFrom"][0]["secretRef"]["name"],
        secret["metadata"]["name"]
    );
    for env in container["env"].as_sequence().expect("env list") {
        let name = env["name"].as_str().unwrap_or_default();
        assert!(config::VARS.contains(&name), "unknown variable {name}");
    }
    let data = secret["stringData"].as_mapping().expect("stringData");
    for key in data.keys() {
        let key = key.as_str().unwrap_or_default();
        assert!(config::VARS.contains(&key), "unknown variable {key}");
    }
    for needed in [config::TOKEN, config::WEBHOOK_URL, config::WEBHOOK_SECRET] {
        assert!(
            data.contains_key(needed),
            "two replicas need webhook mode: {needed} missing from the Secret"
        );
    }
}

#[test]
fn the_example_secret_is_a_valid_webhook_configuration() {
    let secret = manifest("deploy/k8s/secret.example.yaml", "Secret");
    let data = &secret["stringData"];
    let loaded = config::Config::from_vars(|name| data[name].as_str().map(str::to_owned))
        .unwrap_or_else(|e| panic!("secret.example.yaml does not load: {e}"));
    assert!(loaded.webhook.is_some());
}

#[test]
fn service_targets_the_bot_pods_http_port() {
    let service = manifest("deploy/k8s/service.yaml", "Service");
    let deployment = manifest("deploy/k8s/deployment.yaml", "Deployment");
    assert_eq!(
        service["spec"]["selector"],
        deployment["spec"]["selector"]["matchLabels"]
    );
    assert_eq!(service["spec"]["ports"][0]["targetPort"], "http");
}

#[test]
fn redis_statefulset_persists_append_only_on_a_claim() {
    let set = manifest("deploy/k8s/redis.yaml", "StatefulSet");
    let service = manifest("deploy/k8s/redis.yaml", "Service");
    assert_eq!(set["spec"]["serviceName"], service["metadata"]["name"]);
    let container = &set["spec"]["template"]["spec"]["containers"][0];
    let args = str_list(&container["args"]);
    assert!(
        args.windows(2).any(|w| w == ["--appendonly", "yes"]),
        "{args:?}"
    );
    let claim = &set["spec"]["volumeClaimTemplates"][0]["metadata"]["name"];
    let mount = container["volumeMounts"]
        .as_sequence()
        .and_then(|m| m.iter().find(|m| &m["name"] == claim))
        .expect("the claim is mounted");
    assert_eq!(mount["mountPath"], "/data");
    assert!(read("deploy/k8s/redis.yaml").contains("managed Redis"));
    // The Secret's REDIS_URL points at this Service.
    let secret = manifest("deploy/k8s/secret.example.yaml", "Secret");
    let url = secret["stringData"]["REDIS_URL"]
        .as_str()
        .unwrap_or_default();
    let host = service["metadata"]["name"].as_str().unwrap_or_default();
    assert_eq!(url, format!("redis://{host}:6379"));
}

#[test]
fn deployment_explains_that_replicas_need_webhooks() {
    let text = read("deploy/k8s/deployment.yaml");
    assert!(text.contains("webhook mode"), "missing the webhook note");
    assert!(
        text.contains("long polling"),
        "missing the long-polling note"
    );
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

/// The Dockerfile's instructions, continuation lines joined, comments dropped.
fn dockerfile_instructions() -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in read("deploy/Dockerfile").lines() {
        let line = line.trim();
        if line.starts_with('#') || (line.is_empty() && current.is_empty()) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(part) => {
                current.push_str(part);
                current.push(' ');
            }
            None => {
                current.push_str(line);
                if !current.trim().is_empty() {
                    out.push(current.trim().to_owned());
                }
                current.clear();
            }
        }
    }
    out
}

fn instructions_named(name: &str) -> Vec<String> {
    dockerfile_instructions()
        .into_iter()
        .filter(|i| i.split_whitespace().next() == Some(name))
        .collect()
}

#[test]
fn dockerfile_builds_locked_in_two_stages_and_runs_as_non_root() {
    let from = instructions_named("FROM");
    assert_eq!(from.len(), 2, "{from:?}");
    assert!(from[0].contains(" AS builder"), "{from:?}");
    let runs = instructions_named("RUN").join("\n");
    assert!(runs.contains("cargo build --release --locked"), "{runs}");

    let user = instructions_named("USER");
    let user = user.last().expect("a USER instruction");
    let name = user.split_whitespace().nth(1).unwrap_or_default();
    assert!(
        !name.is_empty() && name != "root" && !name.starts_with("0:") && name != "0",
        "{user}"
    );
    // Numeric, so that Kubernetes' runAsNonRoot can verify it; and the same as the manifest's.
    let deployment = manifest("deploy/k8s/deployment.yaml", "Deployment");
    let uid = deployment["spec"]["template"]["spec"]["securityContext"]["runAsUser"]
        .as_u64()
        .expect("runAsUser");
    assert!(
        name.starts_with(&format!("{uid}:")),
        "{user} vs runAsUser {uid}"
    );
}

#[test]
fn dockerfile_entrypoint_cmd_healthcheck_and_port() {
    assert_eq!(
        instructions_named("ENTRYPOINT"),
        [r#"ENTRYPOINT ["parxis"]"#]
    );
    assert_eq!(instructions_named("CMD"), [r#"CMD ["bot"]"#]);
    let health = instructions_named("HEALTHCHECK");
    assert_eq!(health.len(), 1);
    assert!(
        health[0].ends_with(r#"CMD ["parxis", "healthcheck"]"#),
        "{health:?}"
    );
    assert_eq!(
        instructions_named("EXPOSE"),
        [format!("EXPOSE {}", config::DEFAULT_PORT)]
    );
    let labels = instructions_named("LABEL").join(" ");
    assert!(
        labels.contains("org.opencontainers.image.title"),
        "{labels}"
    );
}

#[test]
fn dockerfile_forgets_the_placeholder_build_before_the_real_one() {
    // Without `cargo clean -p parxis` the placeholder crate, compiled after the real sources'
    // modification time, would be taken as up to date and shipped (seen in a local rehearsal).
    let all = dockerfile_instructions();
    let position = |needle: &str| {
        all.iter()
            .position(|i| i.contains(needle))
            .unwrap_or_else(|| panic!("no instruction with {needle:?}"))
    };
    let stub = position("stub-targets Cargo.toml");
    let copy_all = position("COPY . .");
    assert!(
        all[stub].contains("cargo clean --release -p parxis"),
        "{}",
        all[stub]
    );
    assert!(stub < copy_all);
    assert!(all[copy_all + 1].contains("cargo build --release --locked"));
}

#[test]
fn stub_script_makes_the_manifest_loadable_without_sources() {
    let dir = std::env::temp_dir().join(format!("parxis-stub-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(root().join("Cargo.toml"), dir.join("Cargo.toml")).unwrap();
    std::fs::copy(root().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();

    let stub = Command::new("sh")
        .arg(root().join("deploy/stub-targets.sh"))
        .arg("Cargo.toml")
        .current_dir(&dir)
        .output()
        .expect("sh runs");
    assert!(
        stub.status.success(),
        "{}",
        String::from_utf8_lossy(&stub.stderr)
    );
    assert!(dir.join("src/lib.rs").is_file() && dir.join("src/main.rs").is_file());

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(&dir)
        .output()
        .expect("cargo runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        output.status.success(),
        "the stubbed manifest does not load: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let targets = metadata["packages"][0]["targets"]
        .as_array()
        .map(Vec::len)
        .unwrap_or_default();
    assert!(targets >= 2, "lib and bin at least: {targets}");
}

/// deploy/README.md's one path from nothing to a group playing.
fn zero_to_playing() -> String {
    let text = read("deploy/README.md");
    let start = text
        .find("## From nothing to a group playing")
        .expect("the path from nothing to a group playing");
    let rest = &text[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_owned()
}

#[test]
fn the_path_from_nothing_names_every_botfather_setting_admin_rights_and_the_https_profile() {
    let path = zero_to_playing();
    for needed in [
        "@BotFather",
        "/newbot",
        "/setprivacy",
        "/setjoingroups",
        "/setinline",
        "/setinlinefeedback",
        "Guest Mode",
        "/newapp",
        "Admin rights",
        "cp deploy/.env.example deploy/.env",
        "docker compose -f deploy/compose.yaml --profile https up -d",
        // and the try-out without a domain: long polling, no profile.
        "`docker compose -f deploy/compose.yaml up -d`",
        "/readyz",
        "/newgame",
    ] {
        assert!(path.contains(needed), "the path does not name {needed:?}");
    }
    // The profile it starts exists, with Caddy in it.
    let compose = yaml("deploy/compose.yaml");
    let profiles = str_list(&compose["services"]["caddy"]["profiles"]);
    assert_eq!(profiles, ["https"]);
    // Caddy runs the shipped Caddyfile (the one tests/it/deploy_https.rs runs in front of the
    // real bot) with the two settings that test gives it, on the host's ports 80 and 443,
    // once the bot is healthy.
    let caddy = &compose["services"]["caddy"];
    assert!(
        str_list(&caddy["volumes"]).contains(&"./caddy/Caddyfile:/etc/caddy/Caddyfile:ro"),
        "{caddy:?}"
    );
    assert_eq!(
        caddy["environment"]["PARXIS_DOMAIN"],
        "${PARXIS_DOMAIN:-localhost}"
    );
    assert_eq!(caddy["environment"]["PARXIS_UPSTREAM"], "bot:${PORT:-8080}");
    let ports = str_list(&caddy["ports"]);
    assert!(
        ports.contains(&"80:80") && ports.contains(&"443:443"),
        "{ports:?}"
    );
    assert_eq!(
        caddy["depends_on"]["bot"]["condition"], "service_healthy",
        "{caddy:?}"
    );
    // Behind it, the bot trusts the project network's proxy (Caddy) for client addresses,
    // and the default it is given parses as the bot parses it.
    let trusted = compose["services"]["bot"]["environment"]["PARXIS_TRUSTED_PROXIES"]
        .as_str()
        .expect("PARXIS_TRUSTED_PROXIES for the bot behind Caddy");
    let default = trusted
        .strip_prefix("${PARXIS_TRUSTED_PROXIES:-")
        .and_then(|d| d.strip_suffix('}'))
        .expect("a default deploy/.env can override");
    let nets = parxis::ops::http::forwarded::Trusted::parse("PARXIS_TRUSTED_PROXIES", default)
        .expect("the default parses");
    assert_ne!(nets, parxis::ops::http::forwarded::Trusted::default());
}

#[test]
fn the_env_the_path_fills_names_only_documented_variables_and_the_webhook_on_its_domain() {
    let path = zero_to_playing();
    let example = read("deploy/.env.example");
    let block = path
        .split("```sh")
        .find(|b| b.contains("TELOXIDE_TOKEN="))
        .expect("the .env block");
    let block = &block[..block.find("```").expect("the block's end")];
    let mut set = std::collections::BTreeMap::new();
    for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (name, value) = line.split_once('=').expect("NAME=value");
        let value = value.split('#').next().unwrap_or_default().trim();
        assert!(
            example.contains(&format!("# {name}=")) || example.contains(&format!("\n{name}=")),
            "{name} is not in deploy/.env.example"
        );
        set.insert(name.to_owned(), value.to_owned());
    }
    let domain = &set["PARXIS_DOMAIN"];
    // The webhook and the live page sit on the domain Caddy serves, on the paths it forwards.
    let caddy = read("deploy/caddy/Caddyfile");
    assert_eq!(
        set["PARXIS_WEBHOOK_URL"],
        format!("https://{domain}/telegram")
    );
    assert!(caddy.contains("handle /telegram {"), "{caddy}");
    assert_eq!(set["PARXIS_MINIAPP_URL"], format!("https://{domain}/live"));
    assert!(caddy.contains("handle /live* {"), "{caddy}");
}
