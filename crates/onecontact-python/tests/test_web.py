"""WebAddress, the key V1 golden fixture, facts, spans, the Public Suffix
List loaded from a file, inspect and compare."""

import pytest

import onecontact
from conftest import REPO

FIXTURE = REPO / "crates/onecontact/tests/fixtures/key_v1.tsv"


def unescape(text):
    out, chars = [], iter(text)
    for c in chars:
        if c != "\\":
            out.append(c)
            continue
        nxt = next(chars)
        out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}[nxt])
    return "".join(out)


def golden():
    pairs = []
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        given, key = line.rsplit("\t", 1)
        pairs.append((unescape(given), key))
    return pairs


def test_key_v1_golden_fixture_one_by_one_and_in_batch():
    pairs = golden()
    assert len(pairs) >= 60
    inputs = [given for given, _ in pairs]
    expected = [key for _, key in pairs]
    assert [onecontact.WebAddress(t).key() for t in inputs] == expected
    assert [onecontact.WebAddress(t).key(1) for t in inputs] == expected
    assert onecontact.keys(inputs) == expected
    assert onecontact.keys(iter(inputs)) == expected
    assert onecontact.keys(tuple(inputs * 20)) == expected * 20


def test_key_version_must_exist():
    web = onecontact.WebAddress("example.com")
    for bad in (3, 0, -1, 2**80):
        with pytest.raises(ValueError, match="version must be 1 or 2") as info:
            web.key(bad)
        assert str(bad) in str(info.value)
    with pytest.raises(TypeError, match="version must be an int"):
        web.key("1")
    assert web.key(version=1) == web.key() == "example.com"
    assert web.key(version=2) == "example.com"


def test_web_address():
    web = onecontact.WebAddress("  WWW.Example.co.uk/Shop/index.html?utm_source=news&b=2&a=1#top ")
    assert web.href == "https://www.example.co.uk/Shop/index.html?utm_source=news&b=2&a=1#top"
    assert web.url == onecontact.URL(web.href)
    assert web.canonical == "https://www.example.co.uk/Shop/index.html?b=2&a=1"
    assert web.key() == "example.co.uk/shop?a=1&b=2"
    assert web.facts == frozenset(
        {"scheme_assumed", "tracking_parameters_removed", "fragment_removed"})
    assert web.removed_tracking_parameters == ["utm_source"]
    assert web.is_website
    assert web.registrable_domain == "example.co.uk"
    assert web.public_suffix == "co.uk"
    assert web.social_profile is None
    assert str(web) == web.canonical
    assert repr(web) == "WebAddress('https://www.example.co.uk/Shop/index.html?b=2&a=1')"


def test_spans_index_the_text_as_given():
    text = "  Bücher.example/straße?q=1#f"
    web = onecontact.WebAddress(text)
    spans = web.spans
    assert text[slice(*spans["host"])] == "Bücher.example"
    assert text[slice(*spans["path"])] == "/straße"
    assert text[slice(*spans["query"])] == "q=1"
    assert text[slice(*spans["fragment"])] == "f"
    assert "scheme" not in spans
    text = "😀 https://example.com:8080/x"
    with pytest.raises(onecontact.URLError):
        onecontact.WebAddress(text)
    text = " https://😀.example:8080/x"
    spans = onecontact.WebAddress(text).spans
    assert text[slice(*spans["scheme"])] == "https"
    assert text[slice(*spans["port"])] == "8080"


def test_facts_and_social_profile():
    web = onecontact.WebAddress("https://user:pw@198.51.100.7/")
    assert {"ip_host", "has_credentials"} <= web.facts
    assert web.registrable_domain is None and web.public_suffix is None
    profile = onecontact.WebAddress("https://x.com/jack").social_profile
    assert (profile.network, profile.handle, profile.path) == ("x", "jack", "/jack")
    assert profile == onecontact.WebAddress("x.com/jack?utm_source=a").social_profile
    assert hash(profile) == hash(onecontact.WebAddress("https://x.com/jack").social_profile)
    mail = onecontact.WebAddress("mailto:Info@Example.com")
    assert not mail.is_website and "non_web_scheme" in mail.facts
    assert "xn" not in onecontact.WebAddress("example.com").facts
    assert "internationalized_domain" in onecontact.WebAddress("bücher.de").facts


def test_web_address_errors():
    with pytest.raises(onecontact.URLError) as info:
        onecontact.WebAddress("example.com:99999")
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code == "web.invalid-port"
    assert error.validation_error == "port-out-of-range"
    assert error.offset == 12
    assert "65535" in error.message
    for text, code in [("/relative", "web.invalid-url"), ("https://exa mple.com", "web.invalid-host")]:
        with pytest.raises(onecontact.URLError) as info:
            onecontact.WebAddress(text)
        assert info.value.code == code, text


def test_equality_is_the_canonical_form():
    a = onecontact.WebAddress("https://Example.com/a?utm_source=x#top")
    b = onecontact.WebAddress("example.com/a")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != onecontact.WebAddress("example.com/b")
    assert a != "https://example.com/a"


