//! `compare`'s verdict and its listed differences never contradict each
//! other, on every pair of its documentation and tests: the same URL has
//! only equivalent differences, different URLs have at least one listed,
//! and different keys have at least one real (not equivalent) difference.

#![allow(clippy::unwrap_used, clippy::panic)]

use onecontact_report::{ReadOptions, Verdict, compare_with};

/// The pairs of docs/cli.md, docs/web-api.md, the report's and the
/// command's tests, and the pairs that once contradicted themselves.
const PAIRS: &[(&str, &str)] = &[
    ("HTTPS://Example.COM/x", "https://example.com/x"),
    ("example.com/a", "example.org/a"),
    (
        "https://a.sites.example.com/",
        "https://b.sites.example.com/",
    ),
    ("https://example.com", "https://example.com/"),
    ("https://example.com/a", "https://example.org/a"),
    ("https://example.com/docs", "https://example.com/docs/"),
    ("https://example.com:443/a", "HTTPS://Example.COM/a"),
    ("https://example.com:443/a", "https://example.com/a"),
    (
        "www.Example.com/shop?utm_source=mail",
        "https://example.com/shop/",
    ),
    ("/docs", "https://example.com/docs"),
    ("/docs", "/docs/"),
    ("http://example.com/a", "https://www.example.com/a/"),
    (
        "https://example.com/a/%7Euser",
        "https://example.com/a/~user/",
    ),
    (
        "https://example.com/a/%7Euser",
        "https://example.com/a/~user",
    ),
    (
        "https://example.com/p?a=1&b=2",
        "https://example.com/p?b=2&a=1",
    ),
    ("https://example.com/index.html", "https://example.com/"),
    (
        "https://example.com/a?utm_source=x#f",
        "https://example.com/a",
    ),
    ("https://Example.com/a?utm_source=x", "example.com/a"),
    ("https://a.com/?x=1+2", "https://a.com/?x=1%202"),
    ("https://a.com/?x=%41", "https://a.com/?x=A"),
    (
        "https://a.com/?x=1+2&utm_source=y",
        "https://a.com/?x=1%202",
    ),
    ("https://a.com/?x=1%202", "https://a.com/?x=1%202#top"),
    ("https://a.com/?", "https://a.com/"),
    ("https://user:pw@a.com/", "https://a.com/"),
    ("https://a.com:8443/", "https://a.com/"),
    ("https://a.com/A", "https://a.com/a"),
    ("https://a.com//a", "https://a.com/a"),
    ("https://a.com/./a/../b", "https://a.com/b"),
    (
        "https://münchen.example/",
        "https://xn--mnchen-3ya.example/",
    ),
    ("ftp://a.com/", "https://a.com/"),
];

#[test]
fn verdicts_and_reasons_agree() {
    let options = ReadOptions {
        base: Some("https://example.com/".into()),
        ..ReadOptions::default()
    };
    for &(a, b) in PAIRS {
        for (first, second) in [(a, b), (b, a)] {
            let r = compare_with(first, second, &options).unwrap();
            let codes: Vec<(&str, bool)> = r
                .differences
                .iter()
                .map(|d| (d.code, d.equivalent))
                .collect();
            let at = format!("{first} vs {second}: {:?} {codes:?}", r.verdict);
            assert_eq!(r.same_url, r.verdict == Verdict::SameUrl, "{at}");
            if r.same_url {
                assert!(r.differences.iter().all(|d| d.equivalent), "{at}");
            } else {
                assert!(!r.differences.is_empty(), "{at}");
            }
            if r.verdict == Verdict::Different && r.first_key.is_some() && r.second_key.is_some() {
                assert!(r.differences.iter().any(|d| !d.equivalent), "{at}");
            }
            assert_eq!(
                r.same_key,
                r.first_key.is_some() && r.first_key == r.second_key,
                "{at}"
            );
        }
    }
}

#[test]
fn a_query_written_with_other_escapes_is_why_the_keys_differ() {
    let r = compare_with(
        "https://a.com/?x=1+2",
        "https://a.com/?x=1%202",
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(r.verdict, Verdict::Different);
    let d = &r.differences[0];
    assert_eq!(d.code, "query-encoding");
    assert!(!d.equivalent);
    assert!(d.message.ends_with("so the keys differ"), "{}", d.message);
}
