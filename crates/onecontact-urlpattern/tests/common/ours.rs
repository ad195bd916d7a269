//! Our engine under the harness.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;

use onecontact_urlpattern::{
    Component, MatchInput, PatternInput, UrlPattern, UrlPatternInit, UrlPatternOptions,
    UrlPatternResult,
};
use serde_json::Value;

use super::{ComponentMatch, Engine};

/// A `URLPatternInit` from its JSON dictionary.
#[allow(dead_code)]
pub fn init_from(v: &serde_json::Map<String, Value>) -> UrlPatternInit {
    let get = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    UrlPatternInit {
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

pub struct Ours;

fn component_of(name: &str) -> Component {
    Component::ALL
        .into_iter()
        .find(|c| c.name() == name)
        .unwrap()
}

fn options(v: Option<&Value>) -> UrlPatternOptions {
    UrlPatternOptions::ignore_case(
        v.and_then(|o| o.get("ignoreCase"))
            .and_then(Value::as_bool)
            .unwrap_or(false),
    )
}

fn result_map(r: UrlPatternResult) -> BTreeMap<String, ComponentMatch> {
    Component::ALL
        .into_iter()
        .map(|c| {
            let m = r.component(c);
            (
                c.name().to_owned(),
                (
                    m.input().to_owned(),
                    m.groups()
                        .map(|(n, v)| (n.to_owned(), v.map(str::to_owned)))
                        .collect(),
                ),
            )
        })
        .collect()
}

impl Engine for Ours {
    type Pattern = UrlPattern;

    fn construct(args: &[Value]) -> Result<UrlPattern, String> {
        let r = match args {
            [] => UrlPattern::from_init(&UrlPatternInit::default()),
            [Value::String(s)] => UrlPattern::parse(s),
            [Value::String(s), Value::String(b)] => UrlPattern::parse_with_base(s, b),
            [Value::String(s), o @ Value::Object(_)] => {
                UrlPattern::new(PatternInput::String(s, None), options(Some(o)))
            }
            [Value::String(s), Value::String(b), o @ Value::Object(_)] => {
                UrlPattern::new(PatternInput::String(s, Some(b)), options(Some(o)))
            }
            [Value::Object(i)] => UrlPattern::from_init(&init_from(i)),
            [Value::Object(i), o @ Value::Object(_)] => {
                UrlPattern::new(PatternInput::Init(&init_from(i)), options(Some(o)))
            }
            // A base URL beside an init, or options before the base URL
            // (which WebIDL turns into the base "[object Object]"): the
            // Standard throws.
            _ => return Err("unsupported arguments".to_owned()),
        };
        r.map_err(|e| e.to_string())
    }

    fn component(p: &UrlPattern, name: &str) -> String {
        p.pattern(component_of(name)).to_owned()
    }

    fn test(p: &UrlPattern, inputs: &[Value]) -> Result<bool, String> {
        Ok(match inputs {
            [] => p.test(&UrlPatternInit::default()),
            [Value::String(s)] => p.test(s.as_str()),
            [Value::String(s), Value::String(b)] => p.test_with_base(s, b),
            [Value::Object(i)] => p.test(MatchInput::Init(&init_from(i))),
            _ => return Err("a base URL cannot be given beside a URLPatternInit".to_owned()),
        })
    }

    fn exec(
        p: &UrlPattern,
        inputs: &[Value],
    ) -> Result<Option<BTreeMap<String, ComponentMatch>>, String> {
        Ok(match inputs {
            [] => p.exec(&UrlPatternInit::default()),
            [Value::String(s)] => p.exec(s.as_str()),
            [Value::String(s), Value::String(b)] => p.exec_with_base(s, b),
            [Value::Object(i)] => p.exec(MatchInput::Init(&init_from(i))),
            _ => return Err("a base URL cannot be given beside a URLPatternInit".to_owned()),
        }
        .map(result_map))
    }
}
