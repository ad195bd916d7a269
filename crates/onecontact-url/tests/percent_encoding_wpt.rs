//! WPT `url/resources/percent-encoding.json` (pinned in `testdata/wpt-url/`).
//!
//! Each entry gives an input and, per character encoding, the query the URL
//! parser must produce for `https://doesnotmatter.invalid/?{input}#{input}`
//! in a document of that encoding; the fragment is always UTF-8. WPT runs it
//! in a browser (`percent-encoding.window.js`): the encoding comes from the
//! document. This project implements only UTF-8 (the Encoding Standard's
//! legacy encoders are out of scope), so:
//!
//! - every `"utf-8"` expectation runs twice: through the URL parser exactly
//!   as WPT does (`search` and `hash` of the parsed URL), and directly against
//!   the special-query and fragment percent-encode sets (what the parser
//!   applies to an `https:` URL's query and fragment);
//! - every other (input, encoding) pair is listed in [`NOT_UTF8`] with that
//!   reason, and the test fails if the list and the file disagree in either
//!   direction.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_url::Url;
use onecontact_url::percent_encoding::{FRAGMENT, SPECIAL_QUERY, utf8_percent_encode};
use serde_json::Value;

/// (input, encoding) pairs that need a legacy encoder from the Encoding
/// Standard, which this project does not include.
const NOT_UTF8: &[(&str, &str)] = &[
    ("\u{2020}", "big5"),
    ("\u{2020}", "euc-kr"),
    ("\u{2020}", "windows-1252"),
    ("\u{000E}A", "big5"),
    ("\u{000E}A", "iso-2022-jp"),
    ("\u{203E}\\", "iso-2022-jp"),
    ("\u{E5E5}", "gb18030"),
    ("\u{2212}", "shift_jis"),
    ("\u{00A2}", "iso-8859-2"),
];

fn load() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt-url/percent-encoding.json"
    );
    let text = std::fs::read_to_string(path).expect("pinned percent-encoding.json");
    let Value::Array(items) = serde_json::from_str(&text).expect("valid JSON") else {
        panic!("percent-encoding.json is not an array");
    };
    // Strings are comments.
    items.into_iter().filter(Value::is_object).collect()
}

#[test]
fn utf8_entries_pass_and_other_encodings_are_listed_exactly() {
    let entries = load();
    assert_eq!(entries.len(), 7, "the pinned file has 7 entries");
    let mut ran = 0;
    let mut failures = Vec::new();
    let mut not_utf8 = Vec::new();
    for entry in &entries {
        let input = entry["input"].as_str().expect("input string");
        let output = entry["output"].as_object().expect("output object");
        for (encoding, expected) in output {
            let expected = expected.as_str().expect("expected string");
            if encoding != "utf-8" {
                not_utf8.push((input.to_owned(), encoding.clone()));
                continue;
            }
            ran += 1;
            let query = utf8_percent_encode(input, &SPECIAL_QUERY);
            let fragment = utf8_percent_encode(input, &FRAGMENT);
            if query != expected || fragment != expected {
                failures.push(format!(
                    "{input:?}: query {query:?}, fragment {fragment:?}, expected {expected:?}"
                ));
            }
            let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
            match Url::parse(&href) {
                Ok(url) => {
                    if onecontact_url::quirks::search(&url) != format!("?{expected}")
                        || onecontact_url::quirks::hash(&url) != format!("#{expected}")
                    {
                        failures.push(format!(
                            "{href:?}: search {:?}, hash {:?}, expected {expected:?}",
                            onecontact_url::quirks::search(&url),
                            onecontact_url::quirks::hash(&url)
                        ));
                    }
                }
                Err(e) => failures.push(format!("{href:?}: parse failed: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
    assert_eq!(ran, 7, "every entry has a utf-8 expectation");
    let mut listed: Vec<(String, String)> = NOT_UTF8
        .iter()
        .map(|&(i, e)| (i.to_owned(), e.to_owned()))
        .collect();
    listed.sort();
    not_utf8.sort();
    assert_eq!(
        not_utf8, listed,
        "NOT_UTF8 must list exactly the non-UTF-8 expectations"
    );
}
