//! Questions about the eight bytes of a `u64` answered at once (SIMD within
//! a register). A word holds eight bytes in little-endian order
//! (`u64::from_le_bytes`); an answer is a mask with the high bit of each
//! matching byte set and no other bit.

/// Ones in every byte.
pub const LO: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
pub const HI: u64 = 0x8080_8080_8080_8080;
/// The low seven bits of every byte.
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The high bit of each byte of `word` that equals `b`, and no other bit.
///
/// ```
/// use onecontact_bytes::word::bytes_equal;
///
/// let word = u64::from_le_bytes(*b"a--b.c\xff-");
/// assert_eq!(bytes_equal(word, b'-'), u64::from_le_bytes([0, 0x80, 0x80, 0, 0, 0, 0, 0x80]));
/// ```
#[inline(always)]
pub fn bytes_equal(word: u64, b: u8) -> u64 {
    let x = word ^ (LO * u64::from(b));
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// [`bytes_equal`] for a `word` and a `b` that are all ASCII (no byte's high
/// bit set, so no carry crosses a byte): one operation fewer.
///
/// ```
/// use onecontact_bytes::word::ascii_bytes_equal;
///
/// let word = u64::from_le_bytes(*b"/a//b/c/");
/// assert_eq!(ascii_bytes_equal(word, b'/'), u64::from_le_bytes([0x80, 0, 0x80, 0x80, 0, 0x80, 0, 0x80]));
/// ```
#[inline(always)]
pub fn ascii_bytes_equal(word: u64, b: u8) -> u64 {
    let y = word ^ (LO * u64::from(b));
    !(y + !HI) & HI
}

/// The high bit of each byte of `word` below `n`, for an `n` of at most
/// 0x80 (a larger `n` answers as 0x80 does).
///
/// ```
/// use onecontact_bytes::word::bytes_below;
///
/// let word = u64::from_le_bytes(*b"a\tb\x1f \x00\xff\n");
/// assert_eq!(bytes_below(word, 0x20), u64::from_le_bytes([0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80]));
/// ```
#[inline(always)]
pub fn bytes_below(word: u64, n: u8) -> u64 {
    let heptets = word & !HI;
    let at_least_n = heptets + LO * u64::from(0x80u8.saturating_sub(n));
    !at_least_n & !word & HI
}

/// Whether a byte of `word` is below `n`, for an `n` of at most 0x80:
/// [`bytes_below`] as a yes or no, in fewer operations.
///
/// ```
/// use onecontact_bytes::word::any_byte_below;
///
/// assert!(any_byte_below(u64::from_le_bytes(*b"abc\x1fdefg"), 0x20));
/// assert!(!any_byte_below(u64::from_le_bytes(*b"abc defg"), 0x20));
/// ```
#[inline(always)]
pub fn any_byte_below(word: u64, n: u8) -> bool {
    // A borrow only starts at a byte below `n`, so the lowest high bit
    // set is exact, and any answer but none is right.
    word.wrapping_sub(LO * u64::from(n.min(0x80))) & !word & HI != 0
}

/// Whether a byte of `word` equals `b`: [`bytes_equal`] as a yes or no, in
/// fewer operations.
///
/// ```
/// use onecontact_bytes::word::any_byte_equal;
///
/// assert!(any_byte_equal(u64::from_le_bytes(*b"ab\"cdefg"), b'"'));
/// assert!(!any_byte_equal(u64::from_le_bytes(*b"abcdefgh"), b'"'));
/// ```
#[inline(always)]
pub fn any_byte_equal(word: u64, b: u8) -> bool {
    any_byte_below(word ^ (LO * u64::from(b)), 1)
}

/// The high bit of each byte of `word` that is an ASCII uppercase letter.
///
/// ```
/// use onecontact_bytes::word::ascii_upper;
///
/// let word = u64::from_le_bytes(*b"@AZ[az\xc1Q");
/// assert_eq!(ascii_upper(word), u64::from_le_bytes([0, 0x80, 0x80, 0, 0, 0, 0, 0x80]));
/// ```
#[inline(always)]
pub fn ascii_upper(word: u64) -> u64 {
    let heptets = word & !HI;
    let at_least_a = heptets + LO * u64::from(0x80 - b'A');
    let above_z = heptets + LO * u64::from(0x80 - b'Z' - 1);
    at_least_a & !above_z & !word & HI
}

/// `word` with its ASCII uppercase letters lowercased (other bytes,
/// including those ≥ 0x80, unchanged).
///
/// ```
/// use onecontact_bytes::word::ascii_lowercase;
///
/// let word = u64::from_le_bytes(*b"AbZ@[\xc1-Q");
/// assert_eq!(ascii_lowercase(word), u64::from_le_bytes(*b"abz@[\xc1-q"));
/// ```
#[inline(always)]
pub fn ascii_lowercase(word: u64) -> u64 {
    word | (ascii_upper(word) >> 2)
}

/// Whether `bytes` hold `b`, read eight bytes at a time with
/// [`bytes_equal`] (the last word ends where the bytes end, so that it may
/// read some bytes twice); shorter texts one byte at a time. For the short
/// texts of a URL's parts, where a general search costs more to start.
///
/// ```
/// use onecontact_bytes::word::holds_byte;
///
/// assert!(holds_byte(b"https://example.com/a%20b", b'%'));
/// assert!(!holds_byte(b"https://example.com/", b'%'));
/// assert!(holds_byte(b"a%", b'%'));
/// ```
pub fn holds_byte(bytes: &[u8], b: u8) -> bool {
    let Some(last) = bytes.len().checked_sub(8) else {
        return bytes.contains(&b);
    };
    let word_holds = |at: usize| {
        bytes
            .get(at..)
            .and_then(<[u8]>::first_chunk::<8>)
            .is_some_and(|chunk| bytes_equal(u64::from_le_bytes(*chunk), b) != 0)
    };
    let mut at = 0;
    while at < last {
        if word_holds(at) {
            return true;
        }
        at += 8;
    }
    word_holds(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each byte value at each position of a word, with neighbours that
    /// could carry or borrow into it.
    fn words() -> impl Iterator<Item = [u8; 8]> {
        (0..=u8::MAX).flat_map(|b| {
            (0..8).flat_map(move |at| {
                [0x00, 0x7F, 0x80, 0xFF, b'A', b'-'].map(move |fill| {
                    let mut bytes = [fill; 8];
                    bytes[at] = b;
                    bytes
                })
            })
        })
    }

    fn mask(bytes: [u8; 8], pick: impl Fn(u8) -> bool) -> u64 {
        u64::from_le_bytes(bytes.map(|b| if pick(b) { 0x80 } else { 0 }))
    }

    #[test]
    fn each_helper_matches_a_byte_by_byte_answer() {
        for bytes in words() {
            let word = u64::from_le_bytes(bytes);
            for b in [b'-', b'.', b'/', b'%', 0x80, 0xFF] {
                assert_eq!(
                    bytes_equal(word, b),
                    mask(bytes, |x| x == b),
                    "{bytes:?} {b}"
                );
            }
            for n in [0, 1, 0x20, 0x41, 0x7F, 0x80] {
                assert_eq!(
                    bytes_below(word, n),
                    mask(bytes, |x| x < n),
                    "{bytes:?} {n}"
                );
                assert_eq!(
                    any_byte_below(word, n),
                    bytes.iter().any(|x| *x < n),
                    "{bytes:?} {n}"
                );
            }
            for b in [0, b'"', b'\\', 0x80, 0xFF] {
                assert_eq!(any_byte_equal(word, b), bytes.contains(&b), "{bytes:?} {b}");
            }
            assert_eq!(
                ascii_upper(word),
                mask(bytes, |x| x.is_ascii_uppercase()),
                "{bytes:?}"
            );
            assert_eq!(
                ascii_lowercase(word),
                u64::from_le_bytes(bytes.map(|x| x.to_ascii_lowercase())),
                "{bytes:?}"
            );
            if bytes.is_ascii() {
                for b in [b'/', b'%', b'?'] {
                    assert_eq!(
                        ascii_bytes_equal(word, b),
                        mask(bytes, |x| x == b),
                        "{bytes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn holds_byte_at_every_place_and_length() {
        for len in 0..40 {
            for at in 0..len {
                for b in [b'%', 0x80, 0] {
                    let mut bytes = vec![b'a'; len];
                    assert!(!holds_byte(&bytes, b), "{len} {b}");
                    bytes[at] = b;
                    assert!(holds_byte(&bytes, b), "{len} {at} {b}");
                }
            }
        }
    }
}
