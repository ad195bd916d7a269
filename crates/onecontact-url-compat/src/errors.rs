//! `url`'s error enums: [`ParseError`] (why parsing failed) and
//! [`SyntaxViolation`] (a non-fatal validation error), mapped from the
//! URL Standard's validation errors that `onecontact_url` reports.

use core::fmt;

use onecontact_url::ValidationError as V;

/// Why a URL could not be parsed: `url`'s coarse kinds. Each is one or more
/// of the URL Standard's validation errors that make parsing fail.
///
/// This may be extended in the future so exhaustive matching is forbidden.
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// `host-missing`: a special URL, or one with credentials or a port, has an empty host.
    EmptyHost,
    /// `domain-to-ASCII`: the domain failed IDNA processing.
    IdnaError,
    /// `port-out-of-range` or `port-invalid`.
    InvalidPort,
    /// One of the `IPv4-…` failures.
    InvalidIpv4Address,
    /// One of the `IPv6-…` and `IPv4-in-IPv6-…` failures.
    InvalidIpv6Address,
    /// `domain-invalid-code-point` or `host-invalid-code-point`.
    InvalidDomainCharacter,
    /// `missing-scheme-non-relative-URL` without a base URL.
    RelativeUrlWithoutBase,
    /// `missing-scheme-non-relative-URL` with a base URL that has an opaque path.
    RelativeUrlWithCannotBeABaseBase,
    /// A host was set on a URL with an opaque path.
    SetHostOnCannotBeABaseUrl,
    /// The URL would be longer than 4 GiB.
    Overflow,
}

impl ParseError {
    /// The `url` kind of a failure of `onecontact_url`'s parser;
    /// `opaque_base` tells whether the base URL given has an opaque path.
    pub(crate) fn from_standard(error: &onecontact_url::ParseError, opaque_base: bool) -> Self {
        Self::from_kind(error.kind(), opaque_base)
    }

    pub(crate) fn from_kind(kind: V, opaque_base: bool) -> Self {
        match kind {
            V::DomainToAscii => Self::IdnaError,
            V::HostMissing => Self::EmptyHost,
            V::PortOutOfRange | V::PortInvalid => Self::InvalidPort,
            V::Ipv4EmptyPart
            | V::Ipv4TooFewParts
            | V::Ipv4TooManyParts
            | V::Ipv4NonNumericPart
            | V::Ipv4NonDecimalPart
            | V::Ipv4OutOfRangePart => Self::InvalidIpv4Address,
            V::Ipv6Unclosed
            | V::Ipv6InvalidCompression
            | V::Ipv6TooManyPieces
            | V::Ipv6MultipleCompression
            | V::Ipv6InvalidCodePoint
            | V::Ipv6TooFewPieces
            | V::Ipv6PieceLeadingZero
            | V::Ipv4InIpv6TooManyPieces
            | V::Ipv4InIpv6InvalidCodePoint
            | V::Ipv4InIpv6OutOfRangePart
            | V::Ipv4InIpv6TooFewParts => Self::InvalidIpv6Address,
            V::MissingSchemeNonRelativeUrl if opaque_base => Self::RelativeUrlWithCannotBeABaseBase,
            V::MissingSchemeNonRelativeUrl => Self::RelativeUrlWithoutBase,
            V::InputTooLong => Self::Overflow,
            // The remaining kinds never make parsing fail; the code-point
            // failures of hosts are the one family left.
            _ => Self::InvalidDomainCharacter,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::EmptyHost => "empty host",
            Self::IdnaError => "invalid international domain name",
            Self::InvalidPort => "invalid port number",
            Self::InvalidIpv4Address => "invalid IPv4 address",
            Self::InvalidIpv6Address => "invalid IPv6 address",
            Self::InvalidDomainCharacter => "invalid domain character",
            Self::RelativeUrlWithoutBase => "relative URL without a base",
            Self::RelativeUrlWithCannotBeABaseBase => "relative URL with a cannot-be-a-base base",
            Self::SetHostOnCannotBeABaseUrl => "a cannot-be-a-base URL doesn’t have a host to set",
            Self::Overflow => "URLs more than 4 GB are not supported",
        })
    }
}

