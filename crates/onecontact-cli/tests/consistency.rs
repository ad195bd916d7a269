//! One answer everywhere: for a corpus of bad and tricky inputs, the
//! library (`onecontact_report::parse_report`, `WebAddress::parse`), the
//! command line (`onecontact parse --json`, `onecontact canon --json` and
//! its one line on standard error) and the web API (`POST /api/parse`) give
//! the same document, or the same error code, validation error, offset and
//! message.
//!
//! The corpus: `tests/data/tricky-inputs.jsonl` (ports, hosts, IDNA
//! failures, credentials, opaque paths, white space, relative references
//! with and without bases, `assume_https` off, the host length limit), every
//! failing entry of WPT's `urltestdata.json`, and every failing entry of
//! `toascii.json` as the host of an `https://` URL.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/serve.rs"]
mod support;

use std::collections::BTreeSet;
use std::process::Command;
use std::time::Duration;

use onecontact::WebAddress;
use onecontact_report::{ReadOptions, parse_report};
use serde_json::{Value, json};
use support::ServeProcess;

/// One input and how to read it.
#[derive(Debug, Clone)]
struct Case {
    input: String,
    base: Option<String>,
    assume_https: bool,
}

fn testdata(name: &str) -> Value {
    let path = format!(
        "{}/../../testdata/wpt-url/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn corpus() -> Vec<Case> {
    let mut cases = Vec::new();
    let ours = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tricky-inputs.jsonl"
    ))
    .unwrap();
    for line in ours.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        cases.push(Case {
            input: v["input"].as_str().unwrap().to_owned(),
            base: v["base"].as_str().map(str::to_owned),
            assume_https: v["assume_https"].as_bool().unwrap_or(true),
        });
    }
    cases.extend(wpt_cases(false));
    cases
}

/// The entries of WPT's `urltestdata.json` (as the URL Standard reads
/// them) and of `toascii.json` (as the host of an `https://` URL) that
/// fail, or with `parsing` those that parse.
fn wpt_cases(parsing: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for entry in testdata("urltestdata.json").as_array().unwrap() {
        if let Some(input) = entry.get("input").and_then(Value::as_str)
            && entry.get("failure").is_none() == parsing
        {
            cases.push(Case {
                input: input.to_owned(),
                base: entry["base"].as_str().map(str::to_owned),
                assume_https: false,
            });
        }
    }
    for entry in testdata("toascii.json").as_array().unwrap() {
        if let Some(input) = entry.get("input").and_then(Value::as_str)
            && entry.get("output").is_some_and(Value::is_string) == parsing
        {
            cases.push(Case {
                input: format!("https://{input}/"),
                base: None,
                assume_https: true,
            });
        }
    }
    cases
}

/// What the library answers, as the API's body: `{"report": …}` or
/// `{"error": …}`, and the HTTP status that goes with it.
fn library(case: &Case) -> (u16, Value) {
    let options = ReadOptions {
        // The API takes a blank base as none.
        base: case.base.clone().filter(|b| !b.trim().is_empty()),
        assume_https: case.assume_https,
        ..Default::default()
    };
    match parse_report(&case.input, &options) {
        Ok(report) => (200, json!({ "report": report })),
        Err(error) => (422, json!({ "error": error })),
    }
}

/// The fields every error shows.
fn error_fields(error: &Value) -> Value {
    json!({
        "code": error["code"],
        "validation_error": error["validation_error"],
        "offset": error["offset"],
        "offset_utf16": error["offset_utf16"],
        "message": error["message"],
    })
}

