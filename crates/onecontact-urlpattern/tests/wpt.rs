//! web-platform-tests urlpattern conformance: every case of
//! urlpatterntestdata.json (testdata/wpt-urlpattern), with the harness's
//! checks, against an expected-failures list that must match the run.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::collections::BTreeMap;

use common::ours::Ours;
use onecontact_testkit::expected::Expected;

/// Cases expected to fail, each with its reason. Must stay empty.
const EXPECTED_FAILURES: &[(&str, &str)] = &[];

#[test]
fn urlpatterntestdata() {
    let (total, failures) = common::run_all::<Ours>();
    assert_eq!(total, 369, "urlpatterntestdata.json holds 369 cases");
    let failed: BTreeMap<String, String> = failures.into_iter().collect();
    let data = common::data("urlpatterntestdata.json");
    let ids: Vec<String> = data
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, e)| common::case_id(i, e))
        .collect();
    println!(
        "onecontact-urlpattern: {}/{total} cases pass",
        total - failed.len()
    );
    Expected::new("urlpatterntestdata", EXPECTED_FAILURES.iter().copied())
        .assert_matches_with(&ids, |id| failed.get(id).cloned());
}
