//! `deploy/.env.example` documents exactly the environment variables the program reads: found
//! from the text of `src/` (every form the code uses, each form first proven on made-up
//! sources), not from a list the code keeps about itself.

use std::collections::BTreeSet;

use parxis::config;

use crate::support::env_reads::{env_reads, env_reads_in};
use crate::support::repo::{read, root};

/// Variable names assigned in `.env.example`, commented out (`# NAME=`) or not.
fn env_example_vars() -> BTreeSet<String> {
    read("deploy/.env.example")
        .lines()
        .map(|line| line.trim_start_matches('#').trim())
        .filter_map(|line| line.split_once('='))
        .map(|(name, _)| name.trim())
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        })
        .map(str::to_owned)
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn the_reading_of_the_sources_sees_every_form_and_skips_test_code() {
    let file = |name: &str, text: &str| (name.to_owned(), text.to_owned());
    let files = [
        file(
            "src/a.rs",
            r#"
            pub const TOKEN: &str = "A_TOKEN";
            const ALIAS: &str = crate::a::TOKEN;
            pub const UNUSED: &str = "NEVER_READ";
            pub const VIA_HELPER: &str = "B_SECS";
            pub const IN_FORMAT: &str = "ONLY_IN_A_MESSAGE";
            pub const SAME: &str = "SAME_NAME";
            fn f() {
                let _ = std::env::var("DIRECT");          // env::var("COMMENTED")
                let _ = env::var_os(ALIAS);
                let _ = secs(VIA_HELPER, 3);
                let _ = format!("{}", IN_FORMAT);
                /* env::var("IN_A_BLOCK_COMMENT") */
                let _ = "env::var(\"IN_A_STRING\")";
                let lang = ["LC_X", "LANG_X"].into_iter().find_map(|k| var(k));
                let unread = ["NOT_WALKED"].len();
            }
            #[derive(Parser)]
            struct Args { #[arg(long, env = "CLAP_VAR")] x: String }
            #[cfg(test)]
            mod tests { fn t() { std::env::var("TEST_ONLY_INLINE"); } }
            #[cfg(test)]
            mod tests_golden;
            "#,
        ),
        file(
            "src/b/mod.rs",
            r#"
            pub const WAIT: &str = "B_WAIT_MS";
            pub const OTHER: &str = "B_OTHER";
            pub const SAME: &str = crate::a::SAME;
            pub fn from_vars(get: impl Fn(&str) -> Option<String>) {
                let _ = get(WAIT);
                let _ = std::env::var(SAME);
                let _ = positive(&get, crate::b::OTHER, 1);
            }
            "#,
        ),
        file(
            "src/b/tests.rs",
            r#"fn t() { std::env::var("IN_TESTS_RS"); }"#,
        ),
        file(
            "src/c/tests_golden.rs",
            r#"fn t() { std::env::var_os("IN_A_CFG_TEST_MODULE"); }"#,
        ),
    ];
    assert_eq!(
        env_reads_in(&files),
        set(&[
            "A_TOKEN",
            "B_OTHER",
            "B_SECS",
            "B_WAIT_MS",
            "CLAP_VAR",
            "DIRECT",
            "LANG_X",
            "LC_X",
            "SAME_NAME",
        ])
    );
}

/// The example's part that begins at the line starting with `marker` and ends at the next
/// `# ---- ` line (or the end).
fn section<'a>(text: &'a str, marker: &str) -> &'a str {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("no section {marker:?}"));
    let rest = &text[start + marker.len()..];
    rest.find("\n# ---- ").map_or(rest, |end| &rest[..end])
}

/// Variable names assigned (`NAME=`, commented out or not) in `part`.
fn names(part: &str) -> BTreeSet<String> {
    part.lines()
        .map(|l| l.trim_start_matches('#').trim())
        .filter_map(|l| l.split_once('=').map(|(n, _)| n.trim().to_owned()))
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'))
        .collect()
}

