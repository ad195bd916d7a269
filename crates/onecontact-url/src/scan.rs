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
use crate::parser::fast::{self, FastParts};
use crate::scheme::SchemeType;

/// Where the components of a URL in serialized form are, and what the
/// parser decides about them, for a text [`serialized`] accepted.
#[derive(Debug, Clone, Copy)]
pub struct Scanned<'a> {
    /// The text scanned (after the scheme put in front by [`after_scheme`]).
    text: &'a str,
    /// The offsets in `text` and the parser's decisions.
    parts: FastParts,
}

/// Scans `text`, a URL that may be in serialized form (see the module
/// documentation); `None` when the parser must run.
#[inline]
pub fn serialized(text: &str) -> Option<Scanned<'_>> {
    if text.len() > MAX_INPUT {
        return None;
    }
    let parts = fast::scan(text)?;
    Some(Scanned { text, parts })
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
    let parts = fast::scan_after_scheme(text.as_bytes(), scheme_type, 0, false)?;
    Some(Scanned { text, parts })
}

impl<'a> Scanned<'a> {
    fn slice(&self, range: Range<usize>) -> &'a str {
        self.text.get(range).unwrap_or_gigo()
    }

    /// The scheme, lowercase, as [`Url::scheme`](crate::Url::scheme) gives it.
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
    pub fn is_web_scheme(&self) -> bool {
        matches!(self.parts.scheme_type, SchemeType::Http | SchemeType::Https)
    }

    /// Whether the host is a domain; otherwise it is the empty host of a
    /// `file:` URL.
    pub fn host_is_domain(&self) -> bool {
        self.parts.host_kind == HostKind::Domain
    }

    /// The host as written: the serialized host once ASCII letters are
    /// lowercased (see [`host_has_uppercase`](Self::host_has_uppercase)).
    pub fn host_as_written(&self) -> &'a str {
        self.slice(self.parts.host_start..self.parts.host_end)
    }

    /// Whether the host (or a written scheme) has ASCII uppercase letters
    /// that the serialization lowercases.
    pub fn host_has_uppercase(&self) -> bool {
        self.parts.needs_lowercase
    }

    /// The port as serialized: `None` when none is written (a default port
    /// is never accepted by the scan).
    pub fn port(&self) -> Option<&'a str> {
        self.parts
            .port
            .map(|_| self.slice(self.parts.host_end + 1..self.parts.path_start))
    }

    /// The port's number, as [`Url::port`](crate::Url::port) gives it.
    pub fn port_number(&self) -> Option<u16> {
        self.parts.port
    }

    /// The path, as [`Url::path`](crate::Url::path) gives it (`/` when none
    /// is written).
    pub fn path(&self) -> &'a str {
        if self.parts.has_path {
            self.slice(self.parts.path_start..self.parts.path_end)
        } else {
            "/"
        }
    }

    /// The query without its `?`, as [`Url::query`](crate::Url::query)
    /// gives it.
    pub fn query(&self) -> Option<&'a str> {
        let end = self.parts.fragment_start.unwrap_or(self.text.len());
        self.parts.query_start.map(|q| self.slice(q + 1..end))
    }

    /// The fragment without its `#`, as
    /// [`Url::fragment`](crate::Url::fragment) gives it.
    pub fn fragment(&self) -> Option<&'a str> {
        self.parts
            .fragment_start
            .map(|f| self.slice(f + 1..self.text.len()))
    }
}
