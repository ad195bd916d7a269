//! The HTTP test support of the CLI: starting `onecontact serve` and the
//! one HTTP client that the integration tests and the load bench talk to it
//! (and to chromedriver) with. Included with `#[path]`; not a test target
//! of its own.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

/// A running `onecontact serve`; dropping it kills and reaps the process.
pub struct ServeProcess {
    pub child: Child,
    /// `http://127.0.0.1:PORT`, from the server's first line.
    pub base: String,
}

impl ServeProcess {
    /// Starts `onecontact serve --addr 127.0.0.1:0` and waits up to `wait`
    /// for its first line, `listening on http://ADDR`. The rest of its
    /// standard output is drained, so the server never blocks on a full
    /// pipe.
    pub fn start(wait: Duration) -> ServeProcess {
        ServeProcess::start_with(&[], wait)
    }

    /// As [`ServeProcess::start`], with more options for `serve` (limits).
    pub fn start_with(options: &[&str], wait: Duration) -> ServeProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onecontact"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("could not start `onecontact serve`");
        let stdout = child.stdout.take().unwrap();
        // From here on, a failed check still kills the child.
        let mut serve = ServeProcess {
            child,
            base: String::new(),
        };
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            let read = reader.read_line(&mut line).map(|_| line);
            let _ = sender.send(read);
            let _ = std::io::copy(&mut reader, &mut std::io::sink());
        });
        let line = receiver
            .recv_timeout(wait)
            .expect("`onecontact serve` printed no line within the time limit")
            .expect("could not read the output of `onecontact serve`");
        serve.base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| {
                panic!(
                    "`onecontact serve` should first print `listening on http://ADDR`, printed {line:?}"
                )
            })
            .trim_end_matches('/')
            .to_owned();
        serve
    }

    /// `127.0.0.1:PORT`
    pub fn addr(&self) -> &str {
        self.base.trim_start_matches("http://")
    }

    /// The server's peak resident memory (`VmHWM` in /proc, Linux only),
    /// in KiB.
    pub fn peak_rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// `http://127.0.0.1:PORT/path`
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        Reply::from(http().get(self.url(path)).call().unwrap())
    }

    /// `POST path` with `body` as JSON.
    pub fn post_json(&self, path: &str, body: &Value) -> Reply {
        self.post(path, "application/json", body.to_string().as_bytes())
    }

    /// `POST path` with any content type and body.
    pub fn post(&self, path: &str, content_type: &str, body: &[u8]) -> Reply {
        let response = http()
            .post(self.url(path))
            .header("Content-Type", content_type)
            .send(body)
            .unwrap();
        Reply::from(response)
    }
}

/// The longest any one request of a test may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(90);

/// The HTTP client of the tests: loopback only (no proxy), a 4xx or 5xx
/// reply is a reply rather than an error, [`REQUEST_TIMEOUT`] per request.
pub fn http() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .proxy(None)
        .timeout_global(Some(REQUEST_TIMEOUT))
        .build()
        .into()
}

/// A reply read in full.
pub struct Reply {
    pub status: u16,
    pub headers: ureq::http::HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn from(response: ureq::http::Response<ureq::Body>) -> Reply {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.into_body().read_to_string().unwrap();
        Reply {
            status,
            headers,
            body,
        }
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("reply is not JSON ({e}): {}", self.body))
    }

    /// The value of header `name`.
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("no {name} header"))
            .to_str()
            .unwrap()
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
