"""The Arrow path: pyarrow and polars string arrays in and out through the
Arrow PyCapsule interface."""

import os

import pytest

import onecontact
from test_batch import TEXTS

if os.environ.get("ONECONTACT_REQUIRE_ARROW") == "1":
    # ci.sh installs both: there a missing one is a failure, not a skip.
    import polars as pl
    import pyarrow as pa
else:
    pa = pytest.importorskip("pyarrow")
    pl = pytest.importorskip("polars")


@pytest.mark.parametrize("kind", [pa.string(), pa.large_string(), pa.string_view()])
def test_pyarrow_in_and_out(kind):
    texts = [t if isinstance(t, str) or t is None else None for t in TEXTS]
    array = pa.array(texts, type=kind)
    out = onecontact.keys(array)
    assert isinstance(out, pa.Array)
    assert out.to_pylist() == onecontact.keys(texts)
    chunked = pa.chunked_array([array, array])
    out = onecontact.registrable_domains(chunked)
    assert out.to_pylist() == onecontact.registrable_domains(texts) * 2
    assert onecontact.error_codes(array).to_pylist() == onecontact.error_codes(texts)
    assert onecontact.canonicals(array).to_pylist() == onecontact.canonicals(texts)


def test_polars_in_and_out():
    texts = [t if isinstance(t, str) or t is None else None for t in TEXTS]
    series = pl.Series("url", texts)
    out = onecontact.keys(series)
    assert isinstance(out, pl.Series) and out.name == "url"
    assert out.to_list() == onecontact.keys(texts)
    frame = pl.DataFrame({"url": texts})
    frame = frame.with_columns(
        key=pl.col("url").map_batches(onecontact.keys, return_dtype=pl.String))
    assert frame["key"].to_list() == onecontact.keys(texts)


def test_other_arrow_producers_get_an_arrow_object():
    array = pa.array(["example.com/x", None])

    class Producer:
        def __arrow_c_array__(self, requested_schema=None):
            return array.__arrow_c_array__(requested_schema)

    out = onecontact.keys(Producer())
    assert hasattr(out, "__arrow_c_array__")
    assert pa.array(out).to_pylist() == ["example.com/x", None]


def test_arrow_non_strings_are_refused():
    with pytest.raises(TypeError, match="must hold strings"):
        onecontact.keys(pa.array([1, 2]))


def test_arrow_nulls_only():
    assert onecontact.keys(pa.nulls(3)).to_pylist() == [None, None, None]
