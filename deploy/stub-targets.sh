#!/bin/sh
# Usage: stub-targets.sh [Cargo.toml]
#
# Creates a placeholder source file for every target the manifest declares (the library, the
# binaries, benches, tests and examples, with their explicit `path` or Cargo's default one),
# so that `cargo build --release --locked` can compile the dependencies in a Docker layer of
# their own, before the real sources are copied. Existing files are left alone.
# Used by deploy/Dockerfile; POSIX sh and awk only.
set -eu
manifest=${1:-Cargo.toml}

awk '
function value(line) {
    sub(/^[^=]*=[ \t]*"/, "", line)
    sub(/".*$/, "", line)
    return line
}
function flush() {
    if (kind == "") return
    if (path == "") {
        if (kind == "lib") path = "src/lib.rs"
        else if (kind == "bin") path = (name == package ? "src/main.rs" : "src/bin/" name ".rs")
        else if (kind == "bench") path = "benches/" name ".rs"
        else if (kind == "test") path = "tests/" name ".rs"
        else if (kind == "example") path = "examples/" name ".rs"
    }
    print path
    kind = ""
}
/^[ \t]*\[/ {
    flush()
    section = $0
    gsub(/[ \t\[\]]/, "", section)
    name = ""; path = ""
    if (section == "lib" || section == "bin" || section == "bench" || section == "test" || section == "example") kind = section
    next
}
section == "package" && /^[ \t]*name[ \t]*=/ { package = value($0) }
kind != "" && /^[ \t]*name[ \t]*=/ { name = value($0) }
kind != "" && /^[ \t]*path[ \t]*=/ { path = value($0) }
END { flush(); print "src/main.rs"; print "src/lib.rs" }
' "$manifest" | sort -u | while IFS= read -r file; do
    [ -n "$file" ] || continue
    [ -e "$file" ] && continue
    mkdir -p "$(dirname "$file")"
    printf '#[allow(dead_code)]\nfn main() {}\n' > "$file"
    echo "stub: $file"
done
