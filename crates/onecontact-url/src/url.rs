//! The [`Url`] type: one serialization plus offsets, so that every getter is a
//! slice of the stored string.

use crate::prelude::*;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::gigo::Gigo;
use crate::host::{Host, HostKind, IpBits};
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
///
/// `scheme_end` and `username_end` are not stored: the scheme ends at the
/// first `:` and the (percent-encoded) username at the first `:` or `@` of
/// the userinfo, neither of which a scheme or username can hold. Whether
/// there is a port is likewise read from the offsets (text between
/// `host_end` and `path_start` of a URL with a host). That leaves room for
/// a whole IPv6 address in 64 bytes.
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) query_start: u32,
    pub(crate) fragment_start: u32,
    /// The port's value when the URL has a port (0 otherwise).
    pub(crate) port_value: u16,
    /// The address when `host_kind` is `Ipv4` or `Ipv6` (zeros otherwise),
    /// see [`IpBits`].
    pub(crate) ip: IpBits,
    pub(crate) host_kind: HostKind,
    pub(crate) scheme_type: SchemeType,
}

impl Url {
    /// An empty URL with every offset at zero, its serialization with room
    /// for `capacity` bytes: what the parser and the editing functions start
    /// from.
    pub(crate) fn empty(capacity: usize) -> Url {
        Url::empty_in(String::with_capacity(capacity))
    }

    /// [`Url::empty`] writing into `serialization` (which must be empty).
    #[inline(always)]
    pub(crate) fn empty_in(serialization: String) -> Url {
        Url {
            serialization,
            host_start: 0,
            host_end: 0,
            path_start: 0,
            query_start: NONE,
            fragment_start: NONE,
            port_value: 0,
            ip: [0; 4],
            host_kind: HostKind::None,
            scheme_type: SchemeType::NotSpecial,
        }
    }
}

#[inline(always)]
pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE - 1)
}

impl Url {
    #[inline(always)]
    pub(crate) fn slice(&self, start: u32, end: u32) -> &str {
        self.view().slice(start, end)
    }

    #[inline(always)]
    pub(crate) fn len32(&self) -> u32 {
        to_u32(self.serialization.len())
    }

    #[inline(always)]
    pub(crate) fn byte_at(&self, i: u32) -> Option<u8> {
        self.view().byte_at(i)
    }

