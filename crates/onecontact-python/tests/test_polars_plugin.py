"""The polars expression plugin: ``pl.col(...).onecontact.key()`` and its
siblings run inside polars' engine (eager, lazy, streaming) as compiled code,
give one answer per row (a null and an error code for a bad row) and agree
row by row with the scalar API."""

import os
import pathlib
import types

import pytest

import onecontact
from onecontact import _polars

if os.environ.get("ONECONTACT_REQUIRE_ARROW") == "1":
    import polars as pl  # ci.sh installs polars: a missing one is a failure
else:
    pl = pytest.importorskip("polars")

REPO = pathlib.Path(__file__).resolve().parents[3]
BENCH = REPO.parent / "shared/bench-data/others"

TEXTS = [
    "https://www.Example.com/a?utm_source=x#top",
    None,
    "example.com:99999",
    "mailto:Info@Example.com",
    "https://198.51.100.7/",
    "bücher.example.co.uk/x?",
    "",
    "https://www.paypal.com@198.51.100.7/secure/login",
    "https://xn--80ak6aa92e.com/",
    "alice.github.io/x",
    "http://[::1",
    "  WWW.Example.co.uk/Shop/index.html?b=2&a=1#",
]

EXPRESSIONS = {
    "key": lambda c: c.onecontact.key(),
    "key2": lambda c: c.onecontact.key(version=2),
    "canonical": lambda c: c.onecontact.canonical(),
    "domain": lambda c: c.onecontact.registrable_domain(),
    "icann": lambda c: c.onecontact.registrable_domain(private=False),
    "error": lambda c: c.onecontact.error_code(),
    "parts": lambda c: c.onecontact.parse(),
    "report": lambda c: c.onecontact.inspect(),
}


def run(frame, engine):
    """All expressions on the column `url`, on the engine named."""
    exprs = [make(pl.col("url")).alias(name) for name, make in EXPRESSIONS.items()]
    if engine == "eager":
        return frame.select(exprs)
    return frame.lazy().select(exprs).collect(engine=engine)


# The scalar API, one text at a time.
def scalar(text):
    if text is None:
        return dict.fromkeys(EXPRESSIONS)
    report = onecontact.inspect(text)
    imitation = next((w for w in report.warnings if w.imitates), None)
    answers = {
        "report": {
            "real_host": report.real_host,
            "registrable_domain": report.registrable_domain,
            "max_severity": report.max_severity,
            "warning_codes": report.warning_codes,
            "imitates": imitation.imitates if imitation else None,
            "imitation_kind": imitation.imitation_kind if imitation else None,
            "error_code": report.error_code,
        },
        "key2": onecontact.keys([text], version=2)[0],
        "icann": onecontact.WebAddress(text, private=False).registrable_domain
        if onecontact.error_codes([text])[0] is None else None,
    }
    try:
        web = onecontact.WebAddress(text)
    except onecontact.URLError as error:
        none = dict.fromkeys(["href", "scheme", "host", "port", "path", "query", "fragment",
                              "registrable_domain", "public_suffix"])
        return {**answers, "key": None, "canonical": None, "domain": None, "error": error.code,
                "parts": {**none, "error_code": error.code}}
    url = web.url
    return {
        **answers,
        "key": web.key(),
        "canonical": web.canonical,
        "domain": web.registrable_domain,
        "error": None,
        "parts": {
            "href": url.href,
            "scheme": url.protocol[:-1],
            "host": url.hostname or None,
            "port": int(url.port) if url.port else None,
            "path": url.pathname,
            "search": url.search,
            "hash": url.hash,
            "registrable_domain": web.registrable_domain,
            "public_suffix": web.public_suffix,
            "error_code": None,
        },
    }


def as_scalar(row):
    """A plugin row in the scalar API's terms (``search``/``hash`` as the URL
    Standard's getters write them: an empty query and none are both "")."""
    parts = row["parts"]
    if parts is not None and parts["error_code"] is None:
        parts = dict(parts)
        query, fragment = parts.pop("query"), parts.pop("fragment")
        parts["search"] = f"?{query}" if query else ""
        parts["hash"] = f"#{fragment}" if fragment else ""
        row = {**row, "parts": parts}
    return row


