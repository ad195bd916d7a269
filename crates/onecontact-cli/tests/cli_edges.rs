//! The command as a person meets it, through the binary: one answer line for
//! scripts, exit statuses, error lines that name the command and the file,
//! help that lists what applies, and the link findings of `inspect`,
//! `facts` and `dedup`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = run(&all);
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stderr(&output)))
}

fn codes(report: &Value) -> Vec<String> {
    report["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap().to_owned())
        .collect()
}

fn temp_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("onecontact-edges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn key_canon_and_clean_print_one_answer_line() {
    let url = "WWW.Example.co.uk/Shop/index.html?utm_source=news&b=2&a=1#top";
    for (command, answer) in [
        ("key", "example.co.uk/shop?a=1&b=2"),
        ("canon", "https://www.example.co.uk/Shop/index.html?b=2&a=1"),
        (
            "clean",
            "https://www.example.co.uk/Shop/index.html?b=2&a=1#top",
        ),
    ] {
        let out = run(&[command, url]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out), format!("{answer}\n"), "{command}");
        assert_eq!(stderr(&out), "", "{command}");
        let report = stdout(&run(&[command, "--report", url]));
        assert!(report.starts_with(&format!("{answer}\n")), "{command}");
        assert!(report.lines().count() > 2, "{command} --report: {report}");
    }
}

#[test]
fn parse_shows_the_contact_layer() {
    let text = stdout(&run(&["parse", "WWW.Example.com/a?utm_source=x"]));
    assert!(text.contains("Contact layer"), "{text}");
    assert!(
        text.contains("canonical  https://www.example.com/a"),
        "{text}"
    );
    assert!(text.contains("key V1     example.com/a"), "{text}");
    // What the contact layer found is said once, among the findings at
    // the top, not again as its list of facts.
    assert!(
        text.contains("note: tracking parameters found: utm_source"),
        "{text}"
    );
    assert!(!text.contains("tracking_parameters_removed"), "{text}");
    let text = stdout(&run(&["parse", "mailto:a@example.com"]));
    assert!(text.contains("(non-web-scheme)"), "{text}");
}

#[test]
fn parse_names_each_character_of_one_validation_error_once() {
    let text = stdout(&run(&["parse", "https://example.com/?list[]=1"]));
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("invalid-URL-unit"))
        .collect();
    assert_eq!(rows.len(), 1, "{text}");
    assert!(rows[0].contains("at bytes 25 '[', 26 ']'"), "{}", rows[0]);
}

