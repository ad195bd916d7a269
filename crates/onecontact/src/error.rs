//! The one error catalogue: why a text is not a web address (rule 2), with
//! one stable code, one place and one message per failure.

use onecontact_url::{ParseError, ValidationError};

/// The longest non-ASCII host accepted, in UTF-16 code units: IDNA's
/// hardening limit ([`onecontact_idna::MAX_NON_ASCII_HOST_LEN`]), which
/// refuses a longer domain before any Unicode processing. Domain names are at
/// most 253 octets; the limit keeps the cost of Punycode and Unicode
/// normalization bounded on hostile input. ASCII hosts are never limited.
pub(crate) const MAX_NON_ASCII_HOST_UTF16: usize = onecontact_idna::MAX_NON_ASCII_HOST_LEN;

/// A place in the text as given (before trimming): a byte offset and the
/// same place in UTF-16 code units (what editors and JavaScript count).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Offset {
    /// Bytes (UTF-8) from the start of the text as given.
    pub bytes: usize,
    /// UTF-16 code units from the start of the text as given.
    pub utf16: usize,
}

/// Why a text could not be read as a web address. Each variant has a stable
/// [`code`](WebError::code), the URL Standard's validation error where the
/// parser named one ([`validation_error`](WebError::validation_error)), the
/// [`offset`](WebError::offset) where it happened, and one message that says
/// what to fix. [`WebAddress::parse`](crate::WebAddress::parse), every
/// report, the command line and the web API give the same three for the
/// same text.
///
/// ```
/// let error = onecontact::WebAddress::parse("a.com:99999").unwrap_err();
/// assert_eq!(error.code(), "web.invalid-port");
/// assert_eq!(error.validation_error(), Some("port-out-of-range"));
/// assert_eq!(error.offset().bytes, 6);
/// assert_eq!(
///     error.to_string(),
///     "the port 99999 is larger than 65535, the highest port there is (port-out-of-range)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WebError {
    /// The text is empty or only white space.
    #[error("the address is empty")]
    Empty,
    /// The text is a relative reference (`/path`, `?q`, `#f`, `../x`) and
    /// there is no base URL to resolve it against.
    #[error(
        "{text} is a relative reference: it only means something against a base URL, so give one"
    )]
    RelativeWithoutBase {
        /// The text (trimmed).
        text: String,
    },
    /// A non-ASCII host is longer than `onecontact_idna::MAX_NON_ASCII_HOST_LEN` (4,096) UTF-16
    /// code units (a hardening limit, not in the URL Standard).
    #[error(
        "the host is {length} characters (UTF-16 code units) long and not plain ASCII; \
         a domain name is at most 253 characters, so this cannot be a real host \
         (hosts like this longer than {MAX_NON_ASCII_HOST_UTF16} are refused)"
    )]
    HostTooLong {
        /// The host's length in UTF-16 code units.
        length: usize,
        /// Where the host starts.
        at: Offset,
    },
    /// Key V2 refused a text that is no web address: its host has no dot
    /// and is not `localhost` (`n/a`, `none`, `TBD`, `-`), or no scheme was
    /// written and [`ContactKindDetector`](crate::ContactKindDetector) does
    /// not take it for a web address (`John.Smith`, `user@example.com`).
    /// Key V1 and [`WebAddress::parse`](crate::WebAddress::parse) read such
    /// text as the URL Standard does.
    #[error("{}", not_an_address(text, host, *reason))]
    NotAnAddress {
        /// The text (as read: trimmed, pasted punctuation left out).
        text: String,
        /// The host the URL parser would read.
        host: String,
        /// Which of the two tests refused it.
        reason: NotAnAddressReason,
    },
    /// The URL parser failed with a validation error.
    #[error("{}", message(*validation_error, detail.as_deref()))]
    Invalid {
        /// The validation error that made the parser fail.
        validation_error: ValidationError,
        /// Where the parser found it.
        at: Offset,
        /// What the message names: the host or port as written, or the
        /// character at fault.
        detail: Option<Box<str>>,
    },
}

/// Why key V2 refused a text ([`WebError::NotAnAddress`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotAnAddressReason {
    /// The host has no dot and is not `localhost` (`n/a`, `TBD`,
    /// `https://intranet/`).
    HostWithoutDot,
    /// No scheme was written and the text does not have a web address's
    /// shape ([`ContactKindDetector`](crate::ContactKindDetector)):
    /// `John.Smith`, `user@example.com`, `example.invalidtld`.
    NoWebAddressShape,
}

