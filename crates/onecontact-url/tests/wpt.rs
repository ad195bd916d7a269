//! web-platform-tests URL conformance: urltestdata.json, urltestdata-javascript-only.json,
//! setters_tests.json and toascii.json from testdata/wpt-url, every entry, read
//! and written through the JavaScript API (`onecontact_url::quirks`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::{BTreeMap, BTreeSet};

use onecontact_testkit::expected::Expected;
use onecontact_url::{Host, Url, quirks};
use serde_json::Value;

fn data(name: &str) -> String {
    let path = format!(
        "{}/../../testdata/wpt-url/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Test ids expected to fail, each with its reason. Must stay empty; a
/// listed id that passes fails the test.
const EXPECTED_FAILURES: &[(&str, &str)] = &[];

/// Checks the failures (`id<TAB>detail`) of the run `name` of `total` cases
/// against its entries of [`EXPECTED_FAILURES`].
fn finish(name: &str, total: usize, failures: Vec<String>) {
    let failed: BTreeMap<&str, &str> = failures
        .iter()
        .map(|f| f.split_once('\t').unwrap_or((f, "")))
        .collect();
    let expected = Expected::new(
        name,
        EXPECTED_FAILURES
            .iter()
            .filter(|(id, _)| id.starts_with(name))
            .copied(),
    );
    eprintln!("{name}: {}/{total} passed", total - failures.len());
    let cases: BTreeSet<&str> = failed
        .keys()
        .copied()
        .chain(expected.iter().map(|(id, _)| id))
        .collect();
    expected.assert_matches_with(cases, |id| failed.get(id).map(|d| (*d).to_owned()));
}

fn getters(url: &Url) -> [(&'static str, &str); 10] {
    [
        ("href", quirks::href(url)),
        ("protocol", quirks::protocol(url)),
        ("username", quirks::username(url)),
        ("password", quirks::password(url)),
        ("host", quirks::host(url)),
        ("hostname", quirks::hostname(url)),
        ("port", quirks::port(url)),
        ("pathname", quirks::pathname(url)),
        ("search", quirks::search(url)),
        ("hash", quirks::hash(url)),
    ]
}

fn run_urltestdata(name: &str, text: &str) {
    let entries: Vec<Value> = serde_json::from_str(text).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, entry) in entries.iter().enumerate() {
        let Some(obj) = entry.as_object() else {
            continue;
        };
        total += 1;
        let id = format!("{name}#{i}");
        let input = obj["input"].as_str().unwrap();
        let base_text = obj.get("base").and_then(Value::as_str);
        let base = match base_text {
            Some(b) => match Url::parse(b) {
                Ok(u) => Some(u),
                Err(e) => {
                    failures.push(format!("{id}\tbase {b:?} failed: {e}"));
                    continue;
                }
            },
            None => None,
        };
        let result = Url::options().base_url(base.as_ref()).parse(input);
        assert_eq!(Url::can_parse(input, base_text), result.is_ok());
        // The fast path (plain parse) and the state machine alone agree,
        // and so do the two with validation errors and spans requested.
        let full = onecontact_url::fuzzing::parse_reporting_by_state_machine(input, base.as_ref());
        if full.result.as_ref().map(Url::as_str).ok() != result.as_ref().map(Url::as_str).ok() {
            failures.push(format!(
                "{id}\t{input:?}: fast path and full parser disagree"
            ));
            continue;
        }
        if let Err(e) = onecontact_url::fuzzing::check_reports(input, base.as_ref()) {
            failures.push(format!("{id}\t{e}"));
            continue;
        }
        if obj.get("failure").and_then(Value::as_bool) == Some(true) {
            if let Ok(url) = result {
                failures.push(format!(
                    "{id}\t{input:?} (base {:?}) should fail, got {}",
                    obj.get("base"),
                    url.as_str()
                ));
            }
            continue;
        }
        let url = match result {
            Ok(url) => url,
            Err(e) => {
                failures.push(format!(
                    "{id}\t{input:?} (base {:?}) failed: {e}",
                    obj.get("base")
                ));
                continue;
            }
        };
        let mut bad = Vec::new();
        for (key, got) in getters(&url) {
            if let Some(want) = obj.get(key).and_then(Value::as_str)
                && want != got
            {
                bad.push(format!("{key}: want {want:?} got {got:?}"));
            }
        }
        if let Some(want) = obj.get("origin").and_then(Value::as_str)
            && want != quirks::origin(&url)
        {
            bad.push(format!(
                "origin: want {want:?} got {:?}",
                quirks::origin(&url)
            ));
        }
        if let Err(e) = url.check_invariants() {
            bad.push(format!("invariants: {e}"));
        }
        if !bad.is_empty() {
            failures.push(format!(
                "{id}\t{input:?} (base {:?}): {}",
                obj.get("base"),
                bad.join("; ")
            ));
        }
    }
    finish(name, total, failures);
}

#[test]
fn urltestdata() {
    run_urltestdata("urltestdata", &data("urltestdata.json"));
}

/// Replaces `\uXXXX` escapes of lone surrogates with `\uFFFD`, as the
/// WebIDL USVString conversion does before the URL parser sees the string
/// (a Rust `&str` cannot hold a lone surrogate at all).
fn replace_lone_surrogates(json: &str) -> String {
    fn unit_at(s: &str, i: usize) -> Option<u16> {
        let esc = s.get(i..i + 6)?;
        if !esc.starts_with("\\u") {
            return None;
        }
        u16::from_str_radix(&esc[2..], 16).ok()
    }
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    while i < json.len() {
        if let Some(u) = unit_at(json, i) {
            let high = (0xD800..0xDC00).contains(&u);
            let low = (0xDC00..0xE000).contains(&u);
            if high && unit_at(json, i + 6).is_some_and(|n| (0xDC00..0xE000).contains(&n)) {
                out.push_str(&json[i..i + 12]);
                i += 12;
                continue;
            }
            if high || low {
                out.push_str("\\uFFFD");
            } else {
                out.push_str(&json[i..i + 6]);
            }
            i += 6;
            continue;
        }
        let c = json[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

#[test]
fn urltestdata_javascript_only() {
    let raw = data("urltestdata-javascript-only.json");
    assert!(serde_json::from_str::<Value>(&raw).is_err() || raw.contains("\\uD800"));
    run_urltestdata(
        "urltestdata-javascript-only",
        &replace_lone_surrogates(&raw),
    );
}

#[test]
fn setters_tests() {
    let all: Value = serde_json::from_str(&data("setters_tests.json")).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (setter, tests) in all.as_object().unwrap() {
        if setter == "comment" {
            continue;
        }
        for (i, test) in tests.as_array().unwrap().iter().enumerate() {
            total += 1;
            let id = format!("setters_tests/{setter}#{i}");
            let href = test["href"].as_str().unwrap();
            let value = test["new_value"].as_str().unwrap();
            let mut url = Url::parse(href).unwrap();
            let result = match setter.as_str() {
                "href" => quirks::set_href(&mut url, value),
                "protocol" => quirks::set_protocol(&mut url, value),
                "username" => quirks::set_username(&mut url, value),
                "password" => quirks::set_password(&mut url, value),
                "host" => quirks::set_host(&mut url, value),
                "hostname" => quirks::set_hostname(&mut url, value),
                "port" => quirks::set_port(&mut url, value),
                "pathname" => quirks::set_pathname(&mut url, value),
                "search" => quirks::set_search(&mut url, value),
                "hash" => quirks::set_hash(&mut url, value),
                other => panic!("unknown setter {other}"),
            };
            let mut bad = Vec::new();
            let before = Url::parse(href).unwrap();
            if result.is_err() && url.as_str() != before.as_str() {
                bad.push(format!(
                    "refused ({result:?}) but changed the URL to {}",
                    url.as_str()
                ));
            }
            for (key, got) in getters(&url) {
                if let Some(want) = test["expected"].get(key).and_then(Value::as_str)
                    && want != got
                {
                    bad.push(format!("{key}: want {want:?} got {got:?}"));
                }
            }
            if let Err(e) = url.check_invariants() {
                bad.push(format!("invariants: {e}"));
            }
            if !bad.is_empty() {
                failures.push(format!(
                    "{id}\t{href:?}.{setter} = {value:?} ({result:?}): {}",
                    bad.join("; ")
                ));
            }
        }
    }
    finish("setters_tests", total, failures);
}

#[test]
fn toascii() {
    let entries: Vec<Value> = serde_json::from_str(&data("toascii.json")).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, entry) in entries.iter().enumerate() {
        let Some(obj) = entry.as_object() else {
            continue;
        };
        total += 1;
        let id = format!("toascii#{i}");
        let input = obj["input"].as_str().unwrap();
        let want = obj["output"].as_str();
        let mut bad = Vec::new();
        // Through the URL parser, as the WPT test does.
        match (Url::parse(&format!("https://{input}/x")), want) {
            (Ok(url), Some(w)) => {
                if quirks::host(&url) != w
                    || quirks::hostname(&url) != w
                    || quirks::pathname(&url) != "/x"
                {
                    bad.push(format!("url host {:?}", quirks::host(&url)));
                }
            }
            (Ok(url), None) => bad.push(format!("url should fail, got {}", url.as_str())),
            (Err(e), Some(_)) => bad.push(format!("url failed: {e}")),
            (Err(_), None) => {}
        }
        // Through the host and hostname setters.
        for hostname in [false, true] {
            let mut url = Url::parse("https://x/x").unwrap();
            let r = if hostname {
                quirks::set_hostname(&mut url, input)
            } else {
                quirks::set_host(&mut url, input)
            };
            let expected = want.unwrap_or("x");
            if quirks::hostname(&url) != expected {
                bad.push(format!(
                    "setter (hostname={hostname}) gave {:?} ({r:?})",
                    quirks::hostname(&url)
                ));
            }
        }
        // Through the host parser directly.
        match (Host::parse(input), want) {
            (Ok(h), Some(w)) if h.to_string() != w => bad.push(format!("host parser gave {h}")),
            (Ok(h), None) => bad.push(format!("host parser should fail, got {h}")),
            (Err(e), Some(_)) => bad.push(format!("host parser failed: {e}")),
            _ => {}
        }
        if !bad.is_empty() {
            failures.push(format!("{id}\t{input:?} want {want:?}: {}", bad.join("; ")));
        }
    }
    finish("toascii", total, failures);
}
