//! `onecontact resolve`.

use std::io::{self, Write};

use super::{Ctx, LineError, OK, report_invalid};
use crate::output::{Table, write_json};

/// `onecontact resolve BASE REF`.
pub fn single(
    ctx: &Ctx,
    out: &mut dyn Write,
    base: &str,
    reference: &str,
    assume_https: bool,
) -> io::Result<u8> {
    let report = match onecontact_report::resolve(base, reference, assume_https) {
        Ok(report) => report,
        Err(error) => return report_invalid(ctx, out, "resolve", &LineError::from(&error)),
    };
    if ctx.json {
        write_json(out, &report)?;
        return Ok(OK);
    }
    let s = &ctx.style;
    writeln!(out, "{}", s.value(&report.url))?;
    writeln!(out)?;
    Table::new()
        .row("base", &report.base)
        .row("reference", &report.reference)
        .row("kind", report.reference_kind.name())
        .write(out, s, 2)?;
    writeln!(out)?;
    writeln!(out, "{}", report.explanation)?;
    Ok(OK)
}
