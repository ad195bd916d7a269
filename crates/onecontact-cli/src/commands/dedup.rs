//! `onecontact dedup`: group addresses by key V2 (or V1), in a bounded memory.
//!
//! Two external sorts (see [`crate::spill`]): the keyed lines sorted by
//! (key, line) make each group one stretch, whose count and hosts are then
//! known; its header and members, tagged with the group's first line, are
//! sorted again by (first line, line), which is the order of the report:
//! groups in order of first appearance, members in input order.

use std::collections::HashSet;
use std::io::{self, BufRead, BufWriter, Write};

use onecontact::KeyVersion;
use serde::Serialize;

use super::batch_run::{Source, format, options, print_summary};
use super::{CliError, Ctx, INVALID, OK};
use crate::batch::{self, Line};
use crate::cli::{BatchArgs, Format, SpillArgs};
use crate::output::tsv_row;
use crate::spill::{
    ALLOCATION, Record, Sorter, read_number, read_text, read_varint, write_text, write_varint,
};

/// Memory set aside from `--memory` for what is not sorted: the reading
/// engine's chunks (per worker thread), the runs' read buffers, the
/// program and its tables.
const RESERVE_BASE: usize = 24 << 20;
/// The reading engine's chunks per worker thread (four of at most
/// 256 KiB, with their line tables and answers).
const RESERVE_PER_JOB: usize = 3 << 20;
/// The least a sorter is given, however small `--memory` is.
const MIN_SORT_BUDGET: usize = 16 << 10;

/// An address and its key: the key, the host the key merges and the input,
/// in one allocation, with its line number.
#[derive(Debug)]
struct Keyed {
    text: Box<str>,
    key_len: usize,
    host_len: usize,
    line: u64,
}

impl Keyed {
    fn new(line: u64, key: &str, host: &str, input: &str) -> Keyed {
        let mut text = String::with_capacity(key.len() + host.len() + input.len());
        text.push_str(key);
        text.push_str(host);
        text.push_str(input);
        Keyed {
            text: text.into_boxed_str(),
            key_len: key.len(),
            host_len: host.len(),
            line,
        }
    }

    fn key(&self) -> &str {
        self.text.get(..self.key_len).unwrap_or_default()
    }

    fn host(&self) -> &str {
        self.text
            .get(self.key_len..self.key_len + self.host_len)
            .unwrap_or_default()
    }

    fn input(&self) -> &str {
        self.text
            .get(self.key_len + self.host_len..)
            .unwrap_or_default()
    }
}

impl PartialEq for Keyed {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}
impl Eq for Keyed {}
impl PartialOrd for Keyed {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Keyed {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(other.key()).then(self.line.cmp(&other.line))
    }
}

impl Record for Keyed {
    fn heap_size(&self) -> usize {
        self.text.len() + ALLOCATION
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        write_varint(out, self.line)?;
        write_varint(out, self.key_len as u64)?;
        write_varint(out, self.host_len as u64)?;
        write_text(out, &self.text)
    }

    fn read_from(input: &mut impl BufRead) -> io::Result<Option<Self>> {
        let Some(line) = read_varint(input)? else {
            return Ok(None);
        };
        let key_len = usize::try_from(read_number(input)?).map_err(io::Error::other)?;
        let host_len = usize::try_from(read_number(input)?).map_err(io::Error::other)?;
        let text = read_text(input)?;
        if !text.is_char_boundary(key_len)
            || key_len
                .checked_add(host_len)
                .is_none_or(|end| !text.is_char_boundary(end))
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "a temporary run of dedup is damaged",
            ));
        }
        Ok(Some(Keyed {
            text: text.into_boxed_str(),
            key_len,
            host_len,
            line,
        }))
    }
}

/// A part of the report: a group's header (`line` 0) or one of its members,
/// placed by the group's first line.
#[derive(Debug)]
struct Placed {
    first: u64,
    line: u64,
    body: Body,
}

#[derive(Debug)]
enum Body {
    /// The group's key, size and different hosts (in order of first
    /// appearance).
    Header {
        key: Box<str>,
        count: u64,
        hosts: Vec<Box<str>>,
    },
    /// A member's input.
    Member(Box<str>),
}

impl PartialEq for Placed {
    fn eq(&self, other: &Self) -> bool {
        (self.first, self.line) == (other.first, other.line)
    }
}
impl Eq for Placed {}
impl PartialOrd for Placed {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Placed {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.first, self.line).cmp(&(other.first, other.line))
    }
}

impl Record for Placed {
    fn heap_size(&self) -> usize {
        match &self.body {
            Body::Header { key, hosts, .. } => {
                key.len()
                    + 2 * ALLOCATION
                    + hosts
                        .iter()
                        .map(|h| h.len() + ALLOCATION + std::mem::size_of::<Box<str>>())
                        .sum::<usize>()
            }
            Body::Member(input) => input.len() + ALLOCATION,
        }
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        write_varint(out, self.first)?;
        write_varint(out, self.line)?;
        match &self.body {
            Body::Header { key, count, hosts } => {
                write_text(out, key)?;
                write_varint(out, *count)?;
                write_varint(out, hosts.len() as u64)?;
                for host in hosts {
                    write_text(out, host)?;
                }
                Ok(())
            }
            Body::Member(input) => write_text(out, input),
        }
    }

