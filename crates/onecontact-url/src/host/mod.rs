//! The host parser and serializer (<https://url.spec.whatwg.org/#concept-host-parser>,
//! <https://url.spec.whatwg.org/#concept-host-serializer>).
//!
//! [`Host::parse`] is the Standard's host parser; [`Host`]'s `Display` is the
//! host serializer. The URL parser uses [`parse_into`], which writes the
//! serialized host straight into the URL's serialization.

use crate::prelude::*;

mod domain;
mod ip;
mod ipv4;
mod ipv6;
mod opaque;

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::percent_encoding::percent_decode;
use crate::validation::{ParseError, Validation, ValidationError};

use crate::gigo::Gigo;
pub(crate) use ip::{IpBits, ipv6_bits, ipv6_from_bits};
pub(crate) use ipv4::push_decimal;
pub(crate) use opaque::report_invalid_units;

/// Receives non-fatal validation errors found inside a host, with offsets
/// relative to the host text. `ON` is false for the no-op reporter, which
/// compiles the checks out.
pub(crate) trait Report {
    const ON: bool;
    fn report(&mut self, kind: ValidationError, offset: usize);
}

impl Report for () {
    const ON: bool = false;
    #[inline(always)]
    fn report(&mut self, _: ValidationError, _: usize) {}
}

/// Kind and offset only: for a caller that reports the errors again with
/// the text around them (the parser's check of URL units).
impl Report for Vec<Validation> {
    const ON: bool = true;
    fn report(&mut self, kind: ValidationError, offset: usize) {
        self.push(Validation {
            kind,
            offset,
            code_point: None,
        });
    }
}

/// Collects the validation errors of a host parsed on its own.
struct Collect<'a> {
    input: &'a str,
    errors: &'a mut Vec<Validation>,
}

impl Report for Collect<'_> {
    const ON: bool = true;
    fn report(&mut self, kind: ValidationError, offset: usize) {
        let text = self.input.get(offset..).unwrap_or_default();
        self.errors.push(Validation::at(kind, offset, text));
    }
}

/// A host (<https://url.spec.whatwg.org/#concept-host>): a domain, an IP address, an opaque host or the
/// empty host.
///
/// [`crate::Url::host`] gives a `Host<&str>` borrowing the URL's text;
/// [`Host::parse`] gives a `Host<String>`. `Display` is the host serializer
/// (IPv6 in brackets).
#[derive(Debug, Clone, Eq, Hash, PartialOrd, Ord)]
pub enum Host<S = String> {
    /// A domain: non-empty ASCII, lowercased, Punycode-encoded where needed.
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (of a URL that is not special), percent-encoded.
    Opaque(S),
    /// The empty host (e.g. `file:///x`, `sc:///x`).
    Empty,
}

/// Hosts compare by value across string types, so a `Host<&str>` from a
/// URL equals the `Host<String>` with the same text.
///
/// ```
/// use onecontact_url::{Host, Url};
/// let url = Url::parse("https://example.com/")?;
/// assert!(url.host().unwrap() == Host::Domain("example.com".to_string()));
/// # Ok::<(), onecontact_url::ParseError>(())
/// ```
impl<S: PartialEq<T>, T> PartialEq<Host<T>> for Host<S> {
    fn eq(&self, other: &Host<T>) -> bool {
        match (self, other) {
            (Host::Domain(a), Host::Domain(b)) | (Host::Opaque(a), Host::Opaque(b)) => a == b,
            (Host::Ipv4(a), Host::Ipv4(b)) => a == b,
            (Host::Ipv6(a), Host::Ipv6(b)) => a == b,
            (Host::Empty, Host::Empty) => true,
            _ => false,
        }
    }
}

/// What kind of host a URL has, stored in one byte of [`crate::Url`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum HostKind {
    /// The host is null (no authority).
    None,
    Empty,
    Domain,
    Ipv4,
    Ipv6,
    Opaque,
}

impl Host<String> {
    /// The Standard's [host parser](https://url.spec.whatwg.org/#concept-host-parser)
    /// for the host of a special URL: domains through IDNA (domain to ASCII),
    /// IPv4 in every number form, `[IPv6]`. The empty string is refused.
    ///
    /// Error offsets are byte offsets in `input`.
    ///
    /// ```
    /// use onecontact_url::Host;
    /// use core::net::Ipv4Addr;
    ///
    /// assert_eq!(Host::parse("EXAMPLE.com")?, Host::Domain("example.com".to_string()));
    /// assert_eq!(Host::parse("0x7f.1")?, Host::<String>::Ipv4(Ipv4Addr::new(127, 0, 0, 1)));
    /// assert_eq!(Host::parse("[0:0::1]")?.to_string(), "[::1]");
    /// let err = Host::parse("1.2.3.256").unwrap_err();
    /// assert_eq!(err.kind().name(), "IPv4-out-of-range-part");
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Host<String>, ParseError> {
        Self::parse_impl(input, false, &mut ())
    }

