//! The answer of [`super::can_parse`], found without building a URL.
//!
//! The basic URL parser fails in few places: a relative URL without a
//! usable base, the authority (credentials without a host, a missing host,
//! a host the host parser refuses, a port that is not a number or is out of
//! range) and a serialization too long for 32-bit offsets. Paths, queries
//! and fragments never fail, so the check reads a text only as far as its
//! authority, taking the same decisions as the states of [`super::state`]
//! (through the scans they share), and writes nothing but what the host
//! parser needs for a host outside ASCII or with a `%`.
//!
//! Most hosts are lowercase letters, digits, `-` and `.` up to the end of
//! the authority: those are read 16 bytes at a time and need no host
//! parser unless they may end in a number. Anything else in an authority
//! (credentials, uppercase, `%`, brackets…) takes the states' own scans.

use super::fast::{low_bytes, lower_domain_stops, scheme_in_any_case, word};
use super::lanes::{WIDTH, answers_at, count_before};
use super::state::{
    authority_end, authority_end_and_at, digits_end, ends_authority, host_end, port_number,
    scheme_run_end, scheme_type_in_any_case,
};
use crate::host;
use crate::input::{Prepared, has_tab_or_newline};
use crate::parser::is_windows_drive_letter;
use crate::scheme::SchemeType;

/// Texts up to this many bytes (input and base together) cannot make a
/// serialization too long for 32-bit offsets, however much percent-encoding
/// and IDNA grow them; longer ones take the building parser.
pub(super) const LIMIT: usize = 1 << 24;

/// What a URL that parses tells a relative URL parsed against it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape {
    scheme_type: SchemeType,
    opaque_path: bool,
}

/// Whether `text` (as given: it is trimmed and cleaned of tabs and newlines
/// here) parses against a base of shape `base`; the shape of the URL when
/// it does.
pub(super) fn check(text: &str, base: Option<Shape>) -> Option<Shape> {
    let bytes = text.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(&first), Some(&last))
            if first > b' ' && last > b' ' && !has_tab_or_newline(bytes) =>
        {
            check_prepared(text, base)
        }
        _ => check_prepared(&Prepared::new(text, true).text, base),
    }
}

/// [`check`] of a prepared text.
fn check_prepared(text: &str, base: Option<Shape>) -> Option<Shape> {
    let s = text.as_bytes();
    // A special scheme and `//`, the first eight bytes read as one word.
    let raw = match s.first_chunk::<8>() {
        Some(head) => u64::from_le_bytes(*head),
        None => word(s),
    };
    let special_and_slashes = if raw == word(b"https://") {
        Some((SchemeType::Https, 8))
    } else if raw & low_bytes(7) == word(b"http://") {
        Some((SchemeType::Http, 7))
    } else {
        scheme_in_any_case(raw).map(|(scheme_type, p, _)| (scheme_type, p))
    };
    if let Some((scheme_type, p)) = special_and_slashes {
        // A file URL goes to its host; any other, whatever the base, goes
        // through the special authority ignore slashes state.
        let ok = if scheme_type.is_file() {
            file_host(text, p)
        } else {
            authority(text, skip_slashes(s, p), true)
        };
        return ok.then_some(Shape {
            scheme_type,
            opaque_path: false,
        });
    }
    // Scheme start and scheme states: a letter, scheme code points, `:`.
    let colon = match s.first() {
        Some(b) if b.is_ascii_alphabetic() => Some(scheme_run_end(s, 1)),
        _ => None,
    };
    if let Some(colon) = colon.filter(|&c| s.get(c) == Some(&b':')) {
        let scheme_type = scheme_type_in_any_case(s.get(..colon).unwrap_or_default());
        let p = colon + 1;
        let special = scheme_type.is_special();
        let ok = if scheme_type.is_file() {
            file(text, p)
        } else if special {
            let same_as_base = base.is_some_and(|b| b.scheme_type == scheme_type);
            if same_as_base && s.get(p..p + 2) != Some(b"//") {
                // Special relative or authority state, then relative state.
                relative(text, p, true)
            } else {
                // Special authority (ignore) slashes states.
                authority(text, skip_slashes(s, p), true)
            }
        } else if s.get(p) == Some(&b'/') {
            // Path or authority state.
            s.get(p + 1) != Some(&b'/') || authority(text, p + 2, false)
        } else {
            // Opaque path state.
            true
        };
        let opaque_path = !special && s.get(p) != Some(&b'/');
        return ok.then_some(Shape {
            scheme_type,
            opaque_path,
        });
    }
    // No scheme state.
    let base = base?;
    let ok = if base.opaque_path {
        s.first() == Some(&b'#')
    } else if base.scheme_type.is_file() {
        file(text, 0)
    } else {
        relative(text, 0, base.scheme_type.is_special())
    };
    ok.then_some(base)
}

