//! Runs every example of docs/cli.md against the binary, so the manual and
//! the command cannot drift apart.
//!
//! Every fenced block of the manual is a ```` ```console ```` block, run
//! here, or is marked `<!-- not run: REASON -->` (the conventions are in
//! `support/docs.rs`). Each command runs by `sh -c` in a fresh folder with
//! the binary first on PATH and `$?` set to the status of the command
//! before it; what it prints (standard output, then standard error) must
//! match the lines under it, where `…` stands for any text and a line `…`
//! for any number of lines.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/docs.rs"]
mod docs;

use docs::{Block, Scratch, commands, output_matches, run_shell};

#[test]
fn the_console_examples_of_the_manual() {
    let blocks = docs::blocks(&docs::read("docs/cli.md"));
    let consoles: Vec<&Block> = blocks
        .iter()
        .filter(|b| b.lang == "console" && b.not_run.is_none())
        .collect();
    let examples: Vec<docs::Example> = consoles.iter().flat_map(|b| commands(b)).collect();
    assert!(examples.len() >= 15, "only {} examples", examples.len());
    let dir = Scratch::new("docs-cli");
    let mut failures = Vec::new();
    let mut status = 0;
    for example in &examples {
        let ran = run_shell(&example.command, &example.expected, &dir.0, status, false);
        status = ran.status.unwrap_or(137);
        if !output_matches(&example.expected, &ran.output) {
            failures.push(format!(
                "docs/cli.md line {}: $ {}\n--- the manual says\n{}\n--- the command prints\n{}",
                example.line,
                example.command,
                example.expected.join("\n"),
                ran.output.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every block runs, or says why it cannot.
#[test]
fn every_block_of_the_manual_runs_or_says_why_not() {
    let wrong = docs::unaccounted_blocks(&docs::blocks(&docs::read("docs/cli.md")), &["console"]);
    assert!(wrong.is_empty(), "docs/cli.md:\n{}", wrong.join("\n"));
}

#[test]
fn the_matchers_can_fail() {
    use docs::{documented_json, json_matches, line_matches, lines_match, words};
    assert!(line_matches("a … b", "a x y b"));
    assert!(!line_matches("a … b", "a x y c"));
    assert!(line_matches("abc", "abc  "));
    assert!(!line_matches("abc", "abd"));
    assert!(lines_match(&["x", "…", "z"], &["x", "y", "y", "z"]));
    assert!(!lines_match(&["x", "…", "z"], &["x", "y"]));

    let expected = documented_json(r#"{"a": [1, …, 4], "b": "v2026-…", "c": …}"#).unwrap();
    let json = |s: &str| serde_json::from_str(s).unwrap();
    assert!(json_matches(
        &expected,
        &json(r#"{"c":{"x":1},"b":"v2026-10","a":[1,2,3,4]}"#)
    ));
    assert!(json_matches(
        &expected,
        &json(r#"{"a":[1,4],"b":"v2026-","c":null}"#)
    ));
    // A member more or less, a different element, a string that differs.
    assert!(!json_matches(
        &expected,
        &json(r#"{"a":[1,4],"b":"v2026-","c":1,"d":1}"#)
    ));
    assert!(!json_matches(
        &expected,
        &json(r#"{"a":[1,4],"b":"v2026-"}"#)
    ));
    assert!(!json_matches(
        &expected,
        &json(r#"{"a":[1,2,5],"b":"v2026-","c":1}"#)
    ));
    assert!(!json_matches(
        &expected,
        &json(r#"{"a":[1,4],"b":"v2025-1","c":1}"#)
    ));
    // A `…` inside a string of the document is text, not JSON.
    assert_eq!(
        documented_json(r#"["a…b", "\"…"]"#).unwrap(),
        json(r#"["a…b", "\"…"]"#)
    );

    assert_eq!(
        words("curl -s -H 'A: b' \\\n  -d \"{\\\"x\\\": 1}\" x'y'z").unwrap(),
        ["curl", "-s", "-H", "A: b", "-d", "{\"x\": 1}", "xyz"]
    );
    assert!(words("echo 'open").is_err());

    assert_eq!(
        docs::pretty(r#"{"a":[],"b":{"c":"x,{y}"},"d":[1,2]}"#),
        "{\n  \"a\": [],\n  \"b\": {\n    \"c\": \"x,{y}\"\n  },\n  \"d\": [\n    1,\n    2\n  ]\n}"
    );
}

#[test]
fn blocks_and_markers_are_read() {
    let manual = "text\n```console\n$ echo a \\\n  b\na b\n$ echo '\nx'\n\nx\n```\n\
                  <!-- not run: it needs the network -->\n```sh\ncurl example.com\n```\n\
                  <!-- not run: -->\n```json\n{}\n```\n";
    let blocks = docs::blocks(manual);
    assert_eq!(blocks.len(), 3);
    assert_eq!(
        (blocks[0].lang.as_str(), blocks[0].not_run.as_deref()),
        ("console", None)
    );
    assert_eq!(blocks[1].not_run.as_deref(), Some("it needs the network"));
    let wrong = docs::unaccounted_blocks(&blocks, &["console"]);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].starts_with(&format!("line {}:", blocks[2].line)));
    assert_eq!(docs::unaccounted_blocks(&blocks[..2], &[]).len(), 1);
    let examples = commands(&blocks[0]);
    assert_eq!(examples.len(), 2);
    assert_eq!(examples[0].command, "echo a \\\n  b");
    assert_eq!(examples[0].expected, ["a b"]);
    assert_eq!(examples[1].command, "echo '\nx'");
    assert_eq!(examples[1].expected, ["", "x"]);
    assert_eq!(examples[1].line, 6);
}
