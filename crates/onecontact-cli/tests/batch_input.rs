//! Batch input keeps every line: a file with a byte-order mark, invalid
//! UTF-8, NUL bytes, CR LF line ends, a 2 MiB line and 10^6 ordinary lines
//! gives exactly one result per line, in order, each with its input.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const ORDINARY: usize = 1_000_000;
const LONG: usize = 2 * 1024 * 1024;

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onecontact-batch-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Removes the folder when the test ends, passed or failed.
struct Cleanup(PathBuf);

impl Drop for Cleanup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The file, and what each line's input field must read.
fn write_input(path: &PathBuf) -> Vec<String> {
    let mut out = BufWriter::new(File::create(path).unwrap());
    let mut want = Vec::new();
    // 1: a byte-order mark before the first address (not part of it).
    out.write_all(b"\xEF\xBB\xBFhttps://bom.example/\n")
        .unwrap();
    want.push("https://bom.example/".to_owned());
    // 2: invalid UTF-8, shown with U+FFFD (the error names the byte).
    out.write_all(b"https://ex\xFFample.com/\n").unwrap();
    want.push("https://ex\u{FFFD}ample.com/".to_owned());
    // 3: a NUL byte inside.
    out.write_all(b"https://nul.example/\x00x\n").unwrap();
    want.push("https://nul.example/\u{0}x".to_owned());
    // 4: CR LF.
    out.write_all(b"https://crlf.example/\r\n").unwrap();
    want.push("https://crlf.example/".to_owned());
    // 5: a 2 MiB line; its first 256 bytes are shown.
    out.write_all(&vec![b'a'; LONG]).unwrap();
    out.write_all(b"\n").unwrap();
    want.push("a".repeat(256));
    // 6: invalid UTF-8 only.
    out.write_all(b"\xC3\x28\xFE\n").unwrap();
    want.push("\u{FFFD}(\u{FFFD}".to_owned());
    for i in 0..ORDINARY {
        let line = format!("https://host{i}.example/p?q={i}");
        out.write_all(line.as_bytes()).unwrap();
        // Every other line ends with CR LF, the very last with nothing.
        let end: &[u8] = match (i % 2, i + 1 == ORDINARY) {
            (_, true) => b"",
            (0, _) => b"\r\n",
            _ => b"\n",
        };
        out.write_all(end).unwrap();
        want.push(line);
    }
    out.flush().unwrap();
    want
}

#[test]
fn every_line_gives_one_result_in_order() {
    let dir = temp_dir();
    let _cleanup = Cleanup(dir.clone());
    let input = dir.join("input.txt");
    let output = dir.join("output.jsonl");
    let want = write_input(&input);

    let status = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["key", "--json", "--jobs", "2", "--no-progress", "--input"])
        .arg(&input)
        .stdout(File::create(&output).unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&status.stderr);
    // Lines 2, 5 and 6 are unreadable: exit status 1, the others are read.
    assert_eq!(status.status.code(), Some(1), "{stderr}");
    let total = want.len();
    assert!(
        stderr.contains(&format!("{total} addresses, {} ok, 3 failed", total - 3)),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 2: the line is not valid UTF-8: bytes FF at byte 11"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("line 5: the line is {LONG} bytes long")),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 6: the line is not valid UTF-8: bytes C3 at byte 1"),
        "{stderr}"
    );

    let mut rows = 0;
    for (i, row) in BufReader::new(File::open(&output).unwrap())
        .lines()
        .enumerate()
    {
        let row: serde_json::Value = serde_json::from_str(&row.unwrap()).unwrap();
        let line = i + 1;
        assert_eq!(row["line"], line, "row {line} out of order: {row}");
        assert_eq!(row["input"], want[i].as_str(), "line {line}");
        let unreadable = matches!(line, 2 | 5 | 6);
        assert_eq!(row["ok"], !unreadable, "line {line}: {row}");
        if unreadable {
            assert_eq!(row["error"]["code"], "unreadable-line", "line {line}");
        }
        rows += 1;
    }
    assert_eq!(rows, total, "one result per line");
}

/// `parse --input` writes the URL's parts as TSV without building the
/// whole report per line; its rows are those of the reports that
/// `parse --json --input` prints, and the same lines fail.
#[test]
fn parse_rows_are_the_parts_of_the_reports() {
    let dir = temp_dir().join("parse-rows");
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = Cleanup(dir.clone());
    let input = dir.join("input.txt");
    let lines = [
        "https://www.Example.com/a/../b?x=1#top",
        "example.com",
        "http://user:pw@[::1]:8080/p q?é",
        "mailto:a@b.example",
        "not a url",
        "https://a.example:99999/",
        "file:///C:/x\\y",
        "  https://trim.example/\t",
        "data:text/plain,hi",
        "https://xn--mnchen-3ya.de/ä?q=%zz",
        "//scheme-relative.example/x",
        "localhost:3000/api",
        "https://a\tb.example/",
        "javascript:alert(1)",
    ];
    std::fs::write(&input, lines.join("\n")).unwrap();
    let run = |json: bool| {
        let mut args = vec!["parse", "--no-progress", "--input"];
        if json {
            args.insert(0, "--json");
        }
        let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
            .args(&args)
            .arg(&input)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (tsv_code, tsv) = run(false);
    let (json_code, json) = run(true);
    assert_eq!(tsv_code, json_code);
    let mut tsv_rows = tsv.lines();
    assert_eq!(
        tsv_rows.next(),
        Some(
            "line\tinput\thref\tscheme\tusername\tpassword\thost\tport\tpath\tquery\tfragment\terror"
        )
    );
    let reports: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), lines.len());
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(s) => s.replace('\\', "\\\\").replace('\t', "\\t"),
        other => other.to_string(),
    };
    for (row, report) in tsv_rows.zip(&reports) {
        let fields: Vec<&str> = row.split('\t').collect();
        assert_eq!(fields.len(), 12, "{row}");
        assert_eq!(fields[0], report["line"].to_string(), "{row}");
        if report["ok"] == true {
            let r = &report["result"];
            let p = &r["parts"];
            let want = [
                text(&r["href"]),
                text(&p["scheme"]),
                text(&p["username"]),
                text(&p["password"]),
                text(&p["host"]),
                text(&p["port"]),
                text(&p["path"]),
                text(&p["query"]),
                text(&p["fragment"]),
            ];
            assert_eq!(&fields[2..11], &want, "{row}");
            assert_eq!(fields[11], "", "{row}");
        } else {
            let e = &report["error"];
            assert!(fields[2..11].iter().all(|f| f.is_empty()), "{row}");
            assert_eq!(
                fields[11],
                text(&serde_json::Value::String(format!(
                    "{}: {}",
                    e["code"].as_str().unwrap(),
                    e["message"].as_str().unwrap()
                ))),
                "{row}"
            );
        }
    }
}
