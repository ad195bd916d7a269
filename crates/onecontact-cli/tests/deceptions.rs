//! Links that show a reader another host than the one they go to: a host
//! spelled in the query or fragment, and defanged links read back.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::process::Command;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn codes(report: &Value) -> Vec<String> {
    report["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_host_spelled_in_the_fragment_or_query_is_a_danger() {
    for link in [
        "http://evil.com#@www.bank.com/",
        "http://evil.com?@www.bank.com/",
    ] {
        let r = json(&["inspect", link]);
        assert_eq!(r["real_host"], "evil.com", "{link}");
        let w = r["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["code"] == "host-spelled-after-host")
            .unwrap_or_else(|| panic!("{link}: {r}"));
        assert_eq!(w["severity"], "danger");
        assert_eq!(w["evidence"], "www.bank.com");
        assert_eq!(w["position"], 16);
    }
    let r = json(&["inspect", "https://example.com/?q=www.bank.com#top"]);
    assert!(!codes(&r).contains(&"host-spelled-after-host".to_owned()));
}

#[test]
fn defanged_links_are_read_as_the_links_they_stand_for() {
    for (link, host, url) in [
        (
            "hxxps://evil[.]com/path",
            "evil.com",
            "https://evil.com/path",
        ),
        ("evil(.)com", "evil.com", "https://evil.com/"),
        (
            "hxxp[:]//login[.]bank-secure(.)example/x",
            "login.bank-secure.example",
            "http://login.bank-secure.example/x",
        ),
    ] {
        let r = json(&["inspect", link]);
        assert!(r["error"].is_null(), "{link}: {r}");
        assert_eq!(r["real_host"], host, "{link}");
        assert_eq!(r["url"], url, "{link}");
        let codes = codes(&r);
        assert!(
            codes.contains(&"defanged-link".to_owned()),
            "{link}: {codes:?}"
        );
        assert!(
            !codes.contains(&"mistyped-scheme".to_owned()),
            "{link}: {codes:?}"
        );
    }
}

#[test]
fn defang_writes_what_inspect_reads_back() {
    let link = "https://user@login.evil.example:8443/a.html?x=1.5#p.q";
    let out = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["defang", link])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let defanged = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        defanged,
        "hxxps://user@login[.]evil[.]example:8443/a.html?x=1.5#p.q\n"
    );
    let r = json(&["inspect", defanged.trim()]);
    assert_eq!(r["url"], link);
    let r = json(&["defang", link]);
    assert_eq!(r["defanged"], defanged.trim());
    assert_eq!(r["input"], link);
}
