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
        for note in report.notes.iter().filter(|n| n.code != "invalid-utf8") {
            // Notes go to standard error so that the output stays usable in scripts.
            eprintln!("note: {}", crate::escape::shown(&note.message));
        }
    }
    if report.invalid_utf8 {
        out.flush()?;
        let bad: Vec<String> = invalid_utf8(text, component)
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

/// Bytes of a decoding that are not UTF-8, with where they were written.
#[derive(Debug, PartialEq, Eq)]
struct BadBytes {
    /// The text as written (`%FF`, `%C3%28`'s `%C3`).
    written: String,
    /// The bytes, in hex.
    bytes: Vec<u8>,
    /// The byte offset of `written` in the text.
    offset: usize,
}

impl std::fmt::Display for BadBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hex: Vec<String> = self.bytes.iter().map(|b| format!("{b:02X}")).collect();
        let noun = if self.bytes.len() == 1 {
            "byte"
        } else {
            "bytes"
        };
        write!(
            f,
            "{} at byte {} is the {noun} {}",
            self.written,
            self.offset,
            hex.join(" ")
        )
    }
}

/// Decodes `text` as `decode` does, keeping for each byte where it was
/// written, and lists each sequence that is not UTF-8.
fn invalid_utf8(text: &str, component: Component) -> Vec<BadBytes> {
    let plus_is_space = matches!(component, Component::QueryValue | Component::Form);
    let raw = text.as_bytes();
    // (decoded byte, start in text, length in text)
    let mut decoded: Vec<(u8, usize, usize)> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        let hex = |at: usize| raw.get(at).and_then(|c| (*c as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                decoded.push((((hi << 4) | lo) as u8, i, 3));
                i += 3;
            }
            (b'+', _, _) if plus_is_space => {
                decoded.push((b' ', i, 1));
                i += 1;
            }
            _ => {
                decoded.push((b, i, 1));
                i += 1;
            }
        }
    }
    let bytes: Vec<u8> = decoded.iter().map(|d| d.0).collect();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(rest) = bytes.get(at..) {
        match std::str::from_utf8(rest) {
            Ok(_) => break,
            Err(e) => {
                let start = at + e.valid_up_to();
                let len = e.error_len().unwrap_or(rest.len() - e.valid_up_to()).max(1);
                let span = decoded.get(start..start + len).unwrap_or_default();
                if let (Some(first), Some(last)) = (span.first(), span.last()) {
                    found.push(BadBytes {
                        written: text
                            .get(first.1..last.1 + last.2)
                            .unwrap_or_default()
                            .to_owned(),
                        bytes: span.iter().map(|d| d.0).collect(),
                        offset: first.1,
                    });
                }
                at = start + len;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_bytes_that_are_not_utf8() {
        let bad = invalid_utf8("a%2Fb%FF", Component::QueryValue);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].to_string(), "%FF at byte 5 is the byte FF");
        let bad = invalid_utf8("%C3(x%E2%82", Component::PathSegment);
        let shown: Vec<String> = bad.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "%C3 at byte 0 is the byte C3",
                "%E2%82 at byte 5 is the bytes E2 82"
            ]
        );
        assert!(invalid_utf8("caf%C3%A9", Component::Form).is_empty());
    }
}
