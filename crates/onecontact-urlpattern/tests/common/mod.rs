//! The web-platform-tests urlpattern harness (urlpattern/resources/
//! urlpattern-harness.js) over an engine: the checks of every case of
//! urlpatterntestdata.json, shared by our run and the peer's.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    dead_code
)]

use std::collections::BTreeMap;

use serde_json::Value;

pub mod ours;

/// The components in the Standard's order.
pub const COMPONENTS: [&str; 8] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
];

/// A file of testdata/wpt-urlpattern, read at run time.
pub fn data(name: &str) -> Value {
    let path = format!(
        "{}/../../testdata/wpt-urlpattern/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&onecontact_testkit::json::usv(&text))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One component's match: its input and groups (`None` = undefined).
pub type ComponentMatch = (String, BTreeMap<String, Option<String>>);

/// An implementation under test.
pub trait Engine {
    /// A compiled pattern.
    type Pattern;
    /// `new URLPattern(...args)`; `Err` when it throws.
    fn construct(args: &[Value]) -> Result<Self::Pattern, String>;
    /// The pattern string of one component.
    fn component(p: &Self::Pattern, name: &str) -> String;
    /// `test(...inputs)`; `Err` when it throws.
    fn test(p: &Self::Pattern, inputs: &[Value]) -> Result<bool, String>;
    /// `exec(...inputs)`; `Err` when it throws, `Ok(None)` for no match.
    fn exec(
        p: &Self::Pattern,
        inputs: &[Value],
    ) -> Result<Option<BTreeMap<String, ComponentMatch>>, String>;
}

/// The case's identifier: its index and arguments.
pub fn case_id(i: usize, entry: &Value) -> String {
    format!(
        "{i}: pattern {} inputs {}",
        entry["pattern"],
        entry.get("inputs").map_or("-".to_owned(), Value::to_string)
    )
}

/// The base URL the harness derives default pattern strings from.
fn base_for(entry: &Value) -> Option<onecontact_url::Url> {
    let pattern = entry["pattern"].as_array()?;
    let text = match (pattern.first(), pattern.get(1)) {
        (Some(Value::Object(o)), _) if o.contains_key("baseURL") => o["baseURL"].as_str()?,
        (_, Some(Value::String(s))) => s.as_str(),
        _ => return None,
    };
    onecontact_url::Url::parse(text).ok()
}

fn truthy(v: Option<&Value>) -> bool {
    match v {
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Null) | None => false,
        Some(_) => true,
    }
}

/// Runs one case; `Err` says what differs.
pub fn run_case<E: Engine>(entry: &Value) -> Result<(), String> {
    let args = entry["pattern"].as_array().cloned().unwrap_or_default();
    let expected_obj = entry.get("expected_obj");
    let constructed = E::construct(&args);
    if expected_obj.and_then(Value::as_str) == Some("error") {
        return match constructed {
            Err(_) => Ok(()),
            Ok(_) => Err("constructor did not throw".to_owned()),
        };
    }
    let pattern = constructed.map_err(|e| format!("constructor threw: {e}"))?;
    let empty: Vec<Value> = Vec::new();
    let exactly_empty = entry
        .get("exactly_empty_components")
        .and_then(Value::as_array)
        .unwrap_or(&empty);
    let first = args.first().and_then(Value::as_object);
    let base = base_for(entry);
    for component in COMPONENTS {
        let expected = match expected_obj
            .and_then(|o| o.get(component))
            .and_then(Value::as_str)
        {
            Some(s) => s.to_owned(),
            None => {
                let earlier: &[&str] = match component {
                    "hostname" => &["protocol"],
                    "port" => &["protocol", "hostname"],
                    "pathname" => &["protocol", "hostname", "port"],
                    "search" => &["protocol", "hostname", "port", "pathname"],
                    "hash" => &["protocol", "hostname", "port", "pathname", "search"],
                    _ => &[],
                };
                if exactly_empty.iter().any(|c| c == component) {
                    String::new()
                } else if let Some(v) = first
                    .and_then(|o| o.get(component))
                    .filter(|v| truthy(Some(v)))
                {
                    v.as_str().unwrap_or_default().to_owned()
                } else if first.is_some_and(|o| earlier.iter().any(|c| o.contains_key(*c))) {
                    "*".to_owned()
                } else if let Some(b) = base
                    .as_ref()
                    .filter(|_| component != "username" && component != "password")
                {
                    use onecontact_url::quirks as q;
                    match component {
                        "protocol" => b.scheme().to_owned(),
                        "hostname" => q::hostname(b).to_owned(),
                        "port" => q::port(b).to_owned(),
                        "pathname" => q::pathname(b).to_owned(),
                        "search" => q::search(b).trim_start_matches('?').to_owned(),
                        _ => q::hash(b).trim_start_matches('#').to_owned(),
                    }
                } else {
                    "*".to_owned()
                }
            }
        };
        let got = E::component(&pattern, component);
        if got != expected {
            return Err(format!(
                "{component} pattern is {got:?}, expected {expected:?}"
            ));
        }
    }
    let Some(inputs) = entry.get("inputs").and_then(Value::as_array) else {
        return Ok(());
    };
    let expected_match = entry.get("expected_match");
    if expected_match.and_then(Value::as_str) == Some("error") {
        return match (E::test(&pattern, inputs), E::exec(&pattern, inputs)) {
            (Err(_), Err(_)) => Ok(()),
            _ => Err("test()/exec() did not throw".to_owned()),
        };
    }
    let should_match = matches!(expected_match, Some(Value::Object(_)));
    let tested = E::test(&pattern, inputs).map_err(|e| format!("test() threw: {e}"))?;
    if tested != should_match {
        return Err(format!("test() is {tested}, expected {should_match}"));
    }
    let result = E::exec(&pattern, inputs).map_err(|e| format!("exec() threw: {e}"))?;
    let Some(Value::Object(expected_match)) = expected_match else {
        return match result {
            None => Ok(()),
            Some(_) => Err("exec() matched, expected null".to_owned()),
        };
    };
    let result = result.ok_or("exec() gave null, expected a match")?;
    for component in COMPONENTS {
        let expected: ComponentMatch = match expected_match.get(component) {
            Some(Value::Object(o)) => (
                o["input"].as_str().unwrap_or_default().to_owned(),
                o["groups"]
                    .as_object()
                    .map(|g| {
                        g.iter()
                            .map(|(k, v)| (k.clone(), v.as_str().map(str::to_owned)))
                            .collect()
                    })
                    .unwrap_or_default(),
            ),
            _ => {
                let mut groups = BTreeMap::new();
                if !exactly_empty.iter().any(|c| c == component) {
                    groups.insert("0".to_owned(), Some(String::new()));
                }
                (String::new(), groups)
            }
        };
        let got = result.get(component).cloned().unwrap_or_default();
        if got != expected {
            return Err(format!(
                "exec() {component} is {got:?}, expected {expected:?}"
            ));
        }
    }
    Ok(())
}

/// Runs every case; returns `(id, failure)` of each.
pub fn run_all<E: Engine>() -> (usize, Vec<(String, String)>) {
    let data = data("urlpatterntestdata.json");
    let cases = data.as_array().expect("an array");
    let mut failures = Vec::new();
    for (i, entry) in cases.iter().enumerate() {
        let outcome =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_case::<E>(entry)))
                .unwrap_or_else(|_| Err("panicked".to_owned()));
        if let Err(e) = outcome {
            failures.push((case_id(i, entry), e));
        }
    }
    (cases.len(), failures)
}
