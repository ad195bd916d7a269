//! `onecontact_report::json` writes the documents `serde_json` writes, byte
//! for byte: the reply of `POST /api/parse` for every input of the
//! command's consistency corpus and of WPT's `urltestdata.json` and
//! `toascii.json` (read with and without `https://` assumed), the other
//! reports of the same inputs, every shape of serde's data model, and any
//! string.
#![cfg(feature = "serde")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;

use onecontact_report::{ReadOptions, clean, contact_report, json, parse_parts, parse_report};
use proptest::prelude::*;
use serde::Serialize;
use serde_json::Value;

/// One text to read, with its base.
struct Case {
    input: String,
    base: Option<String>,
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The consistency corpus of the command's tests and the inputs of WPT's
/// URL and host tests.
fn corpus() -> Vec<Case> {
    let mut cases = Vec::new();
    for line in read("../onecontact-cli/tests/data/tricky-inputs.jsonl").lines() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).unwrap();
        cases.push(Case {
            input: v["input"].as_str().unwrap().to_owned(),
            base: v["base"].as_str().map(str::to_owned),
        });
    }
    let wpt: Value =
        serde_json::from_str(&read("../../testdata/wpt-url/urltestdata.json")).unwrap();
    for entry in wpt.as_array().unwrap() {
        if let Some(input) = entry.get("input").and_then(Value::as_str) {
            let base = entry.get("base").and_then(Value::as_str).map(str::to_owned);
            cases.push(Case {
                input: input.to_owned(),
                base,
            });
        }
    }
    let hosts: Value = serde_json::from_str(&read("../../testdata/wpt-url/toascii.json")).unwrap();
    for entry in hosts.as_array().unwrap() {
        if let Some(input) = entry.get("input").and_then(Value::as_str) {
            cases.push(Case {
                input: format!("https://{input}/"),
                base: None,
            });
            cases.push(Case {
                input: input.to_owned(),
                base: None,
            });
        }
    }
    cases
}

/// The documents of `value`, ours and `serde_json`'s, compact and pretty.
fn assert_same<T: Serialize + ?Sized>(value: &T, what: &str) {
    let compact = (json::to_vec(value), serde_json::to_vec(value));
    assert_bytes(&compact.0.unwrap(), &compact.1.unwrap(), what);
    let pretty = (json::to_vec_pretty(value), serde_json::to_vec_pretty(value));
    assert_bytes(
        &pretty.0.unwrap(),
        &pretty.1.unwrap(),
        &format!("{what} (pretty)"),
    );
}

fn assert_bytes(ours: &[u8], theirs: &[u8], what: &str) {
    assert!(
        ours == theirs,
        "{what}:\n{}\n{}",
        String::from_utf8_lossy(ours),
        String::from_utf8_lossy(theirs)
    );
}

#[test]
fn the_parse_reply_is_serde_json_s_for_every_input_of_the_corpus() {
    #[derive(Serialize)]
    struct Reply<'a> {
        report: &'a onecontact_report::ParseReport,
    }
    let cases = corpus();
    assert!(cases.len() > 1000, "{} inputs", cases.len());
    let (mut reports, mut findings, mut errors) = (0, 0, 0);
    for case in &cases {
        for assume_https in [true, false] {
            let options = ReadOptions {
                base: case.base.clone(),
                assume_https,
                ..Default::default()
            };
            let what = format!("{:?} (base {:?}, {assume_https})", case.input, case.base);
            match parse_report(&case.input, &options) {
                Ok(report) => {
                    let ours = json::parse_reply(&report).unwrap();
                    let theirs = serde_json::to_vec(&Reply { report: &report }).unwrap();
                    assert_bytes(&ours, &theirs, &what);
                    assert_same(&report, &what);
                    reports += 1;
                    findings += report.findings.len();
                    errors += usize::from(report.contact_error.is_some());
                }
                Err(error) => {
                    assert_same(&error, &what);
                    errors += 1;
                }
            }
            if let Ok(parts) = parse_parts(&case.input, &options) {
                assert_same(&parts, &what);
            }
            if let Ok(cleaned) = clean(&case.input, &options) {
                assert_same(&cleaned, &what);
            }
        }
        if let Ok(contact) = contact_report(&case.input) {
            assert_same(&contact, &case.input);
        }
    }
    // The corpus reaches the report's lists and its refusals.
    assert!(
        reports > 1000 && findings > 1000 && errors > 100,
        "{reports} {findings} {errors}"
    );
}

