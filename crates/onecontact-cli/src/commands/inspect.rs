//! `onecontact inspect`.

use std::io::{self, Write};

use onecontact::inspect::inspect_with;
use onecontact::{Data, LinkReport, Severity};

use super::batch_run::BatchCommand;
use super::{Ctx, FINDING, LineError, OK, heading, report_invalid};
use crate::output::{Style, Table};

/// Inspect as a batch command, with the lists hosts are looked up in and
/// compared with.
pub struct Inspect {
    /// The lists (`--psl`, `--top-domains`).
    pub data: &'static Data,
    /// `--fail-on`: the exit status is [`FINDING`] when a link has a
    /// finding this serious or more.
    pub fail_on: Option<Severity>,
}

impl Inspect {
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
        let report = inspect_with(text, self.data);
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

fn severity_label(style: &Style, severity: Severity) -> String {
    match severity {
        Severity::Danger => style.danger("danger "),
        Severity::Warning => style.warn("warning"),
        Severity::Info => style.dim("info   "),
    }
}

/// `onecontact inspect URL`.
pub fn single(ctx: &Ctx, out: &mut dyn Write, inspect: &Inspect, text: &str) -> io::Result<u8> {
    let report = inspect_with(text, inspect.data);
    if let Some(error) = &report.error {
        if ctx.json {
            ctx.write_json_with_lists(out, &report)?;
            out.flush()?;
            eprintln!("onecontact inspect: {error}");
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
        return report_invalid(ctx, out, "inspect", &LineError::from(error));
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
    let host = report.real_host().unwrap_or("(none)");
    writeln!(out, "{} {}", s.heading("goes to"), s.value(host))?;
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
        }
    }
    Ok(status)
}
