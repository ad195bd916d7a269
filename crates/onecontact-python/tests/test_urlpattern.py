"""URLPattern: the browser's API on the engine of the command and SQL, every
case of the web-platform-tests' urlpatterntestdata.json through it, and
test_all over lists, pandas, polars and Arrow columns."""

import json
import os
import pickle

import pytest

import onecontact
from onecontact import URLPattern, URLPatternError

COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]

if os.environ.get("ONECONTACT_REQUIRE_ARROW") == "1":
    # ci.sh installs them: there a missing one is a failure, not a skip.
    import pandas as pd
    import polars as pl
    import pyarrow as pa
else:
    try:
        import pandas as pd
    except ImportError:
        pd = None
    try:
        import polars as pl
        import pyarrow as pa
    except ImportError:
        pl = pa = None

needs_pandas = pytest.mark.skipif(pd is None, reason="pandas is not installed")
needs_arrow = pytest.mark.skipif(pa is None, reason="pyarrow and polars are not installed")


# The browser's API.

def test_pattern_string_properties_and_exec():
    pattern = URLPattern("https://*.example.com/users/:id")
    assert [getattr(pattern, c) for c in COMPONENTS] == [
        "https", "*", "*", "*.example.com", "", "/users/:id", "*", "*"]
    assert not pattern.has_regexp_groups and not pattern.ignore_case
    assert pattern.test("https://api.example.com/users/42")
    assert not pattern.test("https://example.org/users/42")
    result = pattern.exec("https://api.example.com/users/42?x#y")
    assert result["inputs"] == ["https://api.example.com/users/42?x#y"]
    assert result["hostname"] == {"input": "api.example.com", "groups": {"0": "api"}}
    assert result["pathname"] == {"input": "/users/42", "groups": {"id": "42"}}
    assert result["search"] == {"input": "x", "groups": {"0": "x"}}
    assert result["protocol"] == {"input": "https", "groups": {}}
    assert list(result) == ["inputs"] + COMPONENTS
    assert pattern.exec("https://example.org/users/42") is None


def test_base_regexp_groups_and_unmatched_optional_groups():
    docs = URLPattern("/:lang(en|fr)?/docs/*", "https://example.com")
    assert docs.protocol == "https" and docs.hostname == "example.com"
    assert docs.has_regexp_groups
    assert docs.exec("https://example.com/fr/docs/a/b")["pathname"]["groups"] == {
        "lang": "fr", "0": "a/b"}
    # An optional group that takes part in no match is None (undefined in JavaScript).
    assert docs.exec("https://example.com/docs/x")["pathname"]["groups"] == {
        "lang": None, "0": "x"}
    assert not docs.test("https://example.com/de/docs/x")
    # A relative input with a base; inputs lists both.
    result = docs.exec("/en/docs/", "https://example.com/shop")
    assert result["inputs"] == ["/en/docs/", "https://example.com/shop"]
    assert result["pathname"]["groups"] == {"lang": "en", "0": ""}
    base = onecontact.URL("https://example.com/")
    assert docs.test("fr/docs/z", base) and URLPattern("/a", base).test("https://example.com/a")


def test_dict_of_components_and_ignore_case():
    pattern = URLPattern({"pathname": "/books/:id(\\d+)", "baseURL": "https://example.com/x?q#h"},
                         ignore_case=True)
    assert pattern.protocol == "https" and pattern.hostname == "example.com"
    assert pattern.search == "*" and pattern.hash == "*"
    assert pattern.ignore_case and pattern.has_regexp_groups
    assert pattern.test("https://example.com/BOOKS/12")
    assert not pattern.test("https://example.com/books/x")
    assert URLPattern({"hostname": "{*.}?example.com"}).test("wss://a.b.example.com/socket")
    assert URLPattern({"base_url": "https://a.example/"}).hostname == "a.example"
    everything = URLPattern()
    assert [getattr(everything, c) for c in COMPONENTS] == ["*"] * 8
    assert everything.test("foo:bar") and everything.test({}) and everything.test()
    # A dict input: its values are canonicalized as the Standard says.
    result = URLPattern({"pathname": "/a/:b"}).exec({"pathname": "/a/ü"})
    assert result["inputs"] == [{"pathname": "/a/ü"}]
    assert result["pathname"] == {"input": "/a/%C3%BC", "groups": {"b": "%C3%BC"}}


