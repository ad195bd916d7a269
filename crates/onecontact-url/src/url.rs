//! The [`Url`] type: one serialization plus offsets, so that every getter is a
//! slice of the stored string.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::host::{Host, HostKind};
use crate::scheme::SchemeType;
use crate::validation::ParseError;

/// Marks an absent query or fragment in the offset fields.
pub(crate) const NONE: u32 = u32::MAX;

/// A parsed URL (a URL record of the WHATWG URL Standard), stored as its
/// serialization (the `href`) and the offsets of its components.
///
/// Layout of `serialization`:
///
/// ```text
/// scheme ":" [ "//" [ username [ ":" password ] "@" ] host [ ":" port ] ] [ "/." ] path [ "?" query ] [ "#" fragment ]
///        ^scheme_end        ^username_end          ^host_start ^host_end        ^path_start ^query_start ^fragment_start
/// ```
///
/// When the host is null, `username_end`, `host_start` and `host_end` all
/// equal `scheme_end + 1`, and `path_start` skips the `/.` that the serializer
/// inserts before a path starting with `//`.
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    pub(crate) scheme_end: u32,
    pub(crate) username_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) query_start: u32,
    pub(crate) fragment_start: u32,
    pub(crate) port: Option<u16>,
    pub(crate) host_kind: HostKind,
    pub(crate) scheme_type: SchemeType,
}

#[inline(always)]
pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE - 1)
}

impl Url {
    #[inline(always)]
    pub(crate) fn slice(&self, start: u32, end: u32) -> &str {
        self.serialization
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }

    #[inline(always)]
    pub(crate) fn len32(&self) -> u32 {
        to_u32(self.serialization.len())
    }

    #[inline(always)]
    pub(crate) fn byte_at(&self, i: u32) -> Option<u8> {
        self.serialization.as_bytes().get(i as usize).copied()
    }

