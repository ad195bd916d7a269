//! `onecontact encode` and `onecontact decode`.

use std::io::{self, Write};

use onecontact_report::{self as tool, Component};

use super::{Ctx, INVALID, OK};
use crate::output::write_json;

/// Encodes or decodes `text`. Decoding bytes that are not UTF-8 prints
/// nothing on standard output (there is no text to print), names the bytes
/// and where they were written on standard error, and exits 1; `--json`
/// still prints the report, whose `output` holds U+FFFD in their place.
pub fn single(
    ctx: &Ctx,
    out: &mut dyn Write,
    encode: bool,
    component: Component,
    text: &str,
) -> io::Result<u8> {
    let report = if encode {
        tool::encode(component, text)
    } else {
        tool::decode(component, text)
    };
    if ctx.json {
        write_json(out, &report)?;
    } else if !report.invalid_utf8 {
        writeln!(out, "{}", report.output)?;
        for note in &report.notes {
            // Notes go to standard error so that the output stays usable in scripts.
            eprintln!("note: {}", crate::escape::shown(&note.message));
        }
    }
    if report.invalid_utf8 {
        out.flush()?;
        let bad: Vec<String> = tool::undecodable(component, text)
            .iter()
            .map(|b| b.to_string())
            .collect();
        let printed = if ctx.json {
            "the output holds U+FFFD in their place"
        } else {
            "nothing was printed"
        };
        eprintln!(
            "onecontact decode: the decoded bytes are not UTF-8: {}; {printed} (write UTF-8 escapes, such as %C3%A9 for é)",
            bad.join("; ")
        );
        return Ok(INVALID);
    }
    Ok(OK)
}