    fn read_from(input: &mut impl BufRead) -> io::Result<Option<Self>> {
        let Some(first) = read_varint(input)? else {
            return Ok(None);
        };
        let line = read_number(input)?;
        let body = if line == 0 {
            let key = read_text(input)?.into_boxed_str();
            let count = read_number(input)?;
            let n = read_number(input)?;
            let mut hosts = Vec::new();
            for _ in 0..n {
                hosts.push(read_text(input)?.into_boxed_str());
            }
            Body::Header { key, count, hosts }
        } else {
            Body::Member(read_text(input)?.into_boxed_str())
        };
        Ok(Some(Placed { first, line, body }))
    }
}

/// The host a key merges: the URL's host without a leading `www.`.
fn merged_host(host: &str) -> &str {
    host.strip_prefix("www.").unwrap_or(host)
}

/// The counts of the summary line.
#[derive(Debug, Default)]
struct Counts {
    distinct: u64,
    duplicates: u64,
    merged: u64,
}

/// The group being read from the keys in order.
struct Open {
    key: Box<str>,
    first: u64,
    count: u64,
    hosts: Vec<Box<str>>,
    seen: HashSet<Box<str>>,
    /// The first member, held until a second one shows the group is shown
    /// (without `--all`).
    held: Option<Placed>,
}

/// Reads the keyed lines in (key, line) order and places each shown
/// group's header and members by its first line.
fn place(
    keyed: impl Iterator<Item = io::Result<Keyed>>,
    all: bool,
    placed: &mut Sorter<Placed>,
    counts: &mut Counts,
) -> io::Result<()> {
    let mut open: Option<Open> = None;
    let close = |group: Open, placed: &mut Sorter<Placed>, counts: &mut Counts| {
        counts.distinct += 1;
        counts.duplicates += u64::from(group.count > 1);
        counts.merged += u64::from(group.hosts.len() > 1);
        if all || group.count > 1 {
            placed.push(Placed {
                first: group.first,
                line: 0,
                body: Body::Header {
                    key: group.key,
                    count: group.count,
                    hosts: group.hosts,
                },
            })?;
        }
        io::Result::Ok(())
    };
    for record in keyed {
        let record = record?;
        if open.as_ref().is_some_and(|g| *g.key != *record.key())
            && let Some(group) = open.take()
        {
            close(group, placed, counts)?;
        }
        let group = open.get_or_insert_with(|| Open {
            key: record.key().into(),
            first: record.line,
            count: 0,
            hosts: Vec::new(),
            seen: HashSet::new(),
            held: None,
        });
        group.count += 1;
        let host = record.host();
        if !group.seen.contains(host) {
            group.seen.insert(host.into());
            group.hosts.push(host.into());
        }
        let member = Placed {
            first: group.first,
            line: record.line,
            body: Body::Member(record.input().into()),
        };
        if all {
            placed.push(member)?;
        } else if group.count == 1 {
            group.held = Some(member);
        } else {
            if let Some(held) = group.held.take() {
                placed.push(held)?;
            }
            placed.push(member)?;
        }
    }
    if let Some(group) = open.take() {
        close(group, placed, counts)?;
    }
    Ok(())
}

/// `onecontact dedup --input FILE`: groups come out in order of first
/// appearance, within `--memory`.
pub fn run(
    ctx: &Ctx,
    args: &BatchArgs,
    all: bool,
    version: KeyVersion,
    spill: &SpillArgs,
    source: Source,
) -> Result<u8, CliError> {
    let version_name = match version {
        KeyVersion::V1 => "V1",
        _ => "V2",
    };
    let options = options("dedup", args, &source);
    let reserve = RESERVE_BASE + RESERVE_PER_JOB * options.jobs.max(1);
    let budget = (spill.memory.saturating_sub(reserve) / 2).max(MIN_SORT_BUDGET);
    let dir = spill.temp_dir.clone().unwrap_or_else(std::env::temp_dir);
    let mut keyed: Sorter<Keyed> = Sorter::new(budget, dir.clone());
    let summary = batch::run(
        source.reader,
        &options,
        |line, text, chunk: &mut Vec<Keyed>| match text {
            Line::Text(text) => match key_and_host(text, version, ctx.data()) {
                Ok((key, host)) => {
                    chunk.push(Keyed::new(line, &key, merged_host(&host), text));
                    None
                }
                Err(e) => Some(e.to_string()),
            },
            Line::Bad { reason, .. } => Some(reason),
        },
        |chunk| chunk.into_iter().try_for_each(|k| keyed.push(k)),
    )?;
    let mut placed: Sorter<Placed> = Sorter::new(budget, dir);
    let mut counts = Counts::default();
    place(keyed.finish()?, all, &mut placed, &mut counts)?;

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut report = Report {
        ctx,
        version_name,
        format: match format(args, ctx.json) {
            Format::Tsv if args.format.is_none() => None,
            format => Some(format),
        },
        group: None,
    };
    report.start(&mut out)?;
    for part in placed.finish()? {
        report.part(&mut out, part?)?;
    }
    let runs = keyed.runs_written + placed.runs_written;
    report.end(&mut out)?;
    out.flush()?;
    let spilled = match runs {
        0 => String::new(),
        1 => ", 1 sorted run on disk".to_owned(),
        n => format!(", {n} sorted runs on disk"),
    };
    if !args.quiet {
        let plural = |n: u64, one: &str, many: &str| {
            if n == 1 {
                format!("{n} {one}")
            } else {
                format!("{n} {many}")
            }
        };
        print_summary(
            "onecontact dedup",
            &summary,
            Some(format!(
                "key {version_name}: {}, {} with duplicates, {} merging different hosts{spilled}",
                plural(counts.distinct, "distinct key", "distinct keys"),
                counts.duplicates,
                counts.merged
            )),
        );
    }
    Ok(if summary.failed > 0 { INVALID } else { OK })
}