#[test]
fn inspect_fails_on_a_finding_when_asked() {
    let danger = "https://www.paypal.com@198.51.100.7/";
    assert_eq!(run(&["inspect", danger]).status.code(), Some(0));
    assert_eq!(
        run(&["inspect", "--fail-on", "danger", danger])
            .status
            .code(),
        Some(3)
    );
    assert_eq!(
        run(&["inspect", "--fail-on", "danger", "https://www.example.com/"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        run(&["inspect", "--fail-on", "info", "https://xn--mnchen-3ya.de/"])
            .status
            .code(),
        Some(3)
    );
    assert_eq!(
        run(&["inspect", "--json", "--fail-on", "warning", danger])
            .status
            .code(),
        Some(3)
    );
    // An invalid link is status 1 whatever --fail-on says.
    assert_eq!(
        run(&["inspect", "--fail-on", "danger", "https://exa mple.com/"])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn errors_name_the_command_and_the_file() {
    let dir = temp_dir();
    let dir_arg = dir.to_str().unwrap();
    let out = run(&["key", "--input", dir_arg]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "", "no header before the error");
    assert!(
        stderr(&out).starts_with(&format!("onecontact key: {dir_arg}: Is a directory")),
        "{}",
        stderr(&out)
    );
    let out = run(&["facts", "--input", "/nonexistent/list.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "onecontact facts: /nonexistent/list.txt: No such file or directory\n"
    );
    let out = run(&["dedup"]);
    assert!(
        stderr(&out).starts_with("onecontact dedup: "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn help_lists_only_what_applies() {
    let serve = stdout(&run(&["serve", "--help"]));
    assert!(
        !serve.contains("--json") && !serve.contains("--color"),
        "{serve}"
    );
    for command in ["rebuild", "compare", "resolve", "encode", "decode"] {
        let help = stdout(&run(&[command, "--help"]));
        assert!(help.contains("--json"), "{command}: {help}");
        for batch in ["--input", "JSON Lines", "batch"] {
            assert!(
                !help.contains(batch),
                "{command} --help mentions {batch}: {help}"
            );
        }
    }
    let key = stdout(&run(&["key", "--help"]));
    assert!(key.contains("--input") && key.contains("--report"), "{key}");
    // The lists are options of the commands that answer with them only.
    for command in ["clean", "rebuild", "encode", "decode", "resolve", "match"] {
        let help = stdout(&run(&[command, "--help"]));
        for list in ["--psl", "--top-domains"] {
            assert!(
                !help.contains(list),
                "{command} --help mentions {list}: {help}"
            );
        }
    }
    for command in [
        "parse", "canon", "key", "facts", "compare", "inspect", "dedup", "serve",
    ] {
        assert_takes_the_lists(&[command, "--help"]);
    }
    // Before the subcommand's name they are taken too.
    assert_refuses_a_missing_list(
        &["--psl", "/nonexistent/list.dat", "key", "example.com"],
        "onecontact key: --psl /nonexistent/list.dat",
    );
    // --json before the subcommand's name still works.
    let v: Value = serde_json::from_slice(&run(&["--json", "key", "example.com"]).stdout).unwrap();
    assert_eq!(v["key"], "example.com");
}

#[test]
fn serve_says_how_to_write_the_address() {
    let out = run(&["serve", "--addr", "example.com:8080"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stderr(&out);
    assert!(
        text.contains("host names other than localhost are not taken"),
        "{text}"
    );
    assert!(text.contains("127.0.0.1:8080"), "{text}");
    let out = run(&["serve", "--addr", "localhost"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("has no port"), "{}", stderr(&out));
}

/// `localhost:PORT` and `:PORT` listen on the loopback address.
#[test]
fn serve_listens_on_loopback_for_localhost_and_a_bare_port() {
    use std::io::BufRead;
    for addr in ["localhost:0", ":0"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onecontact"))
            .args(["serve", "--addr", addr])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = std::io::BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(std::time::Duration::from_secs(20));
        let _ = child.kill();
        let _ = child.wait();
        let line = line.unwrap();
        assert!(
            line.starts_with("listening on http://127.0.0.1:"),
            "{addr}: {line}"
        );
    }
}

#[test]
fn decode_names_the_bytes_that_are_not_utf8() {
    let out = run(&["decode", "a%2Fb%FF"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let text = stderr(&out);
    assert!(text.starts_with("onecontact decode: "), "{text}");
    assert!(text.contains("%FF at byte 5 is the byte FF"), "{text}");
    assert!(!text.contains('\u{FFFD}'), "{text}");
    let out = run(&["decode", "--json", "a%2Fb%FF"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["invalid_utf8"], true);
}

#[test]
fn one_address_is_not_addresses() {
    let dir = temp_dir();
    let file = dir.join("one.txt");
    std::fs::write(&file, "example.com\n").unwrap();
    let out = run(&["key", "--input", file.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("onecontact key: 1 address, 1 ok, 0 failed"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn inspect_shows_what_an_rfc3986_parser_reads() {
    let v = json(&["inspect", "https://evil.com\\@www.bank.com/login"]);
    assert_eq!(v["real_host"], "evil.com");
    let w = &v["warnings"][0];
    assert_eq!(w["code"], "parser-differential");
    assert_eq!(w["severity"], "danger");
    assert_eq!(w["character"], "\\");
    assert_eq!(w["position"], 16);
    assert!(w["message"].as_str().unwrap().contains("www.bank.com"));
    assert_eq!(v["parser_differential"]["rfc3986"]["host"], "www.bank.com");
    assert_eq!(v["parser_differential"]["reasons"][0], "backslash");
    let v = json(&["inspect", "http://0x7f.1/"]);
    assert!(codes(&v).contains(&"parser-differential".to_owned()));
    assert_eq!(v["parser_differential"]["reasons"][0], "ipv4-form");
}

#[test]
fn paste_errors_in_the_scheme() {
    for (text, host) in [
        ("https://https://www.bank.com/login", "https"),
        ("https//www.example.com/a", "https"),
        ("http:/x.example", "x.example"),
        ("htps://www.example.com/", "www.example.com"),
    ] {
        let v = json(&["inspect", text]);
        assert_eq!(v["real_host"], host, "{text}");
        assert!(
            codes(&v).contains(&"mistyped-scheme".to_owned()),
            "{text}: {v}"
        );
        let facts = json(&["facts", text]);
        assert!(
            facts["facts"]
                .as_array()
                .unwrap()
                .contains(&Value::from("scheme_mistyped")),
            "{text}: {facts}"
        );
    }
    let v = json(&["inspect", "https://https://www.bank.com/login"]);
    let w = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["code"] == "mistyped-scheme")
        .unwrap();
    assert_eq!(w["evidence"], "https://www.bank.com/login");
    // Key V1 is frozen: the paste error is a fact, not a new key.
    assert_eq!(
        stdout(&run(&["key", "https://https://www.example.com/a"])),
        "https/www.example.com/a\n"
    );
    let facts = json(&["facts", "https://www.example.com/"]);
    assert!(
        !facts["facts"]
            .as_array()
            .unwrap()
            .contains(&Value::from("scheme_mistyped"))
    );
}

#[test]
fn encoded_path_traversal() {
    for text in [
        "https://example.com/%2F..%2Fadmin",
        "https://example.com/a/../../..%2f..%2fetc/passwd",
        "https://example.com/..%5C..%5Cwindows/win.ini",
    ] {
        let v = json(&["inspect", text]);
        assert!(
            codes(&v).contains(&"encoded-dot-segment".to_owned()),
            "{text}: {v}"
        );
    }
    let v = json(&["inspect", "https://example.com/a%2Fb/c"]);
    assert!(!codes(&v).contains(&"encoded-dot-segment".to_owned()));
}

#[test]
fn dedup_says_when_it_merged_different_hosts() {
    let dir = temp_dir();
    let file = dir.join("sites.txt");
    std::fs::write(
        &file,
        "https://alice.tumblr.com/\nhttps://bob.tumblr.com/\nhttps://www.example.com/x\nexample.com/x\n",
    )
    .unwrap();
    // Key V2 (the default) keeps the two Tumblr blogs apart, and says so.
    let out = run(&["dedup", "--input", file.to_str().unwrap()]);
    assert!(!stdout(&out).contains("hosts merged"), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("key V2: 3 distinct keys, 1 with duplicates, 0 merging"),
        "{}",
        stderr(&out)
    );
    let out = run(&[
        "dedup",
        "--key-version",
        "1",
        "--input",
        file.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("2 hosts merged by key V1")
            && text.contains("alice.tumblr.com, bob.tumblr.com"),
        "{text}"
    );
    assert_eq!(text.matches("hosts merged").count(), 1, "{text}");
    assert!(
        stderr(&out).contains("1 merging different hosts"),
        "{}",
        stderr(&out)
    );
    let out = run(&[
        "dedup",
        "--key-version",
        "1",
        "--json",
        "--input",
        file.to_str().unwrap(),
    ]);
    let groups: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        groups[0]["hosts"],
        serde_json::json!(["alice.tumblr.com", "bob.tumblr.com"])
    );
    assert_eq!(groups[1]["hosts"], serde_json::json!(["example.com"]));
}

#[test]
fn one_finding_one_line() {
    let v = json(&[
        "inspect",
        "https://x.example/?token=a&password=b&api_key=c&page=2",
    ]);
    let secrets: Vec<&Value> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["code"] == "secret-in-query")
        .collect();
    assert_eq!(secrets.len(), 1, "{v}");
    let message = secrets[0]["message"].as_str().unwrap();
    for name in ["token", "password", "api_key"] {
        assert!(message.contains(name), "{message}");
    }
    assert!(!message.contains("page"), "{message}");
    assert_eq!(secrets[0]["evidence"], "token, password, api_key");

    let v = json(&["inspect", "https://xn--xample-bank-nkj.com/"]);
    assert_eq!(v["display"]["labels"][0]["character"], "U+0435");
    let w = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["code"] == "mixed-script-label")
        .unwrap();
    assert_eq!(w["character"], "\u{435}");
    // Written as xn--, the character is not in the text: no position.
    assert!(w["position"].is_null(), "{w}");
    // Written in Unicode, the position is where it stands in the text as
    // given (scheme written or assumed, spaces around it).
    for text in [
        "https://\u{435}xample-bank.com/",
        "  \u{435}xample-bank.com/",
        "https://www.\u{435}xample-bank.com/",
    ] {
        let v = json(&["inspect", text]);
        let w = v["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["code"] == "mixed-script-label")
            .unwrap_or_else(|| panic!("{v}"));
        assert_eq!(w["character"], "\u{435}", "{text}: {w}");
        let at = usize::try_from(
            w["position"]
                .as_u64()
                .unwrap_or_else(|| panic!("{text}: {w}")),
        )
        .unwrap();
        assert_eq!(
            text.get(at..).and_then(|t| t.chars().next()),
            Some('\u{435}'),
            "{text}: {w}"
        );
    }
}

#[cfg(feature = "sql")]
#[test]
fn sql_and_the_cluster_processes_take_the_lists() {
    for command in [
        &["sql", "--help"][..],
        &["cluster", "scheduler", "--help"],
        &["cluster", "executor", "--help"],
    ] {
        assert_takes_the_lists(command);
    }
    assert_refuses_a_missing_list(
        &["cluster", "executor", "--psl", "/nonexistent/list.dat"],
        "onecontact cluster: --psl /nonexistent/list.dat",
    );
}

/// The help that `args` print lists `--psl` and `--top-domains-only`.
fn assert_takes_the_lists(args: &[&str]) {
    let help = stdout(&run(args));
    assert!(
        help.contains("--psl") && help.contains("--top-domains-only"),
        "{args:?}: {help}"
    );
}

/// `args` name a list file that does not exist: a usage error that says so.
fn assert_refuses_a_missing_list(args: &[&str], message: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(message), "{}", stderr(&out));
}

#[test]
fn key_version_2_reads_pastes_unwraps_and_refuses() {
    let out = run(&[
        "key",
        "--key-version",
        "2",
        "\"https://Scmga.tripod.com/About.html\"",
    ]);
    assert_eq!(stdout(&out), "scmga.tripod.com/About.html\n");
    // V1 stays the default of `key`.
    let out = run(&["key", "https://scmga.tripod.com/About.html"]);
    assert_eq!(stdout(&out), "tripod.com/about.html\n");
    let out = run(&["key", "--key-version", "2", "n/a"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("not a web address"),
        "{}",
        stderr(&out)
    );
    let wrapped = "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.example.com%2FA&data=05%7C02&reserved=0";
    let out = run(&["key", "--key-version", "2", "--report", wrapped]);
    let text = stdout(&out);
    assert!(text.starts_with("example.com/A\n"), "{text}");
    assert!(
        text.contains("unwrapped: a Microsoft Defender Safe Links wrapper"),
        "{text}"
    );
    // Batch: one row a line, the refused ones as errors.
    let dir = temp_dir();
    let file = dir.join("keys.txt");
    std::fs::write(
        &file,
        "https://youtu.be/dQw4w9WgXcQ?si=x\nnone\n<https://example.com/>\n",
    )
    .unwrap();
    let out = run(&[
        "key",
        "--key-version",
        "2",
        "--input",
        file.to_str().unwrap(),
        "-q",
    ]);
    let text = stdout(&out);
    assert!(text.contains("youtu.be/dQw4w9WgXcQ"), "{text}");
    assert!(text.contains("\texample.com"), "{text}");
}

#[test]
fn clean_unwraps_and_uses_key_v2s_table() {
    let wrapped = "https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2Fa%3Fid%3D1%26_hsenc%3Dx%26mkt_tok%3Dy&h=AT0";
    let out = run(&["clean", "--unwrap", wrapped]);
    assert_eq!(stdout(&out), "https://example.com/a?id=1\n");
    let out = run(&["clean", wrapped]);
    assert!(
        stdout(&out).starts_with("https://l.facebook.com/l.php?u="),
        "{}",
        stdout(&out)
    );
}

#[test]
fn compare_explains_key_v2() {
    let out = run(&[
        "compare",
        "https://scmga.tripod.com/",
        "https://stumphollow.tripod.com/",
    ]);
    let text = stdout(&out);
    assert!(text.contains("same key V2    no"), "{text}");
    assert!(text.contains("hosting owner kept"), "{text}");
}
