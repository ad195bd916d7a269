//! Punycode (RFC 3492): the Bootstring encoding IDNA uses to write a
//! Unicode label in ASCII.
//!
//! Both directions follow section 6 of the RFC, with its overflow checks
//! done in `u32` arithmetic. Decoding inserts code points one by one, which
//! costs time proportional to the square of the label length, and encoding
//! scans the label once per distinct non-ASCII code point. Both therefore
//! limit the Unicode side to [`MAX_LEN`] UTF-16 code units: encoding refuses
//! longer input before doing any work, decoding refuses to insert past that
//! length. Every call's cost is thus bounded by a constant times the input
//! length, and `decode(encode(s)) == s` for every `s` that encodes.
//!
//! ```
//! use onecontact_idna::punycode;
//! assert_eq!(punycode::encode("bücher").unwrap(), "bcher-kva");
//! assert_eq!(punycode::decode("bcher-kva").unwrap(), "bücher");
//! ```

use crate::gigo::Gigo;
use crate::prelude::*;

/// The longest Unicode string, in UTF-16 code units, that [`encode`] takes
/// and [`decode`] produces (the same limit as
/// [`crate::MAX_NON_ASCII_HOST_LEN`]).
pub const MAX_LEN: usize = crate::MAX_NON_ASCII_HOST_LEN;

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;
const DELIMITER: char = '-';

/// Why a string could not be encoded or decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PunycodeError {
    /// The input to encode, or the output of decoding, is longer than
    /// [`MAX_LEN`] UTF-16 code units.
    #[error("the Unicode side of the Punycode string is longer than {MAX_LEN} UTF-16 code units")]
    TooLong,
    /// Before the last `-` there is a code point that is not ASCII.
    #[error("a non-ASCII code point precedes the last delimiter")]
    NonBasic,
    /// A character after the last `-` is not a Punycode digit
    /// (`a`–`z`, `A`–`Z`, `0`–`9`).
    #[error("{0:?} is not a Punycode digit")]
    InvalidDigit(char),
    /// The input ends in the middle of a variable-length integer.
    #[error("the Punycode input ends in the middle of a number")]
    Truncated,
    /// A number does not fit the RFC's 32-bit arithmetic.
    #[error("a Punycode number overflows")]
    Overflow,
    /// A decoded code point is ASCII (the encoder never produces that), a
    /// surrogate, or above U+10FFFF.
    #[error("the Punycode input decodes to code point {0:#X}, which it may not")]
    InvalidCodePoint(u32),
}

fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// Bias adaptation, RFC 3492 section 6.1.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points.max(1);
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn digit_value(c: char) -> Option<u32> {
    let v = u32::from(c);
    match c {
        'a'..='z' => Some(v - u32::from('a')),
        'A'..='Z' => Some(v - u32::from('A')),
        '0'..='9' => Some(v - u32::from('0') + 26),
        _ => None,
    }
}

/// The Punycode digits 0–35, lowercase.
const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

fn digit_char(d: u32) -> char {
    // d < 36 by construction; anything else would be a bug, written as 'a'.
    char::from(DIGITS.get(d as usize).copied().unwrap_or(b'a'))
}

/// Decodes a Punycode string (without any `xn--` prefix).
///
/// Digits are accepted in either case; ASCII before the last `-` is copied
/// as it is.
pub fn decode(input: &str) -> Result<String, PunycodeError> {
    let mut out = Vec::new();
    decode_into(input, MAX_LEN, &mut out)?;
    Ok(out.into_iter().collect())
}

