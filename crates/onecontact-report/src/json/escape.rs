//! A JSON string: its text between quotes, with `"`, `\` and the control
//! characters below U+0020 escaped as `serde_json` escapes them, eight
//! bytes at a time.

use onecontact_bytes::word::{any_byte_below, any_byte_equal, bytes_below, bytes_equal};

/// The hexadecimal digits of a `\u00XX` escape.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `text` to `out` as a JSON string.
#[inline(always)]
pub(crate) fn write_str(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if has_escapes(bytes) {
        write_escaped(out, bytes);
    } else {
        out.extend_from_slice(bytes);
    }
    out.push(b'"');
}

/// Whether any byte of `bytes` is one JSON escapes.
#[inline(always)]
fn has_escapes(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    if words.by_ref().any(|chunk| any_escape(word(chunk))) {
        return true;
    }
    let rest = words.remainder();
    if rest.is_empty() {
        return false;
    }
    match bytes
        .len()
        .checked_sub(8)
        .and_then(|last| bytes.get(last..))
    {
        // The last eight bytes (again, in part).
        Some(last) => any_escape(word(last)),
        // Fewer than eight bytes in all.
        None => rest.iter().any(|b| needs_escape(*b)),
    }
}

/// Appends `bytes`, which has a byte JSON escapes, escaped.
#[cold]
fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    // `done`: the bytes before it are in `out`; `at`: the start of the
    // next eight bytes to look at.
    let mut done = 0;
    let mut at = 0;
    while let Some(word) = word_at(bytes, at) {
        done = escape_marked(out, bytes, done, at, escapes(word));
        at += 8;
    }
    if at < bytes.len() {
        match bytes
            .len()
            .checked_sub(8)
            .and_then(|last| Some((last, word_at(bytes, last)?)))
        {
            // The last eight bytes, without those already looked at.
            Some((last, word)) => {
                let seen = 8 * (at - last);
                done = escape_marked(out, bytes, done, last, escapes(word) >> seen << seen);
            }
            // Fewer than eight bytes in all.
            None => {
                for (i, b) in bytes.iter().enumerate() {
                    if needs_escape(*b) {
                        done = escape_one(out, bytes, done, i);
                    }
                }
            }
        }
    }
    out.extend_from_slice(bytes.get(done..).unwrap_or_default());
}

/// The first eight bytes of `chunk` (all of them are there), as a word.
#[inline(always)]
fn word(chunk: &[u8]) -> u64 {
    let mut eight = [0; 8];
    eight.copy_from_slice(chunk.get(..8).unwrap_or(&[0; 8]));
    u64::from_le_bytes(eight)
}

/// The eight bytes of `bytes` from `at`, as a word.
#[inline(always)]
fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let eight: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(eight))
}

/// The high bit of each byte of `word` that JSON escapes.
#[inline(always)]
fn escapes(word: u64) -> u64 {
    bytes_below(word, 0x20) | bytes_equal(word, b'"') | bytes_equal(word, b'\\')
}

/// Whether JSON escapes a byte of `word`.
#[inline(always)]
fn any_escape(word: u64) -> bool {
    any_byte_below(word, 0x20) | any_byte_equal(word, b'"') | any_byte_equal(word, b'\\')
}

/// Whether JSON escapes `b`.
#[inline(always)]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Escapes each byte that `mask` (of the word at `start`) marks, with the
/// bytes between them; returns the new `done`.
fn escape_marked(
    out: &mut Vec<u8>,
    bytes: &[u8],
    mut done: usize,
    start: usize,
    mut mask: u64,
) -> usize {
    while mask != 0 {
        let i = start + (mask.trailing_zeros() / 8) as usize;
        done = escape_one(out, bytes, done, i);
        mask &= mask - 1;
    }
    done
}

/// Appends the bytes from `done` to `i` and the escape of the byte at `i`;
/// returns the place after it.
fn escape_one(out: &mut Vec<u8>, bytes: &[u8], done: usize, i: usize) -> usize {
    out.extend_from_slice(bytes.get(done..i).unwrap_or_default());
    let b = bytes.get(i).copied().unwrap_or_default();
    let short = match b {
        b'"' => Some(b'"'),
        b'\\' => Some(b'\\'),
        0x08 => Some(b'b'),
        0x0C => Some(b'f'),
        b'\n' => Some(b'n'),
        b'\r' => Some(b'r'),
        b'\t' => Some(b't'),
        _ => None,
    };
    match short {
        Some(c) => out.extend_from_slice(&[b'\\', c]),
        None => {
            let hex = |n: u8| HEX.get(usize::from(n & 0xF)).copied().unwrap_or(b'0');
            out.extend_from_slice(&[b'\\', b'u', b'0', b'0', hex(b >> 4), hex(b)]);
        }
    }
    i + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(text: &str) -> String {
        let mut out = Vec::new();
        write_str(&mut out, text);
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn every_length_and_place_of_an_escape_matches_serde_json() {
        let specials = [
            '"', '\\', '\n', '\u{0}', '\u{1f}', '\u{7f}', 'é', '\u{8}', '\u{c}', '\t', '\r',
        ];
        for len in 0..20 {
            for at in 0..len {
                for special in specials {
                    let text: String = (0..len)
                        .map(|i| if i == at { special } else { 'a' })
                        .collect();
                    assert_eq!(
                        escaped(&text),
                        serde_json::to_string(&text).unwrap_or_default(),
                        "{text:?}"
                    );
                }
            }
            let all: String = specials.iter().cycle().take(len).collect();
            assert_eq!(
                escaped(&all),
                serde_json::to_string(&all).unwrap_or_default(),
                "{all:?}"
            );
        }
    }
}
