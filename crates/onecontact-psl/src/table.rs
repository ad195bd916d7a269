//! The table: a reversed-label trie stored in one open-addressing hash table.
//!
//! Every label path of some rule (`uk`, `co.uk`, `*.ck` → `ck`) is a node.
//! A node lives in the slot found from [`key::hash`] of (parent slot, label
//! key, label length), probing linearly; the slot index is the node's id,
//! which its children hash with. A lookup walks the host's labels from the
//! right, one probe sequence per label, and stops as soon as a node has no
//! children. Nothing is allocated.
//!
//! The baked table (`generated/baked.rs`) is this same structure produced
//! by `cargo xtask tables`; `builder::Builder` makes it from parsed rules at run
//! time, slot for slot identical for the same list.

use std::borrow::Cow;

use crate::key;

/// Flag bits of a slot. A real node always has at least one bit set; an
/// empty slot has none.
pub(crate) mod flags {
    /// A normal rule ends at this node.
    pub(crate) const NORMAL: u8 = 1 << 0;
    /// … and it is in the PRIVATE section.
    pub(crate) const NORMAL_PRIVATE: u8 = 1 << 1;
    /// A wildcard rule `*.<this node>` exists.
    pub(crate) const WILDCARD: u8 = 1 << 2;
    /// … and it is in the PRIVATE section.
    pub(crate) const WILDCARD_PRIVATE: u8 = 1 << 3;
    /// An exception rule `!<this node>` exists.
    pub(crate) const EXCEPTION: u8 = 1 << 4;
    /// … and it is in the PRIVATE section.
    pub(crate) const EXCEPTION_PRIVATE: u8 = 1 << 5;
    /// Some node has this one as parent.
    pub(crate) const CHILDREN: u8 = 1 << 6;
    /// Some ICANN rule goes through or ends at this node.
    pub(crate) const ICANN_BELOW: u8 = 1 << 7;
}

/// Parent id of top-level nodes.
pub(crate) const ROOT: u32 = u32::MAX;

/// One slot of the table (16 bytes): the label key, and packed beside it
/// the parent slot (bits 0..32), the tail-pool offset (32..48), the label
/// length (48..56) and the [`flags`] (56..64; zero for an empty slot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slot {
    /// First eight bytes of the label, little-endian, zero-padded.
    key: u64,
    meta: u64,
}

/// Bits of `meta` that a lookup compares: parent and length.
const PARENT_AND_LEN: u64 = 0x00FF_0000_FFFF_FFFF;

impl Slot {
    /// An empty slot.
    pub(crate) const EMPTY: Slot = slot(0, 0, 0, 0, 0);

    #[inline(always)]
    pub(crate) fn flags(&self) -> u8 {
        (self.meta >> 56) as u8
    }

    #[inline(always)]
    fn tail(&self) -> usize {
        ((self.meta >> 32) & 0xFFFF) as usize
    }

    #[inline(always)]
    fn len(&self) -> usize {
        ((self.meta >> 48) & 0xFF) as usize
    }
}

/// Builds a slot (short form for the generated file).
pub(crate) const fn slot(key: u64, parent: u32, tail: u16, len: u8, flags: u8) -> Slot {
    Slot {
        key,
        meta: parent as u64 | (tail as u64) << 32 | (len as u64) << 48 | (flags as u64) << 56,
    }
}

/// The hash table, borrowed from the baked statics or owned after parsing.
///
/// Next to the slots sits a one-hash Bloom filter (8+ bits per node, a power
/// of two, bit `(hash >> 8) & (bits - 1)`): most labels a lookup asks about
/// are not in the list (`example` under `com`), and the filter answers
/// those from a few KiB that stay in the L1 cache, without touching the
/// slots.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    slots: Cow<'static, [Slot]>,
    pool: Cow<'static, str>,
    bloom: Cow<'static, [u64]>,
    bits: u32,
    nodes: usize,
}

/// Bloom filter words for `nodes` nodes.
pub(crate) fn bloom_words(nodes: usize) -> usize {
    (nodes.saturating_mul(8)).next_power_of_two().max(64) / 64
}

