//! The URL Standard's JavaScript API: the [`URL` class](https://url.spec.whatwg.org/#url-class)'s
//! getters and setters, as free functions on a [`Url`], with the strings a
//! browser gives.
//!
//! Use this module when you need browser-exact strings: `protocol` with its
//! `:`, `host` with the port, `port` as a string, `search` and `hash` with
//! their `?`/`#` and empty when the component is empty, and setters that
//! follow the API section step by step (a `host` value may carry a port, a
//! `protocol` value may carry anything after `:`, a `search` value loses one
//! leading `?`). The web-platform-tests run through these functions.
//!
//! Everything else — typed values (`Option`, `u16`, [`crate::Host`],
//! [`crate::Origin`]) and mutators whose input is a component rather than
//! what a script would assign — is the Rust API on [`Url`] itself.
//!
//! Where the JavaScript API silently ignores a value, the setters here return
//! a [`SetterError`] saying why, and leave the URL unchanged.
//!
//! ```
//! use onecontact_url::{Url, quirks};
//!
//! let mut url = Url::parse("https://example.com:8080/a?q#f")?;
//! assert_eq!(quirks::protocol(&url), "https:");
//! assert_eq!(quirks::host(&url), "example.com:8080");
//! assert_eq!(quirks::hostname(&url), "example.com");
//! assert_eq!(quirks::port(&url), "8080");
//! assert_eq!(quirks::search(&url), "?q");
//! assert_eq!(quirks::hash(&url), "#f");
//!
//! quirks::set_host(&mut url, "example.org:81")?;
//! quirks::set_search(&mut url, "??x")?;
//! assert_eq!(quirks::href(&url), "https://example.org:81/a??x#f");
//! assert!(quirks::set_protocol(&mut url, "mailto").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::prelude::*;
use crate::url::{NONE, Url};
use crate::validation::SetterError;

/// `href`: the serialization (same as [`Url::as_str`]).
#[inline]
pub fn href(url: &Url) -> &str {
    url.as_str()
}

/// The `href` setter: replaces the URL with `value` parsed without a base.
///
/// # Errors
///
/// [`SetterError::Invalid`] with the parse error (offset in `value`).
pub fn set_href(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_href(value)
}

/// `origin`: the [ASCII serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin)
/// of the URL's origin, `"null"` when it is opaque.
///
/// ```
/// use onecontact_url::{Url, quirks};
/// assert_eq!(quirks::origin(&Url::parse("https://a.example:8443/x")?), "https://a.example:8443");
/// assert_eq!(quirks::origin(&Url::parse("blob:https://a.example/uuid")?), "https://a.example");
/// assert_eq!(quirks::origin(&Url::parse("file:///tmp/x")?), "null");
/// # Ok::<(), onecontact_url::ParseError>(())
/// ```
pub fn origin(url: &Url) -> String {
    url.origin().ascii_serialization()
}

/// `protocol`: the scheme followed by `:`, e.g. `"https:"`.
#[inline]
pub fn protocol(url: &Url) -> &str {
    url.slice(0, url.scheme_end() + 1)
}

/// The `protocol` setter: `value` up to its first `:` becomes the scheme,
/// unless that would switch between special and non-special schemes, make
/// a URL with credentials or a port a `file:` URL, or change the scheme of
/// a `file:` URL with an empty host. A default port of the new scheme is
/// dropped.
///
/// ```
/// use onecontact_url::{Url, quirks};
/// let mut url = Url::parse("http://example.com:443/")?;
/// quirks::set_protocol(&mut url, "https:anything")?;
/// assert_eq!(url.as_str(), "https://example.com/");
/// assert!(quirks::set_protocol(&mut url, "mailto").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SetterError::InvalidScheme`] or [`SetterError::SchemeChangeNotAllowed`].
pub fn set_protocol(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_protocol(value)
}

/// `username`, percent-encoded (same as [`Url::username`]).
#[inline]
pub fn username(url: &Url) -> &str {
    url.username()
}

/// The `username` setter (`value` percent-encoded with the userinfo set).
///
/// # Errors
///
/// [`SetterError::CannotHaveCredentialsOrPort`] for URLs without a host,
/// with an empty host, or with the `file` scheme.
pub fn set_username(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_username(value)
}

/// `password`, percent-encoded; `""` when there is none.
#[inline]
pub fn password(url: &Url) -> &str {
    url.password().unwrap_or_default()
}

/// The `password` setter (`value` percent-encoded with the userinfo set;
/// `""` removes the password).
///
/// # Errors
///
/// As [`set_username`].
pub fn set_password(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_password(value)
}

/// `host`: the serialized host and, if there is a port, `:` and the port;
/// `""` when the host is null.
#[inline]
pub fn host(url: &Url) -> &str {
    if url.has_authority() {
        url.slice(url.host_start, url.path_start)
    } else {
        ""
    }
}

