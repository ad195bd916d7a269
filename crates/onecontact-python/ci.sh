#!/usr/bin/env bash
# Builds the onecontact wheel, installs it into a fresh virtual environment
# and runs the Python tests against the installed package: the whole suite
# with pandas 3, pyarrow and polars; then the pandas tests without pyarrow,
# and on pandas 2.
#
#   bash crates/onecontact-python/ci.sh            build, install, test
#   ONECONTACT_PY_PROFILE=release bash ci.sh       with the release profile
#
# The environment lives in target/python/ (ignored by git), made anew each run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

python="${PYTHON:-python3}"
out="$repo/target/python"
venv="$out/venv"
profile="${ONECONTACT_PY_PROFILE:-python-ci}"

# Pinned tools and the libraries the tests use (pandas 3 first, then 2).
pins=(maturin==1.16.0 pytest==9.2.0 pyarrow==26.0.1 polars==2.1.0 pandas==3.1.1)
pandas2=pandas==2.3.3

rm -rf "$venv" "$out/wheels"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "${pins[@]}"

nice -n 5 "$venv/bin/maturin" build -q --profile "$profile" \
    -m "$here/Cargo.toml" -o "$out/wheels"
wheel="$(ls "$out/wheels"/onecontact-*.whl)"
echo "wheel: $(basename "$wheel") ($(du -h "$wheel" | cut -f1))"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$wheel"

# From outside the source tree, so that the installed package is the one imported.
cd "$out"
pip() { "$venv/bin/python" -m pip install -q --disable-pip-version-check "$@"; }
run() {
    local status=0
    "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" || status=$?
    if [ "$status" = 5 ]; then
        echo "pytest collected no tests" >&2
    fi
    return "$status"
}

echo "== the whole suite: pandas 3, pyarrow, polars"
ONECONTACT_REQUIRE_ARROW=1 ONECONTACT_REQUIRE_PANDAS=3 run "$here/tests"

echo "== pandas 3 without pyarrow"
"$venv/bin/python" -m pip uninstall -q -y pyarrow
ONECONTACT_REQUIRE_NO_PYARROW=1 ONECONTACT_REQUIRE_PANDAS=3 run "$here/tests/test_pandas.py"

echo "== pandas 2"
pip "$pandas2" "${pins[2]}"
ONECONTACT_REQUIRE_PANDAS=2 run "$here/tests/test_pandas.py"
