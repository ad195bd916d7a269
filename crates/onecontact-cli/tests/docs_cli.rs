//! Runs every console example of docs/cli.md against the binary, so the
//! manual and the command cannot drift apart.
//!
//! A block is ```` ```console ````; a line starting with `$ ` is a command
//! (a line ending in `\` goes on), run by `sh -c` in a fresh folder with the
//! binary first on PATH; the lines up to the next command are what it
//! prints: standard output, then standard error. In an expected line, `…`
//! stands for any text; a line that is only `…` or `...` stands for any
//! number of lines.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::Path;
use std::process::Command;

/// One command of a console block and what the manual says it prints.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn examples(manual: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut continued = false;
    for (i, line) in manual.lines().enumerate() {
        if !in_block {
            in_block = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_block = false;
            continue;
        }
        if continued {
            let example = out.last_mut().unwrap();
            example.command.push('\n');
            example.command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: command.to_owned(),
                expected: Vec::new(),
            });
            continued = line.ends_with('\\');
        } else if let Some(example) = out.last_mut() {
            example.expected.push(line.to_owned());
        }
    }
    out
}

/// Whether `actual` matches `expected`, where `…` stands for any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split('…').collect();
    if parts.len() == 1 {
        return expected.trim_end() == actual.trim_end();
    }
    let actual = actual.trim_end();
    let (first, last) = (parts[0], parts[parts.len() - 1].trim_end());
    if !actual.starts_with(first) {
        return false;
    }
    let mut at = first.len();
    for part in &parts[1..parts.len() - 1] {
        match actual[at..].find(part) {
            Some(found) => at += found + part.len(),
            None => return false,
        }
    }
    actual.len() >= at + last.len() && actual.ends_with(last)
}

/// Whether the lines `actual` match `expected`, where a line `…` or `...`
/// stands for any number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    let Some((first, rest)) = expected.split_first() else {
        return actual.is_empty();
    };
    if matches!(first.trim(), "…" | "...") {
        return (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]));
    }
    match actual.split_first() {
        Some((line, more)) => line_matches(first, line) && lines_match(rest, more),
        None => false,
    }
}

#[test]
fn the_console_examples_of_the_manual() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manual = std::fs::read_to_string(root.join("docs/cli.md")).unwrap();
    let examples = examples(&manual);
    assert!(examples.len() >= 15, "only {} examples", examples.len());
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_onecontact"))
        .parent()
        .unwrap()
        .to_owned();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = std::env::temp_dir().join(format!("onecontact-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for example in &examples {
        let output = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(&dir)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let mut actual: Vec<&str> = text.lines().collect();
        while actual.last().is_some_and(|l| l.trim().is_empty()) {
            actual.pop();
        }
        let mut expected = example.expected.clone();
        while expected.last().is_some_and(|l| l.trim().is_empty()) {
            expected.pop();
        }
        if !lines_match(&expected, &actual) {
            failures.push(format!(
                "docs/cli.md line {}: $ {}\n--- the manual says\n{}\n--- the command prints\n{}",
                example.line,
                example.command,
                expected.join("\n"),
                actual.join("\n")
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_matcher_can_fail() {
    assert!(line_matches("a … b", "a x y b"));
    assert!(!line_matches("a … b", "a x y c"));
    assert!(line_matches("abc", "abc  "));
    assert!(!line_matches("abc", "abd"));
    let expected: Vec<String> = ["x", "…", "z"].iter().map(|s| (*s).to_owned()).collect();
    assert!(lines_match(&expected, &["x", "y", "y", "z"]));
    assert!(!lines_match(&expected, &["x", "y"]));
}
