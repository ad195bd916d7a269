//! `--psl FILE`: a Public Suffix List loaded at run time reaches every
//! answer. A rule present only in the loaded list (`shop.example` as a
//! public suffix) changes the key, `inspect`, the page's `/api/parse` reply,
//! `/api/health` and, with the `sql` feature, a SQL result; without
//! `--psl` the built-in list answers. An unreadable or malformed list is a
//! usage error naming the file.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Duration;

use serde_json::{Value, json};

#[path = "support/serve.rs"]
mod serve;

use serve::ServeProcess;

/// A list of its own: `example` and `shop.example` are public suffixes.
const LIST: &str = "// VERSION: test-2026-12-03\n\
                    // ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n\
                    // ===BEGIN PRIVATE DOMAINS===\nshop.example\n// ===END PRIVATE DOMAINS===\n";

const ADDRESS: &str = "https://a.shop.example/x";

/// The list in a file of its own, removed when dropped.
struct ListFile(PathBuf);

impl ListFile {
    fn new(name: &str, text: &str) -> ListFile {
        let path = std::env::temp_dir().join(format!(
            "onecontact-loaded-psl-{name}-{}.dat",
            std::process::id()
        ));
        std::fs::write(&path, text).unwrap();
        ListFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for ListFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn onecontact(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .output()
        .unwrap()
}

fn json_of(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_key_and_inspect_use_the_loaded_list() {
    let list = ListFile::new("key", LIST);
    let key = |extra: &[&str]| {
        let mut args = vec!["key", "--json", ADDRESS];
        args.extend(extra);
        json_of(&onecontact(&args))["key"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(key(&[]), "shop.example/x");
    assert_eq!(key(&["--psl", list.path()]), "a.shop.example/x");

    let inspect = |extra: &[&str]| {
        let mut args = vec!["inspect", "--json", ADDRESS];
        args.extend(extra);
        json_of(&onecontact(&args))
    };
    let baked = inspect(&[]);
    let loaded = inspect(&["--psl", list.path()]);
    assert_eq!(baked["registrable_domain"], "shop.example");
    assert_eq!(loaded["registrable_domain"], "a.shop.example");
    assert_eq!(loaded["public_suffix"], "shop.example");
    // Each `--json` document names the lists its answers used.
    assert_eq!(baked["lists"]["psl"]["source"], "built-in");
    assert_eq!(loaded["lists"]["psl"]["source"], "file");
    assert_eq!(loaded["lists"]["psl"]["path"], list.path());
    assert_eq!(loaded["lists"]["psl"]["version"], "test-2026-12-03");
    let key_json = json_of(&onecontact(&[
        "key",
        "--json",
        "--psl",
        list.path(),
        ADDRESS,
    ]));
    assert_eq!(key_json["lists"]["psl"]["version"], "test-2026-12-03");
    let compare = json_of(&onecontact(&[
        "compare",
        "--json",
        "--psl",
        list.path(),
        ADDRESS,
        "https://b.shop.example/x",
    ]));
    assert_eq!(compare["lists"]["psl"]["source"], "file");

    // `parse --json` is the page's document: the host report and the
    // contact facts both take the loaded list.
    let parse = json_of(&onecontact(&[
        "parse",
        "--json",
        "--psl",
        list.path(),
        ADDRESS,
    ]));
    let report = &parse["report"];
    assert_eq!(report["host"]["registrable_domain"], "a.shop.example");
    assert_eq!(report["host"]["public_suffix"], "shop.example");
    assert_eq!(report["contact"]["key_v1"], "a.shop.example/x");
    assert_eq!(parse["lists"]["psl"]["version"], "test-2026-12-03");
}

#[test]
fn the_page_and_its_health_use_the_loaded_list() {
    let list = ListFile::new("serve", LIST);
    let server = ServeProcess::start_with(&["--psl", list.path()], Duration::from_secs(30));
    let reply = server.post_json("/api/parse", &json!({ "input": ADDRESS }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    let report = &reply.json()["report"];
    assert_eq!(report["host"]["registrable_domain"], "a.shop.example");
    assert_eq!(report["contact"]["key_v1"], "a.shop.example/x");
    let reply = server.post_json("/api/inspect", &json!({ "input": ADDRESS }));
    assert_eq!(
        reply.json()["report"]["registrable_domain"],
        "a.shop.example"
    );

    let health = server.get("/api/health").json();
    assert_eq!(health["lists"]["psl"]["source"], "file");
    assert_eq!(health["lists"]["psl"]["path"], list.path());
    assert_eq!(health["lists"]["psl"]["version"], "test-2026-12-03");
    assert_eq!(health["lists"]["psl"]["icann_rules"], 1);
    assert_eq!(health["lists"]["psl"]["private_rules"], 1);
    assert_eq!(health["lists"]["top_domains"]["source"], "built-in");

    let baked = ServeProcess::start(Duration::from_secs(30));
    let health = baked.get("/api/health").json();
    assert_eq!(health["lists"]["psl"]["source"], "built-in");
    assert!(health["lists"]["psl"]["icann_rules"].as_u64().unwrap() > 6000);
    let reply = baked.post_json("/api/parse", &json!({ "input": ADDRESS }));
    assert_eq!(
        reply.json()["report"]["contact"]["key_v1"],
        "shop.example/x"
    );
}

#[cfg(feature = "sql")]
#[test]
fn a_sql_result_uses_the_loaded_list() {
    let list = ListFile::new("sql", LIST);
    let query = format!(
        "SELECT web_key_v1('{ADDRESS}') AS key, url_registrable_domain('{ADDRESS}') AS site"
    );
    let rows = |extra: &[&str]| {
        let mut args = vec!["sql", "--format", "json"];
        args.extend(extra);
        args.push(&query);
        let output = onecontact(&args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        serde_json::from_str::<Value>(text.lines().next().unwrap()).unwrap()
    };
    let baked = rows(&[]);
    assert_eq!(baked["key"], "shop.example/x");
    let loaded = rows(&["--psl", list.path()]);
    assert_eq!(loaded["key"], "a.shop.example/x");
    assert_eq!(loaded["site"], "a.shop.example");
}

#[test]
fn a_list_that_cannot_be_used_is_a_usage_error_naming_the_file() {
    let output = onecontact(&["key", "--psl", "/nonexistent/list.dat", ADDRESS]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--psl /nonexistent/list.dat"), "{stderr}");
    assert!(stderr.contains("cannot read"), "{stderr}");

    let bad = ListFile::new("bad", "uk\n");
    let output = onecontact(&["key", "--psl", bad.path(), ADDRESS]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(bad.path()), "{stderr}");
    assert!(stderr.contains("not a Public Suffix List"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn parse_icann_only_leaves_the_private_section_out() {
    let host = |args: &[&str]| {
        let v = json_of(&onecontact(args));
        let host = &v["report"]["host"];
        (
            host["registrable_domain"].as_str().map(str::to_owned),
            host["public_suffix"].as_str().map(str::to_owned),
        )
    };
    let url = "https://alice.github.io/blog";
    assert_eq!(
        host(&["parse", "--json", url]),
        (Some("alice.github.io".into()), Some("github.io".into()))
    );
    assert_eq!(
        host(&["parse", "--json", "--icann-only", url]),
        (Some("github.io".into()), Some("io".into()))
    );
    // An ICANN rule decides the same answer either way.
    assert_eq!(
        host(&["parse", "--json", "--icann-only", "www.bbc.co.uk"]),
        (Some("bbc.co.uk".into()), Some("co.uk".into()))
    );
    // With a loaded list, its own PRIVATE section is the one left out.
    let list = ListFile::new("icann", LIST);
    let loaded = |extra: &[&str]| {
        let mut args = vec!["parse", "--json", "--psl", list.path()];
        args.extend_from_slice(extra);
        args.push("https://a.b.shop.example/");
        host(&args)
    };
    assert_eq!(
        loaded(&[]),
        (Some("b.shop.example".into()), Some("shop.example".into()))
    );
    assert_eq!(
        loaded(&["--icann-only"]),
        (Some("shop.example".into()), Some("example".into()))
    );
}
