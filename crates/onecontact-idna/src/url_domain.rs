//! The URL Standard's IDNA section: the domain parser ("domain to ASCII")
//! with `beStrict` false and true, and "domain to Unicode".

use crate::prelude::*;
use alloc::borrow::Cow;

use crate::errors::{ErrorKind, IdnaErrors};
use crate::uts46::Uts46;
use onecontact_bytes::is_forbidden_domain_code_point;

// The byte classes of a domain (single bits, ORed by the scan).
use onecontact_bytes::{
    DOMAIN_FORBIDDEN as FORBIDDEN, DOMAIN_NON_ASCII as NON_ASCII, domain_class as class,
};

/// The union of the classes of the bytes of `s`, eight bytes per step; it
/// may stop early once a non-ASCII byte is seen (the other bits are then
/// incomplete, and the caller does not use them).
#[inline]
fn scan(s: &str) -> u8 {
    let mut chunks = s.as_bytes().chunks_exact(8);
    let mut acc = 0u8;
    for chunk in &mut chunks {
        if let Ok(&[b0, b1, b2, b3, b4, b5, b6, b7]) = <&[u8; 8]>::try_from(chunk) {
            acc |= class(b0)
                | class(b1)
                | class(b2)
                | class(b3)
                | class(b4)
                | class(b5)
                | class(b6)
                | class(b7);
        }
        if acc & NON_ASCII != 0 {
            return acc;
        }
    }
    for &b in chunks.remainder() {
        acc |= class(b);
    }
    acc
}

fn first_forbidden(s: &str) -> Option<char> {
    s.chars().find(|&c| is_forbidden_domain_code_point(c))
}

/// The URL Standard's domain parser with `beStrict` false ("domain to
/// ASCII" as the host parser runs it).
///
/// - ASCII input is lowercased and returned whatever UTS #46 would say of
///   it (no mapping, no Punycode check); it is borrowed when it has no
///   uppercase letter.
/// - Other input goes through UTS #46 ToASCII with CheckBidi and
///   CheckJoiners only ([`Uts46::RELAXED`]); any error is a failure.
/// - The result fails when it is empty or holds a forbidden domain code
///   point ([`ErrorKind::ForbiddenCodePoint`], see
///   [`IdnaErrors::is_forbidden_code_point`]).
/// - Beyond the Standard, non-ASCII input longer than
///   [`crate::MAX_NON_ASCII_HOST_LEN`] UTF-16 code units fails with
///   [`ErrorKind::HostTooLong`].
///
/// The Standard also runs the strict form only to report a validation
/// error; that costs time and changes nothing in the result, so it is a
/// separate call here: [`domain_validation_errors`].
///
/// ```
/// use onecontact_idna::domain_to_ascii;
/// assert_eq!(domain_to_ascii("EXAMPLE.com").unwrap(), "example.com");
/// assert_eq!(domain_to_ascii("münchen.de").unwrap(), "xn--mnchen-3ya.de");
/// assert_eq!(domain_to_ascii("xn--a.example").unwrap(), "xn--a.example"); // ASCII passes
/// assert!(domain_to_ascii("exa#mple.org").unwrap_err().is_forbidden_code_point());
/// ```
#[inline]
pub fn domain_to_ascii(domain: &str) -> Result<Cow<'_, str>, IdnaErrors> {
    let classes = scan(domain);
    if classes == 0 && !domain.is_empty() {
        // Lowercase ASCII without forbidden code points: the answer as is.
        return Ok(Cow::Borrowed(domain));
    }
    domain_to_ascii_slow(domain, classes)
}

/// Everything but the most common case, out of line so the fast path
/// stays small enough to inline.
#[inline(never)]
fn domain_to_ascii_slow(domain: &str, classes: u8) -> Result<Cow<'_, str>, IdnaErrors> {
    if classes & NON_ASCII == 0 {
        if domain.is_empty() {
            return Err(IdnaErrors::single(ErrorKind::EmptyDomain, None));
        }
        if classes & FORBIDDEN != 0 {
            return Err(forbidden(domain));
        }
        return Ok(Cow::Owned(domain.to_ascii_lowercase()));
    }
    let result = Uts46::RELAXED.run_to_ascii(domain, true)?;
    if result.is_empty() {
        return Err(IdnaErrors::single(ErrorKind::EmptyDomain, None));
    }
    if scan(&result) & FORBIDDEN != 0 {
        return Err(forbidden(&result));
    }
    Ok(result)
}

fn forbidden(s: &str) -> IdnaErrors {
    IdnaErrors::single(
        ErrorKind::ForbiddenCodePoint(first_forbidden(s).unwrap_or('\0')),
        None,
    )
}

/// The URL Standard's domain parser with `beStrict` true: UTS #46 ToASCII
/// with every check on ([`Uts46::STRICT`]).
///
/// ```
/// use onecontact_idna::domain_to_ascii_strict;
/// assert_eq!(domain_to_ascii_strict("Example.COM").unwrap(), "example.com");
/// assert!(domain_to_ascii_strict("xn--a.example").is_err()); // invalid Punycode
/// assert!(domain_to_ascii_strict("a_b.example").is_err()); // STD3 rules
/// ```
pub fn domain_to_ascii_strict(domain: &str) -> Result<Cow<'_, str>, IdnaErrors> {
    Uts46::STRICT.to_ascii(domain)
}

/// The `domain-to-ASCII` validation error the URL Standard's domain parser
/// reports (steps 1–2): the errors of strict ToASCII, or `None`. This never
/// changes what [`domain_to_ascii`] returns.
pub fn domain_validation_errors(domain: &str) -> Option<IdnaErrors> {
    domain_to_ascii_strict(domain).err()
}

/// The URL Standard's "domain to Unicode", for showing a host to people:
/// UTS #46 ToUnicode with CheckBidi and CheckJoiners on, the rest off.
/// When that records an error, the input comes back unchanged, with the
/// errors.
///
/// ```
/// use onecontact_idna::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--mnchen-3ya.de").0, "münchen.de");
/// // xn--8i7caa decodes to fullwidth letters, which are not valid: kept.
/// let (shown, result) = domain_to_unicode("xn--8i7caa");
/// assert_eq!(shown, "xn--8i7caa");
/// assert!(result.is_err());
/// ```
pub fn domain_to_unicode(domain: &str) -> (String, Result<(), IdnaErrors>) {
    let classes = scan(domain);
    if classes & NON_ASCII == 0 && !has_punycode_label(domain) {
        // Mapping ASCII only lowercases it, and with CheckHyphens and STD3
        // rules off no criterion can fail on ASCII labels.
        return (domain.to_ascii_lowercase(), Ok(()));
    }
    let (unicode, result) = Uts46::RELAXED.to_unicode(domain);
    match result {
        Ok(()) => (unicode, Ok(())),
        Err(e) => (domain.to_owned(), Err(e)),
    }
}

fn has_punycode_label(ascii: &str) -> bool {
    ascii.split('.').any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    })
}
