//! `onecontact parse` and `onecontact clean`.

use std::io::{self, Write};

use onecontact_report::{
    self as tool, CleanReport, Finding, FindingKind, ParseReport, PartsReport, ReadOptions,
};

use super::batch_run::BatchCommand;
use super::{Ctx, LineError, OK, heading, report_invalid, write_notes};
use crate::output::{Table, or_dash, tsv_field, write_columns, write_json};

/// Parse as a batch command.
pub struct Parse {
    /// How to read addresses.
    pub options: ReadOptions,
    /// Whether each row needs the whole report (JSON Lines), or only the
    /// URL's parts (TSV, whose columns are the parts).
    pub full: bool,
}

/// One row of `parse --input`: the whole report for JSON Lines, the URL's
/// parts for TSV.
#[derive(Debug, serde::Serialize)]
#[serde(untagged)]
pub enum ParseRow {
    /// The report the single-address `--json` prints.
    Full(Box<ParseReport>),
    /// The URL and its parts.
    Parts(PartsReport),
}

impl BatchCommand for Parse {
    type Report = ParseRow;

    fn columns(&self) -> &'static [&'static str] {
        &[
            "href", "scheme", "username", "password", "host", "port", "path", "query", "fragment",
        ]
    }

    fn run(&self, text: &str) -> Result<ParseRow, LineError> {
        let row = if self.full {
            tool::parse_report(text, &self.options).map(|r| ParseRow::Full(Box::new(r)))
        } else {
            tool::parse_parts(text, &self.options).map(ParseRow::Parts)
        };
        row.map_err(|e| LineError::from(&e))
    }

    fn fields(&self, row: &ParseRow, out: &mut Vec<String>) {
        let mut port = String::new();
        out.extend(row_fields(row, &mut port).map(str::to_owned));
    }

    fn write_fields(&self, row: &ParseRow, out: &mut String) {
        let mut port = String::new();
        for field in row_fields(row, &mut port) {
            out.push('\t');
            tsv_field(out, field);
        }
    }
}

/// The columns of a row, in order (`port` holds the port's digits).
fn row_fields<'r>(row: &'r ParseRow, port: &'r mut String) -> [&'r str; 9] {
    let (href, p) = match row {
        ParseRow::Full(r) => (&r.href, &r.parts),
        ParseRow::Parts(r) => (&r.href, &r.parts),
    };
    if let Some(n) = p.port {
        *port = n.to_string();
    }
    [
        href,
        &p.scheme,
        p.username.as_deref().unwrap_or_default(),
        p.password.as_deref().unwrap_or_default(),
        p.host.as_deref().unwrap_or_default(),
        port,
        &p.path,
        p.query.as_deref().unwrap_or_default(),
        p.fragment.as_deref().unwrap_or_default(),
    ]
}

/// Clean as a batch command.
pub struct Clean {
    /// How to read addresses.
    pub options: ReadOptions,
    /// Whether to clean the address behind a link wrapper.
    pub unwrap: bool,
}

impl BatchCommand for Clean {
    type Report = CleanReport;

    fn columns(&self) -> &'static [&'static str] {
        &["cleaned", "removed"]
    }

    fn run(&self, text: &str) -> Result<CleanReport, LineError> {
        tool::clean_with(text, &self.options, self.unwrap).map_err(|e| LineError::from(&e))
    }

    fn fields(&self, r: &CleanReport, out: &mut Vec<String>) {
        let removed: Vec<&str> = r.removed.iter().map(|p| p.name.as_str()).collect();
        out.extend([r.cleaned.clone(), removed.join(",")]);
    }
}