def check_rows(texts, out):
    assert out.height == len(texts)
    rows = out.to_dicts()
    for text, row in zip(texts, rows):
        expected = scalar(text)
        if text is None:
            assert row == expected, text
            continue
        assert as_scalar(row) == expected, text


@pytest.mark.parametrize("engine", ["eager", "in-memory", "streaming"])
def test_every_expression_on_every_engine_matches_the_scalar_api(engine):
    out = run(pl.DataFrame({"url": TEXTS}, schema={"url": pl.String}), engine)
    check_rows(TEXTS, out)


def test_a_bench_list_sample_row_by_row():
    path = BENCH / "kasztp.txt"
    if not path.exists():
        pytest.skip(f"the shared bench data is not next to the repository ({path})")
    with open(path, encoding="utf-8", newline="") as f:
        texts = [line.rstrip("\r\n") for line in f][::40]
    assert len(texts) > 1000
    check_rows(texts, run(pl.DataFrame({"url": texts}), "streaming"))


def test_many_morsels_streaming_equals_eager_and_the_batch_call():
    texts = [f"https://www{i % 7}.example{i % 13}.co.uk/p/{i}?utm_source=x&id={i}"
             for i in range(120_000)]
    texts[5] = None
    texts[99_999] = "example.com:99999"
    frame = pl.DataFrame({"url": texts})
    streamed = frame.lazy().select(pl.col("url").onecontact.key()).collect(engine="streaming")
    eager = frame.select(pl.col("url").onecontact.key())
    assert streamed["url"].to_list() == eager["url"].to_list() == onecontact.keys(texts)


def test_nulls_and_bad_rows_keep_their_place():
    texts = [None, "example.com:99999", "https://example.com/", None, "http://a b/"]
    out = pl.DataFrame({"url": texts}).with_columns(
        key=pl.col("url").onecontact.key(),
        error=pl.col("url").onecontact.error_code(),
        parts=pl.col("url").onecontact.parse(),
    )
    assert out["key"].to_list() == [None, None, "example.com", None, None]
    assert out["error"].to_list() == [None, "web.invalid-port", None, None, "web.invalid-host"]
    parts = out["parts"]
    assert parts.is_null().to_list() == [True, False, False, True, False]
    assert parts.struct.field("error_code").to_list()[1] == "web.invalid-port"
    # A column polars types as Null (every row missing).
    nulls = pl.DataFrame({"url": [None, None]}).select(
        key=pl.col("url").onecontact.key(), report=pl.col("url").onecontact.inspect())
    assert nulls["key"].to_list() == [None, None]
    assert nulls["report"].to_list() == [None, None]


def test_chunked_categorical_and_enum_columns():
    texts = ["https://a.example.com/x", None, "b.example.org", "https://a.example.com/x"]
    chunked = pl.concat([pl.DataFrame({"url": texts})] * 3, rechunk=False)
    assert chunked.n_chunks() == 3
    expected = onecontact.keys(texts) * 3
    assert chunked.select(pl.col("url").onecontact.key())["url"].to_list() == expected
    for dtype in (pl.Categorical, pl.Enum(["https://a.example.com/x", "b.example.org"])):
        cast = chunked.with_columns(pl.col("url").cast(dtype))
        assert cast.select(pl.col("url").onecontact.key())["url"].to_list() == expected


def test_a_column_that_is_not_text_is_a_clear_error():
    frame = pl.DataFrame({"n": [1, 2, 3]})
    with pytest.raises(pl.exceptions.ComputeError,
                       match=r"onecontact's key\(\) takes a column of strings .*not Int64"):
        frame.select(pl.col("n").onecontact.key())
    with pytest.raises(pl.exceptions.ComputeError, match="takes a column of strings"):
        frame.lazy().select(pl.col("n").onecontact.parse()).collect(engine="streaming")


def test_options_are_checked_when_the_expression_is_built():
    with pytest.raises(ValueError, match="threads"):
        pl.col("url").onecontact.key(threads=0)
    with pytest.raises(ValueError, match="version"):
        pl.col("url").onecontact.key(version=3)
    with pytest.raises(TypeError, match="private"):
        pl.col("url").onecontact.registrable_domain(private="no")
    texts = ["alice.github.io", "https://www.example.com/"] * 300
    frame = pl.DataFrame({"url": texts})
    for threads in (1, 2, 3):
        out = frame.select(pl.col("url").onecontact.registrable_domain(private=False,
                                                                       threads=threads))
        assert out["url"].to_list() == onecontact.registrable_domains(texts, private=False)


