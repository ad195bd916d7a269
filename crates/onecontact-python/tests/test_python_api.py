"""The Python face of the package: reprs, pickling, the names it exports,
the Public Suffix List's answers on hosts, the private= option, and the
column calls parse_all and inspect_all on lists."""

import copy
import pickle

import pytest

import onecontact
from conftest import REPO

PROTOCOLS = range(0, pickle.HIGHEST_PROTOCOL + 1)


def test_reprs_are_python_reprs():
    report = onecontact.inspect("https://www.paypal.com@198.51.100.7/secure/login")
    assert repr(report) == ("LinkReport(real_host='198.51.100.7', max_severity='danger', "
                            "warnings=['userinfo-looks-like-host', 'ip-address-host'])")
    assert repr(report.warnings[0]) == (
        "LinkWarning(code='userinfo-looks-like-host', severity='danger', "
        "evidence='www.paypal.com')")
    clean = onecontact.inspect("https://example.com/")
    assert repr(clean) == "LinkReport(real_host='example.com', max_severity=None, warnings=[])"
    broken = onecontact.inspect("https://example.com:99999/")
    assert repr(broken) == "LinkReport(real_host=None, max_severity=None, warnings=[])"
    display = onecontact.inspect("https://xn--80ak6aa92e.com/").display
    assert repr(display) == ("HostDisplay(host='xn--80ak6aa92e.com', is_unicode=False, "
                             "imitates='apple.com')")
    assert repr(display.labels[0]) == ("LabelDisplay(ascii='xn--80ak6aa92e', unicode='аррӏе', "
                                       "reason='whole-script-lookalike')")
    safe = onecontact.inspect("https://xn--d1abbgf6aiiy.xn--p1ai/").display
    assert repr(safe) == "HostDisplay(host='президент.рф', is_unicode=True, imitates=None)"
    profile = onecontact.WebAddress("https://x.com/jack").social_profile
    assert repr(profile) == "SocialProfile(network='x', handle='jack', path='/jack')"
    comparison = onecontact.compare("https://example.com/docs", "https://example.com/docs/")
    assert repr(comparison) == "Comparison(verdict='same-key', differences=['trailing-slash'])"
    assert repr(comparison.differences[0]) == "Difference(code='trailing-slash', equivalent=False)"
    quote = onecontact.URL("https://example.com/it's")
    assert eval(repr(quote), {"URL": onecontact.URL}) == quote
    for shown in map(repr, (report, report.warnings[0], display, profile, comparison)):
        assert "Some(" not in shown and "None)" not in shown.replace("=None)", "")


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_url_and_web_address_pickle(protocol):
    url = onecontact.URL("https://EXAMPLE.com/a/../b?q#f")
    assert pickle.loads(pickle.dumps(url, protocol)) == url
    web = onecontact.WebAddress("  www.Example.co.uk/a?utm_source=x#top ")
    again = pickle.loads(pickle.dumps(web, protocol))
    assert again == web and again.text == web.text and again.key() == web.key()
    assert again.spans == web.spans
    baked = onecontact.PublicSuffixList.baked()
    assert "baked" in repr(pickle.loads(pickle.dumps(baked, protocol)))


def test_pickling_keeps_the_list_and_the_private_option(tmp_path):
    small = onecontact.PublicSuffixList(
        "// ===BEGIN ICANN DOMAINS===\ncom\n// ===END ICANN DOMAINS===\n"
        "// ===BEGIN PRIVATE DOMAINS===\nsites.example.com\n// ===END PRIVATE DOMAINS===\n")
    web = onecontact.WebAddress("https://a.b.sites.example.com/x", psl=small)
    again = pickle.loads(pickle.dumps(web))
    assert again.registrable_domain == "b.sites.example.com" and again.key() == web.key()
    icann = onecontact.WebAddress("https://a.b.sites.example.com/x", psl=small, private=False)
    again = pickle.loads(pickle.dumps(icann))
    assert again.registrable_domain == "example.com"
    assert copy.deepcopy(icann).registrable_domain == "example.com"
    psl = pickle.loads(pickle.dumps(small))
    assert psl.icann_rules == 1 and psl.private_rules == 1 and "loaded" in repr(psl)


def test_pickling_through_multiprocessing():
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    webs = [onecontact.WebAddress(f"example.com/{i}?utm_source=x") for i in range(3)]
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        back = list(pool.map(copy.copy, webs))
    assert back == webs


def test_warning_is_not_exported_by_star_import():
    assert "Warning" not in onecontact.__all__ and "LinkWarning" in onecontact.__all__
    namespace = {}
    exec("from onecontact import *", namespace)
    assert namespace.get("Warning", Warning) is Warning  # Python's builtin stays
    assert onecontact.Warning is onecontact.LinkWarning
    report = onecontact.inspect("https://198.51.100.7/")
    assert isinstance(report.warnings[0], onecontact.LinkWarning)
    assert type(report.warnings[0]).__name__ == "LinkWarning"


def test_psl_answers_for_hosts():
    psl = onecontact.PublicSuffixList.baked()
    assert psl.registrable_domain("a.b.example.co.uk") == "example.co.uk"
    assert psl.public_suffix("a.b.example.co.uk") == "co.uk"
    # The host as the URL Standard reads it: ASCII, lower case, xn-- labels.
    assert psl.registrable_domain("WWW.Example.COM") == "example.com"
    assert psl.registrable_domain("www.Bücher.de") == "xn--bcher-kva.de"
    assert psl.public_suffix("食狮.公司.cn") == "xn--55qx5d.cn"
    assert psl.registrable_domain("example.com.") == "example.com"
    assert psl.registrable_domain("co.uk") is None
    for ip in ("198.51.100.7", "[::1]", "0x7f.1"):
        assert psl.registrable_domain(ip) is None and psl.public_suffix(ip) is None


