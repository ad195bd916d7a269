//! The checks of the differential fuzz target `fuzz/fuzz_targets/idna_ada.rs`
//! (`onecontact_idna::fuzzing::check_domain_to_ascii` against ada's
//! `Idna::ascii`, `ada-url` 4.0.0) on the inputs of WPT's toascii.json and
//! IdnaTestV2.json and on the saved inputs `tests/fuzz_regressions/`. The
//! differences allowed are those of `fuzz/ada-differences.txt`, the same
//! file the target reads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use onecontact_idna::fuzzing::{Differences, check_domain_to_ascii};
use std::path::Path;

use onecontact_testkit::fuzz_replay::replay;

fn allowed() -> Differences {
    Differences::parse(include_str!("../../../fuzz/ada-differences.txt")).unwrap()
}

fn ada(input: &str) -> Option<String> {
    let ascii = ada_url::Idna::ascii(input);
    (!ascii.is_empty()).then_some(ascii)
}

fn inputs(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::wpt_file(name)).unwrap();
    // Lone surrogates become U+FFFD, as a browser's USVString conversion does.
    let (text, _) = common::usv_json(&text);
    let entries: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    entries
        .iter()
        .filter_map(|e| e["input"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn wpt_idna_inputs_agree_with_ada() {
    let allowed = allowed();
    let mut failures = Vec::new();
    let mut count = 0;
    for name in ["toascii.json", "IdnaTestV2.json"] {
        for input in inputs(name) {
            count += 1;
            if let Err(e) = check_domain_to_ascii(input.as_bytes(), &ada, &allowed) {
                failures.push(e);
            }
        }
    }
    assert!(count > 2000, "only {count} inputs");
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
    replay(&dir, "", |data| check_domain_to_ascii(data, &ada, &allowed));
}
