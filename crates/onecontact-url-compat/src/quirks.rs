//! The URL Standard's [JavaScript API](https://url.spec.whatwg.org/#api)
//! (`url`'s hidden `quirks` module): getters and setters with the exact
//! strings and semantics of a browser's `URL` object.
//!
//! ```
//! let mut url = url::Url::parse("https://example.com:8080/p?q#h")?;
//! assert_eq!(url::quirks::host(&url), "example.com:8080");
//! assert_eq!(url::quirks::search(&url), "?q");
//! url::quirks::set_port(&mut url, "443x").map_err(|()| "refused")?;
//! assert_eq!(url.as_str(), "https://example.com/p?q#h");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;

use crate::{ParseError, Url};
use onecontact_url::quirks as q;

/// The internal offsets of a URL's components, as `url` stores them.
#[cfg(feature = "expose_internals")]
#[derive(Copy, Clone)]
pub struct InternalComponents {
    /// End of the scheme (before `:`).
    pub scheme_end: u32,
    /// End of the username (before `:` or `@`).
    pub username_end: u32,
    /// Start of the host.
    pub host_start: u32,
    /// End of the host.
    pub host_end: u32,
    /// The port, unless it is absent or the scheme's default.
    pub port: Option<u16>,
    /// Start of the path.
    pub path_start: u32,
    /// The place of `?`, if there is a query.
    pub query_start: Option<u32>,
    /// The place of `#`, if there is a fragment.
    pub fragment_start: Option<u32>,
}

/// The internal offsets of `url`'s components.
#[cfg(feature = "expose_internals")]
pub fn internal_components(url: &Url) -> InternalComponents {
    let c = url.components();
    InternalComponents {
        scheme_end: c.scheme_end,
        username_end: c.username_end,
        host_start: c.host_start,
        host_end: c.host_end,
        port: c.port,
        path_start: c.path_start,
        query_start: c.query_start,
        fragment_start: c.fragment_start,
    }
}

/// The URL Standard's domain to ASCII of `domain` (a host parsed as the host
/// of a special URL), or `""` if it is not a domain.
pub fn domain_to_ascii(domain: &str) -> String {
    q::domain_to_ascii(domain)
}

/// The Unicode form of `domain` (parsed as [`domain_to_ascii`] does), or
/// `""` if it is not a domain.
pub fn domain_to_unicode(domain: &str) -> String {
    q::domain_to_unicode(domain)
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-href>.
pub fn href(url: &Url) -> &str {
    url.as_str()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-href>.
///
/// # Errors
///
/// The value does not parse (the URL is unchanged).
pub fn set_href(url: &mut Url, value: &str) -> Result<(), ParseError> {
    *url = Url::parse(value)?;
    Ok(())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-origin>.
pub fn origin(url: &Url) -> String {
    url.origin().ascii_serialization()
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-protocol>.
#[inline]
pub fn protocol(url: &Url) -> &str {
    q::protocol(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-protocol>.
///
/// # Errors
///
/// `Err(())` where the Standard ignores the value.
#[allow(clippy::result_unit_err)]
pub fn set_protocol(url: &mut Url, new_protocol: &str) -> Result<(), ()> {
    q::set_protocol(&mut url.inner, new_protocol).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-username>.
#[inline]
pub fn username(url: &Url) -> &str {
    q::username(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-username>.
///
/// # Errors
///
/// `Err(())` where the Standard ignores the value.
#[allow(clippy::result_unit_err)]
pub fn set_username(url: &mut Url, new_username: &str) -> Result<(), ()> {
    q::set_username(&mut url.inner, new_username).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-password>.
#[inline]
pub fn password(url: &Url) -> &str {
    q::password(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-password>.
///
/// # Errors
///
/// `Err(())` where the Standard ignores the value.
#[allow(clippy::result_unit_err)]
pub fn set_password(url: &mut Url, new_password: &str) -> Result<(), ()> {
    q::set_password(&mut url.inner, new_password).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-host>.
#[inline]
pub fn host(url: &Url) -> &str {
    q::host(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-host>.
///
/// # Errors
///
/// `Err(())` where the Standard ignores the value.
#[allow(clippy::result_unit_err)]
pub fn set_host(url: &mut Url, new_host: &str) -> Result<(), ()> {
    q::set_host(&mut url.inner, new_host).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-hostname>.
#[inline]
pub fn hostname(url: &Url) -> &str {
    q::hostname(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-hostname>.
///
/// # Errors
///
/// `Err(())` where the Standard ignores the value.
#[allow(clippy::result_unit_err)]
pub fn set_hostname(url: &mut Url, new_hostname: &str) -> Result<(), ()> {
    q::set_hostname(&mut url.inner, new_hostname).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-port>.
#[inline]
pub fn port(url: &Url) -> &str {
    q::port(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-port>.
///
/// # Errors
///
/// `Err(())` where the Standard ignores the value.
#[allow(clippy::result_unit_err)]
pub fn set_port(url: &mut Url, new_port: &str) -> Result<(), ()> {
    q::set_port(&mut url.inner, new_port).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-pathname>.
#[inline]
pub fn pathname(url: &Url) -> &str {
    q::pathname(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-pathname> (nothing
/// happens to a URL with an opaque path).
pub fn set_pathname(url: &mut Url, new_pathname: &str) {
    let _ = q::set_pathname(&mut url.inner, new_pathname);
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-search>.
pub fn search(url: &Url) -> &str {
    q::search(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-search>.
pub fn set_search(url: &mut Url, new_search: &str) {
    let _ = q::set_search(&mut url.inner, new_search);
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-hash>.
pub fn hash(url: &Url) -> &str {
    q::hash(&url.inner)
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-hash>.
pub fn set_hash(url: &mut Url, new_hash: &str) {
    let _ = q::set_hash(&mut url.inner, new_hash);
}
