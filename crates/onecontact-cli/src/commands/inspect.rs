//! `onecontact inspect`.

use std::io::{self, Write};

use onecontact::inspect::inspect_with;
use onecontact::{Data, LinkReport, Severity};

use super::batch_run::BatchCommand;
use super::{Ctx, FINDING, LineError, OK, heading};
use crate::output::{Style, Table};

/// Inspect as a batch command, with the lists hosts are looked up in and
/// compared with.
pub struct Inspect {
    /// The lists (`--psl`, `--top-domains`).
    pub data: &'static Data,
    /// `--fail-on`: the exit status is [`FINDING`] when a link has a
    /// finding this serious or more.
    pub fail_on: Option<Severity>,
    /// `--base`: relative links are resolved against it.
    pub base: Option<onecontact_url::Url>,
}

/// Whether `error` is the refusal of a relative reference.
fn is_relative(error: &onecontact::WebError) -> bool {
    matches!(error, onecontact::WebError::RelativeWithoutBase { .. })
}

impl Inspect {
    /// The report of `text`; a relative link is read against `--base`.
    fn inspect(&self, text: &str) -> LinkReport {
        let report = inspect_with(text, self.data);
        match (&report.error, &self.base) {
            (Some(error), Some(base)) if is_relative(error) => {
                let reading = onecontact::Reader::new().base(Some(base)).read(text);
                onecontact::inspect::inspect_reading(&reading, self.data)
            }
            _ => report,
        }
    }

    /// What follows the message of `error` on standard error: `--base`
    /// for a relative link.
    fn hint(error: &onecontact::WebError) -> &'static str {
        if is_relative(error) {
            super::BASE_HINT
        } else {
            ""
        }
    }

    /// Whether `report` reaches the `--fail-on` severity.
    fn reaches(&self, report: &LinkReport) -> bool {
        matches!((self.fail_on, report.max_severity), (Some(at), Some(max)) if max >= at)
    }
}

impl BatchCommand for Inspect {
    type Report = LinkReport;

    fn columns(&self) -> &'static [&'static str] {
        &[
            "real_host",
            "display_host",
            "registrable_domain",
            "max_severity",
            "warnings",
        ]
    }

    fn run(&self, text: &str) -> Result<LinkReport, LineError> {
        let report = self.inspect(text);
        match &report.error {
            Some(error) => Err(LineError::from(error)),
            None => Ok(report),
        }
    }

    fn fields(&self, r: &LinkReport, out: &mut Vec<String>) {
        let codes: Vec<&str> = r.warnings.iter().map(|w| w.code.code()).collect();
        out.extend([
            r.real_host().unwrap_or_default().to_owned(),
            r.display().map(|d| d.host.clone()).unwrap_or_default(),
            r.registrable_domain().unwrap_or_default().to_owned(),
            r.max_severity
                .map(|s| s.name().to_owned())
                .unwrap_or_default(),
            codes.join(","),
        ]);
    }

    fn fails(&self, report: &LinkReport) -> bool {
        self.reaches(report)
    }
}

/// The report's first line: where the link goes, said for what its host
/// is: a web host (an IPv4-mapped IPv6 address with its IPv4 form), a file
/// on this computer or another, or no host at all (`mailto:`, `tel:`,
/// `javascript:`, …).
fn headline(report: &LinkReport) -> (&'static str, String) {
    let url = report.url();
    let scheme = url.map(|u| u.scheme()).unwrap_or_default();
    let host = report.real_host().unwrap_or_default();
    if scheme == "file" {
        let path = url.map(|u| u.path()).unwrap_or_default();
        return if host.is_empty() {
            ("opens a file on this computer:", path.to_owned())
        } else {
            ("opens a file shared by", format!("{host}: {path}"))
        };
    }
    if host.is_empty() {
        let path = url.map(|u| u.path()).unwrap_or_default();
        return match scheme {
            "mailto" => ("writes an e-mail (no web host) to", path.to_owned()),
            "tel" | "sms" => ("calls a number (no web host):", path.to_owned()),
            "javascript" => ("runs a script (no web host):", "javascript:".to_owned()),
            "data" => ("holds its own content (no web host):", "data:".to_owned()),
            _ => ("goes to no host:", format!("a {scheme}: address")),
        };
    }
    let mapped = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .and_then(|h| h.parse::<std::net::Ipv6Addr>().ok())
        .and_then(|ip| ip.to_ipv4_mapped());
    match mapped {
        Some(v4) => (
            "goes to",
            format!("{host} (the IPv4 address {v4}, written as IPv6)"),
        ),
        None => ("goes to", host.to_owned()),
    }
}

