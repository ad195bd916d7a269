//! Unicode's conformance file IdnaTestV2.txt (17.0.0, and the 18.0.0 draft)
//! for ToUnicode, nontransitional ToASCII and transitional ToASCII, with
//! the status columns honoured: an operation must fail exactly when its
//! status list (minus the codes of flags that are off) is not empty, and
//! must produce the listed string otherwise (ToUnicode: always, with U+FFFD
//! in our output standing for any one code point, as the file allows).
//!
//! No registry package ships the 17.0.0 file, so it is read from
//! `../shared/testdata/unicode-idna/`; when that folder is absent the test
//! prints a message and passes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use onecontact_idna::Uts46;
use onecontact_testkit::expected::Expected;

struct Row {
    line: usize,
    source: String,
    to_unicode: String,
    to_unicode_status: Vec<String>,
    to_ascii_n: String,
    to_ascii_n_status: Vec<String>,
    to_ascii_t: String,
    to_ascii_t_status: Vec<String>,
}

/// Unescapes `\uXXXX` and `\x{XXXX}`; lone surrogates become U+FFFD (a
/// Rust string cannot hold them; the row then only checks for an error).
fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut units: Vec<u16> = Vec::new();
    let mut rest = field;
    let flush = |units: &mut Vec<u16>, out: &mut String| {
        out.extend(char::decode_utf16(units.drain(..)).map(|r| r.unwrap_or('\u{FFFD}')));
    };
    while !rest.is_empty() {
        if let Some(t) = rest.strip_prefix("\\u")
            && t.len() >= 4
            && let Ok(u) = u16::from_str_radix(&t[..4], 16)
        {
            units.push(u);
            rest = &t[4..];
            continue;
        }
        flush(&mut units, &mut out);
        if let Some(t) = rest.strip_prefix("\\x{") {
            let end = t.find('}').unwrap();
            out.push(char::from_u32(u32::from_str_radix(&t[..end], 16).unwrap()).unwrap());
            rest = &t[end + 1..];
            continue;
        }
        let c = rest.chars().next().unwrap();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    flush(&mut units, &mut out);
    out
}

fn value(field: &str, blank: &str) -> String {
    match field {
        "" => blank.to_owned(),
        "\"\"" => String::new(),
        f => unescape(f),
    }
}

fn status(field: &str, blank: &[String]) -> Vec<String> {
    if field.is_empty() {
        return blank.to_vec();
    }
    field
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn parse(path: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let data = line.split('#').next().unwrap();
        if data.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = data.split(';').map(str::trim).collect();
        assert!(f.len() >= 7, "line {}: {line}", i + 1);
        let source = value(f[0], "");
        let to_unicode = value(f[1], &source);
        let to_unicode_status = status(f[2], &[]);
        let to_ascii_n = value(f[3], &to_unicode);
        let to_ascii_n_status = status(f[4], &to_unicode_status);
        let to_ascii_t = value(f[5], &to_ascii_n);
        let to_ascii_t_status = status(f[6], &to_ascii_n_status);
        rows.push(Row {
            line: i + 1,
            source,
            to_unicode,
            to_unicode_status,
            to_ascii_n,
            to_ascii_n_status,
            to_ascii_t,
            to_ascii_t_status,
        });
    }
    rows
}

/// Status codes that belong to a flag that is off, or to ToASCII only.
fn relevant(codes: &[String], flags: &Uts46, to_unicode: bool) -> bool {
    codes.iter().any(|c| {
        let c = c.as_str();
        if c.starts_with("A4") || c == "X4_2" {
            return !to_unicode && flags.verify_dns_length;
        }
        if c == "V2" || c == "V3" {
            return flags.check_hyphens;
        }
        if c.starts_with('C') {
            return flags.check_joiners;
        }
        if c.starts_with('B') {
            return flags.check_bidi;
        }
        if c == "U1" {
            return flags.use_std3_ascii_rules;
        }
        true
    })
}

/// Our ToUnicode output against the expected one, U+FFFD in ours matching
/// any one code point.
fn unicode_matches(got: &str, expected: &str) -> bool {
    got.chars().count() == expected.chars().count()
        && got
            .chars()
            .zip(expected.chars())
            .all(|(g, e)| g == e || g == '\u{FFFD}')
}

/// Runs every row; returns "line: operation: detail" for each failure,
/// keyed by source string.
fn run(rows: &[Row], flags: Uts46) -> BTreeMap<String, Vec<String>> {
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let transitional = Uts46 {
        transitional_processing: true,
        ..flags
    };
    for row in rows {
        let mut fail = |what: String| {
            failures
                .entry(row.source.clone())
                .or_default()
                .push(format!("line {}: {what}", row.line));
        };
        let (unicode, result) = flags.to_unicode(&row.source);
        let expect_err = relevant(&row.to_unicode_status, &flags, true);
        if result.is_err() != expect_err {
            fail(format!(
                "ToUnicode error={} expected {:?} ({:?})",
                result.is_err(),
                row.to_unicode_status,
                result.err().map(|e| e.to_string())
            ));
        } else if !unicode_matches(&unicode, &row.to_unicode) {
            fail(format!(
                "ToUnicode gave {} expected {}",
                common::escape(&unicode),
                common::escape(&row.to_unicode)
            ));
        }
        for (name, op, expected, codes) in [
            ("ToASCII-N", flags, &row.to_ascii_n, &row.to_ascii_n_status),
            (
                "ToASCII-T",
                transitional,
                &row.to_ascii_t,
                &row.to_ascii_t_status,
            ),
        ] {
            let got = op.to_ascii(&row.source);
            let expect_err = relevant(codes, &op, false);
            match got {
                Ok(s) if expect_err => fail(format!("{name} gave {s} expected {codes:?}")),
                Ok(s) if s != expected.as_str() => {
                    fail(format!("{name} gave {s} expected {expected}"))
                }
                Err(e) if !expect_err => fail(format!("{name} failed ({e}) expected {expected}")),
                _ => {}
            }
        }
    }
    failures
}

