//! Domains: the ASCII fast path of the domain parser (lowercasing and the
//! forbidden-domain-code-point check) and the hand-off to `onecontact_idna`
//! for everything else (<https://url.spec.whatwg.org/#concept-domain-to-ascii>).

use crate::prelude::*;
use crate::tables::{DOMAIN_FORBIDDEN, DOMAIN_NON_ASCII, DOMAIN_UPPER, domain_class};
use crate::validation::{ParseError, ValidationError};
use onecontact_idna::ErrorKind;

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
    let Some(has_upper) = ascii_check(input)? else {
        return Ok(Fast::Slow);
    };
    let start = out.len();
    out.push_str(input);
    if has_upper && let Some(written) = out.get_mut(start..) {
        written.make_ascii_lowercase();
    }
    Ok(Fast::Done)
}

/// The checks of [`ascii_fast_path`], writing nothing: `None` when the
/// host needs the slow path, else whether it holds uppercase letters.
#[inline]
pub(crate) fn ascii_check(input: &str) -> Result<Option<bool>, ParseError> {
    let bytes = input.as_bytes();
    let mut has_upper = false;
    // A forbidden ASCII code point only fails an all-ASCII domain: followed by
    // a combining mark, `<` or `>` can normalize into an allowed code point.
    let mut forbidden = None;
    for (i, &b) in bytes.iter().enumerate() {
        match domain_class(b) {
            DOMAIN_NON_ASCII => return Ok(None),
            DOMAIN_FORBIDDEN if b == b'%' => return Ok(None),
            DOMAIN_FORBIDDEN => {
                forbidden.get_or_insert(i);
            }
            DOMAIN_UPPER => has_upper = true,
            _ => {}
        }
    }
    match forbidden {
        Some(i) => Err(forbidden_at(input, i)),
        None => Ok(Some(has_upper)),
    }
}

/// The domain parser (beStrict = false) on an already percent-decoded,
/// UTF-8-decoded domain, appending the ASCII result to `out`.
pub(crate) fn domain_to_ascii_into(out: &mut String, domain: &str) -> Result<(), ParseError> {
    if domain.is_ascii() {
        // The Standard lowercases ASCII domains whatever ToASCII thinks of them.
        for (i, b) in domain.bytes().enumerate() {
            if domain_class(b) == DOMAIN_FORBIDDEN {
                return Err(forbidden_at(domain, i));
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
            if let Some(i) = ascii
                .bytes()
                .position(|b| domain_class(b) == DOMAIN_FORBIDDEN)
            {
                return Err(forbidden_at(&ascii, i).at(0));
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
            // The forbidden code point when there is one, else the first
            // criterion's.
            let first = errors
                .errors()
                .iter()
                .find(|e| matches!(e.kind, ErrorKind::ForbiddenCodePoint(_)))
                .or_else(|| errors.first())
                .map(|e| e.kind);
            Err(ParseError::new(kind, 0).with_idna(first))
        }
    }
}

/// `domain-invalid-code-point` for the ASCII byte at `i` of `domain`.
#[cold]
fn forbidden_at(domain: &str, i: usize) -> ParseError {
    let c = domain.as_bytes().get(i).map(|&b| char::from(b));
    ParseError::new(ValidationError::DomainInvalidCodePoint, i).with_code_point(c)
}
