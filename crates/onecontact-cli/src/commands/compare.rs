//! `onecontact compare`.

use std::io::{self, Write};

use onecontact_report::{self as tool, ReadOptions, Verdict};

use super::{Ctx, LineError, OK, heading};
use crate::output::{Table, write_columns};

/// `onecontact compare A B`.
pub fn single(
    ctx: &Ctx,
    out: &mut dyn Write,
    first: &str,
    second: &str,
    options: &ReadOptions,
) -> io::Result<u8> {
    let report = match tool::compare_with(first, second, options) {
        Ok(report) => report,
        Err(error) => {
            let hint = if error.wants_base() {
                super::BASE_HINT
            } else {
                ""
            };
            let line = LineError::from(&error);
            return super::report_invalid_hinted(ctx, out, "compare", &line, hint);
        }
    };
    if ctx.json {
        ctx.write_json_with_lists(out, &report)?;
        return Ok(OK);
    }
    let s = &ctx.style;
    let verdict = match report.verdict {
        Verdict::SameUrl => s.good("the same URL"),
        Verdict::SameKey => s.warn("different URLs, the same key V1"),
        Verdict::Different => s.danger("different URLs and different keys"),
        _ => String::new(),
    };
    writeln!(out, "{verdict}")?;
    writeln!(out)?;
    let yes_no = |b: bool| if b { s.good("yes") } else { s.warn("no") };
    Table::new()
        .row("first", &report.first)
        .row("second", &report.second)
        .row("same URL", yes_no(report.same_url))
        .row(
            "first key",
            report.first_key.clone().unwrap_or_else(|| "—".into()),
        )
        .row(
            "second key",
            report.second_key.clone().unwrap_or_else(|| "—".into()),
        )
        .row("same key", yes_no(report.same_key))
        .row(
            "first key V2",
            report
                .key_v2
                .first_key
                .clone()
                .or_else(|| report.key_v2.first_error.clone())
                .unwrap_or_else(|| "—".into()),
        )
        .row(
            "second key V2",
            report
                .key_v2
                .second_key
                .clone()
                .or_else(|| report.key_v2.second_error.clone())
                .unwrap_or_else(|| "—".into()),
        )
        .row("same key V2", yes_no(report.key_v2.same_key))
        .write(out, s, 2)?;
    let v2 = &report.key_v2;
    if !v2.first_decisions.is_empty() || !v2.second_decisions.is_empty() {
        heading(out, s, "Key V2's own rules")?;
        let rows: Vec<Vec<String>> = v2
            .first_decisions
            .iter()
            .map(|d| ("first", d))
            .chain(v2.second_decisions.iter().map(|d| ("second", d)))
            .map(|(side, d)| vec![side.to_owned(), tool::key_v2_sentence(d)])
            .collect();
        write_columns(out, s, &rows, 2)?;
    }
    if !report.differences.is_empty() {
        heading(out, s, "Differences")?;
        let rows: Vec<Vec<String>> = report
            .differences
            .iter()
            .map(|d| {
                let mark = if d.equivalent {
                    s.good("equivalent")
                } else {
                    s.warn("different ")
                };
                vec![d.code.to_owned(), mark, d.message.clone()]
            })
            .collect();
        write_columns(out, s, &rows, 2)?;
    }
    Ok(OK)
}
