//! Byte-class lookup tables used on hot paths.

use crate::gigo::Gigo;
use onecontact_bytes::{is_forbidden_domain_code_point, is_forbidden_host_code_point};

/// The classes of a byte in a host that is to become a domain.
pub(crate) use onecontact_bytes::{DOMAIN_FORBIDDEN, DOMAIN_NON_ASCII, DOMAIN_UPPER, domain_class};

/// Whether the ASCII byte `b` is a forbidden domain code point.
const fn is_forbidden_domain_byte(b: u8) -> bool {
    is_forbidden_domain_code_point(b as char)
}

/// Whether `b` is a forbidden host code point (all of them are ASCII).
#[inline]
pub(crate) fn is_forbidden_host_byte(b: u8) -> bool {
    is_forbidden_host_code_point(char::from(b))
}

/// Whether `c` is a URL code point (<https://url.spec.whatwg.org/#url-code-points>): ASCII alphanumerics,
/// `!$&'()*+,-./:;=?@_~`, and code points U+00A0..=U+10FFFD except surrogates
/// and noncharacters.
pub(crate) fn is_url_code_point(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || "!$&'()*+,-./:;=?@_~".contains(c);
    }
    let u = u32::from(c);
    if u < 0xA0 {
        return false;
    }
    // Noncharacters: U+FDD0..=U+FDEF and every code point ending in FFFE or FFFF.
    !((0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE)
}

/// Fast-path class bit: the byte may appear in a domain as-is or after ASCII
/// lowercasing (ASCII, not `%`, not a forbidden domain code point).
pub(crate) const FAST_HOST: u8 = 1;
/// Fast-path class bit: the byte stays as-is inside a path segment of a
/// special URL (not encoded by the path set, not `/`, `\`, `?`, `#`).
pub(crate) const FAST_PATH: u8 = 2;
/// Fast-path class bit: the byte stays as-is in a special URL's query (not
/// encoded by the special-query set, not `#`).
pub(crate) const FAST_QUERY: u8 = 4;
/// Fast-path class bit: the byte stays as-is in a fragment.
pub(crate) const FAST_FRAGMENT: u8 = 8;
/// Class bit: the host state must look at this byte (`:`, `/`, `?`, `#`,
/// `\`, `[`, `]`).
pub(crate) const HOST_STATE_STOP: u8 = 16;
/// Class bit: an ASCII uppercase letter.
pub(crate) const ASCII_UPPER: u8 = 32;
/// Fast-path class bit: [`FAST_PATH`] or `/` (a byte that stays as-is
/// anywhere in a special URL's path).
pub(crate) const FAST_PATH_OR_SLASH: u8 = 64;
/// Class bit: `.` or `%` (what a dot segment starts with).
pub(crate) const DOT_OR_PERCENT: u8 = 128;

// `i` stays below 256, the array length.
#[allow(clippy::indexing_slicing)]
const fn build_fast_table() -> [u8; 256] {
    use crate::percent_encoding::{FRAGMENT, PATH, SPECIAL_QUERY};
    let mut t = [0u8; 256];
    let mut i = 0usize;
    while i < 128 {
        let b = i as u8;
        let mut class = 0;
        if !(is_forbidden_domain_byte(b)) {
            class |= FAST_HOST;
        }
        if b.is_ascii_uppercase() {
            class |= ASCII_UPPER;
        }
        if !PATH.should_encode(b) && b != b'/' && b != b'\\' {
            class |= FAST_PATH | FAST_PATH_OR_SLASH;
        }
        if b == b'/' {
            class |= FAST_PATH_OR_SLASH;
        }
        if b == b'.' || b == b'%' {
            class |= DOT_OR_PERCENT;
        }
        if !SPECIAL_QUERY.should_encode(b) && b != b'#' {
            class |= FAST_QUERY;
        }
        if !FRAGMENT.should_encode(b) {
            class |= FAST_FRAGMENT;
        }
        if matches!(b, b':' | b'/' | b'?' | b'#' | b'\\' | b'[' | b']') {
            class |= HOST_STATE_STOP;
        }
        t[i] = class;
        i += 1;
    }
    t
}

/// Byte → fast-path class bits.
pub(crate) static FAST_CLASS: [u8; 256] = build_fast_table();

/// The fast-path class bits of `b`.
#[inline(always)]
pub(crate) fn fast_class(b: u8) -> u8 {
    FAST_CLASS.get(usize::from(b)).copied().unwrap_or_gigo()
}
