//! Runs the `onecontact` binary on every subcommand, on the examples of
//! the URL parser tool (seed 003) and the URL-parts guide (seed 004), and
//! in batch mode on a generated 100,000-line input.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn bin() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_onecontact"));
    command.env_remove("NO_COLOR");
    command
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Feed standard input from another thread: the child writes output
    // while it reads, and a full pipe would otherwise block both sides.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The document `parse --json` prints is `{"report": …}`, the body of
/// `POST /api/parse`; this is its report.
fn parse_doc(args: &[&str]) -> Value {
    json(args)["report"].clone()
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = run(&all);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onecontact-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn parse_shows_the_parts_aligned() {
    let out = run(&[
        "parse",
        "https://alex:s3cret@www.example.co.uk:8443/docs/a%2Fb?q=caf%C3%A9+au+lait&list[]=1#notes",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with("https://alex:s3cret@www.example.co.uk:8443/docs/a%2Fb?"),
        "{text}"
    );
    assert!(text.contains("  scheme    https\n"), "{text}");
    assert!(text.contains("  port      8443\n"), "{text}");
    assert!(text.contains("café au lait"), "{text}");
    assert!(text.contains("list[]"), "{text}");
    assert!(text.contains("holds a / that is data"), "{text}");
    assert!(
        text.contains("warning: the text \"alex\" before the @ is a user name"),
        "{text}"
    );
    assert!(
        !text.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
}

#[test]
fn parse_json_has_stable_fields() {
    let v = parse_doc(&["parse", "http://0x7f.1/a?x=1&x=2"]);
    assert_eq!(v["href"], "http://127.0.0.1/a?x=1&x=2");
    assert_eq!(v["host"]["ipv4_short_form"], true);
    assert_eq!(v["host"]["as_written"], "0x7f.1");
    assert_eq!(v["query_params"].as_array().unwrap().len(), 2);
    for field in [
        "input",
        "href",
        "parts",
        "origin",
        "host",
        "opaque_path",
        "path_segments",
        "query_params",
        "findings",
        "max_severity",
        "contact",
        "contact_error",
    ] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
    // One list of findings: no separate notes, validation errors or warnings.
    for gone in ["notes", "validation_errors", "warnings"] {
        assert!(v.get(gone).is_none(), "{gone}");
    }
    let v = parse_doc(&["parse", "http://2130706433/"]);
    assert_eq!(v["href"], "http://127.0.0.1/");
    let v = parse_doc(&["parse", "https://münchen.example/"]);
    assert_eq!(v["host"]["unicode"], "münchen.example");
}

#[test]
fn parse_assumes_https_and_reads_localhost_as_a_host() {
    let v = parse_doc(&["parse", "localhost:3000/api"]);
    assert_eq!(v["parts"]["host"], "localhost");
    assert_eq!(v["parts"]["port"], 3000);
    assert_eq!(v["findings"][0]["code"], "scheme-assumed");
    assert_eq!(v["findings"][0]["kind"], "note");
    let out = run(&["parse", "--no-assume-https", "www.example.com/page"]);
    assert_eq!(out.status.code(), Some(1));
    let v = parse_doc(&["parse", "--no-assume-https", "localhost:3000/api"]);
    assert_eq!(v["parts"]["scheme"], "localhost");
}

#[test]
fn parse_resolves_against_a_base() {
    let v = parse_doc(&[
        "parse",
        "../images/logo.png",
        "--base",
        "https://ex.com/docs/intro/",
    ]);
    assert_eq!(v["href"], "https://ex.com/docs/images/logo.png");
}

#[test]
fn invalid_urls_exit_1_with_one_line_saying_why() {
    for (url, words) in [
        ("https://exa mple.com/", "space"),
        ("https://example.com:70000/", "70000 is larger than 65535"),
        ("http://1.2.3.256/", "0 to 255"),
    ] {
        let out = run(&["parse", url]);
        assert_eq!(out.status.code(), Some(1), "{url}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("onecontact parse: "), "{err}");
        assert!(err.contains(words), "{url}: {err}");
        assert!(stdout(&out).is_empty());
    }
    let out = run(&["parse", "--json", "https://example.com:70000/"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["validation_error"], "port-out-of-range");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["parse"][..],
        &["no-such-command"],
        &["rebuild", "https://a.example/", "--set", "nofield=1"],
        &["rebuild", "https://a.example/", "--set", "noequals"],
        &["dedup"],
        &["key", "--input", "/no/such/file"],
        &["encode", "--component", "nope", "x"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty());
    }
}

#[test]
fn clean_removes_tracking_parameters_only() {
    let out = run(&[
        "clean",
        "https://ex.example/p?utm_source=news&b=a+b&fbclid=1&c=%7e#top",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text, "https://ex.example/p?b=a+b&c=%7e#top\n");
    let report = stdout(&run(&[
        "clean",
        "--report",
        "https://ex.example/p?utm_source=news&b=a+b&fbclid=1&c=%7e#top",
    ]));
    assert_eq!(
        report.lines().next(),
        Some("https://ex.example/p?b=a+b&c=%7e#top")
    );
    assert!(report.contains("utm_source"));
    let v = json(&["clean", "https://ex.example/?gclid=1&a=1"]);
    assert_eq!(v["cleaned"], "https://ex.example/?a=1");
    assert_eq!(v["removed"][0]["name"], "gclid");
}

#[test]
fn rebuild_applies_edits_in_order_or_says_what_was_refused() {
    let out = run(&[
        "rebuild",
        "https://example.com/p?x=1&q=old",
        "--param",
        "q=a b",
        "--set",
        "host=example.org:8080",
        "--drop-param",
        "x",
        "--set",
        "fragment=top",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().next(),
        Some("https://example.org:8080/p?q=a+b#top")
    );
    let v = json(&[
        "rebuild",
        "https://example.com/",
        "--set",
        "path=/a",
        "--set",
        "path=/b",
    ]);
    assert_eq!(v["steps"][0]["url"], "https://example.com/a");
    assert_eq!(v["url"], "https://example.com/b");

    let out = run(&["rebuild", "https://example.com/", "--set", "port=99999"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("port") && err.contains("99999") && err.contains("refused"),
        "{err}"
    );
}

#[test]
fn resolve_the_relative_reference_table() {
    for (base, reference, expected) in [
        (
            "https://ex.com/docs/intro",
            "guide",
            "https://ex.com/docs/guide",
        ),
        (
            "https://ex.com/docs/intro/",
            "guide",
            "https://ex.com/docs/intro/guide",
        ),
        (
            "https://ex.com/docs/intro",
            "/guide",
            "https://ex.com/guide",
        ),
        (
            "https://ex.com/docs/intro/",
            "../guide",
            "https://ex.com/docs/guide",
        ),
        (
            "https://ex.com/docs/intro?a=1",
            "?b=2",
            "https://ex.com/docs/intro?b=2",
        ),
        (
            "https://ex.com/docs/intro?a=1",
            "#top",
            "https://ex.com/docs/intro?a=1#top",
        ),
        (
            "https://ex.com/docs/intro",
            "//cdn.ex.com/x.js",
            "https://cdn.ex.com/x.js",
        ),
    ] {
        let out = run(&["resolve", base, reference]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            stdout(&out).lines().next(),
            Some(expected),
            "{base} {reference}"
        );
        let v = json(&["resolve", base, reference]);
        assert_eq!(v["url"], expected);
    }
}

#[test]
fn encode_and_decode_per_component() {
    let cases = [
        ("path-segment", "a b/c?d&e", "a%20b%2Fc%3Fd&e"),
        ("query-value", "a b/c?d&e=f+g", "a%20b/c?d%26e%3Df%2Bg"),
        ("userinfo", "me@x:y", "me%40x%3Ay"),
        ("fragment", "a b", "a%20b"),
        ("form", "café au lait", "caf%C3%A9+au+lait"),
    ];
    for (component, text, encoded) in cases {
        let out = run(&["encode", "--component", component, text]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out), format!("{encoded}\n"), "{component}");
        let out = run(&["decode", "--component", component, encoded]);
        assert_eq!(stdout(&out), format!("{text}\n"), "{component}");
    }
    let out = run(&["decode", "-c", "path-segment", "%FF"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn canon_key_and_facts() {
    let url = "WWW.Example.co.uk/Shop/index.html?utm_source=news&b=2&a=1#top";
    let out = run(&["canon", url]);
    assert_eq!(
        stdout(&out).lines().next(),
        Some("https://www.example.co.uk/Shop/index.html?b=2&a=1")
    );
    let out = run(&["key", url]);
    assert_eq!(
        stdout(&out).lines().next(),
        Some("example.co.uk/shop?a=1&b=2")
    );
    let v = json(&["key", url]);
    assert_eq!(v["key"], "example.co.uk/shop?a=1&b=2");
    let v = json(&["facts", "https://github.com/rust-lang?utm_source=x"]);
    assert_eq!(v["social_profile"]["network"], "github");
    assert_eq!(v["facts"][0], "tracking_parameters_removed");
    let out = run(&["facts", "https://github.com/rust-lang"]);
    assert!(stdout(&out).contains("social profile"));
    let out = run(&["key", "example.com:99999"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn compare_explains_equivalent_and_different_pairs() {
    for (a, b, verdict, code) in [
        (
            "https://example.com:443/a",
            "https://example.com/a",
            "same-url",
            "default-port",
        ),
        (
            "https://example.com",
            "https://example.com/",
            "same-url",
            "empty-path",
        ),
        (
            "HTTPS://Example.COM/a",
            "https://example.com/a",
            "same-url",
            "scheme-case",
        ),
        (
            "https://example.com/a/%7Euser",
            "https://example.com/a/~user",
            "same-key",
            "percent-encoded-unreserved",
        ),
        (
            "https://example.com/docs",
            "https://example.com/docs/",
            "same-key",
            "trailing-slash",
        ),
        (
            "https://example.com/p?a=1&b=2",
            "https://example.com/p?b=2&a=1",
            "same-key",
            "parameter-order",
        ),
        (
            "https://example.com/index.html",
            "https://example.com/",
            "same-key",
            "index-document",
        ),
        (
            "https://example.com/a",
            "https://example.org/a",
            "different",
            "host",
        ),
    ] {
        let v = json(&["compare", a, b]);
        assert_eq!(v["verdict"], verdict, "{a} {b}");
        assert_eq!(v["differences"][0]["code"], code, "{a} {b}");
        let out = run(&["compare", a, b]);
        assert!(stdout(&out).contains(code));
    }
}

#[test]
fn inspect_the_deceptive_links_of_the_guide() {
    let v = json(&[
        "inspect",
        "https://www.paypal.com@198.51.100.7/secure/login",
    ]);
    assert_eq!(v["real_host"], "198.51.100.7");
    assert_eq!(v["warnings"][0]["code"], "userinfo-looks-like-host");
    assert_eq!(v["warnings"][0]["severity"], "danger");

    let v = json(&["inspect", "paypal.com.secure-login.example"]);
    assert_eq!(v["registrable_domain"], "secure-login.example");
    assert_eq!(v["warnings"][0]["code"], "domain-in-subdomain");

    let v = json(&[
        "inspect",
        "https://short.example/https://www.bank.com/login",
    ]);
    assert_eq!(v["real_host"], "short.example");
    assert_eq!(v["warnings"][0]["code"], "url-in-path");

    let v = json(&["inspect", "https://\u{430}pple.com/"]);
    assert_eq!(v["real_host"], "xn--pple-43d.com");
    assert_eq!(v["host_unicode"], "\u{430}pple.com");
    assert_eq!(v["warnings"][0]["code"], "lookalike-of-popular-domain");
    assert_eq!(v["warnings"][0]["evidence"], "apple.com");
    assert_eq!(v["warnings"][1]["code"], "mixed-script-label");
    assert_eq!(v["display"]["host"], "xn--pple-43d.com");
    assert_eq!(v["display"]["labels"][0]["reason"], "mixed-scripts");
    // The odd one out of the mixed scripts: the Cyrillic а.
    assert_eq!(v["display"]["labels"][0]["character"], "U+0430");
    assert_eq!(v["display"]["imitates"], "apple.com");
    // An emoji is not allowed in identifiers; the label names it.
    let v = json(&["inspect", "https://xn--vi8hiv.xyz/"]);
    assert_eq!(
        v["display"]["labels"][0]["reason"],
        "not-allowed-in-identifiers"
    );
    assert_eq!(v["display"]["labels"][0]["character"], "U+1F355");

    // A Russian name under .рф: shown in Unicode, no danger.
    let v = json(&["inspect", "https://пример.рф/"]);
    assert_eq!(v["display"]["host"], "пример.рф");
    assert_eq!(v["max_severity"], "info");

    let out = run(&[
        "inspect",
        "https://www.paypal.com@198.51.100.7/secure/login",
    ]);
    let text = stdout(&out);
    assert!(text.starts_with("goes to 198.51.100.7"), "{text}");
    assert!(text.contains("userinfo-looks-like-host"));

    let out = run(&["inspect", "https://exa mple.com/"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn inspect_with_ones_own_popular_domains() {
    let dir = std::env::temp_dir().join(format!("onecontact-top-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("brands.txt");
    std::fs::write(
        &list,
        "# our brands\nexample-bank.com\nxn--bcher-kva.example\n",
    )
    .unwrap();
    let list = list.to_str().unwrap();
    // Cyrillic `е` in front of Latin "xample-bank".
    let host = "https://xn--xample-bank-nkj.com/";
    let v = json(&["inspect", "--top-domains", list, host]);
    assert_eq!(v["display"]["imitates"], "example-bank.com");
    let v = json(&[
        "inspect",
        "--top-domains",
        list,
        "--top-domains-only",
        "https://xn--80ak6aa92e.com/",
    ]);
    assert_eq!(
        v["display"]["imitates"],
        serde_json::Value::Null,
        "apple.com is not in the file"
    );
    let v = json(&["inspect", "https://xn--80ak6aa92e.com/"]);
    assert_eq!(v["display"]["imitates"], "apple.com");
    let out = run(&["inspect", "--top-domains", list, host]);
    let text = stdout(&out);
    assert!(text.contains("imitates"), "{text}");

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "example.com\nnot a domain\n").unwrap();
    let out = run(&["inspect", "--top-domains", bad.to_str().unwrap(), host]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let out = run(&["--color", "always", "inspect", "javascript:alert(1)"]);
    assert!(stdout(&out).contains('\x1b'));
    let out = bin()
        .args(["--color", "auto", "inspect", "javascript:alert(1)"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!stdout(&out).contains('\x1b'));
}

#[test]
fn batch_from_stdin_reports_bad_lines_and_keeps_going() {
    let input = "https://a.example/x?utm_source=1\n\nexample.com:99999\nwww.Example.com/About/\n\
                 https://a.example/?q=a\\b\n";
    let out = run_stdin(&["key", "-"], input);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "line\tinput\tkey\terror");
    assert_eq!(
        lines[1],
        "1\thttps://a.example/x?utm_source=1\ta.example/x\t"
    );
    assert!(
        lines[2].starts_with("3\texample.com:99999\t\tweb.invalid-port"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], "4\twww.Example.com/About/\texample.com/about\t");
    // A key with a character TSV escapes is escaped like the input.
    assert_eq!(
        lines[4],
        "5\thttps://a.example/?q=a\\\\b\ta.example?q=a\\\\b\t"
    );
    let err = stderr(&out);
    assert!(err.contains("onecontact key: line 3: "), "{err}");
    assert!(err.contains("4 addresses, 3 ok, 1 failed"), "{err}");

    let out = run_stdin(
        &["inspect", "--json", "-"],
        "https://www.paypal.com@198.51.100.7/\nnot a url\n",
    );
    let rows: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[0]["line"], 1);
    assert_eq!(
        rows[0]["result"]["warnings"][0]["code"],
        "userinfo-looks-like-host"
    );
    assert_eq!(rows[1]["ok"], false);
    assert_eq!(rows[1]["error"]["code"], "web.invalid-host");
}

#[test]
fn every_batch_command_reads_files() {
    let file = temp_file(
        "few.txt",
        "https://ex.example/a?utm_source=x\nhttps://github.com/rust-lang\n\u{ff}bad\n",
    );
    let path = file.to_str().unwrap();
    for command in ["parse", "clean", "canon", "key", "facts", "inspect"] {
        for format in ["tsv", "jsonl"] {
            let out = run(&[command, "--input", path, "--format", format, "--jobs", "2"]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{command} {format}: {}",
                stderr(&out)
            );
            let text = stdout(&out);
            let rows = text.lines().count();
            assert_eq!(
                rows,
                if format == "tsv" { 4 } else { 3 },
                "{command} {format}:\n{text}"
            );
            assert!(
                stderr(&out).contains("3 addresses, 3 ok, 0 failed"),
                "{}",
                stderr(&out)
            );
        }
    }
}

#[test]
fn dedup_groups_by_key() {
    let file = temp_file(
        "dedup.txt",
        "https://www.example.com/a\nexample.com/a/\nhttp://m.example.com/a?utm_source=x\nother.org\n",
    );
    let out = run(&["dedup", "--input", file.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let rows: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["key"], "example.com/a");
    assert_eq!(rows[0]["count"], 3);
    assert_eq!(rows[0]["members"][2]["line"], 3);
    let out = run(&[
        "dedup",
        "--input",
        file.to_str().unwrap(),
        "--all",
        "--format",
        "tsv",
    ]);
    assert_eq!(stdout(&out).lines().count(), 5);
    assert!(
        stderr(&out).contains("2 distinct keys, 1 with duplicates"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn batch_of_100000_lines_in_order() {
    const N: usize = 100_000;
    let mut input = String::with_capacity(N * 60);
    for i in 1..=N {
        if i % 10_007 == 0 {
            input.push_str(&format!("https://bad host {i}.example/\n"));
        } else {
            input.push_str(&format!(
                "https://www{}.example{}.com/P/{i}/index.html?b={i}&a=1&utm_source=x#f\n",
                i % 7,
                i % 1000
            ));
        }
    }
    let file = temp_file("100k.txt", &input);
    let out = run(&["key", "--input", file.to_str().unwrap(), "--format", "tsv"]);
    assert_eq!(out.status.code(), Some(1), "some lines are invalid");
    let text = stdout(&out);
    let mut count = 0usize;
    for (index, row) in text.lines().skip(1).enumerate() {
        let i = index + 1;
        let fields: Vec<&str> = row.split('\t').collect();
        assert_eq!(fields[0], i.to_string(), "rows come out in input order");
        if i % 10_007 == 0 {
            assert_eq!(fields[2], "");
            assert!(fields[3].starts_with("web.invalid-host"));
        } else {
            assert_eq!(
                fields[2],
                format!("example{}.com/p/{i}?a=1&b={i}", i % 1000)
            );
        }
        count += 1;
    }
    assert_eq!(count, N);
    let err = stderr(&out);
    let failures = N / 10_007;
    assert_eq!(
        err.lines().filter(|l| l.contains(": line ")).count(),
        failures
    );
    assert!(
        err.contains(&format!(
            "{N} addresses, {} ok, {failures} failed",
            N - failures
        )),
        "{err}"
    );

    // The same through standard input as JSON Lines, on one worker.
    let out = run_stdin(&["key", "-", "--json", "--jobs", "1", "--quiet"], &input);
    let mut expected = 1u64;
    for row in stdout(&out).lines() {
        let v: Value = serde_json::from_str(row).unwrap();
        assert_eq!(v["line"], expected);
        expected += 1;
    }
    assert_eq!(expected, N as u64 + 1);
    assert_eq!(
        stderr(&out).lines().count(),
        failures,
        "--quiet leaves only the bad lines"
    );
}