/// The filter bit of a hash, for a filter of `words` words.
pub(crate) fn bloom_bit(hash: u64, words: usize) -> usize {
    (hash >> 8) as usize & (words * 64 - 1)
}

impl Table {
    /// Wraps tables built at run time.
    pub(crate) fn from_parts(
        slots: Vec<Slot>,
        pool: String,
        bloom: Vec<u64>,
        bits: u32,
        nodes: usize,
    ) -> Table {
        Table {
            slots: Cow::Owned(slots),
            pool: Cow::Owned(pool),
            bloom: Cow::Owned(bloom),
            bits,
            nodes,
        }
    }

    /// Wraps baked statics.
    pub(crate) const fn from_static(
        slots: &'static [Slot],
        pool: &'static str,
        bloom: &'static [u64],
        bits: u32,
        nodes: usize,
    ) -> Table {
        Table {
            slots: Cow::Borrowed(slots),
            pool: Cow::Borrowed(pool),
            bloom: Cow::Borrowed(bloom),
            bits,
            nodes,
        }
    }

    /// Number of nodes.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes
    }

    /// Bytes of table data: slots plus the tail pool.
    pub(crate) fn size_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>() + self.pool.len() + self.bloom.len() * 8
    }

    /// Whether two tables hold the same slots and pool.
    pub(crate) fn same_as(&self, other: &Table) -> bool {
        self.slots == other.slots
            && self.pool == other.pool
            && self.bloom == other.bloom
            && self.bits == other.bits
    }

    /// Plain slices of the table for one lookup.
    #[inline(always)]
    pub(crate) fn view(&self) -> View<'_> {
        View {
            slots: &self.slots,
            bloom: &self.bloom,
            pool: self.pool.as_bytes(),
            shift: 64 - self.bits,
            mask: self.slots.len().wrapping_sub(1),
            bloom_mask: (self.bloom.len() * 64).wrapping_sub(1),
        }
    }
}

/// A [`Table`] resolved to slices, for the duration of one lookup.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    slots: &'a [Slot],
    bloom: &'a [u64],
    pool: &'a [u8],
    shift: u32,
    mask: usize,
    bloom_mask: usize,
}

impl View<'_> {
    /// Finds the node for `host[start..end]` under `parent`: its slot index
    /// and flags. `start < end <= host.len()` is expected; anything else
    /// simply finds nothing.
    #[inline(always)]
    pub(crate) fn find(
        &self,
        parent: u32,
        host: &[u8],
        start: usize,
        end: usize,
    ) -> Option<(u32, u8)> {
        self.find_key(parent, key::key_at(host, start, end), host, start, end)
    }

    /// [`View::find`] with the label's key already computed.
    #[inline(always)]
    pub(crate) fn find_key(
        &self,
        parent: u32,
        key: u64,
        host: &[u8],
        start: usize,
        end: usize,
    ) -> Option<(u32, u8)> {
        let len = end.wrapping_sub(start);
        let hash = key::hash(parent, key, len);
        let bit = (hash >> 8) as usize & self.bloom_mask;
        if self
            .bloom
            .get(bit >> 6)
            .is_none_or(|w| (w >> (bit & 63)) & 1 == 0)
        {
            return None;
        }
        // A label over 255 bytes sets bit 56 or above: it matches no slot.
        let want = u64::from(parent) | (len.min(256) as u64) << 48;
        let mut i = hash.checked_shr(self.shift).unwrap_or(0) as usize;
        for _ in 0..self.slots.len() {
            let slot = self.slots.get(i)?;
            if slot.key == key
                && slot.meta & PARENT_AND_LEN == want
                && (len <= 8 || self.tail_matches(slot, host, start + 8, end))
            {
                return Some((i as u32, slot.flags()));
            }
            if slot.flags() == 0 {
                return None;
            }
            i = (i + 1) & self.mask;
        }
        None
    }

    #[inline(never)]
    fn tail_matches(&self, slot: &Slot, host: &[u8], from: usize, end: usize) -> bool {
        let tail = slot.tail();
        let stored = self.pool.get(tail..tail + slot.len().saturating_sub(8));
        match (stored, host.get(from..end)) {
            (Some(stored), Some(given)) => stored.eq_ignore_ascii_case(given),
            _ => false,
        }
    }
}
