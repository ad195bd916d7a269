//! `url`'s [`Origin`]: the URL Standard's
//! [origin](https://url.spec.whatwg.org/#concept-url-origin) of a URL.

use alloc::format;
use alloc::string::String;
use core::sync::atomic::{AtomicUsize, Ordering};

use crate::Host;

/// The origin of a URL: a scheme, host and port, or an opaque origin.
///
/// ```
/// use url::{Host, Origin, Url};
/// let origin = Url::parse("https://example.com:8443/x")?.origin();
/// assert_eq!(origin, Origin::Tuple("https".into(), Host::Domain("example.com".into()), 8443));
/// assert_eq!(origin.ascii_serialization(), "https://example.com:8443");
/// assert!(!Url::parse("blob:ftp://a/x")?.origin().is_tuple());
/// # Ok::<(), url::ParseError>(())
/// ```
#[derive(PartialEq, Eq, Hash, Clone, Debug)]
pub enum Origin {
    /// A globally unique identifier.
    Opaque(OpaqueOrigin),
    /// Scheme, host and port (the scheme's default port when the URL has none).
    Tuple(String, Host<String>, u16),
}

impl Origin {
    /// A new opaque origin, equal to no other.
    pub fn new_opaque() -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        Self::Opaque(OpaqueOrigin(COUNTER.fetch_add(1, Ordering::SeqCst)))
    }

    /// Whether this is a tuple origin (an opaque one is not).
    pub fn is_tuple(&self) -> bool {
        matches!(self, Self::Tuple(..))
    }

    /// The [ASCII serialization](https://html.spec.whatwg.org/multipage/#ascii-serialisation-of-an-origin):
    /// `scheme://host[:port]`, or `null`.
    pub fn ascii_serialization(&self) -> String {
        self.serialize(|host| format!("{host}"))
    }

    /// The same with the domain's labels turned back to Unicode where they
    /// are valid Punycode.
    pub fn unicode_serialization(&self) -> String {
        self.serialize(|host| match host {
            Host::Domain(domain) => onecontact_url::quirks::domain_to_unicode(domain),
            other => format!("{other}"),
        })
    }

    fn serialize(&self, host: impl Fn(&Host<String>) -> String) -> String {
        match self {
            Self::Opaque(_) => String::from("null"),
            Self::Tuple(scheme, h, port) => {
                let h = host(h);
                if onecontact_url::default_port(scheme) == Some(*port) {
                    format!("{scheme}://{h}")
                } else {
                    format!("{scheme}://{h}:{port}")
                }
            }
        }
    }

    pub(crate) fn from_standard(origin: onecontact_url::Origin) -> Self {
        match origin {
            onecontact_url::Origin::Tuple(scheme, host, port) => {
                let host = match host {
                    onecontact_url::Host::Ipv4(a) => Host::Ipv4(a),
                    onecontact_url::Host::Ipv6(a) => Host::Ipv6(a),
                    onecontact_url::Host::Domain(s) | onecontact_url::Host::Opaque(s) => {
                        Host::Domain(s)
                    }
                    _ => Host::Domain(String::new()),
                };
                Self::Tuple(scheme, host, port)
            }
            onecontact_url::Origin::Opaque(_) => Self::new_opaque(),
        }
    }
}

/// The identity of an opaque origin.
#[derive(Eq, PartialEq, Hash, Clone, Debug)]
pub struct OpaqueOrigin(usize);
