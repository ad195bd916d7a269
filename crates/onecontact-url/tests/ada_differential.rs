//! The checks of the differential fuzz target `fuzz/fuzz_targets/url_ada.rs`
//! (`onecontact_url::fuzzing::check_differential` against ada, `ada-url`
//! 4.0.0) on every WPT urltestdata entry and on the saved inputs
//! `tests/fuzz_regressions/ada-*`. The differences allowed are those of
//! `fuzz/ada-differences.txt`, the same file the target reads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_idna::fuzzing::Differences;
use onecontact_url::fuzzing::check_differential;
use std::path::Path;

use onecontact_testkit::fuzz_replay::replay;

fn allowed() -> Differences {
    Differences::parse(include_str!("../../../fuzz/ada-differences.txt")).unwrap()
}

fn ada(input: &str, base: Option<&str>) -> Option<(String, String)> {
    ada_url::Url::parse(input, base)
        .ok()
        .map(|u| (u.href().to_owned(), u.hostname().to_owned()))
}

#[test]
fn wpt_urltestdata_agrees_with_ada() {
    let text = include_str!("../../../testdata/wpt-url/urltestdata.json");
    let entries: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
    let allowed = allowed();
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in entries.iter().filter(|e| e.is_object()) {
        let input = entry["input"].as_str().unwrap();
        let data = match entry["base"].as_str() {
            Some(base) => format!("{base}\u{1}{input}"),
            None => input.to_owned(),
        };
        count += 1;
        if let Err(e) = check_differential(data.as_bytes(), &ada, &allowed) {
            failures.push(e);
        }
    }
    assert!(count > 800, "only {count} entries");
    assert!(
        failures.is_empty(),
        "{} differences:\n{failures:#?}",
        failures.len()
    );
}

#[test]
fn saved_inputs_agree_with_ada() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let allowed = allowed();
    for prefix in ["ada-", "parse-"] {
        replay(&dir, prefix, |data| {
            check_differential(data, &ada, &allowed)
        });
    }
}
