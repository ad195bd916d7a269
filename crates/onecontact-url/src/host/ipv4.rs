//! IPv4: the ends-in-a-number checker, the IPv4 parser and number parser, and
//! the IPv4 serializer (<https://url.spec.whatwg.org/#concept-ipv4-parser>,
//! <https://url.spec.whatwg.org/#concept-ipv4-serializer>).

use super::Report;
use crate::gigo::Gigo;
use crate::prelude::*;
use crate::validation::{ParseError, ValidationError};

/// The ends-in-a-number checker: whether the last non-empty dot-separated part
/// of `input` is all ASCII digits or `0x`/`0X` followed by hex digits.
pub(crate) fn ends_in_a_number(input: &[u8]) -> bool {
    let trimmed = match input.split_last() {
        Some((b'.', rest)) => rest,
        _ => input,
    };
    let last = match trimmed.iter().rposition(|&b| b == b'.') {
        Some(dot) => trimmed.get(dot + 1..).unwrap_or_gigo(),
        None => trimmed,
    };
    if last.is_empty() {
        return false;
    }
    if last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    match last {
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        _ => false,
    }
}

/// Values above this are all "too large" alike; keeps arithmetic in `u64`.
const CAP: u64 = 1 << 40;

/// The IPv4 number parser: `(value, is_non_decimal)`, or `None` on failure.
/// Values that do not fit are reported as [`CAP`] (larger than any valid part).
fn parse_number(input: &[u8]) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let (digits, radix, non_decimal) = match input {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (input, 10, false),
    };
    if digits.is_empty() {
        return Some((0, true));
    }
    let mut value: u64 = 0;
    for &b in digits {
        let d = match (radix, b) {
            (16, _) => crate::percent_encoding::hex_value(b)?,
            (_, b'0'..=b'9') if b - b'0' < radix => b - b'0',
            _ => return None,
        };
        value = (value * u64::from(radix) + u64::from(d)).min(CAP);
    }
    Some((value, non_decimal))
}

/// The IPv4 parser on an ASCII domain that ends in a number.
pub(crate) fn parse_ipv4<R: Report>(input: &str, report: &mut R) -> Result<u32, ParseError> {
    let bytes = input.as_bytes();
    let fail = |kind| Err(ParseError::new(kind, 0));
    let mut body = bytes;
    if let Some((b'.', rest)) = bytes.split_last() {
        if R::ON {
            report.report(ValidationError::Ipv4EmptyPart, bytes.len() - 1);
        }
        if !rest.is_empty() {
            body = rest;
        }
    }
    if body.iter().filter(|&&b| b == b'.').count() > 3 {
        return fail(ValidationError::Ipv4TooManyParts);
    }
    let mut numbers = [0u64; 4];
    let mut count = 0usize;
    let mut any_over = false;
    for part in body.split(|&b| b == b'.') {
        if count == 4 {
            return fail(ValidationError::Ipv4TooManyParts);
        }
        let Some((n, non_decimal)) = parse_number(part) else {
            return fail(ValidationError::Ipv4NonNumericPart);
        };
        if R::ON && non_decimal {
            report.report(ValidationError::Ipv4NonDecimalPart, 0);
        }
        any_over |= n > 255;
        if let Some(slot) = numbers.get_mut(count) {
            *slot = n;
        }
        count += 1;
    }
    if R::ON && count < 4 {
        report.report(ValidationError::Ipv4TooFewParts, 0);
    }
    if any_over && R::ON {
        report.report(ValidationError::Ipv4OutOfRangePart, 0);
    }
    let (last, init) = match numbers.get(..count).and_then(<[u64]>::split_last) {
        Some(split) => split,
        None => return fail(ValidationError::Ipv4NonNumericPart),
    };
    if init.iter().any(|&n| n > 255) {
        return fail(ValidationError::Ipv4OutOfRangePart);
    }
    // count is 1..=4, so the limit is 256^(5 - count) ≤ 2^32.
    let limit: u64 = 1 << (8 * (5 - count as u64));
    if *last >= limit {
        return fail(ValidationError::Ipv4OutOfRangePart);
    }
    let mut ipv4 = *last;
    for (i, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - i as u64));
    }
    Ok(u32::try_from(ipv4).unwrap_or(u32::MAX))
}

/// The IPv4 serializer: dotted decimal.
pub(crate) fn serialize_ipv4(addr: u32, out: &mut String) {
    for (i, octet) in addr.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_decimal(out, u32::from(octet));
    }
}

/// Appends `n` in decimal without allocating.
pub(crate) fn push_decimal(out: &mut String, n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        if let Some(slot) = buf.get_mut(i) {
            *slot = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for &b in buf.get(i..).unwrap_or_gigo() {
        out.push(char::from(b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<String> {
        parse_ipv4(s, &mut ()).ok().map(|a| {
            let mut o = String::new();
            serialize_ipv4(a, &mut o);
            o
        })
    }

    #[test]
    fn number_forms() {
        assert_eq!(p("0").as_deref(), Some("0.0.0.0"));
        assert_eq!(p("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(p("0xffffffff").as_deref(), Some("255.255.255.255"));
        assert_eq!(p("4294967296"), None);
        assert_eq!(p("127.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(p("0300.0250.1").as_deref(), Some("192.168.0.1"));
        assert_eq!(p("1.2.3.4.").as_deref(), Some("1.2.3.4"));
        assert_eq!(p("1.2.3.4.5"), None);
        assert_eq!(p("09"), None);
        assert_eq!(p("256.1.1.1"), None);
        assert!(ends_in_a_number(b"a.0x"));
        assert!(ends_in_a_number(b"a.1."));
        assert!(!ends_in_a_number(b"a.0xg"));
        assert!(!ends_in_a_number(b"."));
    }
}
