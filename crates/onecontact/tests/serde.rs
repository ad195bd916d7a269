//! The `serde` feature: stable field names.

#![cfg(feature = "serde")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::{KeyVersion, ParseDetail, WebAddress, WebFacts, WebFlags};
use serde_json::json;

#[test]
fn web_address_serializes_with_stable_names() {
    let web = WebAddress::parse("github.com/torvalds?utm_source=x#readme").unwrap();
    let value = serde_json::to_value(&web).unwrap();
    assert_eq!(
        value,
        json!({
            "url": "https://github.com/torvalds?utm_source=x#readme",
            "canonical": "https://github.com/torvalds",
            "key_v1": "github.com/torvalds",
            "is_website": true,
            "flags": ["scheme_assumed", "tracking_parameters_removed", "fragment_removed"],
            "social_profile": {"network": "github", "handle": "torvalds", "path": "/torvalds"},
            "removed_tracking_parameters": ["utm_source"],
            "fields": [
                {"field": "host", "start": 0, "end": 10},
                {"field": "path", "start": 10, "end": 19},
                {"field": "query", "start": 20, "end": 32},
                {"field": "fragment", "start": 33, "end": 39},
            ],
        })
    );
}

#[test]
fn errors_serialize_with_code_and_message() {
    let error = WebAddress::parse("example.com:99999").unwrap_err();
    let value = serde_json::to_value(&error).unwrap();
    assert_eq!(value["code"], "web.invalid-port");
    assert_eq!(value["validation_error"], "port-out-of-range");
    assert!(value["message"].as_str().unwrap().contains("65535"));
}

#[test]
fn parts_round_trip() {
    let web = WebAddress::parse("https://mastodon.social/@Gargron#x").unwrap();
    let facts = web.facts();
    let text = serde_json::to_string(&facts).unwrap();
    assert_eq!(serde_json::from_str::<WebFacts>(&text).unwrap(), facts);
    let flags: WebFlags = serde_json::from_str(r#"["ip_host","fragment_removed"]"#).unwrap();
    assert_eq!(flags.len(), 2);
    let detail = web.detail();
    let text = serde_json::to_string(&detail).unwrap();
    assert_eq!(serde_json::from_str::<ParseDetail>(&text).unwrap(), detail);
    assert_eq!(serde_json::to_value(KeyVersion::V1).unwrap(), json!("v1"));
}
