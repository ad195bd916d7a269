//! The comparison key, version 1 (rule 6): the seven steps of the web rules.
//!
//! The format of a published version never changes: the golden fixture in
//! `tests/key_v1_golden.rs` fails on any change.

pub(crate) mod direct;
pub(crate) mod v2;
pub(crate) mod v2_steps;

use crate::rules::DEFAULT_DOCUMENTS;

use crate::gigo::Gigo;
use onecontact_bytes::word::{ascii_upper, bytes_equal};
use onecontact_bytes::{cmp_utf16, hex_value};

/// Which published key format to compute. A version's output never changes;
/// a different format gets a new version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum KeyVersion {
    /// Version 1 (see the crate documentation and `docs/web.md`).
    #[cfg_attr(feature = "serde", serde(rename = "v1"))]
    V1,
    /// Version 2 (`docs/web.md`, "The key, version 2"): version 1 with the
    /// owners of shared hosting kept apart, the path's case kept, the
    /// query's escapes normalized, a larger tracking table, wrappers
    /// unwrapped and, from text ([`key_v2_with`](crate::key_v2_with)),
    /// pastes read through and non-addresses refused.
    #[cfg_attr(feature = "serde", serde(rename = "v2"))]
    V2,
}

impl KeyVersion {
    /// The version's name as the command line and the reports write it:
    /// `v1`, `v2`.
    pub fn name(self) -> &'static str {
        match self {
            KeyVersion::V1 => "v1",
            KeyVersion::V2 => "v2",
        }
    }
}

/// The parts of a parsed address the key is computed from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyParts<'a> {
    /// The scheme, lowercase, without `:`.
    pub scheme: &'a str,
    /// Whether the scheme is `http` or `https`.
    pub web_scheme: bool,
    /// The serialized host, `None` when the URL has none.
    pub host: Option<&'a str>,
    /// Whether the host is a domain (not an IP address, opaque or empty).
    pub host_is_domain: bool,
    /// The serialized port, empty when none or the scheme's default.
    pub port: &'a str,
    /// The serialized path (the `pathname` getter).
    pub path: &'a str,
    /// Whether the path is opaque (`mailto:a@b`).
    pub opaque_path: bool,
    /// The query of the canonical form (tracking parameters removed),
    /// without its `?`; `None` when there is none.
    pub query: Option<&'a str>,
}

/// Computes the version 1 key. `registrable_domain` returns a domain's
/// registrable domain from the Public Suffix List (with its private
/// section), or `None` for a name that has none.
pub(crate) fn key_v1<'h>(
    parts: &KeyParts<'h>,
    registrable_domain: impl FnOnce(&'h str) -> Option<&'h str>,
) -> String {
    let mut out = String::with_capacity(
        parts.scheme.len()
            + 3
            + parts.host.map_or(0, str::len)
            + 1
            + parts.port.len()
            + parts.path.len()
            + parts.query.map_or(0, |q| q.len() + 1),
    );
    // Step 7: an opaque path has no host to reduce.
    if parts.opaque_path {
        out.push_str(parts.scheme);
        out.push(':');
        push_ascii_lowercase(&mut out, parts.path);
        return out;
    }
    // Step 1: the scheme, except http and https.
    if !parts.web_scheme {
        out.push_str(parts.scheme);
        out.push(':');
        if parts.host.is_some() {
            out.push_str("//");
        }
    }
    // Step 2: the registrable domain; IP addresses, opaque hosts and public
    // suffixes stay whole. A root dot is dropped.
    if let Some(host) = parts.host {
        if parts.host_is_domain {
            let name = host.strip_suffix('.').unwrap_or(host);
            out.push_str(registrable_domain(name).unwrap_or(name));
        } else {
            out.push_str(host);
        }
    }
    // Step 3: a port that is not the default (the serializer already left the
    // default out).
    if !parts.port.is_empty() {
        out.push(':');
        out.push_str(parts.port);
    }
    // Step 4: the path.
    push_normalized_path(&mut out, parts.path);
    // Step 5: the query's parameters, sorted, empty ones dropped.
    if let Some(query) = parts.query {
        push_sorted_query(&mut out, query);
    }
    // Step 6: credentials and fragment are never read.
    out
}