/// The `host` setter: a host, optionally followed by `:` and a port (a port
/// that does not parse leaves the old port in place); anything after `/`,
/// `?` or `#` is ignored.
///
/// ```
/// use onecontact_url::{Url, quirks};
/// let mut url = Url::parse("https://example.com/a")?;
/// quirks::set_host(&mut url, "EXAMPLE.org:8080")?;
/// assert_eq!(url.as_str(), "https://example.org:8080/a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SetterError::OpaquePath`], [`SetterError::HostRequired`], or
/// [`SetterError::Invalid`] when the host does not parse.
pub fn set_host(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_host(value)
}

/// `hostname`: the serialized host (IPv6 in brackets); `""` when the host
/// is null or empty.
#[inline]
pub fn hostname(url: &Url) -> &str {
    url.hostname_text()
}

/// The `hostname` setter: like [`set_host`], but a value with a port is
/// refused.
///
/// # Errors
///
/// As [`set_host`], and [`SetterError::PortNotAllowed`].
pub fn set_hostname(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_hostname(value)
}

/// `port`: the port's digits; `""` when the port is null (absent or the
/// scheme's default).
#[inline]
pub fn port(url: &Url) -> &str {
    if url.has_port() {
        url.slice(url.host_end + 1, url.path_start)
    } else {
        ""
    }
}

/// The `port` setter: the leading digits of `value` become the port (the
/// scheme's default port is stored as no port); `""` removes the port.
///
/// # Errors
///
/// [`SetterError::CannotHaveCredentialsOrPort`], [`SetterError::PortInvalid`]
/// (no leading digit), or [`SetterError::Invalid`] with `port-out-of-range`.
pub fn set_port(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_port(value)
}

/// `pathname`: the serialized path (same as [`Url::path`]).
#[inline]
pub fn pathname(url: &Url) -> &str {
    url.path()
}

/// The `pathname` setter: `value` parsed as a path (dot segments resolved,
/// `?` and `#` percent-encoded).
///
/// # Errors
///
/// [`SetterError::OpaquePath`] for URLs with an opaque path.
pub fn set_pathname(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_pathname(value)
}

/// `search`: `?` and the query; `""` when the query is null or empty.
#[inline]
pub fn search(url: &Url) -> &str {
    if url.query_start == NONE {
        return "";
    }
    let end = url.query_end();
    if end == url.query_start + 1 {
        ""
    } else {
        url.slice(url.query_start, end)
    }
}

/// The `search` setter (<https://url.spec.whatwg.org/#dom-url-search>): `""`
/// removes the query; otherwise one leading `?` is dropped and the rest,
/// percent-encoded with the query set (the special-query set for special
/// URLs), becomes the query. The path is never touched: an opaque path's
/// space before the query is already `%20`.
///
/// ```
/// use onecontact_url::{Url, quirks};
///
/// let mut url = Url::parse("data:space ?query")?;
/// quirks::set_search(&mut url, "")?;
/// assert_eq!(url.as_str(), "data:space%20");
/// quirks::set_search(&mut url, "??a b")?;
/// assert_eq!(quirks::search(&url), "??a%20b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SetterError::Invalid`] only when the URL would grow past 4 GiB.
pub fn set_search(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_search(value)
}

/// `hash`: `#` and the fragment; `""` when the fragment is null or empty.
#[inline]
pub fn hash(url: &Url) -> &str {
    if url.fragment_start == NONE || url.fragment_start + 1 == url.len32() {
        ""
    } else {
        url.slice(url.fragment_start, url.len32())
    }
}

/// The `hash` setter: `""` removes the fragment; otherwise one leading `#`
/// is dropped and the rest becomes the fragment.
///
/// # Errors
///
/// As [`set_search`].
pub fn set_hash(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.js_set_hash(value)
}

/// The domain to ASCII of `domain` as the host parser of a special URL does
/// it (JavaScript's `domainToASCII` of old Node.js): the ASCII domain, or
/// `""` when `domain` is not a valid domain or is an IP address.
///
/// ```
/// use onecontact_url::quirks::domain_to_ascii;
/// assert_eq!(domain_to_ascii("Bücher.example"), "xn--bcher-kva.example");
/// assert_eq!(domain_to_ascii("a b"), "");
/// ```
pub fn domain_to_ascii(domain: &str) -> String {
    match crate::Host::parse(domain) {
        Ok(crate::Host::Domain(ascii)) => ascii,
        _ => String::new(),
    }
}

/// Like [`domain_to_ascii`], then the labels back to Unicode (for display).
///
/// ```
/// use onecontact_url::quirks::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--bcher-kva.EXAMPLE"), "bücher.example");
/// ```
pub fn domain_to_unicode(domain: &str) -> String {
    match crate::Host::parse(domain) {
        Ok(crate::Host::Domain(ascii)) => onecontact_idna::domain_to_unicode(&ascii).0,
        _ => String::new(),
    }
}
