//! WPT `url/resources/IdnaTestV2.json` and `toascii.json` through
//! `domain_to_ascii`, as the URL Standard's host parser runs it (the
//! generator left out IPv4-like inputs, so no IPv4 step is needed).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::collections::BTreeMap;

use onecontact_idna::domain_to_ascii;
use onecontact_testkit::expected::Expected;
use serde_json::Value;

struct Case {
    input: String,
    output: Option<String>,
    comment: String,
}

fn load(name: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(common::wpt_file(name)).unwrap();
    let (text, replaced) = common::usv_json(&text);
    if replaced > 0 {
        println!("{name}: {replaced} lone surrogate escapes read as U+FFFD (USVString conversion)");
    }
    let json: Value = serde_json::from_str(&text).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .filter(|v| v.is_object())
        .map(|v| Case {
            input: v["input"].as_str().unwrap().to_owned(),
            output: v["output"].as_str().map(str::to_owned),
            comment: v["comment"].as_str().unwrap_or("").to_owned(),
        })
        .collect()
}

/// What `new URL("https://" + input + "/x").host` gives: `None` for failure.
fn run(input: &str) -> Option<String> {
    domain_to_ascii(input).ok().map(|c| c.into_owned())
}

/// One row expected to fail because ICU4X's data is a newer Unicode than
/// the one the WPT file was generated from.
struct Skew {
    code_point: u32,
    line_number: usize,
    line: String,
}

/// The skew list: input -> citation.
fn skew_list() -> BTreeMap<String, Skew> {
    let text = include_str!("data/unicode_skew.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "skew line needs 5 TAB-separated fields: {l}");
            let code_point = u32::from_str_radix(f[1].trim_start_matches("U+"), 16).unwrap();
            let skew = Skew {
                code_point,
                line_number: f[3].parse().unwrap(),
                line: f[4].to_owned(),
            };
            (common::unescape(f[0]), skew)
        })
        .collect()
}

/// Whether a line of IdnaMappingTable.txt covers `cp`, and its status.
fn table_line_covers(line: &str, cp: u32) -> Option<String> {
    let mut fields = line.split('#').next()?.split(';').map(str::trim);
    let range = fields.next()?;
    let status = fields.next()?.to_owned();
    let (lo, hi) = match range.split_once("..") {
        Some((a, b)) => (
            u32::from_str_radix(a, 16).ok()?,
            u32::from_str_radix(b, 16).ok()?,
        ),
        None => {
            let v = u32::from_str_radix(range, 16).ok()?;
            (v, v)
        }
    };
    (lo..=hi).contains(&cp).then_some(status)
}

#[test]
fn unicode_skew_citations_hold() {
    let skew = skew_list();
    for (input, s) in &skew {
        let c = char::from_u32(s.code_point).unwrap();
        assert!(
            input.contains(c),
            "{} does not contain U+{:X}",
            common::escape(input),
            s.code_point
        );
    }
    let Some(dir) = common::unicode_idna_dir() else {
        println!("skipped citation check: ../shared/testdata/unicode-idna not found");
        return;
    };
    let t17 = std::fs::read_to_string(dir.join("IdnaMappingTable.txt")).unwrap();
    let t18 = std::fs::read_to_string(dir.join("18.0.0-draft/IdnaMappingTable.txt")).unwrap();
    let lines18: Vec<&str> = t18.lines().collect();
    for s in skew.values() {
        let cited = lines18[s.line_number - 1];
        assert_eq!(
            cited, s.line,
            "18.0.0-draft line {} differs from the citation",
            s.line_number
        );
        assert_eq!(
            table_line_covers(cited, s.code_point).as_deref(),
            Some("valid")
        );
        let status17 = t17.lines().find_map(|l| table_line_covers(l, s.code_point));
        assert_eq!(
            status17.as_deref(),
            Some("disallowed"),
            "U+{:X} in 17.0.0",
            s.code_point
        );
    }
    println!(
        "{} skew rows, citations checked against ../shared",
        skew.len()
    );
}

#[test]
fn idna_test_v2_json() {
    let cases = load("IdnaTestV2.json");
    assert_eq!(cases.len(), 2671, "IdnaTestV2.json entry count");
    let skew = skew_list();
    let expected = Expected::new(
        "IdnaTestV2.json",
        skew.iter().map(|(input, s)| {
            (
                common::escape(input),
                format!(
                    "Unicode-version skew, U+{:04X}: line {}: {}",
                    s.code_point, s.line_number, s.line
                ),
            )
        }),
    );
    let mut empty_input = 0;
    let mut failed = BTreeMap::new();
    let mut inputs = Vec::new();
    for case in &cases {
        if case.input.is_empty() {
            // The WPT harness cannot put "" through new URL(); the domain
            // parser itself fails on an empty result.
            assert!(domain_to_ascii("").is_err());
            empty_input += 1;
            continue;
        }
        let got = run(&case.input);
        let input = common::escape(&case.input);
        if got != case.output {
            failed.insert(
                input.clone(),
                format!(
                    "expected {:?}, got {:?}; {}",
                    case.output, got, case.comment
                ),
            );
        }
        inputs.push(input);
    }
    println!(
        "IdnaTestV2.json: {} entries, {} pass, {} fail ({} listed as Unicode-version skew), {empty_input} empty input checked directly",
        cases.len(),
        inputs.len() - failed.len(),
        failed.len(),
        skew.len()
    );
    expected.assert_matches_with(&inputs, |input| failed.get(input).cloned());
}

#[test]
fn toascii_json() {
    let cases = load("toascii.json");
    assert_eq!(cases.len(), 87, "toascii.json entry count");
    let mut failures = Vec::new();
    for case in &cases {
        let got = run(&case.input);
        if got != case.output {
            failures.push(format!(
                "{}\t(expected {:?}, got {:?}; {})",
                common::escape(&case.input),
                case.output,
                got,
                case.comment
            ));
        }
    }
    println!(
        "toascii.json: {} entries, {} pass",
        cases.len(),
        cases.len() - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