def test_url_objects_and_lone_surrogates():
    pattern = URLPattern("https://example.com/:x")
    url = onecontact.URL("https://example.com/abc")
    assert pattern.test(url)
    assert pattern.exec(url)["inputs"] == [url]
    # A lone surrogate reads as U+FFFD, as the Standard's USVString.
    assert pattern.exec("https://example.com/\ud800")["pathname"]["groups"] == {"x": "%EF%BF%BD"}
    assert URLPattern("https://example.com/\ud800").pathname == "/%EF%BF%BD"


def test_inputs_that_are_not_urls_match_nothing():
    pattern = URLPattern("https://example.com/*")
    assert not pattern.test("not a url")
    assert pattern.exec("not a url") is None
    assert not pattern.test("/a", "not a base")
    assert pattern.exec("https://example.com:99999/") is None


def test_the_case_that_hangs_a_backtracking_engine_answers():
    pattern = URLPattern("https://a.com/:x(a*a*a*a*a*a*b)")
    # Linear in the URL: 100,000 bytes that do not match answer at once.
    assert not pattern.test("https://a.com/" + "a" * 100_000 + "c")
    assert pattern.exec("https://a.com/aab")["pathname"]["groups"] == {"x": "aab"}


@pytest.mark.parametrize("text, code, component", [
    ("https://example.com/:id/:id", "urlpattern.duplicate-name", "pathname"),
    ("/books", "urlpattern.missing-base", None),
    ("https://example.com/(a", "urlpattern.tokenize", "pathname"),
    ("https://example.com/:x(a\\1)", "urlpattern.needs-backtracking", "pathname"),
    ("https://example.com/((?:(?=a)a))", "urlpattern.needs-backtracking", "pathname"),
    ("https://example.com/(\\p{RGI_Emoji})", "urlpattern.needs-backtracking", "pathname"),
    ("https://example.com/#((?:a*b*)*)", "urlpattern.needs-backtracking", "hash"),
    ("https://example.com/?:x(a)(\\k<x>)", "urlpattern.needs-backtracking", "search"),
    ("https://example.com/([a**])", "urlpattern.invalid-regexp", "pathname"),
    ("https://exa mple.com/", "urlpattern.canonicalize", "hostname"),
    ("https://example.com/{a", "urlpattern.unexpected-token", "pathname"),
    ("https://example.com/((?:a{1000}){1000})", "urlpattern.too-complex", "pathname"),
])
def test_invalid_patterns_raise_with_a_code(text, code, component):
    with pytest.raises(URLPatternError) as info:
        URLPattern(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.code, error.component) == (code, component)
    assert error.message and str(error) == f"{error.message} ({code})"


def test_invalid_base_and_regexp_messages():
    with pytest.raises(URLPatternError) as info:
        URLPattern("/a", "no base")
    assert info.value.code == "urlpattern.invalid-base-url"
    assert "no base" in info.value.message
    with pytest.raises(URLPatternError, match="backreference"):
        URLPattern({"pathname": "/:x(a\\1)"})


def test_wrong_arguments_raise_type_errors():
    with pytest.raises(TypeError, match="pattern str or a dict"):
        URLPattern(42)
    with pytest.raises(TypeError, match="not a URLPattern component"):
        URLPattern({"path": "/a"})
    with pytest.raises(TypeError, match="ignore_case=True"):
        URLPattern({"pathname": "/a", "ignoreCase": True})
    with pytest.raises(TypeError, match="must be a str"):
        URLPattern({"pathname": 1})
    with pytest.raises(TypeError, match="beside a dict"):
        URLPattern({"pathname": "/a"}, "https://example.com")
    with pytest.raises(TypeError, match="once"):
        URLPattern({"baseURL": "https://a/", "base_url": "https://b/"})
    pattern = URLPattern("https://example.com/*")
    with pytest.raises(TypeError, match="beside a dict"):
        pattern.test({"pathname": "/a"}, "https://example.com")
    with pytest.raises(TypeError, match="a str, a URL or a dict"):
        pattern.exec(b"https://example.com/")
    with pytest.raises(TypeError):
        pattern.test("https://example.com/", 3)


