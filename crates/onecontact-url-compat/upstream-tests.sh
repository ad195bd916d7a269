#!/usr/bin/env bash
# Runs the `url` crate's own tests (2.5.8: tests/unit.rs and the examples of its
# documentation, pinned in testdata/url-2.5.8) against this crate, compiled
# unchanged, and checks that the tests that fail are exactly those listed in
# tests/url-2.5.8-expected-failures.txt, each a deviation of `url` from the URL
# Standard.
#
# Usage: crates/onecontact-url-compat/upstream-tests.sh   (from anywhere)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/../.."

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
# Both targets are `test = false`: they run only when named.
set +e
cargo test -p onecontact-url-compat --test url_unit --test url_doc --no-fail-fast -- --test-threads=2 >"$out" 2>&1
set -e
if ! grep -q '^test result:' "$out"; then
    cat "$out"
    echo "upstream-tests: the upstream tests did not build or run" >&2
    exit 1
fi
failed="$(sed -n 's/^test \(.*\) \.\.\. FAILED$/\1/p' "$out" | sort -u)"
passed="$(grep -c '^test .* \.\.\. ok$' "$out" || true)"
expected="$(grep -v '^#' "$here/tests/url-2.5.8-expected-failures.txt" | cut -f1 | sed '/^$/d' | sort -u)"
status=0
unexpected="$(comm -23 <(echo "$failed") <(echo "$expected") | sed '/^$/d')"
stale="$(comm -13 <(echo "$failed") <(echo "$expected") | sed '/^$/d')"
if [ -n "$unexpected" ]; then
    echo "upstream-tests: failures not in the expected list:" >&2
    echo "$unexpected" | sed 's/^/  /' >&2
    grep -A 12 -F -f <(echo "$unexpected") "$out" | grep -v '^test ' >&2 || true
    status=1
fi
if [ -n "$stale" ]; then
    echo "upstream-tests: listed as expected failures, but they pass (remove them):" >&2
    echo "$stale" | sed 's/^/  /' >&2
    status=1
fi
nfailed="$(echo "$failed" | sed '/^$/d' | wc -l)"
echo "upstream-tests: $passed passed, $nfailed failed as listed (url 2.5.8 unit tests and doc examples)"
exit $status
