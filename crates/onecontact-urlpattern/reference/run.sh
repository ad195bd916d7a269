#!/usr/bin/env bash
# The differential test against an independent URLPattern implementation
# (tests/reference_differential.rs): installs the npm package
# urlpattern-polyfill at the version and integrity pinned in
# package-lock.json into target/urlpattern-reference (npm ci: nothing is
# installed anywhere else, nothing under node_modules is committed), then
# runs the test over a range of seeds.
#
#   bash crates/onecontact-urlpattern/reference/run.sh              seeds 0..3000 (CI)
#   bash crates/onecontact-urlpattern/reference/run.sh 0..100000    a campaign
#
# Needs Node 20 or later (RegExp's `v` flag) and npm.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}/urlpattern-reference"
seeds="${1:-0..3000}"

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
    echo "the URLPattern reference needs Node 20 or later (RegExp's v flag); found: $(node --version 2>/dev/null || echo none)" >&2
    exit 1
fi
mkdir -p "$target"
cp "$here/package.json" "$here/package-lock.json" "$target/"
if ! cmp -s "$here/package-lock.json" "$target/node_modules/.package-lock.json.installed" 2>/dev/null; then
    (cd "$target" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
    cp "$here/package-lock.json" "$target/node_modules/.package-lock.json.installed"
fi
node --version

# The packages and features to build the test with (CI passes the
# workspace's test build's own, so that nothing is compiled again).
read -r -a packages <<<"${ONECONTACT_REFERENCE_CARGO_ARGS:--p onecontact-urlpattern}"
ONECONTACT_URLPATTERN_REFERENCE="$target" ONECONTACT_URLPATTERN_SEEDS="$seeds" \
    cargo test "${packages[@]}" --test reference_differential -- --ignored --nocapture
