//! Validation errors (<https://url.spec.whatwg.org/#validation-error>), parse failures and setter
//! refusals.
//!
//! Every failure of the parser is caused by exactly one validation error of the
//! Standard, so [`ParseError`] carries that error's [`ValidationError`] kind and
//! the byte offset in the original input where it was detected. Non-fatal
//! validation errors are only computed when a caller asks for them (see
//! [`crate::Url::parse_with_errors`]); [`Validation`] is one such report.

use core::fmt;

/// A validation error named by the URL Standard (plus one for oversized input).
///
/// [`ValidationError::name`] gives the Standard's name, e.g. `"port-out-of-range"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ValidationError {
    /// `domain-to-ASCII`: Unicode ToASCII failed on the domain.
    DomainToAscii,
    /// `domain-invalid-code-point`: the domain holds a forbidden domain code point
    /// (the name earlier editions of the Standard gave this failure).
    DomainInvalidCodePoint,
    /// `domain-percent-encoded`: the host to be processed as a domain holds a percent-encoded byte.
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host holds a forbidden host code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with a dot.
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address has fewer than 4 parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address has more than 4 parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: an IPv4 address part is not a number.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: an IPv4 address part is written in hexadecimal or octal.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: an IPv4 address part exceeds 255.
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`: an IPv6 address lacks its closing `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with a lone `:`.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address has more than 8 pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address holds `::` more than once.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an IPv6 address holds something other than hex digits and `:`, or ends early.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than 8 pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: an IPv6 piece has a leading zero.
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: an IPv6 address with an embedded IPv4 address has more than 6 pieces.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: an embedded IPv4 part is empty, not a digit, has a leading zero or there are too many parts.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: an embedded IPv4 part exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: an embedded IPv4 address has too few parts.
    Ipv4InIpv6TooFewParts,
    /// `invalid-URL-unit`: a code point that is not a URL unit (or a stray `%`).
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme and no usable base URL.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: a special URL uses `\` instead of `/`.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the input includes credentials.
    InvalidCredentials,
    /// `host-missing`: a special URL (or a URL with credentials or port) lacks a host.
    HostMissing,
    /// `port-out-of-range`: the port exceeds 65535.
    PortOutOfRange,
    /// `port-invalid`: the port holds something other than digits.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative file URL starts with a drive letter.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a file URL's host is a drive letter.
    FileInvalidWindowsDriveLetterHost,
    /// `input-too-long` (not in the Standard): the URL would exceed 4 GiB, which
    /// this implementation's 32-bit offsets cannot address.
    InputTooLong,
}

impl ValidationError {
    /// The Standard's name for this validation error, e.g. `"IPv4-out-of-range-part"`.
    pub const fn name(self) -> &'static str {
        use ValidationError as E;
        match self {
            E::DomainToAscii => "domain-to-ASCII",
            E::DomainInvalidCodePoint => "domain-invalid-code-point",
            E::DomainPercentEncoded => "domain-percent-encoded",
            E::HostInvalidCodePoint => "host-invalid-code-point",
            E::Ipv4EmptyPart => "IPv4-empty-part",
            E::Ipv4TooFewParts => "IPv4-too-few-parts",
            E::Ipv4TooManyParts => "IPv4-too-many-parts",
            E::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            E::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            E::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            E::Ipv6Unclosed => "IPv6-unclosed",
            E::Ipv6InvalidCompression => "IPv6-invalid-compression",
            E::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            E::Ipv6MultipleCompression => "IPv6-multiple-compression",
            E::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            E::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            E::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            E::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            E::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            E::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            E::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            E::InvalidUrlUnit => "invalid-URL-unit",
            E::SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            E::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            E::InvalidReverseSolidus => "invalid-reverse-solidus",
            E::InvalidCredentials => "invalid-credentials",
            E::HostMissing => "host-missing",
            E::PortOutOfRange => "port-out-of-range",
            E::PortInvalid => "port-invalid",
            E::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            E::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
            E::InputTooLong => "input-too-long",
        }
    }

    /// A sentence saying what is wrong, for error messages.
    pub const fn description(self) -> &'static str {
        use ValidationError as E;
        match self {
            E::DomainToAscii => "the domain is not a valid internationalized domain name",
            E::DomainInvalidCodePoint => "the domain contains a character not allowed in domains",
            E::DomainPercentEncoded => "the domain contains percent-encoded bytes",
            E::HostInvalidCodePoint => "the host contains a character not allowed in hosts",
            E::Ipv4EmptyPart => "the IPv4 address ends with a dot",
            E::Ipv4TooFewParts => "the IPv4 address has fewer than four parts",
            E::Ipv4TooManyParts => {
                "the host looks like an IPv4 address but has more than four parts"
            }
            E::Ipv4NonNumericPart => {
                "the host ends in a number but one of its parts is not a number"
            }
            E::Ipv4NonDecimalPart => "the IPv4 address uses hexadecimal or octal numbers",
            E::Ipv4OutOfRangePart => "an IPv4 address part is larger than allowed",
            E::Ipv6Unclosed => "the IPv6 address is missing its closing ']'",
            E::Ipv6InvalidCompression => "the IPv6 address starts with a single ':'",
            E::Ipv6TooManyPieces => "the IPv6 address has more than eight pieces",
            E::Ipv6MultipleCompression => "the IPv6 address contains '::' more than once",
            E::Ipv6InvalidCodePoint => {
                "the IPv6 address contains an unexpected character or ends early"
            }
            E::Ipv6TooFewPieces => "the IPv6 address has fewer than eight pieces and no '::'",
            E::Ipv6PieceLeadingZero => "an IPv6 address piece has a leading zero",
            E::Ipv4InIpv6TooManyPieces => {
                "the IPv6 address has too many pieces before its embedded IPv4 address"
            }
            E::Ipv4InIpv6InvalidCodePoint => {
                "the IPv4 address inside the IPv6 address is malformed"
            }
            E::Ipv4InIpv6OutOfRangePart => {
                "a part of the IPv4 address inside the IPv6 address exceeds 255"
            }
            E::Ipv4InIpv6TooFewParts => {
                "the IPv4 address inside the IPv6 address has fewer than four parts"
            }
            E::InvalidUrlUnit => "the input contains a character that is not allowed in URLs",
            E::SpecialSchemeMissingFollowingSolidus => "the scheme is not followed by '//'",
            E::MissingSchemeNonRelativeUrl => {
                "the input has no scheme and there is no base URL to resolve it against"
            }
            E::InvalidReverseSolidus => "the URL uses '\\' where '/' belongs",
            E::InvalidCredentials => "the URL contains a username or password",
            E::HostMissing => "the URL needs a host but has none",
            E::PortOutOfRange => "the port is larger than 65535",
            E::PortInvalid => "the port must consist of digits only",
            E::FileInvalidWindowsDriveLetter => {
                "a relative file URL starts with a Windows drive letter"
            }
            E::FileInvalidWindowsDriveLetterHost => "the file URL's host is a Windows drive letter",
            E::InputTooLong => "the URL is longer than 4 GiB",
        }
    }

    /// Whether the Standard lists this error as one that makes parsing fail
    /// (some, like `IPv4-out-of-range-part`, only fail in some positions).
    pub const fn can_fail(self) -> bool {
        use ValidationError as E;
        !matches!(
            self,
            E::DomainPercentEncoded
                | E::Ipv4EmptyPart
                | E::Ipv4TooFewParts
                | E::Ipv4NonDecimalPart
                | E::Ipv6PieceLeadingZero
                | E::InvalidUrlUnit
                | E::SpecialSchemeMissingFollowingSolidus
                | E::InvalidReverseSolidus
                | E::InvalidCredentials
                | E::FileInvalidWindowsDriveLetter
                | E::FileInvalidWindowsDriveLetterHost
        )
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One validation error reported while parsing, with the byte offset in the
/// original input where it was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Validation {
    /// Which validation error.
    pub kind: ValidationError,
    /// Byte offset in the input as given (before trimming and tab/newline removal).
    pub offset: usize,
}

/// Why an input is not a URL: the validation error that made the parser fail,
/// where, and, when the failing step had one, the code point at fault and the
/// IDNA criterion that failed.
///
/// ```
/// use onecontact_url::{Url, ValidationError};
///
/// let error = Url::parse("https://exa mple.com/").unwrap_err();
/// assert_eq!(error.kind(), ValidationError::DomainInvalidCodePoint);
/// assert_eq!(error.code_point(), Some(' '));
/// assert_eq!(error.offset(), 11);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid URL: {} ({}) at byte {offset}", kind.description(), kind.name())]
#[non_exhaustive]
pub struct ParseError {
    kind: ValidationError,
    code_point: Option<char>,
    offset: usize,
    idna: Option<onecontact_idna::ErrorKind>,
}

