//! The components of a URL already in serialized form, found in one scan
//! without building the URL.
//!
//! [`serialized`] accepts exactly the texts that [`Url::parse`] takes by
//! its fast path: a special URL whose serialization is the text itself, up
//! to ASCII case in the scheme and host and the `/` of an empty path (no
//! credentials, no tabs or newlines, nothing to percent-encode, no dot
//! segments, no default port, a host that is a plain ASCII domain). For such
//! a text it reports where each component is and what the parser would
//! have decided, and allocates nothing; for any other text it returns
//! `None`, and the caller parses.
//!
//! ```
//! use onecontact_url::{Url, scan};
//!
//! let text = "HTTPS://Example.com:8443/a?q=1#top";
//! let found = scan::serialized(text).unwrap();
//! let url = Url::parse(text).unwrap();
//! assert_eq!(found.scheme(), url.scheme());
//! assert_eq!(found.host_as_written(), "Example.com");
//! assert!(found.host_has_uppercase());
//! assert_eq!(found.port(), Some("8443"));
//! assert_eq!(found.path(), url.path());
//! assert_eq!(found.query(), url.query());
//! assert_eq!(found.fragment(), url.fragment());
//! // What the fast path does not take is left to the parser.
//! assert!(scan::serialized("https://user@example.com/").is_none());
//! ```
//!
//! [`Url::parse`]: crate::Url::parse

use core::ops::Range;

use crate::gigo::Gigo;
use crate::host::HostKind;
use crate::parser::MAX_INPUT;
use crate::parser::fast::{self, FastParts, PathFacts};
use crate::scheme::SchemeType;

/// Where the components of a URL in serialized form are, and what the
/// parser decides about them, for a text [`serialized`] accepted.
#[derive(Debug, Clone, Copy)]
pub struct Scanned<'a> {
    /// The text scanned (after the scheme put in front by [`after_scheme`]).
    text: &'a str,
    /// The offsets in `text` and the parser's decisions.
    parts: FastParts,
    /// What the scan saw in the path.
    path: PathFacts,
}

/// Scans `text`, a URL that may be in serialized form (see the module
/// documentation); `None` when the parser must run.
#[inline]
pub fn serialized(text: &str) -> Option<Scanned<'_>> {
    if text.len() > MAX_INPUT {
        return None;
    }
    let mut path = PathFacts::default();
    let parts = fast::scan_with_facts(text, &mut path)?;
    Some(Scanned { text, parts, path })
}

/// A special scheme that [`after_scheme`] can put in front of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpecialScheme {
    /// `http`
    Http,
    /// `https`
    Https,
}

/// Scans `text` as what follows `scheme://`: the text `https://` + `text`
/// would be, without building it; offsets and components are in `text`.
///
/// ```
/// use onecontact_url::scan::{self, SpecialScheme};
///
/// let found = scan::after_scheme(SpecialScheme::Https, "www.example.com/a").unwrap();
/// assert_eq!(found.scheme(), "https");
/// assert_eq!(found.host_as_written(), "www.example.com");
/// assert_eq!(found.path(), "/a");
/// ```
#[inline]
pub fn after_scheme(scheme: SpecialScheme, text: &str) -> Option<Scanned<'_>> {
    if text.len() > MAX_INPUT - 8 {
        return None;
    }
    let scheme_type = match scheme {
        SpecialScheme::Http => SchemeType::Http,
        SpecialScheme::Https => SchemeType::Https,
    };
    let mut path = PathFacts::default();
    let parts = fast::scan_after_scheme::<true>(text.as_bytes(), scheme_type, 0, false, &mut path)?;
    Some(Scanned { text, parts, path })
}

