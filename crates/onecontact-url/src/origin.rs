//! The [origin](https://url.spec.whatwg.org/#concept-url-origin) of a URL and
//! its serializations (HTML's [origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin)).

use crate::prelude::*;
use core::sync::atomic::{AtomicU64, Ordering};

use crate::host::Host;
use crate::url::Url;

/// An origin: a (scheme, host, port) tuple, or an opaque origin.
///
/// Two tuple origins are equal when their parts are; an opaque origin is
/// equal only to itself (a clone of it), never to another opaque origin, so
/// two `file:` URLs are never same-origin.
///
/// ```
/// use onecontact_url::{Host, Origin, Url};
///
/// let origin = Url::parse("https://example.com:8443/a")?.origin();
/// assert_eq!(origin, Origin::Tuple("https".into(), Host::Domain("example.com".into()), 8443));
/// assert_eq!(origin.ascii_serialization(), "https://example.com:8443");
///
/// let a = Url::parse("file:///x")?.origin();
/// let b = Url::parse("file:///x")?.origin();
/// assert!(!a.is_tuple());
/// assert_ne!(a, b);
/// assert_eq!(a, a.clone());
/// assert_eq!(a.ascii_serialization(), "null");
/// # Ok::<(), onecontact_url::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A new opaque origin, serialized as `"null"`.
    Opaque(OpaqueOrigin),
    /// Scheme, host and port. The port is the scheme's default port when the
    /// URL has none.
    Tuple(String, Host<String>, u16),
}

/// The identity of an opaque origin: unique per process, so two opaque
/// origins made separately never compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(u64);

impl Origin {
    /// A new opaque origin, different from every other.
    pub fn new_opaque() -> Origin {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        Origin::Opaque(OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed)))
    }

    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The [ASCII serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
    /// `scheme://host[:port]` (the port only when it is not the scheme's
    /// default), or `"null"` for an opaque origin. This is JavaScript's
    /// `url.origin`.
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_owned(),
            Origin::Tuple(scheme, host, port) => serialize(scheme, &host.to_string(), *port),
        }
    }

    /// Like [`Origin::ascii_serialization`], with a domain's labels turned
    /// back to Unicode (domain to Unicode, as for display).
    ///
    /// ```
    /// let url = onecontact_url::Url::parse("https://xn--bcher-kva.example/")?;
    /// assert_eq!(url.origin().unicode_serialization(), "https://bücher.example");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Tuple(scheme, Host::Domain(domain), port) => {
                let (unicode, _) = onecontact_idna::domain_to_unicode(domain);
                serialize(scheme, &unicode, *port)
            }
            _ => self.ascii_serialization(),
        }
    }
}

fn serialize(scheme: &str, host: &str, port: u16) -> String {
    let mut out = String::with_capacity(scheme.len() + 3 + host.len() + 6);
    out.push_str(scheme);
    out.push_str("://");
    out.push_str(host);
    if crate::scheme::SchemeType::from_scheme(scheme).default_port() != Some(port) {
        out.push(':');
        out.push_str(&port.to_string());
    }
    out
}

impl Url {
    /// The URL's [origin](https://url.spec.whatwg.org/#concept-url-origin):
    /// a tuple for `http`, `https`, `ws`, `wss` and `ftp` URLs, the origin of
    /// the inner URL for `blob:` URLs whose path is an `http:` or `https:`
    /// URL, and a new opaque origin for everything else, `file:` included.
    ///
    /// ```
    /// use onecontact_url::Url;
    /// let url = Url::parse("blob:https://a.example/uuid")?;
    /// assert_eq!(url.origin().ascii_serialization(), "https://a.example");
    /// assert!(!Url::parse("data:,x")?.origin().is_tuple());
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn origin(&self) -> Origin {
        if let Some(origin) = self.tuple_origin() {
            return origin;
        }
        if self.scheme() == "blob"
            && let Ok(inner) = Url::parse(self.path())
            && matches!(inner.scheme(), "http" | "https")
            && let Some(origin) = inner.tuple_origin()
        {
            return origin;
        }
        Origin::new_opaque()
    }

    fn tuple_origin(&self) -> Option<Origin> {
        if !self.is_special() || self.scheme_type.is_file() {
            return None;
        }
        let host = self.host()?.to_owned();
        let port = self.port_or_known_default()?;
        Some(Origin::Tuple(self.scheme().to_owned(), host, port))
    }
}
