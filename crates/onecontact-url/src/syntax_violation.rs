//! The `url` crate's names for non-fatal validation errors
//! ([`SyntaxViolation`]), reported through
//! [`ParseOptions::syntax_violation_callback`](crate::ParseOptions::syntax_violation_callback).

use crate::validation::{Validation, ValidationError};

/// A non-fatal validation error under the `url` crate's name. The URL
/// Standard's own names, with byte offsets, come from
/// [`ParseOptions::validation_sink`](crate::ParseOptions::validation_sink);
/// this is the coarser view `url` gives, for programs written against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxViolation {
    /// A `\` where a special URL wants `/` (`invalid-reverse-solidus`).
    Backslash,
    /// C0 controls or spaces before or after the URL, dropped.
    C0SpaceIgnored,
    /// A username or password in the URL (`invalid-credentials`).
    EmbeddedCredentials,
    /// A special URL without `//` after its scheme.
    ExpectedDoubleSlash,
    /// A `file:` URL without `//` after its scheme.
    ExpectedFileDoubleSlash,
    /// A `file:` URL with a host and a Windows drive letter.
    FileWithHostAndWindowsDrive,
    /// A code point that URLs do not allow, percent-encoded.
    NonUrlCodePoint,
    /// A U+0000 in the fragment.
    NullInFragment,
    /// A `%` not followed by two hexadecimal digits.
    PercentDecode,
    /// A tab or newline in the input, dropped.
    TabOrNewlineIgnored,
    /// An `@` in the credentials, percent-encoded.
    UnencodedAtSign,
}

impl SyntaxViolation {
    /// What the violation means, in a few words.
    pub fn description(&self) -> &'static str {
        match self {
            Self::Backslash => "a backslash where a slash belongs",
            Self::C0SpaceIgnored => "control characters or spaces around the URL were dropped",
            Self::EmbeddedCredentials => "the URL carries a username or password",
            Self::ExpectedDoubleSlash => "// was expected after the scheme",
            Self::ExpectedFileDoubleSlash => "// was expected after file:",
            Self::FileWithHostAndWindowsDrive => "a file: URL with both a host and a drive letter",
            Self::NonUrlCodePoint => "a code point URLs do not allow",
            Self::NullInFragment => "a NUL character in the fragment",
            Self::PercentDecode => "a % without two hexadecimal digits after it",
            Self::TabOrNewlineIgnored => "tabs or newlines in the URL were dropped",
            Self::UnencodedAtSign => "an @ in the username or password",
        }
    }

    /// The `url` name of the Standard's validation error `v` in `input`, if
    /// `url` has one: `invalid-URL-unit` splits by the code point at the
    /// error's offset, `special-scheme-missing-following-solidus` by
    /// whether the scheme is `file`.
    pub(crate) fn of(v: &Validation, input: &str) -> Option<Self> {
        let at = input.get(v.offset..).and_then(|rest| rest.chars().next());
        Some(match v.kind {
            ValidationError::InvalidReverseSolidus => Self::Backslash,
            ValidationError::InvalidCredentials => {
                if at == Some('@') && input.get(..v.offset).is_some_and(|head| head.contains('@')) {
                    Self::UnencodedAtSign
                } else {
                    Self::EmbeddedCredentials
                }
            }
            ValidationError::SpecialSchemeMissingFollowingSolidus => {
                let scheme = input.trim_start_matches(|c: char| c <= ' ');
                if scheme
                    .get(..5)
                    .is_some_and(|s| s.eq_ignore_ascii_case("file:"))
                {
                    Self::ExpectedFileDoubleSlash
                } else {
                    Self::ExpectedDoubleSlash
                }
            }
            ValidationError::FileInvalidWindowsDriveLetterHost => Self::FileWithHostAndWindowsDrive,
            ValidationError::InvalidUrlUnit => {
                let c0_or_space = |c: char| c <= ' ';
                let lead = input.len() - input.trim_start_matches(c0_or_space).len();
                let trail = input.trim_end_matches(c0_or_space).len();
                match at {
                    _ if v.offset < lead || v.offset >= trail => Self::C0SpaceIgnored,
                    Some('\t' | '\n' | '\r') => Self::TabOrNewlineIgnored,
                    Some('%') => Self::PercentDecode,
                    Some('\0') => Self::NullInFragment,
                    _ => Self::NonUrlCodePoint,
                }
            }
            _ => return None,
        })
    }
}

impl core::fmt::Display for SyntaxViolation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.description())
    }
}