fn push_ascii_lowercase(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    if let Some(tail) = out.get_mut(start..) {
        tail.make_ascii_lowercase();
    }
}

/// Whether `b` is an unreserved character of RFC 3986 §2.3: its escape
/// means the same as the character itself.
pub(crate) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// The path rules of key V1 (step 4 of the key in `docs/web.md`), one at a
/// time, in the order the key applies them.
///
/// The key applies them all in one pass (a test checks that this equals
/// applying these one by one, in order); a report that explains why two
/// paths give the same key applies them one by one to name the rule that
/// makes them equal.
///
/// ```
/// use onecontact::PathRule;
///
/// assert_eq!(PathRule::Escapes.apply("/%7Euser/%2f"), "/~user/%2F");
/// assert_eq!(PathRule::Case.apply("/About/%2F"), "/about/%2F");
/// assert_eq!(PathRule::Slashes.apply("//a///b"), "/a/b");
/// assert_eq!(PathRule::DefaultDocument.apply("/docs/index.html"), "/docs/");
/// assert_eq!(PathRule::TrailingSlash.apply("/docs/"), "/docs");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathRule {
    /// Escapes of unreserved characters decoded; the hex digits of other
    /// escapes uppercased.
    Escapes,
    /// ASCII letters lowercased, except the hex digits of an escape.
    Case,
    /// Runs of `/` collapsed to one.
    Slashes,
    /// A final segment that is a default document dropped (ASCII case
    /// ignored).
    DefaultDocument,
    /// A trailing `/` dropped (so `/` alone gives nothing).
    TrailingSlash,
}

impl PathRule {
    /// Every rule, in key V1's order.
    #[cfg(test)]
    const ALL: [PathRule; 5] = [
        PathRule::Escapes,
        PathRule::Case,
        PathRule::Slashes,
        PathRule::DefaultDocument,
        PathRule::TrailingSlash,
    ];

    /// `path` with this rule applied.
    pub fn apply(self, path: &str) -> String {
        match self {
            PathRule::Escapes => decode_unreserved_escapes(path),
            PathRule::Case => {
                let mut out = String::with_capacity(path.len());
                let bytes = path.as_bytes();
                let mut i = 0;
                for (at, c) in path.char_indices() {
                    if at < i {
                        continue;
                    }
                    let escape = c == '%'
                        && bytes.get(at + 1).copied().and_then(hex_value).is_some()
                        && bytes.get(at + 2).copied().and_then(hex_value).is_some();
                    if escape {
                        out.push_str(path.get(at..at + 3).unwrap_or_gigo());
                        i = at + 3;
                    } else {
                        out.push(c.to_ascii_lowercase());
                    }
                }
                out
            }
            PathRule::Slashes => {
                let mut out = String::with_capacity(path.len());
                for c in path.chars() {
                    if !(c == '/' && out.ends_with('/')) {
                        out.push(c);
                    }
                }
                out
            }
            PathRule::DefaultDocument => match path.rfind('/') {
                Some(slash)
                    if path.get(slash + 1..).is_some_and(|last| {
                        DEFAULT_DOCUMENTS
                            .iter()
                            .any(|d| d.eq_ignore_ascii_case(last))
                    }) =>
                {
                    path.get(..=slash).unwrap_or_gigo().to_owned()
                }
                _ => path.to_owned(),
            },
            PathRule::TrailingSlash => path.strip_suffix('/').unwrap_or(path).to_owned(),
        }
    }
}

