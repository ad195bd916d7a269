//! `resolve` with `https://` not assumed gives what the URL Standard gives:
//! every entry of WPT's urltestdata.json that has a base, read through the
//! same path as `onecontact resolve --no-assume-https` and `POST
//! /api/resolve` with `assume_https: false`.

#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use onecontact_report::resolve;
use serde_json::Value;

/// WPT's urltestdata.json, as pinned.
fn urltestdata() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt-url/urltestdata.json"
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_relative_entry_of_urltestdata_resolves_as_the_standard_says() {
    let data = urltestdata();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for entry in data.as_array().unwrap() {
        let (Some(input), Some(base)) = (
            entry.get("input").and_then(Value::as_str),
            entry.get("base").and_then(Value::as_str),
        ) else {
            continue;
        };
        checked += 1;
        let failure = entry.get("failure").and_then(Value::as_bool) == Some(true);
        let got = resolve(base, input, false);
        match (failure, &got) {
            (true, Err(_)) => {}
            (false, Ok(report)) if Some(report.url.as_str()) == entry["href"].as_str() => {}
            _ => wrong.push(format!(
                "{input:?} against {base:?}: expected {}, got {:?}",
                if failure {
                    "failure".to_owned()
                } else {
                    entry["href"].to_string()
                },
                got.map(|r| r.url)
            )),
        }
    }
    assert!(checked > 300, "only {checked} entries with a base");
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_issue_examples() {
    assert_eq!(resolve("a:b", "#f", true).unwrap().url, "a:b#f");
    assert_eq!(resolve("a:b", "#f", false).unwrap().url, "a:b#f");
    assert!(resolve("about:blank", "", true).is_err());
    assert!(resolve("about:blank", "", false).is_err());
    assert_eq!(
        resolve("https://ex.com/a?q#f", "", false).unwrap().url,
        "https://ex.com/a?q"
    );
    // A base without a scheme gets https:// only when assumed.
    assert_eq!(
        resolve("example.com/docs/", "x", true).unwrap().url,
        "https://example.com/docs/x"
    );
    assert!(resolve("example.com/docs/", "x", false).is_err());
}

/// `parse_parts` (which does not collect validation errors) gives the URL
/// and the error `parse_report` gives, for every input of urltestdata.json
/// with and without its base, `https://` assumed or not.
#[test]
fn parse_parts_agrees_with_parse_report() {
    use onecontact_report::{ReadOptions, parse_parts, parse_report};
    let data = urltestdata();
    let mut checked = 0;
    for entry in data.as_array().unwrap() {
        let Some(input) = entry.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = entry.get("base").and_then(Value::as_str);
        for assume_https in [true, false] {
            for base in [None, base] {
                let options = ReadOptions {
                    base: base.map(str::to_owned),
                    assume_https,
                    ..Default::default()
                };
                let parts = parse_parts(input, &options);
                let report = parse_report(input, &options);
                match (&parts, &report) {
                    (Ok(p), Ok(r)) => {
                        assert_eq!(p.href, r.href, "{input:?} {base:?}");
                        assert_eq!(p.parts, r.parts, "{input:?} {base:?}");
                    }
                    (Err(a), Err(b)) => assert_eq!(a, b, "{input:?} {base:?}"),
                    _ => panic!("{input:?} {base:?}: {parts:?} against {report:?}"),
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}
