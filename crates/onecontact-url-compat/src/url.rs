//! [`Url`] and [`ParseOptions`]: `url`'s signatures over `onecontact_url::Url`.

use alloc::format;
use alloc::string::String;
use core::borrow::Borrow;
use core::fmt::Write as _;
use core::net::IpAddr;
use core::{cmp, fmt, hash, str};

use crate::{
    EncodingOverride, Host, Origin, ParseError, PathSegmentsMut, SyntaxViolation, UrlQuery,
};

/// A parsed URL: its serialization and the places of its components.
///
/// ```
/// let url = url::Url::parse("HTTPS://example.COM/a b?x#y")?;
/// assert_eq!(url.as_str(), "https://example.com/a%20b?x#y");
/// # Ok::<(), url::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) inner: onecontact_url::Url,
}

/// Options for the parser: a base URL, a query encoding and a callback for
/// syntax violations.
///
/// ```
/// use url::Url;
/// let base = Url::parse("https://example.com/a/b")?;
/// let options = Url::options().base_url(Some(&base));
/// assert_eq!(options.parse("c")?.as_str(), "https://example.com/a/c");
/// assert_eq!(options.parse("/d")?.as_str(), "https://example.com/d");
/// # Ok::<(), url::ParseError>(())
/// ```
#[derive(Copy, Clone)]
#[must_use]
pub struct ParseOptions<'a> {
    base_url: Option<&'a Url>,
    encoding_override: EncodingOverride<'a>,
    violation_fn: Option<&'a dyn Fn(SyntaxViolation)>,
}

impl<'a> ParseOptions<'a> {
    /// Resolve relative input against `new`.
    pub fn base_url(mut self, new: Option<&'a Url>) -> Self {
        self.base_url = new;
        self
    }

    /// Encode the query of special URLs (other than `ws:` and `wss:`) with
    /// `new` before percent-encoding it; `None` is UTF-8.
    pub fn encoding_override(mut self, new: EncodingOverride<'a>) -> Self {
        self.encoding_override = new;
        self
    }

    /// Call `new` with each non-fatal syntax violation, in input order.
    ///
    /// ```
    /// use std::cell::RefCell;
    /// use url::{SyntaxViolation, Url};
    /// let seen = RefCell::new(Vec::new());
    /// let url = Url::options()
    ///     .syntax_violation_callback(Some(&|v| seen.borrow_mut().push(v)))
    ///     .parse("https:////example.com")?;
    /// assert_eq!(url.as_str(), "https://example.com/");
    /// assert!(seen.borrow().contains(&SyntaxViolation::ExpectedDoubleSlash));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn syntax_violation_callback(mut self, new: Option<&'a dyn Fn(SyntaxViolation)>) -> Self {
        self.violation_fn = new;
        self
    }

    /// Parses `input` with these options.
    ///
    /// # Errors
    ///
    /// The kind of the URL Standard's validation error that made parsing fail.
    // `#[inline]`: the parser instance that reports syntax violations is
    // then compiled only in the crates that call this, not in every
    // program that links the facade to call `Url::parse`.
    #[inline]
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        let forward = |v: onecontact_url::SyntaxViolation| {
            if let (Some(f), Some(v)) = (self.violation_fn, SyntaxViolation::from_standard(v)) {
                f(v);
            }
        };
        let mut options = onecontact_url::Url::options()
            .base_url(self.base_url.map(|b| &b.inner))
            .encoding_override(self.encoding_override);
        if self.violation_fn.is_some() {
            options = options.syntax_violation_callback(Some(&forward));
        }
        options.parse(input).map(Url::from_standard).map_err(|e| {
            ParseError::from_standard(&e, self.base_url.is_some_and(Url::cannot_be_a_base))
        })
    }
}

impl Url {
    pub(crate) fn from_standard(inner: onecontact_url::Url) -> Self {
        Url { inner }
    }