def test_repr_and_pickle_keep_the_constructor_arguments():
    patterns = [
        URLPattern("https://*.example.com/users/:id"),
        URLPattern("/:lang/docs", "https://example.com", ignore_case=True),
        URLPattern({"pathname": "/books/:id", "baseURL": "https://example.com"}),
        URLPattern(),
    ]
    assert [repr(p) for p in patterns] == [
        "URLPattern('https://*.example.com/users/:id')",
        "URLPattern('/:lang/docs', 'https://example.com', ignore_case=True)",
        "URLPattern({'pathname': '/books/:id', 'baseURL': 'https://example.com'})",
        "URLPattern({})",
    ]
    for pattern in patterns:
        again = pickle.loads(pickle.dumps(pattern))
        assert repr(again) == repr(pattern)
        assert [getattr(again, c) for c in COMPONENTS] == [getattr(pattern, c) for c in COMPONENTS]
        assert again.ignore_case == pattern.ignore_case
    # The dict is copied when the pattern is made.
    init = {"pathname": "/a"}
    pattern = URLPattern(init)
    init["pathname"] = "/b"
    assert repr(pattern) == "URLPattern({'pathname': '/a'})"


# The web-platform-tests' urlpatterntestdata.json, with the checks of WPT's
# harness (urlpattern/resources/urlpattern-harness.js).

def wpt_cases(repo):
    path = repo / "testdata" / "wpt-urlpattern" / "urlpatterntestdata.json"
    return json.loads(path.read_text(encoding="utf-8"))


def construct(args):
    """new URLPattern(...args) with the arguments WPT passes."""
    if args and isinstance(args[0], dict):
        # WebIDL's dictionary conversion drops members the dictionary does
        # not have (one case passes the option ignoreCase as the init);
        # URLPattern refuses them with TypeError instead.
        args = [{k: v for k, v in args[0].items() if k in COMPONENTS + ["baseURL"]}] + args[1:]
    if args and isinstance(args[-1], dict) and len(args) >= 2 and "ignoreCase" in args[-1]:
        options, args = args[-1], args[:-1]
        ignore_case = options["ignoreCase"]
    else:
        ignore_case = False
    if len(args) == 2 and isinstance(args[0], dict) and isinstance(args[1], dict):
        # new URLPattern(init, options) with options other than ignoreCase.
        return URLPattern(args[0], ignore_case=ignore_case)
    if len(args) == 2 and isinstance(args[1], dict):
        # The options before the base URL: WebIDL reads the dict as the
        # base URL "[object Object]", which is not a URL.
        return URLPattern(args[0], "[object Object]", ignore_case=ignore_case)
    return URLPattern(*args, ignore_case=ignore_case)


def expected_pattern(entry, component):
    """The pattern string the harness expects for a component."""
    expected_obj = entry.get("expected_obj") or {}
    if component in expected_obj:
        return expected_obj[component]
    if component in entry.get("exactly_empty_components", []):
        return ""
    first = entry["pattern"][0] if entry["pattern"] else None
    if isinstance(first, dict) and first.get(component):
        return first[component]
    earlier = COMPONENTS[:COMPONENTS.index(component)]
    earlier = [c for c in earlier if c not in ("username", "password")]
    if component not in ("protocol", "username", "password") and isinstance(first, dict) and any(
            c in first for c in earlier):
        return "*"
    base = None
    if isinstance(first, dict) and "baseURL" in first:
        base = first["baseURL"]
    elif len(entry["pattern"]) > 1 and isinstance(entry["pattern"][1], str):
        base = entry["pattern"][1]
    if base is not None and component not in ("username", "password"):
        url = onecontact.URL(base)
        value = getattr(url, component)
        if component == "protocol":
            return value[:-1]
        if component in ("search", "hash"):
            return value[1:]
        return value
    return "*"


def expected_result(entry, component):
    given = entry["expected_match"].get(component)
    if given is not None:
        return given
    if component in entry.get("exactly_empty_components", []):
        return {"input": "", "groups": {}}
    return {"input": "", "groups": {"0": ""}}


