#!/usr/bin/env bash
# What a one-line program pays for each engine beside its peers: crates
# compiled, cold release build time, release binary size.
#
#   bash scripts/footprint.sh [WORKDIR]
#
# Each program is a fresh cargo project in WORKDIR (default: a folder under
# ${TMPDIR:-/tmp}, outside the repository) with a target folder of its own,
# built once with `cargo build --release` from cold. The crates come from
# cargo's registry cache (run `cargo fetch` in the repository first); the
# versions are the workspace's Cargo.lock's. Wall time depends on what else
# runs on the machine: the CPU time (user + system) is printed beside it, and
# `uptime` before each build. Figures: docs/performance.md, "Footprint".
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-${TMPDIR:-/tmp}/onecontact-footprint}
case "$work" in
    "$repo"|"$repo"/*) echo "WORKDIR must be outside the repository" >&2; exit 2 ;;
esac
rm -rf "$work"
mkdir -p "$work"
psl_list="$repo/testdata/psl/public_suffix_list.dat"

# program NAME DEPENDENCY-LINE MAIN-BODY
program() {
    local dir="$work/$1"
    mkdir -p "$dir/src"
    cat >"$dir/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
$2

[workspace]
TOML
    printf 'fn main() {\n    let arg = std::env::args().nth(1).unwrap_or_default();\n    %s\n}\n' "$3" >"$dir/src/main.rs"
    # The workspace's versions: cargo keeps the entries it uses and drops the rest.
    cp "$repo/Cargo.lock" "$dir/Cargo.lock"
}

url_main='println!("{:?}", url::Url::parse(&arg).map(|u| u.host_str().map(str::to_owned)));'
program url-2_5_8 'url = "=2.5.8"' "$url_main"
program onecontact-url "onecontact-url = { path = \"$repo/crates/onecontact-url\" }" "${url_main//url::/onecontact_url::}"
program onecontact-url-compat "url = { package = \"onecontact-url-compat\", path = \"$repo/crates/onecontact-url-compat\" }" "$url_main"
program onecontact-url-no-std "onecontact-url = { path = \"$repo/crates/onecontact-url\", default-features = false }" "${url_main//url::/onecontact_url::}"
program idna-1_1_0 'idna = "=1.1.0"' 'println!("{:?}", idna::domain_to_ascii(&arg).ok());'
program onecontact-idna "onecontact-idna = { path = \"$repo/crates/onecontact-idna\" }" 'println!("{:?}", onecontact_idna::domain_to_ascii(&arg).ok());'
program psl-2 'psl = "2"' 'println!("{:?}", psl::domain_str(&arg));'
program publicsuffix-2_3_0 'publicsuffix = "=2.3.0"' \
    "let list: publicsuffix::List = include_str!(\"$psl_list\").parse().unwrap(); println!(\"{:?}\", publicsuffix::Psl::domain(&list, arg.as_bytes()).map(|d| d.as_bytes().len()));"
program onecontact-psl "onecontact-psl = { path = \"$repo/crates/onecontact-psl\" }" 'println!("{:?}", onecontact_psl::List::baked().registrable_domain(&arg));'

printf '%-22s %8s %9s %9s %12s %12s  %s\n' program crates wall_s cpu_s binary_B stripped_B "load (uptime)"
for dir in "$work"/*/; do
    name=$(basename "$dir")
    load=$(uptime | sed 's/.*load average: //')
    (cd "$dir" && /usr/bin/time -f '%e %U %S' -o time.txt cargo build --release --offline 2>build.log) || {
        echo "$name: build failed (see $dir/build.log)" >&2
        exit 1
    }
    read -r wall user sys <"$dir/time.txt"
    crates=$(grep -c '^ *Compiling ' "$dir/build.log" || true)
    bin="$dir/target/release/$name"
    size=$(wc -c <"$bin")
    strip -o "$dir/stripped" "$bin"
    stripped=$(wc -c <"$dir/stripped")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    printf '%-22s %8s %9s %9s %12s %12s  %s\n' "$name" "$crates" "$wall" "$cpu" "$size" "$stripped" "$load"
done