/// `onecontact parse URL`.
pub fn single(ctx: &Ctx, out: &mut dyn Write, text: &str, options: &ReadOptions) -> io::Result<u8> {
    let report = match tool::parse_report(text, options) {
        Ok(report) => report,
        Err(error) => {
            let hint = if error.wants_base() {
                super::BASE_HINT
            } else {
                ""
            };
            let line = LineError::from(&error);
            return super::report_invalid_hinted(ctx, out, "parse", &line, hint);
        }
    };
    if ctx.json {
        /// The same document as the body of `POST /api/parse`.
        #[derive(serde::Serialize)]
        struct Document<'a> {
            report: &'a ParseReport,
        }
        ctx.write_json_with_lists(out, &Document { report: &report })?;
        return Ok(OK);
    }
    let s = &ctx.style;
    writeln!(out, "{}", s.value(&report.href))?;
    for warning in report.findings_of(FindingKind::Warning) {
        let severity = warning.severity.map_or("warning", |v| v.name());
        let mut codes = warning.code.to_owned();
        for covered in &warning.covers {
            codes.push_str(&format!("; also {covered}"));
        }
        writeln!(
            out,
            "{} {} ({codes})",
            s.warn(&format!("{severity}:")),
            warning.message,
        )?;
    }
    for note in report.findings_of(FindingKind::Note) {
        writeln!(out, "{} {}", s.dim("note:"), note.message)?;
    }

    heading(out, s, "Parts")?;
    let p = &report.parts;
    let port = match (p.port, &report.host) {
        (Some(port), _) => port.to_string(),
        (None, Some(_)) => s.dim("— (the scheme's default)"),
        (None, None) => "—".to_owned(),
    };
    Table::new()
        .row("scheme", &p.scheme)
        .row(
            "username",
            or_dash(p.username.as_deref().unwrap_or_default()),
        )
        .row(
            "password",
            or_dash(p.password.as_deref().unwrap_or_default()),
        )
        .row("host", or_dash(p.host.as_deref().unwrap_or_default()))
        .row("port", port)
        .row("path", or_dash(&p.path))
        .row(
            "query",
            p.query
                .as_deref()
                .map_or("—".to_owned(), |q| format!("?{q}")),
        )
        .row(
            "fragment",
            p.fragment.as_deref().map_or("—".to_owned(), |f| {
                format!("#{f}  {}", s.dim("(not sent to the server)"))
            }),
        )
        .row("origin", s.dim(&report.origin))
        .write(out, s, 2)?;

    if let Some(host) = &report.host {
        heading(out, s, "Host")?;
        let mut table = Table::new();
        table.row("kind", host.kind.name());
        table.opt("written as", host.as_written.as_deref());
        if host.ipv4_short_form {
            table.row(
                "normalized",
                format!(
                    "{} (IPv4 short form)",
                    report.parts.host.as_deref().unwrap_or_default()
                ),
            );
        }
        table.opt("Unicode form", host.unicode.as_deref());
        table.opt("registrable domain", host.registrable_domain.as_deref());
        table.opt("public suffix", host.public_suffix.as_deref());
        table.write(out, s, 2)?;
    }

    let root_only = matches!(report.path_segments.as_slice(), [only] if only.raw.is_empty());
    if root_only {
        heading(out, s, "Path segments")?;
        writeln!(out, "  {}", s.dim("none: the path is the root /"))?;
    } else if !report.path_segments.is_empty() {
        heading(out, s, "Path segments")?;
        let rows: Vec<Vec<String>> = report
            .path_segments
            .iter()
            .enumerate()
            .map(|(i, seg)| {
                let mut row = vec![(i + 1).to_string(), or_dash(&seg.decoded)];
                let mut remark = String::new();
                if seg.raw != seg.decoded {
                    remark.push_str(&s.dim(&format!("raw {}", seg.raw)));
                }
                if seg.contains_slash {
                    remark.push_str(&format!(
                        "  {}",
                        s.warn("holds a / that is data, not a separator")
                    ));
                }
                if seg.invalid_utf8 {
                    remark.push_str(&format!("  {}", s.warn("not valid UTF-8")));
                }
                row.push(remark);
                row
            })
            .collect();
        write_columns(out, s, &rows, 2)?;
    } else if report.opaque_path {
        heading(out, s, "Path")?;
        writeln!(
            out,
            "  {}  {}",
            p.path,
            s.dim("(opaque: not split into segments)")
        )?;
    }

    if !report.query_params.is_empty() {
        heading(out, s, "Query parameters")?;
        let rows: Vec<Vec<String>> = report
            .query_params
            .iter()
            .map(|q| {
                let mut remark = String::new();
                if q.raw_name != q.name || q.raw_value != q.value {
                    remark = s.dim(&format!(
                        "raw {}{}{}",
                        q.raw_name,
                        if q.has_equals { "=" } else { "" },
                        q.raw_value
                    ));
                }
                if q.tracking {
                    remark.push_str(&format!("  {}", s.warn("tracking")));
                }
                vec![q.name.clone(), or_dash(&q.value), remark]
            })
            .collect();
        write_columns(out, s, &rows, 2)?;
    }

    heading(out, s, "Contact layer")?;
    match (&report.contact, &report.contact_error) {
        (Some(contact), _) => {
            let mut table = Table::new();
            table
                .row("canonical", &contact.canonical)
                .row("key V1", &contact.key_v1);
            if let Some(p) = &contact.social_profile {
                table.row(
                    "social profile",
                    format!("{} {} ({})", p.network.name(), p.handle, p.path),
                );
            }
            table.write(out, s, 2)?;
        }
        (None, Some(error)) => {
            writeln!(out, "  {}", s.warn(&format!("not a web address: {error}")))?
        }
        (None, None) => writeln!(out, "  {}", s.dim("not a web address"))?,
    }

    let validation: Vec<&Finding> = report.findings_of(FindingKind::ValidationError).collect();
    if !validation.is_empty() {
        heading(out, s, "Validation errors (parsing went on)")?;
        // One row per kind of error, naming each character and where it is.
        let rows: Vec<Vec<String>> = validation
            .into_iter()
            .map(|f| {
                let places: Vec<String> = f
                    .places
                    .iter()
                    .map(|p| match p.character {
                        Some(c) => format!("{} {c:?}", p.offset),
                        None => p.offset.to_string(),
                    })
                    .collect();
                let noun = if places.len() == 1 { "byte" } else { "bytes" };
                let at = if places.is_empty() {
                    String::new()
                } else {
                    s.dim(&format!("at {noun} {}", places.join(", ")))
                };
                vec![f.code.to_owned(), f.message.clone(), at]
            })
            .collect();
        write_columns(out, s, &rows, 2)?;
    }
    Ok(OK)
}