def check_case(entry):
    """Runs one case; returns what differs, or None."""
    try:
        pattern = construct(entry["pattern"])
    except (URLPatternError, TypeError) as e:
        return None if entry.get("expected_obj") == "error" else f"constructor raised {e!r}"
    if entry.get("expected_obj") == "error":
        return "constructor did not raise"
    for component in COMPONENTS:
        expected = expected_pattern(entry, component)
        if getattr(pattern, component) != expected:
            return f"{component} is {getattr(pattern, component)!r}, expected {expected!r}"
    if "inputs" not in entry:
        return None
    inputs = entry["inputs"]
    if entry.get("expected_match") == "error":
        for call in (pattern.test, pattern.exec):
            try:
                call(*inputs)
            except TypeError:
                continue
            return f"{call.__name__} did not raise"
        return None
    should_match = isinstance(entry.get("expected_match"), dict)
    if pattern.test(*inputs) != should_match:
        return f"test() is {not should_match}"
    result = pattern.exec(*inputs)
    if not should_match:
        return None if result is None else "exec() matched"
    if result is None:
        return "exec() gave None"
    if result["inputs"] != entry["expected_match"].get("inputs", inputs):
        return f"inputs is {result['inputs']!r}"
    for component in COMPONENTS:
        if result[component] != expected_result(entry, component):
            return f"exec() {component} is {result[component]!r}"
    return None


def test_every_wpt_urlpattern_case(repo):
    cases = wpt_cases(repo)
    assert len(cases) == 369
    failures = []
    for number, entry in enumerate(cases):
        failure = check_case(entry)
        if failure:
            failures.append((number, entry["pattern"], entry.get("inputs"), failure))
    assert failures == []


def test_wpt_inputs_through_test_all_agree_with_test(repo):
    """Each WPT pattern with string inputs, all of its inputs in one batch."""
    checked = 0
    for entry in wpt_cases(repo):
        inputs = entry.get("inputs")
        if entry.get("expected_obj") == "error" or not inputs or not isinstance(inputs[0], str):
            continue
        pattern = construct(entry["pattern"])
        base = inputs[1] if len(inputs) > 1 else None
        if base is not None and onecontact.URL.can_parse(base) is False:
            continue
        assert pattern.test_all([inputs[0]], base) == [pattern.test(*inputs)], entry
        checked += 1
    assert checked > 60


# test_all: one answer per row in the input's kind.

URLS = [
    "https://api.example.com/users/1",
    None,
    42,
    "not a url",
    "https://example.org/users/1",
    "https://www.example.com/users/2?x",
    "",
]
EXPECTED = [True, None, None, False, False, True, False]


def test_test_all_on_lists_and_iterables():
    pattern = URLPattern("https://*.example.com/users/:id")
    assert pattern.test_all(URLS) == EXPECTED
    assert pattern.test_all(tuple(URLS)) == EXPECTED
    assert pattern.test_all(u for u in URLS) == EXPECTED
    assert pattern.test_all([]) == []
    assert pattern.test_all([u for u in URLS if isinstance(u, str)]) == [
        pattern.test(u) for u in URLS if isinstance(u, str)]


def test_test_all_with_a_base_and_many_rows():
    pattern = URLPattern("/:lang(en|fr)/docs/*", "https://example.com")
    rows = [f"/{lang}/docs/{i}" for i in range(2000) for lang in ("en", "de")]
    answers = pattern.test_all(rows, "https://example.com/", threads=3)
    assert answers == [lang == "en" for i in range(2000) for lang in ("en", "de")]
    assert pattern.test_all(rows, base=onecontact.URL("https://example.com")) == answers
    assert pattern.test_all(rows, "https://other.example/") == [False] * len(rows)
    with pytest.raises(onecontact.URLError, match="the base"):
        pattern.test_all(rows, "no base")


def test_the_gil_is_released_while_test_all_runs():
    """Another Python thread runs while one is inside test_all (counted as
    loop turns made during the call, not as a timing ratio)."""
    import sys
    import threading
    import time

    pattern = URLPattern("https://*.example.com/:a/:b(\\d+)/*?")
    rows = [f"https://w{i}.example.com/x/{i}/{'a' * (i % 50)}" for i in range(300_000)]
    done = threading.Event()
    turns = 0

    def spin():
        nonlocal turns
        while not done.is_set():
            turns += 1

    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    spinner = threading.Thread(target=spin)
    try:
        spinner.start()
        time.sleep(0.05)
        before = turns
        answers = pattern.test_all(rows, threads=1)
        during = turns - before
    finally:
        done.set()
        spinner.join()
        sys.setswitchinterval(interval)
    assert answers == [True] * len(rows)
    assert during > 1000, during


