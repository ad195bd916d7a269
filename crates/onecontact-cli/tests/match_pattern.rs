//! `onecontact match` through the binary: text and JSON output, URLs from
//! arguments, a file and standard input, and the exit statuses.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn bin() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_onecontact"));
    command.env("NO_COLOR", "1");
    command
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn all_match_exits_0_with_groups() {
    let o = run(&[
        "match",
        "https://*.example.com/users/:id",
        "https://api.example.com/users/42",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.starts_with("match"), "{text}");
    assert!(text.contains("hostname.0=api"), "{text}");
    assert!(text.contains("pathname.id=42"), "{text}");
}

#[test]
fn a_miss_exits_1() {
    let o = run(&[
        "match",
        "/:lang(en|fr)/docs/*",
        "--base",
        "https://example.com",
        "https://example.com/fr/docs/intro",
        "https://example.com/de/docs/intro",
        "not a url",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with("match") && lines[0].contains("pathname.lang=fr"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("no match"), "{lines:?}");
    assert!(lines[2].starts_with("invalid"), "{lines:?}");
}

#[test]
fn json_lines_carry_every_group() {
    let o = run(&[
        "--json",
        "match",
        "https://example.com/:a{-:b}?",
        "https://example.com/x",
        "https://example.com/x-y",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let docs: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 2);
    assert_eq!(docs[0]["matched"], true);
    assert_eq!(docs[0]["groups"]["pathname"]["a"], "x");
    assert_eq!(docs[0]["groups"]["pathname"]["b"], Value::Null);
    assert_eq!(docs[1]["groups"]["pathname"]["b"], "y");
    assert_eq!(docs[1]["url"], "https://example.com/x-y");
}

#[test]
fn input_file_and_stdin() {
    let dir = std::env::temp_dir().join(format!("onecontact-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "https://a.example.com/\n\nhttps://b.example.com/x\n").unwrap();
    let o = run(&[
        "--json",
        "match",
        "https://*.example.com/*",
        "--input",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).lines().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();

    let mut child = bin()
        .args(["match", "https://*.example.com/*", "--input", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"https://a.example.com/\nhttps://example.org/\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().count(), 2);
}

#[test]
fn bad_pattern_or_no_urls_exits_2() {
    let o = run(&[
        "match",
        "https://example.com/:id/:id",
        "https://example.com/a/b",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("the group name `id` is used twice"), "{err}");

    let o = run(&["match", "/users/:id", "https://example.com/users/1"]);
    assert_eq!(o.status.code(), Some(2), "a relative pattern needs --base");

    let o = run(&["match", "https://example.com/*"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn json_after_the_command_name() {
    let before = run(&[
        "--json",
        "match",
        "https://example.com/:id",
        "https://example.com/7",
    ]);
    for args in [
        [
            "match",
            "--json",
            "https://example.com/:id",
            "https://example.com/7",
        ],
        [
            "match",
            "https://example.com/:id",
            "https://example.com/7",
            "--json",
        ],
    ] {
        let after = run(&args);
        assert_eq!(after.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&after), stdout(&before), "{args:?}");
        let doc: Value = serde_json::from_str(stdout(&after).trim()).unwrap();
        assert_eq!(doc["groups"]["pathname"]["id"], "7");
    }
}

#[test]
fn input_directory_is_named_in_the_error() {
    let dir = std::env::temp_dir().join(format!("onecontact-match-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = run(&[
        "match",
        "https://*.example.com/*",
        "--input",
        dir.to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains(dir.to_str().unwrap()), "{err}");
    assert!(err.contains("directory"), "{err}");
}

#[test]
fn adversarial_pattern_ends() {
    // A backtracking matcher takes time exponential in the run of `a`.
    let url = format!("https://a.com/{}c", "a".repeat(200));
    let o = run(&["match", "https://a.com/:x(a*a*a*a*a*a*b)", &url]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("no match"), "{}", stdout(&o));
}
