//! The golden fixture of key version 1 (`fixtures/key_v1.tsv`). A published
//! key version never changes: this test fails on any change of the format.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::{KeyVersion, WebAddress};

const FIXTURE: &str = include_str!("fixtures/key_v1.tsv");

/// Undoes the fixture's escapes: `\t`, `\n`, `\r`, `\\`.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            other => panic!("unknown escape \\{other:?} in {text:?}"),
        }
    }
    out
}

fn pairs() -> Vec<(String, String)> {
    FIXTURE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (input, key) = line
                .rsplit_once('\t')
                .unwrap_or_else(|| panic!("no tab in fixture line {line:?}"));
            (unescape(input), key.to_owned())
        })
        .collect()
}

#[test]
fn fixture_is_large_enough_and_has_no_duplicates() {
    let pairs = pairs();
    assert!(pairs.len() >= 60, "only {} pairs", pairs.len());
    let mut inputs: Vec<&str> = pairs.iter().map(|(i, _)| i.as_str()).collect();
    inputs.sort_unstable();
    let before = inputs.len();
    inputs.dedup();
    assert_eq!(inputs.len(), before, "duplicate inputs in the fixture");
}

#[test]
fn key_v1_matches_the_golden_fixture() {
    let mut failures = Vec::new();
    for (input, expected) in pairs() {
        match WebAddress::parse(&input) {
            Ok(web) => {
                let key = web.key(KeyVersion::V1);
                if key != expected {
                    failures.push(format!("{input:?}: expected {expected:?}, got {key:?}"));
                }
            }
            Err(e) => failures.push(format!("{input:?}: expected {expected:?}, failed: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn key_of_the_canonical_form_matches_the_fixture_too() {
    for (input, expected) in pairs() {
        let canonical = WebAddress::parse(&input).unwrap().canonical().to_owned();
        let again = WebAddress::parse(&canonical).unwrap();
        assert_eq!(
            again.key(KeyVersion::V1),
            expected,
            "{input:?} via {canonical:?}"
        );
    }
}