    /// The host parser with *isOpaque* set, for the host of a URL that is
    /// not special: `[IPv6]`, or an [opaque host](https://url.spec.whatwg.org/#opaque-host)
    /// (percent-encoded with the C0 control set; the empty string gives
    /// [`Host::Empty`]).
    ///
    /// ```
    /// use onecontact_url::Host;
    /// assert_eq!(Host::parse_opaque("EXAMPLE.com")?, Host::Opaque("EXAMPLE.com".to_string()));
    /// assert_eq!(Host::parse_opaque("[::1]")?.to_string(), "[::1]");
    /// assert!(Host::parse_opaque("a b").is_err());
    /// # Ok::<(), onecontact_url::ParseError>(())
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Host<String>, ParseError> {
        Self::parse_impl(input, true, &mut ())
    }

    /// Like [`Host::parse`], also collecting non-fatal validation errors
    /// (offsets in `input`) into `errors`.
    pub fn parse_with_errors(
        input: &str,
        errors: &mut Vec<Validation>,
    ) -> Result<Host<String>, ParseError> {
        Self::parse_impl(input, false, &mut Collect { input, errors })
    }

    /// Like [`Host::parse_opaque`], also collecting non-fatal validation
    /// errors (offsets in `input`) into `errors`.
    pub fn parse_opaque_with_errors(
        input: &str,
        errors: &mut Vec<Validation>,
    ) -> Result<Host<String>, ParseError> {
        Self::parse_impl(input, true, &mut Collect { input, errors })
    }

    fn parse_impl<R: Report>(
        input: &str,
        is_opaque: bool,
        report: &mut R,
    ) -> Result<Host<String>, ParseError> {
        let mut out = String::with_capacity(input.len());
        let (kind, ip) = parse_into(&mut out, input, is_opaque, report)?;
        Ok(Host::from_serialized(kind, out, ip).unwrap_or(Host::Empty))
    }

    fn from_serialized(kind: HostKind, text: String, ip: IpBits) -> Option<Host<String>> {
        Some(match kind {
            HostKind::None => return None,
            HostKind::Empty => Host::Empty,
            HostKind::Domain => Host::Domain(text),
            HostKind::Opaque => Host::Opaque(text),
            HostKind::Ipv4 => Host::Ipv4(Ipv4Addr::from(ip[0])),
            HostKind::Ipv6 => Host::Ipv6(ipv6_from_bits(ip)),
        })
    }
}

impl<'a> Host<&'a str> {
    /// Builds a borrowed host from a URL's serialized host text and stored
    /// IP address.
    pub(crate) fn from_url_parts(
        kind: HostKind,
        text: &'a str,
        ip: IpBits,
    ) -> Option<Host<&'a str>> {
        Some(match kind {
            HostKind::None => return None,
            HostKind::Empty => Host::Empty,
            HostKind::Domain => Host::Domain(text),
            HostKind::Opaque => Host::Opaque(text),
            HostKind::Ipv4 => Host::Ipv4(Ipv4Addr::from(ip[0])),
            HostKind::Ipv6 => Host::Ipv6(ipv6_from_bits(ip)),
        })
    }

    /// An owned copy.
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(d) => Host::Domain(d.to_owned()),
            Host::Ipv4(a) => Host::Ipv4(a),
            Host::Ipv6(a) => Host::Ipv6(a),
            Host::Opaque(o) => Host::Opaque(o.to_owned()),
            Host::Empty => Host::Empty,
        }
    }
}

impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s.as_ref()),
            Host::Ipv4(a) => f.write_str(&serialize_ipv4(*a)),
            Host::Ipv6(a) => write!(f, "[{}]", serialize_ipv6(*a)),
            Host::Empty => Ok(()),
        }
    }
}

/// The IPv4 serializer: dotted decimal.
pub(crate) fn serialize_ipv4(addr: Ipv4Addr) -> String {
    let mut out = String::with_capacity(15);
    ipv4::serialize_ipv4(u32::from(addr), &mut out);
    out
}

/// The IPv6 serializer (without brackets): lowercase hex, the first longest
/// run of two or more zero pieces compressed to `::`, no embedded IPv4.
pub(crate) fn serialize_ipv6(addr: Ipv6Addr) -> String {
    let mut out = String::with_capacity(39);
    ipv6::serialize_ipv6(&addr.segments(), &mut out);
    out
}

