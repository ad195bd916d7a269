//! Runs `onecontact serve --addr 127.0.0.1:0` and talks HTTP to it: every
//! route with its success and refusal replies, the page, each error status,
//! 100 concurrent clients, start-up failure and graceful shutdown.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "support/serve.rs"]
mod serve;

use serve::{Reply, ServeProcess, http as agent};

/// A running server; dropping it kills the process.
struct Server {
    serve: ServeProcess,
}

impl Server {
    fn start() -> Server {
        let serve = ServeProcess::start(Duration::from_secs(20));
        let base = &serve.base;
        assert!(base.starts_with("http://127.0.0.1:"), "{base}");
        assert!(!base.ends_with(":0"), "the real port is printed: {base}");
        Server { serve }
    }

    /// `127.0.0.1:PORT`
    fn addr(&self) -> &str {
        self.serve.addr()
    }

    fn url(&self, path: &str) -> String {
        self.serve.url(path)
    }

    /// POSTs `body` as JSON, checks that the reply has `status` and
    /// returns the parsed reply.
    fn post(&self, path: &str, body: &Value, status: u16) -> Value {
        let reply = self.serve.post_json(path, body);
        assert_eq!(reply.status, status, "{}", short(&reply.body));
        reply.json()
    }

    fn post_raw(&self, path: &str, content_type: &str, body: &[u8]) -> Reply {
        self.serve.post(path, content_type, body)
    }

    fn get(&self, path: &str) -> Reply {
        self.serve.get(path)
    }
}

/// The start of a long text, for failure messages.
fn short(text: &str) -> String {
    text.chars().take(400).collect()
}

/// Checks an error reply: status, `error.code`, and a non-empty message.
fn assert_error(reply: &Reply, status: u16, code: &str) -> String {
    assert_eq!(reply.status, status, "{}", short(&reply.body));
    assert!(
        reply.header("content-type").starts_with("application/json"),
        "{}",
        reply.header("content-type")
    );
    let body = reply.json();
    assert_eq!(body["error"]["code"], code, "{}", short(&body.to_string()));
    let message = error_message(&body).to_owned();
    assert!(!message.is_empty());
    message
}

fn assert_security_headers(reply: &Reply) {
    assert_eq!(
        reply.header("content-security-policy"),
        "default-src 'self'"
    );
    assert_eq!(reply.header("x-content-type-options"), "nosniff");
}

/// The string `key` of every object in the array `list`, in order.
fn each<'a>(list: &'a Value, key: &str) -> Vec<&'a str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item[key].as_str().unwrap())
        .collect()
}

/// `error.message` of a refusal.
fn error_message(body: &Value) -> &str {
    body["error"]["message"].as_str().unwrap()
}

// ---------------------------------------------------------------- routes

#[test]
fn parse_reports_parts_contact_and_inspection() {
    let server = Server::start();
    let body = server.post(
        "/api/parse",
        &json!({"input": "https://www.paypal.com@198.51.100.7/secure/login"}),
        200,
    );
    let report = &body["report"];
    assert_eq!(
        report["href"],
        "https://www.paypal.com@198.51.100.7/secure/login"
    );
    assert_eq!(report["parts"]["username"], "www.paypal.com");
    assert_eq!(report["parts"]["host"], "198.51.100.7");
    assert_eq!(report["host"]["kind"], "ipv4");
    assert_eq!(report["path_segments"][1]["decoded"], "login");
    assert_eq!(report["max_severity"], "danger");
    let codes = each(&report["findings"], "code");
    assert!(codes.contains(&"userinfo-looks-like-host"), "{codes:?}");
    assert!(codes.contains(&"ip-address-host"), "{codes:?}");
    assert_eq!(report["contact"]["key_v1"], "198.51.100.7/secure/login");
    assert!(report["contact_error"].is_null());
    // One document: each fact once, at the top level of the report.
    for gone in ["inspection", "contact", "contact_error"] {
        assert!(body.get(gone).is_none(), "{gone}: {body}");
    }
    assert!(report["contact"].get("url").is_none(), "{report}");
    assert!(report["contact"].get("input").is_none(), "{report}");
}

#[test]
fn parse_gives_one_warning_per_finding() {
    let server = Server::start();
    let body = server.post(
        "/api/parse",
        &json!({"input": "https://user:pw@example.com/"}),
        200,
    );
    // The user name and the password, each once; the URL Standard's
    // `invalid-credentials` is said by the first of them.
    let codes = each(&body["report"]["findings"], "code");
    assert_eq!(codes, ["userinfo-before-host", "password-in-url"], "{body}");
    assert_eq!(
        body["report"]["findings"][0]["covers"],
        json!(["invalid-credentials"])
    );
    assert_eq!(body["report"]["parts"]["default_port"], 443);
}

