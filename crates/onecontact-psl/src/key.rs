//! Label keys and the slot hash, shared by the table builder and lookups.
//!
//! A label's key is its first eight bytes, ASCII-lowercased, read as a
//! little-endian `u64` (shorter labels are zero-padded). Together with the
//! label length and the parent node it picks the slot; labels longer than
//! eight bytes compare their remaining bytes against the tail pool.
//!
//! `xtask/src/tables/psl.rs` repeats [`hash`] and [`key_of`]; the test
//! `baked_equals_parsed` catches any drift.

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xD6E8_FEB8_6659_FD93;

/// The slot hash of a label under `parent`.
#[inline(always)]
pub(crate) fn hash(parent: u32, key: u64, len: usize) -> u64 {
    (key.wrapping_mul(K1) ^ ((u64::from(parent) << 8) | len as u64)).wrapping_mul(K2)
}

/// ASCII-lowercases the eight bytes of `x` at once (bytes >= 0x80 unchanged).
#[inline(always)]
pub(crate) fn lower8(x: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let high = x | HIGH;
    // High bit set where the low seven bits are >= 'A', resp. > 'Z'.
    let at_least_a = high.wrapping_sub(0x4141_4141_4141_4141) & HIGH;
    let beyond_z = high.wrapping_sub(0x5B5B_5B5B_5B5B_5B5B) & HIGH;
    let upper = at_least_a & !beyond_z & !x;
    x | (upper >> 2)
}

/// The key of a whole label (builder side, and the slow lookup path).
#[inline]
pub(crate) fn key_of(label: &[u8]) -> u64 {
    lower8(load_short(label.get(..8).unwrap_or(label)))
}

/// The key of `host[start..end]`, with one 8-byte load when the host has
/// eight bytes ending at `end` (short labels) or starting at `start` (long
/// labels).
#[inline(always)]
pub(crate) fn key_at(host: &[u8], start: usize, end: usize) -> u64 {
    let len = end.wrapping_sub(start);
    if len <= 8 {
        if let Some(window) = end
            .checked_sub(8)
            .and_then(|from| host.get(from..end))
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
        {
            let shift = (8 - len as u32) * 8;
            return lower8(u64::from_le_bytes(window).checked_shr(shift).unwrap_or(0));
        }
    } else if let Some(window) = host
        .get(start..start.wrapping_add(8))
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
    {
        return lower8(u64::from_le_bytes(window));
    }
    key_of(host.get(start..end).unwrap_or_default())
}

/// High bit set in exactly the bytes of `x` that are `.`.
#[inline(always)]
fn dot_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let y = x ^ 0x2E2E_2E2E_2E2E_2E2E;
    !(((y & LOW7) + LOW7) | y | LOW7)
}

/// The label of `host` that ends at `end` (`end` is the host length or the
/// index of a dot): its start and its key.
///
/// One 8-byte load finds the label's dot and gives its key when the label
/// is at most eight bytes long (and the host has eight bytes), the common
/// case; otherwise a byte scan.
#[inline(always)]
pub(crate) fn label_before(host: &[u8], end: usize) -> (usize, u64) {
    // The eight bytes ending at `end`; when `end < 8`, the host's first
    // eight bytes shifted so that byte `end - 1` is the top byte (the
    // vacated low bytes are zero, never a dot).
    let window = match end.checked_sub(8) {
        Some(from) => load8(host, from).map(|x| (x, false)),
        None => host.get(..end).map(|h| {
            (
                load_short(h).checked_shl(64 - 8 * end as u32).unwrap_or(0),
                true,
            )
        }),
    };
    // Bytes from `cut` to `end` are known to hold no dot.
    let mut cut = end;
    if let Some((x, reaches_start)) = window {
        let dots = dot_bytes(x);
        // Bytes after the last dot of the window (8 when there is none).
        let len = (dots.leading_zeros() / 8) as usize;
        if dots != 0 || reaches_start || end == 8 {
            let len = len.min(end);
            let key = x.checked_shr(64 - 8 * len as u32).unwrap_or(0);
            return (end - len, lower8(key));
        }
        cut = end - 8;
    }
    // A label longer than eight bytes (or a host shorter than eight): look
    // for the dot eight bytes at a time, then byte by byte.
    while cut >= 8 {
        match load8(host, cut - 8) {
            Some(x) if dot_bytes(x) == 0 => cut -= 8,
            _ => break,
        }
    }
    let start = host
        .get(..cut)
        .and_then(|h| h.iter().rposition(|&b| b == b'.'))
        .map_or(0, |dot| dot + 1);
    (start, key_at(host, start, end))
}

