//! The quick refusal's one pass over an ASCII host: the hash of each
//! token's skeleton (tokens are the parts between `.` and `-`), and the
//! skeleton of the eTLD+1, its hash and where its name without registry
//! ends in it.

use crate::display::lookalike::ascii_prototype;

use super::hashes::{BASE, MAX_POWER, POWERS};

/// The longest host (in bytes) the pass reads: its skeleton (at most two
/// bytes a byte) is no longer than [`MAX_POWER`].
pub(super) const MAX_HOST: usize = MAX_POWER / 2;

/// The most tokens the pass reads.
const MAX_TOKENS: usize = 16;

/// The longest eTLD+1 skeleton (in bytes) the pass reads.
const MAX_ETLD1_SKELETON: usize = 64;

/// The skeleton of each ASCII byte as at most two ASCII bytes (the second
/// 0 when there is one); `[0, 0]` when its prototype is not ASCII.
const PROTOTYPES: [[u8; 2]; 128] = {
    let mut table = [[0u8; 2]; 128];
    let mut b = 0u8;
    while b < 128 {
        let skeleton = match ascii_prototype(b) {
            None => [b, 0],
            Some(p) => match p.as_bytes() {
                [x] if x.is_ascii() => [*x, 0],
                [x, y] if x.is_ascii() && y.is_ascii() => [*x, *y],
                _ => [0, 0],
            },
        };
        // `b` is below 128, the table's length.
        #[allow(clippy::indexing_slicing)]
        {
            table[b as usize] = skeleton;
        }
        b += 1;
    }
    table
};

/// How the pass reads an ASCII byte that is part of a token.
#[derive(Clone, Copy)]
struct ByteCode {
    /// A hash steps over the byte's skeleton as `hash * mul + add` (`mul`
    /// is `BASE` to the skeleton's length).
    mul: u64,
    add: u64,
    /// The skeleton's bytes (the second 0 when there is one).
    skeleton: [u8; 2],
    /// How many bytes the skeleton has; 0 for a byte that is no part of a
    /// token (`.` and `-`, which separate tokens and are their own
    /// skeleton) or has no ASCII skeleton.
    width: u8,
}

/// [`ByteCode`] of each ASCII byte, from [`PROTOTYPES`].
const BYTE_CODES: [ByteCode; 128] = {
    let mut table = [ByteCode {
        mul: 0,
        add: 0,
        skeleton: [0, 0],
        width: 0,
    }; 128];
    let mut b = 0;
    while b < 128 {
        // `b` is below 128, the tables' length.
        #[allow(clippy::indexing_slicing)]
        let [first, second] = PROTOTYPES[b];
        if b != b'.' as usize && b != b'-' as usize && first != 0 {
            let code = if second == 0 {
                ByteCode {
                    mul: BASE,
                    add: first as u64 + 1,
                    skeleton: [first, 0],
                    width: 1,
                }
            } else {
                ByteCode {
                    mul: BASE.wrapping_mul(BASE),
                    add: (first as u64 + 1)
                        .wrapping_mul(BASE)
                        .wrapping_add(second as u64 + 1),
                    skeleton: [first, second],
                    width: 2,
                }
            };
            // `b` is below 128, the tables' length.
            #[allow(clippy::indexing_slicing)]
            {
                table[b] = code;
            }
        }
        b += 1;
    }
    table
};

/// The hash of the `len` bytes that take a hash from `base` to `hash`.
fn token_hash(hash: u64, base: u64, len: usize) -> Option<u64> {
    Some(hash.wrapping_sub(base.wrapping_mul(*POWERS.get(len)?)))
}

/// What the pass reads of a host.
pub(super) struct HostTokens {
    /// The hash of each token's skeleton, and the skeleton's length.
    hashes: [u64; MAX_TOKENS],
    lengths: [u8; MAX_TOKENS],
    count: usize,
    /// Bit `e`: token `e` has four characters or more.
    long: u32,
    /// The eTLD+1's skeleton (its first `etld1_len` bytes). A byte's
    /// skeleton is written at its place modulo 64: a skeleton that runs
    /// past [`MAX_ETLD1_SKELETON`] bytes is not read.
    etld1: [u8; MAX_ETLD1_SKELETON + 2],
    etld1_len: usize,
    /// The hash of the eTLD+1's skeleton.
    etld1_hash: u64,
    /// Where the name without registry ends in the eTLD+1's skeleton.
    name_end: Option<usize>,
}