#[test]
fn parse_reads_options_and_reports_contact_errors() {
    let server = Server::start();
    // The scheme is assumed by default, with a note saying so.
    let body = server.post(
        "/api/parse",
        &json!({"input": "www.example.com/a?q=caf%C3%A9"}),
        200,
    );
    assert_eq!(
        body["report"]["href"],
        "https://www.example.com/a?q=caf%C3%A9"
    );
    assert_eq!(body["report"]["query_params"][0]["value"], "café");
    assert_eq!(body["report"]["findings"][0]["code"], "scheme-assumed");
    assert_eq!(
        body["report"]["contact"]["key_v1"],
        "example.com/a?q=caf%C3%A9"
    );

    // Without assuming https, the same text is refused.
    let body = server.post(
        "/api/parse",
        &json!({"input": "www.example.com", "assume_https": false}),
        422,
    );
    assert_eq!(body["error"]["code"], "web.invalid-url");
    assert_eq!(
        body["error"]["validation_error"],
        "missing-scheme-non-relative-URL"
    );

    // A relative reference against a base: the one reading resolves it,
    // and the host, the warnings and the contact facts are those of the
    // URL it resolved to.
    let body = server.post(
        "/api/parse",
        &json!({"input": "../guide?page=2", "base": "https://example.com/docs/a/"}),
        200,
    );
    assert_eq!(
        body["report"]["href"],
        "https://example.com/docs/guide?page=2"
    );
    assert_eq!(body["report"]["parts"]["host"], "example.com");
    assert_eq!(
        body["report"]["findings"][0]["code"], "resolved-against-base",
        "{body}"
    );
    let body = server.post(
        "/api/parse",
        &json!({"input": "?page=2", "base": "https://example.com/list"}),
        200,
    );
    assert_eq!(body["report"]["href"], "https://example.com/list?page=2");
    assert_eq!(
        body["report"]["contact"]["canonical"], "https://example.com/list?page=2",
        "{body}"
    );
    // A blank base is no base.
    let body = server.post(
        "/api/parse",
        &json!({"input": "example.com", "base": "  "}),
        200,
    );
    assert_eq!(body["report"]["href"], "https://example.com/");
}

#[test]
fn parse_refusals_are_422_with_the_tool_error() {
    let server = Server::start();
    let body = server.post("/api/parse", &json!({"input": "   "}), 422);
    assert_eq!(body["error"]["code"], "web.host-missing");
    assert_eq!(body["error"]["message"], "the address is empty");
    assert!(body["error"]["validation_error"].is_null());
    assert!(body["error"].get("offset").is_some());

    let body = server.post("/api/parse", &json!({"input": "/only/a/path"}), 422);
    assert_eq!(body["error"]["code"], "web.invalid-url");

    let body = server.post(
        "/api/parse",
        &json!({"input": "https://example.com:99999/"}),
        422,
    );
    assert_eq!(body["error"]["code"], "web.invalid-port");
    assert_eq!(body["error"]["validation_error"], "port-out-of-range");
    assert!(body["error"]["offset"].is_u64());
}

#[test]
fn inspect_reports_warnings_and_errors_in_the_report() {
    let server = Server::start();
    let body = server.post(
        "/api/inspect",
        &json!({"input": "https://paypal.com.secure-login.example/verify"}),
        200,
    );
    let report = &body["report"];
    assert_eq!(report["real_host"], "paypal.com.secure-login.example");
    assert!(each(&report["warnings"], "code").contains(&"domain-in-subdomain"));

    // Text that is not a URL still gets a report, with the reason in it.
    let body = server.post("/api/inspect", &json!({"input": "not a url"}), 200);
    assert_eq!(body["report"]["error"]["code"], "web.invalid-host");
    assert!(body["report"]["url"].is_null());
}

#[test]
fn clean_removes_tracking_parameters() {
    let server = Server::start();
    let body = server.post(
        "/api/clean",
        &json!({"input": "https://shop.example/item?id=7&utm_source=news&fbclid=abc#top"}),
        200,
    );
    let report = &body["report"];
    assert_eq!(report["cleaned"], "https://shop.example/item?id=7#top");
    assert_eq!(each(&report["removed"], "name"), ["utm_source", "fbclid"]);

    let body = server.post("/api/clean", &json!({"input": "?utm_source=x"}), 422);
    assert_eq!(body["error"]["code"], "web.invalid-url");
}

