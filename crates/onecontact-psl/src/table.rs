//! The table: a reversed-label trie stored in one hash table with a
//! perfect hash.
//!
//! Every label path of some rule (`uk`, `co.uk`, `*.ck` → `ck`) is a node.
//! Nodes are numbered in depth-first order (siblings by label); a node's
//! number is its id, which its children hash with. [`key::hash`] of
//! (parent id, label key, label length) picks a bucket (its top bits) and
//! a home position (the bits below); the bucket's displacement, chosen when
//! the table is built, is XORed into the home position to give the one slot
//! where the node can be. Any lookup, hit or miss, reads one displacement
//! and one tag byte (8 KiB and 16 KiB arrays that stay in the L1 cache);
//! only when the tag matches does it compare the 16-byte slot. A lookup
//! walks the host's labels from the right and stops as soon as a label is
//! missing or its node has no children. Nothing is allocated.
//!
//! The baked table (`generated/baked.rs`) is this same structure produced
//! by `cargo xtask tables`; `builder::Builder` makes it from parsed rules at run
//! time, slot for slot identical for the same list.

use crate::prelude::*;

#[cfg(feature = "baked")]
use crate::generated::baked;
use crate::gigo::Gigo;
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

/// Parent id of top-level nodes; node ids are below it.
pub(crate) const ROOT: u32 = 0xFFFF;

/// One slot of the table (16 bytes): the label key, and packed beside it
/// the parent id (bits 0..16), the node's own id (16..32), the tail-pool
/// offset (32..48), the label length (48..56) and the [`flags`] (56..64;
/// zero for an empty slot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slot {
    /// First eight bytes of the label, little-endian, zero-padded.
    key: u64,
    meta: u64,
}

/// Bits of `meta` that a lookup compares: parent and length.
const PARENT_AND_LEN: u64 = 0x00FF_0000_0000_FFFF;

impl Slot {
    /// An empty slot.
    pub(crate) const EMPTY: Slot = slot(0, 0, 0, 0, 0, 0);

    #[inline(always)]
    pub(crate) fn flags(&self) -> u8 {
        (self.meta >> 56) as u8
    }

    #[inline(always)]
    fn id(&self) -> u32 {
        ((self.meta >> 16) & 0xFFFF) as u32
    }

    #[inline(always)]
    fn tail(&self) -> usize {
        ((self.meta >> 32) & 0xFFFF) as usize
    }

    #[inline(always)]
    fn len(&self) -> usize {
        ((self.meta >> 48) & 0xFF) as usize
    }

    /// What [`slot`] was given: key, parent id, id, tail offset, length and
    /// flags (for the generator, which writes them back as a [`slot`] call).
    #[cfg(feature = "codegen")]
    pub(crate) fn fields(&self) -> (u64, u64, u64, u64, u64, u8) {
        (
            self.key,
            self.meta & 0xFFFF,
            u64::from(self.id()),
            self.tail() as u64,
            self.len() as u64,
            self.flags(),
        )
    }
}

/// Builds a slot (short form for the generated file).
pub(crate) const fn slot(key: u64, parent: u16, id: u16, tail: u16, len: u8, flags: u8) -> Slot {
    Slot {
        key,
        meta: parent as u64
            | (id as u64) << 16
            | (tail as u64) << 32
            | (len as u64) << 48
            | (flags as u64) << 56,
    }
}

/// The tag of a hash: its bits 30–37 with the low bit set (an empty slot's
/// tag is 0). For the pinned list's sizes (4,096 buckets, 16,384 slots)
/// these bits lie below the bucket and home bits; in a much larger table
/// they would overlap the home bits, which weakens the filter but never
/// changes an answer (the slot itself is always compared).
#[inline(always)]
pub(crate) fn tag(hash: u64) -> u8 {
    (hash >> 30) as u8 | 1
}

/// Buckets (displacements) for `nodes` nodes: about four nodes per bucket,
/// a power of two.
pub(crate) fn bucket_count(nodes: usize) -> usize {
    (nodes / 4).max(1).next_power_of_two()
}

/// The bucket and the home position of a hash, for `buckets` buckets and
/// `slots` slots (both powers of two): the bucket is the top bits, the
/// home position the bits just below them.
#[inline(always)]
pub(crate) fn bucket_and_home(hash: u64, buckets: usize, slots: usize) -> (usize, usize) {
    let bucket_bits = buckets.trailing_zeros();
    let slot_bits = slots.trailing_zeros();
    let bucket = hash.checked_shr(64 - bucket_bits).unwrap_or(0) as usize;
    let home = hash
        .checked_shr(64u32.saturating_sub(bucket_bits + slot_bits))
        .unwrap_or(0) as usize
        & slots.wrapping_sub(1);
    (bucket, home)
}

/// The hash table, borrowed from the baked statics or owned after parsing.
///
/// Besides the 16-byte slots it holds one tag byte per slot ([`tag`]):
/// most labels a lookup asks about are not in the list (`example` under
/// `com`), and the tags (16 KiB for the pinned list) and displacements
/// (8 KiB) answer those from the L1 cache without touching the slots.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    storage: Storage,
    nodes: usize,
}

/// Where the arrays live: the baked statics, or arrays built at run time.
#[derive(Debug, Clone)]
enum Storage {
    #[cfg(feature = "baked")]
    Baked,
    Owned {
        slots: Vec<Slot>,
        tags: Vec<u8>,
        pool: String,
        displacements: Vec<u16>,
        seed: u64,
    },
}

