//! `onecontact rebuild`.

use std::io::{self, Write};

use onecontact_report::{self as tool, Edit, ReadOptions, UrlField};

use super::{CliError, Ctx, LineError, OK, heading, report_invalid};
use crate::output::{write_columns, write_json};

/// An edit as given on the command line, with its position among the
/// arguments so edits apply in the order they were written.
pub struct RawEdit {
    /// Position among the arguments.
    pub index: usize,
    /// `set`, `param` or `drop-param`.
    pub kind: &'static str,
    /// The text after the option.
    pub text: String,
}

/// Turns the command line's edits into [`Edit`]s, in argument order.
///
/// # Errors
///
/// A usage error for `--set` without `=` or with an unknown field, or
/// `--param` without `=`.
pub fn edits(mut raw: Vec<RawEdit>) -> Result<Vec<Edit>, CliError> {
    raw.sort_by_key(|e| e.index);
    raw.into_iter()
        .map(|e| match e.kind {
            "set" => {
                let (field, value) = e.text.split_once('=').ok_or_else(|| {
                    CliError::Usage(format!("--set needs FIELD=VALUE, got {:?}", e.text))
                })?;
                let field: UrlField = field
                    .parse()
                    .map_err(|err| CliError::Usage(format!("--set: {err}")))?;
                Ok(Edit::Set {
                    field,
                    value: value.to_owned(),
                })
            }
            "param" => {
                let (name, value) = e.text.split_once('=').ok_or_else(|| {
                    CliError::Usage(format!("--param needs NAME=VALUE, got {:?}", e.text))
                })?;
                Ok(Edit::Param {
                    name: name.to_owned(),
                    value: value.to_owned(),
                })
            }
            _ => Ok(Edit::DropParam { name: e.text }),
        })
        .collect()
}

/// `onecontact rebuild URL …`.
pub fn single(
    ctx: &Ctx,
    out: &mut dyn Write,
    text: &str,
    edits: &[Edit],
    options: &ReadOptions,
) -> io::Result<u8> {
    let report = match tool::rebuild(text, edits, options) {
        Ok(report) => report,
        Err(error) => return report_invalid(ctx, out, "rebuild", &LineError::from(&error)),
    };
    if ctx.json {
        write_json(out, &report)?;
        return Ok(OK);
    }
    let s = &ctx.style;
    writeln!(out, "{}", s.value(&report.url))?;
    if !report.steps.is_empty() {
        heading(out, s, "Edits")?;
        let mut rows = vec![vec![
            "start".to_owned(),
            report.original.clone(),
            String::new(),
        ]];
        for step in &report.steps {
            let remark = if step.changed {
                String::new()
            } else {
                s.dim("(no change)")
            };
            rows.push(vec![step.edit.clone(), step.url.clone(), remark]);
        }
        write_columns(out, s, &rows, 2)?;
    }
    Ok(OK)
}