def test_test_all_arguments_are_checked():
    pattern = URLPattern("https://example.com/*")
    with pytest.raises(TypeError, match="not a single str"):
        pattern.test_all("https://example.com/")
    with pytest.raises(ValueError, match="threads"):
        pattern.test_all(URLS, threads=0)
    with pytest.raises(TypeError, match="threads"):
        pattern.test_all(URLS, threads="2")


@needs_pandas
def test_test_all_on_pandas():
    pattern = URLPattern("https://*.example.com/users/:id")
    series = pd.Series(URLS, index=[10 * i for i in range(len(URLS))], name="website")
    out = pattern.test_all(series)
    assert isinstance(out, pd.Series) and out.dtype == "boolean"
    assert out.name == "website" and list(out.index) == list(series.index)
    assert out.tolist() == [pd.NA if e is None else e for e in EXPECTED]
    texts = [u if isinstance(u, str) else None for u in URLS]
    for dtype in ["string", "category", object]:
        typed = pattern.test_all(pd.Series(texts, dtype=dtype))
        assert typed.dtype == "boolean", dtype
        assert typed.tolist() == [pd.NA if e is None else e for e in
                                  (None if t is None else pattern.test(t) for t in texts)], dtype
    index = pattern.test_all(pd.Index(["https://a.example.com/users/1", "x"], name="u"))
    assert isinstance(index, pd.Index) and index.name == "u" and index.tolist() == [True, False]
    with pytest.raises(TypeError, match="one column"):
        pattern.test_all(pd.DataFrame({"u": texts}))


@needs_arrow
def test_test_all_on_arrow_and_polars():
    pattern = URLPattern("https://*.example.com/users/:id")
    texts = [u if isinstance(u, str) else None for u in URLS]
    expected = [None if t is None else pattern.test(t) for t in texts]
    for kind in [pa.string(), pa.large_string(), pa.string_view()]:
        out = pattern.test_all(pa.array(texts, type=kind))
        assert isinstance(out, pa.BooleanArray) and out.to_pylist() == expected
    chunked = pa.chunked_array([pa.array(texts), pa.array(texts[:2])])
    assert pattern.test_all(chunked).to_pylist() == expected + expected[:2]
    assert pattern.test_all(pa.array(texts).dictionary_encode()).to_pylist() == expected
    assert pattern.test_all(pa.nulls(2)).to_pylist() == [None, None]
    with pytest.raises(TypeError, match="must hold strings"):
        pattern.test_all(pa.array([1, 2]))
    arrow_backed = pattern.test_all(pd.Series(texts, dtype="string[pyarrow]")) if pd else None
    if arrow_backed is not None:
        assert arrow_backed.dtype == "boolean"
        assert arrow_backed.tolist() == [pd.NA if e is None else e for e in expected]

    series = pattern.test_all(pl.Series("website", texts))
    assert isinstance(series, pl.Series) and series.dtype == pl.Boolean
    assert series.name == "website" and series.to_list() == expected
    frame = pl.LazyFrame({"website": texts}).with_columns(
        users=pl.col("website").map_batches(pattern.test_all, return_dtype=pl.Boolean)).collect()
    assert frame["users"].to_list() == expected

    class Producer:
        def __arrow_c_array__(self, requested_schema=None):
            return pa.array(texts).__arrow_c_array__(requested_schema)

    out = pattern.test_all(Producer())
    assert hasattr(out, "__arrow_c_array__") and pa.array(out).to_pylist() == expected


def test_the_examples_of_docs_python_md_run(repo):
    """The URLPattern section's examples, run as doctests."""
    import doctest

    text = (repo / "docs" / "python.md").read_text(encoding="utf-8")
    section = text.split("### URL patterns: `onecontact.URLPattern`", 1)[1].split("\n### ", 1)[0]
    # The code fences end an example's expected output, as a blank line does.
    section = "\n".join("" if line.startswith("```") else line for line in section.splitlines())
    test = doctest.DocTestParser().get_doctest(section, {"onecontact": onecontact}, "python.md",
                                               "docs/python.md", 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
