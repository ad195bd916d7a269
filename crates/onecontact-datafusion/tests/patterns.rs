//! `url_pattern_match` and `url_pattern_group` through DataFusion: the
//! cases of `tests/data/patterns.tsv`, and every WPT URLPattern case whose
//! pattern and input are strings, answered in one batch (a column of
//! patterns) against `onecontact-urlpattern` itself.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::sync::Arc;

use datafusion::arrow::array::{RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::SessionContext;
use onecontact_urlpattern::{Component, UrlPattern};

fn context(rows: &[(Option<&str>, Option<&str>)]) -> SessionContext {
    let schema = Arc::new(Schema::new(vec![
        Field::new("pattern", DataType::Utf8, true),
        Field::new("url", DataType::Utf8, true),
    ]));
    let patterns: StringArray = rows.iter().map(|r| r.0).collect();
    let urls: StringArray = rows.iter().map(|r| r.1).collect();
    let batch =
        RecordBatch::try_new(schema.clone(), vec![Arc::new(patterns), Arc::new(urls)]).unwrap();
    common::context_with_table(schema, batch)
}

async fn column(ctx: &SessionContext, sql: &str) -> Vec<String> {
    common::texts(common::columns(ctx, sql).await[0].as_ref())
}

fn null_or(text: &str) -> Option<&str> {
    (text != "NULL").then_some(text)
}

/// `tests/data/patterns.tsv`: pattern, URL, match, group spec, group value.
#[tokio::test]
async fn the_cases_of_the_data_file() {
    let text = include_str!("data/patterns.tsv");
    let cases: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(cases.len() >= 10);
    let rows: Vec<_> = cases
        .iter()
        .map(|c| (null_or(c[0]), null_or(c[1])))
        .collect();
    let ctx = context(&rows);
    let matched = column(&ctx, "SELECT url_pattern_match(pattern, url) FROM t").await;
    for (case, got) in cases.iter().zip(&matched) {
        assert_eq!(got, case[2], "url_pattern_match: {case:?}");
    }
    // The group specs differ per row: one query per case.
    for case in &cases {
        let (spec, expected) = (case[3], case[4]);
        if spec == "-" {
            continue;
        }
        let literal = |s: &str| {
            null_or(s).map_or("NULL".to_owned(), |s| {
                format!("'{}'", s.replace('\'', "''"))
            })
        };
        let arguments = match spec.split_once(':') {
            Some((component, name)) => format!("'{component}', '{name}'"),
            None => format!("'{spec}'"),
        };
        let sql = format!(
            "SELECT url_pattern_group({}, {}, {arguments})",
            literal(case[0]),
            literal(case[1])
        );
        assert_eq!(column(&ctx, &sql).await, [expected], "{sql}");
    }
}

#[tokio::test]
async fn every_wpt_string_case_agrees_with_the_library_in_one_batch() {
    let data: serde_json::Value = serde_json::from_str(&onecontact_testkit::json::usv(
        include_str!("../../../testdata/wpt-urlpattern/urlpatterntestdata.json"),
    ))
    .unwrap();
    let mut rows = Vec::new();
    for case in data.as_array().unwrap() {
        let (Some(pattern), Some(inputs)) = (case["pattern"].as_array(), case["inputs"].as_array())
        else {
            continue;
        };
        if let ([serde_json::Value::String(p)], [serde_json::Value::String(u)]) =
            (pattern.as_slice(), inputs.as_slice())
        {
            rows.push((p.as_str(), u.as_str()));
        }
    }
    assert!(rows.len() >= 40, "{}", rows.len());
    let table: Vec<_> = rows.iter().map(|(p, u)| (Some(*p), Some(*u))).collect();
    let ctx = context(&table);
    let matched = column(&ctx, "SELECT url_pattern_match(pattern, url) FROM t").await;
    let groups = column(
        &ctx,
        "SELECT url_pattern_group(pattern, url, 'pathname', '0') FROM t",
    )
    .await;
    let (mut hits, mut invalid) = (0, 0);
    for ((pattern, url), (got, group)) in rows.iter().zip(matched.iter().zip(&groups)) {
        match UrlPattern::parse(pattern) {
            Err(_) => {
                invalid += 1;
                assert_eq!(got, "NULL", "{pattern} {url}");
                assert_eq!(group, "NULL", "{pattern} {url}");
            }
            Ok(p) => {
                let expected = p.test(*url);
                hits += usize::from(expected);
                assert_eq!(got, &expected.to_string(), "{pattern} {url}");
                let value = p.exec(*url).and_then(|m| {
                    m.component(Component::Pathname)
                        .group("0")
                        .map(str::to_owned)
                });
                assert_eq!(group, value.as_deref().unwrap_or("NULL"), "{pattern} {url}");
            }
        }
    }
    // Both outcomes are exercised.
    assert!(
        hits > 5 && hits < rows.len() - 5,
        "{hits} of {}",
        rows.len()
    );
    assert!(invalid > 0, "no invalid pattern among the cases");
}

#[tokio::test]
async fn a_constant_pattern_that_is_invalid_fails_the_query_with_its_error() {
    let ctx = context(&[(None, Some("https://example.com/"))]);
    let err = common::error(
        &ctx,
        "SELECT url_pattern_match('https://example.com/:id/:id', url) FROM t",
    )
    .await;
    assert!(
        err.contains("url_pattern_match: the pattern `https://example.com/:id/:id` is invalid"),
        "{err}"
    );
    assert!(err.contains("the group name `id` is used twice"), "{err}");
    let err = common::error(
        &ctx,
        "SELECT url_pattern_group('https://example.com/:id', url, 'path', 'id') FROM t",
    )
    .await;
    assert!(err.contains("`path` is not a component"), "{err}");
}

#[tokio::test]
async fn wrong_arguments_are_planning_errors() {
    let ctx = context(&[(Some("https://*"), Some("https://example.com/"))]);
    assert!(
        ctx.sql("SELECT url_pattern_match(url) FROM t")
            .await
            .is_err()
    );
    assert!(
        ctx.sql("SELECT url_pattern_group(pattern, url) FROM t")
            .await
            .is_err()
    );
}

#[tokio::test]
async fn many_distinct_patterns_in_one_batch_stay_correct_past_the_cache() {
    // More distinct patterns than one batch keeps compiled.
    let texts: Vec<(String, String)> = (0..1500)
        .map(|i| {
            (
                format!("https://example.com/{i}/:rest"),
                format!(
                    "https://example.com/{}/x{i}",
                    if i % 3 == 0 { i } else { i + 1 }
                ),
            )
        })
        .collect();
    let rows: Vec<_> = texts
        .iter()
        .map(|(p, u)| (Some(p.as_str()), Some(u.as_str())))
        .collect();
    let ctx = context(&rows);
    let groups = column(
        &ctx,
        "SELECT url_pattern_group(pattern, url, 'rest') FROM t",
    )
    .await;
    for (i, group) in groups.iter().enumerate() {
        let expected = if i % 3 == 0 {
            format!("x{i}")
        } else {
            "NULL".to_owned()
        };
        assert_eq!(group, &expected, "row {i}");
    }
}

#[test]
fn the_arrays_are_what_the_functions_return() {
    // The result types the planner sees.
    let udfs = onecontact_datafusion::functions();
    let by_name = |name: &str| udfs.iter().find(|u| u.name() == name).unwrap();
    let utf8 = [DataType::Utf8, DataType::Utf8];
    assert_eq!(
        by_name("url_pattern_match").return_type(&utf8).unwrap(),
        DataType::Boolean
    );
    assert_eq!(
        by_name("url_pattern_group")
            .return_type(&[DataType::Utf8, DataType::Utf8, DataType::Utf8])
            .unwrap(),
        DataType::Utf8View
    );
}
