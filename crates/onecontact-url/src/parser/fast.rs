//! The fast path: a special URL already in its serialized form (up to ASCII
//! case in the scheme and host, no credentials, no tabs, nothing to
//! percent-encode, no dot segments, no default port) parses to itself.
//!
//! One scan, 16 bytes at a time ([`lanes`](super::lanes)), checks that and
//! finds the offsets;
//! the output is then the input copied once (plus the `/` of an empty path).
//! Anything unusual returns `None` and the full state machine runs.

use super::lanes::{
    Lanes, WIDTH, answers_at, before_first, classify_after, count_before, every, lanes,
};
use super::path::{is_double_dot, is_single_dot};
use crate::gigo::Gigo;
use crate::host::HostKind;
use crate::prelude::*;
use crate::scheme::SchemeType;
use crate::spans::{Component, Observer};
use crate::tables::{FAST_FRAGMENT, FAST_HOST, FAST_PATH_OR_SLASH, FAST_QUERY, fast_class};
use crate::url::{NONE, Url};
use onecontact_bytes::word::ascii_upper;

/// Where the components of a fast-path URL are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FastParts {
    pub(crate) scheme_type: SchemeType,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) host_kind: HostKind,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: usize,
    pub(crate) has_path: bool,
    pub(crate) path_end: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
    /// The scheme or host holds ASCII uppercase letters.
    pub(crate) needs_lowercase: bool,
}

/// Tries the fast path on `input` (not yet trimmed). For an observer of
/// validation errors only a text that holds none is taken
/// ([`clean`](super::clean)). Spans, when wanted, are the scan's offsets,
/// since the output is the input.
#[inline]
pub(crate) fn try_fast_observed<O: Observer>(input: &str, obs: &mut O) -> Option<Url> {
    let parts = scan(input)?;
    if O::VALIDATION && !super::clean::has_no_validation_error(input, &parts) {
        return None;
    }
    let url = build(input, &parts)?;
    if O::SPANS {
        report_spans(&parts, input.len(), obs);
    }
    Some(url)
}

/// The spans of a fast-path URL, as the state machine reports them: the
/// scheme before `://`, a non-empty host, the port digits, the path (empty
/// when none is written), the query after `?` and the fragment after `#`.
fn report_spans<O: Observer>(parts: &FastParts, len: usize, obs: &mut O) {
    obs.span(Component::Scheme, 0..parts.host_start.saturating_sub(3));
    if parts.host_end > parts.host_start {
        obs.span(Component::Host, parts.host_start..parts.host_end);
    }
    if parts.port.is_some() {
        obs.span(Component::Port, parts.host_end + 1..parts.path_start);
    }
    obs.span(Component::Path, parts.path_start..parts.path_end);
    let query_end = parts.fragment_start.unwrap_or(len);
    if let Some(q) = parts.query_start {
        obs.span(Component::Query, q + 1..query_end);
    }
    if let Some(f) = parts.fragment_start {
        obs.span(Component::Fragment, f + 1..len);
    }
}

/// The first eight bytes of `s` as a little-endian word, zero-padded.
pub(super) const fn word(s: &[u8]) -> u64 {
    let mut w = 0u64;
    let mut i = 0;
    while i < s.len() && i < 8 {
        // `i` is below both lengths.
        #[allow(clippy::indexing_slicing)]
        let b = s[i];
        w |= (b as u64) << (8 * i);
        i += 1;
    }
    w
}

/// The low `n` bytes of a word (`n` ≤ 8).
#[inline(always)]
pub(super) fn low_bytes(n: usize) -> u64 {
    u64::MAX >> (64 - 8 * n.clamp(1, 8))
}

/// Whether `b` is an ASCII uppercase letter.
#[inline(always)]
fn is_upper(b: u8) -> bool {
    b.wrapping_sub(b'A') < 26
}

/// Whether `b` is a letter, a digit, `-` or `.`: what most hosts are
/// made of.
#[inline(always)]
fn is_domain_plain(b: u8) -> bool {
    ((b | 0x20).wrapping_sub(b'a') < 26) | (b.wrapping_sub(b'0') < 10) | (b.wrapping_sub(b'-') < 2)
}

