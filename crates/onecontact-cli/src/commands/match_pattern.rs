//! `onecontact match PATTERN [URL…] [--input FILE]`: URLs against a URL
//! pattern.

use std::io::{self, BufRead, Write};
use std::path::Path;

use onecontact_urlpattern::{
    Component, PatternInput, UrlPattern, UrlPatternOptions, UrlPatternResult,
};
use serde_json::{Map, Value, json};

use super::{CliError, Ctx, INVALID, OK};

/// What `match` was asked.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The pattern string.
    pub pattern: &'a str,
    /// The base URL of a relative pattern.
    pub base: Option<&'a str>,
    /// `--ignore-case`.
    pub ignore_case: bool,
    /// The URLs given as arguments.
    pub urls: &'a [String],
    /// `--input FILE` (`-` = standard input).
    pub input: Option<&'a Path>,
}

/// Runs `match`: 0 when every URL matched, 1 when one did not.
pub fn run(ctx: &Ctx, req: &Request<'_>) -> Result<u8, CliError> {
    if req.urls.is_empty() && req.input.is_none() {
        return Err(CliError::Usage(
            "give URLs to match after the pattern, or --input FILE".to_owned(),
        ));
    }
    let pattern = UrlPattern::new(
        PatternInput::String(req.pattern, req.base),
        UrlPatternOptions::ignore_case(req.ignore_case),
    )
    .map_err(|e| CliError::Usage(format!("invalid pattern `{}`: {e}", req.pattern)))?;
    let mut out = crate::escape::SafeWriter::new(io::stdout().lock(), ctx.style.colours());
    let mut all = true;
    for url in req.urls {
        all &= one(ctx, &mut out, &pattern, url)?;
    }
    if let Some(path) = req.input {
        let stdin = path == Path::new("-");
        let cannot_read = |e: &dyn std::fmt::Display| {
            let name = if stdin {
                "standard input".to_owned()
            } else {
                path.display().to_string()
            };
            CliError::Usage(format!("cannot read {name}: {e}"))
        };
        let reader: Box<dyn BufRead> = if stdin {
            Box::new(io::stdin().lock())
        } else if path.is_dir() {
            return Err(cannot_read(
                &"it is a directory; give a file of URLs, one per line",
            ));
        } else {
            let file = std::fs::File::open(path)
                .map_err(|e| cannot_read(&super::batch_run::io_reason(&e)))?;
            Box::new(io::BufReader::new(file))
        };
        for line in reader.lines() {
            let line = line.map_err(|e| cannot_read(&super::batch_run::io_reason(&e)))?;
            let url = line.trim();
            if !url.is_empty() {
                all &= one(ctx, &mut out, &pattern, url)?;
            }
        }
    }
    out.flush()?;
    Ok(if all { OK } else { INVALID })
}

/// The groups of each component that has any, as `component -> {name: value}`.
fn groups(result: &UrlPatternResult) -> Map<String, Value> {
    let mut map = Map::new();
    for c in Component::ALL {
        let r = result.component(c);
        if r.groups().len() == 0 {
            continue;
        }
        let groups: Map<String, Value> = r
            .groups()
            .map(|(n, v)| (n.to_owned(), v.map_or(Value::Null, |v| json!(v))))
            .collect();
        map.insert(c.name().to_owned(), Value::Object(groups));
    }
    map
}

/// Matches one URL and reports it; returns whether it matched.
fn one(ctx: &Ctx, out: &mut dyn Write, pattern: &UrlPattern, url: &str) -> io::Result<bool> {
    let parsed = onecontact_url::Url::parse(url);
    let result = parsed.as_ref().ok().and_then(|u| pattern.exec(u));
    if ctx.json {
        let mut doc = Map::new();
        doc.insert("url".to_owned(), json!(url));
        doc.insert("matched".to_owned(), json!(result.is_some()));
        if let Err(e) = &parsed {
            doc.insert("error".to_owned(), json!(e.to_string()));
        }
        if let Some(r) = &result {
            doc.insert("groups".to_owned(), Value::Object(groups(r)));
        }
        serde_json::to_writer(&mut *out, &Value::Object(doc))?;
        writeln!(out)?;
        return Ok(result.is_some());
    }
    let s = &ctx.style;
    match (&parsed, &result) {
        (Err(e), _) => writeln!(out, "{}  {url}  ({e})", s.danger("invalid "))?,
        (Ok(_), None) => writeln!(out, "{}  {url}", s.warn("no match"))?,
        (Ok(_), Some(r)) => {
            // The groups that captured some text, in component order.
            let captured: Vec<String> = Component::ALL
                .iter()
                .flat_map(|c| {
                    r.component(*c).groups().filter_map(move |(n, v)| {
                        v.filter(|v| !v.is_empty())
                            .map(|v| format!("{}.{n}={v}", c.name()))
                    })
                })
                .collect();
            if captured.is_empty() {
                writeln!(out, "{}  {url}", s.good("match   "))?;
            } else {
                writeln!(
                    out,
                    "{}  {url}  {}",
                    s.good("match   "),
                    s.dim(&captured.join(" "))
                )?;
            }
        }
    }
    Ok(result.is_some())
}
