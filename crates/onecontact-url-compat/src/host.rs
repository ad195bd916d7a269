//! `url`'s [`Host`]: a domain (or opaque host), an IPv4 or an IPv6 address.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::ParseError;

/// The host of a URL, in `url`'s three variants.
///
/// The URL Standard has five kinds of host; `url` files two of them under
/// [`Host::Domain`]: an *opaque host* (the host of a URL that is not
/// special, percent-encoded as written) and the *empty host* (`""`, as in
/// `file:///x`).
#[cfg_attr(feature = "serde", derive(serde::Deserialize, serde::Serialize))]
#[derive(Clone, Debug, Eq, Ord, PartialOrd, Hash)]
pub enum Host<S = String> {
    /// A domain (ASCII, lowercase, Punycode-encoded where needed) for a
    /// special URL; for other URLs the opaque host, percent-encoded.
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address (serialized between `[` and `]`).
    Ipv6(Ipv6Addr),
}

impl Host<&str> {
    /// A copy of `self` that owns its string.
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(domain) => Host::Domain(domain.to_owned()),
            Host::Ipv4(address) => Host::Ipv4(address),
            Host::Ipv6(address) => Host::Ipv6(address),
        }
    }
}

impl Host<String> {
    /// The URL Standard's [host parser](https://url.spec.whatwg.org/#concept-host-parser)
    /// for a special URL's host: `[IPv6]`, IPv4 in every number form, or a
    /// domain through IDNA.
    ///
    /// ```
    /// use url::Host;
    /// assert_eq!(Host::parse("EXAMPLE.com"), Ok(Host::Domain("example.com".to_owned())));
    /// assert_eq!(Host::parse("0x7f.1"), Ok(Host::Ipv4([127, 0, 0, 1].into())));
    /// ```
    ///
    /// # Errors
    ///
    /// The kind of the Standard's validation error that made it fail.
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        onecontact_url::Host::parse(input)
            .map(Self::from_standard)
            .map_err(|e| ParseError::from_standard(&e, false))
    }

    /// The Standard's [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser)
    /// (with `[IPv6]`), for the host of a URL that is not special.
    ///
    /// # Errors
    ///
    /// A forbidden host code point, or an invalid IPv6 address.
    pub fn parse_opaque(input: &str) -> Result<Self, ParseError> {
        onecontact_url::Host::parse_opaque(input)
            .map(Self::from_standard)
            .map_err(|e| ParseError::from_standard(&e, false))
    }

    fn from_standard(host: onecontact_url::Host<String>) -> Self {
        use onecontact_url::Host as H;
        match host {
            H::Domain(s) | H::Opaque(s) => Host::Domain(s),
            H::Ipv4(a) => Host::Ipv4(a),
            H::Ipv6(a) => Host::Ipv6(a),
            _ => Host::Domain(String::new()),
        }
    }
}

impl<'a> Host<&'a str> {
    /// The host of a URL, in `url`'s variants.
    pub(crate) fn from_standard_ref(host: onecontact_url::Host<&'a str>) -> Self {
        use onecontact_url::Host as H;
        match host {
            H::Domain(s) | H::Opaque(s) => Host::Domain(s),
            H::Ipv4(a) => Host::Ipv4(a),
            H::Ipv6(a) => Host::Ipv6(a),
            _ => Host::Domain(""),
        }
    }
}

/// The Standard's [host serializer](https://url.spec.whatwg.org/#concept-host-serializer).
impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Domain(domain) => domain.as_ref().fmt(f),
            Self::Ipv4(address) => address.fmt(f),
            Self::Ipv6(address) => {
                fmt::Display::fmt(&onecontact_url::Host::<&str>::Ipv6(*address), f)
            }
        }
    }
}

impl<S, T> PartialEq<Host<T>> for Host<S>
where
    S: PartialEq<T>,
{
    fn eq(&self, other: &Host<T>) -> bool {
        match (self, other) {
            (Self::Domain(a), Host::Domain(b)) => a == b,
            (Self::Ipv4(a), Host::Ipv4(b)) => a == b,
            (Self::Ipv6(a), Host::Ipv6(b)) => a == b,
            (_, _) => false,
        }
    }
}
