//! Reading a manual's examples and checking what they say against what the
//! binary does, for the tests that run docs/cli.md and docs/web-api.md.
//! Included with `#[path]`; not a test target of its own.
//!
//! The conventions a manual follows:
//!
//! - Every fenced block is an example that a test runs, unless the line just
//!   before its opening fence is `<!-- not run: REASON -->` (a block that
//!   cannot run as written, with the reason; the tests check that a reason
//!   is given).
//! - A ```` ```console ```` block holds commands: a line starting with `$ `
//!   starts one; it goes on while its text ends in `\` or leaves a quote open,
//!   as in a shell. The lines up to the next command are what it prints:
//!   standard output, then standard error.
//! - In an expected line or a JSON string, `…` stands for any text; a line
//!   that is only `…` or `...` stands for any number of lines.
//! - In an expected JSON document, a bare `…` or the string `"…"` stands for
//!   any one value, and as an element of an array for any number of elements.
//!   Objects must have the same members; spacing and member order do not
//!   matter.

#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The marker of a block that is not run; the reason follows it.
pub const NOT_RUN: &str = "<!-- not run:";

/// One fenced block of a manual.
pub struct Block {
    /// The line of the opening fence (1-based).
    pub line: usize,
    /// The word after the fence: `console`, `json`, `text`, …
    pub lang: String,
    pub lines: Vec<String>,
    /// The reason given by a `<!-- not run: … -->` marker just before it.
    pub not_run: Option<String>,
}

impl Block {
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// The text of `rel`, a file of the workspace (`docs/cli.md`).
pub fn read(rel: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The fenced blocks of `manual`, in order.
pub fn blocks(manual: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    let mut before = "";
    for (i, line) in manual.lines().enumerate() {
        if let Some(block) = current.as_mut() {
            if line.trim_start().starts_with("```") {
                out.push(current.take().unwrap());
            } else {
                block.lines.push(line.to_owned());
            }
            continue;
        }
        if let Some(lang) = line.trim_start().strip_prefix("```") {
            let not_run = before
                .trim()
                .strip_prefix(NOT_RUN)
                .and_then(|rest| rest.strip_suffix("-->"))
                .map(|reason| reason.trim().to_owned());
            current = Some(Block {
                line: i + 1,
                lang: lang.trim().to_owned(),
                lines: Vec::new(),
                not_run,
            });
        }
        before = line;
    }
    out
}

/// What is wrong with the markers of `blocks`: a block of a kind not in
/// `runs` that is not marked as not run, or a marker without a reason.
pub fn unaccounted_blocks(blocks: &[Block], runs: &[&str]) -> Vec<String> {
    let mut wrong = Vec::new();
    for block in blocks {
        match &block.not_run {
            Some(reason) if reason.chars().filter(|c| c.is_alphabetic()).count() < 10 => {
                wrong.push(format!(
                    "line {}: `{NOT_RUN} … -->` needs a reason",
                    block.line
                ));
            }
            Some(_) => {}
            None if runs.contains(&block.lang.as_str()) => {}
            None => wrong.push(format!(
                "line {}: a ```{} block is neither run nor marked `{NOT_RUN} REASON -->`",
                block.line, block.lang
            )),
        }
    }
    wrong
}

/// One command of a console block and what the manual says it prints.
pub struct Example {
    pub line: usize,
    pub command: String,
    pub expected: Vec<String>,
}

/// The commands of a console block.
pub fn commands(block: &Block) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut continued = false;
    for (i, line) in block.lines.iter().enumerate() {
        if continued {
            let example = out.last_mut().unwrap();
            example.command.push('\n');
            example.command.push_str(line);
            continued = goes_on(&example.command);
        } else if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: block.line + 1 + i,
                command: command.to_owned(),
                expected: Vec::new(),
            });
            continued = goes_on(command);
        } else if let Some(example) = out.last_mut() {
            example.expected.push(line.clone());
        }
    }
    for example in &mut out {
        while example.expected.last().is_some_and(|l| l.trim().is_empty()) {
            example.expected.pop();
        }
    }
    out
}