/// [`PathRule::Escapes`]: each well-formed `%XX` escape of an unreserved
/// character decoded, the hex digits of the others uppercased.
///
/// Decoding can put a hex digit after a `%` that was not an escape
/// (`%0%41` gives `%0A`). Key V1 reads that `%` as a plain byte and
/// lowercases the decoded letter, but [`PathRule::Case`] would take `%0A`
/// for an escape and keep its case; so the letters of such a new `%XX`
/// are lowercased here, which the key would do anyway.
fn decode_unreserved_escapes(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    // Where `out` holds an escape of the input, by its `%`.
    let mut kept_escapes = Vec::new();
    let mut i = 0;
    for (at, c) in path.char_indices() {
        if at < i {
            continue;
        }
        if c == '%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(at + 1).copied().and_then(hex_value),
                bytes.get(at + 2).copied().and_then(hex_value),
            )
        {
            let value = hi << 4 | lo;
            if is_unreserved(value) {
                out.push(char::from(value));
            } else {
                kept_escapes.push(out.len());
                out.push('%');
                out.push(char::from(upper_hex(hi)));
                out.push(char::from(upper_hex(lo)));
            }
            i = at + 3;
        } else {
            out.push(c);
        }
    }
    // The `%XX` that `PathRule::Case` will see, found as it finds them;
    // those that are not escapes of the input are new.
    // Both lists ascend, so one pass over each (linear in the path).
    let mut kept = kept_escapes.iter().peekable();
    let mut at = 0;
    while let Some(percent) = out.get(at..).and_then(|rest| rest.find('%')) {
        let start = at + percent;
        let looks_escaped = out
            .as_bytes()
            .get(start + 1..start + 3)
            .is_some_and(|digits| digits.iter().all(|&b| hex_value(b).is_some()));
        if !looks_escaped {
            at = start + 1;
            continue;
        }
        while kept.next_if(|&&k| k < start).is_some() {}
        if kept.peek() != Some(&&start)
            && let Some(digits) = out.get_mut(start + 1..start + 3)
        {
            digits.make_ascii_lowercase();
        }
        at = start + 3;
    }
    out
}

/// Appends the key form of `path` (step 4): ASCII letters lowercased;
/// escapes of unreserved characters decoded (a decoded letter is lowercased
/// too) and the hex digits of other escapes uppercased; runs of `/`
/// collapsed; a final segment that is a default document dropped; a
/// trailing `/` dropped, so `/` alone gives nothing.
pub(crate) fn push_normalized_path(out: &mut String, path: &str) {
    if path.is_empty() || path == "/" {
        // Both give nothing.
        return;
    }
    // One pass for the common case: no escape and no repeated `/`, so only
    // lowercasing and the end of the path are left to decide.
    push_scanned_path::<true>(out, path, PathScan::of(path.as_bytes()));
}

/// Key V2's path (step 4 without lowercasing): escapes as in
/// [`push_normalized_path`], the decoded letters keeping their case; runs
/// of `/` collapsed; a final default document (any case) and a trailing
/// `/` dropped.
pub(crate) fn push_normalized_path_keeping_case(out: &mut String, path: &str) {
    if path.is_empty() || path == "/" {
        return;
    }
    push_scanned_path::<false>(out, path, PathScan::of(path.as_bytes()));
}

/// [`push_normalized_path`] of a path (neither empty nor `/`) whose
/// [`PathScan`] is known.
#[inline(always)]
pub(crate) fn push_scanned_path<const LOWER: bool>(out: &mut String, path: &str, scan: PathScan) {
    let bytes = path.as_bytes();
    if !scan.plain {
        push_escaped_path_and_trim::<LOWER>(out, path);
        return;
    }
    let mut end = bytes.len();
    if let Some(segment_start) = default_document_start(path) {
        end = segment_start;
    }
    if end > 0 && bytes.get(end - 1) == Some(&b'/') {
        end -= 1;
    }
    let at = out.len();
    out.push_str(path.get(..end).unwrap_or_gigo());
    if LOWER
        && scan.upper
        && let Some(appended) = out.get_mut(at..)
    {
        appended.make_ascii_lowercase();
    }
}

/// What one pass over a path finds, eight bytes per step with word
/// arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PathScan {
    /// No `%` and no `//` anywhere: only lowercasing and the end of the
    /// path are left to decide.
    pub(crate) plain: bool,
    /// Some byte is an ASCII uppercase letter.
    pub(crate) upper: bool,
}

