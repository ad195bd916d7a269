//! No control character of an input reaches the output raw: TSV cells and
//! the readable report show `\x1b`, `\t`, `\n`, `\0`, …; JSON keeps the
//! exact text (JSON escapes it).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

/// A hostile paste: colours, a window title, NUL, DEL, a C1 CSI and a
/// lone carriage return.
const HOSTILE: &[&str] = &[
    "https://a.example/\x1b[31mred",
    "\x1b]0;owned\x07https://b.example/",
    "https://c.example/\0nul\x7f",
    "https://d.example/\u{9b}2J\rx",
];

/// The control bytes of `bytes` other than the ones `allowed`, with the
/// C1 controls (UTF-8 C2 80..9F).
fn controls(bytes: &[u8], allowed: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        let c1 = b == 0xc2 && bytes.get(i + 1).is_some_and(|n| (0x80..=0x9f).contains(n));
        if ((b < 0x20 || b == 0x7f) && !allowed.contains(&b)) || c1 {
            let from = i.saturating_sub(20);
            found.push(format!(
                "byte {b:#04x} at {i}: {:?}",
                String::from_utf8_lossy(&bytes[from..(i + 20).min(bytes.len())])
            ));
        }
    }
    found
}

fn input() -> Vec<u8> {
    (HOSTILE.join("\n") + "\n").into_bytes()
}

#[test]
fn tsv_rows_and_messages_escape_control_characters() {
    for command in ["key", "parse", "canon", "clean", "facts", "inspect"] {
        let out = run(&[command, "-", "--color", "always"], &input());
        let bad = controls(&out.stdout, b"\t\n");
        assert!(bad.is_empty(), "{command} stdout: {bad:#?}");
        let bad = controls(&out.stderr, b"\n");
        assert!(bad.is_empty(), "{command} stderr: {bad:#?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("\\x1b[31mred"), "{command}: {text}");
        assert!(text.contains("\\x1b]0;owned\\x07"), "{command}: {text}");
        assert!(text.contains("\\0nul\\x7f"), "{command}: {text}");
        assert!(text.contains("\\u{9b}2J\\rx"), "{command}: {text}");
    }
}

#[test]
fn json_lines_keep_the_exact_text() {
    let out = run(&["key", "-", "--json"], &input());
    let inputs: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let row: serde_json::Value = serde_json::from_str(l).unwrap();
            row["input"].as_str().unwrap().to_owned()
        })
        .collect();
    // The batch reader trims the white space around a line (the CR is inside).
    assert_eq!(inputs, HOSTILE);
}

#[test]
fn the_readable_reports_escape_decoded_control_characters() {
    for args in [
        &["parse", "https://a.example/%1b[31m?x=%1b]0;t%07"][..],
        &["decode", "%1b[31m%00"],
        &["inspect", "https://a.example/\x1b[31m"],
        &[
            "compare",
            "https://a.example/\x1b[31m",
            "https://a.example/",
        ],
        &["match", "https://a.example/*", "https://a.example/\x1b[31m"],
    ] {
        for colour in ["never", "always"] {
            let mut all = args.to_vec();
            all.extend(["--color", colour]);
            let out = run(&all, b"");
            let text = String::from_utf8(out.stdout.clone()).unwrap();
            let shown = text
                .replace("\x1b[0m", "")
                .replace("\x1b[1m", "")
                .replace("\x1b[2m", "")
                .replace("\x1b[32m", "")
                .replace("\x1b[33m", "")
                .replace("\x1b[36m", "")
                .replace("\x1b[1;31m", "");
            let bad = controls(shown.as_bytes(), b"\n");
            assert!(bad.is_empty(), "{all:?}: {bad:#?}");
            assert!(!text.contains("\x1b[31m"), "{all:?}: {text}");
            let bad = controls(&out.stderr, b"\n");
            assert!(bad.is_empty(), "{all:?} stderr: {bad:#?}");
        }
    }
}

#[test]
fn the_grouped_dedup_report_escapes_its_lines() {
    let dir = std::env::temp_dir().join(format!("onecontact-safe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hostile.txt");
    std::fs::write(
        &file,
        "https://a.example/x\x1b[31m\nhttps://a.example/x\x1b[31m\n",
    )
    .unwrap();
    for args in [&["dedup"][..], &["dedup", "--format", "tsv"]] {
        let mut all = args.to_vec();
        all.extend(["--input", file.to_str().unwrap()]);
        let out = run(&all, b"");
        let bad = controls(&out.stdout, b"\t\n");
        assert!(bad.is_empty(), "{all:?}: {bad:#?}");
        assert!(
            String::from_utf8(out.stdout)
                .unwrap()
                .contains("x\\x1b[31m")
        );
    }
}
