//! The order of strings by UTF-16 code units.

use core::cmp::Ordering;

use crate::gigo::Gigo;

/// Compares two strings by their UTF-16 code units, as the URL Standard's
/// "code unit less than" does (the order `URLSearchParams.sort()` uses). It
/// differs from Rust's `str` order (code points) only where a code point
/// above U+FFFF meets one in U+E000..=U+FFFF.
///
/// ```
/// use core::cmp::Ordering;
/// use onecontact_bytes::cmp_utf16;
///
/// assert_eq!(cmp_utf16("a", "b"), Ordering::Less);
/// // U+1F600 is a surrogate pair (0xD83D …), below U+FF21.
/// assert_eq!(cmp_utf16("\u{1F600}", "\u{FF21}"), Ordering::Less);
/// assert_eq!("\u{1F600}".cmp("\u{FF21}"), Ordering::Greater);
/// ```
pub fn cmp_utf16(a: &str, b: &str) -> Ordering {
    // Skip the common byte prefix cheaply, then compare from the start of the
    // character holding the first difference.
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut start = common;
    while !a.is_char_boundary(start) {
        start -= 1;
    }
    let rest_a = a.get(start..).unwrap_or_gigo();
    let rest_b = b.get(start..).unwrap_or_gigo();
    rest_a.encode_utf16().cmp(rest_b.encode_utf16())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_order_differs_from_code_point_order_only_above_the_bmp() {
        assert_eq!(cmp_utf16("\u{1F600}", "\u{FFFD}"), Ordering::Less);
        assert_eq!("\u{1F600}".cmp("\u{FFFD}"), Ordering::Greater);
        assert_eq!(cmp_utf16("a\u{1F600}", "a\u{E000}"), Ordering::Less);
        assert_eq!(cmp_utf16("\u{D7FF}", "\u{10000}"), Ordering::Less);
        assert_eq!(cmp_utf16("ab", "abc"), Ordering::Less);
        assert_eq!(cmp_utf16("é", "é"), Ordering::Equal);
        // Same leading byte F0, differing later bytes.
        assert_eq!(cmp_utf16("\u{1F600}", "\u{1F601}"), Ordering::Less);
    }
}
