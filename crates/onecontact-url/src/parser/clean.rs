//! Whether a text the fast path takes holds no validation error
//! (<https://url.spec.whatwg.org/#validation-error>), so that a parse that
//! reports them may take the fast path too.
//!
//! The fast path only takes a special scheme (in any case) followed by
//! `//`, a host of ASCII bytes a domain keeps that cannot end in a number,
//! a port of digits and a path, query and fragment of ASCII bytes the
//! serialization keeps. None of that is a validation error by itself: no C0
//! control or space is trimmed, no tab or newline removed, there are no
//! credentials, no `\`, no IPv4 address, and the state machine reports
//! nothing about the scheme's case, a default port or a leading zero of a
//! port. What is left for the state machine to report on such a text:
//!
//! - `invalid-URL-unit` in the path, query and fragment: a byte that is not
//!   a URL code point (`[`, `]`, `|` in the path; those, `\`, `^`, `{`,
//!   `}` and `` ` `` in the query; those and `#` in the fragment), or a
//!   `%` not followed by two ASCII hex digits;
//! - `domain-to-ASCII` for a host that strict domain to ASCII refuses
//!   (a byte other than a letter, digit, `-` or `.`, an empty or over-long
//!   label, a hyphen at a label's start or end or in its third and fourth
//!   places, a name over 253 bytes, a Punycode label that does not decode
//!   to a valid one).
//!
//! [`has_no_validation_error`] answers for both; a text it refuses goes to
//! the state machine, which reports what it finds.

use super::fast::FastParts;
use super::lanes::{Lanes, WIDTH, answers_at, classify_after, count_before, lanes};
use crate::gigo::Gigo;
use crate::host::HostKind;

/// Whether `input`, which the fast path scanned into `parts`, holds no
/// validation error.
#[inline]
pub(crate) fn has_no_validation_error(input: &str, parts: &FastParts) -> bool {
    let bytes = input.as_bytes();
    let (units_end, fragment) = match parts.fragment_start {
        Some(f) => (f, bytes.get(f + 1..).unwrap_or_gigo()),
        None => (bytes.len(), &[][..]),
    };
    // The path and the query (a `?` is a URL code point; the path stops at
    // the first `?` and the query at the first `#`, so the `#` that starts
    // the fragment is the only one before it).
    let path_and_query = bytes.get(parts.path_start..units_end).unwrap_or_gigo();
    units_are_valid(path_and_query)
        && units_are_valid(fragment)
        && (parts.host_kind == HostKind::Empty
            || domain_is_valid(bytes, parts.host_start, parts.host_end))
}

/// Whether `bytes`, a path and query or a fragment the fast path took, is
/// URL units only: URL code points and `%` followed by two ASCII hex
/// digits. A block at a time; a `%` is checked where it is.
#[inline]
fn units_are_valid(bytes: &[u8]) -> bool {
    let mut p = 0;
    while p < bytes.len() {
        let stops = answers_at::<false>(bytes, p, |_, block| non_units(block));
        let n = count_before(stops);
        p += n;
        if p >= bytes.len() {
            break;
        }
        if n < WIDTH {
            let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
            if !(bytes.get(p) == Some(&b'%') && hex(p + 1) && hex(p + 2)) {
                return false;
            }
            p += 3;
        }
    }
    true
}

/// The bytes of `block` that [`is_kept_non_unit`] answers yes for.
#[inline(never)]
fn non_units(block: &[u8; WIDTH]) -> Lanes {
    lanes(block, is_kept_non_unit)
}

/// Of the bytes the fast path keeps in a path, query or fragment (visible
/// ASCII but `"`, `<`, `>`, and in the path `\`, `^`, `{`, `}`, `` ` ``),
/// whether `b` is `%` or not a URL code point
/// (<https://url.spec.whatwg.org/#url-code-points>): `#`, `[`, `\`, `]`,
/// `^`, `` ` ``, `{`, `|`, `}`. Five compares, so that a block's answers
/// are a few vector instructions.
#[inline(always)]
fn is_kept_non_unit(b: u8) -> bool {
    (b == b'%')
        | (b == b'#')
        | (b == b'`')
        | (b.wrapping_sub(b'[') < 4)
        | (b.wrapping_sub(b'{') < 3)
}

/// Whether the domain parser reports no `domain-to-ASCII` validation error
/// for the host `bytes[start..end]` (ASCII, as the fast path takes it):
/// strict domain to ASCII accepts it.
#[inline]
fn domain_is_valid(bytes: &[u8], start: usize, end: usize) -> bool {
    is_plain_dns_name(bytes, start, end)
        || core::str::from_utf8(bytes.get(start..end).unwrap_or_gigo())
            .is_ok_and(|host| onecontact_idna::domain_validation_errors(host).is_none())
}

