"""What is not text: non-str, None, lone surrogates, very long strings."""

import pytest

import onecontact


@pytest.mark.parametrize("value", [None, 42, b"https://example.com/", ["x"], object()])
@pytest.mark.parametrize("call", [
    onecontact.URL, onecontact.WebAddress, onecontact.inspect,
    lambda v: onecontact.compare(v, "example.com"),
    lambda v: onecontact.compare("example.com", v),
    onecontact.URL.can_parse,
])
def test_non_str_is_a_type_error(call, value):
    with pytest.raises(TypeError, match="must be a str"):
        call(value)


def test_lone_surrogates_read_as_replacement_characters():
    # The URL Standard takes a USVString: a lone surrogate is U+FFFD.
    url = onecontact.URL("https://example.com/\ud800x")
    assert url.pathname == "/%EF%BF%BDx"
    assert onecontact.URL("https://example.com/\ufffdx") == url
    web = onecontact.WebAddress("example.com/\udfff")
    assert web.canonical == "https://example.com/%EF%BF%BD"
    report = onecontact.inspect("https://exa\ud800mple.com/")
    assert report.error_code == "web.invalid-host"


def test_surrogates_keep_offsets_in_code_points():
    with pytest.raises(onecontact.URLError) as info:
        onecontact.URL("https://\ud800@example.com:99999/")
    assert info.value.offset == len("https://\ud800@example.com:")


def test_ten_megabytes():
    long_path = "https://example.com/" + "a" * (10 * 1024 * 1024)
    url = onecontact.URL(long_path)
    assert len(url.pathname) == 10 * 1024 * 1024 + 1
    web = onecontact.WebAddress(long_path)
    assert web.key().startswith("example.com/aaa")
    report = onecontact.inspect(long_path)
    assert report.has("very-long-url")
    assert onecontact.keys([long_path, None])[0] == web.key()


def test_ten_megabyte_host_is_refused_not_hung():
    with pytest.raises(onecontact.URLError) as info:
        onecontact.WebAddress("https://" + "é" * (10 * 1024 * 1024) + ".com/")
    assert info.value.code == "web.invalid-host"


def test_empty_and_whitespace():
    with pytest.raises(onecontact.URLError):
        onecontact.URL("")
    with pytest.raises(onecontact.URLError) as info:
        onecontact.WebAddress("   ")
    assert info.value.code.startswith("web.")
