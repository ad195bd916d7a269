//! The hash table the imitation checks look strings up in: entries of a
//! hash and the index of the string it was taken from, in open addressing
//! at most half full, with a bit filter in front (a bit per slot of a
//! table sixteen times as large) that tells most hashes not held with one
//! test. [`Hashes`](super::hashes::Hashes) keeps one entry per hash;
//! [`Neighbourhoods`](super::distance::Neighbourhoods) every string of a
//! hash.

/// The multiplier that spreads a hash over a table's slots (the
/// polynomial hashes' low bits follow the characters' low bits).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash as a table keeps it: 0 marks an empty slot, so a real zero
/// hash is kept as 1.
fn stored(h: u64) -> u64 {
    h.max(1)
}

/// Entries `(hash, index)`, several indexes to a hash if given so.
#[derive(Debug, Clone, Default)]
pub(super) struct HashTable {
    slots: Vec<(u64, u32)>,
    /// 64 less the table's size in bits: the shift that takes a slot
    /// from a spread hash.
    shift: u32,
    filter: Vec<u64>,
    /// The shift that takes a bit of `filter` from a spread hash.
    filter_shift: u32,
}

impl HashTable {
    /// No entry.
    pub(super) const EMPTY: HashTable = HashTable {
        slots: Vec::new(),
        shift: 0,
        filter: Vec::new(),
        filter_shift: 0,
    };

    /// The table of `entries`; the same entry twice is kept once.
    pub(super) fn new(mut entries: Vec<(u64, u32)>) -> HashTable {
        for entry in &mut entries {
            entry.0 = stored(entry.0);
        }
        entries.sort_unstable();
        entries.dedup();
        let size = (entries.len() * 2).next_power_of_two().max(16);
        let bits = size * 16;
        let mut table = HashTable {
            slots: vec![(0, 0); size],
            shift: 64 - size.trailing_zeros(),
            filter: vec![0; bits / 64],
            filter_shift: 64 - bits.trailing_zeros(),
        };
        let mask = size - 1;
        for entry in entries {
            let bit = table.filter_bit(entry.0);
            if let Some(word) = table.filter.get_mut(bit / 64) {
                *word |= 1 << (bit % 64);
            }
            let mut at = table.slot(entry.0);
            while table.slots.get(at).is_some_and(|s| s.0 != 0) {
                at = (at + 1) & mask;
            }
            if let Some(slot) = table.slots.get_mut(at) {
                *slot = entry;
            }
        }
        table
    }

    /// Whether the table holds no entry.
    pub(super) fn is_empty(&self) -> bool {
        self.slots.is_empty()
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

    /// Whether some entry has the hash `h`.
    pub(super) fn holds(&self, h: u64) -> bool {
        self.any(h, |_| true)
    }

    /// Whether some entry of the hash `h` has an index that passes `test`
    /// (asked in the table's order, until one does).
    pub(super) fn any(&self, h: u64, mut test: impl FnMut(u32) -> bool) -> bool {
        let h = stored(h);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_it_was_given_and_every_index_of_a_hash() {
        let table = HashTable::new(vec![(0, 7), (5, 1), (5, 2), (5, 1), (u64::MAX, 3)]);
        assert!(table.holds(0) && table.holds(1) && table.holds(5) && table.holds(u64::MAX));
        assert!(!table.holds(6));
        let mut seen = Vec::new();
        assert!(!table.any(5, |i| {
            seen.push(i);
            false
        }));
        seen.sort_unstable();
        assert_eq!(seen, [1, 2]);
        assert!(!HashTable::EMPTY.holds(0));
        assert!(HashTable::EMPTY.is_empty() && !table.is_empty());
    }
}