/// [`is_domain_plain`] without the uppercase letters.
#[inline(always)]
fn is_lower_domain_plain(b: u8) -> bool {
    (b.wrapping_sub(b'a') < 26) | (b.wrapping_sub(b'0') < 10) | (b.wrapping_sub(b'-') < 2)
}

/// Class bit: the byte ends the run a block scan is in.
const STOP: u8 = 0x80;
/// Path class bit: a `%`.
const PERCENT: u8 = 1;
/// Path class bit: a `/` after a `/`.
const DOUBLE_SLASH: u8 = 2;
/// Path class bit: an ASCII uppercase letter.
const UPPER: u8 = 4;

/// Whether `b` is a letter, a digit or one of `-./_~`: what most paths
/// are made of.
#[inline(always)]
fn is_path_plain(b: u8) -> bool {
    ((b | 0x20).wrapping_sub(b'a') < 26)
        | (b.wrapping_sub(b'0') < 10)
        | (b.wrapping_sub(b'-') < 3)
        | (b == b'_')
        | (b == b'~')
}

/// The class of path byte `b` after `prev`: [`STOP`] for a byte that is
/// not [`is_path_plain`] or is a `.` that starts a segment (a possible dot
/// segment); with `FACTS`, also the bits of what the key needs to know.
#[inline(always)]
fn path_class<const FACTS: bool>(prev: u8, b: u8) -> u8 {
    let bit = |yes: bool, bit: u8| u8::from(yes).wrapping_neg() & bit;
    let after_slash = prev == b'/';
    let stop = !is_path_plain(b) | (after_slash & (b == b'.'));
    let mut class = bit(stop, STOP);
    if FACTS {
        class |= bit(b == b'%', PERCENT)
            | bit(after_slash & (b == b'/'), DOUBLE_SLASH)
            | bit(is_upper(b), UPPER);
    }
    class
}

// The questions a scan asks of a block, each compiled once on its own:
// inlined into the scan, the compiler does not always keep them as vector
// compares.

/// The bytes of `block` that end a run of [`is_lower_domain_plain`] bytes.
#[inline(never)]
pub(super) fn lower_domain_stops(block: &[u8; WIDTH]) -> Lanes {
    lanes(block, |b| !is_lower_domain_plain(b))
}

/// The bytes of `block` that end a run of [`is_domain_plain`] bytes.
#[inline(never)]
fn domain_stops(block: &[u8; WIDTH]) -> Lanes {
    lanes(block, |b| !is_domain_plain(b))
}

/// The [`path_class`] of each byte of `block` after the one in `before`.
#[inline(never)]
fn path_classes<const FACTS: bool>(before: &[u8; WIDTH], block: &[u8; WIDTH]) -> Lanes {
    classify_after(before, block, path_class::<FACTS>)
}

/// Advances from `p` over the bytes whose class has `bit`, eight at a time
/// while it can (a table lookup a byte, which runs faster than block
/// questions over a long query); returns where the run ends.
#[inline(always)]
fn skip_table(bytes: &[u8], mut p: usize, bit: u8) -> usize {
    while let Some(chunk) = bytes.get(p..).and_then(<[u8]>::first_chunk::<8>) {
        if chunk.iter().fold(u8::MAX, |all, &b| all & fast_class(b)) & bit == 0 {
            break;
        }
        p += 8;
    }
    while bytes.get(p).is_some_and(|&b| fast_class(b) & bit != 0) {
        p += 1;
    }
    p
}

/// Checks `input` and finds its components (no allocation).
#[inline]
pub(crate) fn scan(input: &str) -> Option<FastParts> {
    scan_from_scheme::<false>(input, &mut PathFacts::default())
}

/// [`scan`] that also writes the path's [`PathFacts`] into `facts`.
#[inline]
pub(crate) fn scan_with_facts(input: &str, facts: &mut PathFacts) -> Option<FastParts> {
    scan_from_scheme::<true>(input, facts)
}

