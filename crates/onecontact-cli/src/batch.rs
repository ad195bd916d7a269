//! The batch engine: reads one address per line, processes lines on every
//! core, and hands results back in input order, in constant memory.
//!
//! One reader thread cuts the input into chunks (at most [`CHUNK_LINES`]
//! lines or [`CHUNK_BYTES`] bytes); worker threads take chunks from a
//! shared queue and process them; the calling thread puts finished chunks
//! back in order and consumes them. A chunk may only be read once a credit
//! is free, and a credit comes back when its chunk has been consumed, so at
//! most `credits` chunks exist at any time however slow one chunk is.

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::gigo::Gigo;
use crate::progress::Progress;

/// Most lines per chunk.
pub const CHUNK_LINES: usize = 1024;
/// A chunk is cut once it holds this many bytes.
pub const CHUNK_BYTES: usize = 256 * 1024;
/// A longer line is reported as bad; only its first [`KEPT_BYTES`] are
/// kept in memory, to show in the report.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;
/// How much of a line over [`MAX_LINE_BYTES`] is kept for its report.
pub const KEPT_BYTES: usize = 256;

/// A line as the engine gives it to the processing function.
#[derive(Debug)]
pub enum Line<'a> {
    /// The text of the line (without its line break).
    Text(&'a str),
    /// A line that could not be read as text: why, and its bytes (for a
    /// line over [`MAX_LINE_BYTES`], its first [`KEPT_BYTES`]).
    Bad {
        /// What is wrong, naming the offending byte or the length.
        reason: String,
        /// The line's bytes, without its line break.
        bytes: &'a [u8],
    },
}

impl Line<'_> {
    /// The line as text for a report: invalid UTF-8 sequences become
    /// U+FFFD (the reason names the bytes).
    pub fn lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(bytes)
    }
}

/// How the engine runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Worker threads.
    pub jobs: usize,
    /// Show a progress bar over this many input bytes.
    pub progress_total: Option<u64>,
    /// Name shown in messages (`onecontact key`).
    pub name: String,
}

/// Counts of one run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Non-blank lines processed.
    pub lines: u64,
    /// Lines whose input was invalid.
    pub failed: u64,
    /// Blank lines skipped.
    pub blank: u64,
    /// Bytes read.
    pub bytes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

struct Chunk {
    seq: u64,
    text: Vec<u8>,
    /// Line number (1-based), byte range in `text`, and for a line over
    /// the limit its whole length (the range holds its first bytes).
    lines: Vec<(u64, Range<usize>, Option<u64>)>,
}

/// What [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
enum Read_ {
    /// A whole line.
    Whole,
    /// A line over the limit of this many bytes (line break excluded);
    /// only its first [`KEPT_BYTES`] are in the buffer.
    TooLong(u64),
}

/// A processed chunk: what its lines wrote, and the message of each
/// invalid line.
struct Done<A> {
    seq: u64,
    out: A,
    failures: Vec<(u64, String)>,
    lines: u64,
    blank: u64,
}

/// Where the first `\n` of `bytes` is, eight bytes per step.
fn newline_at(bytes: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0usize;
    for chunk in chunks.by_ref() {
        let word = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).unwrap_or_default());
        let x = word ^ (LO * u64::from(b'\n'));
        // The high bit of each zero byte of `x` (and possibly of a byte
        // above one); the lowest set bit is exact.
        let zero = x.wrapping_sub(LO) & !x & HI;
        if zero != 0 {
            return Some(at + zero.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| at + i)
}