impl<'a> Scanned<'a> {
    #[inline]
    fn slice(&self, range: Range<usize>) -> &'a str {
        self.text.get(range).unwrap_or_gigo()
    }

    /// The scheme, lowercase, as [`Url::scheme`](crate::Url::scheme) gives it.
    #[inline]
    pub fn scheme(&self) -> &'static str {
        match self.parts.scheme_type {
            SchemeType::Http => "http",
            SchemeType::Https => "https",
            SchemeType::Ws => "ws",
            SchemeType::Wss => "wss",
            SchemeType::Ftp => "ftp",
            SchemeType::File => "file",
            SchemeType::NotSpecial => "",
        }
    }

    /// Whether the scheme is `http` or `https`.
    #[inline]
    pub fn is_web_scheme(&self) -> bool {
        matches!(self.parts.scheme_type, SchemeType::Http | SchemeType::Https)
    }

    /// Whether the host is a domain; otherwise it is the empty host of a
    /// `file:` URL.
    #[inline]
    pub fn host_is_domain(&self) -> bool {
        self.parts.host_kind == HostKind::Domain
    }

    /// The host as written: the serialized host once ASCII letters are
    /// lowercased (see [`host_has_uppercase`](Self::host_has_uppercase)).
    #[inline]
    pub fn host_as_written(&self) -> &'a str {
        self.slice(self.parts.host_start..self.parts.host_end)
    }

    /// Whether the host (or a written scheme) has ASCII uppercase letters
    /// that the serialization lowercases.
    #[inline]
    pub fn host_has_uppercase(&self) -> bool {
        self.parts.needs_lowercase
    }

    /// The port as serialized: `None` when none is written (a default port
    /// is never accepted by the scan).
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.parts
            .port
            .map(|_| self.slice(self.parts.host_end + 1..self.parts.path_start))
    }

    /// The port's number, as [`Url::port`](crate::Url::port) gives it.
    #[inline]
    pub fn port_number(&self) -> Option<u16> {
        self.parts.port
    }

    /// The path, as [`Url::path`](crate::Url::path) gives it (`/` when none
    /// is written).
    #[inline]
    pub fn path(&self) -> &'a str {
        if self.parts.has_path {
            self.slice(self.parts.path_start..self.parts.path_end)
        } else {
            "/"
        }
    }

    /// The query without its `?`, as [`Url::query`](crate::Url::query)
    /// gives it.
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        let end = self.parts.fragment_start.unwrap_or(self.text.len());
        self.parts.query_start.map(|q| self.slice(q + 1..end))
    }

    /// The fragment without its `#`, as
    /// [`Url::fragment`](crate::Url::fragment) gives it.
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.parts
            .fragment_start
            .map(|f| self.slice(f + 1..self.text.len()))
    }

    /// Whether the path has a `%` (which may start an escape).
    #[inline]
    pub fn path_has_percent(&self) -> bool {
        self.path.percent
    }

    /// Whether the path has an empty segment after its first (a `/` that
    /// follows a `/`).
    #[inline]
    pub fn path_has_empty_segment(&self) -> bool {
        self.path.double_slash
    }

    /// Whether the path has ASCII uppercase letters.
    #[inline]
    pub fn path_has_uppercase(&self) -> bool {
        self.path.upper
    }

    /// Where the path's last `/` is, as a byte offset in
    /// [`path`](Self::path) (0 when no path is written, for the `/` of the
    /// serialization).
    #[inline]
    pub fn path_last_slash(&self) -> usize {
        self.path().rfind('/').unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// The path facts of the word-at-a-time scan against a byte search, and
    /// the scan's components against the parsed URL, over paths of up to 21
    /// bytes from `/`, `%`, `a`, `Z`, `.` (every chunk boundary and tail
    /// length).
    #[test]
    fn path_facts_match_a_byte_search() {
        let alphabet = [b'/', b'%', b'a', b'Z', b'.', b'2'];
        let mut seen = 0;
        for len in 0..=21usize {
            for seed in 0..400u64 {
                let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ len as u64;
                let path: String = core::iter::once('/')
                    .chain((0..len).map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        char::from(alphabet[(x % 6) as usize])
                    }))
                    .collect();
                for prefix in ["https://a.example", "HTTP://Ab.example:81", "ws://e.x"] {
                    let text = format!("{prefix}{path}?q#f");
                    let Some(found) = serialized(&text) else {
                        continue;
                    };
                    seen += 1;
                    let url = crate::Url::parse(&text).unwrap();
                    assert_eq!(found.path(), url.path(), "{text}");
                    assert_eq!(found.query(), url.query(), "{text}");
                    let bytes = path.as_bytes();
                    assert_eq!(found.path_has_percent(), bytes.contains(&b'%'), "{text}");
                    assert_eq!(
                        found.path_has_empty_segment(),
                        path.contains("//"),
                        "{text}"
                    );
                    assert_eq!(
                        found.path_has_uppercase(),
                        bytes.iter().any(u8::is_ascii_uppercase),
                        "{text}"
                    );
                    assert_eq!(found.path_last_slash(), path.rfind('/').unwrap(), "{text}");
                }
            }
        }
        assert!(seen > 5000, "{seen}");
    }
}
