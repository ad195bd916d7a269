//! `Url::can_parse(input, base)` is exactly "the base parses, and the input
//! parses against it": over the WPT urltestdata inputs against every base
//! the file names (and none), over every line of the shared bench data
//! against bases of each shape, over the WPT inputs with tabs, newlines,
//! spaces and uppercase put in, and over texts of many lengths, up to past
//! the length where the check hands over to the building parser. The
//! property test in `properties.rs` adds generated texts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;

use onecontact_url::Url;

/// What `can_parse` must answer, through the building parser.
fn parses(input: &str, base: Option<&str>) -> bool {
    match base {
        None => Url::parse(input).is_ok(),
        Some(base) => Url::parse(base).and_then(|base| base.join(input)).is_ok(),
    }
}

/// Checks one pair; returns whether it parses.
fn check(input: &str, base: Option<&str>) -> bool {
    let want = parses(input, base);
    assert_eq!(
        Url::can_parse(input, base),
        want,
        "can_parse({input:?}, {base:?})"
    );
    want
}

/// Bases of every shape the check reads differently: in serialized form
/// (read in place), to lowercase or without a path (built), that only the
/// state machine takes (credentials, a dot segment, not special, an opaque
/// path, file), and that fail.
const BASES: [&str; 14] = [
    "https://example.org/a/b/c?q=1#f",
    "http://example.org:8080/a/",
    "HTTPS://EXAMPLE.ORG/A/",
    "https://example.org",
    "https://user:pass@example.org/a/b",
    "https://example.org/a/../b",
    "sc://host/a/b",
    "sc:/a/b",
    "mailto:someone@example.org",
    "file:///C:/dir/file",
    "file://host/dir/",
    " https://example.org/\t/a ",
    "https://exa mple.org/",
    "not a URL",
];

#[test]
fn wpt_urltestdata_against_every_base_of_the_file() {
    let text = include_str!("../../../testdata/wpt-url/urltestdata.json");
    let entries: serde_json::Value = serde_json::from_str(text).unwrap();
    let entries: Vec<&serde_json::Value> = entries
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e.is_object())
        .collect();
    let inputs: Vec<&str> = entries
        .iter()
        .map(|e| e["input"].as_str().unwrap())
        .collect();
    let bases: BTreeSet<&str> = entries
        .iter()
        .filter_map(|e| e.get("base").and_then(serde_json::Value::as_str))
        .chain(BASES)
        .collect();
    let mut accepted = 0;
    let mut pairs = 0;
    for &input in &inputs {
        accepted += usize::from(check(input, None));
        for &base in &bases {
            accepted += usize::from(check(input, Some(base)));
            pairs += 1;
        }
        // Each input as a base, too.
        for relative in ["", "x", "/x", "//h/x", "?q", "#f", "../x", "HTTP://A/"] {
            check(relative, Some(input));
        }
    }
    assert!(
        inputs.len() > 800 && bases.len() > 30,
        "{inputs:?} {bases:?}"
    );
    assert!(
        accepted > pairs / 4 && accepted < pairs,
        "{accepted} of {pairs}"
    );
}

#[test]
fn every_bench_data_line_alone_and_against_bases() {
    let Some(lists) = onecontact_testkit::bench_data::lists() else {
        return;
    };
    for (file, text) in lists {
        let mut lines = 0;
        let mut accepted = 0;
        for line in text.lines() {
            lines += 1;
            accepted += usize::from(check(line, None));
            for base in BASES {
                check(line, Some(base));
            }
            for relative in ["x", "../x", "?q", "#f"] {
                check(relative, Some(line));
            }
        }
        eprintln!("{file}: {lines} lines, {accepted} parse");
        assert!(
            lines > 1000 && accepted > lines / 2,
            "{file}: {accepted} of {lines}"
        );
    }
}

/// Texts of many lengths, in both roles: each answer stays the building
/// parser's.
#[test]
fn texts_of_every_size_in_a_row() {
    for len in [0, 1, 15, 16, 17, 100, 4095, 4096, 4097, 10_000, 70_000, 3] {
        let segment = "a".repeat(len);
        let inputs = [
            format!("sc://h/{segment}"),
            format!("https://example.org/{segment}/../x"),
            format!("https://exa mple.org/{segment}"),
            format!("{segment}/../y"),
            format!("https://example.org/{segment}"),
        ];
        for input in &inputs {
            check(input, None);
            for base in BASES {
                check(input, Some(base));
            }
            check("../z", Some(input));
            check("#f", Some(input));
        }
    }
}

/// The WPT inputs changed where the check reads them differently: a tab,
/// newline or carriage return at each of the first positions (removed
/// before parsing), spaces and C0 controls around them (trimmed), all
/// uppercase (scheme and host letters), as inputs and as bases.
#[test]
fn wpt_inputs_with_tabs_spaces_and_uppercase() {
    let text = include_str!("../../../testdata/wpt-url/urltestdata.json");
    let entries: serde_json::Value = serde_json::from_str(text).unwrap();
    let inputs: Vec<&str> = entries
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.get("input").and_then(serde_json::Value::as_str))
        .collect();
    let bases = [
        None,
        Some("https://example.org/a/b"),
        Some("sc://h/a"),
        Some("file:///C:/a"),
    ];
    let mut variants = 0;
    for &input in &inputs {
        let mut changed = vec![
            format!(" {input}"),
            format!("{input}\u{1f}"),
            format!("\u{0}{input} "),
            input.to_uppercase(),
        ];
        let boundaries = input.char_indices().map(|(i, _)| i).take(24);
        for (i, unit) in boundaries.zip(["\t", "\n", "\r"].into_iter().cycle()) {
            changed.push(format!("{}{unit}{}", &input[..i], &input[i..]));
        }
        for text in &changed {
            variants += 1;
            for base in bases {
                check(text, base);
            }
            check("x", Some(text));
            check("//h/x", Some(text));
        }
    }
    assert!(variants > 10_000, "{variants}");
}

/// Past 16 MiB (input and base together) the answer comes from the
/// building parser; on either side of that length it is the same.
#[test]
fn texts_on_both_sides_of_the_check_limit() {
    for len in [(1 << 24) - 40, (1 << 24) + 1] {
        let segment = "a".repeat(len);
        for input in [
            format!("https://example.org/{segment}"),
            format!("https://exa mple.org/{segment}"),
            format!("{segment}/x"),
        ] {
            check(&input, None);
            check(&input, Some("https://example.org/"));
            check("x", Some(&input));
        }
    }
}
