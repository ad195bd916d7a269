//! Runs every example of docs/web-api.md against a real `onecontact serve`,
//! so the page and the server cannot drift apart.
//!
//! The test starts `onecontact serve --addr 127.0.0.1:0` (killed when the
//! test ends, failed or not) and stands it in for the page's
//! `127.0.0.1:8080`. Every fenced block of the page is one of these, or is
//! marked `<!-- not run: REASON -->` (the conventions of both manuals are in
//! `support/docs.rs`):
//!
//! - ```` ```console ````: a `curl` command is sent by this test itself to the
//!   server (its method, headers, body and path; `-s` and `-H`, `-d`, `-X`
//!   are understood, any other option fails the test), and the reply's body
//!   must match the lines under the command or, when there are none, the
//!   ```` ```json ```` block that comes next. Any other command runs by
//!   `sh -c` with `127.0.0.1:8080` in it and in its output replaced by the
//!   test server's address; a command that is still running once it printed
//!   what the page says (`onecontact serve`) is stopped there.
//! - ```` ```json ````: the reply of the `curl` before it; a JSON block that
//!   no command answers fails the test.
//! - ```` ```text ````: requests and replies, a blank line between pairs:
//!   `METHOD PATH` then optionally `(Content-Type: TYPE)`,
//!   `(a N-byte body)` and the body (sent as `application/json` unless a
//!   content type is given); on the next line the reply's status and body.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::time::Duration;

#[path = "support/docs.rs"]
mod docs;
#[path = "support/serve.rs"]
mod serve;

use docs::{Block, Scratch, commands, output_matches, run_shell, words};
use serve::{Reply, ServeProcess};

/// The address the page's examples talk to.
const PAGE_ADDR: &str = "127.0.0.1:8080";

/// One HTTP request of an example.
#[derive(Debug, PartialEq)]
struct Request {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Option<String>,
}

impl Request {
    fn send(&self, server: &ServeProcess) -> Reply {
        let agent = serve::http();
        let url = server.url(&self.path);
        let response = match (self.method.as_str(), &self.body) {
            ("GET", None) => {
                let mut request = agent.get(&url);
                for (name, value) in &self.headers {
                    request = request.header(name, value);
                }
                request.call()
            }
            ("POST", body) => {
                let mut request = agent.post(&url);
                for (name, value) in &self.headers {
                    request = request.header(name, value);
                }
                request.send(body.as_deref().unwrap_or_default())
            }
            (method, _) => panic!("the test sends GET without a body or POST, not {method}"),
        };
        Reply::from(response.unwrap())
    }

    fn has_header(&self, name: &str) -> bool {
        self.headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    }
}

/// The request that the `curl` command `words` sends.
fn curl_request(words: &[String]) -> Result<Request, String> {
    let mut method = None;
    let mut headers = Vec::new();
    let mut data: Option<String> = None;
    let mut url = None;
    let mut args = words.iter().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("curl's {arg} needs a value"))
        };
        match arg.as_str() {
            "-s" | "--silent" => {}
            "-H" | "--header" => {
                let header = value()?;
                let (name, v) = header
                    .split_once(':')
                    .ok_or_else(|| format!("not a header: {header}"))?;
                headers.push((name.trim().to_owned(), v.trim().to_owned()));
            }
            "-d" | "--data" | "--data-raw" => {
                let more = value()?;
                if more.starts_with('@') {
                    return Err(format!("the test sends no file: {more}"));
                }
                // curl joins several `-d` with `&`.
                data = Some(match data {
                    Some(before) => format!("{before}&{more}"),
                    None => more.clone(),
                });
            }
            "-X" | "--request" => method = Some(value()?.clone()),
            a if a.starts_with("http://") => url = Some(a.to_owned()),
            other => return Err(format!("the test does not know curl's {other}")),
        }
    }
    let url = url.ok_or("the curl command names no URL")?;
    let path = url
        .strip_prefix(&format!("http://{PAGE_ADDR}"))
        .filter(|p| p.starts_with('/'))
        .ok_or_else(|| format!("the examples talk to http://{PAGE_ADDR}/, not {url}"))?;
    let mut request = Request {
        method: method.unwrap_or_else(|| if data.is_some() { "POST" } else { "GET" }.to_owned()),
        path: path.to_owned(),
        headers,
        body: data,
    };
    if request.body.is_some() && !request.has_header("Content-Type") {
        // What curl sends with `-d` when no type is given.
        request.headers.push((
            "Content-Type".to_owned(),
            "application/x-www-form-urlencoded".to_owned(),
        ));
    }
    Ok(request)
}