/// The group whose members are being written.
struct Shown {
    /// Members written so far.
    written: u64,
    count: String,
    hosts: String,
    key: Box<str>,
}

/// Writes the report as its parts come, in order.
struct Report<'a> {
    ctx: &'a Ctx,
    /// The key version that groups, as the report names it.
    version_name: &'static str,
    /// `None` for the grouped text report.
    format: Option<Format>,
    group: Option<Shown>,
}

/// A member as JSON shows it.
#[derive(Serialize)]
struct Member<'a> {
    line: u64,
    input: &'a str,
}

impl Report<'_> {
    fn start(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.format == Some(Format::Tsv) {
            out.write_all(tsv_row(["key", "count", "line", "input", "hosts"]).as_bytes())?;
        }
        Ok(())
    }

    /// Closes the group written so far.
    fn end(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.group.take().is_some() && self.format == Some(Format::Jsonl) {
            writeln!(out, "]}}")?;
        }
        Ok(())
    }

    fn part(&mut self, out: &mut impl Write, part: Placed) -> io::Result<()> {
        match part.body {
            Body::Header { key, count, hosts } => {
                self.end(out)?;
                self.header(out, &key, count, &hosts)?;
                self.group = Some(Shown {
                    written: 0,
                    count: count.to_string(),
                    hosts: hosts.len().to_string(),
                    key,
                });
            }
            Body::Member(input) => {
                let Some(group) = &mut self.group else {
                    return Ok(());
                };
                group.written += 1;
                match self.format {
                    Some(Format::Jsonl) => {
                        if group.written > 1 {
                            out.write_all(b",")?;
                        }
                        serde_json::to_writer(
                            &mut *out,
                            &Member {
                                line: part.line,
                                input: &input,
                            },
                        )
                        .map_err(io::Error::other)?;
                    }
                    Some(Format::Tsv) => {
                        let line = part.line.to_string();
                        out.write_all(
                            tsv_row([&*group.key, &group.count, &line, &input, &group.hosts])
                                .as_bytes(),
                        )?;
                    }
                    None => {
                        let s = &self.ctx.style;
                        writeln!(
                            out,
                            "  {}  {}",
                            s.label(&format!("{:>8}", format!("line {}", part.line))),
                            crate::escape::shown(&input)
                        )?;
                    }
                }
            }
        }
        Ok(())
    }

    fn header(
        &self,
        out: &mut impl Write,
        key: &str,
        count: u64,
        hosts: &[Box<str>],
    ) -> io::Result<()> {
        match self.format {
            Some(Format::Jsonl) => {
                let key = serde_json::to_string(key).map_err(io::Error::other)?;
                let hosts = serde_json::to_string(hosts).map_err(io::Error::other)?;
                write!(
                    out,
                    "{{\"key\":{key},\"count\":{count},\"hosts\":{hosts},\"members\":["
                )
            }
            Some(Format::Tsv) => Ok(()),
            None => {
                let s = &self.ctx.style;
                writeln!(
                    out,
                    "{}  {}",
                    s.heading(key),
                    s.dim(&if count == 1 {
                        "(1 address)".to_owned()
                    } else {
                        format!("({count} addresses)")
                    })
                )?;
                if let [first, second, rest @ ..] = hosts {
                    let more = if rest.is_empty() {
                        String::new()
                    } else {
                        format!(" and {} more", rest.len())
                    };
                    writeln!(
                        out,
                        "  {} {} hosts merged by key {} (its documented rules; check that they are one site): {first}, {second}{more}",
                        s.warn("note:"),
                        hosts.len(),
                        self.version_name
                    )?;
                }
                Ok(())
            }
        }
    }
}

/// The key of `text` in `version` and the host it merges (for key V2, the
/// host of the address behind a wrapper).
fn key_and_host(
    text: &str,
    version: KeyVersion,
    data: &onecontact::Data,
) -> Result<(String, String), onecontact::WebError> {
    match version {
        KeyVersion::V1 => onecontact::key_v1_and_host_with(text, data),
        _ => onecontact::key_v2_and_host_with(text, data),
    }
}
