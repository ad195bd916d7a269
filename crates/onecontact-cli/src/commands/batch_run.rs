//! Running a command over many addresses: source selection, rows in JSON
//! Lines or TSV, and the summary.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};

use serde::Serialize;

use std::sync::atomic::{AtomicU64, Ordering};

use super::{CliError, FINDING, INVALID, LineError, OK};
use crate::batch::{self, Line, Options, Summary};
use crate::cli::{BatchArgs, Format};
use crate::output::{tsv_field, tsv_row};

/// A command that can run on one address per line.
pub trait BatchCommand: Sync {
    /// The result of one valid address.
    type Report: Serialize;
    /// TSV columns after `line` and `input` (an `error` column follows).
    fn columns(&self) -> &'static [&'static str];
    /// Processes one address.
    fn run(&self, text: &str) -> Result<Self::Report, LineError>;
    /// The TSV fields of a report, one per column.
    fn fields(&self, report: &Self::Report, out: &mut Vec<String>);
    /// Appends the TSV fields of a report to a row, each after a tab
    /// (by default those of [`fields`](Self::fields)).
    fn write_fields(&self, report: &Self::Report, out: &mut String) {
        let mut fields = Vec::with_capacity(self.columns().len());
        self.fields(report, &mut fields);
        for field in &fields {
            out.push('\t');
            tsv_field(out, field);
        }
    }

    /// Appends the TSV fields of `text`'s answer to `out`, each after a tab,
    /// without building a report, for a command that has such a path
    /// (`key`); `None` for the others, whose rows go through
    /// [`run`](Self::run). On an error nothing is appended. A command with
    /// this path never fails a valid address (see [`fails`](Self::fails)).
    fn push_tsv_fields(&self, _text: &str, _out: &mut String) -> Option<Result<(), LineError>> {
        None
    }

    /// Whether a valid address's report should still fail the run
    /// (`inspect --fail-on`).
    fn fails(&self, _report: &Self::Report) -> bool {
        false
    }
}

/// Where batch input comes from.
pub struct Source {
    /// The reader.
    pub reader: Box<dyn Read + Send>,
    /// Its size, when it is a regular file.
    pub size: Option<u64>,
}

/// The batch input the arguments ask for, or `None` for single mode.
///
/// # Errors
///
/// A usage error when both an address and `--input` are given or the file
/// cannot be opened.
pub fn source(url: Option<&str>, args: &BatchArgs) -> Result<Option<Source>, CliError> {
    let stdin = || Source {
        reader: Box::new(io::stdin()),
        size: None,
    };
    match (&args.input, url) {
        (Some(_), Some(url)) if url != "-" => Err(CliError::Usage(format!(
            "give either an address ({url}) or --input, not both"
        ))),
        (Some(path), _) if path.as_os_str() == "-" => Ok(Some(stdin())),
        (Some(path), _) => {
            let unreadable =
                |e: io::Error| CliError::Usage(format!("{}: {}", path.display(), io_reason(&e)));
            let file = File::open(path).map_err(unreadable)?;
            let metadata = file.metadata().map_err(unreadable)?;
            if metadata.is_dir() {
                return Err(CliError::Usage(format!(
                    "{}: Is a directory (give a file of addresses, one per line)",
                    path.display()
                )));
            }
            let size = Some(metadata).filter(|m| m.is_file()).map(|m| m.len());
            Ok(Some(Source {
                reader: Box::new(file),
                size,
            }))
        }
        (None, Some("-")) => Ok(Some(stdin())),
        (None, Some(_)) => Ok(None),
        (None, None) => Err(CliError::Usage(
            "give an address, `-` to read addresses from standard input, or --input FILE"
                .to_owned(),
        )),
    }
}

/// The reason of an I/O error without the operating system's error number
/// (`No such file or directory`).
pub fn io_reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error ") {
        Some(at) => text.get(..at).unwrap_or(&text).to_owned(),
        None => text,
    }
}

/// The engine options for `args`.
pub fn options(name: &str, args: &BatchArgs, source: &Source) -> Options {
    let jobs = args
        .jobs
        .map(|n| n.get())
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1);
    let progress_total = source
        .size
        .filter(|_| !args.no_progress && io::stderr().is_terminal());
    Options {
        jobs,
        progress_total,
        name: format!("onecontact {name}"),
    }
}

/// The output format: `--format`, else JSON Lines with `--json`, else TSV.
pub fn format(args: &BatchArgs, json: bool) -> Format {
    args.format
        .unwrap_or(if json { Format::Jsonl } else { Format::Tsv })
}

#[derive(Serialize)]
struct JsonRow<'a, R: Serialize> {
    line: u64,
    input: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'a R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a LineError>,
}

