//! UTS #46 (Unicode IDNA Compatibility Processing): ToASCII and ToUnicode
//! with every flag of revision 36.

use crate::prelude::*;

mod mapping;
mod process;
mod scratch;
mod validity;

use alloc::borrow::Cow;

use crate::errors::{ErrorKind, IdnaError, IdnaErrors};

/// The UTS #46 flags, and the ToASCII / ToUnicode operations they steer.
///
/// [`Uts46::default()`] is [`Uts46::STRICT`]: every check on,
/// nontransitional. [`Uts46::RELAXED`] is what the URL Standard's domain
/// parser uses when `beStrict` is false.
///
/// ```
/// use onecontact_idna::Uts46;
/// let strict = Uts46::STRICT;
/// assert_eq!(strict.to_ascii("Bücher.example").unwrap(), "xn--bcher-kva.example");
/// assert!(strict.to_ascii("a_b.example").is_err()); // STD3 rules
/// assert!(Uts46::RELAXED.to_ascii("a_b.example").is_ok());
/// let (unicode, result) = strict.to_unicode("xn--bcher-kva.example");
/// assert_eq!(unicode, "bücher.example");
/// assert!(result.is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uts46 {
    /// CheckHyphens: no `-` at the start or end of a label, nor in both
    /// its third and fourth positions. When off, a label decoded from
    /// Punycode may still not begin with `xn--`.
    pub check_hyphens: bool,
    /// CheckBidi: in a domain with a right-to-left label, every label
    /// follows the Bidi rule of RFC 5893.
    pub check_bidi: bool,
    /// CheckJoiners: U+200C and U+200D only where RFC 5892 Appendix A
    /// allows them.
    pub check_joiners: bool,
    /// UseSTD3ASCIIRules: the only ASCII allowed in a label is `a`–`z`,
    /// `0`–`9` and `-`.
    pub use_std3_ascii_rules: bool,
    /// Transitional_Processing (deprecated by UTS #46): map `ß`, `ẞ` to
    /// `ss`, `ς` to `σ` and drop U+200C/U+200D before the ordinary mapping.
    pub transitional_processing: bool,
    /// VerifyDnsLength (ToASCII only): the result is 1 to 253 octets
    /// without a trailing dot, every label 1 to 63 octets, and there is no
    /// empty label (not even a trailing root label).
    pub verify_dns_length: bool,
    /// IgnoreInvalidPunycode: an `xn--` label whose rest is not valid
    /// Punycode is kept as it is, without error and without further checks.
    pub ignore_invalid_punycode: bool,
}

impl Default for Uts46 {
    fn default() -> Self {
        Self::STRICT
    }
}

impl Uts46 {
    /// Every check on, nontransitional: the URL Standard's "domain parser
    /// ToASCII" with `beStrict` true.
    pub const STRICT: Uts46 = Uts46 {
        check_hyphens: true,
        check_bidi: true,
        check_joiners: true,
        use_std3_ascii_rules: true,
        transitional_processing: false,
        verify_dns_length: true,
        ignore_invalid_punycode: false,
    };

    /// The URL Standard's "domain parser ToASCII" with `beStrict` false,
    /// which is also the flag set of its "domain to Unicode": CheckBidi and
    /// CheckJoiners on, the rest off.
    pub const RELAXED: Uts46 = Uts46 {
        check_hyphens: false,
        check_bidi: true,
        check_joiners: true,
        use_std3_ascii_rules: false,
        transitional_processing: false,
        verify_dns_length: false,
        ignore_invalid_punycode: false,
    };