/// Whether a shell reads on past the end of `command`: it ends in `\` or
/// leaves a quote open.
fn goes_on(command: &str) -> bool {
    words(command).is_err() || command.ends_with('\\')
}

/// `command` split into words as `sh` does for a simple command (quotes,
/// backslashes, a backslash-newline joining lines); no variables, no
/// globbing. An error when a quote is left open.
pub fn words(command: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(format!("a ' is left open in {command}")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err(format!("a \" is left open in {command}")),
                        },
                        Some(c) => w.push(c),
                        None => return Err(format!("a \" is left open in {command}")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some('\n') | None => {}
                Some(c) => word.get_or_insert_with(String::new).push(c),
            },
            c if c.is_whitespace() => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    Ok(out)
}

/// Whether `actual` matches `expected`, where `…` stands for any text.
pub fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split('…').collect();
    if parts.len() == 1 {
        return expected.trim_end() == actual.trim_end();
    }
    let actual = actual.trim_end();
    let (first, last) = (parts[0], parts[parts.len() - 1].trim_end());
    if !actual.starts_with(first) {
        return false;
    }
    let mut at = first.len();
    for part in &parts[1..parts.len() - 1] {
        match actual[at..].find(part) {
            Some(found) => at += found + part.len(),
            None => return false,
        }
    }
    actual.len() >= at + last.len() && actual.ends_with(last)
}

/// Whether the lines `actual` match `expected`, where a line `…` or `...`
/// stands for any number of lines.
pub fn lines_match<S: AsRef<str>>(expected: &[S], actual: &[&str]) -> bool {
    let Some((first, rest)) = expected.split_first() else {
        return actual.is_empty();
    };
    if matches!(first.as_ref().trim(), "…" | "...") {
        return (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]));
    }
    match actual.split_first() {
        Some((line, more)) => line_matches(first.as_ref(), line) && lines_match(rest, more),
        None => false,
    }
}

/// A JSON document as a manual writes it: a bare `…` (outside a string)
/// becomes the string `"…"`, which [`json_matches`] reads as "any value".
pub fn documented_json(text: &str) -> Result<Value, serde_json::Error> {
    let mut json = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
            json.push(c);
        } else if c == '…' {
            json.push_str("\"…\"");
        } else {
            in_string = c == '"';
            json.push(c);
        }
    }
    serde_json::from_str(&json)
}

fn is_wildcard(value: &Value) -> bool {
    value.as_str() == Some("…")
}

/// Whether `actual` is the document `expected` describes (see the module's
/// documentation for `…`).
pub fn json_matches(expected: &Value, actual: &Value) -> bool {
    if is_wildcard(expected) {
        return true;
    }
    match (expected, actual) {
        (Value::String(e), Value::String(a)) if e.contains('…') => line_matches(e, a),
        (Value::Array(e), Value::Array(a)) => elements_match(e, a),
        (Value::Object(e), Value::Object(a)) => {
            e.len() == a.len()
                && e.iter()
                    .all(|(k, v)| a.get(k).is_some_and(|w| json_matches(v, w)))
        }
        _ => expected == actual,
    }
}

fn elements_match(expected: &[Value], actual: &[Value]) -> bool {
    let Some((first, rest)) = expected.split_first() else {
        return actual.is_empty();
    };
    if is_wildcard(first) {
        return (0..=actual.len()).any(|skip| elements_match(rest, &actual[skip..]));
    }
    match actual.split_first() {
        Some((value, more)) => json_matches(first, value) && elements_match(rest, more),
        None => false,
    }
}