impl ParseError {
    pub(crate) const fn new(kind: ValidationError, offset: usize) -> Self {
        ParseError {
            kind,
            code_point: None,
            offset,
            idna: None,
        }
    }

    /// The same error naming `code_point` as the one at fault.
    pub(crate) const fn with_code_point(mut self, code_point: Option<char>) -> Self {
        self.code_point = code_point;
        self
    }

    /// The same error with the IDNA criterion behind a `domain-to-ASCII` failure.
    pub(crate) const fn with_idna(mut self, idna: Option<onecontact_idna::ErrorKind>) -> Self {
        self.idna = idna;
        self
    }

    /// The same error at offset `offset`.
    pub(crate) const fn at(mut self, offset: usize) -> Self {
        self.offset = offset;
        self
    }

    /// The same error with its offset moved by `by` bytes.
    pub(crate) const fn shifted(self, by: usize) -> Self {
        let offset = self.offset + by;
        self.at(offset)
    }

    /// The validation error that caused the failure.
    pub const fn kind(&self) -> ValidationError {
        self.kind
    }

    /// Byte offset in the original input where the failure was detected.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The code point at fault, when the failing step names one: the
    /// forbidden host or domain code point (after percent-decoding, for a
    /// domain written with `%XX`), the character that is not a digit in a
    /// port, the unexpected character in an IPv6 address, or the code point
    /// an IDNA criterion refused.
    ///
    /// ```
    /// use onecontact_url::{Url, ValidationError};
    ///
    /// // Percent-decoded before the check: the error names the decoded character.
    /// let error = Url::parse("https://a%7Cb.com/").unwrap_err();
    /// assert_eq!(error.kind(), ValidationError::DomainInvalidCodePoint);
    /// assert_eq!(error.code_point(), Some('|'));
    /// assert_eq!(Url::parse("https://a.com:8x/").unwrap_err().code_point(), Some('x'));
    /// assert_eq!(Url::parse("https://a.com:99999/").unwrap_err().code_point(), None);
    /// ```
    pub const fn code_point(&self) -> Option<char> {
        self.code_point
    }