def test_the_plan_holds_the_plugin_not_a_python_function():
    plan = pl.LazyFrame({"url": ["example.com"]}).select(
        pl.col("url").onecontact.key()).explain()
    assert ".so:key()" in plan or ".pyd:key()" in plan
    assert "python_udf" not in plan
    # The one route through Python, for a list loaded at run time, shows as one.
    psl = onecontact.load_psl(str(REPO / "testdata/psl/public_suffix_list.dat"))
    plan = pl.LazyFrame({"url": ["example.com"]}).select(
        pl.col("url").onecontact.key(psl=psl)).explain()
    assert "python_udf" in plan


def test_a_loaded_list_goes_through_the_batch_call():
    psl = onecontact.load_psl(str(REPO / "testdata/psl/public_suffix_list.dat"))
    texts = ["alice.github.io/x", None, "www.example.co.uk"]
    frame = pl.LazyFrame({"url": texts})
    out = frame.select(pl.col("url").onecontact.registrable_domain(psl=psl)).collect()
    assert out["url"].to_list() == onecontact.registrable_domains(texts, psl=psl)


def test_an_unknown_polars_version_is_a_clear_error():
    registered = {}
    fake = types.SimpleNamespace(
        __version__="9.0.0",
        Expr=type("Expr", (), {}),
        api=types.SimpleNamespace(
            register_expr_namespace=lambda name: lambda cls: registered.setdefault("expr", cls),
            register_series_namespace=lambda name: lambda cls: registered.setdefault("series",
                                                                                     cls),
        ),
    )
    _polars.register(fake)
    with pytest.raises(RuntimeError, match=r"polars 9\.0\.0 is not one of them"):
        registered["expr"](pl.col("url")).key()
    assert _polars._POLARS_MAJORS == (1, 2)


def test_series_namespace_is_the_batch_call():
    series = pl.Series("url", TEXTS)
    assert series.onecontact.key().to_list() == onecontact.keys(TEXTS)


def test_options_the_plugin_does_not_read_are_errors_not_crashes():
    from polars.plugins import register_plugin_function

    frame = pl.DataFrame({"url": ["example.com"]})

    def call(kwargs, function="key"):
        return frame.select(register_plugin_function(
            plugin_path=onecontact._onecontact.__file__, function_name=function,
            args=pl.col("url"), kwargs=kwargs, is_elementwise=True))

    assert call({"threads": 1, "version": 2})["url"].to_list() == ["example.com"]
    for kwargs, message in (
        ({"threads": 70_000}, r"does not take threads="),
        ({"threads": 2**40}, r"pickle opcode 0x8a"),
        ({"colour": "red"}, r"does not take colour="),
        ({"threads": [1, 2]}, r"pickle opcode"),
        ({"private": 1.5}, r"pickle opcode"),
    ):
        with pytest.raises(pl.exceptions.ComputeError, match=message):
            call(kwargs)
    with pytest.raises(pl.exceptions.ComputeError, match=r"takes one column, not 2"):
        frame.select(register_plugin_function(
            plugin_path=onecontact._onecontact.__file__, function_name="key",
            args=[pl.col("url"), pl.col("url")], is_elementwise=True))


def test_the_library_exports_polars_plugin_interface_0_1():
    import ctypes

    library = ctypes.CDLL(onecontact._onecontact.__file__)
    library._polars_plugin_get_version.restype = ctypes.c_uint32
    assert library._polars_plugin_get_version() == (0 << 16) | 1
    assert onecontact._onecontact._POLARS_PLUGIN_VERSION == (0, 1)
    for name in ("key", "canonical", "registrable_domain", "error_code", "parse", "inspect"):
        assert hasattr(library, f"_polars_plugin_{name}")
        assert hasattr(library, f"_polars_plugin_field_{name}")
    assert hasattr(library, "_polars_plugin_get_last_error_message")
