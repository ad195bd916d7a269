//! Hexadecimal digits.

/// The value of an ASCII hex digit, or `None`.
///
/// ```
/// use onecontact_bytes::hex_value;
///
/// assert_eq!(hex_value(b'7'), Some(7));
/// assert_eq!(hex_value(b'C'), Some(12));
/// assert_eq!(hex_value(b'g'), None);
/// ```
#[inline]
pub const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}