impl HostTokens {
    /// Nothing read yet.
    pub(super) fn new() -> HostTokens {
        HostTokens {
            hashes: [0; MAX_TOKENS],
            lengths: [0; MAX_TOKENS],
            count: 0,
            long: 0,
            etld1: [0; MAX_ETLD1_SKELETON + 2],
            etld1_len: 0,
            etld1_hash: 0,
            name_end: None,
        }
    }

    /// Reads an ASCII `host` (of at most [`MAX_HOST`] bytes) whose eTLD+1
    /// starts at `etld1_start` and whose name without registry has
    /// `name_len` bytes; `false` when the pass does not read it (a byte
    /// without an ASCII skeleton, an empty token, more tokens or a longer
    /// eTLD+1 skeleton than it keeps), which leaves the host to the full
    /// path. Empty tokens (`a--b`, `-a`, `a.`) make the tokens' names
    /// differ from the host's text, and every host with an `xn--` label
    /// (whose skeletons are those of its Unicode form) has one.
    pub(super) fn read(&mut self, host: &[u8], etld1_start: usize, name_len: usize) -> bool {
        let (Some(head), Some(tail)) = (host.get(..etld1_start), host.get(etld1_start..)) else {
            return false;
        };
        if host.len() > MAX_HOST || tail.len() > MAX_ETLD1_SKELETON {
            return false;
        }
        // The token read: its hash, where it starts in the host, and the
        // length of the host's skeleton before it and with it.
        let (mut hash, mut start, mut before, mut len) = (0u64, 0, 0, 0);
        for (i, &b) in head.iter().enumerate() {
            let Some(&code) = BYTE_CODES.get(usize::from(b & 127)) else {
                return false;
            };
            if code.width == 0 {
                if !self.end_token(b, i - start, hash, len - before) {
                    return false;
                }
                (hash, start, len) = (0, i + 1, len + 1);
                before = len;
                continue;
            }
            len += usize::from(code.width);
            hash = hash.wrapping_mul(code.mul).wrapping_add(code.add);
        }
        // The eTLD+1 (which starts a label): its skeleton and the hash of
        // it, from which each of its tokens' hashes is taken at its end
        // (the hash there less the hash where the token starts, shifted
        // over the token).
        if etld1_start > 0 && head.last() != Some(&b'.') {
            return false;
        }
        let (mut at, mut etld1_hash) = (0, 0u64);
        let (mut token_at, mut token_base) = (0, 0u64);
        for (j, &b) in tail.iter().enumerate() {
            let Some(&code) = BYTE_CODES.get(usize::from(b & 127)) else {
                return false;
            };
            if code.width == 0 {
                let i = etld1_start + j;
                let Some(hash) = token_hash(etld1_hash, token_base, at - token_at) else {
                    return false;
                };
                if !self.end_token(b, i - start, hash, at - token_at) {
                    return false;
                }
                if j == name_len && b == b'.' {
                    self.name_end = Some(at);
                }
                if let Some(out) = self.etld1.get_mut(at % MAX_ETLD1_SKELETON) {
                    *out = b;
                }
                at += 1;
                etld1_hash = etld1_hash.wrapping_mul(BASE).wrapping_add(u64::from(b) + 1);
                (start, token_at, token_base) = (i + 1, at, etld1_hash);
                continue;
            }
            let place = at % MAX_ETLD1_SKELETON;
            if let Some(out) = self.etld1.get_mut(place..place + 2) {
                out.copy_from_slice(&code.skeleton);
            }
            at += usize::from(code.width);
            etld1_hash = etld1_hash.wrapping_mul(code.mul).wrapping_add(code.add);
        }
        // The last token (a host ending with a separator has an empty one).
        if start == host.len() || at > MAX_ETLD1_SKELETON {
            return false;
        }
        let Some(hash) = token_hash(etld1_hash, token_base, at - token_at) else {
            return false;
        };
        self.etld1_len = at;
        self.etld1_hash = etld1_hash;
        self.push(hash, at - token_at, host.len() - start)
    }

