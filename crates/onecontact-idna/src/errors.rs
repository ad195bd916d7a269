//! Error types: which criterion failed, and in which label.

use crate::prelude::*;
use core::fmt;

/// The criterion a domain failed.
///
/// Each variant names the rule it stands for; the comment gives the status
/// code used for it in Unicode's `IdnaTestV2.txt`, so test failures can be
/// read against that file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A label starting with `xn--` is not valid Punycode (RFC 3492), or
    /// holds code points other than ASCII (status P4).
    #[error("the label starts with \"xn--\" but the rest is not valid Punycode")]
    InvalidPunycode,
    /// A Punycode label decodes to nothing, or to ASCII only, which the
    /// encoder would never have produced (status P4).
    #[error(
        "the \"xn--\" label decodes to an empty or all-ASCII label, which Punycode never encodes"
    )]
    PunycodeAsciiOnly,
    /// A label is not in Normalization Form C (validity criterion 1, status V1).
    #[error("the label is not in Unicode Normalization Form C")]
    NotNfc,
    /// A label has hyphens in both the third and fourth positions while
    /// CheckHyphens is on (criterion 2, status V2).
    #[error("the label has \"--\" in its third and fourth positions")]
    HyphenThirdFourth,
    /// A label begins or ends with a hyphen while CheckHyphens is on
    /// (criterion 3, status V3).
    #[error("the label begins or ends with a hyphen")]
    HyphenStartEnd,
    /// A label decoded from Punycode begins with `xn--` while CheckHyphens is
    /// off (criterion 4, status V4).
    #[error("the label decoded from Punycode itself begins with \"xn--\"")]
    XnPrefix,
    /// A label decoded from Punycode contains a full stop (criterion 5).
    #[error("the label decoded from Punycode contains a full stop")]
    FullStop,
    /// A label begins with a combining mark (criterion 6, status V6).
    #[error("the label begins with a combining mark (U+{:04X})", u32::from(*.0))]
    LeadingCombiningMark(char),
    /// A code point whose UTS #46 status is not allowed here: disallowed,
    /// or (in a Punycode label) mapped or ignored (criterion 7, status V7).
    /// Disallowed code points read as U+FFFD once mapped, so the code point
    /// reported may be U+FFFD.
    #[error("the code point U+{:04X} is not allowed in a domain", u32::from(*.0))]
    DisallowedCodePoint(char),
    /// An ASCII code point other than `a`–`z`, `0`–`9` and `-` while
    /// UseSTD3ASCIIRules is on (status U1).
    #[error("the ASCII code point U+{:04X} is not a letter, digit or hyphen (STD3 rules)", u32::from(*.0))]
    Std3Ascii(char),
    /// U+200C ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER outside the
    /// contexts RFC 5892 Appendix A allows (statuses C1, C2).
    #[error("the joiner U+{:04X} appears where RFC 5892 (ContextJ) does not allow it", u32::from(*.0))]
    ContextJ(char),
    /// The label breaks the numbered condition of the Bidi rule of RFC 5893
    /// section 2 (statuses B1–B6).
    #[error("the label breaks condition {0} of the Bidi rule (RFC 5893)")]
    Bidi(u8),
    /// An empty label while VerifyDnsLength is on (status A4_2).
    #[error("the label is empty")]
    EmptyLabel,
    /// A label longer than 63 octets while VerifyDnsLength is on (status A4_2).
    #[error("the label is longer than 63 octets")]
    LabelTooLong,
    /// The domain is empty or longer than 253 octets while VerifyDnsLength
    /// is on (status A4_1).
    #[error("the domain is empty or longer than 253 octets")]
    DomainLength,
    /// Punycode could not encode the label (status A3; with `&str` input
    /// this only happens past the hardening limit).
    #[error("the label could not be encoded as Punycode")]
    PunycodeEncode,
    /// The URL Standard's domain-to-ASCII produced the empty string.
    #[error("the domain is empty")]
    EmptyDomain,
    /// The result contains a forbidden domain code point (URL Standard).
    #[error("the domain contains the forbidden code point U+{:04X}", u32::from(*.0))]
    ForbiddenCodePoint(char),
    /// The input is not ASCII and longer than
    /// [`MAX_NON_ASCII_HOST_LEN`](crate::MAX_NON_ASCII_HOST_LEN) UTF-16 code
    /// units, or its `xn--` labels decode to more than that (this crate's
    /// hardening, not in any standard).
    #[error("the domain's Unicode form is longer than 4096 UTF-16 code units")]
    HostTooLong,
}

