//! `onecontact dedup`: group addresses by key V2 (or V1).

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};

use onecontact::KeyVersion;
use serde::Serialize;

use super::batch_run::{Source, format, options, print_summary};
use super::{CliError, Ctx, INVALID, OK};
use crate::batch::{self, Line};
use crate::cli::{BatchArgs, Format};
use crate::output::tsv_row;

/// One address of a group.
#[derive(Debug, Serialize)]
struct Member {
    line: u64,
    input: String,
}

/// Addresses that share a key.
#[derive(Debug, Serialize)]
struct Group {
    key: String,
    count: usize,
    /// The different hosts of the members, in order of first appearance:
    /// more than one when key V1 merged addresses of different hosts
    /// (`www.` aside, the subdomains of one registrable domain).
    hosts: Vec<String>,
    members: Vec<Member>,
}

/// The host a key merges: the URL's host without a leading `www.`.
fn merged_host(mut host: String) -> String {
    if host.starts_with("www.") {
        host.drain(..4);
    }
    host
}

/// `onecontact dedup --input FILE`. Keeps one entry per address in memory
/// (grouping needs them all); groups come out in order of first appearance.
pub fn run(
    ctx: &Ctx,
    args: &BatchArgs,
    all: bool,
    version: KeyVersion,
    source: Source,
) -> Result<u8, CliError> {
    let version_name = match version {
        KeyVersion::V1 => "V1",
        _ => "V2",
    };
    let options = options("dedup", args, &source);
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut groups: Vec<Group> = Vec::new();
    let summary = batch::run(
        source.reader,
        &options,
        |line, text, keyed: &mut Vec<(u64, String, String, String)>| match text {
            Line::Text(text) => match key_and_host(text, version, ctx.data()) {
                Ok((key, host)) => {
                    keyed.push((line, text.to_owned(), key, merged_host(host)));
                    None
                }
                Err(e) => Some(e.to_string()),
            },
            Line::Bad { reason, .. } => Some(reason),
        },
        |keyed| {
            for (line, input, key, host) in keyed {
                let at = *index.entry(key.clone()).or_insert_with(|| {
                    groups.push(Group {
                        key,
                        count: 0,
                        hosts: Vec::new(),
                        members: Vec::new(),
                    });
                    groups.len() - 1
                });
                if let Some(group) = groups.get_mut(at) {
                    group.count += 1;
                    if !group.hosts.contains(&host) {
                        group.hosts.push(host);
                    }
                    group.members.push(Member { line, input });
                }
            }
            Ok(())
        },
    )?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let shown = groups.iter().filter(|g| all || g.count > 1);
    let duplicate_groups = groups.iter().filter(|g| g.count > 1).count();
    let merged = groups.iter().filter(|g| g.hosts.len() > 1).count();
    match format(args, ctx.json) {
        Format::Jsonl => {
            for group in shown {
                serde_json::to_writer(&mut out, group).map_err(io::Error::other)?;
                writeln!(out)?;
            }
        }
        Format::Tsv if args.format.is_some() => {
            out.write_all(tsv_row(["key", "count", "line", "input", "hosts"]).as_bytes())?;
            for group in shown {
                let hosts = group.hosts.len().to_string();
                for m in &group.members {
                    let count = group.count.to_string();
                    let line = m.line.to_string();
                    out.write_all(
                        tsv_row([group.key.as_str(), &count, &line, &m.input, &hosts]).as_bytes(),
                    )?;
                }
            }
        }
        Format::Tsv => {
            let s = &ctx.style;
            for group in shown {
                writeln!(
                    out,
                    "{}  {}",
                    s.heading(&group.key),
                    s.dim(&if group.count == 1 {
                        "(1 address)".to_owned()
                    } else {
                        format!("({} addresses)", group.count)
                    })
                )?;
                if let [first, second, rest @ ..] = group.hosts.as_slice() {
                    let more = if rest.is_empty() {
                        String::new()
                    } else {
                        format!(" and {} more", rest.len())
                    };
                    writeln!(
                        out,
                        "  {} {} hosts merged by key {version_name} (its documented rules; check that they are one site): {first}, {second}{more}",
                        s.warn("note:"),
                        group.hosts.len()
                    )?;
                }
                for m in &group.members {
                    writeln!(
                        out,
                        "  {}  {}",
                        s.label(&format!("{:>8}", format!("line {}", m.line))),
                        m.input
                    )?;
                }
            }
        }
    }
    out.flush()?;
    if !args.quiet {
        print_summary(
            "onecontact dedup",
            &summary,
            Some(format!(
                "key {version_name}: {} distinct keys, {duplicate_groups} with duplicates, {merged} merging different hosts",
                groups.len()
            )),
        );
    }
    Ok(if summary.failed > 0 { INVALID } else { OK })
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