    /// Ends the token read at the separator `b` (`false` for a byte that
    /// is no separator, or after an empty token).
    fn end_token(&mut self, b: u8, chars: usize, hash: u64, len: usize) -> bool {
        (b == b'.' || b == b'-') && chars > 0 && self.push(hash, len, chars)
    }

    /// Keeps a token of `chars` characters whose skeleton has `len` bytes
    /// and the hash `hash` (`false` when there are too many).
    fn push(&mut self, hash: u64, len: usize, chars: usize) -> bool {
        let (Some(h), Some(l), Ok(len)) = (
            self.hashes.get_mut(self.count),
            self.lengths.get_mut(self.count),
            u8::try_from(len),
        ) else {
            return false;
        };
        *h = hash;
        *l = len;
        self.long |= u32::from(chars >= 4) << self.count;
        self.count += 1;
        true
    }

    /// How many tokens the host has.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// Token `e`'s skeleton's hash and `BASE` to its length.
    pub(super) fn token(&self, e: usize) -> (u64, u64) {
        let (Some(&hash), Some(&len)) = (self.hashes.get(e), self.lengths.get(e)) else {
            return (0, 1);
        };
        (hash, POWERS.get(usize::from(len)).copied().unwrap_or(1))
    }

    /// Whether token `e` has four characters or more.
    pub(super) fn is_long(&self, e: usize) -> bool {
        e < 32 && self.long & (1 << e) != 0
    }

    /// The eTLD+1's skeleton.
    pub(super) fn etld1_skeleton(&self) -> &[u8] {
        self.etld1.get(..self.etld1_len).unwrap_or_default()
    }

    /// The hash of the eTLD+1's skeleton.
    pub(super) fn etld1_hash(&self) -> u64 {
        self.etld1_hash
    }

    /// The length of the skeleton of the name without registry: the
    /// eTLD+1's skeleton before the registry's dot.
    pub(super) fn name_len(&self) -> usize {
        self.name_end.unwrap_or(self.etld1_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skeleton_table_is_the_prototypes() {
        for b in 0..128u8 {
            let want = match ascii_prototype(b) {
                None => vec![b],
                Some(p) if p.is_ascii() => p.as_bytes().to_vec(),
                Some(_) => vec![0],
            };
            let got: Vec<u8> = PROTOTYPES[usize::from(b)]
                .iter()
                .copied()
                .enumerate()
                .filter(|&(i, p)| i == 0 || p != 0)
                .map(|(_, p)| p)
                .collect();
            assert_eq!(got, want, "{b}");
        }
    }

    #[test]
    fn tokens_and_the_etld1_skeleton() {
        let host = b"www.my-shop1.co.uk";
        let mut read = HostTokens::new();
        assert!(read.read(host, 4, 8));
        assert_eq!(read.etld1_skeleton(), b"rny-shopl.co.uk");
        assert_eq!(read.name_len(), 9);
        let hash = |s: &str| super::super::hashes::hash_str(s);
        assert_eq!(read.etld1_hash(), hash("rny-shopl.co.uk"));
        let want = [
            ("www", false),
            ("rny", false),
            ("shopl", true),
            ("co", false),
            ("uk", false),
        ];
        assert_eq!(read.count(), want.len());
        for (e, (skeleton, is_long)) in want.into_iter().enumerate() {
            assert_eq!(
                read.token(e),
                (hash(skeleton), POWERS[skeleton.len()]),
                "{skeleton}"
            );
            assert_eq!(read.is_long(e), is_long, "{skeleton}");
        }
        // An eTLD+1 that starts inside a label is left to the full path.
        assert!(!HostTokens::new().read(b"www.ab.cd", 5, 1));
        for refused in [
            &b"a--b.com"[..],
            b"a..com",
            b"-a.com",
            b"a.com.",
            b"a%b.com",
        ] {
            assert!(
                !HostTokens::new().read(refused, refused.len() - 5, 1),
                "{}",
                String::from_utf8_lossy(refused)
            );
        }
    }
}