    /// Parses an absolute URL.
    ///
    /// # Errors
    ///
    /// The kind of the URL Standard's validation error that made parsing fail.
    #[inline]
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        match onecontact_url::Url::parse(input) {
            Ok(inner) => Ok(Url { inner }),
            Err(e) => Err(ParseError::from_standard(&e, false)),
        }
    }

    /// Parses an absolute URL, then appends `iter`'s pairs to its query,
    /// form-urlencoded.
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    pub fn parse_with_params<I, K, V>(input: &str, iter: I) -> Result<Self, ParseError>
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Self::parse(input)?;
        {
            let mut query = url.query_pairs_mut();
            query.extend_pairs(iter);
        }
        Ok(url)
    }

    /// Parses `input` with this URL as the base.
    ///
    /// # Errors
    ///
    /// As [`Url::parse`]; [`ParseError::RelativeUrlWithCannotBeABaseBase`]
    /// when `input` is relative and this URL has an opaque path.
    pub fn join(&self, input: &str) -> Result<Self, ParseError> {
        self.inner
            .join(input)
            .map(Url::from_standard)
            .map_err(|e| ParseError::from_standard(&e, self.cannot_be_a_base()))
    }

    /// A relative URL that [`Url::join`]s this URL to `url`, if there is one.
    ///
    /// The shortest of `""`, `#fragment` and `?query#fragment` that joins
    /// back is preferred, then `onecontact_url`'s path-relative answer;
    /// every answer is checked by joining it.
    pub fn make_relative(&self, url: &Self) -> Option<String> {
        let answer = self.inner.make_relative(&url.inner)?;
        let fragment = url.fragment().map(|f| format!("#{f}")).unwrap_or_default();
        let query = url.query().map(|q| format!("?{q}")).unwrap_or_default();
        let joins = |reference: &str| {
            self.inner
                .join(reference)
                .is_ok_and(|joined| joined == url.inner)
        };
        [String::new(), fragment.clone(), query + &fragment]
            .into_iter()
            .find(|shorter| shorter.len() < answer.len() && joins(shorter))
            .or(Some(answer))
    }

    /// Options for the parser.
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions {
            base_url: None,
            encoding_override: None,
            violation_fn: None,
        }
    }

    /// The serialization.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.inner.as_str()
    }

    /// The serialization, as an owned string.
    #[inline]
    #[deprecated(since = "2.3.0", note = "use Into<String>")]
    pub fn into_string(self) -> String {
        self.inner.into_string()
    }

    /// Checks the internal invariants (for tests).
    ///
    /// # Errors
    ///
    /// A description of the first invariant that does not hold.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()
    }

    /// The [origin](https://url.spec.whatwg.org/#concept-url-origin).
    pub fn origin(&self) -> Origin {
        Origin::from_standard(self.inner.origin())
    }

    /// The scheme, lowercase, without `:`.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.inner.scheme()
    }

    /// Whether the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
    pub fn is_special(&self) -> bool {
        self.inner.is_special()
    }

    /// Whether the URL has an authority (`//` after the scheme).
    pub fn has_authority(&self) -> bool {
        self.inner.has_authority()
    }

    /// The authority (`user:password@host:port`), as written in the serialization.
    pub fn authority(&self) -> &str {
        self.inner.authority()
    }

    /// Whether the URL has an opaque path (`mailto:x`, `data:,x`).
    pub fn cannot_be_a_base(&self) -> bool {
        self.inner.cannot_be_a_base()
    }

    /// The username, percent-encoded; `""` when there is none.
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// The password, percent-encoded; `None` when it is empty.
    pub fn password(&self) -> Option<&str> {
        self.inner.password()
    }

    /// Whether the URL has a host (the empty host of `file:///x` counts).
    pub fn has_host(&self) -> bool {
        self.inner.has_host()
    }

    /// The host's serialization (`[…]` for IPv6); `Some("")` for the empty host.
    pub fn host_str(&self) -> Option<&str> {
        self.inner.host_str()
    }

    /// The host: opaque and empty hosts are [`Host::Domain`].
    pub fn host(&self) -> Option<Host<&str>> {
        self.inner.host().map(Host::from_standard_ref)
    }

    /// The host if it is a domain (or an opaque host), not empty.
    pub fn domain(&self) -> Option<&str> {
        match self.host() {
            Some(Host::Domain(domain)) if !domain.is_empty() => Some(domain),
            _ => None,
        }
    }

    /// The port, unless it is absent or the scheme's default.
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.inner.port()
    }

    /// The port, or the scheme's default port.
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.inner.port_or_known_default()
    }

    /// The socket addresses of the host and port, resolving a domain; the
    /// port is the URL's, the scheme's default, or `default_port_number()`.
    ///
    /// # Errors
    ///
    /// `InvalidData` without a host or port; the resolver's error otherwise.
    #[cfg(feature = "std")]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<alloc::vec::Vec<std::net::SocketAddr>> {
        use std::net::ToSocketAddrs;
        let invalid = |message: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, message);
        // The empty host (`file:///x`) names no machine to connect to.
        let host = self
            .host()
            .filter(|h| *h != Host::Domain(""))
            .ok_or_else(|| invalid("No host name in the URL"))?;
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| invalid("No port number in the URL"))?;
        Ok(match host {
            Host::Domain(domain) => (domain, port).to_socket_addrs()?.collect(),
            Host::Ipv4(ip) => alloc::vec![(ip, port).into()],
            Host::Ipv6(ip) => alloc::vec![(ip, port).into()],
        })
    }

    /// The path, percent-encoded.
    pub fn path(&self) -> &str {
        self.inner.path()
    }

    /// The path's segments, when the path starts with `/`.
    pub fn path_segments(&self) -> Option<str::Split<'_, char>> {
        self.path().strip_prefix('/').map(|rest| rest.split('/'))
    }

    /// The query, percent-encoded, without `?`.
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The query's `application/x-www-form-urlencoded` pairs, decoded.
    pub fn query_pairs(&self) -> form_urlencoded::Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or_default().as_bytes())
    }

    /// The fragment, percent-encoded, without `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }

    /// Sets or removes the fragment (the Standard's hash setter, with `None`
    /// removing it).
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        // Refused only past 4 GiB, which leaves the URL as it was.
        let _ = self.inner.set_fragment(fragment);
    }

    /// Sets or removes the query.
    pub fn set_query(&mut self, query: Option<&str>) {
        let _ = self.inner.set_query(query);
    }

    /// A form-urlencoded serializer appending to the query (which becomes
    /// `""` if it was absent).
    pub fn query_pairs_mut(&mut self) -> form_urlencoded::Serializer<'_, UrlQuery<'_>> {
        form_urlencoded::Serializer::for_suffix(UrlQuery::new(self), 0)
    }

    /// Sets the path: the Standard's pathname setter, or, for a URL with an
    /// opaque path (`mailto:`, `data:`), the opaque path state (as
    /// URLPattern's "canonicalize an opaque pathname" runs it). A leading
    /// `/`, `?`, `#`, C0 controls and trailing spaces are percent-encoded
    /// there, so that the URL parses back to itself.
    pub fn set_path(&mut self, path: &str) {
        if !self.cannot_be_a_base() {
            let _ = self.inner.set_path(path);
            return;
        }
        let mut text = String::with_capacity(path.len() + self.as_str().len());
        text.push_str(self.scheme());
        text.push(':');
        let kept = path.trim_end_matches(' ');
        for (i, c) in kept.char_indices() {
            match c {
                '/' if i == 0 => text.push_str("%2F"),
                '?' => text.push_str("%3F"),
                '#' => text.push_str("%23"),
                '\0'..='\x1f' | '\x7f' => {
                    let _ = write!(text, "%{:02X}", u32::from(c));
                }
                _ => text.push(c),
            }
        }
        for _ in kept.len()..path.len() {
            text.push_str("%20");
        }
        if let Some(q) = self.query() {
            text.push('?');
            text.push_str(q);
        }
        if let Some(f) = self.fragment() {
            text.push('#');
            text.push_str(f);
        }
        // The path holds no `?` or `#` and nothing the parser drops, so the
        // text parses to this URL with the new opaque path.
        if let Ok(url) = onecontact_url::Url::parse(&text) {
            self.inner = url;
        }
    }

    /// Edits the path segment by segment.
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL has an opaque path.
    #[allow(clippy::result_unit_err)]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        self.inner
            .path_segments_mut()
            .map(PathSegmentsMut::new)
            .map_err(|_| ())
    }

    /// Sets or removes the port (a scheme's default port is removed).
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL cannot have a port (no host, empty host, `file:`).
    #[allow(clippy::result_unit_err)]
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        self.inner.set_port(port).map_err(|_| ())
    }

    /// Sets the host (the Standard's hostname setter), or removes it from a
    /// URL that is not special.
    ///
    /// # Errors
    ///
    /// The host does not parse, has a port, or is empty or removed where the
    /// URL needs one; [`ParseError::SetHostOnCannotBeABaseUrl`] for an
    /// opaque path.
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        if self.cannot_be_a_base() {
            return Err(ParseError::SetHostOnCannotBeABaseUrl);
        }
        if host.is_none() {
            // A `file:` URL always has a host; removing it leaves the
            // empty host, as the Standard's hostname setter does for "".
            if self.scheme() == "file" {
                return self.set_host(Some(""));
            }
            // Without a host a URL has no credentials or port: `url` drops
            // them, and so does this (the Standard's setters never remove
            // a host, so it has no say).
            if !self.is_special() {
                let mut inner = self.inner.clone();
                let _ = inner.set_username("");
                let _ = inner.set_password(None);
                let _ = inner.set_port(None);
                inner.set_host(None).map_err(host_error)?;
                self.inner = inner;
                return Ok(());
            }
        }
        self.inner.set_host(host).map_err(host_error)
    }

    /// Sets the host to an IP address.
    ///
    /// # Errors
    ///
    /// `Err(())` for a URL with an opaque path or without a host.
    #[allow(clippy::result_unit_err)]
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        self.inner.set_ip_host(address).map_err(|_| ())
    }

    /// Sets or removes the password, percent-encoding it.
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL cannot have credentials.
    #[allow(clippy::result_unit_err)]
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ()> {
        self.inner.set_password(password).map_err(|_| ())
    }

    /// Sets the username, percent-encoding it.
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL cannot have credentials.
    #[allow(clippy::result_unit_err)]
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        self.inner.set_username(username).map_err(|_| ())
    }

    /// Changes the scheme (the Standard's protocol setter, which the value
    /// must pass whole).
    ///
    /// # Errors
    ///
    /// `Err(())` for a value that is not a scheme, or a change the Standard
    /// refuses (special to non-special and back, to `file:` with
    /// credentials or a port, from `file:` with an empty host).
    #[allow(clippy::result_unit_err)]
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        self.inner.set_scheme(scheme).map_err(|_| ())
    }

    /// The `file:` URL of an absolute path (percent-encoded).
    ///
    /// # Errors
    ///
    /// `Err(())` for a relative path, or on a platform other than Unix.
    #[cfg(feature = "std")]
    #[allow(clippy::result_unit_err)]
    pub fn from_file_path<P: AsRef<std::path::Path>>(path: P) -> Result<Self, ()> {
        onecontact_url::Url::from_file_path(path)
            .map(Url::from_standard)
            .map_err(|_| ())
    }

    /// The `file:` URL of an absolute directory path, ending with `/`.
    ///
    /// # Errors
    ///
    /// As [`Url::from_file_path`].
    #[cfg(feature = "std")]
    #[allow(clippy::result_unit_err)]
    pub fn from_directory_path<P: AsRef<std::path::Path>>(path: P) -> Result<Self, ()> {
        onecontact_url::Url::from_directory_path(path)
            .map(Url::from_standard)
            .map_err(|_| ())
    }

    /// The file path of a `file:` URL (percent-decoded).
    ///
    /// # Errors
    ///
    /// `Err(())` for another scheme, a host other than empty or `localhost`,
    /// or on a platform other than Unix.
    #[cfg(feature = "std")]
    #[allow(clippy::result_unit_err)]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, ()> {
        self.inner.to_file_path().map_err(|_| ())
    }
}