#[test]
fn rebuild_applies_edits_in_order() {
    let server = Server::start();
    let body = server.post(
        "/api/rebuild",
        &json!({
            "input": "https://example.com/p?x=1&q=old#frag",
            "edits": [
                {"kind": "set", "field": "host", "value": "example.org:8080"},
                {"kind": "set", "field": "pathname", "value": "/new path"},
                {"kind": "param", "name": "q", "value": "a b"},
                {"kind": "drop_param", "name": "x"},
                {"kind": "set", "field": "hash", "value": ""},
            ]
        }),
        200,
    );
    let report = &body["report"];
    assert_eq!(report["original"], "https://example.com/p?x=1&q=old#frag");
    assert_eq!(report["url"], "https://example.org:8080/new%20path?q=a+b");
    assert_eq!(report["steps"].as_array().unwrap().len(), 5);
    assert_eq!(report["steps"][0]["field_value"], "example.org:8080");
    assert_eq!(report["steps"][0]["changed"], true);

    // No edits: the normalized URL.
    let body = server.post(
        "/api/rebuild",
        &json!({"input": "HTTPS://EXAMPLE.com", "edits": []}),
        200,
    );
    assert_eq!(body["report"]["url"], "https://example.com/");
}

#[test]
fn rebuild_refusals_are_422_and_unknown_fields_400() {
    let server = Server::start();
    let body = server.post(
        "/api/rebuild",
        &json!({
            "input": "https://example.com/",
            "edits": [{"kind": "set", "field": "port", "value": "99999"}]
        }),
        422,
    );
    assert_eq!(body["error"]["code"], "refused");
    let message = error_message(&body);
    assert!(
        message.contains("port") && message.contains("99999"),
        "{message}"
    );

    let body = server.post(
        "/api/rebuild",
        &json!({
            "input": "https://example.com/",
            "edits": [{"kind": "set", "field": "colour", "value": "red"}]
        }),
        400,
    );
    assert_eq!(body["error"]["code"], "bad-json");
    let message = error_message(&body);
    assert!(
        message.contains("colour") && message.contains("hostname"),
        "{message}"
    );

    let body = server.post(
        "/api/rebuild",
        &json!({"input": "https://example.com/", "edits": [{"kind": "explode"}]}),
        400,
    );
    assert!(error_message(&body).contains("explode"));
}

#[test]
fn resolve_reference_against_base() {
    let server = Server::start();
    let body = server.post(
        "/api/resolve",
        &json!({"base": "https://example.com/docs/a/b", "reference": "../guide?x=1"}),
        200,
    );
    assert_eq!(body["report"]["url"], "https://example.com/docs/guide?x=1");
    assert_eq!(body["report"]["reference_kind"], "path-relative");

    let body = server.post(
        "/api/resolve",
        &json!({"base": "https://example.com/docs/", "reference": "//cdn.example/x.js"}),
        200,
    );
    assert_eq!(body["report"]["url"], "https://cdn.example/x.js");

    let body = server.post(
        "/api/resolve",
        &json!({"base": "/docs", "reference": "x"}),
        422,
    );
    assert_eq!(body["error"]["code"], "web.invalid-url");
    assert_eq!(body["error"]["role"], "base");
    assert!(error_message(&body).contains("base URL"));
}

#[test]
fn compare_two_addresses() {
    let server = Server::start();
    let body = server.post(
        "/api/compare",
        &json!({"first": "https://Example.com/a?utm_source=x", "second": "example.com/a"}),
        200,
    );
    let report = &body["report"];
    assert_eq!(report["same_url"], false);
    assert_eq!(report["same_key"], true);
    assert_eq!(report["verdict"], "same-key");
    let codes = each(&report["differences"], "code");
    assert!(codes.contains(&"tracking-parameters"), "{codes:?}");

    let body = server.post(
        "/api/compare",
        &json!({"first": "https://example.com/", "second": "http://[::1"}),
        422,
    );
    assert_eq!(body["error"]["validation_error"], "IPv6-unclosed");
    assert_eq!(body["error"]["role"], "second");
}

#[test]
fn health_reports_the_version() {
    let server = Server::start();
    let reply = server.get("/api/health");
    assert_eq!(reply.status, 200);
    assert_security_headers(&reply);
    let body = reply.json();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    // The built-in lists (tests/loaded_psl.rs checks a loaded one).
    assert_eq!(body["lists"]["psl"]["source"], "built-in");
    assert_eq!(body["lists"]["psl"]["path"], Value::Null);
    assert!(body["lists"]["psl"]["version"].is_string(), "{body}");
    assert_eq!(body["lists"]["top_domains"]["source"], "built-in");
    assert!(body["lists"]["top_domains"]["entries"].as_u64().unwrap() >= 8462);
}

