#!/usr/bin/env bash
# Builds the onecontact wheel, installs it into a fresh virtual environment
# and runs the Python tests against the installed package.
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

# Pinned tools and the Arrow libraries the Arrow tests use.
pins=(maturin==1.16.0 pytest==9.2.0 pyarrow==26.0.1 polars==2.1.0)

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
set +e
ONECONTACT_REQUIRE_ARROW=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
status=$?
set -e
if [ "$status" = 5 ]; then
    echo "pytest collected no tests" >&2
    exit 1
fi
exit "$status"
