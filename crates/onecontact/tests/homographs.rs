//! The display decision and the look-alike check against a data file of
//! hosts: `tests/data/homographs.txt`.
//!
//! Each row is `host<TAB>display<TAB>labels<TAB>imitates`: the host as the
//! URL parser serializes it, the form a careful browser shows, one entry per
//! `xn--` label (`unicode` when it is shown in Unicode, else the
//! `DisplayReason` code), and the popular domain the host imitates (`-` for
//! none). A display of `!invalid` means the URL parser refuses the host.
//! `## list: baked` and `## list: test` switch the popular domains between
//! the built-in list and `tests/data/homograph-top-domains.txt`. A row that
//! is shown wholly in Unicode must raise no danger warning in `inspect`.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use onecontact::inspect::{TopDomains, display_host, inspect_with};
use onecontact::{Severity, WarningCode};

struct Row {
    line: usize,
    host: String,
    display: String,
    labels: Vec<String>,
    imitates: Option<String>,
    list: &'static str,
}

fn rows() -> Vec<Row> {
    let text = include_str!("data/homographs.txt");
    let mut list = "baked";
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("## list: ") {
            list = match name.trim() {
                "baked" => "baked",
                "test" => "test",
                other => panic!("line {}: unknown list {other}", i + 1),
            };
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(
            cols.len() >= 4,
            "line {}: expected 4 columns: {line:?}",
            i + 1
        );
        out.push(Row {
            line: i + 1,
            host: cols[0].to_owned(),
            display: cols[1].to_owned(),
            labels: if cols[2] == "-" {
                Vec::new()
            } else {
                cols[2].split(',').map(str::to_owned).collect()
            },
            imitates: (cols[3] != "-").then(|| cols[3].to_owned()),
            list,
        });
    }
    out
}

fn list(name: &str) -> TopDomains {
    match name {
        "test" => TopDomains::parse(include_str!("data/homograph-top-domains.txt")).unwrap(),
        _ => TopDomains::baked(),
    }
}

#[test]
fn homographs() {
    let rows = rows();
    let baked = onecontact::Data::baked().with_top_domains(list("baked"));
    let test = onecontact::Data::baked().with_top_domains(list("test"));
    let mut failures = Vec::new();
    let (mut safe, mut unsafe_) = (0, 0);
    for row in &rows {
        let top = if row.list == "test" { &test } else { &baked };
        let report = inspect_with(&format!("https://{}/", row.host), top);
        if row.display == "!invalid" {
            if report.error.is_none() {
                failures.push(format!(
                    "line {}: {} parses, expected invalid",
                    row.line, row.host
                ));
            }
            unsafe_ += 1;
            continue;
        }
        let Some(real) = report.real_host() else {
            failures.push(format!(
                "line {}: {} does not parse: {:?}",
                row.line, row.host, report.error
            ));
            continue;
        };
        if real != row.host {
            failures.push(format!(
                "line {}: the URL parser serializes {} as {real}",
                row.line, row.host
            ));
            continue;
        }
        let shown = display_host(&row.host, top.top_domains());
        let labels: Vec<String> = shown
            .labels
            .iter()
            .map(|l| {
                l.reason
                    .map_or("unicode".to_owned(), |r| r.code().to_owned())
            })
            .collect();
        let got = (shown.host.as_str(), &labels, shown.imitates.as_deref());
        let want = (row.display.as_str(), &row.labels, row.imitates.as_deref());
        if got != want {
            failures.push(format!(
                "line {}: {}\n    got  {} {:?} {:?}\n    want {} {:?} {:?}",
                row.line, row.host, got.0, got.1, got.2, want.0, want.1, want.2
            ));
        }
        // The host's Unicode form comes from the display's one decoding of
        // each label; it is the whole host's ToUnicode.
        let to_unicode = onecontact_idna::domain_to_unicode(real).0;
        let expected_unicode = (to_unicode != real).then_some(to_unicode.as_str());
        if report.host_unicode() != expected_unicode {
            failures.push(format!(
                "line {}: Unicode form {:?}, ToUnicode gives {:?}",
                row.line,
                report.host_unicode(),
                expected_unicode
            ));
        }
        if report.display() != Some(&shown) {
            failures.push(format!(
                "line {}: inspect's display differs from display_host",
                row.line
            ));
        }
        if shown.is_unicode() && shown.imitates.is_none() {
            safe += 1;
            if report.max_severity == Some(Severity::Danger) {
                failures.push(format!(
                    "line {}: {} is shown in Unicode but inspect warns {:?}",
                    row.line,
                    row.host,
                    report.warnings.iter().map(|w| w.code).collect::<Vec<_>>()
                ));
            }
        } else {
            unsafe_ += 1;
            if row.imitates.is_some() && !report.has(WarningCode::LookalikeOfPopularDomain) {
                failures.push(format!(
                    "line {}: no lookalike-of-popular-domain warning",
                    row.line
                ));
            }
        }
    }
    // Every rule family has rows.
    for code in [
        "invalid-label",
        "not-allowed-in-identifiers",
        "blocked-character",
        "mixed-scripts",
        "invisible-marks",
        "mixed-numbers",
        "tld-specific-character",
        "unsafe-middle-dot",
        "whole-script-lookalike",
        "digit-lookalike",
        "non-ascii-latin-with-other-script",
        "dangerous-pattern",
        "lookalike-of-popular-domain",
    ] {
        assert!(
            rows.iter().any(|r| r.labels.iter().any(|l| l == code)),
            "no row for {code}"
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows fail:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
    assert!(rows.len() >= 300, "only {} rows", rows.len());
    assert!(
        safe >= unsafe_,
        "{safe} safe rows, {unsafe_} unsafe: the file must hold at least as many safe hosts"
    );
    eprintln!(
        "homographs.txt: {} rows, {safe} shown in Unicode, {unsafe_} not",
        rows.len()
    );
}
