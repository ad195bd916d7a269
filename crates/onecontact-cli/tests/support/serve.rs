//! Starting `onecontact serve` for the integration tests and the load
//! bench (included with `#[path]`; not a test target of its own).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

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
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
