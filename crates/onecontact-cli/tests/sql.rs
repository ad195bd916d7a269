//! `onecontact sql` on one machine: tables from CSV, NDJSON and Parquet
//! (file, folder, glob), the output formats, and the errors a person sees.

#![cfg(feature = "sql")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("onecontact-sql-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn sql(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .arg("sql")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn table(name: &str, path: &Path) -> String {
    format!("{name}={}", path.display())
}

const ROWS: [&str; 4] = [
    "https://www.Example.com/?utm_source=x",
    "example.com",
    "https://exa mple.com",
    "mailto:Info@Example.org",
];

#[test]
fn csv_and_ndjson_tables_give_the_same_keys() {
    let dir = TempDir::new("formats");
    let csv = dir.0.join("c.csv");
    let mut text = String::from("line,url\n");
    for (i, r) in ROWS.iter().enumerate() {
        text.push_str(&format!("{},\"{r}\"\n", i + 1));
    }
    std::fs::write(&csv, text).unwrap();
    let ndjson = dir.0.join("c.ndjson");
    let lines: Vec<String> = ROWS
        .iter()
        .enumerate()
        .map(|(i, r)| serde_json::json!({"line": i + 1, "url": r}).to_string())
        .collect();
    std::fs::write(&ndjson, lines.join("\n")).unwrap();
    let query = "SELECT line, web_key_v1(url) AS key, web_error(url) AS error FROM c ORDER BY line";
    let from_csv = stdout(&sql(&[
        "--table",
        &table("c", &csv),
        "--format",
        "csv",
        query,
    ]));
    let from_json = stdout(&sql(&[
        "--table",
        &table("c", &ndjson),
        "--format",
        "csv",
        query,
    ]));
    assert_eq!(
        from_csv,
        "line,key,error\n1,example.com,\n2,example.com,\n3,,web.invalid-host\n4,mailto:info@example.org,\n"
    );
    assert_eq!(from_csv, from_json);
}

#[test]
fn parquet_out_then_a_folder_and_a_glob_read_it_back() {
    let dir = TempDir::new("parquet");
    let parts = dir.0.join("parts");
    std::fs::create_dir_all(&parts).unwrap();
    for (n, row) in ROWS.iter().enumerate() {
        let out = parts.join(format!("p{n}.parquet"));
        let query = format!("SELECT {} AS line, '{}' AS url", n + 1, row);
        stdout(&sql(&["--out", out.to_str().unwrap(), &query]));
    }
    let query = "SELECT count(*) AS n, count(DISTINCT web_key_v1(url)) AS keys FROM c";
    let folder = stdout(&sql(&[
        "--table",
        &table("c", &parts),
        "--format",
        "json",
        query,
    ]));
    assert_eq!(folder.trim(), r#"{"n":4,"keys":2}"#);
    let glob = stdout(&sql(&[
        "--table",
        &table("c", &parts.join("p[01].parquet")),
        "--format",
        "json",
        query,
    ]));
    assert_eq!(glob.trim(), r#"{"n":2,"keys":1}"#);
}

#[test]
fn the_table_format_shows_struct_fields_and_lists() {
    let out = stdout(&sql(&[
        "SELECT web_address('example.com/#top')['facts'] AS facts, url_port('https://a.example:8443/') AS port",
    ]));
    assert!(out.contains("[scheme_assumed, fragment_removed]"), "{out}");
    assert!(out.contains("8443"), "{out}");
}

#[test]
fn errors_say_what_to_do() {
    let bad_spec = sql(&["--table", "contacts", "SELECT 1"]);
    assert_eq!(bad_spec.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_spec.stderr).contains("NAME=PATH"));

    let unknown = sql(&["--table", "t=notes.doc", "SELECT 1"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("cannot tell the format"));

    let nested = sql(&["--format", "csv", "SELECT web_facts('example.com') AS f"]);
    assert_eq!(nested.status.code(), Some(2));
    let message = String::from_utf8_lossy(&nested.stderr);
    assert!(
        message.contains("CSV cannot hold the column `f`"),
        "{message}"
    );

    let no_cluster = sql(&["--cluster", "http://127.0.0.1:1", "SELECT 1"]);
    assert_eq!(no_cluster.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_cluster.stderr).contains("df://HOST:PORT"));
}

#[test]
fn a_text_file_is_a_table_of_lines() {
    let dir = TempDir::new("lines");
    let path = dir.0.join("urls.txt");
    std::fs::write(
        &path,
        "https://www.Example.com/a\nexample.com/a\nhttps://evil.example\\@www.bank.example/\n",
    )
    .unwrap();
    let out = stdout(&sql(&[
        "--table",
        &table("urls", &path),
        "--format",
        "csv",
        "SELECT line, web_key_v1(line) AS key FROM urls",
    ]));
    assert_eq!(
        out,
        "line,key\nhttps://www.Example.com/a,example.com/a\nexample.com/a,example.com/a\n\
         https://evil.example\\@www.bank.example/,evil.example/@www.bank.example\n"
    );
    // The parser differential reaches the link_* functions.
    let out = stdout(&sql(&[
        "--table",
        &table("urls", &path),
        "--json",
        "SELECT link_warnings(line) AS w FROM urls WHERE line LIKE '%bank%'",
    ]));
    assert!(out.contains("parser-differential"), "{out}");
}

#[test]
fn json_is_honoured_and_keeps_nulls() {
    let out = stdout(&sql(&[
        "--json",
        "SELECT web_address('example.com')['social_profile'] AS profile, 1 AS n",
    ]));
    assert_eq!(out, "{\"profile\":null,\"n\":1}\n");
    let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["--json", "sql", "SELECT 1 AS n"])
        .output()
        .unwrap();
    assert_eq!(stdout(&out), "{\"n\":1}\n");
}

#[test]
fn a_syntax_error_is_one_sentence_with_its_place() {
    let out = sql(&["SELEC 1"]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(message.starts_with("onecontact sql: "), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("(line 1, column 1)"), "{message}");
    assert!(!message.contains("ParserError("), "{message}");
    let out = sql(&["SELECT nothing_here FROM (SELECT 1 AS n)"]);
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(message.starts_with("onecontact sql: "), "{message}");
    assert!(!message.contains("Schema error:"), "{message}");
}

#[test]
fn a_table_fits_the_terminal() {
    let long = "https://example.com/".to_owned() + &"a".repeat(3000);
    let statement = format!("SELECT web_key_v1('{long}') AS key, 1 AS n");
    let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["sql", &statement])
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    let text = stdout(&out);
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} wide: {line}",
            line.chars().count()
        );
    }
    assert!(text.contains('…'), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["sql", &statement])
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    assert!(stdout(&out).lines().all(|l| l.chars().count() <= 100));
}