/// `json` laid out with two spaces per level, its members in the order
/// written (to copy into a manual); text that is not JSON as it is.
pub fn pretty(json: &str) -> String {
    if serde_json::from_str::<Value>(json).is_err() {
        return json.to_owned();
    }
    let mut out = String::with_capacity(json.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = json.trim().chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    while let Some(c) = chars.next() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
            out.push(c);
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                if matches!(chars.peek(), Some('}' | ']')) {
                    out.extend(chars.next());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// Whether the output `actual` is what `expected` says: the same JSON
/// document when `expected` is JSON, else the same lines.
pub fn output_matches(expected: &[String], actual: &str) -> bool {
    let text = expected.join("\n");
    if let (Ok(e), Ok(a)) = (
        documented_json(&text),
        serde_json::from_str::<Value>(actual),
    ) {
        return json_matches(&e, &a);
    }
    let mut lines: Vec<&str> = actual.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines_match(expected, &lines)
}

/// A fresh folder for one manual's commands, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("onecontact-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// `$PATH` with the folder of the binary first.
pub fn path_with_binary() -> String {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_onecontact"))
        .parent()
        .unwrap();
    format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// A shell command running in its own process group; dropping it kills the
/// group, so a server it started dies with it.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            #[cfg(unix)]
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", self.0.id())])
                .status();
            let _ = self.0.kill();
        }
        let _ = self.0.wait();
    }
}

/// What a command printed, and its exit status (`None` for a server that
/// was stopped once it had printed what the manual says).
pub struct Ran {
    pub output: String,
    pub status: Option<i32>,
}

/// How long one command of a manual may take.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `command` with `sh -c` in `dir`, the binary first on `PATH`, `$?`
/// set to `last_status`. With `servers`, a command still running once its
/// output matches `expected` and nothing more came for half a second is a
/// server: it is stopped there. Any command is stopped after
/// [`COMMAND_TIMEOUT`].
pub fn run_shell(
    command: &str,
    expected: &[String],
    dir: &Path,
    last_status: i32,
    servers: bool,
) -> Ran {
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(format!("(exit {last_status}); {command}"))
        .current_dir(dir)
        .env("PATH", path_with_binary())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut shell, 0);
    let child = shell.spawn().unwrap();
    let mut running = Running(child);
    let stdout = Pipe::read(running.0.stdout.take());
    let stderr = Pipe::read(running.0.stderr.take());
    let printed = || format!("{}{}", stdout.text(), stderr.text());
    let start = Instant::now();
    let mut quiet_since: Option<(Instant, String)> = None;
    loop {
        if let Some(status) = running.0.try_wait().unwrap() {
            // Let the readers reach the end of the pipes (a process the
            // command left behind may hold them open: not for long).
            while !(stdout.done() && stderr.done()) && start.elapsed() < COMMAND_TIMEOUT {
                std::thread::sleep(Duration::from_millis(5));
            }
            return Ran {
                output: printed(),
                status: status.code(),
            };
        }
        let now = printed();
        if servers && !expected.is_empty() && output_matches(expected, &now) {
            match &quiet_since {
                Some((since, seen)) if *seen == now => {
                    if since.elapsed() > Duration::from_millis(500) {
                        return Ran {
                            output: now,
                            status: None,
                        };
                    }
                }
                _ => quiet_since = Some((Instant::now(), now)),
            }
        }
        if start.elapsed() > COMMAND_TIMEOUT {
            return Ran {
                output: format!("{}\n(stopped after {COMMAND_TIMEOUT:?})", printed()),
                status: None,
            };
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// What a pipe gave so far, read to its end on a thread of its own.
struct Pipe(Arc<Mutex<(String, bool)>>);

impl Pipe {
    fn read(pipe: Option<impl Read + Send + 'static>) -> Pipe {
        let state = Arc::new(Mutex::new((String::new(), false)));
        let sink = Arc::clone(&state);
        let mut pipe = pipe.unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .0
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
            sink.lock().unwrap().1 = true;
        });
        Pipe(state)
    }

    fn text(&self) -> String {
        self.0.lock().unwrap().0.clone()
    }

    fn done(&self) -> bool {
        self.0.lock().unwrap().1
    }
}
