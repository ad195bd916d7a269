//! Domains: the ASCII fast path of the domain parser (lowercasing and the
//! forbidden-domain-code-point check) and the hand-off to `onecontact_idna`
//! for everything else (<https://url.spec.whatwg.org/#concept-domain-to-ascii>).

use crate::prelude::*;
use crate::tables::{DOMAIN_FORBIDDEN, DOMAIN_NON_ASCII, DOMAIN_UPPER, domain_class};
use crate::validation::{ParseError, ValidationError};

/// What the fast path found.
pub(crate) enum Fast {
    /// The host was ASCII without `%` and is now lowercased in `out`.
    Done,
    /// The host needs the slow path (non-ASCII bytes or a percent sign); `out`
    /// is untouched.
    Slow,
}

/// The domain parser on an ASCII string without `%`: lowercase it into `out`,
/// failing on a forbidden domain code point. Returns [`Fast::Slow`] (writing
/// nothing) when the input holds a `%` or a non-ASCII byte.
#[inline]
pub(crate) fn ascii_fast_path(out: &mut String, input: &str) -> Result<Fast, ParseError> {
    let bytes = input.as_bytes();
    let mut has_upper = false;
    // A forbidden ASCII code point only fails an all-ASCII domain: followed by
    // a combining mark, `<` or `>` can normalize into an allowed code point.
    let mut forbidden = None;
    for (i, &b) in bytes.iter().enumerate() {
        match domain_class(b) {
            DOMAIN_NON_ASCII => return Ok(Fast::Slow),
            DOMAIN_FORBIDDEN if b == b'%' => return Ok(Fast::Slow),
            DOMAIN_FORBIDDEN => {
                forbidden.get_or_insert(i);
            }
            DOMAIN_UPPER => has_upper = true,
            _ => {}
        }
    }
    if let Some(i) = forbidden {
        return Err(ParseError::new(ValidationError::DomainInvalidCodePoint, i));
    }
    let start = out.len();
    out.push_str(input);
    if has_upper && let Some(written) = out.get_mut(start..) {
        written.make_ascii_lowercase();
    }
    Ok(Fast::Done)
}

/// The domain parser (beStrict = false) on an already percent-decoded,
/// UTF-8-decoded domain, appending the ASCII result to `out`.
pub(crate) fn domain_to_ascii_into(out: &mut String, domain: &str) -> Result<(), ParseError> {
    if domain.is_ascii() {
        // The Standard lowercases ASCII domains whatever ToASCII thinks of them.
        for (i, b) in domain.bytes().enumerate() {
            if domain_class(b) == DOMAIN_FORBIDDEN {
                return Err(ParseError::new(ValidationError::DomainInvalidCodePoint, i));
            }
        }
        if domain.is_empty() {
            return Err(ParseError::new(ValidationError::DomainToAscii, 0));
        }
        out.extend(domain.bytes().map(|b| char::from(b.to_ascii_lowercase())));
        return Ok(());
    }
    match onecontact_idna::domain_to_ascii(domain) {
        Ok(ascii) => {
            if ascii.is_empty() {
                return Err(ParseError::new(ValidationError::DomainToAscii, 0));
            }
            if ascii.bytes().any(|b| domain_class(b) == DOMAIN_FORBIDDEN) {
                return Err(ParseError::new(ValidationError::DomainInvalidCodePoint, 0));
            }
            out.push_str(&ascii);
            Ok(())
        }
        Err(errors) => {
            let kind = if errors.is_forbidden_code_point() {
                ValidationError::DomainInvalidCodePoint
            } else {
                ValidationError::DomainToAscii
            };
            Err(ParseError::new(kind, 0))
        }
    }
}