impl PathScan {
    fn of(bytes: &[u8]) -> PathScan {
        // The high bit of each byte that is a `%` or the second `/` of `//`.
        let mut bad = 0u64;
        let mut upper = 0u64;
        // The high bit of byte 0 when the byte before the word is a `/`.
        let mut slash_before = 0u64;
        let mut look = |word: u64| {
            let slashes = bytes_equal(word, b'/');
            bad |= bytes_equal(word, b'%') | (slashes & ((slashes >> 8) | slash_before));
            upper |= ascii_upper(word);
            slash_before = (slashes >> 63) << 7;
        };
        let mut chunks = bytes.chunks_exact(8);
        for chunk in chunks.by_ref() {
            look(u64::from_le_bytes(
                <[u8; 8]>::try_from(chunk).unwrap_or_default(),
            ));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // The last bytes as one word whose byte `k` is `bytes[at + k]`,
            // zero above them (a zero byte is none of the bytes looked for):
            // the final eight bytes with those already read shifted out, or
            // the bytes themselves when there are fewer than eight.
            let word = match bytes
                .len()
                .checked_sub(8)
                .and_then(|from| bytes.get(from..))
            {
                Some(tail) => {
                    u64::from_le_bytes(<[u8; 8]>::try_from(tail).unwrap_or_default())
                        >> (8 * (8 - rest.len()))
                }
                None => rest
                    .iter()
                    .rev()
                    .fold(0u64, |word, &b| word << 8 | u64::from(b)),
            };
            look(word);
        }
        PathScan {
            plain: bad == 0,
            upper: upper != 0,
        }
    }
}

/// Where the last segment of `path` starts when it is one of
/// [`DEFAULT_DOCUMENTS`] (ASCII case ignored): only a segment of 9 to 12
/// bytes can be, so only the four places such a segment's `/` can be are
/// looked at.
#[inline]
pub(crate) fn default_document_start(path: &str) -> Option<usize> {
    let bytes = path.as_bytes();
    (9..=12).find_map(|len| {
        let start = bytes.len().checked_sub(len)?;
        (start > 0 && bytes.get(start - 1) == Some(&b'/'))
            .then(|| path.get(start..))
            .flatten()
            .filter(|segment| is_default_document(segment))
            .map(|_| start)
    })
}

/// Whether `segment` is one of [`DEFAULT_DOCUMENTS`], ignoring ASCII case.
pub(crate) fn is_default_document(segment: &str) -> bool {
    (9..=12).contains(&segment.len())
        && DEFAULT_DOCUMENTS
            .iter()
            .any(|doc| doc.eq_ignore_ascii_case(segment))
}

/// The general case of [`push_normalized_path`]: the character rules, then
/// the default document and the trailing `/`.
fn push_escaped_path_and_trim<const LOWER: bool>(out: &mut String, path: &str) {
    let start = out.len();
    push_escaped_path::<LOWER>(out, path);
    let last_slash = out.get(start..).and_then(|p| p.rfind('/'));
    if let Some(slash) = last_slash {
        let segment_start = start + slash + 1;
        if out.get(segment_start..).is_some_and(|segment| {
            if LOWER {
                DEFAULT_DOCUMENTS.contains(&segment)
            } else {
                is_default_document(segment)
            }
        }) {
            out.truncate(segment_start);
        }
    }
    if out.len() > start && out.ends_with('/') {
        out.pop();
    }
}

/// Step 4's character rules for a path with escapes or repeated slashes.
fn push_escaped_path<const LOWER: bool>(out: &mut String, path: &str) {
    let bytes = path.as_bytes();
    // Bytes are copied in runs; a run ends at an escape or a repeated `/`.
    let mut run = 0usize;
    let mut i = 0usize;
    let mut after_slash = false;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'%' => {
                let hi = bytes.get(i + 1).copied().and_then(hex_value);
                let lo = bytes.get(i + 2).copied().and_then(hex_value);
                after_slash = false;
                let (Some(hi), Some(lo)) = (hi, lo) else {
                    // A lone `%` is copied like any other byte.
                    i += 1;
                    continue;
                };
                push_lowercase_run::<LOWER>(out, path, run, i);
                let value = hi * 16 + lo;
                if is_unreserved(value) {
                    out.push(char::from(if LOWER {
                        value.to_ascii_lowercase()
                    } else {
                        value
                    }));
                } else {
                    out.push('%');
                    out.push(char::from(upper_hex(hi)));
                    out.push(char::from(upper_hex(lo)));
                }
                i += 3;
                run = i;
            }
            b'/' if after_slash => {
                push_lowercase_run::<LOWER>(out, path, run, i);
                i += 1;
                run = i;
            }
            b'/' => {
                after_slash = true;
                i += 1;
            }
            _ => {
                after_slash = false;
                i += 1;
            }
        }
    }
    push_lowercase_run::<LOWER>(out, path, run, bytes.len());
}

