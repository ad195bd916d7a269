//! The fast path: a special URL already in its serialized form (up to ASCII
//! case in the scheme and host, no credentials, no tabs, nothing to
//! percent-encode, no dot segments, no default port) parses to itself.
//!
//! One scan with a 256-entry class table checks that and finds the offsets;
//! the output is then the input copied once (plus the `/` of an empty path).
//! Anything unusual returns `None` and the full state machine runs.

use super::path::{is_double_dot, is_single_dot};
use crate::gigo::Gigo;
use crate::host::HostKind;
use crate::prelude::*;
use crate::scheme::SchemeType;
use crate::spans::{Component, Observer};
use crate::tables::{
    ASCII_UPPER, DOT_OR_PERCENT, FAST_FRAGMENT, FAST_HOST, FAST_PATH_OR_SLASH, FAST_QUERY,
    fast_class,
};
use crate::url::{NONE, Url};
use onecontact_bytes::word::{ascii_bytes_equal, ascii_upper};

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

/// Tries the fast path on `input` (not yet trimmed), for an observer that
/// wants no validation errors. Spans, when wanted, are the scan's offsets,
/// since the output is the input.
#[inline]
pub(crate) fn try_fast_observed<O: Observer>(input: &str, obs: &mut O) -> Option<Url> {
    let parts = scan(input)?;
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

/// Whether `input` is a URL in serialized form that the fast path accepts;
/// allocates nothing.
#[inline]
pub(crate) fn is_fast(input: &str) -> bool {
    scan(input).is_some()
}

/// The first eight bytes of `s` as a little-endian word, zero-padded.
const fn word(s: &[u8]) -> u64 {
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
fn low_bytes(n: usize) -> u64 {
    u64::MAX >> (64 - 8 * n.clamp(1, 8))
}

/// The eight bytes of `bytes` from `p`, if there are that many.
#[inline(always)]
fn chunk_at(bytes: &[u8], p: usize) -> Option<&[u8; 8]> {
    bytes.get(p..).and_then(<[u8]>::first_chunk::<8>)
}

/// The AND and the OR of the class bits of eight bytes.
#[inline(always)]
fn classes(chunk: &[u8; 8]) -> (u8, u8) {
    chunk.iter().fold((u8::MAX, 0), |(all, any), &b| {
        let c = fast_class(b);
        (all & c, any | c)
    })
}

/// Advances from `p` over the bytes whose class has `bit`, eight at a time
/// while it can; returns where the run ends.
#[inline(always)]
fn skip(bytes: &[u8], mut p: usize, bit: u8) -> usize {
    while let Some(chunk) = chunk_at(bytes, p) {
        if classes(chunk).0 & bit == 0 {
            break;
        }
        p += 8;
    }
    while bytes.get(p).is_some_and(|&b| fast_class(b) & bit != 0) {
        p += 1;
    }
    p
}

/// The path's facts gathered word by word: the high bits of the bytes
/// found so far, and where the last `/` is.
#[derive(Default)]
struct Seen {
    percents: u64,
    double_slashes: u64,
    upper: u64,
    last_slash: usize,
}

impl Seen {
    /// Takes in the path word `x` at `offset` in the path, with its `/`s,
    /// the bytes that follow a `/` and its `%`s.
    #[inline(always)]
    fn word(&mut self, x: u64, slashes: u64, starts: u64, percents: u64, offset: usize) {
        self.percents |= percents;
        self.double_slashes |= slashes & starts;
        self.upper |= ascii_upper(x);
        if slashes != 0 {
            self.last_slash = offset + (63 - slashes.leading_zeros() as usize) / 8;
        }
    }

    #[inline(always)]
    fn facts(&self) -> PathFacts {
        PathFacts {
            percent: self.percents != 0,
            double_slash: self.double_slashes != 0,
            upper: self.upper != 0,
            last_slash: self.last_slash,
        }
    }
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
    scan_after_scheme::<FACTS>(bytes, scheme_type, p, upper & low_bytes(p) != 0, facts)
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
    /// Where the last `/` is, from the path's start.
    pub(crate) last_slash: usize,
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

    // Host: domain bytes only, eight at a time; it must not end in a number
    // (IPv4 goes the long way).
    let host_start = p;
    let mut host_classes = 0;
    while let Some(chunk) = chunk_at(bytes, p) {
        let (all, any) = classes(chunk);
        if all & FAST_HOST == 0 {
            break;
        }
        host_classes |= any;
        p += 8;
    }
    while let Some(c) = at(p).map(fast_class).filter(|c| c & FAST_HOST != 0) {
        host_classes |= c;
        p += 1;
    }
    needs_lowercase |= host_classes & ASCII_UPPER != 0;
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
    // Ends-in-a-number, conservatively: the last label (or the one before a
    // trailing dot) starting with a digit sends the host to the full parser.
    let body = host.strip_suffix(b".").unwrap_or(host);
    let last_label_first = match body.iter().rposition(|&b| b == b'.') {
        Some(dot) => body.get(dot + 1),
        None => body.first(),
    };
    if host_kind == HostKind::Domain && last_label_first.is_none_or(u8::is_ascii_digit) {
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

    // Path: path-safe bytes and `/`, eight at a time, watching for a segment
    // that starts with `.` or `%` (a possible dot segment); such a path is
    // checked segment by segment.
    let has_path = at(p) == Some(b'/');
    if has_path {
        let mut suspect = false;
        // The high bit of the low byte: the byte before the chunk was `/`.
        let mut after_slash = 0u64;
        let mut seen = Seen::default();
        while let Some(chunk) = chunk_at(bytes, p) {
            if classes(chunk).0 & FAST_PATH_OR_SLASH == 0 {
                break;
            }
            // Path bytes are ASCII.
            let x = u64::from_le_bytes(*chunk);
            let slashes = ascii_bytes_equal(x, b'/');
            let starts = (slashes << 8) | after_slash;
            let percents = ascii_bytes_equal(x, b'%');
            if starts & (ascii_bytes_equal(x, b'.') | percents) != 0 {
                suspect = true;
            }
            if FACTS {
                seen.word(x, slashes, starts, percents, p - path_start);
            }
            after_slash = slashes >> 56;
            p += 8;
        }
        let tail_start = p;
        let mut tail = 0u64;
        while let Some(c) = at(p)
            .map(fast_class)
            .filter(|c| c & FAST_PATH_OR_SLASH != 0)
        {
            if c & DOT_OR_PERCENT != 0 && p.checked_sub(1).and_then(at) == Some(b'/') {
                suspect = true;
            }
            if FACTS {
                // Fewer than eight bytes: gathered into one word.
                tail |= u64::from(at(p).unwrap_or_gigo()) << (8 * ((p - tail_start) & 7));
            }
            p += 1;
        }
        if FACTS {
            let slashes = ascii_bytes_equal(tail, b'/');
            let starts = (slashes << 8) | after_slash;
            let percents = ascii_bytes_equal(tail, b'%');
            seen.word(tail, slashes, starts, percents, tail_start - path_start);
            *facts = seen.facts();
        }
        if suspect && has_dot_segment(bytes.get(path_start..p).unwrap_or_gigo()) {
            return None;
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
        p = skip(bytes, p + 1, FAST_QUERY);
    }
    // Fragment.
    let mut fragment_start = None;
    if at(p) == Some(b'#') {
        fragment_start = Some(p);
        p = skip(bytes, p + 1, FAST_FRAGMENT);
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

/// Whether a path (starting with `/`) has a `.` or `..` segment, in any of
/// their percent-encoded spellings.
#[cold]
fn has_dot_segment(path: &[u8]) -> bool {
    path.split(|&b| b == b'/')
        .skip(1)
        .any(|seg| is_single_dot(seg) || is_double_dot(seg))
}

/// Builds the URL from a successful scan: the input copied once.
#[inline]
fn build(input: &str, parts: &FastParts) -> Option<Url> {
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