    /// End of the path: start of the query or fragment, or the end.
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        self.view().path_end()
    }

    /// End of the query (or of the path when there is no query).
    #[inline]
    pub(crate) fn query_end(&self) -> u32 {
        self.view().query_end()
    }

    /// Where the scheme ends: the index of the first `:` (a scheme never
    /// holds one), known from the scheme type for special schemes.
    #[inline]
    pub(crate) fn scheme_end(&self) -> u32 {
        self.view().scheme_end()
    }

    /// Where the username ends: at the first `:` or `@` of the userinfo
    /// when the URL includes credentials (a percent-encoded username holds
    /// neither), else where the host starts.
    #[inline]
    pub(crate) fn username_end(&self) -> u32 {
        let user_start = self.scheme_end() + 3;
        if self.has_authority() && self.host_start > user_start {
            let userinfo = self
                .serialization
                .as_bytes()
                .get(user_start as usize..self.host_start as usize)
                .unwrap_or_gigo();
            match userinfo.iter().position(|&b| b == b':' || b == b'@') {
                Some(i) => user_start + to_u32(i),
                None => self.host_start,
            }
        } else {
            self.host_start
        }
    }

    /// Whether the URL has a port: a host followed by `:port` text.
    #[inline]
    pub(crate) fn has_port(&self) -> bool {
        self.view().has_port()
    }

    /// Where the text after the host and port begins, before any `/.`.
    #[inline]
    pub(crate) fn authority_end(&self) -> u32 {
        self.view().authority_end()
    }

    /// Whether the URL includes credentials (non-empty username or password).
    #[inline]
    pub(crate) fn includes_credentials(&self) -> bool {
        self.has_authority() && self.host_start > self.scheme_end() + 3
    }

    /// The serialization: the whole URL as a string (the URL serializer;
    /// JavaScript `href`).
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("HTTPS://Example.COM:443/a/../b")?;
    /// assert_eq!(url.as_str(), "https://example.com/b");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// Consumes the URL, returning its serialization.
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The scheme, lowercase, without `:` (e.g. `"https"`).
    #[inline]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end())
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#special-scheme):
    /// `ftp`, `file`, `http`, `https`, `ws` or `wss`.
    #[inline]
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// Whether the URL has an authority: `//` after the scheme, i.e. a host
    /// that is not null (possibly empty, as in `file:///x`).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.view().has_authority()
    }

    /// The authority as serialized: `[username[:password]@]host[:port]`,
    /// percent-encoded; `""` when there is no authority.
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("https://u:p@example.com:8080/x")?;
    /// assert_eq!(url.authority(), "u:p@example.com:8080");
    /// assert_eq!(onecontact_url::Url::parse("mailto:a@b")?.authority(), "");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        if self.has_authority() {
            self.slice(self.scheme_end() + 3, self.authority_end())
        } else {
            ""
        }
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path)
    /// (a single string, as in `mailto:a@b` or `data:,x`) rather than a list
    /// of segments. The `url` crate calls this [`Url::cannot_be_a_base`].
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.view().has_opaque_path()
    }

    /// Same as [`Url::has_opaque_path`]: such a URL cannot be a base for
    /// relative references (the term of earlier editions of the Standard).
    #[inline]
    pub fn cannot_be_a_base(&self) -> bool {
        self.has_opaque_path()
    }

    /// Whether the URL has a username or a password: the same as
    /// `!url.username().is_empty() || url.password().is_some()`, without
    /// finding where the username ends.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert!(Url::parse("https://u@example.com/")?.has_credentials());
    /// assert!(Url::parse("https://:p@example.com/")?.has_credentials());
    /// assert!(!Url::parse("https://@example.com/")?.has_credentials());
    /// assert!(!Url::parse("mailto:u@example.com")?.has_credentials());
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    #[inline]
    pub fn has_credentials(&self) -> bool {
        // The serializer writes userinfo (and its `@`) only when a username
        // or password is not empty, between `scheme://` and the host.
        self.has_authority() && self.host_start > self.scheme_end() + 3
    }

    /// The username, percent-encoded; `""` when there is none.
    #[inline]
    pub fn username(&self) -> &str {
        if self.has_authority() {
            self.slice(self.scheme_end() + 3, self.username_end())
        } else {
            ""
        }
    }

    /// The password, percent-encoded; `None` when it is empty (the Standard
    /// does not tell an empty password from none).
    #[inline]
    pub fn password(&self) -> Option<&str> {
        let username_end = self.username_end();
        if self.has_authority() && self.byte_at(username_end) == Some(b':') {
            Some(self.slice(username_end + 1, self.host_start - 1))
        } else {
            None
        }
    }

    /// Whether the URL has a host (possibly empty); same as
    /// [`Url::has_authority`].
    #[inline]
    pub fn has_host(&self) -> bool {
        self.has_authority()
    }

    /// The serialized host: a domain, `[IPv6]`, dotted IPv4, an opaque host,
    /// or `""` for the empty host; `None` when the host is null. Never
    /// includes the port (for the JavaScript `host`, see [`crate::quirks::host`]).
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert_eq!(Url::parse("https://EXAMPLE.com:8080/")?.host_str(), Some("example.com"));
    /// assert_eq!(Url::parse("http://[::1]/")?.host_str(), Some("[::1]"));
    /// assert_eq!(Url::parse("file:///tmp")?.host_str(), Some(""));
    /// assert_eq!(Url::parse("mailto:a@b")?.host_str(), None);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> Option<&str> {
        if self.has_authority() {
            Some(self.hostname_text())
        } else {
            None
        }
    }

    /// The serialized host, `""` when null or empty.
    #[inline]
    pub(crate) fn hostname_text(&self) -> &str {
        self.slice(self.host_start, self.host_end)
    }

    /// The host, typed; `None` when the host is null. IPv4 and IPv6
    /// addresses come from the parsed value stored in the URL.
    ///
    /// ```
    /// use onecontact_url::{Host, Url};
    /// use core::net::Ipv4Addr;
    /// assert_eq!(Url::parse("https://example.com/")?.host(), Some(Host::Domain("example.com")));
    /// assert_eq!(Url::parse("http://0x7f.1/")?.host(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
    /// assert_eq!(Url::parse("sc://Opaque/")?.host(), Some(Host::Opaque("Opaque")));
    /// assert_eq!(Url::parse("file:///x")?.host(), Some(Host::Empty));
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<Host<&str>> {
        Host::from_url_parts(self.host_kind, self.hostname_text(), self.ip)
    }

    /// The domain when the host is one; `None` for IP addresses, opaque,
    /// empty and null hosts.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert_eq!(Url::parse("https://bücher.example/")?.domain(), Some("xn--bcher-kva.example"));
    /// assert_eq!(Url::parse("https://127.0.0.1/")?.domain(), None);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    #[inline]
    pub fn domain(&self) -> Option<&str> {
        if self.host_kind == HostKind::Domain {
            Some(self.hostname_text())
        } else {
            None
        }
    }

    /// The port; `None` when absent or equal to the scheme's default port
    /// (which the parser does not store).
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert_eq!(Url::parse("https://example.com:8443/")?.port(), Some(8443));
    /// assert_eq!(Url::parse("https://example.com:443/")?.port(), None);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        if self.has_port() {
            Some(self.port_value)
        } else {
            None
        }
    }

    /// The port, or the scheme's [default port](https://url.spec.whatwg.org/#default-port)
    /// when none is given (80 for `http` and `ws`, 443 for `https` and `wss`,
    /// 21 for `ftp`).
    ///
    /// ```
    /// use onecontact_url::Url;
    /// assert_eq!(Url::parse("https://example.com/")?.port_or_known_default(), Some(443));
    /// assert_eq!(Url::parse("sc://example.com/")?.port_or_known_default(), None);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port().or_else(|| self.scheme_type.default_port())
    }

    /// The [default port](https://url.spec.whatwg.org/#default-port) of the
    /// URL's scheme, whatever port the URL itself has: 80 for `http` and
    /// `ws`, 443 for `https` and `wss`, 21 for `ftp`, `None` for the others.
    ///
    /// ```
    /// use onecontact_url::Url;
    ///
    /// let url = Url::parse("https://example.com:8443/")?;
    /// assert_eq!(url.port(), Some(8443));
    /// assert_eq!(url.known_default_port(), Some(443));
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    #[inline]
    pub fn known_default_port(&self) -> Option<u16> {
        self.scheme_type.default_port()
    }

    /// The serialized path (JavaScript `pathname`): `/`-separated segments,
    /// or the opaque path.
    #[inline]
    pub fn path(&self) -> &str {
        self.view().path()
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
            self.path()
                .strip_prefix('/')
                .into_iter()
                .flat_map(|p| p.split('/')),
        )
    }

    /// The query without `?`; `None` when the query is null (`Some("")` for
    /// a URL ending in `?`).
    #[inline]
    pub fn query(&self) -> Option<&str> {
        if self.query_start == NONE {
            None
        } else {
            Some(self.slice(self.query_start + 1, self.query_end()))
        }
    }

    /// The query parsed as `application/x-www-form-urlencoded`: decoded
    /// name-value pairs; empty when the query is null.
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("https://example.com/?a=1&b=x+y&a=%C3%A9")?;
    /// let pairs: Vec<(String, String)> =
    ///     url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    /// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y".into()), ("a".into(), "é".into())]);
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn query_pairs(&self) -> crate::form_urlencoded::Parse<'_> {
        crate::form_urlencoded::parse_str(self.query().unwrap_or_default())
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
    #[inline]
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
            .field("href", &self.as_str())
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
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