/// The host parser writing the serialized host to `out`. Error and report
/// offsets are relative to `input`.
pub(crate) fn parse_into<R: Report>(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    report: &mut R,
) -> Result<(HostKind, IpBits), ParseError> {
    // Step 1: IPv6.
    if let Some(rest) = input.strip_prefix('[') {
        let Some(inner) = rest.strip_suffix(']') else {
            return Err(ParseError::new(ValidationError::Ipv6Unclosed, input.len()));
        };
        let mut shifted = Shift {
            inner: report,
            by: 1,
        };
        let address = ipv6::parse_ipv6(inner.as_bytes(), &mut shifted).map_err(|e| e.shifted(1))?;
        out.push('[');
        ipv6::serialize_ipv6(&address, out);
        out.push(']');
        return Ok((HostKind::Ipv6, ipv6_bits(&address)));
    }
    // Step 2: opaque hosts.
    if is_opaque {
        if input.is_empty() {
            return Ok((HostKind::Empty, [0; 4]));
        }
        opaque::parse_opaque_into(out, input, report)?;
        return Ok((HostKind::Opaque, [0; 4]));
    }
    // Steps 4–7: the domain, fast path first.
    let start = out.len();
    match domain::ascii_fast_path(out, input)? {
        domain::Fast::Done => {
            // The strict ToASCII run only matters for its validation error.
            if R::ON && onecontact_idna::domain_validation_errors(input).is_some() {
                report.report(ValidationError::DomainToAscii, 0);
            }
        }
        domain::Fast::Slow => {
            let bytes = input.as_bytes();
            let decoded = percent_decode(bytes);
            if R::ON && decoded.len() != bytes.len() {
                report.report(ValidationError::DomainPercentEncoded, 0);
            }
            let Ok(domain) = core::str::from_utf8(&decoded) else {
                return Err(ParseError::new(ValidationError::DomainToAscii, 0));
            };
            if R::ON && onecontact_idna::domain_validation_errors(domain).is_some() {
                report.report(ValidationError::DomainToAscii, 0);
            }
            domain::domain_to_ascii_into(out, domain)?;
        }
    }
    if input.is_empty() || out.len() == start {
        return Err(ParseError::new(ValidationError::DomainToAscii, 0));
    }
    // Step 8: a domain ending in a number is an IPv4 address.
    let ascii = out.get(start..).unwrap_or_gigo();
    if ipv4::ends_in_a_number(ascii.as_bytes()) {
        let address = ipv4::parse_ipv4(ascii, report)?;
        out.truncate(start);
        ipv4::serialize_ipv4(address, out);
        return Ok((HostKind::Ipv4, [address, 0, 0, 0]));
    }
    Ok((HostKind::Domain, [0; 4]))
}

/// Whether [`parse_into`] accepts `input`, found without writing the host
/// where that can be avoided: an IPv6 address, an opaque host or an ASCII
/// domain without `%` is only checked; any other domain is written into a
/// throwaway string.
pub(crate) fn is_valid(input: &str, is_opaque: bool) -> bool {
    if let Some(rest) = input.strip_prefix('[') {
        return rest
            .strip_suffix(']')
            .is_some_and(|inner| ipv6::parse_ipv6(inner.as_bytes(), &mut ()).is_ok());
    }
    if is_opaque {
        return !input.bytes().any(crate::tables::is_forbidden_host_byte);
    }
    match domain::ascii_check(input) {
        // The ASCII fast path lowercases, which changes neither the
        // ends-in-a-number answer nor the IPv4 parser's.
        Ok(Some(_)) => is_valid_ascii_domain(input),
        Ok(None) => parse_into(&mut String::new(), input, false, &mut ()).is_ok(),
        Err(_) => false,
    }
}

/// [`is_valid`] of a domain known to be ASCII without `%` or forbidden
/// domain code points: not empty, and an IPv4 address if it ends in a
/// number.
#[inline]
pub(crate) fn is_valid_ascii_domain(input: &str) -> bool {
    !input.is_empty()
        && (!ipv4::ends_in_a_number(input.as_bytes()) || ipv4::parse_ipv4(input, &mut ()).is_ok())
}

/// Shifts report offsets by a constant.
struct Shift<'r, R> {
    inner: &'r mut R,
    by: usize,
}

impl<R: Report> Report for Shift<'_, R> {
    const ON: bool = R::ON;
    fn report(&mut self, kind: ValidationError, offset: usize) {
        self.inner.report(kind, offset + self.by);
    }
}