/// Appends `n` in decimal (without the formatting machinery, which costs
/// more than the key of a line).
fn push_decimal(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    while let Some(slot) = at.checked_sub(1).and_then(|i| digits.get_mut(i)) {
        *slot = b'0' + (n % 10) as u8;
        at -= 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in digits.get(at..).unwrap_or_default() {
        out.push(char::from(d));
    }
}

/// Appends the start of a TSV row: the line number and the input.
fn push_tsv_start(line: u64, input: &str, out: &mut String) {
    push_decimal(out, line);
    out.push('\t');
    tsv_field(out, input);
}

/// Appends the rest of a TSV row after its input: the fields of the answer
/// (empty ones for an error), then the error column and the line break.
fn push_tsv_end<C: BatchCommand>(
    command: &C,
    outcome: Result<&C::Report, &LineError>,
    out: &mut String,
) {
    match outcome {
        Ok(report) => command.write_fields(report, out),
        Err(_) => (0..command.columns().len()).for_each(|_| out.push('\t')),
    }
    out.push('\t');
    if let Err(error) = outcome {
        tsv_field(out, &format!("{}: {}", error.code, error.message));
    }
    out.push('\n');
}

/// Appends the output row of a line to `out`.
fn push_row<C: BatchCommand>(
    command: &C,
    format: Format,
    line: u64,
    input: &str,
    outcome: &Result<C::Report, LineError>,
    out: &mut String,
) {
    match format {
        Format::Jsonl => {
            let doc = JsonRow {
                line,
                input,
                ok: outcome.is_ok(),
                result: outcome.as_ref().ok(),
                error: outcome.as_ref().err(),
            };
            match serde_json::to_string(&doc) {
                Ok(text) => out.push_str(&text),
                Err(e) => out.push_str(&format!(
                    "{{\"line\":{line},\"ok\":false,\"error\":{{\"code\":\"internal\",\"message\":{:?}}}}}",
                    e.to_string()
                )),
            }
            out.push('\n');
        }
        Format::Tsv => {
            push_tsv_start(line, input, out);
            push_tsv_end(command, outcome.as_ref(), out);
        }
    }
}

/// Appends the output row of the address `text` on line `line` to `out`;
/// returns its error, if any.
fn answer<C: BatchCommand>(
    command: &C,
    format: Format,
    line: u64,
    text: &str,
    findings: &AtomicU64,
    out: &mut String,
) -> Option<String> {
    let tsv = format == Format::Tsv;
    if tsv {
        push_tsv_start(line, text, out);
        // The fields straight from the text, for a command that can.
        match command.push_tsv_fields(text, out) {
            Some(Ok(())) => {
                out.push_str("\t\n");
                return None;
            }
            Some(Err(error)) => {
                push_tsv_end(command, Err(&error), out);
                return Some(error.message);
            }
            None => {}
        }
    }
    let outcome = command.run(text);
    if outcome.as_ref().is_ok_and(|r| command.fails(r)) {
        findings.fetch_add(1, Ordering::Relaxed);
    }
    if tsv {
        push_tsv_end(command, outcome.as_ref(), out);
    } else {
        push_row(command, format, line, text, &outcome, out);
    }
    outcome.err().map(|e| e.message)
}

/// Runs `command` over `source`, writing rows to standard output in input
/// order and a summary to standard error. Returns the exit status.
///
/// # Errors
///
/// Reading or writing failed.
pub fn run<C: BatchCommand>(
    command: &C,
    name: &str,
    args: &BatchArgs,
    json: bool,
    source: Source,
) -> Result<u8, CliError> {
    let format = format(args, json);
    let options = options(name, args, &source);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(256 * 1024, stdout.lock());
    if format == Format::Tsv {
        let mut header = vec!["line", "input"];
        header.extend_from_slice(command.columns());
        header.push("error");
        out.write_all(tsv_row(header).as_bytes())?;
    }
    let findings = AtomicU64::new(0);
    let summary = batch::run(
        source.reader,
        &options,
        |line, text, rows: &mut String| match text {
            Line::Text(text) => answer(command, format, line, text, &findings, rows),
            Line::Bad { reason, bytes } => {
                let error = LineError {
                    code: "unreadable-line".to_owned(),
                    message: reason.clone(),
                    validation_error: None,
                    offset: None,
                    offset_utf16: None,
                    role: Some(onecontact_report::Role::Input),
                };
                push_row::<C>(
                    command,
                    format,
                    line,
                    &Line::lossy(bytes),
                    &Err(error),
                    rows,
                );
                Some(reason)
            }
        },
        |rows| out.write_all(rows.as_bytes()),
    )?;
    out.flush()?;
    if !args.quiet {
        print_summary(&options.name, &summary, None);
    }
    Ok(if summary.failed > 0 {
        INVALID
    } else if findings.load(Ordering::Relaxed) > 0 {
        FINDING
    } else {
        OK
    })
}

/// The summary line on standard error.
pub fn print_summary(name: &str, summary: &Summary, extra: Option<String>) {
    let seconds = summary.elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        summary.lines as f64 / seconds
    } else {
        0.0
    };
    let plural = if summary.lines == 1 { "" } else { "es" };
    let mut text = format!(
        "{name}: {} address{plural}, {} ok, {} failed",
        summary.lines,
        summary.lines - summary.failed,
        summary.failed
    );
    if summary.blank > 0 {
        let plural = if summary.blank == 1 { "" } else { "s" };
        text.push_str(&format!(", {} blank line{plural} skipped", summary.blank));
    }
    if let Some(extra) = extra {
        text.push_str(", ");
        text.push_str(&extra);
    }
    text.push_str(&format!(" ({seconds:.2} s, {rate:.0}/s)"));
    eprintln!("{text}");
}

#[cfg(test)]
mod tests {
    use super::push_decimal;

    #[test]
    fn decimal_numbers_as_display_writes_them() {
        for n in [0, 7, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
            let mut out = String::from("x");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }
}
