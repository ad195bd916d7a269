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
