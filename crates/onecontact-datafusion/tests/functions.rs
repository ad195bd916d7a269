//! The SQL functions, run through DataFusion: the cases of
//! `tests/data/functions.tsv` with every string type, every answer against
//! the library it comes from over the WPT URL test inputs, and `web_address`
//! against the single functions.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::sync::Arc;

use common::{columns, texts};

use datafusion::arrow::array::{
    Array, ArrayRef, Int64Array, LargeStringArray, RecordBatch, StringArray, StringViewArray,
    StructArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::SessionContext;
use onecontact::{KeyVersion, WebAddress};
use onecontact_datafusion::{Answer, URL_PATTERN_FUNCTIONS, WEB_ADDRESS, functions};

const STRING_TYPES: [DataType; 3] = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];

fn string_array(data_type: &DataType, values: &[Option<&str>]) -> ArrayRef {
    match data_type {
        DataType::Utf8 => Arc::new(StringArray::from(values.to_vec())),
        DataType::LargeUtf8 => Arc::new(LargeStringArray::from(values.to_vec())),
        _ => Arc::new(StringViewArray::from(values.to_vec())),
    }
}

/// A context with the functions and a table `t(id BIGINT, input <type>)`.
fn context(data_type: &DataType, inputs: &[Option<&str>]) -> SessionContext {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("input", data_type.clone(), true),
    ]));
    let ids: Int64Array = (0..inputs.len() as i64).collect();
    let batch = RecordBatch::try_new(
        schema.clone(),
        vec![Arc::new(ids), string_array(data_type, inputs)],
    )
    .unwrap();
    common::context_with_table(schema, batch)
}

struct Case {
    line: usize,
    function: String,
    input: Option<String>,
    expected: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/functions.tsv");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.is_empty())
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split('\t').collect();
            assert_eq!(fields.len(), 3, "functions.tsv line {}: {l:?}", i + 1);
            Case {
                line: i + 1,
                function: fields[0].to_owned(),
                input: (fields[1] != "NULL").then(|| fields[1].to_owned()),
                expected: fields[2].to_owned(),
            }
        })
        .collect()
}