/// The message of [`WebError::NotAnAddress`].
fn not_an_address(text: &str, host: &str, reason: NotAnAddressReason) -> String {
    match reason {
        NotAnAddressReason::HostWithoutDot => format!(
            "{text} is not a web address: its host {host} has no dot and is not localhost, \
             so it names no site (write a domain such as example.com, localhost or an IP \
             address); it is left out instead of keyed"
        ),
        NotAnAddressReason::NoWebAddressShape => format!(
            "{text} is not a web address: with no scheme written it needs the shape of one, a \
             domain under a known top-level domain (example.com/page) or a text starting with \
             www.; write the scheme (https://) if it is one; it is left out instead of keyed"
        ),
    }
}

/// What a failure's code is: one of the `web.*` codes of the contact layer's
/// one error catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WebErrorCode {
    /// `web.host-missing`.
    HostMissing,
    /// `web.invalid-host`.
    InvalidHost,
    /// `web.invalid-port`.
    InvalidPort,
    /// `web.invalid-url`.
    InvalidUrl,
}

impl WebErrorCode {
    /// The stable code text.
    pub fn as_str(self) -> &'static str {
        match self {
            WebErrorCode::HostMissing => "web.host-missing",
            WebErrorCode::InvalidHost => "web.invalid-host",
            WebErrorCode::InvalidPort => "web.invalid-port",
            WebErrorCode::InvalidUrl => "web.invalid-url",
        }
    }

    /// The code of a parser failure with `error`.
    pub fn of_validation_error(error: ValidationError) -> WebErrorCode {
        use ValidationError as E;
        match error {
            E::HostMissing => WebErrorCode::HostMissing,
            E::PortInvalid | E::PortOutOfRange => WebErrorCode::InvalidPort,
            E::DomainToAscii
            | E::DomainInvalidCodePoint
            | E::DomainPercentEncoded
            | E::HostInvalidCodePoint
            | E::Ipv4EmptyPart
            | E::Ipv4TooFewParts
            | E::Ipv4TooManyParts
            | E::Ipv4NonNumericPart
            | E::Ipv4NonDecimalPart
            | E::Ipv4OutOfRangePart
            | E::Ipv6Unclosed
            | E::Ipv6InvalidCompression
            | E::Ipv6TooManyPieces
            | E::Ipv6MultipleCompression
            | E::Ipv6InvalidCodePoint
            | E::Ipv6TooFewPieces
            | E::Ipv6PieceLeadingZero
            | E::Ipv4InIpv6TooManyPieces
            | E::Ipv4InIpv6InvalidCodePoint
            | E::Ipv4InIpv6OutOfRangePart
            | E::Ipv4InIpv6TooFewParts
            | E::FileInvalidWindowsDriveLetterHost => WebErrorCode::InvalidHost,
            _ => WebErrorCode::InvalidUrl,
        }
    }
}

impl WebError {
    /// The catalogue's message for the parser failure `error`, where
    /// `host` is the host as written (if known) and `at_failure` the text
    /// from the failure on: the sentence a [`WebError`] of that failure
    /// carries, for failures reported outside one (a setter's refusal, say).
    ///
    /// ```
    /// use onecontact::WebError;
    /// use onecontact_url::Url;
    ///
    /// let mut url = Url::parse("https://example.com/").unwrap();
    /// let error = url.set_host(Some("exa|mple.com")).unwrap_err();
    /// let onecontact_url::SetterError::Invalid(error) = error else { unreachable!() };
    /// let message = WebError::message_for(&error, Some("exa|mple.com"), "|mple.com");
    /// assert!(message.contains("\"|\" (U+007C)"), "{message}");
    /// ```
    pub fn message_for(error: &ParseError, host: Option<&str>, at_failure: &str) -> String {
        message(
            error.kind(),
            failure_detail(error, host, at_failure).as_deref(),
        )
    }

    /// The stable error code, one of `web.host-missing`, `web.invalid-host`,
    /// `web.invalid-port` or `web.invalid-url`.
    pub fn code(&self) -> &'static str {
        self.code_kind().as_str()
    }

    /// The code as an enum.
    pub fn code_kind(&self) -> WebErrorCode {
        match self {
            WebError::Empty => WebErrorCode::HostMissing,
            WebError::RelativeWithoutBase { .. } => WebErrorCode::InvalidUrl,
            WebError::HostTooLong { .. } | WebError::NotAnAddress { .. } => {
                WebErrorCode::InvalidHost
            }
            WebError::Invalid {
                validation_error, ..
            } => WebErrorCode::of_validation_error(*validation_error),
        }
    }

    /// The URL Standard's name of the validation error behind the failure
    /// (`port-out-of-range`, …); `missing-scheme-non-relative-URL` for a
    /// relative reference without a base; `None` for an empty text and the
    /// host length limit, which the Standard does not have.
    pub fn validation_error(&self) -> Option<&'static str> {
        self.validation_error_kind().map(ValidationError::name)
    }

    /// [`validation_error`](Self::validation_error) as the parser's enum.
    pub fn validation_error_kind(&self) -> Option<ValidationError> {
        match self {
            WebError::Invalid {
                validation_error, ..
            } => Some(*validation_error),
            WebError::RelativeWithoutBase { .. } => {
                Some(ValidationError::MissingSchemeNonRelativeUrl)
            }
            WebError::Empty | WebError::HostTooLong { .. } | WebError::NotAnAddress { .. } => None,
        }
    }

    /// Where the failure was found in the text as given (the start of the
    /// trimmed text for an empty or relative text).
    pub fn offset(&self) -> Offset {
        match self {
            WebError::Invalid { at, .. } | WebError::HostTooLong { at, .. } => *at,
            WebError::Empty
            | WebError::RelativeWithoutBase { .. }
            | WebError::NotAnAddress { .. } => Offset::default(),
        }
    }
}

