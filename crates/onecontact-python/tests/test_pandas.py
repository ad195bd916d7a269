"""pandas: a Series in gives a Series out (same index, name and length) on
pandas 2 and 3, with and without pyarrow; object columns of mixed types and
categorical columns row by row; the .onecontact accessor.

ci.sh runs this file on pandas 3 with pyarrow, on pandas 3 without pyarrow
and on pandas 2 (ONECONTACT_REQUIRE_PANDAS names the major version it must
find there)."""

import os
import pickle

import pytest

import onecontact

required = os.environ.get("ONECONTACT_REQUIRE_PANDAS")
if required:
    import pandas as pd

    assert pd.__version__.split(".")[0] == required, pd.__version__
else:
    pd = pytest.importorskip("pandas")

try:
    import pyarrow as pa
except ImportError:
    pa = None

if os.environ.get("ONECONTACT_REQUIRE_NO_PYARROW") == "1":
    assert pa is None, "pyarrow is installed where the run must go without it"

PANDAS_3 = int(pd.__version__.split(".")[0]) >= 3

WEBSITES = [
    "https://www.Example.com/a?utm_source=x",
    "example.com/a",
    None,
    "example.com:99999",
    "b.example.org/",
    "not a url",
]
INDEX = [10, 20, 30, 40, 50, 60]


def frame():
    return pd.DataFrame({"website": WEBSITES}, index=INDEX)


def missing(value):
    return value is None or (isinstance(value, float) and value != value) or value is pd.NA


def expected_keys(values):
    return [None if missing(v) else onecontact.keys([v])[0] for v in values]


def as_list(series):
    return [None if missing(v) else v for v in series.tolist()]


def test_the_documented_recipe_deduplicates():
    df = frame()
    df["key"] = onecontact.keys(df["website"])
    assert isinstance(df["key"], pd.Series)
    assert list(df.index) == INDEX
    assert as_list(df["key"]) == ["example.com/a", "example.com/a", None, None,
                                  "example.org", None]
    unique = df.dropna(subset=["key"]).drop_duplicates("key")
    assert list(unique.index) == [10, 50]


@pytest.mark.parametrize("call", [onecontact.keys, onecontact.canonicals,
                                  onecontact.registrable_domains, onecontact.error_codes])
def test_series_in_series_out(call):
    series = frame()["website"]
    out = call(series)
    assert isinstance(out, pd.Series)
    assert out.index.equals(series.index) and out.name == "website"
    assert as_list(out) == call(WEBSITES)


def test_answer_dtype_is_the_pandas_text_dtype():
    out = onecontact.keys(frame()["website"])
    if PANDAS_3:
        # pandas 3's default string dtype, missing values NaN.
        assert out.dtype == "str" and out.isna().tolist() == [False, False, True, True,
                                                              False, True]
    else:
        assert out.dtype == object and out[30] is None


def test_every_missing_kind_is_missing_and_no_error():
    values = ["example.com", None, float("nan"), pd.NA]
    series = pd.Series(values, dtype=object)
    assert as_list(onecontact.keys(series)) == ["example.com", None, None, None]
    assert as_list(onecontact.error_codes(series)) == [None, None, None, None]


def test_mixed_types_are_answered_row_by_row():
    series = pd.Series(["a.example.com/x", 42, b"b.example.com", 3.5, "example.com:99999"],
                       index=list("abcde"), dtype=object)
    keys = onecontact.keys(series)
    assert as_list(keys) == ["example.com/x", None, None, None, None]
    codes = onecontact.error_codes(series)
    assert as_list(codes) == [None, "python.not-a-string", "python.not-a-string",
                              "python.not-a-string", "web.invalid-port"]
    assert list(codes.index) == list("abcde")


def test_categorical_columns():
    series = pd.Series(["example.com/a?utm_source=x", "example.org", None, "example.com/a"],
                       dtype="category", name="site", index=[3, 2, 1, 0])
    out = onecontact.keys(series)
    assert out.name == "site" and list(out.index) == [3, 2, 1, 0]
    assert as_list(out) == ["example.com/a", "example.org", None, "example.com/a"]
    assert as_list(onecontact.error_codes(series)) == [None, None, None, None]
    mixed = pd.Series(["example.com", 7, "example.com"], dtype="category")
    assert as_list(onecontact.error_codes(mixed)) == [None, "python.not-a-string", None]
    empty = pd.Series([None, None], dtype="category")
    assert as_list(onecontact.keys(empty)) == [None, None]
    parsed = onecontact.parse_all(series)
    assert list(parsed.index) == [3, 2, 1, 0]
    assert as_list(parsed["host"]) == ["example.com", "example.org", None, "example.com"]


