//! The Rust API's mutators on [`Url`], with the `url` crate's names and
//! argument types: each takes the component itself (not what a script would
//! assign) and says why it refused a value. They are built on the API
//! setters in [`crate::setters`] and keep the URL Standard's behaviour.

use crate::prelude::*;
use core::net::IpAddr;

use crate::edit::{append_tail, insert_dot_prefix, prefix, remove_port};
use crate::form_urlencoded;
use crate::gigo::Gigo;
use crate::host::HostKind;
use crate::parser::is_windows_drive_letter;
use crate::percent_encoding::{AsciiSet, PATH, utf8_percent_encode_into};
use crate::url::{NONE, Url};
use crate::validation::{ParseError, SetterError, ValidationError};

/// What [`PathSegmentsMut::push`] percent-encodes: the path set plus `/`
/// and `%`, so that a segment stays one segment and is taken literally.
const PATH_SEGMENT: AsciiSet = PATH.add(b'/').add(b'%');

impl Url {
    /// Sets the scheme (`scheme` without `:`), lowercased.
    ///
    /// Refused, as the Standard's `protocol` setter refuses it, when it would
    /// switch between a special and a non-special scheme, make a URL with
    /// credentials or a port a `file:` URL, or change the scheme of a
    /// `file:` URL with an empty host; a port that is the new scheme's
    /// default is dropped.
    ///
    /// ```
    /// use onecontact_url::{SetterError, Url};
    /// let mut url = Url::parse("http://example.com:443/")?;
    /// url.set_scheme("HTTPS")?;
    /// assert_eq!(url.as_str(), "https://example.com/");
    /// assert_eq!(url.set_scheme("mailto"), Err(SetterError::SchemeChangeNotAllowed));
    /// assert_eq!(url.set_scheme("ht tp"), Err(SetterError::InvalidScheme));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::InvalidScheme`] when `scheme` is not a scheme (an ASCII
    /// letter, then letters, digits, `+`, `-`, `.`), and
    /// [`SetterError::SchemeChangeNotAllowed`] for the cases above.
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), SetterError> {
        let mut bytes = scheme.bytes();
        let valid = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(SetterError::InvalidScheme);
        }
        self.js_set_protocol(scheme)
    }

    /// Sets the username (percent-encoded with the userinfo set; `""`
    /// removes it).
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/")?;
    /// url.set_username("a b")?;
    /// assert_eq!(url.as_str(), "https://a%20b@example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::CannotHaveCredentialsOrPort`] when the host is null or
    /// empty or the scheme is `file`.
    pub fn set_username(&mut self, username: &str) -> Result<(), SetterError> {
        self.js_set_username(username)
    }

    /// Sets the password (percent-encoded with the userinfo set); `None` or
    /// `Some("")` removes it.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://u@example.com/")?;
    /// url.set_password(Some("p:w"))?;
    /// assert_eq!(url.as_str(), "https://u:p%3Aw@example.com/");
    /// url.set_password(None)?;
    /// assert_eq!(url.as_str(), "https://u@example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::set_username`].
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), SetterError> {
        self.js_set_password(password.unwrap_or_default())
    }

    /// Sets the host (parsed with the host parser, as the `hostname` setter
    /// does; a value that holds a port, or a `/`, `?`, `#` — or `\` for a
    /// special URL — which the JavaScript setter would cut off, is refused),
    /// or removes it with `None`.
    ///
    /// Removing the host is refused for special URLs and for URLs with
    /// credentials or a port; a path starting with `//` is then kept apart
    /// from the scheme by `/.`, and an empty path becomes `/`, so that the
    /// result reads back as the same URL.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// let mut url = Url::parse("https://example.com:8080/a")?;
    /// url.set_host(Some("EXAMPLE.org"))?;
    /// assert_eq!(url.as_str(), "https://example.org:8080/a");
    /// assert!(url.set_host(None).is_err());
    /// assert!(url.set_host(Some("example.net/x")).is_err());
    ///
    /// let mut url = Url::parse("sc://host//p")?;
    /// url.set_host(None)?;
    /// assert_eq!(url.as_str(), "sc:/.//p");
    ///
    /// let mut url = Url::parse("foo://example.net")?;
    /// url.set_host(None)?;
    /// assert_eq!(url.as_str(), "foo:/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::OpaquePath`], [`SetterError::PortNotAllowed`],
    /// [`SetterError::HostRequired`], or [`SetterError::Invalid`] with the
    /// host parser's validation error.
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), SetterError> {
        match host {
            Some(host) => {
                let special = self.is_special();
                let cut = host
                    .bytes()
                    .position(|b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'));
                if let Some(at) = cut {
                    let kind = if special {
                        ValidationError::DomainInvalidCodePoint
                    } else {
                        ValidationError::HostInvalidCodePoint
                    };
                    let c = host.as_bytes().get(at).map(|&b| char::from(b));
                    return Err(SetterError::Invalid(
                        ParseError::new(kind, at).with_code_point(c),
                    ));
                }
                self.js_set_hostname(host)
            }
            None => self.remove_host(),
        }
    }

    fn remove_host(&mut self) -> Result<(), SetterError> {
        if !self.has_authority() {
            return Ok(());
        }
        if self.is_special() || self.includes_credentials() || self.has_port() {
            return Err(SetterError::HostRequired);
        }
        let after_scheme = self.scheme_end() + 1;
        let mut url = prefix(self, after_scheme, 0);
        url.host_start = after_scheme;
        url.host_end = after_scheme;
        url.path_start = after_scheme;
        url.port_value = 0;
        url.ip = [0; 4];
        url.host_kind = HostKind::None;
        // `foo:` would read back as an opaque path: an empty path becomes `/`
        // (`foo://h` gives `foo:/`), as in the `url` crate.
        if self.path().is_empty() {
            url.serialization.push('/');
        }
        append_tail(&mut url, self, self.path_start);
        insert_dot_prefix(&mut url);
        self.commit_edit(url)
    }

    /// Sets the host to an IP address. A special URL gets an IPv4 or IPv6
    /// host; a URL that is not special gets `[IPv6]`, or the dotted IPv4
    /// text as an opaque host (the Standard has no IPv4 hosts there).
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv6Addr};
    /// let mut url = onecontact_url::Url::parse("https://example.com/")?;
    /// url.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST))?;
    /// assert_eq!(url.as_str(), "https://[::1]/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::OpaquePath`] for URLs with an opaque path.
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), SetterError> {
        let text = match address {
            IpAddr::V4(a) => crate::host::Host::<String>::Ipv4(a).to_string(),
            IpAddr::V6(a) => crate::host::Host::<String>::Ipv6(a).to_string(),
        };
        self.js_set_hostname(&text)
    }

    /// Sets the port; `None` removes it. The scheme's default port is stored
    /// as no port.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/")?;
    /// url.set_port(Some(8443))?;
    /// assert_eq!(url.as_str(), "https://example.com:8443/");
    /// url.set_port(Some(443))?;
    /// assert_eq!(url.port(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::CannotHaveCredentialsOrPort`] when the host is null or
    /// empty or the scheme is `file`.
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), SetterError> {
        match port {
            Some(port) => self.js_set_port(&port.to_string()),
            None if self.cannot_have_username_password_port() => {
                Err(SetterError::CannotHaveCredentialsOrPort)
            }
            None => {
                remove_port(self);
                Ok(())
            }
        }
    }

    /// Sets the path as the `pathname` setter does: dot segments are
    /// resolved, characters outside the path set (`?` and `#` included) are
    /// percent-encoded, a special URL's path always starts with `/`.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/x?q")?;
    /// url.set_path("a/./b/../c d?")?;
    /// assert_eq!(url.as_str(), "https://example.com/a/c%20d%3F?q");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::OpaquePath`] for URLs with an opaque path (the
    /// Standard gives no way to change one).
    pub fn set_path(&mut self, path: &str) -> Result<(), SetterError> {
        self.js_set_pathname(path)
    }

    /// Sets the query (without `?`, percent-encoded with the query set);
    /// `None` removes it, `Some("")` leaves a bare `?`.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/#f")?;
    /// url.set_query(Some("a=1 2"))?;
    /// assert_eq!(url.as_str(), "https://example.com/?a=1%202#f");
    /// url.set_query(None)?;
    /// assert_eq!(url.as_str(), "https://example.com/#f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::Invalid`] only when the URL would grow past 4 GiB.
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), SetterError> {
        match query {
            None => self.js_set_search(""),
            Some(query) => {
                let mut value = String::with_capacity(query.len() + 1);
                value.push('?');
                value.push_str(query);
                self.js_set_search(&value)
            }
        }
    }

    /// Sets the fragment (without `#`, percent-encoded with the fragment
    /// set); `None` removes it, `Some("")` leaves a bare `#`.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/")?;
    /// url.set_fragment(Some("top"))?;
    /// assert_eq!(url.as_str(), "https://example.com/#top");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::set_query`].
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), SetterError> {
        match fragment {
            None => self.js_set_hash(""),
            Some(fragment) => {
                let mut value = String::with_capacity(fragment.len() + 1);
                value.push('#');
                value.push_str(fragment);
                self.js_set_hash(&value)
            }
        }
    }

    /// Edits the path segment by segment; the URL is updated when the
    /// returned value is dropped.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/a/b/")?;
    /// url.path_segments_mut()?.pop_if_empty().pop().push("c d").push("e/f");
    /// assert_eq!(url.as_str(), "https://example.com/a/c%20d/e%2Ff");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetterError::OpaquePath`] for URLs with an opaque path.
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let path = self.path().to_owned();
        Ok(PathSegmentsMut { url: self, path })
    }

    /// Appends `application/x-www-form-urlencoded` pairs to the query (which
    /// becomes `Some` even when nothing is appended); the URL is updated when
    /// the returned value is dropped or [`QueryPairsMut::finish`] is called.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("https://example.com/?a=1#f")?;
    /// url.query_pairs_mut().append_pair("q", "x y&z").append_key_only("flag");
    /// assert_eq!(url.as_str(), "https://example.com/?a=1&q=x+y%26z&flag#f");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn query_pairs_mut(&mut self) -> QueryPairsMut<'_> {
        let query = self.query().unwrap_or_default().to_owned();
        QueryPairsMut {
            url: self,
            query,
            written: false,
        }
    }

    /// Replaces the path with `path`, already serialized (no parsing).
    fn replace_path_raw(&mut self, path: &str) -> Result<(), SetterError> {
        let mut url = prefix(self, self.authority_end(), path.len());
        url.path_start = url.len32();
        url.serialization.push_str(path);
        let path_end = self.path_end();
        append_tail(&mut url, self, path_end);
        insert_dot_prefix(&mut url);
        self.commit_edit(url)
    }

    /// Replaces `self` with `url`, unless `url` is too long for 32-bit offsets.
    pub(crate) fn commit_edit(&mut self, url: Url) -> Result<(), SetterError> {
        if url.serialization.len() >= (NONE - 1) as usize {
            return Err(SetterError::Invalid(ParseError::new(
                ValidationError::InputTooLong,
                0,
            )));
        }
        *self = url;
        Ok(())
    }
}