/// `onecontact clean URL`: the cleaned URL alone on one line, or with
/// `full` the readable report.
pub fn clean(
    ctx: &Ctx,
    out: &mut dyn Write,
    text: &str,
    options: &ReadOptions,
    unwrap: bool,
    full: bool,
) -> io::Result<u8> {
    let report = match tool::clean_with(text, options, unwrap) {
        Ok(report) => report,
        Err(error) => return report_invalid(ctx, out, "clean", &LineError::from(&error)),
    };
    if ctx.json {
        write_json(out, &report)?;
        return Ok(OK);
    }
    if !full {
        writeln!(out, "{}", report.cleaned)?;
        return Ok(OK);
    }
    let s = &ctx.style;
    writeln!(out, "{}", s.value(&report.cleaned))?;
    write_notes(out, s, &report.notes, &[])?;
    if report.removed.is_empty() {
        writeln!(out, "{}", s.dim("no tracking parameters found"))?;
    } else {
        heading(out, s, "Removed tracking parameters")?;
        let rows: Vec<Vec<String>> = report
            .removed
            .iter()
            .map(|p| vec![p.name.clone(), s.dim(&p.raw)])
            .collect();
        write_columns(out, s, &rows, 2)?;
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            s.dim("A site can use any parameter name for anything: check the cleaned link before you share it.")
        )?;
    }
    Ok(OK)
}
