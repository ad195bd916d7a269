//! Parser differentials (`data/parser-differentials.tsv`): for each row, the
//! host a browser connects to, the host an RFC 3986 generic-syntax parser
//! reads, the reasons `inspect` gives and the warning that tells it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::inspect::rfc3986_authority;
use onecontact::{Reader, inspect};

const ROWS: &str = include_str!("data/parser-differentials.tsv");

fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            other => panic!("unknown escape \\{other:?} in {text:?}"),
        }
    }
    out
}

fn none_if_dash(text: &str) -> Option<String> {
    (text != "-").then(|| unescape(text))
}

#[test]
fn every_family_of_the_data_file() {
    let mut families = std::collections::BTreeSet::new();
    let mut rows = 0;
    for line in ROWS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [family, input, browser, rfc, reasons, warning] = fields[..] else {
            panic!("a row has six fields: {line:?}");
        };
        families.insert(family);
        rows += 1;
        let input = unescape(input);
        let report = inspect(&input);
        assert_eq!(report.error, None, "{input:?}");
        assert_eq!(
            report.real_host(),
            none_if_dash(browser).as_deref(),
            "browser host of {input:?}"
        );

        let reading = Reader::new().read(&input);
        let parsed = format!("{}{}", reading.prefix(), reading.text());
        let rfc_host = rfc3986_authority(&parsed).and_then(|a| a.host);
        assert_eq!(rfc_host, none_if_dash(rfc), "RFC 3986 host of {input:?}");

        let found: Vec<&str> = report
            .parser_differential
            .iter()
            .flat_map(|d| d.reasons.iter().map(|r| r.code()))
            .collect();
        let expected: Vec<&str> = if reasons == "-" {
            Vec::new()
        } else {
            reasons.split(',').collect()
        };
        assert_eq!(found, expected, "reasons for {input:?}");

        let codes: Vec<&str> = report.warnings.iter().map(|w| w.code.code()).collect();
        if warning == "-" {
            assert!(
                !codes.contains(&"parser-differential"),
                "{input:?} warns {codes:?}"
            );
        } else {
            assert!(
                codes.contains(&warning),
                "{input:?} warns {codes:?}, not {warning}"
            );
        }
        if let Some(w) = report
            .warnings
            .iter()
            .find(|w| w.code.code() == "parser-differential")
        {
            let d = report.parser_differential.as_ref().unwrap();
            let rfc_host = d
                .rfc3986
                .host
                .as_deref()
                .unwrap_or_default()
                .replace('\t', "\\t")
                .replace('\n', "\\n");
            assert!(w.message.contains(&rfc_host), "{}", w.message);
            assert!(
                w.message.contains(report.real_host().unwrap()),
                "{}",
                w.message
            );
            if let (Some(c), Some(at)) = (w.character, w.position) {
                assert_eq!(input[at..].chars().next(), Some(c), "{input:?}");
            }
        }
    }
    for family in [
        "backslash",
        "slashes",
        "whitespace",
        "encoded-host",
        "ipv4-form",
        "full-width-dot",
        "idna-mapping",
        "at-and-fragment",
        "agree",
    ] {
        assert!(families.contains(family), "no row of the family {family}");
    }
    assert!(rows >= 25);
}