/// Edits a URL's path segment by segment (from [`Url::path_segments_mut`]);
/// writes the path back when dropped.
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    path: String,
}

impl PathSegmentsMut<'_> {
    /// Removes every segment, leaving the path `/` (an empty path stays empty).
    pub fn clear(&mut self) -> &mut Self {
        if !self.path.is_empty() {
            self.path.truncate(1);
        }
        self
    }

    /// Removes the last segment if it is empty (a trailing `/`), unless it is
    /// the only one.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.path.len() > 1 && self.path.ends_with('/') {
            self.path.pop();
        }
        self
    }

    /// Removes the last segment; a path of one segment becomes `/`.
    pub fn pop(&mut self) -> &mut Self {
        if self.path.len() > 1 {
            let last = self.path.rfind('/').unwrap_or_gigo();
            self.path.truncate(last.max(1));
        }
        self
    }

    /// Appends one segment, percent-encoded with the path set plus `/` and
    /// `%` (and `\` for special URLs), so it stays one segment, taken
    /// literally. `.` and `..` are ignored (they would not survive
    /// re-parsing). As the first segment of a `file:` URL, `c|` is written
    /// `c%7C` (a new parse would read `c|` as the drive `c:`), and `c:` is
    /// written `c%3A` when the URL has a host (a drive letter would remove
    /// it); `c:` under an empty host is the drive `c:`.
    ///
    /// ```
    /// let mut url = onecontact_url::Url::parse("file:///tmp/")?;
    /// url.path_segments_mut()?.clear().push("c|").push("d|");
    /// assert_eq!(url.as_str(), "file:///c%7C/d|");
    /// url.path_segments_mut()?.clear().push("c:");
    /// assert_eq!(url.as_str(), "file:///c:");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends each segment as [`PathSegmentsMut::push`] does.
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let set = if self.url.is_special() {
            PATH_SEGMENT.add(b'\\')
        } else {
            PATH_SEGMENT
        };
        for segment in segments {
            let segment = segment.as_ref();
            if matches!(segment, "." | "..") {
                continue;
            }
            let first = self.path.len() <= 1;
            if self.path != "/" {
                self.path.push('/');
            }
            if first
                && self.url.scheme_type.is_file()
                && let Some((letter, escaped)) = self.drive_letter_escape(segment)
            {
                self.path.push(letter);
                self.path.push_str(escaped);
                continue;
            }
            utf8_percent_encode_into(&mut self.path, segment, &set);
        }
        self
    }

    /// The letter of a first segment of a `file:` URL and how its second
    /// character is written, when the segment as it is would change meaning
    /// on a new parse: the URL Standard's
    /// [path state](https://url.spec.whatwg.org/#path-state) reads a first
    /// segment that is a Windows drive letter as a drive, so `m|` would
    /// become the drive `m:`, and `m:` under a non-empty host would drop the
    /// host. `None` when the segment is written as it is.
    fn drive_letter_escape(&self, segment: &str) -> Option<(char, &'static str)> {
        let bytes = segment.as_bytes();
        if !is_windows_drive_letter(bytes) {
            return None;
        }
        let letter = char::from(*bytes.first()?);
        match bytes.get(1) {
            Some(b'|') => Some((letter, "%7C")),
            _ if self.url.host_kind != HostKind::Empty => Some((letter, "%3A")),
            _ => None,
        }
    }
}

impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        let path = core::mem::take(&mut self.path);
        // Only a URL past 4 GiB is refused; it then stays as it was.
        let _ = self.url.replace_path_raw(&path);
    }
}

/// Appends form-urlencoded pairs to a URL's query (from
/// [`Url::query_pairs_mut`]); writes the query back when dropped or
/// finished.
#[derive(Debug)]
pub struct QueryPairsMut<'a> {
    url: &'a mut Url,
    query: String,
    written: bool,
}

impl QueryPairsMut<'_> {
    /// Appends `name=value`, both form-urlencoded.
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        form_urlencoded::append_pair(&mut self.query, name, value);
        self.written = false;
        self
    }

    /// Appends `name` alone (no `=`), form-urlencoded.
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        if !self.query.is_empty() {
            self.query.push('&');
        }
        form_urlencoded::encode_into(&mut self.query, name);
        self.written = false;
        self
    }

    /// Appends every pair.
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: alloc::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (name, value) = alloc::borrow::Borrow::<(K, V)>::borrow(&pair);
            self.append_pair(name.as_ref(), value.as_ref());
        }
        self
    }

    /// Appends every name alone.
    pub fn extend_keys<I, K>(&mut self, names: I) -> &mut Self
    where
        I: IntoIterator<Item = K>,
        K: AsRef<str>,
    {
        for name in names {
            self.append_key_only(name.as_ref());
        }
        self
    }

    /// Removes every pair (the query becomes empty, not null).
    pub fn clear(&mut self) -> &mut Self {
        self.query.clear();
        self.written = false;
        self
    }

    /// Writes the query to the URL now and returns it.
    pub fn finish(&mut self) -> &mut Url {
        self.write();
        self.url
    }

    fn write(&mut self) {
        if !self.written {
            // Only a URL past 4 GiB is refused; it then stays as it was.
            let _ = self.url.set_query(Some(&self.query));
            self.written = true;
        }
    }
}

impl Drop for QueryPairsMut<'_> {
    fn drop(&mut self) {
        self.write();
    }
}
