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
use crate::scheme::SchemeType;
use crate::spans::{Component, Observer};
use crate::tables::{FAST_FRAGMENT, FAST_HOST, FAST_PATH, FAST_QUERY, fast_class};
use crate::url::{Url, to_u32};

/// Where the components of a fast-path URL are.
#[derive(Clone, Copy)]
pub(crate) struct FastParts {
    scheme_type: SchemeType,
    host_start: usize,
    host_end: usize,
    host_kind: HostKind,
    port: Option<u16>,
    path_start: usize,
    has_path: bool,
    path_end: usize,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
    /// The scheme or host holds ASCII uppercase letters.
    needs_lowercase: bool,
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

/// Checks `input` and finds its components (no allocation).
#[inline]
fn scan(input: &str) -> Option<FastParts> {
    let bytes = input.as_bytes();
    // The scheme, in any case.
    let mut head = [0u8; 8];
    for (slot, b) in head.iter_mut().zip(bytes) {
        *slot = b.to_ascii_lowercase();
    }
    let (scheme_type, mut p) = if head.starts_with(b"https://") {
        (SchemeType::Https, 8)
    } else if head.starts_with(b"http://") {
        (SchemeType::Http, 7)
    } else if head.starts_with(b"file://") {
        (SchemeType::File, 7)
    } else if head.starts_with(b"wss://") {
        (SchemeType::Wss, 6)
    } else if head.starts_with(b"ws://") {
        (SchemeType::Ws, 5)
    } else if head.starts_with(b"ftp://") {
        (SchemeType::Ftp, 6)
    } else {
        return None;
    };
    let mut needs_lowercase = bytes.get(..p) != head.get(..p);
    let file = scheme_type.is_file();
    let at = |i: usize| bytes.get(i).copied();

    // Host: domain bytes only; it must not end in a number (IPv4 goes the long way).
    let host_start = p;
    let mut label_start = p;
    while let Some(b) = at(p) {
        if fast_class(b) & FAST_HOST == 0 {
            if !b.is_ascii_uppercase() {
                break;
            }
            needs_lowercase = true;
        }
        if b == b'.' {
            label_start = p + 1;
        }
        p += 1;
    }
    let host_end = p;
    let host_kind = if host_end == host_start {
        // Only file: URLs have an empty host.
        if !file {
            return None;
        }
        HostKind::Empty
    } else {
        HostKind::Domain
    };
    if file
        && (at(p) == Some(b':')
            || bytes
                .get(host_start..host_end)
                .is_some_and(|h| h.eq_ignore_ascii_case(b"localhost")))
    {
        return None;
    }
    // Ends-in-a-number, conservatively: the last label (or the one before a
    // trailing dot) starting with a digit sends the host to the full parser.
    let last_label_first = if label_start == host_end {
        // Trailing dot: look at the label before it.
        let body = bytes
            .get(host_start..host_end.saturating_sub(1))
            .unwrap_or_default();
        match body.iter().rposition(|&b| b == b'.') {
            Some(dot) => body.get(dot + 1).copied(),
            None => body.first().copied(),
        }
    } else {
        at(label_start)
    };
    if host_kind == HostKind::Domain && last_label_first.is_none_or(|b| b.is_ascii_digit()) {
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

    // Path: segments of path-safe bytes, no dot segments.
    let has_path = at(p) == Some(b'/');
    if has_path {
        p += 1;
        let mut seg_start = p;
        loop {
            let b = at(p);
            match b {
                Some(b) if fast_class(b) & FAST_PATH != 0 => p += 1,
                Some(b'/') | Some(b'?') | Some(b'#') | None => {
                    let first = at(seg_start);
                    if matches!(first, Some(b'.' | b'%')) {
                        let seg = bytes.get(seg_start..p).unwrap_or_gigo();
                        if is_single_dot(seg) || is_double_dot(seg) {
                            return None;
                        }
                    }
                    // file: `C|` as the first segment becomes `C:`.
                    if file
                        && seg_start == path_start + 1
                        && bytes
                            .get(seg_start..p)
                            .is_some_and(|s| matches!(s, [_, b'|']))
                    {
                        return None;
                    }
                    if b != Some(b'/') {
                        break;
                    }
                    p += 1;
                    seg_start = p;
                }
                Some(_) => return None,
            }
        }
    } else if !matches!(at(p), Some(b'?' | b'#') | None) {
        return None;
    }
    let path_end = p;

    // Query.
    let mut query_start = None;
    if at(p) == Some(b'?') {
        query_start = Some(p);
        p += 1;
        while at(p).is_some_and(|b| fast_class(b) & FAST_QUERY != 0) {
            p += 1;
        }
    }
    // Fragment.
    let mut fragment_start = None;
    if at(p) == Some(b'#') {
        fragment_start = Some(p);
        p += 1;
        while at(p).is_some_and(|b| fast_class(b) & FAST_FRAGMENT != 0) {
            p += 1;
        }
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
    let mut out = String::with_capacity(bytes.len() + extra);
    if has_path {
        out.push_str(input);
    } else {
        out.push_str(input.get(..path_start)?);
        out.push('/');
        out.push_str(input.get(path_start..)?);
    }
    if needs_lowercase && let Some(head) = out.get_mut(..host_end) {
        head.make_ascii_lowercase();
    }
    let shift = |i: usize| to_u32(if i >= path_end { i + extra } else { i });
    Some(Url {
        serialization: out,
        scheme_end: to_u32(host_start - 3),
        username_end: to_u32(host_start),
        host_start: to_u32(host_start),
        host_end: to_u32(host_end),
        path_start: to_u32(path_start),
        query_start: query_start.map_or(crate::url::NONE, shift),
        fragment_start: fragment_start.map_or(crate::url::NONE, shift),
        port,
        ipv4: 0,
        host_kind,
        scheme_type,
    })
}