/// Every shape of serde's data model, nested.
#[derive(Serialize)]
enum Shape {
    Unit,
    Newtype(Vec<u8>),
    Tuple(i8, Option<u16>),
    Struct { a: (), b: Vec<Shape> },
}

#[derive(Serialize)]
struct Model {
    empty_seq: Vec<u32>,
    empty_map: BTreeMap<String, u8>,
    empty_struct: Empty,
    unit_struct: UnitStruct,
    newtype: Newtype,
    tuple: (bool, char, &'static str),
    shapes: Vec<Shape>,
    int_keys: BTreeMap<i64, Vec<Shape>>,
    bool_keys: BTreeMap<bool, ()>,
    char_keys: BTreeMap<char, f32>,
    floats: Vec<f64>,
    big: (u128, i128, u64, i64),
    #[serde(flatten)]
    flattened: BTreeMap<String, Option<String>>,
    #[serde(with = "bytes")]
    bytes: Vec<u8>,
}

#[derive(Serialize)]
struct Empty {}

#[derive(Serialize)]
struct UnitStruct;

#[derive(Serialize)]
struct Newtype(String);

mod bytes {
    pub fn serialize<S: serde::Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }
}

#[test]
fn every_shape_of_the_data_model_is_written_as_serde_json_writes_it() {
    let model = Model {
        empty_seq: Vec::new(),
        empty_map: BTreeMap::new(),
        empty_struct: Empty {},
        unit_struct: UnitStruct,
        newtype: Newtype("n\u{1}".into()),
        tuple: (true, '"', "\\"),
        shapes: vec![
            Shape::Unit,
            Shape::Newtype(vec![]),
            Shape::Newtype(vec![1, 255]),
            Shape::Tuple(-128, None),
            Shape::Struct {
                a: (),
                b: vec![Shape::Struct { a: (), b: vec![] }, Shape::Unit],
            },
        ],
        int_keys: BTreeMap::from([(-1, vec![]), (7, vec![Shape::Tuple(1, Some(2))])]),
        bool_keys: BTreeMap::from([(false, ()), (true, ())]),
        char_keys: BTreeMap::from([('\n', 1.5), ('é', f32::NAN)]),
        floats: vec![
            0.0,
            -0.0,
            1e21,
            1e-7,
            0.1,
            f64::INFINITY,
            f64::MAX,
            123456.789,
        ],
        big: (u128::MAX, i128::MIN, u64::MAX, i64::MIN),
        flattened: BTreeMap::from([("x".into(), None), ("y\u{7f}".into(), Some("z".into()))]),
        bytes: vec![0, 10, 200],
    };
    assert_same(&model, "the model");
    assert_same(&Shape::Unit, "a unit variant");
    assert_same(&Vec::<Shape>::new(), "an empty list");
    assert_same(&BTreeMap::<u8, u8>::new(), "an empty map");
}

#[test]
fn map_keys_json_cannot_name_are_refused() {
    let tuple_keys = BTreeMap::from([((1, 2), 3)]);
    assert_eq!(
        json::to_vec(&tuple_keys),
        Err(json::JsonError::KeyNotString)
    );
    assert!(serde_json::to_vec(&tuple_keys).is_err());
    let nan_key = [(f64::NAN, 1)];
    struct NanKey<'a>(&'a [(f64, i32)]);
    impl Serialize for NanKey<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }
    assert_eq!(
        json::to_vec(&NanKey(&nan_key)),
        Err(json::JsonError::FloatKeyNotFinite)
    );
    assert!(serde_json::to_vec(&NanKey(&nan_key)).is_err());
}

proptest! {
    #[test]
    fn any_string_is_escaped_as_serde_json_escapes_it(text in any::<String>(), ascii in "[\\x00-\\x7f]{0,40}") {
        prop_assert_eq!(json::to_vec(&text).unwrap(), serde_json::to_vec(&text).unwrap());
        prop_assert_eq!(json::to_vec(&ascii).unwrap(), serde_json::to_vec(&ascii).unwrap());
    }
}