    /// UTS #46 ToASCII.
    ///
    /// Returns the input itself (borrowed) when it is already the answer,
    /// which is the case for lowercase ASCII without `xn--` labels. A
    /// non-ASCII input longer than [`crate::MAX_NON_ASCII_HOST_LEN`] UTF-16
    /// code units, or `xn--` labels decoding to more than that in total,
    /// fail with [`ErrorKind::HostTooLong`].
    pub fn to_ascii<'a>(&self, domain: &'a str) -> Result<Cow<'a, str>, IdnaErrors> {
        self.run_to_ascii(domain, false)
    }

    /// ToASCII; with `first_error_only`, stops at the first failed
    /// criterion and reports only that one.
    pub(crate) fn run_to_ascii<'a>(
        &self,
        domain: &'a str,
        first_error_only: bool,
    ) -> Result<Cow<'a, str>, IdnaErrors> {
        check_host_length(domain)?;
        let mut errors = Vec::new();
        if process::is_identity_ascii(domain) {
            process::check_ascii_labels(self, domain, &mut errors);
            if self.verify_dns_length {
                verify_dns_length(domain, &mut errors);
            }
            return match IdnaErrors::from_vec(errors) {
                None => Ok(Cow::Borrowed(domain)),
                Some(e) => Err(e),
            };
        }
        let mut ascii = String::new();
        process::process(
            self,
            domain,
            process::Form::Ascii,
            first_error_only,
            &mut ascii,
            &mut errors,
        );
        if self.verify_dns_length && (!first_error_only || errors.is_empty()) {
            verify_dns_length(&ascii, &mut errors);
        }
        match IdnaErrors::from_vec(errors) {
            None => Ok(Cow::Owned(ascii)),
            Some(e) => Err(e),
        }
    }

    /// UTS #46 ToUnicode: always returns the converted string, and whether
    /// any criterion failed.
    ///
    /// Disallowed code points come back as U+FFFD (ICU4X's mapper replaces
    /// them, as UTS #46 recommends for display). Labels that fail to decode
    /// from Punycode come back as they were. A domain whose Unicode form
    /// would be longer than [`crate::MAX_NON_ASCII_HOST_LEN`] UTF-16 code
    /// units (a long non-ASCII input, or `xn--` labels decoding to that
    /// much) comes back unchanged with [`ErrorKind::HostTooLong`].
    pub fn to_unicode(&self, domain: &str) -> (String, Result<(), IdnaErrors>) {
        if let Err(e) = check_host_length(domain) {
            return (domain.to_owned(), Err(e));
        }
        let mut errors = Vec::new();
        let mut unicode = String::new();
        process::process(
            self,
            domain,
            process::Form::Unicode,
            false,
            &mut unicode,
            &mut errors,
        );
        match IdnaErrors::from_vec(errors) {
            None => (unicode, Ok(())),
            // Processing stopped part way: give the input back.
            Some(e) if e.contains(ErrorKind::HostTooLong) => (domain.to_owned(), Err(e)),
            Some(e) => (unicode, Err(e)),
        }
    }
}

/// The hardening limit: a non-ASCII domain may have at most
/// [`crate::MAX_NON_ASCII_HOST_LEN`] UTF-16 code units.
pub(crate) fn check_host_length(domain: &str) -> Result<(), IdnaErrors> {
    let limit = crate::MAX_NON_ASCII_HOST_LEN;
    if domain.len() <= limit || domain.is_ascii() {
        return Ok(());
    }
    let mut units = 0usize;
    for c in domain.chars() {
        units += c.len_utf16();
        if units > limit {
            return Err(IdnaErrors::single(ErrorKind::HostTooLong, None));
        }
    }
    Ok(())
}

/// ToASCII step 4 (VerifyDnsLength) on the ASCII result.
fn verify_dns_length(ascii: &str, errors: &mut Vec<IdnaError>) {
    let without_root = ascii.strip_suffix('.').unwrap_or(ascii);
    if without_root.is_empty() || without_root.len() > 253 {
        errors.push(IdnaError {
            kind: ErrorKind::DomainLength,
            label: None,
        });
    }
    for (i, label) in ascii.split('.').enumerate() {
        let kind = if label.is_empty() {
            ErrorKind::EmptyLabel
        } else if label.len() > 63 {
            ErrorKind::LabelTooLong
        } else {
            continue;
        };
        errors.push(IdnaError {
            kind,
            label: Some(i),
        });
    }
}
