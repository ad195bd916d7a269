#!/usr/bin/env bash
# Builds the onecontact wheel for manylinux2014 (glibc 2.17, linked through
# zig) and the sdist, checks the wheel's platform tag (auditwheel) and both
# files' metadata (twine), builds a wheel from the sdist, installs the wheel
# into a fresh virtual environment and runs the Python tests against the
# installed package: the whole suite with pandas 3, pyarrow and polars; then
# the pandas tests (and URLPattern's, whose test_all answers pandas columns)
# without pyarrow, and on pandas 2.
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
pins=(maturin==1.16.0 pytest==9.2.0 pyarrow==26.0.1 polars==2.1.0 pandas==3.1.1
      ziglang==0.17.0 auditwheel==6.8.2 twine==7.0.0)
pandas2=pandas==2.3.3

rm -rf "$venv" "$out/wheels" "$out/sdist" "$out/from-sdist"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "${pins[@]}"
# maturin finds zig as `python -m ziglang` of the environment's Python.
export PATH="$venv/bin:$PATH"

nice -n 5 "$venv/bin/maturin" build -q --profile "$profile" \
    --zig --compatibility manylinux2014 \
    -m "$here/Cargo.toml" -o "$out/wheels"
wheel="$(ls "$out/wheels"/onecontact-*.whl)"
echo "wheel: $(basename "$wheel") ($(du -h "$wheel" | cut -f1))"
shown="$("$venv/bin/auditwheel" show "$wheel")"
if ! grep -q '"manylinux_2_17_x86_64"' <<<"$shown"; then
    echo "$shown" >&2
    echo "the wheel is not manylinux_2_17 (manylinux2014)" >&2
    exit 1
fi
echo "auditwheel: consistent with manylinux_2_17_x86_64"

# The sdist: its metadata, and that a wheel builds from it (with the same
# profile and target folder, so only the workspace's crates are compiled again).
"$venv/bin/maturin" sdist -m "$here/Cargo.toml" -o "$out/sdist"
sdist="$(ls "$out/sdist"/onecontact-*.tar.gz)"
"$venv/bin/twine" check --strict "$wheel" "$sdist"
# The sdist's files carry one fixed old mtime, and cargo names a path crate's
# build by its path inside the workspace, so a build of the same crates that
# an earlier run left in target/ would pass for fresh (and hide or fake a
# failure). Their builds go first: they are compiled from the sdist's sources.
for crate in $(tar -tzf "$sdist" | sed -n 's|^[^/]*/crates/\([^/]*\)/Cargo.toml$|\1|p'); do
    cargo clean -q --profile "$profile" -p "$crate"
done
CARGO_TARGET_DIR="$repo/target" MATURIN_PEP517_ARGS="--profile $profile" \
    nice -n 5 "$venv/bin/python" -m pip wheel -q --disable-pip-version-check --no-deps \
    --no-build-isolation -w "$out/from-sdist" "$sdist"
ls "$out/from-sdist"/onecontact-*.whl >/dev/null
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
ONECONTACT_REQUIRE_NO_PYARROW=1 ONECONTACT_REQUIRE_PANDAS=3 run "$here/tests/test_pandas.py" \
    "$here/tests/test_urlpattern.py"

echo "== pandas 2"
pip "$pandas2" "${pins[2]}"
ONECONTACT_REQUIRE_PANDAS=2 run "$here/tests/test_pandas.py" "$here/tests/test_urlpattern.py"