/// One failed criterion and where it failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IdnaError {
    /// What failed.
    #[cfg_attr(feature = "serde", serde(serialize_with = "serialize_kind"))]
    pub kind: ErrorKind,
    /// Zero-based index of the label (after mapping) that failed, or `None`
    /// when the criterion concerns the whole domain.
    pub label: Option<usize>,
}

#[cfg(feature = "serde")]
fn serialize_kind<S: serde::Serializer>(kind: &ErrorKind, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(kind)
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label {
            Some(i) => write!(f, "label {}: {}", i + 1, self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl core::error::Error for IdnaError {}

/// Every criterion a domain failed, in the order they were found.
///
/// Never empty. For the URL parser, [`IdnaErrors::validation_error_name`]
/// gives the URL Standard's validation-error name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IdnaErrors {
    /// The errors; kept as a `Vec` only when there are two or more, so a
    /// single error costs no allocation.
    errors: Errors,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Errors {
    One([IdnaError; 1]),
    Many(Vec<IdnaError>),
}

#[cfg(feature = "serde")]
impl serde::Serialize for IdnaErrors {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.errors())
    }
}

impl IdnaErrors {
    pub(crate) fn single(kind: ErrorKind, label: Option<usize>) -> Self {
        IdnaErrors {
            errors: Errors::One([IdnaError { kind, label }]),
        }
    }

    pub(crate) fn from_vec(mut errors: Vec<IdnaError>) -> Option<Self> {
        let errors = match errors.len() {
            0 => return None,
            1 => Errors::One([errors.pop()?]),
            _ => Errors::Many(errors),
        };
        Some(IdnaErrors { errors })
    }

    /// The errors, in the order found (label by label).
    pub fn errors(&self) -> &[IdnaError] {
        match &self.errors {
            Errors::One(one) => one,
            Errors::Many(many) => many,
        }
    }

    /// The first error found.
    pub fn first(&self) -> Option<&IdnaError> {
        self.errors().first()
    }

    /// Whether any error is of this kind.
    pub fn contains(&self, kind: ErrorKind) -> bool {
        self.errors().iter().any(|e| e.kind == kind)
    }

    /// Whether the failure is a forbidden domain code point in the result
    /// (URL Standard), rather than a UTS #46 criterion.
    pub fn is_forbidden_code_point(&self) -> bool {
        self.errors()
            .iter()
            .any(|e| matches!(e.kind, ErrorKind::ForbiddenCodePoint(_)))
    }

    /// The URL Standard validation-error name for this failure:
    /// `"domain-invalid-code-point"` when the result held a forbidden domain
    /// code point, otherwise `"domain-to-ASCII"`.
    ///
    /// The 2026-07 Standard reports both under `domain-to-ASCII` (the
    /// forbidden-code-point check moved into "domain to ASCII"); the older
    /// name is offered because it is more precise for people reading errors.
    pub fn validation_error_name(&self) -> &'static str {
        if self.is_forbidden_code_point() {
            "domain-invalid-code-point"
        } else {
            "domain-to-ASCII"
        }
    }
}

impl fmt::Display for IdnaErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for e in self.errors() {
            if !first {
                f.write_str("; ")?;
            }
            first = false;
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl core::error::Error for IdnaErrors {}