impl Table {
    /// Wraps tables built at run time. `slots.len()` and
    /// `displacements.len()` are powers of two.
    pub(crate) fn from_parts(
        slots: Vec<Slot>,
        tags: Vec<u8>,
        pool: String,
        displacements: Vec<u16>,
        seed: u64,
        nodes: usize,
    ) -> Table {
        Table {
            storage: Storage::Owned {
                slots,
                tags,
                pool,
                displacements,
                seed,
            },
            nodes,
        }
    }

    /// The baked table (`generated/baked.rs`).
    #[cfg(feature = "baked")]
    pub(crate) const fn baked() -> Table {
        Table {
            storage: Storage::Baked,
            nodes: baked::NODES,
        }
    }

    /// Number of nodes.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes
    }

    /// Bytes of table data: slots, tags, the tail pool and the displacements.
    pub(crate) fn size_bytes(&self) -> usize {
        let v = self.view();
        core::mem::size_of_val(v.slots)
            + v.tags.len()
            + v.pool.len()
            + core::mem::size_of_val(v.displacements)
    }

    /// The arrays (slots, tags, displacements, tail pool) and the seed, for
    /// the generator.
    #[cfg(feature = "codegen")]
    pub(crate) fn arrays(&self) -> (&[Slot], &[u8], &[u16], &[u8], u64) {
        let v = self.view();
        (v.slots, v.tags, v.displacements, v.pool, v.seed)
    }

    /// Whether two tables hold the same arrays and seed.
    pub(crate) fn same_as(&self, other: &Table) -> bool {
        self.view() == other.view()
    }

    /// Plain slices of the table.
    #[inline(always)]
    pub(crate) fn view(&self) -> View<'_> {
        match &self.storage {
            #[cfg(feature = "baked")]
            Storage::Baked => BAKED_VIEW,
            Storage::Owned {
                slots,
                tags,
                pool,
                displacements,
                seed,
            } => View {
                slots,
                tags,
                displacements,
                pool: pool.as_bytes(),
                seed: *seed,
            },
        }
    }

    /// Whether this is the baked table. [`List`](crate::List) branches on
    /// it once per lookup and runs the lookup code with [`BAKED_VIEW`] in
    /// that branch, so that the compiler sees the static arrays' addresses
    /// and sizes as constants (masks and shifts become immediate operands).
    #[cfg(feature = "baked")]
    #[inline(always)]
    pub(crate) fn is_baked(&self) -> bool {
        matches!(self.storage, Storage::Baked)
    }
}

/// The baked table's slices.
#[cfg(feature = "baked")]
pub(crate) const BAKED_VIEW: View<'static> = View {
    slots: &baked::SLOTS,
    tags: &baked::TAGS,
    displacements: &baked::DISPLACEMENTS,
    pool: baked::POOL.as_bytes(),
    seed: baked::SEED,
};

/// A [`Table`] resolved to slices, for the duration of one lookup.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct View<'a> {
    /// A power of two of them.
    slots: &'a [Slot],
    /// One per slot: [`tag`] of the node's hash, 0 for an empty slot.
    tags: &'a [u8],
    /// A power of two of them.
    displacements: &'a [u16],
    /// The value [`key::hash`] adds.
    seed: u64,
    pool: &'a [u8],
}

impl View<'_> {
    /// Finds the node for `host[start..end]` under `parent`: its id and
    /// flags. `start < end <= host.len()` is expected; anything else
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

    /// [`View::find`] with the label's key (its first eight bytes, in any
    /// ASCII case) already read.
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
        let mix = if len > 8 {
            key::long_mix(host.get(start..end).unwrap_or_gigo())
        } else {
            0
        };
        let hash = key::hash(parent, key::fold(key) ^ mix, len, self.seed);
        let (bucket, home) = bucket_and_home(hash, self.displacements.len(), self.slots.len());
        // Displacements are below the slot count; the mask only spares a
        // bounds check.
        let i = (home ^ usize::from(*self.displacements.get(bucket)?))
            & self.slots.len().wrapping_sub(1);
        // Most labels asked about are not in the table: their tag (in an
        // array small enough for the L1 cache) almost always differs.
        if *self.tags.get(i)? != tag(hash) {
            return None;
        }
        let slot = self.slots.get(i)?;
        // A label over 255 bytes sets bit 56 or above: it matches no slot.
        let want = u64::from(parent) | (len.min(256) as u64) << 48;
        // Hosts from the URL parser are lowercase already, so the exact
        // key usually matches and the lowercasing is skipped.
        if (slot.key == key || slot.key == key::lower8(key))
            && slot.meta & PARENT_AND_LEN == want
            && (len <= 8 || tail_matches(self.pool, slot, host, start + 8, end))
        {
            return Some((slot.id(), slot.flags()));
        }
        None
    }
}

/// Whether the bytes of a long label after its first eight,
/// `host[from..end]`, are the slot's bytes in the tail pool.
#[inline(never)]
fn tail_matches(pool: &[u8], slot: &Slot, host: &[u8], from: usize, end: usize) -> bool {
    let tail = slot.tail();
    let stored = pool.get(tail..tail + slot.len().saturating_sub(8));
    match (stored, host.get(from..end)) {
        (Some(stored), Some(given)) => stored.eq_ignore_ascii_case(given),
        _ => false,
    }
}
