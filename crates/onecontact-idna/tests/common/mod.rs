//! Shared helpers of the integration tests: where the test data lives.
#![allow(dead_code)]

use std::path::PathBuf;

/// A file of the workspace's pinned WPT URL data (`testdata/wpt-url`).
/// Panics when it is missing: conformance data is never skipped silently.
pub fn wpt_file(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/wpt-url")
        .join(name);
    assert!(
        path.exists(),
        "WPT data file {} is missing; pin it with `cargo xtask pin`",
        path.display()
    );
    path
}

/// Unicode's IDNA data folder in `../shared`, if present.
pub fn unicode_idna_dir() -> Option<PathBuf> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/testdata/unicode-idna");
    dir.exists().then_some(dir)
}

/// Escapes a string for a one-line listing: code points outside printable
/// ASCII as `\u{XXXX}`, backslash doubled.
pub fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
        }
    }
    out
}

/// Reverses [`escape`].
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(pos) = rest.find('\\') {
        out.push_str(&rest[..pos]);
        let tail = &rest[pos + 1..];
        if let Some(t) = tail.strip_prefix('\\') {
            out.push('\\');
            rest = t;
        } else if let Some(t) = tail.strip_prefix("u{") {
            let end = t.find('}').expect("unterminated \\u{");
            let cp = u32::from_str_radix(&t[..end], 16).expect("bad hex");
            out.push(char::from_u32(cp).expect("bad code point"));
            rest = &t[end + 1..];
        } else {
            panic!("bad escape in {s:?}");
        }
    }
    out.push_str(rest);
    out
}

/// Replaces JSON `\uXXXX` escapes of lone surrogates by `\uFFFD`, as the
/// WebIDL conversion to a USVString does to what `new URL()` receives.
/// Returns the new text and how many escapes were replaced.
pub fn usv_json(text: &str) -> (String, usize) {
    fn unit_at(b: &[u8], i: usize) -> Option<u16> {
        if b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u') {
            let hex = std::str::from_utf8(b.get(i + 2..i + 6)?).ok()?;
            u16::from_str_radix(hex, 16).ok()
        } else {
            None
        }
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut replaced = 0;
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                continue;
            }
            if let Some(u) = unit_at(b, i) {
                let lone = match u {
                    0xD800..=0xDBFF => !matches!(unit_at(b, i + 6), Some(0xDC00..=0xDFFF)),
                    0xDC00..=0xDFFF => true,
                    _ => false,
                };
                if (0xD800..=0xDBFF).contains(&u) && !lone {
                    i += 12;
                    continue;
                }
                if lone {
                    out.push_str(&text[last..i]);
                    out.push_str("\\ufffd");
                    replaced += 1;
                    last = i + 6;
                }
                i += 6;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&text[last..]);
    (out, replaced)
}