/// How a sentence names a character: `a space`, `"<" (U+003C)`.
pub(crate) fn name_char(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        '\t' => "a tab".to_owned(),
        '\n' | '\r' => "a line break".to_owned(),
        '\u{a0}' => "a no-break space (U+00A0)".to_owned(),
        c if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
        c => format!("\"{c}\" (U+{:04X})", u32::from(c)),
    }
}

/// What the message of a parser failure names, taken from the text at the
/// failure: the host as written for host errors, the port digits for
/// `port-out-of-range`, the character at fault otherwise.
pub(crate) fn failure_detail(
    error: &ParseError,
    host: Option<&str>,
    at_failure: &str,
) -> Option<Box<str>> {
    use ValidationError as E;
    let kind = error.kind();
    let code = WebErrorCode::of_validation_error(kind);
    let detail: Option<String> = match (kind, error.code_point()) {
        (E::PortOutOfRange, _) => {
            let digits = at_failure.bytes().take_while(u8::is_ascii_digit).count();
            at_failure.get(..digits).map(str::to_owned)
        }
        // The parser names the character; whether it was written as it is
        // or percent-encoded is what the sentence adds.
        (E::HostInvalidCodePoint | E::DomainInvalidCodePoint, Some(c)) => Some(match host {
            Some(host) if !host.contains(c) && host.contains('%') => {
                format!("{} once percent-decoded", name_char(c))
            }
            _ => name_char(c),
        }),
        _ if code == WebErrorCode::InvalidHost => host.map(str::to_owned),
        (E::HostMissing | E::MissingSchemeNonRelativeUrl | E::InputTooLong, _) => None,
        (_, c) => c.or_else(|| at_failure.chars().next()).map(name_char),
    };
    detail.map(String::into_boxed_str)
}

