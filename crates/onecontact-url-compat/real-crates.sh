#!/usr/bin/env bash
# Runs the test suites of crates from crates.io that depend on `url`, with this
# crate patched in for `url` across their dependency tree, and checks that the
# tests that fail are exactly those listed in
# tests/real-crates-expected-failures.txt (each pins a deviation of `url` from
# the URL Standard).
#
# For each crate: its published package is copied out of cargo's registry
# cache, two tables are appended to its manifest, the lock file is moved to
# the patch, cargo checks that `url` now resolves to patch/url, and
# `cargo test` runs. Nothing else of the crate changes, except that
# benchmark-only dev-dependencies (criterion) and bench targets are dropped
# from the manifest, and a rust-toolchain file is removed.
#
#   [patch.crates-io]
#   url = { path = ".../crates/onecontact-url-compat/patch/url" }
#   [workspace]
#
# Usage: crates/onecontact-url-compat/real-crates.sh [CRATE...]
# Work folder: $URL_COMPAT_WORK, default target/url-compat-crates (its
# target/ is shared by the crates, so a second run only re-runs the tests).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${URL_COMPAT_WORK:-$root/target/url-compat-crates}"
patch="$here/patch/url"
expected_file="$here/tests/real-crates-expected-failures.txt"

# name version: light crates with their own tests that exercise `url`.
crates=(
    "cookie_store 0.22.1"
    "git-url-parse 0.6.0"
    "urlpattern 0.6.0"
)
if [ $# -gt 0 ]; then
    selected=()
    for c in "${crates[@]}"; do
        for want in "$@"; do
            [ "${c%% *}" = "$want" ] && selected+=("$c")
        done
    done
    crates=("${selected[@]}")
fi

mkdir -p "$work/fetch/src"
export CARGO_TARGET_DIR="$work/target"

# One manifest that depends on every crate, to have cargo fetch them.
{
    printf '[package]\nname = "url-compat-fetch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\n'
    for c in "${crates[@]}"; do
        printf '%s = "=%s"\n' "${c%% *}" "${c##* }"
    done
    printf '[workspace]\n'
} >"$work/fetch/Cargo.toml"
echo 'fn main() {}' >"$work/fetch/src/main.rs"
metadata="$(cargo metadata --format-version 1 --manifest-path "$work/fetch/Cargo.toml")"

status=0
total_passed=0
for c in "${crates[@]}"; do
    name="${c%% *}"
    version="${c##* }"
    src="$(printf '%s' "$metadata" | python3 -c '
import json, sys, os
m = json.load(sys.stdin)
for p in m["packages"]:
    if p["name"] == sys.argv[1] and p["version"] == sys.argv[2]:
        print(os.path.dirname(p["manifest_path"]))
' "$name" "$version")"
    dir="$work/$name-$version"
    rm -rf "$dir"
    cp -r "$src" "$dir"
    chmod -R u+w "$dir"
    rm -f "$dir/rust-toolchain" "$dir/rust-toolchain.toml"
    python3 - "$dir/Cargo.toml" <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
# Benchmark-only pieces: criterion and the [[bench]] targets that use it.
text = re.sub(r'\n\[dev-dependencies\.criterion\]\n(?:[^\[\n][^\n]*\n)*', '\n', text)
text = re.sub(r'\n\[\[bench\]\]\n(?:[^\[\n][^\n]*\n)*', '\n', text)
open(path, 'w').write(text)
EOF
    printf '\n[patch.crates-io]\nurl = { path = "%s" }\n\n[workspace]\n' "$patch" >>"$dir/Cargo.toml"
    (
        cd "$dir"
        if [ -f Cargo.lock ]; then
            cargo update -p url --precise "$(sed -n 's/^version = "\(.*\)"$/\1/p' "$patch/Cargo.toml")" -q
        fi
        if ! cargo tree -i url -e normal,dev 2>/dev/null | head -1 | grep -qF "($patch)"; then
            echo "real-crates: $name: url does not resolve to the patch" >&2
            cargo tree -i url 2>&1 | head -5 >&2
            exit 1
        fi
    )
    log="$work/$name-$version.log"
    set +e
    (cd "$dir" && nice -n 10 cargo test --no-fail-fast -- --test-threads=2) >"$log" 2>&1
    set -e
    if ! grep -q '^test result:' "$log"; then
        tail -30 "$log" >&2
        echo "real-crates: $name $version: the tests did not build or run" >&2
        status=1
        continue
    fi
    failed="$(sed -n 's/^test \(.*\) \.\.\. FAILED$/\1/p' "$log" | sort -u)"
    passed="$(grep -c '^test .* \.\.\. ok$' "$log" || true)"
    total_passed=$((total_passed + passed))
    expected="$({ grep -v '^#' "$expected_file" || true; } | awk -F'\t' -v n="$name" '$1 == n { print $2 }' | sort -u)"
    unexpected="$(comm -23 <(echo "$failed") <(echo "$expected") | sed '/^$/d')"
    stale="$(comm -13 <(echo "$failed") <(echo "$expected") | sed '/^$/d')"
    nfailed="$(echo "$failed" | sed '/^$/d' | wc -l)"
    echo "real-crates: $name $version with url patched to onecontact-url-compat: $passed passed, $nfailed failed as listed"
    if [ -n "$unexpected" ]; then
        echo "real-crates: $name: failures not in the expected list:" >&2
        echo "$unexpected" | sed 's/^/  /' >&2
        echo "  (log: $log)" >&2
        status=1
    fi
    if [ -n "$stale" ]; then
        echo "real-crates: $name: listed as expected failures, but they pass:" >&2
        echo "$stale" | sed 's/^/  /' >&2
        status=1
    fi
done
echo "real-crates: $total_passed tests passed in ${#crates[@]} crates"
exit $status
