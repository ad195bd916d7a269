//! The opaque-host parser (<https://url.spec.whatwg.org/#concept-opaque-host-parser>), for hosts
//! of non-special URLs.

use super::Report;
use crate::percent_encoding::{C0_CONTROL, utf8_percent_encode_into};
use crate::prelude::*;
use crate::tables::{is_forbidden_host_byte, is_url_code_point};
use crate::validation::{ParseError, ValidationError};

/// Validates `input` as an opaque host and appends it, C0-control
/// percent-encoded, to `out`.
pub(crate) fn parse_opaque_into<R: Report>(
    out: &mut String,
    input: &str,
    report: &mut R,
) -> Result<(), ParseError> {
    if let Some(at) = input.bytes().position(is_forbidden_host_byte) {
        let c = input.as_bytes().get(at).map(|&b| char::from(b));
        return Err(ParseError::new(ValidationError::HostInvalidCodePoint, at).with_code_point(c));
    }
    if R::ON {
        report_invalid_units(input, report);
    }
    utf8_percent_encode_into(out, input, &C0_CONTROL);
    Ok(())
}

/// Reports `invalid-URL-unit` for each code point that is neither a URL code
/// point nor `%`, and for each `%` not followed by two hex digits.
pub(crate) fn report_invalid_units<R: Report>(input: &str, report: &mut R) {
    let bytes = input.as_bytes();
    for (i, c) in input.char_indices() {
        if c == '%' {
            let ok = bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                report.report(ValidationError::InvalidUrlUnit, i);
            }
        } else if !is_url_code_point(c) {
            report.report(ValidationError::InvalidUrlUnit, i);
        }
    }
}