// ------------------------------------------------------------------ page

fn page_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("src/serve/page")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_page_and_its_files_are_served_with_security_headers() {
    let server = Server::start();
    for (path, file, content_type) in [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/style.css", "style.css", "text/css"),
        ("/app.js", "app.js", "text/javascript"),
    ] {
        let reply = server.get(path);
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("content-type"), content_type, "{path}");
        assert_security_headers(&reply);
        assert_eq!(reply.body, page_file(file), "{path}");
    }
    assert!(
        server
            .get("/")
            .body
            .to_ascii_lowercase()
            .starts_with("<!doctype html>")
    );
}

// ---------------------------------------------------------------- errors

#[test]
fn malformed_json_is_400_saying_what_and_where() {
    let server = Server::start();
    let reply = server.post_raw("/api/parse", "application/json", b"{\"input\": ");
    let message = assert_error(&reply, 400, "bad-json");
    assert!(message.contains("line 1 column"), "{message}");
    assert_security_headers(&reply);

    let reply = server.post_raw("/api/parse", "application/json", b"{\"input\": 5}");
    let message = assert_error(&reply, 400, "bad-json");
    assert!(
        message.contains("input") && message.contains("string"),
        "{message}"
    );

    let reply = server.post_raw("/api/compare", "application/json", b"{\"first\": \"a\"}");
    let message = assert_error(&reply, 400, "bad-json");
    assert!(message.contains("second"), "{message}");

    // A string instead of an object, no body at all, nesting far beyond the
    // JSON parser's depth limit, and bytes that are not UTF-8.
    let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    for body in [
        &b"\"https://example.com\""[..],
        b"",
        deep.as_bytes(),
        b"{\"input\": \"\xff\"}",
    ] {
        let reply = server.post_raw("/api/parse", "application/json", body);
        assert_error(&reply, 400, "bad-json");
    }
}

#[test]
fn a_body_over_64_kib_is_413() {
    let server = Server::start();
    let input = "a".repeat(70 * 1024);
    let body = json!({ "input": input }).to_string();
    let reply = server.post_raw("/api/parse", "application/json", body.as_bytes());
    let message = assert_error(&reply, 413, "too-large");
    assert!(message.contains("65536"), "{message}");
    assert_security_headers(&reply);

    // Just under the limit is read.
    let input = format!("https://example.com/{}", "a".repeat(60 * 1024));
    server.post("/api/clean", &json!({ "input": input }), 200);
}

/// Sends `request` on a new connection and returns everything the server
/// sends back until it closes the connection.
fn raw_exchange(addr: &str, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    String::from_utf8_lossy(&reply).into_owned()
}

/// A POST with a chunked body (no Content-Length), one chunk per item.
fn chunked_post(path: &str, chunks: &[&str]) -> Vec<u8> {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    for chunk in chunks {
        request.push_str(&format!("{:X}\r\n{chunk}\r\n", chunk.len()));
    }
    request.push_str("0\r\n\r\n");
    request.into_bytes()
}

#[test]
fn a_chunked_body_over_64_kib_is_413() {
    let server = Server::start();
    let filler = "a".repeat(8 * 1024);
    let mut chunks = vec!["{\"input\":\""];
    chunks.extend(std::iter::repeat_n(filler.as_str(), 9));
    chunks.push("\"}");
    let reply = raw_exchange(server.addr(), &chunked_post("/api/parse", &chunks));
    assert!(reply.starts_with("HTTP/1.1 413"), "{}", short(&reply));
    assert!(reply.contains("\"code\":\"too-large\""), "{reply}");

    // The same framing with a small body is answered.
    let chunks = ["{\"input\":\"", "example.com/?utm_medium=x&b=2", "\"}"];
    let reply = raw_exchange(server.addr(), &chunked_post("/api/clean", &chunks));
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(
        reply.contains("\"cleaned\":\"https://example.com/?b=2\""),
        "{reply}"
    );
}

