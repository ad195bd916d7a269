//! Hashes of strings as the quick refusal and the embedding check take
//! them (a polynomial over the characters' codes, each code the character
//! plus one), and sets of them.

use super::table::HashTable;

/// The polynomial's base (a prime).
pub(super) const BASE: u64 = 0x100_0000_01b3;

/// The hash of a string, character by character.
pub(crate) fn hash_str(s: &str) -> u64 {
    if s.is_ascii() {
        return s.bytes().fold(0u64, |h, b| {
            h.wrapping_mul(BASE).wrapping_add(u64::from(b) + 1)
        });
    }
    s.chars().fold(0u64, step)
}

/// `h` continued over the character `c`.
pub(super) fn step(h: u64, c: char) -> u64 {
    h.wrapping_mul(BASE).wrapping_add(u64::from(c) + 1)
}

/// `hash` continued over `bytes` (each byte's code is the byte plus one).
pub(super) fn extend(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        h.wrapping_mul(BASE).wrapping_add(u64::from(b) + 1)
    })
}

/// The longest string [`POWERS`] has the power of its length for.
pub(super) const MAX_POWER: usize = 192;

/// `BASE` to the powers up to [`MAX_POWER`].
pub(super) const POWERS: [u64; MAX_POWER + 1] = {
    let mut table = [1u64; MAX_POWER + 1];
    let mut i = 1;
    while i <= MAX_POWER {
        // `i` is at most the table's last index.
        #[allow(clippy::indexing_slicing)]
        {
            table[i] = table[i - 1].wrapping_mul(BASE);
        }
        i += 1;
    }
    table
};

/// A set of hashes, each with the index of the string it was taken from
/// (one entry per hash: the first string's).
#[derive(Debug, Default)]
pub(crate) struct Hashes {
    table: HashTable,
}

impl Hashes {
    pub(super) fn of<'s>(strings: impl Iterator<Item = &'s str>) -> Hashes {
        Hashes::of_hashes(strings.map(hash_str))
    }

    /// The set of `hashes` (each with its place in the iterator).
    pub(super) fn of_hashes(hashes: impl Iterator<Item = u64>) -> Hashes {
        let mut v: Vec<(u64, u32)> = hashes.zip(0u32..).map(|(h, i)| (h.max(1), i)).collect();
        // One entry per hash (the first string's): a string whose hash
        // another string of the set has too may be missed by `any`, never
        // by `contains`.
        v.sort_unstable();
        v.dedup_by_key(|e| e.0);
        Hashes {
            table: HashTable::new(v),
        }
    }

    /// Whether `h` may be the hash of a string of the set.
    pub(crate) fn contains(&self, h: u64) -> bool {
        self.table.holds(h)
    }

    /// Whether the string of the set kept for the hash `h` passes `test`
    /// (given its index); `false` may still leave another string of that
    /// hash.
    pub(super) fn any(&self, h: u64, test: impl Fn(u32) -> bool) -> bool {
        self.table.any(h, test)
    }
}
