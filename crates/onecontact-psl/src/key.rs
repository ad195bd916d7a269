//! Label keys, the hash, and reading labels out of a host.
//!
//! A label's key is its first eight bytes, ASCII-lowercased, read as a
//! little-endian `u64` (shorter labels are zero-padded). The hash takes the
//! parent id, the label length and the key with bit 5 of every byte set
//! ([`fold`], a one-instruction stand-in for lowercasing), plus, for labels
//! over eight bytes, [`long_mix`] of the rest. A slot found through the
//! hash is compared with the key as read and, when that differs, with the
//! exact lowercase key, then with the length, the parent
//! and, for long labels, the remaining bytes in the tail pool.
//!
//! The baked table is generated through the same builder (`codegen`), so
//! these functions exist once; the test `baked_equals_parsed` catches a
//! baked file left stale by a change to them.

use crate::gigo::Gigo;
use onecontact_bytes::word::{HI, bytes_equal};

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xD6E8_FEB8_6659_FD93;

/// The hash of a label under `parent`; `seed` is the table's (see
/// [`seed`]).
#[inline(always)]
pub(crate) fn hash(parent: u32, key: u64, len: usize, seed: u64) -> u64 {
    (key.wrapping_mul(K1) ^ ((u64::from(parent) << 8) | len as u64))
        .wrapping_add(seed)
        .wrapping_mul(K2)
}

/// The value [`hash`] adds for seed number `n` (the builder tries seeds
/// 0, 1, … until the perfect hash works out).
pub(crate) fn seed(n: u64) -> u64 {
    n.wrapping_mul(K3)
}

const K3: u64 = 0xA076_1D64_78BD_642F;

/// What a label of more than eight bytes adds to its folded key before
/// hashing: its bytes after the first eight, folded eight at a time (the last eight
/// bytes always, overlapping the previous chunk), so that labels sharing
/// their first eight bytes and length hash apart. Zero for shorter labels.
#[inline]
pub(crate) fn long_mix(label: &[u8]) -> u64 {
    let n = label.len();
    if n <= 8 {
        return 0;
    }
    let chunk = |at: usize| fold(load8(label, at).unwrap_or_gigo());
    let mut mix = 0u64;
    let mut at = 8;
    while at + 8 < n {
        mix = (mix ^ chunk(at)).wrapping_mul(K1);
        at += 8;
    }
    (mix ^ chunk(n - 8)).wrapping_mul(K1)
}

/// What the hash sees of eight label bytes: each byte with bit 5 set. It
/// maps ASCII uppercase to lowercase and leaves lowercase letters, digits
/// and `-` alone, in one instruction; other bytes may meet (`_` and DEL),
/// which only makes two hashes equal, never a wrong answer: a slot found
/// through the hash is compared with the [`lower8`] key.
#[inline(always)]
pub(crate) fn fold(x: u64) -> u64 {
    x | 0x2020_2020_2020_2020
}

/// ASCII-lowercases the eight bytes of `x` at once (bytes >= 0x80 unchanged).
pub(crate) use onecontact_bytes::word::ascii_lowercase as lower8;

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
    key_of(host.get(start..end).unwrap_or_gigo())
}

/// High bit set in exactly the bytes of `x` that are `.`.
#[inline(always)]
fn dot_bytes(x: u64) -> u64 {
    bytes_equal(x, b'.')
}

/// A host being looked up: its bytes, and its first eight bytes preloaded
/// (zero-padded when the host is shorter), so that every label can be read
/// with one 8-byte load.
#[derive(Clone, Copy)]
pub(crate) struct Host<'a> {
    bytes: &'a [u8],
    head: u64,
}

impl<'a> Host<'a> {
    #[inline(always)]
    pub(crate) fn new(bytes: &'a [u8]) -> Host<'a> {
        Host {
            bytes,
            head: load_short(bytes),
        }
    }

    /// The host's bytes.
    #[inline(always)]
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.bytes
    }

    /// Whether every byte is ASCII (below 0x80), read eight at a time.
    #[inline(always)]
    pub(crate) fn is_ascii(self) -> bool {
        let len = self.bytes.len();
        let mut seen = self.head;
        let mut from = 8;
        while from < len {
            // The last load overlaps the one before instead of running short.
            seen |= load8(self.bytes, from.min(len - 8)).unwrap_or(HI);
            from += 8;
        }
        seen & HI == 0
    }

    /// The label that ends at `end` (the host length or the index of a
    /// dot): its start and its key, not yet lowercased (see [`lower8`]).
    ///
    /// One 8-byte load finds the label's dot and gives its key when the
    /// label is at most eight bytes long, the common case; a longer label
    /// is scanned eight bytes at a time.
    #[inline(always)]
    pub(crate) fn label_before(self, end: usize) -> (usize, u64) {
        let x = window(self.bytes, self.head, end);
        let dots = dot_bytes(x);
        if dots != 0 || end <= 8 {
            // Bytes after the last dot (8 when there is none).
            let len = ((dots.leading_zeros() / 8) as usize).min(end);
            let key = x.checked_shr(64 - 8 * len as u32).unwrap_or(0);
            return (end - len, key);
        }
        long_label_before(self.bytes, self.head, end)
    }

    /// [`Host::label_before`] for the host's last label. A host of at most
    /// eight bytes without a dot (`deps`, `intranet`) is its own last
    /// label: its key is the preloaded first eight bytes as they are.
    #[inline(always)]
    pub(crate) fn last_label(self) -> (usize, u64) {
        if self.bytes.len() <= 8 && dot_bytes(self.head) == 0 {
            return (0, self.head);
        }
        self.label_before(self.bytes.len())
    }