/// The request of a line of a ```` ```text ```` block:
/// `METHOD PATH [(Content-Type: TYPE)] [(a N-byte body)] [BODY]`.
fn listed_request(line: &str) -> Result<Request, String> {
    let mut parts = line.splitn(3, ' ');
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    if !matches!(method.as_str(), "GET" | "POST") || !path.starts_with('/') {
        return Err(format!("not `METHOD /PATH …`: {line}"));
    }
    let mut rest = parts.next().unwrap_or_default().trim();
    let mut content_type = None;
    let mut body = None;
    while let Some(inner) = rest.strip_prefix('(') {
        let (detail, after) = inner
            .split_once(')')
            .ok_or_else(|| format!("a ( is not closed: {line}"))?;
        if let Some(t) = detail.strip_prefix("Content-Type:") {
            content_type = Some(t.trim().to_owned());
        } else if let Some(size) = detail
            .strip_prefix("a ")
            .and_then(|d| d.strip_suffix("-byte body"))
        {
            let size: usize = size
                .replace(',', "")
                .parse()
                .map_err(|_| format!("not a size: {detail}"))?;
            let filler = size
                .checked_sub(r#"{"input":""}"#.len())
                .ok_or_else(|| format!("too small: {detail}"))?;
            body = Some(format!(r#"{{"input":"{}"}}"#, "a".repeat(filler)));
        } else {
            return Err(format!("unknown ({detail}) in {line}"));
        }
        rest = after.trim();
    }
    if !rest.is_empty() {
        body = Some(rest.to_owned());
    }
    let mut headers = Vec::new();
    if body.is_some() || content_type.is_some() {
        let t = content_type.unwrap_or_else(|| "application/json".to_owned());
        headers.push(("Content-Type".to_owned(), t));
    }
    Ok(Request {
        method,
        path,
        headers,
        body,
    })
}

/// The requests and replies of a ```` ```text ```` block: each request line
/// with the status and body lines the page gives for it.
fn listed_exchanges(block: &Block) -> Result<Vec<(usize, &str, &str)>, String> {
    let mut out = Vec::new();
    let lines: Vec<(usize, &str)> = block
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (block.line + 1 + i, l.as_str()))
        .collect();
    for pair in lines.chunks(2) {
        match pair {
            [(line, request), (_, reply)] => out.push((*line, *request, *reply)),
            [(line, _)] => return Err(format!("line {line}: a request without a reply")),
            _ => {}
        }
    }
    Ok(out)
}

/// Whether `reply` is `status body` as the page writes it.
fn reply_matches(expected: &str, reply: &Reply) -> bool {
    let Some((status, body)) = expected.split_once(' ') else {
        return false;
    };
    status.parse() == Ok(reply.status) && output_matches(&[body.to_owned()], &reply.body)
}

fn show(reply: &Reply) -> String {
    format!("{} {}", reply.status, docs::pretty(&reply.body))
}

#[test]
fn the_examples_of_the_page() {
    let page = docs::read("docs/web-api.md");
    let blocks = docs::blocks(&page);
    let server = ServeProcess::start(Duration::from_secs(20));
    let addr = server.addr().to_owned();
    let dir = Scratch::new("docs-web-api");
    let mut failures = Vec::new();
    let mut answered = vec![false; blocks.len()];
    let mut ran = 0;
    let mut status = 0;
    for (at, block) in blocks.iter().enumerate() {
        if block.not_run.is_some() {
            continue;
        }
        match block.lang.as_str() {
            "console" => {
                for example in commands(block) {
                    ran += 1;
                    let words = words(&example.command).unwrap();
                    if words.first().map(String::as_str) == Some("curl") {
                        let request = match curl_request(&words) {
                            Ok(request) => request,
                            Err(e) => {
                                failures.push(format!("line {}: {e}", example.line));
                                continue;
                            }
                        };
                        let mut expected = example.expected.clone();
                        if expected.is_empty() {
                            match blocks.get(at + 1) {
                                Some(next) if next.lang == "json" && next.not_run.is_none() => {
                                    answered[at + 1] = true;
                                    expected = next.lines.clone();
                                }
                                _ => failures.push(format!(
                                    "line {}: a curl example with no reply under it or in the next block",
                                    example.line
                                )),
                            }
                        }
                        let reply = request.send(&server);
                        if !output_matches(&expected, &reply.body) {
                            failures.push(format!(
                                "line {}: $ {}\n--- the page says\n{}\n--- the server answers\n{}",
                                example.line,
                                example.command,
                                expected.join("\n"),
                                show(&reply)
                            ));
                        }
                    } else {
                        let command = example.command.replace(PAGE_ADDR, &addr);
                        let expected: Vec<String> = example
                            .expected
                            .iter()
                            .map(|l| l.replace(PAGE_ADDR, &addr))
                            .collect();
                        let run = run_shell(&command, &expected, &dir.0, status, true);
                        // A server stopped by the test: as a shell reports a SIGKILL.
                        status = run.status.unwrap_or(137);
                        if !output_matches(&expected, &run.output) {
                            failures.push(format!(
                                "line {}: $ {command}\n--- the page says\n{}\n--- the command prints\n{}",
                                example.line,
                                expected.join("\n"),
                                run.output.trim_end()
                            ));
                        }
                    }
                }
            }
            "text" => match listed_exchanges(block) {
                Ok(exchanges) => {
                    for (line, request, expected) in exchanges {
                        ran += 1;
                        let reply = match listed_request(request) {
                            Ok(r) => r.send(&server),
                            Err(e) => {
                                failures.push(format!("line {line}: {e}"));
                                continue;
                            }
                        };
                        if !reply_matches(expected, &reply) {
                            failures.push(format!(
                                "line {line}: {request}\n--- the page says\n{expected}\n--- the server answers\n{}",
                                show(&reply)
                            ));
                        }
                    }
                }
                Err(e) => failures.push(e),
            },
            _ => {}
        }
    }
    for (at, block) in blocks.iter().enumerate() {
        if block.lang == "json" && block.not_run.is_none() && !answered[at] {
            failures.push(format!(
                "line {}: a JSON block that no curl example before it answers",
                block.line
            ));
        }
    }
    failures.extend(docs::unaccounted_blocks(
        &blocks,
        &["console", "text", "json"],
    ));
    assert!(ran >= 20, "only {ran} examples ran");
    assert!(
        failures.is_empty(),
        "docs/web-api.md:\n\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn curl_commands_become_requests() {
    let command = "curl -s -H 'Content-Type: application/json' \\\n    -d '{\"input\": \"a b\"}' \\\n    http://127.0.0.1:8080/api/parse";
    assert_eq!(
        curl_request(&words(command).unwrap()),
        Ok(Request {
            method: "POST".to_owned(),
            path: "/api/parse".to_owned(),
            headers: vec![("Content-Type".to_owned(), "application/json".to_owned())],
            body: Some("{\"input\": \"a b\"}".to_owned()),
        })
    );
    let plain =
        curl_request(&words("curl -d x=1 -d y=2 http://127.0.0.1:8080/a").unwrap()).unwrap();
    assert_eq!(plain.body.as_deref(), Some("x=1&y=2"));
    assert!(plain.has_header("content-type"));
    let get = curl_request(&words("curl http://127.0.0.1:8080/api/health").unwrap()).unwrap();
    assert_eq!((get.method.as_str(), get.body), ("GET", None));
    assert!(curl_request(&words("curl -i http://127.0.0.1:8080/").unwrap()).is_err());
    assert!(curl_request(&words("curl https://example.com/").unwrap()).is_err());
}

#[test]
fn listed_requests_are_read() {
    let big = listed_request("POST /api/parse  (a 70,000-byte body)").unwrap();
    assert_eq!(big.body.unwrap().len(), 70_000);
    let typed = listed_request("POST /api/parse  (Content-Type: text/plain) {}").unwrap();
    assert_eq!(
        typed.headers,
        [("Content-Type".to_owned(), "text/plain".to_owned())]
    );
    assert_eq!(typed.body.as_deref(), Some("{}"));
    let get = listed_request("GET /nope").unwrap();
    assert_eq!((get.body, get.headers.len()), (None, 0));
    assert!(listed_request("FETCH /x").is_err());
    assert!(listed_request("POST /x  (a big body)").is_err());
}