#[tokio::test]
async fn the_cases_hold_for_every_string_type() {
    let cases = cases();
    assert!(cases.len() > 40);
    let inputs: Vec<Option<&str>> = cases.iter().map(|c| c.input.as_deref()).collect();
    let mut failures = Vec::new();
    for data_type in &STRING_TYPES {
        let ctx = context(data_type, &inputs);
        let mut names: Vec<&str> = cases.iter().map(|c| c.function.as_str()).collect();
        names.dedup();
        for name in names {
            let got = columns(&ctx, &format!("SELECT {name}(input) FROM t ORDER BY id")).await;
            let got = texts(got[0].as_ref());
            for (i, case) in cases.iter().enumerate() {
                if case.function == name && got[i] != case.expected {
                    failures.push(format!(
                        "line {} ({data_type}): {name}({:?}) = {:?}, expected {:?}",
                        case.line, case.input, got[i], case.expected
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The inputs of the WPT URL tests: valid, invalid, and odd text.
fn wpt_inputs() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt-url/urltestdata.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut inputs: Vec<String> = json
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|case| case.get("input")?.as_str().map(str::to_owned))
        .collect();
    inputs.extend(
        [
            "example.com",
            "Example.com/shop?utm_source=x#top",
            "mailto:Info@Example.com",
            // Read with `https://` assumed, or trimmed of what the URL
            // parser keeps: the `url_*` answers are the parser's own.
            "localhost:3000/api",
            "\u{feff}https://example.com/a",
            "\u{a0}https://example.com/a\u{2003}",
            " \thttps://EXAMPLE.com/a ",
        ]
        .map(str::to_owned),
    );
    inputs
}

#[tokio::test]
async fn answers_are_the_libraries_answers() {
    let inputs = wpt_inputs();
    assert!(inputs.len() > 500);
    let refs: Vec<Option<&str>> = inputs.iter().map(|s| Some(s.as_str())).collect();
    let ctx = context(&DataType::Utf8View, &refs);
    let got = columns(
        &ctx,
        "SELECT web_key_v1(input), web_canonical(input), web_error(input), url_href(input), \
         url_valid(input), link_max_severity(input) FROM t ORDER BY id",
    )
    .await;
    let got: Vec<Vec<String>> = got.iter().map(|c| texts(c.as_ref())).collect();
    let or_null = |v: Option<String>| v.unwrap_or_else(|| "NULL".to_owned());
    let mut invalid = 0;
    for (i, input) in inputs.iter().enumerate() {
        let web = WebAddress::parse(input);
        invalid += usize::from(web.is_err());
        let url = onecontact_url::Url::parse(input).ok();
        let expected = [
            or_null(web.as_ref().ok().map(|w| w.key(KeyVersion::V1))),
            or_null(web.as_ref().ok().map(|w| w.canonical().to_owned())),
            or_null(web.as_ref().err().map(|e| e.code().to_owned())),
            or_null(url.as_ref().map(|u| u.as_str().to_owned())),
            url.is_some().to_string(),
            or_null(
                onecontact::inspect(input)
                    .max_severity
                    .map(|s| s.name().to_owned()),
            ),
        ];
        for (column, expected) in got.iter().zip(expected) {
            assert_eq!(column[i], expected, "input {input:?}");
        }
    }
    // The inputs hold both kinds: the nulls above were earned.
    assert!(
        invalid > 50 && invalid < inputs.len() - 50,
        "{invalid} invalid"
    );
}

#[tokio::test]
async fn web_address_holds_every_single_answer() {
    let inputs = wpt_inputs();
    let mut refs: Vec<Option<&str>> = inputs.iter().map(|s| Some(s.as_str())).collect();
    refs.push(None);
    let ctx = context(&DataType::Utf8, &refs);
    let singles: Vec<String> = Answer::ALL
        .iter()
        .map(|a| format!("{}(input)", a.function_name()))
        .collect();
    let sql = format!(
        "SELECT {WEB_ADDRESS}(input), {} FROM t ORDER BY id",
        singles.join(", ")
    );
    let got = columns(&ctx, &sql).await;
    let address = got[0].as_any().downcast_ref::<StructArray>().unwrap();
    assert_eq!(address.num_columns(), Answer::ALL.len());
    // The null input gives a null struct.
    assert!(address.is_null(refs.len() - 1));
    assert_eq!(address.null_count(), 1);
    for (i, answer) in Answer::ALL.iter().enumerate() {
        let field = address.column_by_name(answer.field_name()).unwrap();
        assert_eq!(field.data_type(), &answer.data_type());
        assert_eq!(got[i + 1].data_type(), &answer.data_type());
        assert_eq!(
            texts(field.as_ref()),
            texts(got[i + 1].as_ref()),
            "{}",
            answer.function_name()
        );
    }
}

#[tokio::test]
async fn a_literal_argument_gives_one_answer_per_row() {
    let ctx = context(&DataType::Utf8, &[Some("a"), Some("b"), None]);
    let got = columns(
        &ctx,
        "SELECT web_key_v1('https://www.Example.com/') AS k, web_address('x y')['error'] AS e FROM t",
    )
    .await;
    assert_eq!(texts(got[0].as_ref()), ["example.com"; 3]);
    assert_eq!(texts(got[1].as_ref()), ["web.invalid-host"; 3]);
}

#[tokio::test]
async fn struct_fields_are_read_by_name() {
    let ctx = context(
        &DataType::Utf8,
        &[Some("Example.com/?utm_source=x"), Some("x y"), None],
    );
    let got = columns(
        &ctx,
        "SELECT a['key_v1'], a['canonical'], a['error'], a['facts'] \
         FROM (SELECT id, web_address(input) AS a FROM t) ORDER BY id",
    )
    .await;
    let got: Vec<Vec<String>> = got.iter().map(|c| texts(c.as_ref())).collect();
    assert_eq!(got[0], ["example.com", "NULL", "NULL"]);
    assert_eq!(got[1], ["https://example.com/", "NULL", "NULL"]);
    assert_eq!(got[2], ["NULL", "web.invalid-host", "NULL"]);
    assert_eq!(
        got[3],
        [
            "[scheme_assumed, tracking_parameters_removed]",
            "NULL",
            "NULL"
        ]
    );
}

#[tokio::test]
async fn a_non_string_argument_is_refused_at_planning() {
    let ctx = context(&DataType::Utf8, &[Some("a")]);
    let error = ctx.sql("SELECT url_valid(id) FROM t").await.unwrap_err();
    assert!(error.to_string().contains("url_valid"), "{error}");
    // An explicit cast reads it as text.
    let got = columns(&ctx, "SELECT url_valid(CAST(id AS VARCHAR)) FROM t").await;
    assert_eq!(texts(got[0].as_ref()), ["false"]);
    // Two arguments are a planning error too, not a panic.
    assert!(
        ctx.sql("SELECT web_key_v1(input, input) FROM t")
            .await
            .is_err()
    );
}

#[test]
fn every_function_is_documented_with_a_signature_and_an_example() {
    let udfs = functions();
    assert_eq!(
        udfs.len(),
        Answer::ALL.len() + 1 + URL_PATTERN_FUNCTIONS.len()
    );
    for udf in &udfs {
        let doc = udf.documentation().unwrap();
        let arguments = if URL_PATTERN_FUNCTIONS.contains(&udf.name()) {
            "(pattern, url"
        } else {
            "(text) -> "
        };
        assert!(
            doc.syntax_example
                .starts_with(&format!("{}{arguments}", udf.name())),
            "{}",
            doc.syntax_example
        );
        let example = doc.sql_example.as_deref().unwrap();
        assert!(example.contains(&format!("{}(", udf.name())), "{example}");
        assert!(!doc.description.is_empty());
    }
}

#[tokio::test]
async fn web_key_v2_is_the_library_s_key_v2_from_the_text() {
    let inputs = [
        Some("\"https://scmga.tripod.com/index.html\""),
        Some("https://stumphollow.tripod.com/index.html"),
        Some("https://bit.ly/3AbCdEf"),
        Some("n/a"),
        Some(
            "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.com%2Fa&data=05",
        ),
        None,
    ];
    let ctx = context(&DataType::Utf8, &inputs);
    let got = columns(
        &ctx,
        "SELECT web_key_v2(input), web_key_v1(input), web_address(input)['key_v2'] FROM t ORDER BY id",
    )
    .await;
    let expected: Vec<String> = inputs
        .iter()
        .map(|input| {
            input
                .and_then(|text| onecontact::key_v2(text).ok())
                .unwrap_or_else(|| "NULL".to_owned())
        })
        .collect();
    assert_eq!(texts(got[0].as_ref()), expected);
    assert_eq!(texts(got[2].as_ref()), expected);
    // Where V2 keeps owners apart, V1 merges them.
    assert_eq!(expected[0], "scmga.tripod.com");
    assert_eq!(expected[1], "stumphollow.tripod.com");
    assert_eq!(expected[3], "NULL");
    assert_eq!(texts(got[1].as_ref())[1], "tripod.com");
}

#[tokio::test]
async fn link_imitates_names_the_domain_and_the_heuristic() {
    let inputs = [
        Some("https://paypal-login.com/"),
        Some("https://www.paypal.com/"),
        Some("https://paypal.com.secure-login.com./verify"),
        None,
    ];
    let ctx = context(&DataType::Utf8, &inputs);
    let got = columns(
        &ctx,
        "SELECT link_imitates(input), link_imitation_kind(input) FROM t ORDER BY id",
    )
    .await;
    let expected: Vec<(String, String)> = inputs
        .iter()
        .map(|input| {
            let imitation = input.and_then(|text| {
                onecontact::inspect(text)
                    .warnings
                    .into_iter()
                    .find_map(|w| w.imitation)
            });
            match imitation {
                Some(i) => (i.domain, i.kind.code().to_owned()),
                None => ("NULL".to_owned(), "NULL".to_owned()),
            }
        })
        .collect();
    let domains: Vec<String> = expected.iter().map(|e| e.0.clone()).collect();
    let kinds: Vec<String> = expected.iter().map(|e| e.1.clone()).collect();
    assert_eq!(texts(got[0].as_ref()), domains);
    assert_eq!(texts(got[1].as_ref()), kinds);
    assert_eq!(domains[0], "paypal.com");
    assert_eq!(kinds[0], "combo-squatting");
    assert_eq!(domains[1], "NULL");
}

#[tokio::test]
async fn url_registrable_domain_icann_leaves_the_private_section_out() {
    let inputs = [
        Some("https://alice.github.io/x"),
        Some("https://www.example.co.uk/"),
        Some("https://[::1]/"),
        None,
    ];
    let ctx = context(&DataType::Utf8, &inputs);
    let got = columns(
        &ctx,
        "SELECT url_registrable_domain(input), url_registrable_domain_icann(input) FROM t ORDER BY id",
    )
    .await;
    assert_eq!(
        texts(got[0].as_ref()),
        ["alice.github.io", "example.co.uk", "NULL", "NULL"]
    );
    assert_eq!(
        texts(got[1].as_ref()),
        ["github.io", "example.co.uk", "NULL", "NULL"]
    );
}
