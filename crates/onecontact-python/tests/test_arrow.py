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


def test_dictionary_encoded_columns_row_by_row():
    texts = ["example.com/a?utm_source=x", None, "example.org", "example.com/a", "x:99999"]
    encoded = pa.array(texts).dictionary_encode()
    assert pa.types.is_dictionary(encoded.type)
    assert onecontact.keys(encoded).to_pylist() == onecontact.keys(texts)
    assert onecontact.error_codes(encoded).to_pylist() == onecontact.error_codes(texts)
    categorical = pl.Series("site", texts, dtype=pl.Categorical)
    out = onecontact.keys(categorical)
    assert out.name == "site" and out.to_list() == onecontact.keys(texts)
    with pytest.raises(TypeError, match="must hold strings"):
        onecontact.keys(pa.array([1, 2, 1]).dictionary_encode())


def test_parse_all_and_inspect_all_give_structs():
    texts = ["https://www.paypal.com@198.51.100.7:8080/x?q#f", None, "example.com:99999",
             "alice.github.io"]
    as_list = onecontact.parse_all(texts)
    parsed = onecontact.parse_all(pa.array(texts))
    assert isinstance(parsed, pa.StructArray)
    assert [f.name for f in parsed.type] == list(as_list)
    assert parsed.type.field("port").type == pa.uint16()
    for name in as_list:
        assert parsed.field(name).to_pylist()[:1] == as_list[name][:1], name
    assert parsed.to_pylist()[1] is None
    assert parsed.field("error_code").to_pylist()[2] == "web.invalid-port"
    icann = onecontact.parse_all(pa.array(texts), private=False)
    assert icann.field("registrable_domain").to_pylist()[3] == "github.io"
    inspected = onecontact.inspect_all(pa.chunked_array([pa.array(texts)]))
    assert isinstance(inspected, pa.StructArray)
    rows = inspected.to_pylist()
    assert rows[0]["max_severity"] == "danger" and rows[1] is None
    assert rows[0]["warning_codes"] == onecontact.inspect(texts[0]).warning_codes
    series = onecontact.parse_all(pl.Series("u", texts))
    assert isinstance(series, pl.Series) and series.dtype == pl.Struct
    assert series.struct.unnest()["host"].to_list() == as_list["host"]


def test_polars_namespace_in_lazy_plans():
    texts = ["https://www.Example.com/a?utm_source=x", None, "example.com:99999",
             "https://xn--80ak6aa92e.com/", "alice.github.io/x"]
    frame = pl.LazyFrame({"url": texts}).with_columns(
        key=pl.col("url").onecontact.key(),
        canonical=pl.col("url").onecontact.canonical(),
        domain=pl.col("url").onecontact.registrable_domain(),
        icann=pl.col("url").onecontact.registrable_domain(private=False),
        error=pl.col("url").onecontact.error_code(),
        parts=pl.col("url").onecontact.parse(),
        report=pl.col("url").onecontact.inspect(),
    ).collect()
    assert frame["key"].to_list() == onecontact.keys(texts)
    assert frame["canonical"].to_list() == onecontact.canonicals(texts)
    assert frame["domain"].to_list() == onecontact.registrable_domains(texts)
    assert frame["icann"].to_list()[4] == "github.io"
    assert frame["error"].to_list() == onecontact.error_codes(texts)
    parts = frame["parts"].struct.unnest()
    assert parts["host"].to_list() == onecontact.parse_all(texts)["host"]
    report = frame["report"].struct.unnest()
    assert report["imitates"].to_list()[3] == "apple.com"
    series = pl.Series("url", texts)
    assert series.onecontact.key().to_list() == onecontact.keys(texts)