/// `onecontact ARGS -- INPUT`: exit status, standard output as JSON,
/// standard error.
fn cli(args: &[&str], input: &str) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .arg("--")
        .arg(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (
        out.status.code().unwrap_or(-1),
        value,
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Whether a text can be an argument of a process (no NUL) and is not
/// the `-` that means standard input.
fn passable(text: &str) -> bool {
    !text.contains('\0') && text != "-"
}

#[test]
fn library_command_line_and_api_agree_on_every_input() {
    let cases = corpus();
    assert!(cases.len() >= 200, "the corpus has {} inputs", cases.len());
    let server = ServeProcess::start(Duration::from_secs(20));
    // The lists the server says it uses, which the command's `--json`
    // names beside each document.
    let lists = server.get("/api/health").json()["lists"].clone();
    assert!(lists["psl"]["version"].is_string(), "{lists}");
    let mut failures = 0;
    let mut kinds: BTreeSet<String> = BTreeSet::new();
    for case in &cases {
        let what = format!("{case:?}");
        let (status, expected) = library(case);

        // The API.
        let mut request = json!({"input": case.input, "assume_https": case.assume_https});
        if let Some(base) = &case.base {
            request["base"] = json!(base);
        }
        let reply = server.post_json("/api/parse", &request);
        assert_eq!(reply.status, status, "{what}");
        assert_eq!(reply.json(), expected, "API for {what}");

        if let Some(error) = expected.get("error") {
            failures += 1;
            if let Some(name) = error["validation_error"].as_str() {
                kinds.insert(name.to_owned());
            }
            for field in ["code", "message", "offset", "offset_utf16"] {
                assert!(!error[field].is_null(), "{field} of {what}: {error}");
            }
        } else {
            for finding in expected["report"]["findings"].as_array().unwrap() {
                if finding["kind"] == "validation-error" {
                    kinds.insert(finding["code"].as_str().unwrap().to_owned());
                }
                for covered in finding["covers"].as_array().unwrap() {
                    kinds.insert(covered.as_str().unwrap().to_owned());
                }
            }
        }

        // The contact layer reads the same text the same way.
        if case.base.is_none() && case.assume_https {
            let web = WebAddress::parse(&case.input);
            match (&web, expected.get("error")) {
                (Err(e), Some(error)) => {
                    assert_eq!(json!(e), error_fields(error), "WebAddress for {what}")
                }
                (Ok(_), None) => {}
                _ => panic!("WebAddress and parse_report disagree on {what}: {web:?}"),
            }
        }

        if !passable(&case.input) || case.base.as_deref().is_some_and(|b| !passable(b)) {
            continue;
        }
        // The command line.
        let mut args = vec!["parse", "--json"];
        if let Some(base) = &case.base {
            args.extend(["--base", base]);
        }
        if !case.assume_https {
            args.push("--no-assume-https");
        }
        let (code, mut stdout, stderr) = cli(&args, &case.input);
        match expected.get("error") {
            None => {
                assert_eq!(code, 0, "{what}: {stderr}");
                let named = stdout.as_object_mut().and_then(|o| o.remove("lists"));
                assert_eq!(named.as_ref(), Some(&lists), "the lists of {what}");
                assert_eq!(stdout, expected, "CLI for {what}");
            }
            Some(error) => {
                assert_eq!(code, 1, "{what}");
                // One error shape: the API's error object, member for member.
                assert_eq!(&stdout["error"], error, "CLI for {what}");
                // A relative reference without a base names the option
                // that fixes it, on standard error only.
                let message = error["message"].as_str().unwrap();
                let hint = if message.ends_with("against a base URL, so give one") {
                    " with --base URL"
                } else {
                    ""
                };
                assert_eq!(
                    stderr,
                    format!("onecontact parse: {message}{hint}\n"),
                    "{what}"
                );
                if case.base.is_none() && case.assume_https {
                    let (code, stdout, stderr) = cli(&["canon", "--json"], &case.input);
                    assert_eq!(code, 1, "{what}");
                    assert_eq!(
                        error_fields(&stdout["error"]),
                        error_fields(error),
                        "canon for {what}"
                    );
                    assert_eq!(
                        stderr,
                        format!("onecontact canon: {}\n", error["message"].as_str().unwrap()),
                        "{what}"
                    );
                }
            }
        }
    }
    assert!(failures >= 150, "only {failures} inputs fail");
    // Every validation error the parser raises appears somewhere in the
    // corpus, fatal or not. `input-too-long` needs an input of over a
    // gigabyte, which the API refuses before the parser sees it.
    let all = [
        "domain-to-ASCII",
        "domain-invalid-code-point",
        "host-invalid-code-point",
        "IPv4-empty-part",
        "IPv4-too-many-parts",
        "IPv4-non-numeric-part",
        "IPv4-non-decimal-part",
        "IPv4-out-of-range-part",
        "IPv6-unclosed",
        "IPv6-invalid-compression",
        "IPv6-too-many-pieces",
        "IPv6-multiple-compression",
        "IPv6-invalid-code-point",
        "IPv6-too-few-pieces",
        "IPv4-in-IPv6-too-many-pieces",
        "IPv4-in-IPv6-invalid-code-point",
        "IPv4-in-IPv6-out-of-range-part",
        "IPv4-in-IPv6-too-few-parts",
        "invalid-URL-unit",
        "special-scheme-missing-following-solidus",
        "missing-scheme-non-relative-URL",
        "invalid-reverse-solidus",
        "invalid-credentials",
        "host-missing",
        "port-out-of-range",
        "port-invalid",
        "file-invalid-Windows-drive-letter",
        "file-invalid-Windows-drive-letter-host",
    ];
    let missing: Vec<&str> = all
        .iter()
        .copied()
        .filter(|k| !kinds.contains(*k))
        .collect();
    assert!(missing.is_empty(), "not in the corpus: {missing:?}");
}

/// The report's findings of one document, as JSON.
fn findings_of(document: &Value) -> &Vec<Value> {
    document["report"]["findings"].as_array().unwrap()
}

/// docs/web-api.md: "one document about one address, in which each fact
/// appears once". Over this file's corpus and every entry of
/// `urltestdata.json` and `toascii.json` that parses (the corpus above
/// holds the failures), with and without a base: one list of findings; no finding that
/// [`FOLDS`](onecontact_report::FOLDS) folds beside the one that says it;
/// each validation error, note and (warning, evidence) once; the Unicode
/// form of the host in one finding; the credentials in one finding each
/// (user name, password); tracking in one finding; the host's name in the
/// URL's parts only; and the contact part without the facts the findings
/// say.
#[test]
fn each_fact_appears_once_in_the_report() {
    let mut cases = corpus();
    cases.extend(wpt_cases(true));
    let credentials = [
        "userinfo-looks-like-host",
        "userinfo-before-host",
        "invalid-credentials",
    ];
    let (mut reports, mut unicode_hosts, mut folded) = (0, 0, 0);
    for case in &cases {
        let (status, document) = library(case);
        if status != 200 {
            continue;
        }
        reports += 1;
        let what = format!("{case:?}: {document}");
        let report = &document["report"];
        for gone in ["notes", "validation_errors", "warnings"] {
            assert!(report.get(gone).is_none(), "{gone} in {what}");
        }
        if !report["contact"].is_null() {
            let fields: BTreeSet<&str> = report["contact"]
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(
                fields,
                BTreeSet::from(["canonical", "key_v1", "social_profile"]),
                "{what}"
            );
        }
        // The host's name is the URL's part; the host object adds what is
        // known of it (its registrable domain or its public suffix can be
        // the whole host).
        if let (Some(name), Some(host)) =
            (report["parts"]["host"].as_str(), report["host"].as_object())
        {
            for (field, value) in host {
                assert!(
                    matches!(field.as_str(), "registrable_domain" | "public_suffix")
                        || value.as_str() != Some(name),
                    "host.{field} repeats parts.host in {what}"
                );
            }
        }
        let findings = findings_of(&document);
        let mut said: BTreeSet<(String, String)> = BTreeSet::new();
        let mut codes: BTreeSet<&str> = BTreeSet::new();
        for f in findings {
            let code = f["code"].as_str().unwrap();
            let evidence = f["evidence"].as_str().unwrap_or_default();
            assert!(
                said.insert((code.to_owned(), evidence.to_owned())),
                "{code} twice in {what}"
            );
            codes.insert(code);
            for covered in f["covers"].as_array().unwrap() {
                folded += 1;
                assert!(
                    codes.insert(covered.as_str().unwrap()),
                    "{covered} twice in {what}"
                );
            }
        }
        for (gone, into) in onecontact_report::FOLDS {
            let stays = into
                .iter()
                .any(|c| findings.iter().any(|f| f["code"] == *c));
            let shown = findings.iter().any(|f| f["code"] == *gone);
            assert!(!(stays && shown), "{gone} beside {into:?} in {what}");
        }
        let count = |p: &dyn Fn(&Value) -> bool| findings.iter().filter(|f| p(f)).count();
        assert!(
            count(&|f| credentials.iter().any(|c| f["code"] == *c)) <= 1,
            "the user name said twice in {what}"
        );
        // (A user name can be the host's own name: `http://é@é`.)
        if let Some(unicode) = report["host"]["unicode"].as_str()
            && report["parts"]["username"].is_null()
        {
            unicode_hosts += 1;
            let mentions = count(&|f| f["message"].as_str().unwrap().contains(unicode));
            assert!(mentions <= 1, "the Unicode form {unicode} in {what}");
            let said = count(&|f| {
                f["code"] == "punycode-host"
                    || f["covers"]
                        .as_array()
                        .unwrap()
                        .contains(&json!("punycode-host"))
            });
            assert_eq!(said, 1, "the Unicode form of {what}");
        }
        let tracking: Vec<&str> = report["query_params"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["tracking"] == true)
            .map(|p| p["raw_name"].as_str().unwrap())
            .collect();
        if let Some(first) = tracking.first() {
            let mentions = count(&|f| f["message"].as_str().unwrap().contains(first));
            assert_eq!(mentions, 1, "tracking parameter {first} in {what}");
        }
    }
    assert!(reports >= 500, "{reports} reports");
    assert!(unicode_hosts >= 10, "{unicode_hosts} Unicode hosts");
    assert!(folded >= 10, "{folded} folded findings");
}