const COMPOSE_SECTION: &str = "# ---- Read by Docker Compose";
const TERMINAL_SECTION: &str = "# ---- Read only by the terminal commands";

/// Variables the Compose files interpolate (`${NAME}`, `${NAME:-default}`), outside comments.
fn compose_interpolated() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for file in [
        "compose.yaml",
        "compose.sentinel.yaml",
        "compose.cluster.yaml",
    ] {
        let text = read(&format!("deploy/{file}"));
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for piece in line.split("${").skip(1) {
                let name: String = piece
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        }
    }
    found
}

#[test]
fn the_compose_section_names_exactly_what_compose_reads_and_the_bot_does_not() {
    let read_in_src = env_reads(&root().join("src"));
    let text = read("deploy/.env.example");
    let compose_only: BTreeSet<String> = compose_interpolated()
        .difference(&read_in_src)
        .cloned()
        .collect();
    assert!(compose_only.contains("PARXIS_DOMAIN"), "{compose_only:?}");
    assert_eq!(names(section(&text, COMPOSE_SECTION)), compose_only);
}

#[test]
fn env_example_documents_exactly_the_variables_read_in_src() {
    let read_in_src = env_reads(&root().join("src"));
    let text = read("deploy/.env.example");
    let compose = names(section(&text, COMPOSE_SECTION));
    let documented: BTreeSet<String> = env_example_vars().difference(&compose).cloned().collect();
    let undocumented: Vec<_> = read_in_src.difference(&documented).collect();
    let not_read: Vec<_> = documented.difference(&read_in_src).collect();
    assert!(
        undocumented.is_empty(),
        "read in src/ but missing from deploy/.env.example: {undocumented:?}"
    );
    assert!(
        not_read.is_empty(),
        "deploy/.env.example names variables nothing in src/ reads: {not_read:?}"
    );
    // The bot's own list names only variables that are read, and every one of the bot's.
    for var in config::VARS {
        assert!(
            read_in_src.contains(*var),
            "config::VARS names {var}, never read"
        );
    }
    for var in [
        "PARXIS_HTTP_HEADER_SECS",
        "PARXIS_METRICS_ADDR",
        "PARXIS_LIVE_STREAMS_TOTAL",
        "PARXIS_REDIS_WAIT_MS",
        "RUST_LOG",
        "COLUMNS",
    ] {
        assert!(read_in_src.contains(var), "the reading missed {var}");
    }
}

#[test]
fn config_vars_are_the_bot_section_of_the_example() {
    // What only the terminal commands (`parxis play`, `parxis replay`) or Compose read is in the
    // example's later sections (after `# ---- `), apart from the bot's.
    let text = read("deploy/.env.example");
    let (bot, _) = text
        .split_once("\n# ---- ")
        .expect("sections after the bot's");
    let vars: BTreeSet<String> = config::VARS.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(names(bot), vars);
    assert!(names(section(&text, TERMINAL_SECTION)).is_disjoint(&vars));
}

#[test]
fn env_example_sets_only_the_token_and_leaves_it_empty() {
    // Optional variables stay commented out: an empty TELOXIDE_API_URL= line would make
    // teloxide's own Bot::from_env() panic, and defaults belong in one place (config.rs).
    let text = read("deploy/.env.example");
    let active: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && l.contains('='))
        .collect();
    assert_eq!(active, ["TELOXIDE_TOKEN="]);
}

#[test]
fn env_file_is_kept_out_of_git_and_out_of_the_image() {
    let gitignore = read("deploy/.gitignore");
    assert!(gitignore.lines().any(|l| l.trim() == ".env"), "{gitignore}");
    let dockerignore = read("deploy/Dockerfile.dockerignore");
    assert!(
        dockerignore.lines().any(|l| l.trim() == "**/.env"),
        "{dockerignore}"
    );
    assert!(dockerignore.lines().any(|l| l.trim() == "target"));
}