    /// End of the path: start of the query or fragment, or the end.
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        if self.query_start != NONE {
            self.query_start
        } else if self.fragment_start != NONE {
            self.fragment_start
        } else {
            self.len32()
        }
    }

    /// End of the query (or of the path when there is no query).
    #[inline]
    pub(crate) fn query_end(&self) -> u32 {
        if self.fragment_start != NONE {
            self.fragment_start
        } else {
            self.len32()
        }
    }

    /// Whether the host is non-null (the serialization has `//`).
    #[inline]
    pub(crate) fn has_authority(&self) -> bool {
        self.host_kind != HostKind::None
    }

    /// Where the text after the host and port begins, before any `/.`.
    #[inline]
    pub(crate) fn authority_end(&self) -> u32 {
        match self.port {
            Some(_) => self.path_start,
            None => self.host_end,
        }
    }

    /// Whether the URL includes credentials (non-empty username or password).
    #[inline]
    pub(crate) fn includes_credentials(&self) -> bool {
        self.has_authority() && self.host_start > self.scheme_end + 3
    }

    /// The serialization: the whole URL as a string (JavaScript `href`).
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// Same as [`Url::href`].
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// Consumes the URL, returning its serialization.
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The scheme followed by `:` (JavaScript `protocol`), e.g. `"https:"`.
    #[inline]
    pub fn protocol(&self) -> &str {
        self.slice(0, self.scheme_end + 1)
    }

    /// The scheme, lowercase, without `:`.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end)
    }

    /// Whether the scheme is special (`ftp`, `file`, `http`, `https`, `ws`, `wss`).
    #[inline]
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// The username, percent-encoded; empty when there is none.
    #[inline]
    pub fn username(&self) -> &str {
        if self.has_authority() {
            self.slice(self.scheme_end + 3, self.username_end)
        } else {
            ""
        }
    }

    /// The password, percent-encoded; empty when there is none.
    #[inline]
    pub fn password(&self) -> &str {
        if self.has_authority() && self.byte_at(self.username_end) == Some(b':') {
            self.slice(self.username_end + 1, self.host_start - 1)
        } else {
            ""
        }
    }

    /// The serialized host and, if any, `:` and the port (JavaScript `host`);
    /// empty when the host is null.
    #[inline]
    pub fn host_str(&self) -> &str {
        if self.has_authority() {
            self.slice(self.host_start, self.path_start)
        } else {
            ""
        }
    }

    /// The serialized host (JavaScript `hostname`): IPv6 in brackets, empty
    /// when the host is null or empty.
    #[inline]
    pub fn hostname(&self) -> &str {
        self.slice(self.host_start, self.host_end)
    }

    /// The host, typed; `None` when the host is null.
    pub fn host(&self) -> Option<Host<&str>> {
        Host::from_url_parts(self.host_kind, self.hostname())
    }

    /// The kind of host as a borrowed [`Host`]; same as [`Url::host`].
    pub fn host_kind(&self) -> Option<Host<&str>> {
        self.host()
    }

    /// Whether the URL has a (possibly empty) host.
    pub fn has_host(&self) -> bool {
        self.has_authority()
    }

    /// The port as written in the serialization (JavaScript `port`); empty
    /// when the port is null (absent or the scheme's default).
    #[inline]
    pub fn port(&self) -> &str {
        if self.port.is_some() {
            self.slice(self.host_end + 1, self.path_start)
        } else {
            ""
        }
    }

    /// The port number; `None` when absent or equal to the scheme's default.
    #[inline]
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// The port, or the scheme's default port when none is given.
    pub fn port_or_default(&self) -> Option<u16> {
        self.port.or_else(|| self.scheme_type.default_port())
    }

    /// The serialized path (JavaScript `pathname`).
    #[inline]
    pub fn pathname(&self) -> &str {
        self.slice(self.path_start, self.path_end())
    }

    /// Same as [`Url::pathname`].
    #[inline]
    pub fn path(&self) -> &str {
        self.pathname()
    }

    /// Whether the path is opaque (a single string, as in `mailto:a@b` or
    /// `data:,x`) rather than a list of segments.
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        !self.has_authority() && self.byte_at(self.path_start) != Some(b'/')
    }

    /// The path segments (percent-encoded), or `None` for an opaque path.
    /// An empty path (possible for URLs that are not special) has no segments.
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("https://a.example/x/y%20z/").unwrap();
    /// let segments: Vec<&str> = url.path_segments().unwrap().collect();
    /// assert_eq!(segments, ["x", "y%20z", ""]);
    /// let url = onecontact_url::Url::parse("sc://host").unwrap();
    /// assert_eq!(url.path_segments().unwrap().count(), 0);
    /// ```
    pub fn path_segments(&self) -> Option<impl Iterator<Item = &str>> {
        if self.has_opaque_path() {
            return None;
        }
        Some(
            self.pathname()
                .strip_prefix('/')
                .into_iter()
                .flat_map(|p| p.split('/')),
        )
    }

    /// `?` and the query (JavaScript `search`); empty when the query is null or empty.
    #[inline]
    pub fn search(&self) -> &str {
        if self.query_start == NONE {
            return "";
        }
        let end = self.query_end();
        if end == self.query_start + 1 {
            ""
        } else {
            self.slice(self.query_start, end)
        }
    }

    /// The query without `?`; `None` when the query is null.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        if self.query_start == NONE {
            None
        } else {
            Some(self.slice(self.query_start + 1, self.query_end()))
        }
    }

    /// The query's name-value pairs (JavaScript `url.searchParams`), as a
    /// [`SearchParams`](crate::search_params::SearchParams) list; empty when
    /// the query is null. Edit the list, then write it back with
    /// [`set_search_params`](Url::set_search_params).
    ///
    /// ```
    /// use onecontact_url::Url;
    ///
    /// let url = Url::parse("https://example.com/?q=caf%C3%A9+au+lait&q=2")?;
    /// let params = url.search_params();
    /// assert_eq!(params.get("q"), Some("café au lait"));
    /// assert_eq!(params.get_all("q").count(), 2);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn search_params(&self) -> crate::search_params::SearchParams {
        crate::search_params::SearchParams::from_query(self.query().unwrap_or_default())
    }

    /// `#` and the fragment (JavaScript `hash`); empty when the fragment is null or empty.
    #[inline]
    pub fn hash(&self) -> &str {
        if self.fragment_start == NONE || self.fragment_start + 1 == self.len32() {
            ""
        } else {
            self.slice(self.fragment_start, self.len32())
        }
    }

    /// The fragment without `#`; `None` when the fragment is null.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        if self.fragment_start == NONE {
            None
        } else {
            Some(self.slice(self.fragment_start + 1, self.len32()))
        }
    }

    /// The serialization without the fragment (the URL serializer with
    /// *exclude fragment* set).
    pub fn without_fragment(&self) -> &str {
        self.slice(0, self.query_end())
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port)
            .field("path", &self.pathname())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Self) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.serialization.hash(state);
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Self) -> Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl FromStr for Url {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}