/// Parses an absolute URL.
impl str::FromStr for Url {
    type Err = ParseError;

    #[inline]
    fn from_str(input: &str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a> TryFrom<&'a str> for Url {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, Self::Error> {
        Self::parse(s)
    }
}

/// The serialization.
impl fmt::Display for Url {
    #[inline]
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), formatter)
    }
}

/// The serialization.
impl From<Url> for String {
    fn from(value: Url) -> Self {
        value.inner.into_string()
    }
}

/// The components, as `url` prints them.
impl fmt::Debug for Url {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Url")
            .field("scheme", &self.scheme())
            .field("cannot_be_a_base", &self.cannot_be_a_base())
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

/// URLs compare like their serialization.
impl Eq for Url {}

/// URLs compare like their serialization.
impl PartialEq for Url {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

/// URLs compare like their serialization.
impl Ord for Url {
    #[inline]
    fn cmp(&self, other: &Self) -> cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// URLs compare like their serialization.
impl PartialOrd for Url {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// URLs hash like their serialization.
impl hash::Hash for Url {
    #[inline]
    fn hash<H: hash::Hasher>(&self, state: &mut H) {
        hash::Hash::hash(self.as_str(), state)
    }
}

/// The serialization.
impl AsRef<str> for Url {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// `url`'s error for a host the setter refused.
fn host_error(e: onecontact_url::SetterError) -> ParseError {
    use onecontact_url::SetterError as E;
    match e {
        E::Invalid(e) => ParseError::from_standard(&e, false),
        E::OpaquePath => ParseError::SetHostOnCannotBeABaseUrl,
        E::PortNotAllowed => ParseError::InvalidDomainCharacter,
        _ => ParseError::EmptyHost,
    }
}