impl core::error::Error for ParseError {}

/// A non-fatal syntax violation (one of the URL Standard's validation
/// errors, under `url`'s name), reported through
/// [`ParseOptions::syntax_violation_callback`](crate::ParseOptions::syntax_violation_callback).
///
/// This may be extended in the future so exhaustive matching is forbidden.
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
#[non_exhaustive]
pub enum SyntaxViolation {
    /// `invalid-reverse-solidus`: a `\` where a special URL wants `/`.
    Backslash,
    /// C0 controls or spaces before or after the URL, dropped.
    C0SpaceIgnored,
    /// `invalid-credentials`: a username or password in the URL.
    EmbeddedCredentials,
    /// `special-scheme-missing-following-solidus`.
    ExpectedDoubleSlash,
    /// `special-scheme-missing-following-solidus` after `file:`.
    ExpectedFileDoubleSlash,
    /// `file-invalid-Windows-drive-letter-host`.
    FileWithHostAndWindowsDrive,
    /// `invalid-URL-unit`: a code point URLs do not allow.
    NonUrlCodePoint,
    /// `invalid-URL-unit`: U+0000 in the fragment.
    NullInFragment,
    /// `invalid-URL-unit`: a `%` not followed by two hexadecimal digits.
    PercentDecode,
    /// `invalid-URL-unit`: a tab or newline, dropped.
    TabOrNewlineIgnored,
    /// `invalid-credentials`: an `@` in the username or password.
    UnencodedAtSign,
}

impl SyntaxViolation {
    /// `url`'s description of the violation.
    pub fn description(&self) -> &'static str {
        match self {
            Self::Backslash => "backslash",
            Self::C0SpaceIgnored => {
                "leading or trailing control or space character are ignored in URLs"
            }
            Self::EmbeddedCredentials => {
                "embedding authentication information (username or password) in an URL is not recommended"
            }
            Self::ExpectedDoubleSlash => "expected //",
            Self::ExpectedFileDoubleSlash => "expected // after file:",
            Self::FileWithHostAndWindowsDrive => "file: with host and Windows drive letter",
            Self::NonUrlCodePoint => "non-URL code point",
            Self::NullInFragment => "NULL characters are ignored in URL fragment identifiers",
            Self::PercentDecode => "expected 2 hex digits after %",
            Self::TabOrNewlineIgnored => "tabs or newlines are ignored in URLs",
            Self::UnencodedAtSign => "unencoded @ sign in username or password",
        }
    }

    /// The same violation under this crate's type.
    pub(crate) fn from_standard(v: onecontact_url::SyntaxViolation) -> Option<Self> {
        use onecontact_url::SyntaxViolation as S;
        Some(match v {
            S::Backslash => Self::Backslash,
            S::C0SpaceIgnored => Self::C0SpaceIgnored,
            S::EmbeddedCredentials => Self::EmbeddedCredentials,
            S::ExpectedDoubleSlash => Self::ExpectedDoubleSlash,
            S::ExpectedFileDoubleSlash => Self::ExpectedFileDoubleSlash,
            S::FileWithHostAndWindowsDrive => Self::FileWithHostAndWindowsDrive,
            S::NonUrlCodePoint => Self::NonUrlCodePoint,
            S::NullInFragment => Self::NullInFragment,
            S::PercentDecode => Self::PercentDecode,
            S::TabOrNewlineIgnored => Self::TabOrNewlineIgnored,
            S::UnencodedAtSign => Self::UnencodedAtSign,
            _ => return None,
        })
    }
}

impl fmt::Display for SyntaxViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.description(), f)
    }
}
