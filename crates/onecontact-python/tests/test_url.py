"""onecontact.URL against the URL Standard: every WPT urltestdata case,
errors, equality and hashing."""

import json
import pickle

import pytest

import onecontact
from conftest import REPO

WPT = json.loads((REPO / "testdata/wpt-url/urltestdata.json").read_text(encoding="utf-8"))
CASES = [case for case in WPT if isinstance(case, dict)]
GETTERS = ("href", "protocol", "username", "password", "host", "hostname",
           "port", "pathname", "search", "hash")


def test_the_wpt_file_is_complete():
    assert len(CASES) >= 891
    assert sum(1 for c in CASES if c.get("failure")) > 100


@pytest.mark.parametrize("case", CASES, ids=[f"{i}" for i in range(len(CASES))])
def test_wpt_urltestdata(case):
    base = case.get("base")
    if case.get("failure"):
        with pytest.raises(onecontact.URLError):
            onecontact.URL(case["input"], base)
        assert not onecontact.URL.can_parse(case["input"], base)
        return
    url = onecontact.URL(case["input"], base)
    assert onecontact.URL.can_parse(case["input"], base)
    for getter in GETTERS:
        assert getattr(url, getter) == case[getter], getter
    if "origin" in case:
        assert url.origin == case["origin"]


def test_getters():
    url = onecontact.URL("HTTPS://user:pw@Example.COM:8443/a/../b?x=1&y=%20z#frag")
    assert url.href == "https://user:pw@example.com:8443/b?x=1&y=%20z#frag"
    assert (url.protocol, url.username, url.password) == ("https:", "user", "pw")
    assert (url.host, url.hostname, url.port) == ("example.com:8443", "example.com", "8443")
    assert (url.pathname, url.search, url.hash) == ("/b", "?x=1&y=%20z", "#frag")
    assert url.origin == "https://example.com:8443"
    assert url.search_params == [("x", "1"), ("y", " z")]
    assert str(url) == url.href
    assert repr(url) == "URL('https://user:pw@example.com:8443/b?x=1&y=%20z#frag')"


def test_base_as_str_or_url_and_join():
    base = onecontact.URL("https://example.com/a/b")
    assert onecontact.URL("../c", base).href == "https://example.com/c"
    assert onecontact.URL("../c", "https://example.com/a/b").href == "https://example.com/c"
    assert base.join("?q").href == "https://example.com/a/b?q"
    assert onecontact.URL.can_parse("/x", base="https://example.com")
    assert not onecontact.URL.can_parse("/x")


def test_error_has_code_message_and_offset():
    with pytest.raises(onecontact.URLError) as info:
        onecontact.URL("https://example.com:99999/")
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code == "port-out-of-range"
    assert error.validation_error is None
    assert "65535" in error.message or "port" in error.message
    assert error.offset == 20
    assert "port-out-of-range" in str(error)


def test_error_offset_counts_code_points():
    # "é" is two bytes in UTF-8 and one code point in Python.
    with pytest.raises(onecontact.URLError) as info:
        onecontact.URL("https://é.com:99999/")
    assert info.value.offset == len("https://é.com:")


def test_a_bad_base_is_named():
    with pytest.raises(onecontact.URLError) as info:
        onecontact.URL("/x", "not a url")
    assert info.value.message.startswith("the base: ")
    assert not onecontact.URL.can_parse("/x", "not a url")


def test_equality_hash_and_pickle():
    a = onecontact.URL("https://EXAMPLE.com:443/")
    b = onecontact.URL("https://example.com/")
    assert a == b and hash(a) == hash(b)
    assert a != onecontact.URL("http://example.com/")
    assert a != "https://example.com/"
    assert len({a, b}) == 1
    assert pickle.loads(pickle.dumps(a)) == a


def test_immutable():
    url = onecontact.URL("https://example.com/")
    with pytest.raises(AttributeError):
        url.href = "https://other.example/"
