//! Control characters of the input made visible: no byte from an input
//! reaches a terminal or a TSV cell as a control (an escape sequence that
//! recolours or retitles the terminal, a NUL, a tab that shifts a column).
//!
//! A control character is written as `\0`, `\t`, `\n`, `\r`, `\x1b` (C0
//! controls and DEL as `\xHH`) or `\u{9b}` (the C1 controls U+0080 to
//! U+009F, which some terminals obey as well). JSON needs none of this: its
//! strings escape every control character.

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` is written escaped: C0, DEL or C1.
pub fn is_control(c: char) -> bool {
    matches!(c, '\0'..='\x1f' | '\x7f'..='\u{9f}')
}

/// Appends the visible form of the control character `c`.
pub fn push_control(out: &mut String, c: char) {
    match c {
        '\0' => out.push_str("\\0"),
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\0'..='\x7f' => out.push_str(&format!("\\x{:02x}", u32::from(c))),
        c => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
    }
}

/// Whether some byte of `text` may start a control character (a C1
/// control's first byte is 0xC2, which other characters share).
fn may_hold_control(text: &str) -> bool {
    text.bytes()
        .fold(false, |any, b| any | (b < 0x20) | (b == 0x7f) | (b == 0xc2))
}

/// `text` with its control characters escaped (a backslash stays as it
/// is: for messages and the readable report).
pub fn shown(text: &str) -> Cow<'_, str> {
    if !may_hold_control(text) || !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_control(c) {
            push_control(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The escape sequences [`crate::output::Style`] writes.
const STYLE_SEQUENCES: [&[u8]; 7] = [
    b"\x1b[0m",
    b"\x1b[1m",
    b"\x1b[2m",
    b"\x1b[32m",
    b"\x1b[33m",
    b"\x1b[36m",
    b"\x1b[1;31m",
];

/// A writer for the readable report and JSON documents: it passes line
/// breaks, and with colours the report's own colour sequences, and escapes
/// every other control character.
pub struct SafeWriter<W: Write> {
    inner: W,
    colours: bool,
    /// A first byte 0xC2 left at the end of the last write.
    pending: bool,
}

impl<W: Write> SafeWriter<W> {
    /// Wraps `inner`; `colours` lets the colour sequences of the report's
    /// style through.
    pub fn new(inner: W, colours: bool) -> SafeWriter<W> {
        SafeWriter {
            inner,
            colours,
            pending: false,
        }
    }
}

impl<W: Write> Write for SafeWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut plain_from = 0;
        let mut i = 0;
        let mut escaped = String::new();
        if self.pending {
            self.pending = false;
            match buf.first() {
                Some(&b) if (0x80..=0x9f).contains(&b) => {
                    push_control(&mut escaped, char::from(b));
                    self.inner.write_all(escaped.as_bytes())?;
                    escaped.clear();
                    i = 1;
                    plain_from = 1;
                }
                _ => self.inner.write_all(&[0xc2])?,
            }
        }
        while let Some(&b) = buf.get(i) {
            let skip = match b {
                b'\n' => 0,
                0x1b if self.colours => STYLE_SEQUENCES
                    .iter()
                    .find(|s| buf.get(i..).is_some_and(|rest| rest.starts_with(s)))
                    .map_or(0, |s| s.len() - 1),
                _ => 0,
            };
            if skip > 0 {
                i += skip + 1;
                continue;
            }
            let control = match b {
                b'\n' => None,
                0..0x20 | 0x7f => Some((char::from(b), 1)),
                0xc2 => match buf.get(i + 1) {
                    Some(&n) if (0x80..=0x9f).contains(&n) => Some((char::from(n), 2)),
                    None => {
                        // Decided by the next write.
                        self.inner
                            .write_all(buf.get(plain_from..i).unwrap_or_default())?;
                        self.pending = true;
                        return Ok(buf.len());
                    }
                    Some(_) => None,
                },
                _ => None,
            };
            match control {
                Some((c, len)) => {
                    self.inner
                        .write_all(buf.get(plain_from..i).unwrap_or_default())?;
                    escaped.clear();
                    push_control(&mut escaped, c);
                    self.inner.write_all(escaped.as_bytes())?;
                    i += len;
                    plain_from = i;
                }
                None => i += 1,
            }
        }
        self.inner
            .write_all(buf.get(plain_from..).unwrap_or_default())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending {
            self.pending = false;
            self.inner.write_all(&[0xc2])?;
        }
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn through(colours: bool, pieces: &[&[u8]]) -> String {
        let mut out = Vec::new();
        {
            let mut w = SafeWriter::new(&mut out, colours);
            for piece in pieces {
                w.write_all(piece).unwrap();
            }
            w.flush().unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn controls_are_escaped_and_line_breaks_kept() {
        let text = "a\x1b[31mred\x1b]0;title\x07\0\tb\r\nc\u{9b}2J\x7f é©\n";
        let expected = "a\\x1b[31mred\\x1b]0;title\\x07\\0\\tb\\r\nc\\u{9b}2J\\x7f é©\n";
        assert_eq!(through(false, &[text.as_bytes()]), expected);
        assert_eq!(
            shown(text),
            expected
                .replacen("\\r\n", "\\r\\n", 1)
                .replacen("©\n", "©\\n", 1)
        );
        // A C1 control cut between two writes.
        let bytes = "x\u{9b}y".as_bytes();
        assert_eq!(through(false, &[&bytes[..2], &bytes[2..]]), "x\\u{9b}y");
        let bytes = "x©".as_bytes();
        assert_eq!(through(false, &[&bytes[..2], &bytes[2..]]), "x©");
    }

    #[test]
    fn the_style_s_own_colours_pass_only_with_colours() {
        let text = "\x1b[1;31mdanger\x1b[0m \x1b[31m";
        assert_eq!(
            through(true, &[text.as_bytes()]),
            "\x1b[1;31mdanger\x1b[0m \\x1b[31m"
        );
        assert_eq!(
            through(false, &[text.as_bytes()]),
            "\\x1b[1;31mdanger\\x1b[0m \\x1b[31m"
        );
    }

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(shown("https://example.com/ü"), Cow::Borrowed(_)));
    }
}