#[test]
fn a_body_that_is_not_json_is_415() {
    let server = Server::start();
    let body = br#"{"input": "https://example.com/"}"#;
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let reply = server.post_raw("/api/parse", content_type, body);
        let message = assert_error(&reply, 415, "unsupported-media-type");
        assert!(message.contains("application/json"), "{message}");
    }
    // No Content-Type at all.
    let reply = Reply::from(
        agent()
            .post(server.url("/api/parse"))
            .send(&body[..])
            .unwrap(),
    );
    assert_error(&reply, 415, "unsupported-media-type");
    // A charset parameter is fine.
    let reply = server.post_raw("/api/parse", "application/json; charset=utf-8", body);
    assert_eq!(reply.status, 200, "{}", reply.body);
}

#[test]
fn unknown_routes_are_404_json() {
    let server = Server::start();
    for path in ["/api/nothing", "/nothing", "/index.html", "/api"] {
        let reply = server.get(path);
        let message = assert_error(&reply, 404, "not-found");
        assert!(message.contains(path), "{message}");
        assert_security_headers(&reply);
    }
    let reply = server.post_raw("/api/parse/extra", "application/json", b"{}");
    assert_error(&reply, 404, "not-found");
}

#[test]
fn a_wrong_method_is_405_json() {
    let server = Server::start();
    let reply = server.get("/api/parse");
    assert_error(&reply, 405, "method-not-allowed");
    assert_eq!(reply.header("allow"), "POST");
    assert_security_headers(&reply);

    let reply = server.post_raw("/", "application/json", b"{}");
    assert_error(&reply, 405, "method-not-allowed");

    let reply = Reply::from(agent().delete(server.url("/api/health")).call().unwrap());
    assert_error(&reply, 405, "method-not-allowed");
}

#[test]
fn garbage_on_the_wire_does_not_stop_the_server() {
    let server = Server::start();
    for request in [
        &b"\x00\x01\x02 not http at all\r\n\r\n"[..],
        b"GET / HTTP/9.9\r\n\r\n",
        b"POST /api/parse HTTP/1.1\r\nContent-Length: banana\r\n\r\n",
        b"POST /api/parse HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n",
    ] {
        let mut stream = TcpStream::connect(server.addr()).unwrap();
        stream.write_all(request).unwrap();
        // Close without waiting for a reply.
    }
    let reply = server.get("/api/health");
    assert_eq!(reply.status, 200);
}

// ----------------------------------------------------------- concurrency

#[test]
fn a_hundred_concurrent_clients_get_their_own_answers() {
    let server = Server::start();
    let url = server.url("/api/parse");
    let barrier = Arc::new(Barrier::new(100));
    let threads: Vec<_> = (0..100)
        .map(|i| {
            let url = url.clone();
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                let agent = agent();
                barrier.wait();
                let input = format!("shop{i}.example/item/{i}?utm_source=t{i}&n={i}");
                let response = agent
                    .post(&url)
                    .header("Content-Type", "application/json")
                    .send(json!({ "input": input }).to_string())
                    .unwrap();
                let reply = Reply::from(response);
                (i, reply.status, reply.json())
            })
        })
        .collect();
    for thread in threads {
        let (i, status, body) = thread.join().unwrap();
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["report"]["href"],
            format!("https://shop{i}.example/item/{i}?utm_source=t{i}&n={i}")
        );
        assert_eq!(
            body["report"]["contact"]["canonical"],
            format!("https://shop{i}.example/item/{i}?n={i}")
        );
    }
    let reply = server.get("/api/health");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["status"], "ok");
}

// ------------------------------------------------------- start and stop

#[test]
fn a_taken_address_is_a_clear_error_not_a_panic() {
    let server = Server::start();
    let output = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["serve", "--addr", server.addr()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot listen on"), "{stderr}");
    assert!(stderr.contains(server.addr()), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let output = Command::new(env!("CARGO_BIN_EXE_onecontact"))
        .args(["serve", "--addr", "localhost-ish"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--addr"));
}

/// Sends SIGTERM and waits (at most 10 s) for a clean exit.
#[cfg(unix)]
fn terminate_and_wait(server: &mut Server) {
    let status = Command::new("kill")
        .args(["-TERM", &server.serve.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    loop {
        if let Some(exit) = server.serve.child.try_wait().unwrap() {
            assert!(exit.success(), "{exit:?}");
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the server did not stop"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_gracefully() {
    // After serving a request.
    let mut server = Server::start();
    assert_eq!(server.get("/api/health").status, 200);
    terminate_and_wait(&mut server);
    // Nothing listens any more.
    assert!(TcpStream::connect(server.addr()).is_err());

    // Right after the `listening on` line: the handler is already there
    // (the default action of SIGTERM would end the process unsuccessfully).
    let mut server = Server::start();
    terminate_and_wait(&mut server);
}