/// [`scan`], with the path's facts when `FACTS`.
#[inline(always)]
fn scan_from_scheme<const FACTS: bool>(input: &str, facts: &mut PathFacts) -> Option<FastParts> {
    let bytes = input.as_bytes();
    // The scheme, in any case: the first eight bytes as one word.
    let raw = match bytes.first_chunk::<8>() {
        Some(head) => u64::from_le_bytes(*head),
        None => word(bytes),
    };
    // Most texts start with `https://` or `http://` in lowercase: one
    // compare each, before the word is lowercased.
    let (scheme_type, p, needs_lowercase) = if raw == word(b"https://") {
        (SchemeType::Https, 8, false)
    } else if raw & low_bytes(7) == word(b"http://") {
        (SchemeType::Http, 7, false)
    } else {
        scheme_in_any_case(raw)?
    };
    scan_after_scheme::<FACTS>(bytes, scheme_type, p, needs_lowercase, facts)
}

/// The special scheme and `//` that `raw` (the first eight bytes of a
/// text) starts with in any case, where the text goes on after them, and
/// whether the scheme holds uppercase letters.
#[inline]
pub(super) fn scheme_in_any_case(raw: u64) -> Option<(SchemeType, usize, bool)> {
    let upper = ascii_upper(raw);
    let lower = raw | (upper >> 2);
    let is = |scheme: &[u8]| lower & low_bytes(scheme.len()) == word(scheme);
    let (scheme_type, p) = if is(b"https://") {
        (SchemeType::Https, 8)
    } else if is(b"http://") {
        (SchemeType::Http, 7)
    } else if is(b"file://") {
        (SchemeType::File, 7)
    } else if is(b"wss://") {
        (SchemeType::Wss, 6)
    } else if is(b"ws://") {
        (SchemeType::Ws, 5)
    } else if is(b"ftp://") {
        (SchemeType::Ftp, 6)
    } else {
        return None;
    };
    Some((scheme_type, p, upper & low_bytes(p) != 0))
}

/// What a scan with `FACTS` on also finds in the path (nothing is written
/// without it): what the contact layer's key needs to know about it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct PathFacts {
    /// Some byte is a `%`.
    pub(crate) percent: bool,
    /// Some `/` follows a `/`.
    pub(crate) double_slash: bool,
    /// Some byte is an ASCII uppercase letter.
    pub(crate) upper: bool,
}

