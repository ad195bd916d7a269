//! web-platform-tests data of the two operations browsers ship beside the
//! Standard: urlpattern-compare-test-data.json (`compareComponent`) and
//! urlpattern-generate-test-data.json (`generate`), every entry.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::cmp::Ordering;
use std::collections::BTreeMap;

use common::ours::init_from;
use onecontact_testkit::expected::Expected;
use onecontact_urlpattern::{Component, UrlPattern};
use serde_json::Value;

/// Entries expected to fail, each with its reason. Must stay empty.
const EXPECTED_FAILURES: &[(&str, &str)] = &[];

fn pattern(v: &Value) -> UrlPattern {
    match v {
        Value::String(s) => UrlPattern::parse(s).unwrap(),
        Value::Object(o) => UrlPattern::from_init(&init_from(o)).unwrap(),
        other => panic!("unexpected pattern {other}"),
    }
}

fn check(run: &str, data: &Value, case: impl Fn(&Value) -> Result<(), String>) {
    let entries = data.as_array().unwrap();
    let ids: Vec<String> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{run} {i}: {e}"))
        .collect();
    let failed: BTreeMap<String, String> = entries
        .iter()
        .zip(&ids)
        .filter_map(|(e, id)| case(e).err().map(|why| (id.clone(), why)))
        .collect();
    println!(
        "{run}: {}/{} entries pass",
        entries.len() - failed.len(),
        entries.len()
    );
    Expected::new(
        run,
        EXPECTED_FAILURES
            .iter()
            .copied()
            .filter(|(id, _)| id.starts_with(run)),
    )
    .assert_matches_with(&ids, |id| failed.get(id).cloned());
}

#[test]
fn compare_component() {
    check(
        "compare",
        &common::data("urlpattern-compare-test-data.json"),
        |e| {
            let c = Component::from_name(e["component"].as_str().unwrap())
                .ok_or("no such component")?;
            let (left, right) = (pattern(&e["left"]), pattern(&e["right"]));
            let expected = match e["expected"].as_i64().unwrap() {
                -1 => Ordering::Less,
                0 => Ordering::Equal,
                _ => Ordering::Greater,
            };
            let got = UrlPattern::compare_component(c, &left, &right);
            let reversed = UrlPattern::compare_component(c, &right, &left);
            if got != expected || reversed != expected.reverse() {
                return Err(format!(
                    "got {got:?} (reversed {reversed:?}), expected {expected:?}"
                ));
            }
            Ok(())
        },
    );
}

#[test]
fn generate() {
    check(
        "generate",
        &common::data("urlpattern-generate-test-data.json"),
        |e| {
            let p = pattern(&e["pattern"]);
            let groups = e["groups"].as_object().unwrap().clone();
            let got = Component::from_name(e["component"].as_str().unwrap()).and_then(|c| {
                p.generate(c, |name| {
                    groups.get(name).and_then(Value::as_str).map(str::to_owned)
                })
            });
            let expected = e["expected"].as_str().map(str::to_owned);
            if got != expected {
                return Err(format!("got {got:?}, expected {expected:?}"));
            }
            Ok(())
        },
    );
}