/// Decodes into a buffer of code points (cleared first), refusing output
/// longer than `max_units` UTF-16 code units (at most [`MAX_LEN`]).
pub(crate) fn decode_into(
    input: &str,
    max_units: usize,
    out: &mut Vec<char>,
) -> Result<(), PunycodeError> {
    let max_units = max_units.min(MAX_LEN);
    out.clear();
    // RFC 3492 section 6.2: the code points before the last delimiter are
    // basic; the delimiter itself is consumed only when at least one came
    // before it (so a leading "-" is read as a digit, and fails).
    let (basic, digits) = match input.rfind(DELIMITER) {
        Some(pos) if pos > 0 => (
            input.get(..pos).unwrap_or_gigo(),
            input.get(pos + 1..).unwrap_or_gigo(),
        ),
        _ => ("", input),
    };
    if !basic.is_ascii() {
        return Err(PunycodeError::NonBasic);
    }
    // The hardening limit on the output, checked before any insertion:
    // basic code points are one UTF-16 unit each.
    if basic.len() > max_units {
        return Err(PunycodeError::TooLong);
    }
    out.extend(basic.chars());
    if digits.len() <= SHORT_DIGITS {
        // Few insertions: insert in place.
        return decode_insertions(digits, basic.len(), max_units, |c, i| {
            if i <= out.len() {
                out.insert(i, c);
            }
        });
    }
    // Many insertions: collect them, then place each in O(log n).
    let mut insertions = Vec::new();
    decode_insertions(digits, basic.len(), max_units, |c, i| {
        insertions.push((c, i));
    })?;
    place(out, &insertions);
    Ok(())
}

/// Up to this many digits, decoding inserts code points in place (each
/// insertion moves the tail); longer input places them with a Fenwick tree.
const SHORT_DIGITS: usize = 256;

/// The main decoding loop of RFC 3492 section 6.2: calls `insert(c, i)`
/// for each decoded code point, `i` being its position in the output as it
/// is at that moment (`basic_len` + the insertions so far). Refuses to go
/// past `max_units` UTF-16 units of output.
fn decode_insertions(
    digits: &str,
    basic_len: usize,
    max_units: usize,
    mut insert: impl FnMut(char, usize),
) -> Result<(), PunycodeError> {
    let mut units = basic_len;
    let mut len = basic_len;
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut chars = digits.chars();
    while !chars.as_str().is_empty() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            let c = chars.next().ok_or(PunycodeError::Truncated)?;
            let digit = digit_value(c).ok_or(PunycodeError::InvalidDigit(c))?;
            i = digit
                .checked_mul(w)
                .and_then(|dw| i.checked_add(dw))
                .ok_or(PunycodeError::Overflow)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t).ok_or(PunycodeError::Overflow)?;
            k += BASE;
        }
        // len <= MAX_LEN, so it fits in u32.
        let len_plus_one = len as u32 + 1;
        bias = adapt(i - old_i, len_plus_one, old_i == 0);
        n = n
            .checked_add(i / len_plus_one)
            .ok_or(PunycodeError::Overflow)?;
        i %= len_plus_one;
        if n < INITIAL_N {
            return Err(PunycodeError::InvalidCodePoint(n));
        }
        let c = char::from_u32(n).ok_or(PunycodeError::InvalidCodePoint(n))?;
        units += c.len_utf16();
        if units > max_units {
            return Err(PunycodeError::TooLong);
        }
        insert(c, i as usize);
        len += 1;
        i += 1;
    }
    Ok(())
}

/// Builds the output from the basic code points (in `out`) and the
/// insertions, in O(n log n): walking the insertions backwards, the last
/// one lands at its position; removing its slot, the one before lands at
/// its position among the slots left; and so on. The basic code points
/// fill the slots no insertion took, in order.
fn place(out: &mut Vec<char>, insertions: &[(char, usize)]) {
    let total = out.len() + insertions.len();
    // Fenwick tree over slots 1..=total, each counting 1 while free.
    let mut tree: Vec<u32> = (0..=total).map(|i| (i & i.wrapping_neg()) as u32).collect();
    let mut placed: Vec<Option<char>> = vec![None; total];
    let mut top = 1;
    while top * 2 <= total {
        top *= 2;
    }
    for &(c, pos) in insertions.iter().rev() {
        // The smallest slot whose free-prefix count reaches pos + 1.
        let mut slot = 0;
        let mut remaining = pos as u32 + 1;
        let mut step = top;
        while step > 0 {
            let next = slot + step;
            if let Some(&count) = tree.get(next)
                && count < remaining
            {
                slot = next;
                remaining -= count;
            }
            step /= 2;
        }
        // `slot` is now the 0-based index of the free slot wanted.
        if let Some(cell) = placed.get_mut(slot) {
            *cell = Some(c);
        }
        let mut j = slot + 1;
        while let Some(count) = tree.get_mut(j) {
            *count = count.saturating_sub(1);
            j += j & j.wrapping_neg();
        }
    }
    let mut basic = core::mem::take(out).into_iter();
    out.reserve(total);
    for cell in placed {
        match cell {
            Some(c) => out.push(c),
            None => out.extend(basic.next()),
        }
    }
}