/// Whether the host `bytes[start..end]` (`start` > 0) is a name that strict
/// domain to ASCII accepts as it is (up to case), without running it: 63
/// bytes at most (so no label is longer, nor the name), letters, digits,
/// `-` and `.`, no two of `-` and `.` in a row (so no empty label, no label
/// that starts or ends with `-`, no `--` in a label's third and fourth
/// places and no Punycode label) and neither at either end. Other names are
/// left to the IDNA check.
#[inline]
fn is_plain_dns_name(bytes: &[u8], start: usize, end: usize) -> bool {
    let len = end.saturating_sub(start);
    let separator = |i: usize| matches!(bytes.get(i), Some(b'-' | b'.'));
    if len == 0 || len > 63 || separator(start) || separator(end - 1) {
        return false;
    }
    let mut p = start;
    while p < end {
        // `p` is past the scheme, so not 0.
        let good = answers_at::<true>(bytes, p, plain_name_bytes);
        let wanted = u128::MAX >> (8 * WIDTH.saturating_sub(end - p));
        if !good & wanted != 0 {
            return false;
        }
        p += WIDTH;
    }
    true
}

/// The bytes of `block` that may be in a plain name after the byte before
/// each (the same lane of `before`): a letter or digit, or a `-` or `.`
/// after neither.
#[inline(never)]
fn plain_name_bytes(before: &[u8; WIDTH], block: &[u8; WIDTH]) -> Lanes {
    classify_after(before, block, |prev, b| {
        let separator = |c: u8| (c == b'-') | (c == b'.');
        let letter_or_digit = ((b | 0x20).wrapping_sub(b'a') < 26) | (b.wrapping_sub(b'0') < 10);
        let good = letter_or_digit | (separator(b) & !separator(prev));
        u8::from(good).wrapping_neg()
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// Over every byte the fast path keeps in a path, query or fragment,
    /// the stops of the block scan are `%` and the bytes that are not URL
    /// code points.
    #[test]
    fn stops_are_percent_and_the_non_url_code_points_kept() {
        use crate::tables::{FAST_FRAGMENT, FAST_PATH_OR_SLASH, FAST_QUERY, fast_class};
        let mut kept = 0;
        for b in 0..=255u8 {
            if fast_class(b) & (FAST_PATH_OR_SLASH | FAST_QUERY | FAST_FRAGMENT) == 0 {
                continue;
            }
            kept += 1;
            let unit = crate::tables::is_url_code_point(char::from(b));
            assert_eq!(is_kept_non_unit(b), b == b'%' || !unit, "{b:#x}");
        }
        assert!(kept > 90, "{kept}");
    }

    #[test]
    fn units_are_url_code_points_and_whole_escapes() {
        for good in ["", "/a/b?c=d&e", "/%41%7e", "%aF", "/:@!$&'()*+,;=-._~?/"] {
            assert!(units_are_valid(good.as_bytes()), "{good:?}");
        }
        for bad in [
            "%", "%4", "%4g", "a%", "/a|b", "[", "]", "^", "{", "}", "`", "\\", "#",
        ] {
            assert!(!units_are_valid(bad.as_bytes()), "{bad:?}");
        }
        // Every place in and around a block.
        for len in 0..40 {
            for at in 0..len {
                let mut text = vec![b'x'; len];
                text[at] = b'|';
                assert!(!units_are_valid(&text), "{len} {at}");
                text[at] = b'%';
                assert!(!units_are_valid(&text), "{len} {at}");
            }
        }
    }

    /// [`is_plain_dns_name`] of `name` after `//` and before `/x`, as in a URL.
    fn plain(name: &str) -> bool {
        let text = format!("//{name}/x");
        is_plain_dns_name(text.as_bytes(), 2, 2 + name.len())
    }

    /// Every name the plain check accepts is one strict domain to ASCII
    /// accepts; names around each rule, and generated ones.
    #[test]
    fn plain_names_pass_strict_domain_to_ascii() {
        let mut names: Vec<String> = [
            "a",
            "example.com",
            "EXAMPLE.com",
            "a-b.c",
            "ab--c.d",
            "xn--a.com",
            "a.",
            "a..b",
            ".a",
            "-a.b",
            "a-.b",
            "a_b.c",
            "1.2",
            "0x1.b",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        names.push("a".repeat(63));
        names.push("a".repeat(64));
        names.push(
            [
                "a".repeat(63),
                "a".repeat(63),
                "a".repeat(63),
                "a".repeat(61),
            ]
            .join("."),
        );
        names.push(
            [
                "a".repeat(63),
                "a".repeat(63),
                "a".repeat(63),
                "a".repeat(62),
            ]
            .join("."),
        );
        let alphabet = b"aZ0-._x";
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for len in 1..40 {
            for _ in 0..2000 {
                let name: String = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        char::from(alphabet[(x % alphabet.len() as u64) as usize])
                    })
                    .collect();
                names.push(name);
            }
        }
        let mut accepted = 0;
        for name in &names {
            if plain(name) {
                accepted += 1;
                assert!(
                    onecontact_idna::domain_validation_errors(name).is_none(),
                    "{name:?}"
                );
            }
        }
        assert!(accepted > 1000 && accepted < names.len() / 2, "{accepted}");
        for (name, want) in [
            ("example.com", true),
            ("a-b.c", true),
            ("xn--a.com", false),
            ("ab--c.d", false),
            ("a_b.c", false),
            ("-a.b", false),
            ("a-.b", false),
            ("a.", false),
            ("a..b", false),
        ] {
            assert_eq!(plain(name), want, "{name}");
        }
        assert!(plain(&"a".repeat(63)));
        assert!(!plain(&"a".repeat(64)));
        assert!(plain(
            &["a".repeat(15), "b".repeat(16), "c".repeat(17)].join("-")
        ));
    }
}