/// Where the run of `/` and `\` from `p` ends (special authority ignore
/// slashes state).
fn skip_slashes(s: &[u8], mut p: usize) -> usize {
    while matches!(s.get(p), Some(b'/' | b'\\')) {
        p += 1;
    }
    p
}

/// Relative state and relative slash state at `p`, for a base that is
/// special when `special`.
fn relative(text: &str, p: usize, special: bool) -> bool {
    let s = text.as_bytes();
    let slash = |b: Option<&u8>| b == Some(&b'/') || (special && b == Some(&b'\\'));
    if !slash(s.get(p)) {
        return true;
    }
    let p = p + 1;
    if special && slash(s.get(p)) {
        authority(text, skip_slashes(s, p), true)
    } else if s.get(p) == Some(&b'/') {
        authority(text, p + 1, false)
    } else {
        true
    }
}

/// File state and file slash state at `p`.
fn file(text: &str, p: usize) -> bool {
    let s = text.as_bytes();
    let slash = |b: Option<&u8>| matches!(b, Some(b'/' | b'\\'));
    !slash(s.get(p)) || !slash(s.get(p + 1)) || file_host(text, p + 2)
}

/// File host state at `p`.
fn file_host(text: &str, p: usize) -> bool {
    let s = text.as_bytes();
    let q = plain_host_end(s, p);
    if ends_authority(s.get(q).copied(), true) {
        return q == p || plain_host_is_valid(text, p, q, true);
    }
    let q = authority_end(s, p, true);
    let buffer = text.get(p..q).unwrap_or_default();
    // A drive letter starts the path; an empty host is the empty host.
    buffer.is_empty() || is_windows_drive_letter(buffer.as_bytes()) || host::is_valid(buffer, false)
}

/// Authority state, host state and port state at `p`, for a URL that is
/// special when `special`.
fn authority(text: &str, p: usize, special: bool) -> bool {
    let s = text.as_bytes();
    // The common case: a plain host, maybe a port, then the authority's end.
    let q = plain_host_end(s, p);
    match s.get(q) {
        Some(b':') => {
            let digits_end = digits_end(s, q + 1);
            if ends_authority(s.get(digits_end).copied(), special) {
                return q > p
                    && plain_host_is_valid(text, p, q, special)
                    && port_number(s.get(q + 1..digits_end).unwrap_or_default()).is_some();
            }
        }
        c if ends_authority(c.copied(), special) => {
            return plain_host_is_valid(text, p, q, special);
        }
        _ => {}
    }
    authority_with_the_states_scans(text, p, special)
}

/// [`authority`] for any authority.
#[cold]
#[inline(never)]
fn authority_with_the_states_scans(text: &str, p: usize, special: bool) -> bool {
    let s = text.as_bytes();
    let (end, at) = authority_end_and_at(s, p, special);
    let p = match at {
        // Credentials without a host.
        Some(at) if at + 1 == end => return false,
        Some(at) => at + 1,
        None => p,
    };
    let q = host_end(s, p, special);
    let host = text.get(p..q).unwrap_or_default();
    if s.get(q) != Some(&b':') {
        return !(special && host.is_empty()) && host::is_valid(host, !special);
    }
    if host.is_empty() || !host::is_valid(host, !special) {
        return false;
    }
    let digits_start = q + 1;
    let digits_stop = digits_end(s, digits_start);
    ends_authority(s.get(digits_stop).copied(), special)
        && port_number(s.get(digits_start..digits_stop).unwrap_or_default()).is_some()
}

/// Where the run of lowercase letters, digits, `-` and `.` from `p` ends,
/// read a block at a time.
#[inline]
fn plain_host_end(s: &[u8], mut p: usize) -> usize {
    loop {
        let stops = answers_at::<false>(s, p, |_, block| lower_domain_stops(block));
        let n = count_before(stops).min(s.len().saturating_sub(p));
        p += n;
        if n < WIDTH {
            return p;
        }
    }
}

/// Whether the host parser accepts `text[p..q]`, made of lowercase
/// letters, digits, `-` and `.`: as an opaque host always; as a domain
/// when it is not empty and does not end in a number that is not an IPv4
/// address.
#[inline]
fn plain_host_is_valid(text: &str, p: usize, q: usize, special: bool) -> bool {
    if !special {
        return true;
    }
    let host = text.get(p..q).unwrap_or_default();
    // Only a host ending in a hex digit, `x` or `.` may end in a number.
    match host.as_bytes().last() {
        Some(b'0'..=b'9' | b'a'..=b'f' | b'x' | b'.') => host::is_valid_ascii_domain(host),
        last => last.is_some(),
    }
}