fn severity_label(style: &Style, severity: Severity) -> String {
    match severity {
        Severity::Danger => style.danger("danger "),
        Severity::Warning => style.warn("warning"),
        Severity::Info => style.dim("info   "),
    }
}

/// `onecontact inspect URL`.
pub fn single(ctx: &Ctx, out: &mut dyn Write, inspect: &Inspect, text: &str) -> io::Result<u8> {
    let report = inspect.inspect(text);
    if let Some(error) = &report.error {
        if ctx.json {
            ctx.write_json_with_lists(out, &report)?;
            out.flush()?;
            eprintln!(
                "onecontact inspect: {}{}",
                crate::escape::shown(&error.to_string()),
                Inspect::hint(error)
            );
            return Ok(super::INVALID);
        }
        for w in &report.warnings {
            writeln!(
                out,
                "{} {}  {}",
                severity_label(&ctx.style, w.severity),
                ctx.style.label(w.code.code()),
                w.message
            )?;
        }
        return super::report_invalid_hinted(
            ctx,
            out,
            "inspect",
            &LineError::from(error),
            Inspect::hint(error),
        );
    }
    let status = if inspect.reaches(&report) {
        FINDING
    } else {
        OK
    };
    if ctx.json {
        ctx.write_json_with_lists(out, &report)?;
        return Ok(status);
    }
    let s = &ctx.style;
    let (what, value) = headline(&report);
    writeln!(out, "{} {}", s.heading(what), s.value(&value))?;
    let mut table = Table::new();
    table.opt("url", report.url().map(|u| u.as_str()));
    table.opt("registrable domain", report.registrable_domain());
    // The domain the host imitates, and the heuristic that says so.
    let imitation = report.warnings.iter().find_map(|w| w.imitation.as_ref());
    table.opt(
        "imitates",
        imitation.map(|i| format!("{}  {}", i.domain, s.dim(&format!("({})", i.kind)))),
    );
    table.opt("Unicode form", report.host_unicode());
    if let Some(display) = report.display().filter(|d| !d.labels.is_empty()) {
        table.opt("browser shows", Some(display.host.as_str()));
        for label in &display.labels {
            if let Some(reason) = label.reason {
                table.opt(
                    "kept in Punycode",
                    Some(format!(
                        "{}  {}",
                        label.ascii,
                        s.dim(&format!("({})", reason.code()))
                    )),
                );
            }
        }
    }
    table.opt(
        "host kind",
        report.host_kind().map(onecontact::HostKind::name),
    );
    table.opt(
        "userinfo",
        report
            .userinfo()
            .map(|u| format!("{u}  {}", s.dim("(not the host)"))),
    );
    table.opt("scheme", report.scheme());
    if let Some(wrapped) = &report.wrapped {
        for layer in &wrapped.wrappers {
            table.opt("wrapper", Some(layer.vendor.as_str()));
        }
        table.opt(
            "leads to",
            Some(format!(
                "{}  {}",
                wrapped.target,
                s.dim("(inspected too: its warnings are below)")
            )),
        );
    }
    writeln!(out)?;
    table.write(out, s, 2)?;
    if report.scheme_assumed {
        let note = onecontact_report::scheme_assumed_note(&report.input);
        writeln!(out, "{} {}", s.dim("note:"), note.message)?;
    }
    if report.warnings.is_empty() {
        writeln!(out)?;
        writeln!(out, "{}", s.good("no warnings"))?;
    } else {
        heading(out, s, "Warnings")?;
        for w in &report.warnings {
            writeln!(
                out,
                "  {} {}",
                severity_label(s, w.severity),
                s.label(w.code.code())
            )?;
            writeln!(out, "          {}", w.message)?;
            // Where the character a warning is about stands.
            if let (Some(at), Some(c)) = (w.position, w.character) {
                writeln!(
                    out,
                    "          {}",
                    s.dim(&format!(
                        "{c} U+{:04X} at byte {at} of the link as given",
                        u32::from(c)
                    ))
                )?;
            }
        }
    }
    Ok(status)
}
