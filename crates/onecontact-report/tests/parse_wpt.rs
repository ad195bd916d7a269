//! `parse_report` with `https://` not assumed gives the URL and the origin
//! the URL Standard gives, for every entry of WPT's urltestdata.json that
//! parses.

#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use onecontact_report::{ReadOptions, parse_report};
use serde_json::Value;

#[test]
fn every_entry_of_urltestdata_has_the_standard_s_href_and_origin() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt-url/urltestdata.json"
    ))
    .unwrap();
    let data: Value = serde_json::from_str(&text).unwrap();
    let (mut checked, mut origins) = (0, 0);
    let mut wrong = Vec::new();
    for entry in data.as_array().unwrap() {
        let Some(input) = entry.get("input").and_then(Value::as_str) else {
            continue;
        };
        if entry.get("failure").is_some() || input.trim().is_empty() {
            continue;
        }
        let options = ReadOptions {
            base: entry["base"].as_str().map(str::to_owned),
            assume_https: false,
            ..Default::default()
        };
        let Ok(report) = parse_report(input, &options) else {
            wrong.push(format!("{input:?}: refused"));
            continue;
        };
        checked += 1;
        if entry["href"].as_str() != Some(report.href.as_str()) {
            wrong.push(format!(
                "{input:?}: href {} not {}",
                report.href, entry["href"]
            ));
        }
        if let Some(origin) = entry.get("origin").and_then(Value::as_str) {
            origins += 1;
            if origin != report.origin {
                wrong.push(format!("{input:?}: origin {} not {origin}", report.origin));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(
        checked > 500 && origins > 300,
        "{checked} entries, {origins} origins"
    );
}