def test_psl_baked_and_loaded(tmp_path):
    baked = onecontact.PublicSuffixList.baked()
    assert baked.version and baked.icann_rules > 5000 and baked.private_rules > 1000
    assert baked.registrable_domain("a.b.example.co.uk") == "example.co.uk"
    assert baked.public_suffix("foo.blogspot.com") == "blogspot.com"
    path = tmp_path / "list.dat"
    path.write_text(
        "// ===BEGIN ICANN DOMAINS===\ncom\nuk\nco.uk\n// ===END ICANN DOMAINS===\n"
        "// ===BEGIN PRIVATE DOMAINS===\nsites.example.com\n// ===END PRIVATE DOMAINS===\n",
        encoding="utf-8")
    small = onecontact.load_psl(str(path))
    assert onecontact.PublicSuffixList.from_file(path).icann_rules == small.icann_rules == 3
    assert small.registrable_domain("a.b.sites.example.com") == "b.sites.example.com"
    assert "loaded" in repr(small) and "baked" in repr(baked)
    web = onecontact.WebAddress("https://a.b.sites.example.com/x", psl=small)
    assert web.registrable_domain == "b.sites.example.com"
    assert web.public_suffix == "sites.example.com"
    assert web.key() == "b.sites.example.com/x"
    assert onecontact.WebAddress("https://a.b.sites.example.com/x").key() == "example.com/x"
    texts = ["https://a.b.sites.example.com/x", "www.example.co.uk", None]
    assert onecontact.keys(texts, psl=small) == ["b.sites.example.com/x", "example.co.uk", None]
    assert onecontact.registrable_domains(texts, psl=small) == [
        "b.sites.example.com", "example.co.uk", None]
    assert onecontact.inspect("https://a.b.sites.example.com/", psl=small).registrable_domain == (
        "b.sites.example.com")
    assert onecontact.inspect("https://a.b.sites.example.com/").registrable_domain == "example.com"
    assert onecontact.compare("https://a.sites.example.com/", "https://b.sites.example.com/",
                              psl=small).verdict == "different"
    assert onecontact.compare("https://a.sites.example.com/",
                              "https://b.sites.example.com/").first_key == "example.com"
    same = onecontact.load_psl(str(REPO / "testdata/psl/public_suffix_list.dat"))
    assert same.version == baked.version
    assert onecontact.keys(texts, psl=same) == onecontact.keys(texts)


def test_psl_errors(tmp_path):
    with pytest.raises(OSError):
        onecontact.load_psl(str(tmp_path / "missing.dat"))
    with pytest.raises(ValueError, match="outside the ICANN and PRIVATE sections"):
        onecontact.PublicSuffixList("com\n")


def test_inspect():
    report = onecontact.inspect("https://www.paypal.com@198.51.100.7/secure/login")
    assert report.real_host == "198.51.100.7"
    assert report.has("userinfo-looks-like-host") and report.has("ip-address-host")
    assert report.max_severity == "danger"
    first = report.warnings[0]
    assert first.severity == "danger" and first.message and first.code in report.warning_codes
    assert report == onecontact.inspect("https://www.paypal.com@198.51.100.7/secure/login")
    assert "198.51.100.7" in repr(report)
    lookalike = onecontact.inspect("https://xn--80ak6aa92e.com/")
    assert lookalike.display.host == "xn--80ak6aa92e.com"
    assert lookalike.display.imitates == "apple.com"
    assert not lookalike.display.is_unicode
    label = lookalike.display.labels[0]
    assert label.ascii == "xn--80ak6aa92e" and label.unicode == "аррӏе" and label.reason
    safe = onecontact.inspect("https://xn--d1abbgf6aiiy.xn--p1ai/")
    assert safe.display.host == "президент.рф" and safe.display.is_unicode
    assert safe.registrable_domain == "xn--d1abbgf6aiiy.xn--p1ai"
    broken = onecontact.inspect("https://example.com:99999/")
    assert broken.error_code == "web.invalid-port" and broken.url is None
    assert onecontact.inspect("javascript:alert(1)").max_severity == "danger"


def test_compare():
    same = onecontact.compare("https://example.com:443/a", "HTTPS://Example.COM/a")
    assert same.verdict == "same-url" and same.same_url and same.same_key
    slash = onecontact.compare("https://example.com/docs", "https://example.com/docs/")
    assert slash.verdict == "same-key" and not slash.same_url
    assert slash.differences[0].code == "trailing-slash"
    assert slash.differences[0].equivalent in (True, False)
    assert slash.differences[0].message
    other = onecontact.compare("example.com/a", "example.org/a")
    assert other.verdict == "different" and other.first_key != other.second_key
    assert "different" in repr(other)
    with pytest.raises(onecontact.URLError) as info:
        onecontact.compare("example.com", "example.com:99999")
    assert info.value.code and info.value.offset == 12