@pytest.mark.parametrize("text", ["https://a.example.com/", "a.example.com/path",
                                  "user@example.com", "exa mple.com", "", "example.com:443"])
def test_psl_refuses_what_is_not_a_host(text):
    psl = onecontact.PublicSuffixList.baked()
    for method in (psl.registrable_domain, psl.public_suffix):
        with pytest.raises(onecontact.URLError, match="not a host name") as info:
            method(text)
        assert isinstance(info.value, ValueError) and info.value.code
        assert "WebAddress" in info.value.message
    # What answers for a URL:
    if text == "https://a.example.com/":
        assert onecontact.WebAddress(text).registrable_domain == "example.com"


def test_private_false_leaves_the_private_section_out():
    psl = onecontact.PublicSuffixList.baked()
    assert psl.registrable_domain("alice.github.io") == "alice.github.io"
    assert psl.registrable_domain("alice.github.io", private=False) == "github.io"
    assert psl.public_suffix("alice.github.io", private=False) == "io"
    web = onecontact.WebAddress("https://alice.github.io/x", private=False)
    assert (web.registrable_domain, web.public_suffix) == ("github.io", "io")
    # The key V1 is defined on the whole list: private= does not change it.
    assert web.key() == onecontact.WebAddress("https://alice.github.io/x").key()
    texts = ["alice.github.io", "www.example.co.uk", "198.51.100.7", None, 5]
    assert onecontact.registrable_domains(texts, private=False) == [
        "github.io", "example.co.uk", None, None, None]
    assert onecontact.registrable_domains(texts) == [
        "alice.github.io", "example.co.uk", None, None, None]
    parsed = onecontact.parse_all(texts, private=False)
    assert parsed["registrable_domain"][:2] == ["github.io", "example.co.uk"]
    assert parsed["public_suffix"][:2] == ["io", "co.uk"]


def test_parse_all_on_a_list():
    texts = ["HTTPS://User@Example.COM:8080/a/../b?q=1#top", "mailto:a@example.com",
             "example.com:99999", None, 42, "https://[::1]/"]
    parsed = onecontact.parse_all(texts)
    assert list(parsed) == ["href", "scheme", "host", "port", "path", "query", "fragment",
                            "registrable_domain", "public_suffix", "error_code"]
    assert all(len(column) == len(texts) for column in parsed.values())
    row = {name: column[0] for name, column in parsed.items()}
    assert row == {
        "href": "https://User@example.com:8080/b?q=1#top", "scheme": "https",
        "host": "example.com", "port": 8080, "path": "/b", "query": "q=1", "fragment": "top",
        "registrable_domain": "example.com", "public_suffix": "com", "error_code": None}
    assert parsed["scheme"][1] == "mailto" and parsed["host"][1] is None
    assert parsed["error_code"][2:5] == ["web.invalid-port", None, "python.not-a-string"]
    assert parsed["href"][2:5] == [None, None, None]
    assert parsed["host"][5] == "[::1]" and parsed["registrable_domain"][5] is None
    web = onecontact.WebAddress(texts[0])
    assert parsed["href"][0] == web.href
    assert onecontact.parse_all([]) == {name: [] for name in parsed}


def test_inspect_all_on_a_list():
    texts = ["https://www.paypal.com@198.51.100.7/", "https://xn--80ak6aa92e.com/",
             "example.com:99999", None, 42]
    out = onecontact.inspect_all(texts)
    assert list(out) == ["real_host", "registrable_domain", "max_severity", "warning_codes",
                         "imitates", "imitation_kind", "error_code"]
    for i, text in enumerate(texts[:3]):
        report = onecontact.inspect(text)
        assert out["real_host"][i] == report.real_host
        assert out["registrable_domain"][i] == report.registrable_domain
        assert out["max_severity"][i] == report.max_severity
        assert out["warning_codes"][i] == report.warning_codes
        imitation = next((w for w in report.warnings if w.imitates), None)
        assert out["imitates"][i] == (imitation.imitates if imitation else None)
        assert out["imitation_kind"][i] == (imitation.imitation_kind if imitation else None)
        assert out["error_code"][i] == report.error_code
    assert out["imitates"][1] == "apple.com"
    assert out["imitation_kind"][1].startswith("skeleton-match")
    assert out["warning_codes"][3] is None and out["error_code"][3] is None
    assert out["error_code"][4] == "python.not-a-string"


def test_inspect_names_the_imitated_brand_and_the_heuristic():
    report = onecontact.inspect("https://paypal-login.com/")
    (warning,) = [w for w in report.warnings if w.code == "lookalike-of-popular-domain"]
    assert (warning.imitates, warning.imitation_kind) == ("paypal.com", "combo-squatting")
    out = onecontact.inspect_all(["https://paypal-login.com/", "https://www.paypal.com/"])
    assert out["imitates"] == ["paypal.com", None]
    assert out["imitation_kind"] == ["combo-squatting", None]


def test_stub_says_what_batch_calls_return():
    import pathlib

    stub = pathlib.Path(onecontact.__file__).with_name("__init__.pyi").read_text()
    for name in ("keys", "canonicals", "registrable_domains", "error_codes", "parse_all",
                 "inspect_all"):
        assert f"def {name}(" in stub
        assert "-> Any" not in stub.split(f"def {name}(", 1)[1].split("\n", 1)[0]
