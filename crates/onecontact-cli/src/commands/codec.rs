//! `onecontact encode` and `onecontact decode`.

use std::io::{self, Write};

use onecontact_report::{self as tool, Component};

use super::{Ctx, INVALID, OK};
use crate::output::write_json;

/// Encodes or decodes `text`. Decoding bytes that are not UTF-8 exits 1.
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
    } else {
        writeln!(out, "{}", report.output)?;
        for note in report.notes.iter().filter(|n| n.code != "invalid-utf8") {
            // Notes go to standard error so that the output stays usable in scripts.
            eprintln!("note: {}", note.message);
        }
    }
    if report.invalid_utf8 {
        out.flush()?;
        eprintln!("onecontact decode: the decoded bytes are not valid UTF-8");
        return Ok(INVALID);
    }
    Ok(OK)
}