/// The message of a parser failure: what is wrong and what to do, naming
/// `detail` (see [`failure_detail`]) when there is one.
fn message(error: ValidationError, detail: Option<&str>) -> String {
    use ValidationError as E;
    let name = error.name();
    let what = match (error, detail) {
        (E::HostMissing, _) => "the address has no host: write the site's name after the scheme, \
             as in https://example.com/"
            .to_owned(),
        (E::PortOutOfRange, Some(port)) => {
            format!("the port {port} is larger than 65535, the highest port there is")
        }
        (E::PortOutOfRange, None) => "the port is larger than 65535, the highest port there is".to_owned(),
        (E::PortInvalid, Some(c)) => format!(
            "the port (after the : that follows the host) must be digits only, as in example.com:8080, \
             but holds {c}"
        ),
        (E::HostInvalidCodePoint | E::DomainInvalidCodePoint, Some(c)) => {
            format!("the host contains {c}, which a host name cannot hold; remove it")
        }
        (E::DomainToAscii, Some(host)) => format!(
            "the host {host} is not a valid domain name: some label is not allowed in an \
             internationalized domain name (check for stray symbols, mixed scripts or a misplaced hyphen)"
        ),
        (E::DomainPercentEncoded, Some(host)) => {
            format!("the host {host} holds a percent-encoded byte that does not decode to a valid name")
        }
        (E::Ipv4OutOfRangePart, Some(host)) => format!(
            "the host {host} is read as an IPv4 address (it ends in a number), and a part of it is too \
             large: use four numbers from 0 to 255, as in 192.0.2.1"
        ),
        (E::Ipv4TooManyParts, Some(host)) => format!(
            "the host {host} is read as an IPv4 address (it ends in a number) but has more than four parts"
        ),
        (E::Ipv4NonNumericPart | E::Ipv4EmptyPart | E::Ipv4TooFewParts | E::Ipv4NonDecimalPart, Some(host)) => {
            format!(
                "the host {host} ends in a number, so it must be an IPv4 address, but it is not a valid one: \
                 use four numbers from 0 to 255, as in 192.0.2.1"
            )
        }
        (E::Ipv4InIpv6TooManyPieces
        | E::Ipv4InIpv6InvalidCodePoint
        | E::Ipv4InIpv6OutOfRangePart
        | E::Ipv4InIpv6TooFewParts, Some(host)) => {
            format!("the IPv4 part at the end of the bracketed IPv6 address {host} is not valid")
        }
        (E::Ipv6Unclosed
        | E::Ipv6InvalidCompression
        | E::Ipv6TooManyPieces
        | E::Ipv6MultipleCompression
        | E::Ipv6InvalidCodePoint
        | E::Ipv6TooFewPieces
        | E::Ipv6PieceLeadingZero, Some(host)) => format!(
            "the host {host} in square brackets is not a valid IPv6 address, as in [2001:db8::1]"
        ),
        (E::MissingSchemeNonRelativeUrl, _) => {
            "no scheme (such as https:) is written and there is no base URL to resolve the text against \
             (a base with an opaque path, such as about:blank or mailto:…, takes only a #fragment)"
                .to_owned()
        }
        (_, Some(detail)) if WebErrorCode::of_validation_error(error) == WebErrorCode::InvalidHost => {
            format!("the host {detail} is not valid: {}", error.description())
        }
        (_, Some(c)) => format!("{} ({c})", error.description()),
        (_, None) => error.description().to_owned(),
    };
    format!("{what} ({name})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ValidationError as E;

    fn invalid(error: ValidationError, detail: Option<&str>) -> WebError {
        WebError::Invalid {
            validation_error: error,
            at: Offset::default(),
            detail: detail.map(Into::into),
        }
    }

    #[test]
    fn codes_follow_the_validation_error() {
        let code = |e| invalid(e, None).code();
        assert_eq!(code(E::HostMissing), "web.host-missing");
        assert_eq!(code(E::PortOutOfRange), "web.invalid-port");
        assert_eq!(code(E::PortInvalid), "web.invalid-port");
        for e in [
            E::HostInvalidCodePoint,
            E::DomainInvalidCodePoint,
            E::DomainToAscii,
            E::Ipv4OutOfRangePart,
            E::Ipv4TooManyParts,
            E::Ipv4NonNumericPart,
            E::Ipv6Unclosed,
            E::Ipv6InvalidCodePoint,
            E::Ipv4InIpv6OutOfRangePart,
        ] {
            assert_eq!(code(e), "web.invalid-host", "{e}");
        }
        assert_eq!(code(E::MissingSchemeNonRelativeUrl), "web.invalid-url");
        assert_eq!(code(E::InvalidUrlUnit), "web.invalid-url");
        let long = WebError::HostTooLong {
            length: 5000,
            at: Offset::default(),
        };
        assert_eq!(long.code(), "web.invalid-host");
        assert_eq!(WebError::Empty.code(), "web.host-missing");
    }

    #[test]
    fn messages_say_what_to_fix_and_end_with_the_name() {
        let msg = |e, d| invalid(e, d).to_string();
        assert!(msg(E::PortOutOfRange, Some("99999")).contains("99999 is larger than 65535"));
        assert!(msg(E::PortInvalid, Some("\"x\" (U+0078)")).contains("digits"));
        assert!(msg(E::HostMissing, None).contains("https://example.com/"));
        assert!(msg(E::Ipv4OutOfRangePart, Some("1.2.3.256")).contains("0 to 255"));
        assert!(msg(E::Ipv6Unclosed, Some("[::1")).contains("IPv6"));
        assert!(msg(E::HostInvalidCodePoint, Some("a space")).contains("a space"));
        assert!(msg(E::HostMissing, None).ends_with("(host-missing)"));
        let long = WebError::HostTooLong {
            length: 5000,
            at: Offset::default(),
        };
        assert!(long.to_string().contains("5000"));
    }

    #[test]
    fn details_name_what_is_at_fault() {
        let d = |text: &str| match crate::Reader::new().read(text).url() {
            Err(WebError::Invalid { detail, .. }) => detail.as_deref().map(String::from),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(d("https://h:99999/x"), Some("99999".into()));
        assert_eq!(d("https://ex ample.com/"), Some("a space".into()));
        assert_eq!(d("foo://ex ample/"), Some("a space".into()));
        assert_eq!(
            d("https://ex%20ample.com/"),
            Some("a space once percent-decoded".into())
        );
        assert_eq!(d("https://a%zz.com/"), Some("\"%\" (U+0025)".into()));
        assert_eq!(d("https://1.2.3.256/"), Some("1.2.3.256".into()));
        assert_eq!(d("https://h:x/"), Some("\"x\" (U+0078)".into()));
        assert_eq!(d("https://"), None);
    }
}
