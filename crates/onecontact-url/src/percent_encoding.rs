//! Percent-encoding and -decoding (<https://url.spec.whatwg.org/#percent-encoded-bytes>).
//!
//! Each percent-encode set of the Standard is a public constant [`AsciiSet`].
//! A set only ever lists ASCII bytes: every byte ≥ 0x80 (that is, every byte of
//! a non-ASCII code point's UTF-8 encoding) is always encoded, as the Standard's
//! sets all contain the code points above U+007E.
//!
//! ```
//! use onecontact_url::percent_encoding::{percent_decode, utf8_percent_encode, PATH};
//!
//! assert_eq!(utf8_percent_encode("a b/ü", &PATH), "a%20b/%C3%BC");
//! assert_eq!(percent_decode(b"a%20b%2F%C3%BC"), "a b/ü".as_bytes());
//! ```

use crate::gigo::Gigo;
use crate::prelude::*;
use alloc::borrow::Cow;

/// A set of ASCII bytes to percent-encode, as a 128-bit mask.
///
/// Bytes 0x80..=0xFF are always encoded whatever the set says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    mask: u128,
}

impl AsciiSet {
    /// The empty set (only bytes ≥ 0x80 get encoded).
    pub const EMPTY: AsciiSet = AsciiSet { mask: 0 };

    /// This set plus `byte` (which must be ASCII; other bytes are ignored,
    /// since they are always encoded).
    pub const fn add(self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            AsciiSet {
                mask: self.mask | (1u128 << byte),
            }
        } else {
            self
        }
    }

    /// This set plus every byte of `bytes`.
    pub const fn add_all(self, bytes: &[u8]) -> AsciiSet {
        let mut set = self;
        let mut rest = bytes;
        while let [first, tail @ ..] = rest {
            set = set.add(*first);
            rest = tail;
        }
        set
    }

    /// This set plus the inclusive range `from..=to`.
    pub const fn add_range(self, from: u8, to: u8) -> AsciiSet {
        let mut set = self;
        let mut b = from;
        while b <= to && b < 0x80 {
            set = set.add(b);
            b += 1;
        }
        set
    }

    /// This set without `byte`.
    pub const fn remove(self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            AsciiSet {
                mask: self.mask & !(1u128 << byte),
            }
        } else {
            self
        }
    }

    /// Whether `byte` is percent-encoded by this set (always true for bytes ≥ 0x80).
    #[inline]
    pub const fn should_encode(&self, byte: u8) -> bool {
        // The half of the mask that holds `byte`'s bit, shifted as a 64-bit
        // word (a 128-bit shift by a variable costs several instructions).
        let half = if byte < 64 {
            self.mask as u64
        } else {
            (self.mask >> 64) as u64
        };
        byte >= 0x80 || (half >> (byte & 63)) & 1 == 1
    }
}

/// The C0 control percent-encode set: C0 controls (U+0000 to U+001F) and every
/// code point above U+007E (~), so also U+007F DELETE.
pub const C0_CONTROL: AsciiSet = AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

/// The fragment percent-encode set: [`C0_CONTROL`] plus space, `"`, `<`, `>` and `` ` ``.
pub const FRAGMENT: AsciiSet = C0_CONTROL.add_all(b" \"<>`");

/// The query percent-encode set: [`C0_CONTROL`] plus space, `"`, `#`, `<` and `>`.
pub const QUERY: AsciiSet = C0_CONTROL.add_all(b" \"#<>");

/// The special-query percent-encode set (queries of special URLs): [`QUERY`] plus `'`.
pub const SPECIAL_QUERY: AsciiSet = QUERY.add(b'\'');

/// The path percent-encode set: [`QUERY`] plus `?`, `^`, `` ` ``, `{` and `}`.
pub const PATH: AsciiSet = QUERY.add_all(b"?^`{}");

/// The userinfo percent-encode set: [`PATH`] plus `/`, `:`, `;`, `=`, `@`, `[`, `\`, `]` and `|`.
pub const USERINFO: AsciiSet = PATH.add_all(b"/:;=@[\\]|");

/// The component percent-encode set: [`USERINFO`] plus `$`, `%`, `&`, `+` and `,`.
pub const COMPONENT: AsciiSet = USERINFO.add_all(b"$%&+,");