/// Rows listed as Unicode-version skew: (source, flag sets it shows
/// under: labels of [`flag_sets`] or `*` for all) -> reason.
fn skew_list() -> BTreeMap<String, (Vec<String>, String)> {
    include_str!("data/unicode_idnatest_skew.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                f.len(),
                3,
                "skew line needs source<TAB>flag sets<TAB>reason: {l}"
            );
            let sets = f[1].split(',').map(|s| s.trim().to_owned()).collect();
            (common::unescape(f[0]), (sets, f[2].to_owned()))
        })
        .collect()
}

fn flag_sets() -> Vec<(&'static str, Uts46)> {
    let all = Uts46::STRICT;
    vec![
        ("all checks", all),
        (
            "CheckHyphens off",
            Uts46 {
                check_hyphens: false,
                ..all
            },
        ),
        (
            "CheckBidi off",
            Uts46 {
                check_bidi: false,
                ..all
            },
        ),
        (
            "CheckJoiners off",
            Uts46 {
                check_joiners: false,
                ..all
            },
        ),
        (
            "UseSTD3ASCIIRules off",
            Uts46 {
                use_std3_ascii_rules: false,
                ..all
            },
        ),
        (
            "VerifyDnsLength off",
            Uts46 {
                verify_dns_length: false,
                ..all
            },
        ),
    ]
}

#[test]
fn idna_test_v2_txt_17() {
    let Some(dir) = common::unicode_idna_dir() else {
        println!("skipped: ../shared/testdata/unicode-idna/IdnaTestV2.txt (17.0.0) not found");
        return;
    };
    let rows = parse(&dir.join("IdnaTestV2.txt"));
    let skew = skew_list();
    let sources: Vec<&String> = rows.iter().map(|r| &r.source).collect();
    for (label, flags) in flag_sets() {
        let failures = run(&rows, flags);
        let expected = Expected::new(
            &format!("IdnaTestV2.txt 17.0.0, {label}"),
            skew.iter()
                .filter(|(_, (sets, _))| sets.iter().any(|s| s == "*" || s == label))
                .map(|(src, (_, reason))| (src, reason)),
        );
        println!(
            "IdnaTestV2.txt 17.0.0, {label}: {} rows (ToUnicode, ToASCII-N, ToASCII-T each), {} rows pass, {} listed skew rows",
            rows.len(),
            rows.len() - failures.len(),
            expected.iter().count()
        );
        expected.assert_matches_with(&sources, |src| {
            failures.get(src).map(|details| details.join("\n    "))
        });
    }
    let unexpected: Vec<String> = skew
        .keys()
        .filter(|src| !sources.contains(src))
        .map(|src| format!("stale skew entry: {}", common::escape(src)))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} unexpected:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

#[test]
fn idna_test_v2_txt_18_draft() {
    let Some(dir) = common::unicode_idna_dir() else {
        println!("skipped: ../shared/testdata/unicode-idna/18.0.0-draft not found");
        return;
    };
    let rows = parse(&dir.join("18.0.0-draft/IdnaTestV2.txt"));
    let mut listing = Vec::new();
    for (label, flags) in flag_sets() {
        let failures = run(&rows, flags);
        println!(
            "IdnaTestV2.txt 18.0.0 draft, {label}: {} rows (ToUnicode, ToASCII-N, ToASCII-T each), {} rows pass",
            rows.len(),
            rows.len() - failures.len()
        );
        listing.extend(
            failures
                .iter()
                .map(|(s, d)| format!("{label}: {}\n    {}", common::escape(s), d.join("\n    "))),
        );
    }
    assert!(
        listing.is_empty(),
        "{} failures:\n{}",
        listing.len(),
        listing.join("\n")
    );
}

/// Each skew entry cites the row of the 18.0.0 draft with the same source
/// (which `idna_test_v2_txt_18_draft` shows we pass) and the 17.0.0 row.
#[test]
fn skew_citations_hold() {
    let Some(dir) = common::unicode_idna_dir() else {
        println!("skipped: ../shared/testdata/unicode-idna not found");
        return;
    };
    let rows17 = parse(&dir.join("IdnaTestV2.txt"));
    let rows18 = parse(&dir.join("18.0.0-draft/IdnaTestV2.txt"));
    let line_after = |reason: &str, marker: &str| -> usize {
        let at = reason
            .find(marker)
            .unwrap_or_else(|| panic!("no {marker:?} in {reason}"));
        reason[at + marker.len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    for (src, (_, reason)) in skew_list() {
        let l17 = line_after(&reason, "17.0.0 line ");
        let l18 = line_after(&reason, "18.0.0-draft line ");
        let r17 = rows17.iter().find(|r| r.line == l17).expect("17.0.0 line");
        let r18 = rows18.iter().find(|r| r.line == l18).expect("18.0.0 line");
        assert_eq!(r17.source, src, "17.0.0 line {l17}");
        assert_eq!(r18.source, src, "18.0.0-draft line {l18}");
    }
}
