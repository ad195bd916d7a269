//! Hashes of strings as the quick refusal and the embedding check take
//! them (a polynomial over the characters' codes, each code the character
//! plus one), and sets of them.

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

/// The multiplier that spreads a hash over a table's slots (the
/// polynomial hashes' low bits follow the characters' low bits).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// A set of hashes, each with the index of the string it was taken from:
/// an open-addressing table of at most half load, so that a hash not in
/// the set is told in one or two probes.
/// A bit filter in front of the table (a bit per slot of a table sixteen
/// times as large) tells most hashes that are not in it with one test.
#[derive(Debug, Default)]
pub(crate) struct Hashes {
    slots: Vec<(u64, u32)>,
    shift: u32,
    filter: Vec<u64>,
    filter_shift: u32,
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
        let size = (v.len() * 2).next_power_of_two().max(16);
        let bits = size * 16;
        let mut set = Hashes {
            slots: vec![(0, 0); size],
            shift: 64 - size.trailing_zeros(),
            filter: vec![0; bits / 64],
            filter_shift: 64 - bits.trailing_zeros(),
        };
        let mask = size - 1;
        for entry in v {
            let bit = set.filter_bit(entry.0);
            if let Some(word) = set.filter.get_mut(bit / 64) {
                *word |= 1 << (bit % 64);
            }
            let mut at = set.slot(entry.0);
            while set.slots.get(at).is_some_and(|s| s.0 != 0) {
                at = (at + 1) & mask;
            }
            if let Some(slot) = set.slots.get_mut(at) {
                *slot = entry;
            }
        }
        set
    }

    fn slot(&self, h: u64) -> usize {
        // The top bits of the product: below the table's size.
        #[allow(clippy::cast_possible_truncation)]
        let at = (h.wrapping_mul(SPREAD) >> self.shift) as usize;
        at
    }

    fn filter_bit(&self, h: u64) -> usize {
        // The top bits of the product: below the filter's size.
        #[allow(clippy::cast_possible_truncation)]
        let bit = (h.wrapping_mul(SPREAD) >> self.filter_shift) as usize;
        bit
    }

    /// Whether `h` may be the hash of a string of the set.
    pub(crate) fn contains(&self, h: u64) -> bool {
        self.any(h, |_| true)
    }

    /// Whether the string of the set kept for the hash `h` passes `test`
    /// (given its index); `false` may still leave another string of that
    /// hash.
    pub(super) fn any(&self, h: u64, test: impl Fn(u32) -> bool) -> bool {
        let h = h.max(1);
        let bit = self.filter_bit(h);
        if self
            .filter
            .get(bit / 64)
            .is_none_or(|word| word & (1 << (bit % 64)) == 0)
        {
            return false;
        }
        let mask = self.slots.len().wrapping_sub(1);
        let mut at = self.slot(h);
        loop {
            match self.slots.get(at) {
                Some(&(0, _)) | None => return false,
                Some(&(s, i)) if s == h && test(i) => return true,
                Some(_) => at = (at + 1) & mask,
            }
        }
    }
}
