#!/usr/bin/env bash
# Makes the benchmark's virtual environment (target/python/bench-venv, ignored
# by git): the onecontact wheel built with the release profile, and the peers
# from PyPI at pinned versions.
#
#   bash crates/onecontact-python/bench/setup.sh
#   target/python/bench-venv/bin/python crates/onecontact-python/bench/compare.py
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="$repo/target/python"
venv="$out/bench-venv"
python="${PYTHON:-python3}"

peers=(
    tldextract==5.4.0
    publicsuffixlist==1.1.2.20261023
    ural==1.6.2
    courlan==1.4.0
    w3lib==2.5.0
    yarl==1.25.1
    ada-url==4.0.0
    url-normalize==3.1.0
    surt==0.3.1
    pyarrow==26.0.1
    pandas==3.1.1
    polars==2.1.0
    maturin==1.16.0
)

rm -rf "$venv" "$out/bench-wheels"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "${peers[@]}"
nice -n 5 "$venv/bin/maturin" build -q --release -m "$here/Cargo.toml" -o "$out/bench-wheels"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$out"/bench-wheels/onecontact-*.whl
"$venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null | grep -iE 'onecontact|tldextract|publicsuffixlist|ural|courlan|w3lib|yarl|ada-url|url-normalize|surt|pandas|polars|pyarrow'
