//! The class of each byte in a host that is to become a domain: one table,
//! read by the URL parser's domain fast path and by IDNA's ASCII scan.

use crate::forbidden::is_forbidden_domain_code_point;

/// Neither uppercase, forbidden nor part of a non-ASCII code point.
pub const DOMAIN_OK: u8 = 0;
/// An ASCII uppercase letter (lowercased on output).
pub const DOMAIN_UPPER: u8 = 1;
/// A forbidden domain code point ([`is_forbidden_domain_code_point`]).
pub const DOMAIN_FORBIDDEN: u8 = 2;
/// A byte ≥ 0x80 (part of a non-ASCII code point).
pub const DOMAIN_NON_ASCII: u8 = 4;

/// Byte → class. The classes are single bits, so a scan may OR them.
// `i` stays below 256, the array length: the compiler checks the indexing
// of a const initializer.
#[allow(clippy::indexing_slicing)]
static CLASS: [u8; 256] = {
    let mut table = [DOMAIN_OK; 256];
    let mut i = 0usize;
    while i < 256 {
        let b = i as u8;
        table[i] = if b >= 0x80 {
            DOMAIN_NON_ASCII
        } else if is_forbidden_domain_code_point(b as char) {
            DOMAIN_FORBIDDEN
        } else if b.is_ascii_uppercase() {
            DOMAIN_UPPER
        } else {
            DOMAIN_OK
        };
        i += 1;
    }
    table
};

/// The class of `b` in a domain: one of [`DOMAIN_OK`], [`DOMAIN_UPPER`],
/// [`DOMAIN_FORBIDDEN`] and [`DOMAIN_NON_ASCII`].
///
/// ```
/// use onecontact_bytes::{DOMAIN_NON_ASCII, DOMAIN_OK, DOMAIN_UPPER, domain_class};
///
/// assert_eq!(domain_class(b'Q'), DOMAIN_UPPER);
/// assert_eq!(domain_class(b'q'), DOMAIN_OK);
/// assert_eq!(domain_class(0xC3), DOMAIN_NON_ASCII);
/// ```
#[inline(always)]
pub fn domain_class(b: u8) -> u8 {
    CLASS
        .get(usize::from(b))
        .copied()
        .unwrap_or(DOMAIN_NON_ASCII)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_definitions() {
        for b in 0..=u8::MAX {
            let want = if !b.is_ascii() {
                DOMAIN_NON_ASCII
            } else if b < 0x20 || b"\x7f #%/:<>?@[\\]^|".contains(&b) {
                DOMAIN_FORBIDDEN
            } else if b.is_ascii_uppercase() {
                DOMAIN_UPPER
            } else {
                DOMAIN_OK
            };
            assert_eq!(domain_class(b), want, "{b:#04x}");
        }
    }
}
