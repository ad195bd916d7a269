//! The same web-platform-tests urlpattern cases, with the same checks, run
//! through the `urlpattern` crate 0.6.0 (the Rust peer, on the `url` crate
//! and the `regex` engine), beside ours: both pass counts are printed
//! (`cargo test -p onecontact-urlpattern --test wpt_peer -- --nocapture`).
//! Only ours is held to a bar (`tests/wpt.rs`); the peer's count is checked
//! to stay what it was measured at, so a change in either shows.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::collections::BTreeMap;

use common::{ComponentMatch, Engine};
use serde_json::Value;
use urlpattern::quirks::{self, StringOrInit};

struct Peer;

fn init(v: &serde_json::Map<String, Value>) -> quirks::UrlPatternInit {
    let get = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    quirks::UrlPatternInit {
        protocol: get("protocol"),
        username: get("username"),
        password: get("password"),
        hostname: get("hostname"),
        port: get("port"),
        pathname: get("pathname"),
        search: get("search"),
        hash: get("hash"),
        base_url: get("baseURL"),
    }
}

fn string_or_init(v: Option<&Value>) -> Result<StringOrInit<'static>, String> {
    match v {
        None => Ok(StringOrInit::Init(quirks::UrlPatternInit::default())),
        Some(Value::String(s)) => Ok(StringOrInit::String(s.clone().into())),
        Some(Value::Object(o)) => Ok(StringOrInit::Init(init(o))),
        Some(other) => Err(format!("unsupported argument {other}")),
    }
}

fn options(v: Option<&Value>) -> urlpattern::UrlPatternOptions {
    urlpattern::UrlPatternOptions {
        ignore_case: v
            .and_then(|o| o.get("ignoreCase"))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        ..Default::default()
    }
}

fn matches(
    p: &urlpattern::UrlPattern,
    inputs: &[Value],
) -> Result<Option<urlpattern::UrlPatternResult>, String> {
    let base = match inputs.get(1) {
        None => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(_) => return Err("unsupported base".to_owned()),
    };
    let input = string_or_init(inputs.first())?;
    match quirks::process_match_input(input, base).map_err(|e| e.to_string())? {
        None => Ok(None),
        Some((input, _)) => p.exec(input).map_err(|e| e.to_string()),
    }
}

impl Engine for Peer {
    type Pattern = urlpattern::UrlPattern;

    fn construct(args: &[Value]) -> Result<urlpattern::UrlPattern, String> {
        let (input, base, opts) = match args {
            [] => (None, None, None),
            [a] => (Some(a), None, None),
            [a, Value::String(b)] => (Some(a), Some(b.as_str()), None),
            [a, o @ Value::Object(_)] => (Some(a), None, Some(o)),
            [a, Value::String(b), o @ Value::Object(_)] => (Some(a), Some(b.as_str()), Some(o)),
            _ => return Err("unsupported arguments".to_owned()),
        };
        let init = quirks::process_construct_pattern_input(string_or_init(input)?, base)
            .map_err(|e| e.to_string())?;
        urlpattern::UrlPattern::parse(init, options(opts)).map_err(|e| e.to_string())
    }

    fn component(p: &urlpattern::UrlPattern, name: &str) -> String {
        match name {
            "protocol" => p.protocol(),
            "username" => p.username(),
            "password" => p.password(),
            "hostname" => p.hostname(),
            "port" => p.port(),
            "pathname" => p.pathname(),
            "search" => p.search(),
            _ => p.hash(),
        }
        .to_owned()
    }

    fn test(p: &urlpattern::UrlPattern, inputs: &[Value]) -> Result<bool, String> {
        matches(p, inputs).map(|m| m.is_some())
    }

    fn exec(
        p: &urlpattern::UrlPattern,
        inputs: &[Value],
    ) -> Result<Option<BTreeMap<String, ComponentMatch>>, String> {
        Ok(matches(p, inputs)?.map(|r| {
            let mut out = BTreeMap::new();
            for (name, c) in [
                ("protocol", r.protocol),
                ("username", r.username),
                ("password", r.password),
                ("hostname", r.hostname),
                ("port", r.port),
                ("pathname", r.pathname),
                ("search", r.search),
                ("hash", r.hash),
            ] {
                out.insert(name.to_owned(), (c.input, c.groups.into_iter().collect()));
            }
            out
        }))
    }
}

#[test]
fn side_by_side() {
    let (total, ours_failed) = common::run_all::<common::ours::Ours>();
    let (_, peer_failed) = common::run_all::<Peer>();
    println!(
        "urlpatterntestdata.json: onecontact-urlpattern {}/{total}, urlpattern 0.6.0 {}/{total}",
        total - ours_failed.len(),
        total - peer_failed.len()
    );
    for (id, why) in &peer_failed {
        println!("  urlpattern 0.6.0 fails {id}: {why}");
    }
    assert!(ours_failed.is_empty(), "ours fails: {ours_failed:?}");
    assert_eq!(
        total - peer_failed.len(),
        PEER_PASSES,
        "the peer's pass count changed"
    );
}

/// The peer's pass count as measured.
const PEER_PASSES: usize = 367;
