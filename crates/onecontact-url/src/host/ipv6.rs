//! IPv6: the IPv6 parser (with embedded IPv4) and the compressing IPv6
//! serializer (<https://url.spec.whatwg.org/#concept-ipv6-parser>,
//! <https://url.spec.whatwg.org/#concept-ipv6-serializer>).

use super::Report;
use crate::prelude::*;
use crate::validation::{ParseError, ValidationError};

/// The IPv6 parser, on the text between `[` and `]`. Error offsets are
/// relative to `input`.
pub(crate) fn parse_ipv6<R: Report>(input: &[u8], report: &mut R) -> Result<[u16; 8], ParseError> {
    let fail = |kind, at: usize| {
        let error = ParseError::new(kind, at);
        Err(match kind {
            ValidationError::Ipv6InvalidCodePoint => error.with_code_point(char_at(input, at)),
            _ => error,
        })
    };
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let c = |p: usize| input.get(p).copied();

    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return fail(ValidationError::Ipv6InvalidCompression, p);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while let Some(ch) = c(p) {
        if piece_index == 8 {
            return fail(ValidationError::Ipv6TooManyPieces, p);
        }
        if ch == b':' {
            if compress.is_some() {
                return fail(ValidationError::Ipv6MultipleCompression, p);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u16 = 0;
        let mut length = 0usize;
        while length < 4 {
            let Some(d) = c(p).and_then(crate::percent_encoding::hex_value) else {
                break;
            };
            value = value * 0x10 + u16::from(d);
            p += 1;
            length += 1;
        }
        match c(p) {
            Some(b'.') => {
                if length == 0 {
                    return fail(ValidationError::Ipv4InIpv6InvalidCodePoint, p);
                }
                p -= length;
                if piece_index > 6 {
                    return fail(ValidationError::Ipv4InIpv6TooManyPieces, p);
                }
                let mut numbers_seen = 0;
                while let Some(ch) = c(p) {
                    let mut ipv4_piece: Option<u16> = None;
                    if numbers_seen > 0 {
                        if ch == b'.' && numbers_seen < 4 {
                            p += 1;
                        } else {
                            return fail(ValidationError::Ipv4InIpv6InvalidCodePoint, p);
                        }
                    }
                    if !c(p).is_some_and(|b| b.is_ascii_digit()) {
                        return fail(ValidationError::Ipv4InIpv6InvalidCodePoint, p);
                    }
                    while let Some(d) = c(p).filter(u8::is_ascii_digit) {
                        let number = u16::from(d - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => {
                                return fail(ValidationError::Ipv4InIpv6InvalidCodePoint, p);
                            }
                            Some(v) => Some(v * 10 + number),
                        };
                        if ipv4_piece.is_some_and(|v| v > 255) {
                            return fail(ValidationError::Ipv4InIpv6OutOfRangePart, p);
                        }
                        p += 1;
                    }
                    if let Some(slot) = address.get_mut(piece_index) {
                        *slot = *slot * 0x100 + ipv4_piece.unwrap_or(0);
                    }
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return fail(ValidationError::Ipv4InIpv6TooFewParts, p);
                }
                break;
            }
            Some(b':') => {
                p += 1;
                if c(p).is_none() {
                    return fail(ValidationError::Ipv6InvalidCodePoint, p);
                }
            }
            Some(_) => return fail(ValidationError::Ipv6InvalidCodePoint, p),
            None => {}
        }
        if R::ON && length > 1 && value < (1u16 << (4 * (length - 1))) {
            report.report(ValidationError::Ipv6PieceLeadingZero, p);
        }
        if let Some(slot) = address.get_mut(piece_index) {
            *slot = value;
        }
        piece_index += 1;
    }
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return fail(ValidationError::Ipv6TooFewPieces, input.len());
    }
    Ok(address)
}

/// The code point starting at byte `at` of `bytes`, if one does.
#[cold]
fn char_at(bytes: &[u8], at: usize) -> Option<char> {
    let rest = bytes.get(at..)?;
    let head = rest.get(..rest.len().min(4))?;
    let valid = match core::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) => core::str::from_utf8(head.get(..e.valid_up_to())?).ok()?,
    };
    valid.chars().next()
}

/// Finds the first longest run (of length ≥ 2) of zero pieces.
fn compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest: Option<usize> = None;
    let mut longest_size = 1;
    let mut found: Option<usize> = None;
    let mut found_size = 0;
    for (i, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest = found;
                longest_size = found_size;
            }
            found = None;
            found_size = 0;
        } else {
            if found.is_none() {
                found = Some(i);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found;
    }
    longest
}

/// The IPv6 serializer (without brackets): shortest lowercase hex pieces, the
/// first longest run of two or more zero pieces compressed to `::`.
pub(crate) fn serialize_ipv6(address: &[u16; 8], out: &mut String) {
    let compress = compressed_piece_index(address);
    let mut ignore0 = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        push_hex(out, piece);
        if i != 7 {
            out.push(':');
        }
    }
}

fn push_hex(out: &mut String, v: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12u16, 8, 4, 0] {
        let d = usize::from((v >> shift) & 0xF);
        if d != 0 || started || shift == 0 {
            started = true;
            out.push(char::from(HEX.get(d).copied().unwrap_or(b'0')));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(s: &str) -> Option<String> {
        parse_ipv6(s.as_bytes(), &mut ()).ok().map(|a| {
            let mut o = String::new();
            serialize_ipv6(&a, &mut o);
            o
        })
    }

    #[test]
    fn parse_and_serialize() {
        assert_eq!(rt("0:0::1").as_deref(), Some("::1"));
        assert_eq!(rt("::").as_deref(), Some("::"));
        assert_eq!(rt("1:0:0:2:0:0:0:3").as_deref(), Some("1:0:0:2::3"));
        assert_eq!(rt("0:f:0:0:f:f:0:0").as_deref(), Some("0:f::f:f:0:0"));
        assert_eq!(rt("::ffff:127.0.0.1").as_deref(), Some("::ffff:7f00:1"));
        assert_eq!(rt("1:2:3:4:5:6:7:8").as_deref(), Some("1:2:3:4:5:6:7:8"));
        assert_eq!(rt("1:2:3"), None);
        assert_eq!(rt(":1"), None);
        assert_eq!(rt("1::1::1"), None);
        assert_eq!(rt("1:2:3:4:5:6:7:8:9"), None);
        assert_eq!(rt("ffff::127.0.0.1.2"), None);
        assert_eq!(rt("ffff::127.00.0.1"), None);
        assert_eq!(rt("1:2:3:"), None);
    }
}
