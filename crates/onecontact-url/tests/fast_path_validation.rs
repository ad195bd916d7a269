//! A parse that reports validation errors takes the fast path for a text
//! that holds none, and gives what the state machine alone gives: the same
//! URL or failure, the same validation errors (kinds, offsets, code points,
//! in order) and the same spans. Checked over every WPT urltestdata input
//! (alone and against its base), every line of the shared bench data (as
//! written and as the reading of a text without a scheme makes it), and
//! texts made from URLs in serialized form by putting each ASCII byte, and
//! some others, at each place. The fast path takes a text exactly when the
//! plain scan takes it and the state machine reports no validation error
//! for it.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::Url;
use onecontact_url::fuzzing::{
    check_reports, fast_path_takes_with_validation, parse_reporting_by_state_machine,
};

/// How the inputs of one run went.
#[derive(Debug, Default)]
struct Tally {
    inputs: usize,
    /// Taken by the fast path with validation errors requested.
    taken: usize,
    /// In serialized form for the plain scan, but with validation errors.
    refused: usize,
}

impl Tally {
    /// Checks `input` against `base` and counts it.
    fn check(&mut self, input: &str, base: Option<&Url>) {
        if let Err(e) = check_reports(input, base) {
            panic!("{e}");
        }
        self.inputs += 1;
        let taken = fast_path_takes_with_validation(input);
        let plain = onecontact_url::scan::serialized(input).is_some();
        let errors = parse_reporting_by_state_machine(input, base).errors;
        // Taken exactly when the scan takes it and nothing is to report.
        assert_eq!(
            taken,
            plain && errors.is_empty(),
            "{input:?} (base {base:?}): {errors:?}"
        );
        self.taken += usize::from(taken);
        self.refused += usize::from(plain && !taken);
    }
}

#[test]
fn wpt_urltestdata_alone_and_against_its_base() {
    let text = include_str!("../../../testdata/wpt-url/urltestdata.json");
    let entries: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut tally = Tally::default();
    for entry in entries.as_array().unwrap().iter().filter(|e| e.is_object()) {
        let input = entry["input"].as_str().unwrap();
        tally.check(input, None);
        let base = entry
            .get("base")
            .and_then(serde_json::Value::as_str)
            .and_then(|b| Url::parse(b).ok());
        if base.is_some() {
            tally.check(input, base.as_ref());
        }
    }
    assert!(
        tally.inputs > 1200 && tally.taken > 20 && tally.refused > 10,
        "{tally:?}"
    );
}

#[test]
fn every_bench_data_line() {
    let Some(lists) = onecontact_testkit::bench_data::lists() else {
        return;
    };
    let base = Url::parse("https://example.org/a/b?q#f").unwrap();
    for (file, text) in lists {
        let mut tally = Tally::default();
        for line in text.lines() {
            tally.check(line, None);
            tally.check(line, Some(&base));
            // How a reading that assumes `https://` parses a text without a scheme.
            tally.check(&format!("https://{line}"), None);
        }
        eprintln!("{file}: {tally:?}");
        assert!(tally.inputs > 3000, "{file}: {tally:?}");
        if file == "others/kasztp.txt" {
            // Most of these URLs are in serialized form without a validation error.
            assert!(tally.taken > tally.inputs / 2, "{file}: {tally:?}");
        }
    }
}

/// URLs in serialized form that the fast path takes with validation errors
/// requested; each place of each is given every replacement below.
const CLEAN: [&str; 8] = [
    "https://example.com/a/b?c=d&e=f#g",
    "http://EXAMPLE.com:8080/p%41th/x.html?q=%7e#frag/x?y",
    "HTTPS://www.example.co.uk",
    "wss://w.example/?",
    "ftp://f.example:2121/x#",
    "file:///C:/dir/file.txt",
    "file://host.example/share/x?y#z",
    "http://a-b.c-d.example/@x:y;z=!$&'()*+,~_-.",
];

#[test]
fn every_byte_at_every_place() {
    for url in CLEAN {
        assert!(fast_path_takes_with_validation(url), "{url}");
    }
    let mut replacements: Vec<String> = (0u8..0x80).map(|b| char::from(b).to_string()).collect();
    replacements.extend(
        [
            "%",
            "%4",
            "%4g",
            "%g4",
            "%41",
            "%%41",
            "xn--",
            "xn--a",
            "--",
            "-",
            "..",
            "./",
            "/../",
            "/./",
            "%2e",
            "%2E%2e",
            "é",
            "\u{A0}",
            "\u{FFFD}",
            "\u{FDD0}",
            "1",
            "0x1",
            ":0",
            ":65536",
            ":443",
            "@",
            "a@",
            "C|",
            "C:",
            "localhost",
        ]
        .iter()
        .map(|s| (*s).to_owned()),
    );
    let mut tally = Tally::default();
    for url in CLEAN {
        let places = (0..=url.len()).filter(|&i| url.is_char_boundary(i));
        for at in places {
            for with in &replacements {
                // Put in before the byte at `at`, and in its place.
                let inserted = format!("{}{with}{}", &url[..at], &url[at..]);
                tally.check(&inserted, None);
                if at < url.len() {
                    let replaced = format!("{}{with}{}", &url[..at], &url[at + 1..]);
                    tally.check(&replaced, None);
                }
            }
        }
        // Labels around the lengths strict domain to ASCII allows.
        for len in [62, 63, 64] {
            let label = "a".repeat(len);
            tally.check(&url.replacen("example", &label, 1), None);
        }
        let long = [
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(60),
        ]
        .join(".");
        tally.check(&url.replacen("example", &long, 1), None);
    }
    eprintln!("{tally:?}");
    assert!(tally.taken > 5000 && tally.refused > 5000, "{tally:?}");
}

/// Some texts the fast path takes only without validation errors
/// requested, each with the error the state machine reports.
#[test]
fn texts_with_a_validation_error_report_it() {
    for (input, kind, offset) in [
        ("https://example.com/a|b", "invalid-URL-unit", 21),
        ("https://example.com/a%zz", "invalid-URL-unit", 21),
        ("https://example.com/?q=[1", "invalid-URL-unit", 23),
        ("https://example.com/?q=a^b", "invalid-URL-unit", 24),
        ("https://example.com/#a#b", "invalid-URL-unit", 22),
        ("https://example.com/#%", "invalid-URL-unit", 21),
        ("https://a_b.example/", "domain-to-ASCII", 8),
        ("https://-a.example/", "domain-to-ASCII", 8),
        ("https://xn--a.example/", "domain-to-ASCII", 8),
    ] {
        assert!(onecontact_url::scan::serialized(input).is_some(), "{input}");
        assert!(!fast_path_takes_with_validation(input), "{input}");
        let mut errors = Vec::new();
        Url::options()
            .validation_sink(&mut errors)
            .parse(input)
            .unwrap();
        let found: Vec<(&str, usize)> = errors.iter().map(|e| (e.kind.name(), e.offset)).collect();
        assert_eq!(found, [(kind, offset)], "{input}");
    }
}