    /// For a failure of the domain-to-ASCII step, the first IDNA criterion
    /// the domain failed (for example
    /// [`HostTooLong`](onecontact_idna::ErrorKind::HostTooLong) for a
    /// non-ASCII host past the hardening limit).
    ///
    /// ```
    /// use onecontact_idna::ErrorKind;
    /// use onecontact_url::Url;
    ///
    /// let long = format!("https://{}/", "é".repeat(5000));
    /// assert_eq!(Url::parse(&long).unwrap_err().idna_error(), Some(ErrorKind::HostTooLong));
    /// assert_eq!(Url::parse("https://a.com:1x/").unwrap_err().idna_error(), None);
    /// ```
    pub const fn idna_error(&self) -> Option<onecontact_idna::ErrorKind> {
        self.idna
    }
}

/// Why a setter refused a value. The URL is left unchanged whenever a setter
/// returns an error (the JavaScript API silently ignores these cases).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetterError {
    /// The value does not parse; for `set_href` the offset is in the value.
    #[error("value refused: {0}")]
    Invalid(ParseError),
    /// The URL has no host, an empty host, or is a `file:` URL, so it cannot
    /// have a username, password or port.
    #[error("this URL cannot have a username, password or port (it has no host or is a file: URL)")]
    CannotHaveCredentialsOrPort,
    /// The URL has an opaque path (like `mailto:` or `data:` URLs), so its
    /// host and path cannot be set.
    #[error("this URL has an opaque path, so its host and path cannot be changed")]
    OpaquePath,
    /// The value is not a scheme (it must start with an ASCII letter and hold
    /// only letters, digits, `+`, `-` and `.`).
    #[error("not a valid scheme")]
    InvalidScheme,
    /// Changing between a special scheme (http, https, ws, wss, ftp, file) and
    /// another scheme is not allowed, nor switching to `file:` while the URL has
    /// credentials or a port, nor leaving `file:` while the host is empty.
    #[error("the scheme cannot be changed to this value for this URL")]
    SchemeChangeNotAllowed,
    /// The hostname setter was given a value containing a port.
    #[error("the hostname must not contain a port; use set_host or set_port")]
    PortNotAllowed,
    /// An empty host was given for a URL whose credentials or port require a host.
    #[error("the host cannot be empty while the URL has credentials or a port")]
    HostRequired,
    /// The port value does not start with a digit.
    #[error("the port must start with a digit")]
    PortInvalid,
}
