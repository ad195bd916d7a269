//! `key_v1` straight from the text gives exactly what `WebAddress::parse`
//! followed by `key(KeyVersion::V1)` gives, errors included (and key V2
//! straight from the text what the route through `WebAddress` gives), and
//! `registrable_domain_with` what `WebAddress::registrable_domain` gives: over generated
//! addresses, every line of the shared bench data, the inputs of WPT
//! `urltestdata.json` and the texts of `tests/data`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::Path;

use onecontact::{Data, KeyVersion, WebAddress, key_v1, registrable_domain_with};
use proptest::prelude::*;

/// What the reading and `WebAddress` give for `text`.
fn through_web_address(text: &str) -> Result<String, onecontact::WebError> {
    WebAddress::parse(text).map(|web| web.key(KeyVersion::V1))
}

/// The registrable domain through `WebAddress`.
fn domain_through_web_address(text: &str) -> Result<Option<String>, onecontact::WebError> {
    WebAddress::parse(text).map(|web| web.registrable_domain().map(str::to_owned))
}

/// Checks `text` (the key and the registrable domain straight from the
/// text) and returns whether it has a key.
fn check(text: &str) -> bool {
    let direct = key_v1(text);
    let reference = through_web_address(text);
    assert_eq!(direct, reference, "input {text:?}");
    if let Err(message) = onecontact::fuzzing::check_key_direct(text.as_bytes()) {
        panic!("{message}");
    }
    if let Err(message) = onecontact::fuzzing::check_key_v2_direct(text.as_bytes()) {
        panic!("{message}");
    }
    assert_eq!(
        registrable_domain_with(text, &Data::baked()),
        domain_through_web_address(text),
        "registrable domain of {text:?}"
    );
    direct.is_ok()
}

/// Every line of the files in `dir`, checked; how many lines and keys.
fn check_lines(path: &Path) -> (usize, usize) {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = String::from_utf8_lossy(&text);
    let mut lines = 0;
    let mut keys = 0;
    for line in text.lines() {
        lines += 1;
        keys += usize::from(check(line));
    }
    (lines, keys)
}

#[test]
fn every_bench_data_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data");
    let files = [
        "others/kasztp.txt",
        "others/userbait.txt",
        "files/node_files.txt",
        "files/isaacs_files.txt",
    ];
    if !root.exists() {
        // The shared data sits beside the repository on the project's machine.
        eprintln!("skipped: {} not found", root.display());
        return;
    }
    for file in files {
        let (lines, keys) = check_lines(&root.join(file));
        eprintln!("{file}: {lines} lines, {keys} keys");
        assert!(lines > 1000, "{file}: {lines} lines");
    }
}

#[test]
fn every_wpt_urltestdata_input() {
    let text = include_str!("../../../testdata/wpt-url/urltestdata.json");
    let entries: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut inputs = 0;
    for entry in entries.as_array().unwrap() {
        let Some(input) = entry.get("input").and_then(|i| i.as_str()) else {
            continue;
        };
        inputs += 1;
        check(input);
        // Without the scheme, as people paste addresses.
        if let Some((_, rest)) = input.split_once("://") {
            check(rest);
        }
    }
    assert!(inputs > 800, "{inputs} inputs");
}

#[test]
fn every_line_of_the_test_data() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines() {
                check(line);
                // Each field of a tab-separated line, alone and as a host.
                for field in line.split('\t') {
                    check(field);
                    check(&format!("https://{field}/Index.HTML?utm_source=x&b&a"));
                }
            }
        }
    }
    assert!(files > 0);
}

#[test]
fn chosen_shapes() {
    for text in [
        "",
        "  ",
        "https://",
        "/relative",
        "example.com",
        "Example.COM",
        "//cdn.example.com/x",
        "https://www.Example.co.uk/About/index.html?b=2&a=1&utm_source=x#top",
        "HTTP://WWW.EXAMPLE.COM:8080/A/",
        "http://example.com:80/",
        "https://example.com:443",
        "ftp://files.example.com/pub/",
        "file:///etc/passwd",
        "file://host/share",
        "wss://a.b.blogspot.com./x",
        "ws://github.io",
        "https://co.uk/",
        "https://example.com/%7euser/%2f//x/",
        "https://example.com/?utm_source=a&&",
        "https://example.com/?a&UTM_SOURCE=1&c=&b",
        "https://example.com/?fbclid",
        "https://example.com/a/b/../c",
        "https://1.2.3.4/",
        "https://example.123/",
        "https://[::1]:8080/x",
        "mailto:Info@Example.COM",
        "localhost:3000/api",
        "https://user:pw@example.com/",
        "https://münchen.de/",
        "\u{feff} example.com/x \n",
        "https://example.com:65536/",
        "https://exa mple.com/",
        "https://example.com/a?q=%zz#f",
        "http:example.com",
        "https:/example.com",
    ] {
        check(text);
    }
}