/// The `application/x-www-form-urlencoded` percent-encode set: [`COMPONENT`]
/// plus `!`, `'`, `(`, `)` and `~`. Everything but ASCII alphanumerics, `*`,
/// `-`, `.` and `_` is encoded.
pub const FORM_URLENCODED: AsciiSet = COMPONENT.add_all(b"!'()~");

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%XY` (uppercase hex) for `byte` to `out`.
#[inline]
pub fn push_percent_encoded_byte(out: &mut String, byte: u8) {
    let hi = HEX_UPPER
        .get(usize::from(byte >> 4))
        .copied()
        .unwrap_or(b'0');
    let lo = HEX_UPPER
        .get(usize::from(byte & 0xF))
        .copied()
        .unwrap_or(b'0');
    out.push('%');
    out.push(char::from(hi));
    out.push(char::from(lo));
}

/// Appends `input` to `out`, percent-encoding every byte of its UTF-8 form
/// that `set` contains (the Standard's "UTF-8 percent-encode" for each code
/// point of a string).
pub fn utf8_percent_encode_into(out: &mut String, input: &str, set: &AsciiSet) {
    let bytes = input.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if set.should_encode(b) {
            // `start..i` ends before an encoded byte; non-ASCII bytes are always
            // encoded, so the copied run is ASCII and on char boundaries.
            if let Some(run) = input.get(start..i) {
                out.push_str(run);
            }
            push_percent_encoded_byte(out, b);
            start = i + 1;
        }
    }
    if let Some(run) = input.get(start..) {
        out.push_str(run);
    }
}

/// Percent-encodes `input` with `set`; borrows when nothing needs encoding.
pub fn utf8_percent_encode<'a>(input: &'a str, set: &AsciiSet) -> Cow<'a, str> {
    match input.bytes().position(|b| set.should_encode(b)) {
        None => Cow::Borrowed(input),
        Some(_) => {
            let mut out = String::with_capacity(input.len() + input.len() / 2);
            utf8_percent_encode_into(&mut out, input, set);
            Cow::Owned(out)
        }
    }
}

/// The value of an ASCII hex digit, or `None`.
pub(crate) use onecontact_bytes::hex_value;

/// Percent-decodes a byte sequence (the Standard's "percent-decode"): each
/// `%XY` with two hex digits becomes that byte, everything else (including a
/// `%` not followed by two hex digits) is kept. Borrows when there is no `%`.
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = input.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(input.get(..first).unwrap_or_gigo());
    let mut i = first;
    while let Some(&b) = input.get(i) {
        if b == b'%' {
            let hi = input.get(i + 1).copied().and_then(hex_value);
            let lo = input.get(i + 2).copied().and_then(hex_value);
            if let (Some(hi), Some(lo)) = (hi, lo) {
                out.push(hi << 4 | lo);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// Percent-decodes a string and reads the result as UTF-8, replacing invalid
/// sequences with U+FFFD (the Standard's "percent-decode a string" followed by
/// "UTF-8 decode without BOM").
pub fn percent_decode_str(input: &str) -> Cow<'_, str> {
    match percent_decode(input.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(input),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte against the sets as they are built: a byte is encoded when
    /// it was added, or is not ASCII.
    #[test]
    fn should_encode_is_membership() {
        let sets = [
            C0_CONTROL,
            FRAGMENT,
            QUERY,
            SPECIAL_QUERY,
            PATH,
            USERINFO,
            COMPONENT,
            FORM_URLENCODED,
        ];
        for set in sets {
            for b in 0..=255u8 {
                let added = (0..0x80u8)
                    .filter(|&a| AsciiSet::EMPTY.add(a).mask & set.mask != 0)
                    .any(|a| a == b);
                assert_eq!(set.should_encode(b), b >= 0x80 || added, "{b:#x}");
            }
        }
        let one = AsciiSet::EMPTY.add(b'A').add(b'~').add(0);
        let encoded: Vec<u8> = (0..=0x7Fu8).filter(|&b| one.should_encode(b)).collect();
        assert_eq!(encoded, [0, b'A', b'~']);
    }

    #[test]
    fn sets_nest_as_the_standard_defines_them() {
        for b in 0u8..0x80 {
            if C0_CONTROL.should_encode(b) {
                assert!(FRAGMENT.should_encode(b) && QUERY.should_encode(b));
            }
            if QUERY.should_encode(b) {
                assert!(SPECIAL_QUERY.should_encode(b) && PATH.should_encode(b));
            }
            if PATH.should_encode(b) {
                assert!(USERINFO.should_encode(b));
            }
            if USERINFO.should_encode(b) {
                assert!(COMPONENT.should_encode(b));
            }
            if COMPONENT.should_encode(b) {
                assert!(FORM_URLENCODED.should_encode(b));
            }
        }
        assert!(C0_CONTROL.should_encode(0x7F));
        assert!(!C0_CONTROL.should_encode(b'~'));
        assert!(FRAGMENT.should_encode(b'`') && !QUERY.should_encode(b'`'));
        assert!(PATH.should_encode(b'^') && !QUERY.should_encode(b'^'));
    }

    #[test]
    fn form_set_leaves_only_the_documented_bytes() {
        let kept: String = (0u8..0x80)
            .filter(|&b| !FORM_URLENCODED.should_encode(b))
            .map(char::from)
            .collect();
        assert_eq!(
            kept,
            "*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
        );
    }

    #[test]
    fn encode_and_decode() {
        assert_eq!(utf8_percent_encode("abc", &PATH), "abc");
        assert!(matches!(
            utf8_percent_encode("abc", &PATH),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            utf8_percent_encode("a b\u{1F600}", &PATH),
            "a%20b%F0%9F%98%80"
        );
        assert_eq!(percent_decode(b"%41%4a%zz%4"), b"AJ%zz%4".as_slice());
        assert_eq!(percent_decode_str("%FF%41"), "\u{FFFD}A");
    }
}