/// The rest of [`scan`]: `bytes` from `p`, just after the `//` of a scheme
/// of type `scheme_type` (whose letters hold uppercase ones when
/// `needs_lowercase`), as far as the end. Offsets are in `bytes`. With
/// `FACTS`, the path's [`PathFacts`] are written into `facts`.
#[inline]
pub(crate) fn scan_after_scheme<const FACTS: bool>(
    bytes: &[u8],
    scheme_type: SchemeType,
    mut p: usize,
    mut needs_lowercase: bool,
    facts: &mut PathFacts,
) -> Option<FastParts> {
    let file = scheme_type.is_file();
    let at = |i: usize| bytes.get(i).copied();

    // Host: a block at a time over letters, digits, `-` and `.`, noting
    // uppercase letters; any other byte a domain keeps as-is is stepped
    // over alone. It must not end in a number (IPv4 goes the long way).
    let host_start = p;
    loop {
        // Once an uppercase letter is seen, the rest need not be told apart.
        let stops = if needs_lowercase {
            answers_at::<false>(bytes, p, |_, block| domain_stops(block))
        } else {
            answers_at::<false>(bytes, p, |_, block| lower_domain_stops(block))
        };
        let n = count_before(stops).min(bytes.len() - p);
        p += n;
        if n < WIDTH {
            match at(p) {
                Some(b) if is_upper(b) => needs_lowercase = true,
                Some(b) if fast_class(b) & FAST_HOST != 0 => {}
                _ => break,
            }
            p += 1;
        }
    }
    let host_end = p;
    let host = bytes.get(host_start..host_end).unwrap_or_default();
    let host_kind = if host.is_empty() {
        // Only file: URLs have an empty host.
        if !file {
            return None;
        }
        HostKind::Empty
    } else {
        HostKind::Domain
    };
    if file && (at(p) == Some(b':') || host.eq_ignore_ascii_case(b"localhost")) {
        return None;
    }
    // Ends-in-a-number, conservatively: a host whose last byte is none of
    // `0-9`, `a-f`, `x`, `.` in either case cannot end in a number;
    // otherwise the last label starting with a digit sends the host to the
    // full parser.
    let may_end_in_number = host.last().is_some_and(|&b| {
        NUMBER_END_BYTES
            .get(usize::from(b >> 3))
            .is_some_and(|bits| (bits >> (b & 7)) & 1 != 0)
    });
    if may_end_in_number && last_label_starts_with_digit(host) {
        return None;
    }

    // Port: digits without a leading zero, in range, not the default.
    let mut port = None;
    if at(p) == Some(b':') {
        p += 1;
        let digits_start = p;
        let mut value: u32 = 0;
        while let Some(b) = at(p).filter(u8::is_ascii_digit) {
            value = value * 10 + u32::from(b - b'0');
            p += 1;
            if p - digits_start > 5 {
                return None;
            }
        }
        if p == digits_start || at(digits_start) == Some(b'0') {
            return None;
        }
        let value = u16::try_from(value).ok()?;
        if scheme_type.default_port() == Some(value) {
            return None;
        }
        port = Some(value);
    }
    let path_start = p;

    // Path: path-safe bytes and `/`, a block at a time, watching for a
    // segment that starts with `.` or `%` (a possible dot segment); such a
    // path is checked segment by segment.
    let has_path = at(p) == Some(b'/');
    if has_path {
        let mut seen = PathFacts::default();
        // The class bits of every path byte so far, gathered.
        let mut gathered: Lanes = 0;
        loop {
            // `p` is past the host, so not 0.
            let class = answers_at::<true>(bytes, p, path_classes::<FACTS>);
            let stops = class & every(STOP);
            let n = count_before(stops).min(bytes.len() - p);
            if FACTS {
                gathered |= class & before_first(stops);
            }
            p += n;
            if n < WIDTH {
                // A byte the path keeps, though not a plain one, or a
                // segment starting with `.` stopped the run; a segment
                // starting with `.` or `%` may be a dot segment, which the
                // full parser removes.
                match at(p) {
                    Some(b) if fast_class(b) & FAST_PATH_OR_SLASH != 0 => {
                        let starts_segment = p.checked_sub(1).and_then(at) == Some(b'/');
                        if starts_segment && (b == b'.' || b == b'%') && is_dot_segment_at(bytes, p)
                        {
                            return None;
                        }
                        seen.percent |= b == b'%';
                        p += 1;
                    }
                    _ => break,
                }
            }
        }
        if FACTS {
            seen.percent |= gathered & every(PERCENT) != 0;
            seen.double_slash = gathered & every(DOUBLE_SLASH) != 0;
            seen.upper = gathered & every(UPPER) != 0;
            *facts = seen;
        }
        // file: `C|` as the first segment becomes `C:`.
        if file {
            let rest = bytes.get(path_start + 1..p).unwrap_or_gigo();
            let first = rest.split(|&b| b == b'/').next().unwrap_or_gigo();
            if matches!(first, [_, b'|']) {
                return None;
            }
        }
    }
    if !matches!(at(p), Some(b'?' | b'#') | None) {
        return None;
    }
    let path_end = p;

    // Query.
    let mut query_start = None;
    if at(p) == Some(b'?') {
        query_start = Some(p);
        p = skip_table(bytes, p + 1, FAST_QUERY);
    }
    // Fragment.
    let mut fragment_start = None;
    if at(p) == Some(b'#') {
        fragment_start = Some(p);
        p = skip_table(bytes, p + 1, FAST_FRAGMENT);
    }
    if p != bytes.len() {
        return None;
    }

    Some(FastParts {
        scheme_type,
        host_start,
        host_end,
        host_kind,
        port,
        path_start,
        has_path,
        path_end,
        query_start,
        fragment_start,
        needs_lowercase,
    })
}

/// Bit `b % 8` of entry `b / 8` set for each byte `b` a host ending in a
/// number can end with: `0-9`, `a-f`, `x`, `.`, in either case.
const NUMBER_END_BYTES: [u8; 16] = {
    let mut bits = [0u8; 16];
    let mut b = 0u8;
    while b < 128 {
        if b.is_ascii_hexdigit() || b | 0x20 == b'x' || b == b'.' {
            // `b / 8` is below 16.
            #[allow(clippy::indexing_slicing)]
            {
                bits[(b >> 3) as usize] |= 1 << (b & 7);
            }
        }
        b += 1;
    }
    bits
};