/// `bytes` (at most eight) as a little-endian `u64`, from two overlapping
/// loads instead of a byte loop.
#[inline(always)]
fn load_short(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let part = |from: usize, size: usize| -> u64 {
        let chunk = bytes.get(from..from + size).unwrap_or_default();
        chunk
            .iter()
            .rev()
            .fold(0u64, |k, &b| (k << 8) | u64::from(b))
    };
    if n >= 8 {
        return load8(bytes, 0).unwrap_or(0);
    }
    if n >= 4 {
        let low = bytes
            .get(..4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map_or(0, u32::from_le_bytes);
        let high = bytes
            .get(n - 4..n)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map_or(0, u32::from_le_bytes);
        return u64::from(low) | u64::from(high) << (8 * (n - 4));
    }
    if n >= 2 {
        let low = bytes
            .get(..2)
            .and_then(|b| <[u8; 2]>::try_from(b).ok())
            .map_or(0, u16::from_le_bytes);
        let high = bytes
            .get(n - 2..n)
            .and_then(|b| <[u8; 2]>::try_from(b).ok())
            .map_or(0, u16::from_le_bytes);
        return u64::from(low) | u64::from(high) << (8 * (n - 2));
    }
    part(0, n)
}

#[inline(always)]
fn load8(host: &[u8], from: usize) -> Option<u64> {
    host.get(from..from.wrapping_add(8))
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map(u64::from_le_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower8_only_touches_ascii_uppercase() {
        for b in 0..=255u8 {
            let x = u64::from_le_bytes([b, b'@', b'[', b'Z', b'A', 0, 0x80 | b'A', b'z']);
            let want = u64::from_le_bytes([
                b.to_ascii_lowercase(),
                b'@',
                b'[',
                b'z',
                b'a',
                0,
                0x80 | b'A',
                b'z',
            ]);
            assert_eq!(lower8(x), want, "byte {b:#x}");
        }
    }

    #[test]
    fn label_before_matches_a_scan() {
        let hosts: [&[u8]; 7] = [
            b"WWW.Example.co.uk.verylonglabel.x",
            b"a.b",
            b"..a...bcdefghij.k.",
            b"abcdefgh.ijklmnop.qrstuvwxyz",
            b"",
            b"a.bc.def",
            b"x.\xc3\xa9t\xc3\xa9.com",
        ];
        for host in hosts {
            for end in 0..=host.len() {
                let start = host[..end]
                    .iter()
                    .rposition(|&b| b == b'.')
                    .map_or(0, |d| d + 1);
                assert_eq!(
                    label_before(host, end),
                    (start, key_of(&host[start..end])),
                    "{host:?} {end}"
                );
            }
        }
    }

    #[test]
    fn key_of_is_the_first_eight_bytes_lowercased() {
        let text = b"ABCDEFGHIJKLMNOP";
        for n in 0..=text.len() {
            let want = text[..n.min(8)]
                .iter()
                .rev()
                .fold(0u64, |k, &b| (k << 8) | u64::from(b.to_ascii_lowercase()));
            assert_eq!(key_of(&text[..n]), want, "{n}");
        }
    }

    #[test]
    fn key_at_matches_key_of() {
        let host = b"WWW.Example.co.uk.verylonglabel.x";
        let mut start = 0;
        for label in host.split(|&b| b == b'.') {
            let end = start + label.len();
            assert_eq!(key_at(host, start, end), key_of(label));
            assert_eq!(key_of(label), key_of(&label.to_ascii_lowercase()));
            start = end + 1;
        }
    }
}
