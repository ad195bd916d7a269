//! What `--help` says about exit statuses and defaults is what the binary
//! does: each number and default is read from the help text and checked
//! against a run.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

fn help(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--help");
    let out = run(&all, "");
    assert_eq!(out.status.code(), Some(0), "{all:?}");
    // One line per paragraph, whatever the terminal's width.
    String::from_utf8(out.stdout)
        .unwrap()
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The number just before `phrase` in `text`.
fn status_before(text: &str, phrase: &str) -> i32 {
    let at = text
        .find(phrase)
        .unwrap_or_else(|| panic!("the help does not say {phrase:?}:\n{text}"));
    let before = text[..at].trim_end();
    let digits: String = before
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.chars().rev().collect::<String>().parse().unwrap()
}

#[test]
fn the_exit_statuses_of_the_top_level_help() {
    let text = help(&[]);
    let para = text
        .lines()
        .find(|l| l.starts_with("Exit status:"))
        .unwrap()
        .to_owned();
    let cases: [(&str, &[&str]); 4] = [
        (
            " when every input was fine",
            &["key", "https://example.com/"],
        ),
        (
            " when some input was invalid",
            &["key", "http://exa mple.com/"],
        ),
        (" on a usage error", &["key", "--no-such-option"]),
        (
            " when inspect --fail-on met",
            &[
                "inspect",
                "--fail-on",
                "warning",
                "http://www.bank.example@evil.example/",
            ],
        ),
    ];
    for (phrase, args) in cases {
        let documented = status_before(&para, phrase);
        let out = run(args, "");
        assert_eq!(
            out.status.code(),
            Some(documented),
            "{phrase}: {args:?}\n{para}"
        );
    }
    // The inspect subcommand's own help says the same number.
    let inspect = help(&["inspect"]);
    let fail_on = status_before(&para, " when inspect --fail-on met");
    assert!(
        inspect.contains(&format!("Exit with status {fail_on} when a finding")),
        "{inspect}"
    );
}

#[test]
fn the_exit_statuses_of_match() {
    let text = help(&[]);
    let line = text
        .lines()
        .find(|l| l.contains("match Match URLs"))
        .unwrap();
    let cases: [(&str, &[&str]); 3] = [
        (
            " when every URL matched",
            &[
                "match",
                "https://*.example.com/*",
                "https://a.example.com/x",
            ],
        ),
        (
            " when some did not",
            &["match", "https://*.example.com/*", "https://example.org/"],
        ),
        (
            " when the pattern is invalid",
            &["match", "https://(", "https://a.example.com/"],
        ),
    ];
    for (phrase, args) in cases {
        let documented = status_before(line, phrase);
        assert_eq!(run(args, "").status.code(), Some(documented), "{phrase}");
    }
}

#[test]
fn the_default_batch_format_of_each_command() {
    for command in [
        "parse", "clean", "canon", "key", "facts", "inspect", "dedup",
    ] {
        let text = help(&[command]);
        let format = text
            .lines()
            .find(|l| l.starts_with("--format <FORMAT>"))
            .unwrap_or_else(|| panic!("{command}: no --format\n{text}"))
            .to_owned();
        let args: Vec<&str> = if command == "dedup" {
            vec![command, "--all", "--input", "-"]
        } else {
            vec![command, "-"]
        };
        let out = run(&args, "https://example.com/a\n");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let first = stdout.lines().next().unwrap_or_default();
        if format.contains("(default tsv") {
            assert!(first.starts_with("line\tinput\t"), "{command}: {first}");
        } else if format.contains("(default: the grouped report") {
            assert!(!first.contains('\t'), "{command}: {first}");
            assert!(first.ends_with("(1 address)"), "{command}: {first}");
        } else {
            panic!("{command}: the help names no default format: {format}");
        }
    }
}

#[test]
fn dead_ends_name_the_way_out() {
    let out = run(&["dedup", "big.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--input big.txt"), "{err}");
    assert_eq!(err.matches("dedup").count(), 2, "{err}");

    let out = run(&["key", "--jobs", "0", "-"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("1 or more"), "{err}");
    assert!(!err.contains("non-zero type"), "{err}");

    for (args, option) in [
        (&["inspect", "/relative/path"][..], "--base"),
        (&["compare", "/docs", "/docs/"], "--base"),
        (&["parse", "/docs"], "--base"),
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(option), "{args:?}: {err}");
    }
    let out = run(&["compare", "--base", "/x", "/a", "/b"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("the base URL /x is itself relative"), "{err}");
    let out = run(
        &["inspect", "--base", "https://bank.example/a/", "../login"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("https://bank.example/login")
    );

    let dir = std::env::temp_dir();
    let out = run(
        &[
            "match",
            "/x",
            "--base",
            "https://a.example",
            "--input",
            dir.to_str().unwrap(),
        ],
        "",
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(dir.to_str().unwrap()), "{err}");
    assert!(
        !err.contains("match: match:") && !err.contains("os error"),
        "{err}"
    );
    let out = run(&["match", "https://(", "https://a.example/"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("onecontact match: invalid pattern"),
        "{err}"
    );
}

#[test]
fn headlines_say_what_a_host_is() {
    for (link, first) in [
        (
            "file:///etc/passwd",
            "opens a file on this computer: /etc/passwd",
        ),
        (
            "mailto:someone@example.com",
            "writes an e-mail (no web host) to someone@example.com",
        ),
        (
            "javascript:alert(1)",
            "runs a script (no web host): javascript:",
        ),
        (
            "http://[::ffff:192.168.0.1]/",
            "goes to [::ffff:c0a8:1] (the IPv4 address 192.168.0.1, written as IPv6)",
        ),
    ] {
        let out = run(&["inspect", link], "");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().next().unwrap(), first, "{link}");
    }
}

#[test]
fn lengths_and_positions_are_named() {
    // A host of 403 characters in labels of at most 63, and a label of 64.
    let long_host = format!(
        "{}.{}.com",
        vec!["a".repeat(63); 6].join("."),
        "b".repeat(15)
    );
    assert_eq!(long_host.len(), 403);
    let long_label = format!("{}.com", "a".repeat(64));
    for (host, says) in [
        (
            long_host.as_str(),
            "the host is 403 characters long, over the 253",
        ),
        (long_label.as_str(), "is 64 characters long, over the 63"),
    ] {
        let out = run(&["parse", &format!("https://{host}/")], "");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(says), "{text}");
        assert!(!text.contains("not a valid internationalized"), "{text}");
        // inspect warns: a browser takes the link, the DNS cannot.
        let out = run(&["inspect", &format!("https://{host}/")], "");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("host-too-long-for-dns"), "{text}");
        assert!(text.contains(says), "{text}");
    }
    let out = run(&["inspect", "https://p\u{430}ypal.com/"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\u{430} U+0430 at byte 9 of the link as given"),
        "{text}"
    );
}