/// Whether the last label of `host` (or the one before a trailing dot)
/// starts with a digit, or is empty.
#[cold]
fn last_label_starts_with_digit(host: &[u8]) -> bool {
    let body = host.strip_suffix(b".").unwrap_or(host);
    let last_label_first = match body.iter().rposition(|&b| b == b'.') {
        Some(dot) => body.get(dot + 1),
        None => body.first(),
    };
    last_label_first.is_none_or(u8::is_ascii_digit)
}

/// Whether the path segment starting at `p` is `.` or `..`, in any of
/// their percent-encoded spellings (six bytes at most, so only that many
/// are read).
#[cold]
fn is_dot_segment_at(bytes: &[u8], p: usize) -> bool {
    let rest = bytes.get(p..).unwrap_or_default();
    let head = rest.get(..7).unwrap_or(rest);
    let len = head
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(head.len());
    let segment = head.get(..len).unwrap_or_default();
    len < 7 && (is_single_dot(segment) || is_double_dot(segment))
}

/// Builds the URL from a successful scan: the input copied once.
#[inline(always)]
pub(crate) fn build(input: &str, parts: &FastParts) -> Option<Url> {
    let FastParts {
        scheme_type,
        host_start,
        host_end,
        host_kind,
        port,
        path_start,
        has_path,
        path_end,
        query_start,
        fragment_start,
        needs_lowercase,
    } = *parts;
    let bytes = input.as_bytes();
    let extra = usize::from(!has_path);
    let mut out;
    if has_path {
        out = String::from(input);
    } else {
        out = String::with_capacity(bytes.len() + extra);
        out.push_str(input.get(..path_start)?);
        out.push('/');
        out.push_str(input.get(path_start..)?);
    }
    if needs_lowercase && let Some(head) = out.get_mut(..host_end) {
        head.make_ascii_lowercase();
    }
    // Every offset is at most the output's length, which is below `NONE`
    // (checked here), so `as u32` keeps each one exactly.
    if out.len() >= NONE as usize {
        return None;
    }
    let offset = |i: usize| i as u32;
    let shift = |i: usize| offset(if i >= path_end { i + extra } else { i });
    Some(Url {
        serialization: out,
        host_start: offset(host_start),
        host_end: offset(host_end),
        path_start: offset(path_start),
        query_start: query_start.map_or(NONE, shift),
        fragment_start: fragment_start.map_or(NONE, shift),
        port_value: port.unwrap_or(0),
        ip: [0; 4],
        host_kind,
        scheme_type,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::percent_encoding::{FRAGMENT, PATH, SPECIAL_QUERY};
    use crate::tables::is_forbidden_host_byte;

    /// Each byte question against the Standard's sets, over all 256 bytes.
    #[test]
    fn stops_are_the_standards_sets() {
        for b in 0..=255u8 {
            let visible = (0x21..=0x7E).contains(&b);
            let host_kept = visible && b != b'%' && !is_forbidden_host_byte(b);
            assert_eq!(fast_class(b) & FAST_HOST != 0, host_kept, "host {b:#x}");
            let path_plain = b.is_ascii_alphanumeric() || b"-./_~".contains(&b);
            assert_eq!(is_path_plain(b), path_plain, "path plain {b:#x}");
            let plain = b.is_ascii_alphanumeric() || b == b'-' || b == b'.';
            assert_eq!(is_domain_plain(b), plain, "plain {b:#x}");
            let lower_plain = plain && !b.is_ascii_uppercase();
            assert_eq!(is_lower_domain_plain(b), lower_plain, "lower plain {b:#x}");
            let path_kept = (!PATH.should_encode(b) && b != b'\\') || b == b'/';
            assert_eq!(
                fast_class(b) & FAST_PATH_OR_SLASH != 0,
                path_kept,
                "path {b:#x}"
            );
            let query_kept = !SPECIAL_QUERY.should_encode(b) && b != b'#';
            assert_eq!(fast_class(b) & FAST_QUERY != 0, query_kept, "query {b:#x}");
            let fragment_kept = !FRAGMENT.should_encode(b);
            assert_eq!(
                fast_class(b) & FAST_FRAGMENT != 0,
                fragment_kept,
                "fragment {b:#x}"
            );
            assert_eq!(is_upper(b), b.is_ascii_uppercase(), "upper {b:#x}");
        }
    }
}
