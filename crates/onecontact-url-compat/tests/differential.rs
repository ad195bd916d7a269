//! This crate beside `url` 2.5.8 over every input of the web-platform-tests
//! `urltestdata.json` (testdata/wpt-url, 891 entries): wherever the two
//! answer differently, this crate's answer is the one the test data
//! expects, so every difference is a deviation of `url` from the URL
//! Standard. The counts per kind of difference are the ones
//! docs/migrating-from-url.md gives.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::BTreeMap;

fn wpt() -> Vec<serde_json::Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/wpt-url/urltestdata.json");
    let text = std::fs::read_to_string(path).unwrap();
    let all: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    all.into_iter().filter(|c| c.is_object()).collect()
}

#[test]
fn every_difference_from_url_is_the_standard_s_answer() {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let cases = wpt();
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let base = case["base"].as_str();
        let ours = match base {
            None => url::Url::parse(input),
            Some(b) => url::Url::parse(b).and_then(|b| b.join(input)),
        };
        let theirs = match base {
            None => url_peer::Url::parse(input),
            Some(b) => url_peer::Url::parse(b).and_then(|b| b.join(input)),
        };
        let expected_href = case["href"].as_str();
        let kind = match (&ours, &theirs) {
            (Ok(a), Ok(t)) if a.as_str() != t.as_str() => "serialization",
            (Ok(a), Ok(t)) if a.host_str() != t.host_str() => {
                // Only the empty host, which `url` reports as no host.
                assert_eq!((a.host_str(), t.host_str()), (Some(""), None), "{input}");
                assert_eq!(case["hostname"].as_str(), Some(""), "{input}");
                "empty host"
            }
            (Ok(a), Ok(t))
                if a.origin().ascii_serialization() != t.origin().ascii_serialization() =>
            {
                assert_eq!(
                    Some(a.origin().ascii_serialization().as_str()),
                    case["origin"].as_str(),
                    "{input}"
                );
                "origin"
            }
            (Ok(a), Ok(t)) => {
                // Same URL, same host: `Debug` prints the same text.
                assert_eq!(format!("{a:?}"), format!("{t:?}"), "{input}");
                assert_eq!(
                    format!("{:?}", a.origin().is_tuple()),
                    format!("{:?}", t.origin().is_tuple())
                );
                continue;
            }
            (Err(a), Err(t)) if format!("{a:?}") != format!("{t:?}") => "error kind",
            (Err(_), Err(_)) => continue,
            (Ok(_), Err(_)) => "parses here only",
            (Err(_), Ok(_)) => "parses in url only",
        };
        // This crate's answer is the test data's.
        match (&ours, expected_href) {
            (Ok(a), Some(href)) => assert_eq!(a.as_str(), href, "{input}"),
            (Err(_), None) => assert_eq!(case["failure"].as_bool(), Some(true), "{input}"),
            _ => panic!("{input} against {base:?}: {ours:?}, expected {expected_href:?}"),
        }
        *kinds.entry(kind).or_default() += 1;
    }
    assert_eq!(cases.len(), 891);
    let expected: BTreeMap<&str, usize> = [
        ("empty host", 93),
        ("error kind", 112),
        ("origin", 4),
        ("parses here only", 15),
        ("serialization", 50),
    ]
    .into_iter()
    .collect();
    assert_eq!(kinds, expected);
}