/// Appends `text[from..to]` with its ASCII letters lowercased. Runs end at
/// ASCII bytes, so both ends are character boundaries.
fn push_lowercase_run<const LOWER: bool>(out: &mut String, text: &str, from: usize, to: usize) {
    if to <= from {
        return;
    }
    let at = out.len();
    out.push_str(text.get(from..to).unwrap_or_gigo());
    if LOWER && let Some(appended) = out.get_mut(at..) {
        appended.make_ascii_lowercase();
    }
}

pub(crate) fn upper_hex(nibble: u8) -> u8 {
    if nibble < 10 {
        b'0' + nibble
    } else {
        b'A' + nibble - 10
    }
}

/// Appends `?` and the query's non-empty `&`-separated parameters sorted
/// by code unit and joined with `&`, or nothing when no parameter is left.
///
/// A serialized query is ASCII, so byte order is code-unit order.
pub(crate) fn push_sorted_query(out: &mut String, query: &str) {
    push_sorted_params(out, query.split('&').filter(|p| !p.is_empty()));
}

/// Appends `?` and `params` sorted by code unit and joined with `&`, or
/// nothing when there are none.
pub(crate) fn push_sorted_params<'q>(out: &mut String, params: impl Iterator<Item = &'q str>) {
    const INLINE: usize = 16;
    let mut inline: [&str; INLINE] = [""; INLINE];
    let mut count = 0usize;
    let mut spilled: Vec<&str> = Vec::new();
    for param in params {
        if let Some(slot) = inline.get_mut(count) {
            *slot = param;
        } else {
            if spilled.is_empty() {
                spilled.extend_from_slice(&inline);
            }
            spilled.push(param);
        }
        count += 1;
    }
    let params: &mut [&str] = if spilled.is_empty() {
        inline.get_mut(..count).unwrap_or_gigo()
    } else {
        &mut spilled
    };
    if params.is_empty() {
        return;
    }
    params.sort_unstable_by(|a, b| cmp_utf16(a, b));
    out.push('?');
    for (n, param) in params.iter().enumerate() {
        if n > 0 {
            out.push('&');
        }
        out.push_str(param);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default document found from the path's end is the last segment
    /// when that segment is one, in any case, at every length around the
    /// documents' lengths.
    #[test]
    fn default_document_start_is_the_last_segment() {
        let mut paths = Vec::new();
        for doc in DEFAULT_DOCUMENTS {
            for prefix in ["", "/", "/a/", "//", "/x/y/z/", "/index.html/", "/é/"] {
                paths.push(format!("{prefix}{doc}"));
                paths.push(format!("{prefix}{}", doc.to_ascii_uppercase()));
                paths.push(format!("{prefix}x{doc}"));
                paths.push(format!("{prefix}{doc}x"));
                paths.push(format!("{prefix}{}", &doc[1..]));
            }
        }
        for path in &paths {
            let want = path
                .rfind('/')
                .filter(|&slash| is_default_document(&path[slash + 1..]))
                .map(|slash| slash + 1);
            assert_eq!(default_document_start(path), want, "{path}");
        }
        assert_eq!(default_document_start("/a/index.html"), Some(3));
        assert_eq!(default_document_start("index.html"), None);
    }

    /// The word-at-a-time scan against a byte-at-a-time one, over strings
    /// of up to 19 bytes drawn from `/`, `%`, `a`, `Z`, `@`, `[` and a
    /// non-ASCII byte (so every chunk boundary and the overlapped last word
    /// see every neighbour pair, and the letters' range ends are crossed).
    #[test]
    fn path_scan_matches_a_byte_scan() {
        fn naive(bytes: &[u8]) -> PathScan {
            let mut plain = true;
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'%' || (b == b'/' && i > 0 && bytes.get(i - 1) == Some(&b'/')) {
                    plain = false;
                }
            }
            PathScan {
                plain,
                upper: bytes.iter().any(u8::is_ascii_uppercase),
            }
        }
        let alphabet = [b'/', b'%', b'a', b'Z', b'@', b'[', 0xc3, b'A'];
        for len in 0..=19usize {
            for seed in 0..600u64 {
                let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ len as u64;
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // `%` and the letters rarely, so that long strings
                        // without them occur.
                        let pick = (x % 32) as usize;
                        match pick {
                            0 => b'%',
                            1..=10 => b'/',
                            11 => alphabet[3 + (x as usize >> 8) % 5],
                            _ => b'a',
                        }
                    })
                    .collect();
                assert_eq!(
                    PathScan::of(&bytes),
                    naive(&bytes),
                    "{:?}",
                    String::from_utf8_lossy(&bytes)
                );
            }
        }
    }

    fn path(p: &str) -> String {
        let mut out = String::new();
        push_normalized_path(&mut out, p);
        out
    }

    fn query(q: &str) -> String {
        let mut out = String::new();
        push_sorted_query(&mut out, q);
        out
    }

    #[test]
    fn path_letters_are_lowercased() {
        assert_eq!(path("/About/Team"), "/about/team");
    }

    #[test]
    fn unreserved_escapes_are_decoded_and_others_uppercased() {
        assert_eq!(path("/%7euser/%41b"), "/~user/ab");
        assert_eq!(path("/a%2Db%5fc%2e"), "/a-b_c.");
        assert_eq!(path("/a%2fb%c3%a9"), "/a%2Fb%C3%A9");
        assert_eq!(path("/100%"), "/100%");
        assert_eq!(path("/%zz%4"), "/%zz%4");
        assert_eq!(path("/%20x"), "/%20x");
    }

    #[test]
    fn slashes_collapse_and_trailing_slash_goes() {
        assert_eq!(path("/"), "");
        assert_eq!(path(""), "");
        assert_eq!(path("//"), "");
        assert_eq!(path("/a//b///c/"), "/a/b/c");
        assert_eq!(path("//a%41//%42/"), "/aa/b");
        assert_eq!(path("/É/ü%"), "/É/ü%");
    }

    #[test]
    fn default_documents_are_dropped() {
        for doc in DEFAULT_DOCUMENTS {
            assert_eq!(path(&format!("/{doc}")), "");
            assert_eq!(path(&format!("/a/{doc}")), "/a");
        }
        assert_eq!(path("/Docs/Index.HTML"), "/docs");
        assert_eq!(path("/%69ndex.php"), "");
        assert_eq!(path("/index.html/"), "/index.html");
        assert_eq!(path("/index.html/x"), "/index.html/x");
        assert_eq!(path("/myindex.html"), "/myindex.html");
        assert_eq!(path("/index.jsp"), "/index.jsp");
    }

    /// The rules of step 4 written plainly, one character at a time.
    fn reference_path(path: &str) -> String {
        let mut out = String::new();
        let chars: Vec<char> = path.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let hex = |n: usize| chars.get(n).and_then(|c| c.to_digit(16));
            if c == '%'
                && let (Some(hi), Some(lo)) = (hex(i + 1), hex(i + 2))
            {
                let value = (hi * 16 + lo) as u8;
                if value.is_ascii_alphanumeric() || b"-._~".contains(&value) {
                    out.push(char::from(value).to_ascii_lowercase());
                } else {
                    out.push_str(&format!("%{value:02X}"));
                }
                i += 3;
                continue;
            }
            if c == '/' && out.ends_with('/') {
                i += 1;
                continue;
            }
            out.push(c.to_ascii_lowercase());
            i += 1;
        }
        if let Some(slash) = out.rfind('/')
            && DEFAULT_DOCUMENTS.contains(&&out[slash + 1..])
        {
            out.truncate(slash + 1);
        }
        if out.ends_with('/') {
            out.pop();
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn path_normalization_matches_the_plain_reference(p in "(/|%|[0-9a-fA-F]|[gG.~_-]|é|index\\.html){0,24}") {
            proptest::prop_assert_eq!(path(&p), reference_path(&p));
        }

        #[test]
        fn the_rules_one_by_one_give_the_key_path(p in "(/|%|[0-9a-fA-F]|[gG.~_-]|é|index\\.html|INDEX\\.HTML){0,24}") {
            let one_by_one = PathRule::ALL.iter().fold(p.clone(), |path, rule| rule.apply(&path));
            proptest::prop_assert_eq!(path(&p), one_by_one);
        }
    }

    #[test]
    fn each_rule() {
        assert_eq!(
            PathRule::Escapes.apply("/a/%7Euser/%2f/%41"),
            "/a/~user/%2F/A"
        );
        assert_eq!(PathRule::Escapes.apply("/é%"), "/é%");
        // A decoded hex digit after a `%` that was no escape: the new `%XX`
        // is lowercased, as the key lowercases it.
        assert_eq!(PathRule::Escapes.apply("%0%41"), "%0a");
        assert_eq!(PathRule::Escapes.apply("%A%41/%2f"), "%aa/%2F");
        assert_eq!(path("%0%41"), "%0a");
        assert_eq!(PathRule::Case.apply("/A/%2f/B"), "/a/%2f/b");
        assert_eq!(PathRule::Slashes.apply("//a///b/"), "/a/b/");
        assert_eq!(PathRule::DefaultDocument.apply("/a/Index.HTML"), "/a/");
        assert_eq!(PathRule::DefaultDocument.apply("/a/b.html"), "/a/b.html");
        assert_eq!(PathRule::TrailingSlash.apply("/docs/"), "/docs");
        assert_eq!(PathRule::TrailingSlash.apply("/"), "");
    }

    #[test]
    fn default_document_lengths_are_within_the_quick_check() {
        for doc in DEFAULT_DOCUMENTS {
            assert!(is_default_document(doc), "{doc}");
            assert!(is_default_document(&doc.to_ascii_uppercase()), "{doc}");
        }
        assert!(!is_default_document("index.txt"));
    }

    #[test]
    fn query_params_are_sorted_and_empty_ones_dropped() {
        assert_eq!(query("b=2&a=1"), "?a=1&b=2");
        assert_eq!(query("&&b&&a=&"), "?a=&b");
        assert_eq!(query(""), "");
        assert_eq!(query("&"), "");
        assert_eq!(query("B=1&a=1&_=1"), "?B=1&_=1&a=1");
        assert_eq!(query("x=1&x=0"), "?x=0&x=1");
    }

    #[test]
    fn many_query_params_spill_to_the_heap_and_still_sort() {
        let q: Vec<String> = (0..40).rev().map(|n| format!("p{n:02}")).collect();
        let sorted: Vec<String> = (0..40).map(|n| format!("p{n:02}")).collect();
        assert_eq!(query(&q.join("&")), format!("?{}", sorted.join("&")));
    }

    fn parts<'a>(scheme: &'a str, host: Option<&'a str>, path: &'a str) -> KeyParts<'a> {
        KeyParts {
            scheme,
            web_scheme: matches!(scheme, "http" | "https"),
            host,
            host_is_domain: true,
            port: "",
            path,
            opaque_path: false,
            query: None,
        }
    }

    #[test]
    fn scheme_is_left_out_for_http_and_https_only() {
        fn reg(d: &str) -> Option<&str> {
            Some(d)
        }
        assert_eq!(key_v1(&parts("https", Some("a.com"), "/"), reg), "a.com");
        assert_eq!(key_v1(&parts("http", Some("a.com"), "/"), reg), "a.com");
        assert_eq!(
            key_v1(&parts("ftp", Some("a.com"), "/x"), reg),
            "ftp://a.com/x"
        );
        assert_eq!(key_v1(&parts("foo", None, "/x"), reg), "foo:/x");
    }

    #[test]
    fn opaque_paths_are_scheme_colon_lowercased_path() {
        let p = KeyParts {
            opaque_path: true,
            query: Some("Subject=Hi"),
            ..parts("mailto", None, "Info@Example.COM")
        };
        assert_eq!(key_v1(&p, |_| None), "mailto:info@example.com");
    }

    #[test]
    fn host_reduction_port_and_query() {
        let p = KeyParts {
            port: "8080",
            query: Some("b=1&a=2"),
            ..parts("https", Some("www.example.co.uk."), "/A/")
        };
        let key = key_v1(&p, |d| {
            assert_eq!(d, "www.example.co.uk");
            d.get(4..)
        });
        assert_eq!(key, "example.co.uk:8080/a?a=2&b=1");
        let ip = KeyParts {
            host_is_domain: false,
            ..parts("https", Some("[::1]"), "/")
        };
        assert_eq!(key_v1(&ip, |_| unreachable!()), "[::1]");
        let suffix = parts("https", Some("co.uk"), "/");
        assert_eq!(key_v1(&suffix, |_| None), "co.uk");
    }
}