/// Reads one line into `buf` (without its line break). Returns `None` at
/// the end of input, [`Read_::TooLong`] for a line longer than `max` (of
/// which `buf` keeps the first [`KEPT_BYTES`]), [`Read_::Whole`] otherwise.
fn read_line(
    reader: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<Option<Read_>> {
    let start = buf.len();
    let mut too_long = false;
    let mut any = false;
    let mut length = 0u64;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let (used, done) = match newline_at(available) {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let content = available.get(..used).unwrap_or_gigo();
        length += content.len() as u64;
        if !too_long {
            if buf.len() - start + content.len() > max + 2 {
                too_long = true;
                let room = (start + KEPT_BYTES).saturating_sub(buf.len());
                buf.extend_from_slice(content.get(..room.min(content.len())).unwrap_or_default());
                buf.truncate(start + KEPT_BYTES);
            } else {
                buf.extend_from_slice(content);
            }
        }
        reader.consume(used);
        if done {
            // The length reported for a line over the limit leaves out
            // its line break.
            length -= 1;
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        if buf.last() == Some(&b'\n') {
            // Kept whole only when the limit is under `KEPT_BYTES`.
            buf.pop();
        }
        return Ok(Some(Read_::TooLong(length)));
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') && buf.len() > start {
            buf.pop();
        }
    }
    Ok(Some(Read_::Whole))
}

/// Runs `process` over every line of `input` on `options.jobs` threads and
/// calls `consume` with the results in input order. `process` writes what
/// a line gives into its chunk's accumulator (one `A` per chunk of lines,
/// so a row costs no allocation of its own) and returns the message of an
/// invalid line, which is reported on standard error as `line N: message`;
/// blank lines are skipped.
///
/// # Errors
///
/// A read error of the input, or the first error `consume` returns (the
/// run stops then).
pub fn run<A, P, C>(
    input: Box<dyn Read + Send>,
    options: &Options,
    process: P,
    mut consume: C,
) -> io::Result<Summary>
where
    A: Default + Send,
    P: Fn(u64, Line<'_>, &mut A) -> Option<String> + Sync,
    C: FnMut(A) -> io::Result<()>,
{
    let started = Instant::now();
    let jobs = options.jobs.max(1);
    let credits = jobs * 4;
    let bytes_read = AtomicU64::new(0);
    let (credit_tx, credit_rx) = sync_channel::<()>(credits);
    for _ in 0..credits {
        let _ = credit_tx.send(());
    }
    let (work_tx, work_rx) = sync_channel::<Chunk>(credits);
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = sync_channel::<Done<A>>(credits);
    let mut progress = options.progress_total.map(Progress::new);
    let mut summary = Summary::default();

    let result = std::thread::scope(|scope| -> io::Result<()> {
        let bytes_read = &bytes_read;
        let reader = scope.spawn(move || -> io::Result<()> {
            let mut reader = BufReader::with_capacity(256 * 1024, input);
            let mut line_no = 0u64;
            let mut seq = 0u64;
            let mut eof = false;
            while !eof {
                if credit_rx.recv().is_err() {
                    return Ok(()); // the consumer stopped
                }
                let mut chunk = Chunk {
                    seq,
                    text: Vec::with_capacity(CHUNK_BYTES + 4096),
                    lines: Vec::with_capacity(CHUNK_LINES),
                };
                while chunk.lines.len() < CHUNK_LINES && chunk.text.len() < CHUNK_BYTES {
                    let start = chunk.text.len();
                    match read_line(&mut reader, &mut chunk.text, MAX_LINE_BYTES)? {
                        None => {
                            eof = true;
                            break;
                        }
                        Some(read) => {
                            line_no += 1;
                            let (consumed, too_long) = match read {
                                Read_::Whole => ((chunk.text.len() - start + 1) as u64, None),
                                Read_::TooLong(length) => (length + 1, Some(length)),
                            };
                            bytes_read.fetch_add(consumed, Ordering::Relaxed);
                            chunk
                                .lines
                                .push((line_no, start..chunk.text.len(), too_long));
                        }
                    }
                }
                seq += 1;
                if work_tx.send(chunk).is_err() {
                    return Ok(());
                }
            }
            Ok(())
        });
        for _ in 0..jobs {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            let process = &process;
            scope.spawn(move || worker(&work_rx, &done_tx, process));
        }
        drop(done_tx);
        drop(work_rx);

        let mut pending: BTreeMap<u64, Done<A>> = BTreeMap::new();
        let mut next = 0u64;
        let mut stderr = io::stderr().lock();
        let outcome = (|| -> io::Result<()> {
            for done in done_rx.iter() {
                pending.insert(done.seq, done);
                while let Some(done) = pending.remove(&next) {
                    summary.blank += done.blank;
                    summary.lines += done.lines;
                    for (line, message) in done.failures {
                        summary.failed += 1;
                        if let Some(p) = progress.as_mut() {
                            p.clear(&mut stderr);
                        }
                        use std::io::Write;
                        writeln!(
                            stderr,
                            "{}: line {line}: {}",
                            options.name,
                            crate::escape::shown(&message)
                        )?;
                    }
                    consume(done.out)?;
                    next += 1;
                    let _ = credit_tx.send(());
                    if let Some(p) = progress.as_mut() {
                        p.update(
                            &mut stderr,
                            bytes_read.load(Ordering::Relaxed),
                            summary.lines,
                        );
                    }
                }
            }
            Ok(())
        })();
        // Stop the reader and workers if the consumer failed.
        drop(credit_tx);
        drop(done_rx);
        if let Some(p) = progress.as_mut() {
            p.clear(&mut stderr);
        }
        let read = reader.join().unwrap_or(Ok(()));
        outcome?;
        read
    });
    summary.bytes = bytes_read.load(Ordering::Relaxed);
    summary.elapsed = started.elapsed();
    result.map(|()| summary)
}

/// The reason for a line that is not UTF-8: the first offending bytes in
/// hex and where they are.
fn not_utf8(bytes: &[u8], e: &std::str::Utf8Error) -> String {
    let at = e.valid_up_to();
    let bad = e.error_len().unwrap_or(bytes.len() - at);
    let hex: Vec<String> = bytes
        .get(at..at + bad)
        .unwrap_or_default()
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect();
    format!(
        "the line is not valid UTF-8: bytes {} at byte {} (shown as U+FFFD)",
        hex.join(" "),
        at + 1
    )
}

fn worker<A, P>(
    work_rx: &Mutex<Receiver<Chunk>>,
    done_tx: &std::sync::mpsc::SyncSender<Done<A>>,
    process: &P,
) where
    A: Default,
    P: Fn(u64, Line<'_>, &mut A) -> Option<String>,
{
    loop {
        let chunk = {
            let Ok(guard) = work_rx.lock() else { return };
            match guard.recv() {
                Ok(chunk) => chunk,
                Err(_) => return,
            }
        };
        let mut out = A::default();
        let mut failures = Vec::new();
        let mut lines = 0u64;
        let mut blank = 0u64;
        for (line_no, range, too_long) in &chunk.lines {
            let bytes = chunk.text.get(range.clone()).unwrap_or_default();
            // A byte-order mark opens some UTF-8 files; it is not part of the address.
            let bytes = if *line_no == 1 {
                bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes)
            } else {
                bytes
            };
            let line = match (too_long, std::str::from_utf8(bytes)) {
                (Some(length), _) => Line::Bad {
                    reason: format!(
                        "the line is {length} bytes long, over the limit of {MAX_LINE_BYTES} \
                         bytes (1 MiB); its first {} bytes are shown",
                        bytes.len()
                    ),
                    bytes,
                },
                (None, Ok(text)) => {
                    let text = text.trim();
                    if text.is_empty() {
                        blank += 1;
                        continue;
                    }
                    Line::Text(text)
                }
                (None, Err(e)) => Line::Bad {
                    reason: not_utf8(bytes, &e),
                    bytes,
                },
            };
            lines += 1;
            if let Some(message) = process(*line_no, line, &mut out) {
                failures.push((*line_no, message));
            }
        }
        if done_tx
            .send(Done {
                seq: chunk.seq,
                out,
                failures,
                lines,
                blank,
            })
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn newline_at_matches_a_byte_search() {
        let bytes: Vec<u8> = (0..40u8)
            .map(|i| [b'a', 0x8a, b'\n', 0x0b, 0xff][usize::from(i) * 7 % 5])
            .collect();
        for start in 0..bytes.len() {
            for end in start..=bytes.len() {
                let part = &bytes[start..end];
                assert_eq!(
                    newline_at(part),
                    part.iter().position(|&b| b == b'\n'),
                    "{part:?}"
                );
            }
        }
    }

    fn collect(input: &'static str, jobs: usize) -> (Vec<(u64, String)>, Summary) {
        let options = Options {
            jobs,
            progress_total: None,
            name: "test".into(),
        };
        let mut out = Vec::new();
        let summary = run(
            Box::new(input.as_bytes()),
            &options,
            |n, line, chunk: &mut Vec<(u64, String)>| match line {
                Line::Text(t) => {
                    chunk.push((n, t.to_uppercase()));
                    (t == "bad").then(|| format!("bad at {n}"))
                }
                Line::Bad { reason, bytes } => {
                    chunk.push((n, format!("BAD {}", Line::lossy(bytes))));
                    Some(reason)
                }
            },
            |chunk| {
                out.extend(chunk);
                Ok(())
            },
        )
        .unwrap();
        (out, summary)
    }

    #[test]
    fn keeps_order_and_counts() {
        let text: String = (1..=5000).map(|i| format!("l{i}\r\n")).collect();
        let text: &'static str = Box::leak(text.into_boxed_str());
        for jobs in [1, 3] {
            let (out, summary) = collect(text, jobs);
            assert_eq!(out.len(), 5000);
            assert!(
                out.iter()
                    .enumerate()
                    .all(|(i, (n, v))| *n == i as u64 + 1 && *v == format!("L{}", i + 1))
            );
            assert_eq!(summary.lines, 5000);
            assert_eq!(summary.failed, 0);
        }
    }

    #[test]
    fn blank_and_bad_lines() {
        let (out, summary) = collect("\u{feff}a\n\n  \nbad\nb", 2);
        assert_eq!(out, [(1, "A".into()), (4, "BAD".into()), (5, "B".into())]);
        assert_eq!((summary.lines, summary.failed, summary.blank), (3, 1, 2));
    }

    #[test]
    fn long_lines_are_skipped() {
        let mut reader = BufReader::with_capacity(4, "abcdefgh\nxy\n".as_bytes());
        let mut buf = Vec::new();
        assert_eq!(
            read_line(&mut reader, &mut buf, 3).unwrap(),
            Some(Read_::TooLong(8))
        );
        assert_eq!(buf, b"abcdefgh");
        buf.clear();
        assert_eq!(
            read_line(&mut reader, &mut buf, 3).unwrap(),
            Some(Read_::Whole)
        );
        assert_eq!(buf, b"xy");
        buf.clear();
        assert_eq!(read_line(&mut reader, &mut buf, 3).unwrap(), None);
    }
}
