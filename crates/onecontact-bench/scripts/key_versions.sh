#!/bin/sh
# Distinct keys of key V1, key V2 and five peers over the union of the bench
# lists, and V1's merges that V2 undoes and V2's that it adds, by rule.
#
#   crates/onecontact-bench/scripts/key_versions.sh [BENCH_DATA_DIR]
#
# The peers run in a venv (default target/peers-venv) with the pinned
# versions of requirements-peers.txt; set PEERS=0 to skip them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
data=${1:-$root/../shared/bench-data}
files="$data/others/kasztp.txt $data/others/userbait.txt $data/files/node_files.txt $data/files/isaacs_files.txt"
cargo run --quiet --release -p onecontact-bench --bin key_versions -- $files
if [ "${PEERS:-1}" != 0 ]; then
    venv=${VENV:-$root/target/peers-venv}
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet -r "$here/requirements-peers.txt"
    fi
    echo
    "$venv/bin/python" "$here/peer_keys.py" $files
fi
