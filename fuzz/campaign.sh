#!/usr/bin/env bash
# A fuzz campaign: each TARGET in turn, libFuzzer's fork mode with two jobs
# (both cores), at nice 19, until RUNS executions or MAX_SECONDS of wall time,
# whichever comes first. Findings do not stop a target (-ignore_crashes=1):
# each is written to OUT/artifacts/TARGET/ for triage.
#
#   bash fuzz/campaign.sh OUT TARGET:RUNS:MAX_SECONDS ...
#   bash fuzz/campaign.sh /tmp/campaign url_parse:100000000:3600 psl:30000000:1800
#
# MAX_LEN=N caps the input length (libFuzzer's -max_len; its default is the
# longest corpus input, at most 4096 bytes). Longer corpus inputs are cut to
# N bytes when they are run.
#
# The corpus of each target grows in OUT/corpus/TARGET, seeded from
# fuzz/corpus-seed/ (python3 fuzz/seed-corpora.py writes it); OUT/campaign.txt
# gets a line per start and end with the last libFuzzer status line (`#N` is
# the executions so far), OUT/TARGET.log libFuzzer's whole output.
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,18p' "$0" >&2
    exit 2
fi
out=$(mkdir -p "$1" && cd "$1" && pwd)
cd "$(dirname "$0")"
shift
RUSTC_BOOTSTRAP=1 cargo fuzz build -s none
bin=target/x86_64-unknown-linux-gnu/release
for spec in "$@"; do
    target=${spec%%:*}
    rest=${spec#*:}
    runs=${rest%%:*}
    secs=${rest##*:}
    case $target in
        url_ada | url_parse | url_setters | web_address | web_key) seed=corpus-seed/url_ada ;;
        urlpattern) seed=corpus-seed/urlpattern ;;
        *) seed=corpus-seed/idna_ada ;;
    esac
    mkdir -p "$out/corpus/$target" "$out/artifacts/$target"
    echo "$target start $(date -u +%FT%TZ) runs=$runs max=${secs}s max_len=${MAX_LEN:-default}" >>"$out/campaign.txt"
    start=$(date +%s)
    status=0
    nice -n 19 "$bin/$target" "$out/corpus/$target" "$seed" \
        -fork=2 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -timeout=10 \
        -rss_limit_mb=2048 -runs="$runs" -max_total_time="$secs" -print_final_stats=1 \
        ${MAX_LEN:+-max_len="$MAX_LEN"} \
        -artifact_prefix="$out/artifacts/$target/" >"$out/$target.log" 2>&1 || status=$?
    last=$(grep -E '^#[0-9]+' "$out/$target.log" | tail -1 || true)
    echo "$target end $(date -u +%FT%TZ) status=$status wall=$(($(date +%s) - start))s" \
        "files=$(find "$out/corpus/$target" -type f | wc -l)" \
        "artifacts=$(find "$out/artifacts/$target" -type f | wc -l) last: $last" >>"$out/campaign.txt"
done
