//! Path helpers: segment encoding, dot segments, shortening, Windows drive letters.

use super::Parser;
use crate::gigo::Gigo;
use crate::percent_encoding::{PATH, push_percent_encoded_byte};
use crate::spans::Observer;
use crate::tables::{FAST_PATH, fast_class};

/// Whether `s` is a Windows drive letter: an ASCII letter then `:` or `|`.
#[inline]
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':' | b'|'] if a.is_ascii_alphabetic())
}

/// Whether `s` is a normalized Windows drive letter: an ASCII letter then `:`.
#[inline]
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':'] if a.is_ascii_alphabetic())
}

/// Whether `s` starts with a Windows drive letter (followed by the end or one
/// of `/`, `\`, `?`, `#`).
#[inline]
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    match s {
        [a, b':' | b'|'] => a.is_ascii_alphabetic(),
        [a, b':' | b'|', c, ..] => {
            a.is_ascii_alphabetic() && matches!(c, b'/' | b'\\' | b'?' | b'#')
        }
        _ => false,
    }
}

/// A single-dot URL path segment: `.` or `%2e` (any case).
#[inline]
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    match s {
        [b'.'] => true,
        [b'%', b'2', e] => e | 0x20 == b'e',
        _ => false,
    }
}

/// A double-dot URL path segment: `..`, `.%2e`, `%2e.`, `%2e%2e` (any case).
#[inline]
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    match s {
        [b'.', b'.'] => true,
        [b'.', b'%', b'2', e] | [b'%', b'2', e, b'.'] => e | 0x20 == b'e',
        [b'%', b'2', e1, b'%', b'2', e2] => e1 | 0x20 == b'e' && e2 | 0x20 == b'e',
        _ => false,
    }
}

impl<O: Observer> Parser<'_, '_, O> {
    /// Shorten the URL's path: remove its last segment, unless the URL is a
    /// `file:` URL whose path is exactly one normalized Windows drive letter.
    pub(crate) fn shorten_path(&mut self) {
        let start = self.url.path_start as usize;
        let out = &mut self.url.serialization;
        let path = out.as_bytes().get(start..).unwrap_or_gigo();
        if path.is_empty() {
            return;
        }
        let last_slash = path.iter().rposition(|&b| b == b'/').unwrap_or(0);
        if self.url.scheme_type.is_file()
            && last_slash == 0
            && is_normalized_windows_drive_letter(path.get(1..).unwrap_or_gigo())
        {
            return;
        }
        out.truncate(start + last_slash);
    }

    /// Appends one path segment's code points from `p`, percent-encoded with
    /// the path percent-encode set, stopping at the segment's end. Returns the
    /// index of the terminating code point (or the input length).
    #[inline]
    pub(crate) fn push_path_segment(&mut self, p: usize) -> usize {
        let input = self.input;
        let bytes = input.as_bytes();
        let special = self.is_special();
        let stop_query = self.setter.is_none();
        let out = &mut self.url.serialization;
        let mut run = p;
        let mut i = p;
        while let Some(&b) = bytes.get(i) {
            // Bytes that stay as they are: one table lookup.
            if fast_class(b) & FAST_PATH != 0 {
                i += 1;
                continue;
            }
            if b == b'/' || (b == b'\\' && special) || (stop_query && (b == b'?' || b == b'#')) {
                break;
            }
            if PATH.should_encode(b) {
                // Between an escaped byte and this one only ASCII was kept, so
                // a non-empty run starts and ends on character boundaries.
                if run < i {
                    out.push_str(input.get(run..i).unwrap_or_gigo());
                }
                push_percent_encoded_byte(out, b);
                run = i + 1;
            }
            i += 1;
        }
        out.push_str(input.get(run..i).unwrap_or_gigo());
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_and_drive_letters() {
        assert!(is_single_dot(b"%2E") && is_single_dot(b"."));
        assert!(!is_single_dot(b".."));
        assert!(is_double_dot(b"%2e%2E") && is_double_dot(b".%2e") && is_double_dot(b"%2e."));
        assert!(!is_double_dot(b"..."));
        assert!(starts_with_windows_drive_letter(b"c:"));
        assert!(starts_with_windows_drive_letter(b"c|/x"));
        assert!(!starts_with_windows_drive_letter(b"c:a"));
        assert!(is_windows_drive_letter(b"C|") && !is_normalized_windows_drive_letter(b"C|"));
    }
}
