//! The fast path (a URL already in serialized form) reports the same spans
//! as the state machine: checked over every WPT urltestdata input and some
//! shapes of our own.

#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use onecontact_url::{InputSpans, Url};

/// Spans from the state machine alone.
fn slow(input: &str) -> Option<InputSpans> {
    let full = onecontact_url::fuzzing::parse_reporting_by_state_machine(input, None);
    full.result.ok().map(|_| full.spans)
}

/// Spans with no validation sink: the fast path where it applies.
fn fast(input: &str) -> Option<InputSpans> {
    Url::options()
        .parse_with_spans(input)
        .ok()
        .map(|(_, spans)| spans)
}

#[test]
fn fast_path_spans_equal_the_state_machine_spans() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt-url/urltestdata.json"
    ))
    .unwrap();
    let data: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut inputs: Vec<String> = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.get("input").and_then(|i| i.as_str()).map(str::to_owned))
        .collect();
    for extra in [
        "https://example.com",
        "https://example.com/",
        "https://Example.COM:8080/a/b?c=d#e",
        "http://a.b/?#",
        "https://a.b?q",
        "https://a.b#f",
        "file:///C:/x",
        "file://host/share/x",
        "ftp://f.example:21x/",
        "wss://w.example:9/x?y#z",
        "HTTPS://WWW.EXAMPLE.CO.UK/Shop/index.html?b=2&a=1#top",
    ] {
        inputs.push(extra.to_owned());
    }
    let mut compared = 0;
    for input in &inputs {
        let (a, b) = (slow(input), fast(input));
        assert_eq!(a, b, "{input:?}");
        compared += usize::from(a.is_some());
    }
    assert!(compared > 450, "only {compared} inputs parsed");
}

#[test]
fn a_failed_host_keeps_its_span() {
    let mut spans = InputSpans::default();
    let result = Url::options().parse_recording_spans("https://a%2Fb.example:8/x", &mut spans);
    assert!(result.is_err());
    assert_eq!(spans.host, Some(8..21));
    // The same spans again: every one is written over.
    let result = Url::options().parse_recording_spans("https://ok.example/p?q#f", &mut spans);
    assert!(result.is_ok());
    assert_eq!(
        (spans.path.clone(), spans.query.clone()),
        (Some(18..20), Some(21..22))
    );
    let result = Url::options().parse_recording_spans("https://h.example:99999/", &mut spans);
    assert_eq!(result.unwrap_err().kind().name(), "port-out-of-range");
    assert_eq!(spans.host, Some(8..17));
    assert_eq!(spans.port, None);
    assert_eq!(
        (spans.path, spans.query, spans.fragment),
        (None, None, None)
    );
}