    /// Whether `host[..end]` (empty, or labels each followed by a dot) has
    /// no empty label: it does not start with a dot and has no two dots in
    /// a row. Looks at seven new bytes per step (windows overlap by one
    /// byte, so a pair of dots across two windows is seen).
    #[inline(always)]
    pub(crate) fn labels_nonempty_before(self, end: usize) -> bool {
        if end == 0 {
            return true;
        }
        if self.head as u8 == b'.' {
            return false;
        }
        let mut end = end;
        loop {
            let dots = dot_bytes(window(self.bytes, self.head, end));
            if dots & (dots >> 8) != 0 {
                return false;
            }
            if end <= 8 {
                return true;
            }
            end -= 7;
        }
    }
}

/// The eight bytes of `bytes` ending at `end` (`end <= len`), as a
/// little-endian `u64`; when `end < 8`, the first `end` bytes (from `head`,
/// the first eight bytes) in the top bytes and zeros (never a dot) below.
#[inline(always)]
fn window(bytes: &[u8], head: u64, end: usize) -> u64 {
    match end.checked_sub(8) {
        Some(from) => load8(bytes, from).unwrap_or_gigo(),
        None => head.checked_shl(64 - 8 * end as u32).unwrap_or(0),
    }
}

/// [`Host::label_before`] when the eight bytes before `end` hold no dot
/// and `end > 8`: a label of more than eight bytes. Looks for the dot
/// eight bytes at a time.
#[inline(always)]
fn long_label_before(bytes: &[u8], head: u64, end: usize) -> (usize, u64) {
    // Bytes from `cut` to `end` hold no dot.
    let mut cut = end.saturating_sub(8);
    let start = loop {
        let dots = dot_bytes(window(bytes, head, cut));
        if dots != 0 || cut <= 8 {
            break cut - ((dots.leading_zeros() / 8) as usize).min(cut);
        }
        cut -= 8;
    };
    // The label has more than eight bytes: its first eight are loadable.
    (start, load8(bytes, start).unwrap_or_gigo())
}

/// `bytes` (at most eight) as a little-endian `u64`, from two overlapping
/// loads instead of a byte loop.
#[inline(always)]
fn load_short(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let part = |from: usize, size: usize| -> u64 {
        let chunk = bytes.get(from..from + size).unwrap_or_gigo();
        chunk
            .iter()
            .rev()
            .fold(0u64, |k, &b| (k << 8) | u64::from(b))
    };
    if n >= 8 {
        return load8(bytes, 0).unwrap_or_gigo();
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
    fn label_before_matches_a_scan() {
        let hosts: [&[u8]; 10] = [
            b"deps",
            b"LOCALHST",
            b"a.b.c.d",
            b"WWW.Example.co.uk.verylonglabel.x",
            b"a.b",
            b"..a...bcdefghij.k.",
            b"abcdefgh.ijklmnop.qrstuvwxyz",
            b"",
            b"a.bc.def",
            b"x.\xc3\xa9t\xc3\xa9.com",
        ];
        for host in hosts {
            let (start, key) = Host::new(host).last_label();
            assert_eq!((start, lower8(key)), {
                let (s, k) = Host::new(host).label_before(host.len());
                (s, lower8(k))
            });
            for end in 0..=host.len() {
                let start = host[..end]
                    .iter()
                    .rposition(|&b| b == b'.')
                    .map_or(0, |d| d + 1);
                assert_eq!(
                    {
                        let (s, k) = Host::new(host).label_before(end);
                        (s, lower8(k))
                    },
                    (start, key_of(&host[start..end])),
                    "{host:?} {end}"
                );
            }
        }
    }

    #[test]
    fn labels_nonempty_before_matches_a_scan() {
        let hosts: [&[u8]; 8] = [
            b"www.example.com",
            b".a.b",
            b"a..b.c",
            b"abcdefg..hijklmnop.q",
            b"abcdefgh.ijklmno..p",
            b"abcdefghijklmn.o.p",
            b"a.b",
            b"",
        ];
        for host in hosts {
            for end in 0..=host.len() {
                // Only ends just after a dot (or 0) are asked about.
                if end > 0 && host[end - 1] != b'.' {
                    continue;
                }
                let prefix = &host[..end];
                let want = prefix.is_empty()
                    || prefix[..prefix.len() - 1]
                        .split(|&b| b == b'.')
                        .all(|label| !label.is_empty());
                assert_eq!(
                    Host::new(host).labels_nonempty_before(end),
                    want,
                    "{host:?} {end}"
                );
            }
        }
    }

    #[test]
    fn fold_and_long_mix_ignore_ascii_case() {
        let labels: [&[u8]; 4] = [b"Example", b"S3-Website-US-East-1", b"a_b-C", b"x"];
        for label in labels {
            let lower = label.to_ascii_lowercase();
            assert_eq!(
                fold(key_of(label)),
                fold(load_short(&label[..label.len().min(8)]))
            );
            assert_eq!(fold(key_of(&lower)), fold(key_of(label)));
            assert_eq!(long_mix(label), long_mix(&lower), "{label:?}");
        }
        // Labels that share their first eight bytes and length mix apart.
        assert_ne!(
            long_mix(b"s3-website-us-east-1"),
            long_mix(b"s3-website-us-west-1")
        );
        assert_ne!(
            long_mix(b"abcdefgh1xyzxyzxy"),
            long_mix(b"abcdefgh2xyzxyzxy")
        );
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