/// Encodes a string as Punycode (without adding `xn--`).
///
/// ASCII code points are copied as they are (case included), followed by
/// `-` when there were any.
pub fn encode(input: &str) -> Result<String, PunycodeError> {
    let mut out = String::with_capacity(input.len());
    encode_into(input, &mut out)?;
    Ok(out)
}

/// The length of `s` in UTF-16 code units, or `None` once it is over `MAX_LEN`.
fn utf16_len_within_limit(s: &str) -> Option<usize> {
    if s.len() <= MAX_LEN {
        // UTF-16 code units never outnumber UTF-8 bytes.
        return Some(s.len());
    }
    let n: usize = s.chars().map(char::len_utf16).sum();
    (n <= MAX_LEN).then_some(n)
}

/// Labels up to this many code points are encoded from a stack buffer.
const STACK_LEN: usize = 64;

/// Appends the Punycode encoding of `input` to `out`.
pub(crate) fn encode_into(input: &str, out: &mut String) -> Result<(), PunycodeError> {
    if utf16_len_within_limit(input).is_none() {
        return Err(PunycodeError::TooLong);
    }
    let mut stack = ['\0'; STACK_LEN];
    let mut count = 0;
    for c in input.chars() {
        match stack.get_mut(count) {
            Some(slot) => *slot = c,
            None => {
                let all: Vec<char> = input.chars().collect();
                return encode_chars_into(&all, out);
            }
        }
        count += 1;
    }
    encode_chars_into(stack.get(..count).unwrap_or_gigo(), out)
}

/// Appends the Punycode encoding of a label given as code points.
pub(crate) fn encode_chars_into(input: &[char], out: &mut String) -> Result<(), PunycodeError> {
    // Each code point is one or two UTF-16 units.
    if input.len() > MAX_LEN / 2 {
        let units: usize = input.iter().map(|c| c.len_utf16()).sum();
        if units > MAX_LEN {
            return Err(PunycodeError::TooLong);
        }
    }
    // At most MAX_LEN code points, so every count fits in u32.
    let total = input.len() as u32;
    let mut basic_count: u32 = 0;
    // The smallest non-basic code point: the first one to handle.
    let mut m = u32::MAX;
    for &c in input {
        if c.is_ascii() {
            out.push(c);
            basic_count += 1;
        } else {
            m = m.min(u32::from(c));
        }
    }
    if basic_count > 0 {
        out.push(DELIMITER);
    }
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut handled = basic_count;
    while handled < total {
        delta = m
            .saturating_sub(n)
            .checked_mul(handled + 1)
            .and_then(|d| delta.checked_add(d))
            .ok_or(PunycodeError::Overflow)?;
        n = m;
        // The same pass finds the next code point to handle.
        let mut next = u32::MAX;
        for &c in input {
            let c = u32::from(c);
            if c < n {
                delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
            } else if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit_char(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit_char(q));
                bias = adapt(delta, handled + 1, handled == basic_count);
                delta = 0;
                handled += 1;
            } else if c < next {
                next = c;
            }
        }
        delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
        n += 1;
        m = next;
    }
    Ok(())
}