@pytest.mark.parametrize("dtype", ["object", "string[python]", "string[pyarrow]", "str",
                                   "arrow"])
def test_every_text_dtype(dtype):
    if dtype == "string[pyarrow]" and pa is None:
        pytest.skip("needs pyarrow (ci.sh runs it where pyarrow is installed)")
    if dtype == "arrow":
        if pa is None:
            pytest.skip("needs pyarrow (ci.sh runs it where pyarrow is installed)")
        dtype = pd.ArrowDtype(pa.string())
    series = pd.Series(WEBSITES, dtype=dtype, index=INDEX, name="w")
    out = onecontact.keys(series)
    assert as_list(out) == expected_keys(WEBSITES)
    assert list(out.index) == INDEX and out.name == "w"
    if dtype != "object":
        # A text column keeps its dtype.
        assert out.dtype == series.dtype


def test_empty_series_and_index():
    out = onecontact.keys(pd.Series([], dtype=object))
    assert isinstance(out, pd.Series) and len(out) == 0
    index = pd.Index(["example.com/a#x", "example.org"], name="site")
    out = onecontact.keys(index)
    assert isinstance(out, pd.Index) and out.name == "site"
    assert out.tolist() == ["example.com/a", "example.org"]


def test_a_dataframe_is_refused():
    with pytest.raises(TypeError, match="one column"):
        onecontact.keys(frame())


def test_accessor():
    df = frame()
    assert as_list(df["website"].onecontact.key()) == as_list(onecontact.keys(df["website"]))
    assert as_list(df["website"].onecontact.canonical())[0] == "https://www.example.com/a"
    assert as_list(df["website"].onecontact.registrable_domain()) == [
        "example.com", "example.com", None, None, "example.org", None]
    assert as_list(df["website"].onecontact.error_code()) == [
        None, None, None, "web.invalid-port", None, "web.invalid-host"]
    github = pd.Series(["alice.github.io/x"])
    assert github.onecontact.registrable_domain().tolist() == ["alice.github.io"]
    assert github.onecontact.registrable_domain(private=False).tolist() == ["github.io"]


def test_accessor_parse_and_inspect_give_frames():
    df = frame()
    parsed = df["website"].onecontact.parse()
    assert isinstance(parsed, pd.DataFrame) and list(parsed.index) == INDEX
    assert list(parsed.columns) == ["href", "scheme", "host", "port", "path", "query",
                                    "fragment", "registrable_domain", "public_suffix",
                                    "error_code"]
    assert parsed.loc[10, "host"] == "www.example.com"
    assert parsed.loc[10, "query"] == "utm_source=x"
    assert parsed.loc[40, "error_code"] == "web.invalid-port"
    assert missing(parsed.loc[40, "host"]) and missing(parsed.loc[30, "error_code"])
    assert str(parsed["port"].dtype) == "Int32"
    ported = onecontact.parse_all(pd.Series(["example.com:8080/x"]))
    assert ported.loc[0, "port"] == 8080
    inspected = df["website"].onecontact.inspect()
    assert isinstance(inspected, pd.DataFrame) and list(inspected.index) == INDEX
    assert inspected.loc[10, "real_host"] == "www.example.com"
    danger = onecontact.inspect_all(pd.Series(["https://www.paypal.com@198.51.100.7/"]))
    assert danger.loc[0, "max_severity"] == "danger"
    assert "userinfo-looks-like-host" in list(danger.loc[0, "warning_codes"])


def test_the_accessor_is_registered_when_pandas_comes_after_onecontact():
    import subprocess
    import sys

    code = ("import importlib.util, onecontact; importlib.util.find_spec('pandas'); "
            "import pandas as pd; "
            "print(pd.Series(['example.com/a#x']).onecontact.key().tolist())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "['example.com/a']"


def test_answers_pickle_with_the_frame():
    df = frame()
    df["key"] = df["website"].onecontact.key()
    again = pickle.loads(pickle.dumps(df))
    assert as_list(again["key"]) == as_list(df["key"])