/// Address-like texts, most of them in the shapes the scan takes.
fn address() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just(""),
        Just("https://"),
        Just("http://"),
        Just("HTTPS://"),
        Just("hTTp://"),
        Just("//"),
        Just("http:"),
        Just("ftp://"),
        Just("ws://"),
        Just("wss://"),
        Just("file://"),
        Just("file:///"),
        Just("foo://"),
        Just("mailto:"),
    ];
    let userinfo = prop_oneof![8 => Just(""), 1 => Just("user@"), 1 => Just("u:p@")];
    let host = prop_oneof![
        "[a-zA-Z0-9-]{1,8}(\\.[a-zA-Z0-9-]{1,8}){0,3}\\.?",
        Just("www.example.co.uk".to_owned()),
        Just("WWW.Example.CO.UK".to_owned()),
        Just("a.b.blogspot.com.".to_owned()),
        Just("github.io".to_owned()),
        Just("localhost".to_owned()),
        Just("127.0.0.1".to_owned()),
        Just("[::1]".to_owned()),
        Just("münchen.de".to_owned()),
        Just("a%41.com".to_owned()),
        Just("".to_owned()),
    ];
    let port = prop_oneof![
        4 => Just(""),
        1 => Just(":80"),
        1 => Just(":443"),
        1 => Just(":21"),
        1 => Just(":8080"),
        1 => Just(":08"),
        1 => Just(":"),
        1 => Just(":99999"),
    ];
    let path = "(/[a-zA-Z0-9%._~-]{0,8}|/index\\.html|/INDEX\\.PHP|//|/\\.\\.|/\\.){0,4}";
    let query = prop_oneof![
        Just(String::new()),
        Just("?".to_owned()),
        "\\?[a-zA-Z_=&%0-9]{0,24}",
        Just("?utm_source=x&b=2&a=1".to_owned()),
        Just("?b&GCLID=1&&a=".to_owned()),
        Just("?fbclid=1&&".to_owned()),
    ];
    let fragment = prop_oneof![Just(""), Just("#"), Just("#top"), Just("#a b")];
    let pad = prop_oneof![6 => Just(""), 1 => Just(" "), 1 => Just("\t"), 1 => Just("\u{feff}")];
    (
        scheme,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
        pad.clone(),
        pad,
    )
        .prop_map(|(s, u, h, p, path, q, f, lead, trail)| {
            format!("{lead}{s}{u}{h}{p}{path}{q}{f}{trail}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn generated_addresses_agree(text in address()) {
        prop_assert_eq!(key_v1(&text), through_web_address(&text), "input {:?}", text);
        prop_assert_eq!(registrable_domain_with(&text, &Data::baked()), domain_through_web_address(&text), "input {:?}", text);
    }

    #[test]
    fn url_like_noise_agrees(text in "(https?://|//)?[a-zA-Z0-9:/@?#%&=._~\\\\ -]{0,40}") {
        prop_assert_eq!(key_v1(&text), through_web_address(&text), "input {:?}", text);
        prop_assert_eq!(registrable_domain_with(&text, &Data::baked()), domain_through_web_address(&text), "input {:?}", text);
    }
}

/// The ICANN section alone, from the text and from the address, on hosts
/// under PRIVATE rules, ICANN rules and none.
#[test]
fn icann_only_registrable_domains() {
    use onecontact::onecontact_psl::Sections;
    use onecontact::registrable_domain_in;
    let data = Data::baked();
    let cases = [
        (
            "https://alice.github.io/blog",
            Some("github.io"),
            Some("alice.github.io"),
        ),
        (
            "Foo.BlogSpot.com",
            Some("blogspot.com"),
            Some("foo.blogspot.com"),
        ),
        ("github.io", Some("github.io"), None),
        (
            "https://www.bbc.co.uk/",
            Some("bbc.co.uk"),
            Some("bbc.co.uk"),
        ),
        ("co.uk", None, None),
        ("http://192.0.2.1/", None, None),
        (
            "https://a.b.example.invalidtld/",
            Some("example.invalidtld"),
            Some("example.invalidtld"),
        ),
        ("http://[::1]/a\\b", None, None),
    ];
    for (text, icann, all) in cases {
        let web = WebAddress::parse_with(text, &data).unwrap();
        assert_eq!(
            web.registrable_domain_in(Sections::IcannOnly, &data),
            icann,
            "{text}"
        );
        assert_eq!(
            web.registrable_domain_in(Sections::All, &data),
            all,
            "{text}"
        );
        assert_eq!(web.registrable_domain(), all, "{text}");
        let direct = registrable_domain_in(text, Sections::IcannOnly, &data).unwrap();
        assert_eq!(direct.as_deref(), icann, "{text}");
        // The key stays defined on the whole list.
        let key = web.key(KeyVersion::V1);
        assert!(all.is_none_or(|all| key.starts_with(all)), "{text}: {key}");
    }
    let web = WebAddress::parse("https://alice.github.io/").unwrap();
    assert_eq!(web.public_suffix_in(Sections::IcannOnly, &data), Some("io"));
    assert_eq!(
        web.public_suffix_in(Sections::All, &data),
        Some("github.io")
    );
    assert_eq!(
        registrable_domain_in("  ", Sections::IcannOnly, &data)
            .unwrap_err()
            .code(),
        "web.host-missing"
    );
}
