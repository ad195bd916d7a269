//! The table builder: rules in, [`Table`] out. `cargo xtask tables` bakes
//! the pinned list through this same builder (see `codegen`).
//!
//! 1. Rules are added in file order; each label path becomes a node (an
//!    arena entry; labels live in one shared string).
//! 2. Nodes are numbered in depth-first order with siblings sorted by label
//!    bytes (the order of label paths, rightmost label first). A node's
//!    number is its id, which its children hash with. The hash would work
//!    with any numbering (arena order too); this one is kept because the
//!    baked table was tuned with it: numbered in arena order the pinned
//!    list needs seed 1 instead of 0 and its lookups ran about 3
//!    instructions more (callgrind, all hosts).
//! 3. The perfect hash: nodes are grouped into buckets by their hash's top
//!    bits; bucket by bucket, from the largest, the smallest displacement
//!    that sends every node of the bucket (home position XOR displacement)
//!    to a free slot is chosen.

use crate::prelude::*;

#[cfg(not(feature = "std"))]
use alloc::collections::BTreeMap as HashMap;
#[cfg(feature = "std")]
use std::collections::HashMap;

use crate::error::ParseError;
use crate::gigo::Gigo;
use crate::key;
use crate::rules::Rule;
use crate::section::{RuleKind, Section};
use crate::table::{ROOT, Slot, Table, bucket_and_home, bucket_count, flags, slot, tag};

/// No arena index: the end of a `next` chain, and the parent of top-level
/// nodes.
const NONE: u32 = u32::MAX;

/// One node while building.
struct Node {
    /// Arena index of the parent, or [`NONE`] for a top-level node.
    parent: u32,
    /// Label bytes in [`Builder::names`].
    start: u32,
    len: u8,
    flags: u8,
    /// Next node with the same (parent, key, length) but another label.
    next: u32,
    /// Line of the normal, wildcard and exception rule ending here.
    lines: [u32; 3],
}

/// Collects rules, then lays out the table.
pub(crate) struct Builder {
    names: String,
    nodes: Vec<Node>,
    /// (parent, key, length) → first arena index with them.
    index: HashMap<(u32, u64, u8), u32>,
}

impl Builder {
    /// An empty builder.
    pub(crate) fn new() -> Builder {
        Builder {
            names: String::new(),
            nodes: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn label(&self, node: &Node) -> &str {
        let start = node.start as usize;
        self.names
            .get(start..start + usize::from(node.len))
            .unwrap_or_gigo()
    }

    /// The arena index of `label` under `parent`, created if new.
    fn node(&mut self, parent: u32, label: &str) -> Result<u32, ParseError> {
        let bytes = label.as_bytes();
        let id = (parent, key::key_of(bytes), bytes.len() as u8);
        let mut at = self.index.get(&id).copied().unwrap_or(NONE);
        let mut last = NONE;
        while let Some(node) = self.nodes.get(at as usize) {
            if self.label(node) == label {
                return Ok(at);
            }
            last = at;
            at = node.next;
        }
        let new = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&n| n < ROOT - 1)
            .ok_or(ParseError::TooLarge {
                what: "more than 65,534 nodes",
            })?;
        let start = u32::try_from(self.names.len()).map_err(|_| ParseError::TooLarge {
            what: "label bytes",
        })?;
        self.names.push_str(label);
        self.nodes.push(Node {
            parent,
            start,
            len: bytes.len() as u8,
            flags: 0,
            next: NONE,
            lines: [0; 3],
        });
        match self.nodes.get_mut(last as usize) {
            Some(previous) => previous.next = new,
            None => {
                self.index.insert(id, new);
            }
        }
        Ok(new)
    }

    /// Adds one rule. Fails when the same rule (same name and kind) was
    /// added before.
    pub(crate) fn add(&mut self, rule: &Rule<'_>) -> Result<(), ParseError> {
        let icann = if rule.section == Section::Icann {
            flags::ICANN_BELOW
        } else {
            0
        };
        let mut parent = NONE;
        let mut labels = rule.labels().peekable();
        while let Some(label) = labels.next() {
            let node = self.node(parent, label)?;
            let more = labels.peek().is_some();
            if let Some(n) = self.nodes.get_mut(node as usize) {
                n.flags |= icann | if more { flags::CHILDREN } else { 0 };
            }
            parent = node;
        }
        let private = rule.section == Section::Private;
        let (bit, private_bit, which) = match rule.kind {
            RuleKind::Normal => (flags::NORMAL, flags::NORMAL_PRIVATE, 0),
            RuleKind::Wildcard => (flags::WILDCARD, flags::WILDCARD_PRIVATE, 1),
            RuleKind::Exception => (flags::EXCEPTION, flags::EXCEPTION_PRIVATE, 2),
        };
        let Some(node) = self.nodes.get_mut(parent as usize) else {
            return Ok(());
        };
        if node.flags & bit != 0 {
            return Err(ParseError::Duplicate {
                line: rule.line,
                first: node.lines.get(which).map_or(0, |&l| l as usize),
                rule: rule.text.to_owned(),
            });
        }
        node.flags |= bit | if private { private_bit } else { 0 };
        if let Some(l) = node.lines.get_mut(which) {
            *l = u32::try_from(rule.line).unwrap_or(u32::MAX);
        }
        Ok(())
    }

    /// Arena indices in placement order: depth first, siblings by label.
    fn placement_order(&self) -> Vec<u32> {
        // Sort by parent, then label bytes: the first eight bytes as a
        // big-endian number (zero-padded, and labels hold no zero byte)
        // decide unless equal.
        let mut keyed: Vec<(u32, u64, u32)> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let head = self.label(n).bytes().take(8).enumerate();
                let be = head.fold(0u64, |k, (j, b)| k | u64::from(b) << (56 - 8 * j));
                (n.parent, be, i as u32)
            })
            .collect();
        keyed.sort_unstable_by(|a, b| {
            (a.0, a.1).cmp(&(b.0, b.1)).then_with(|| {
                let label = |i: u32| self.nodes.get(i as usize).map_or("", |n| self.label(n));
                label(a.2).cmp(label(b.2))
            })
        });
        let by_parent: Vec<u32> = keyed.iter().map(|k| k.2).collect();
        let node = |i: u32| self.nodes.get(i as usize);
        // Children of each node: a range of `by_parent`.
        let mut children = vec![(0u32, 0u32); self.nodes.len()];
        let mut roots = (0u32, 0u32);
        let mut i = 0;
        while i < by_parent.len() {
            let parent = by_parent
                .get(i)
                .and_then(|&n| node(n))
                .map_or(NONE, |n| n.parent);
            let mut j = i;
            while by_parent
                .get(j)
                .and_then(|&n| node(n))
                .is_some_and(|n| n.parent == parent)
            {
                j += 1;
            }
            let range = (i as u32, j as u32);
            match children.get_mut(parent as usize) {
                Some(slot) => *slot = range,
                None => roots = range,
            }
            i = j;
        }
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut stack: Vec<u32> = Vec::new();
        let push = |stack: &mut Vec<u32>, (from, to): (u32, u32)| {
            if let Some(kids) = by_parent.get(from as usize..to as usize) {
                stack.extend(kids.iter().rev());
            }
        };
        push(&mut stack, roots);
        while let Some(n) = stack.pop() {
            order.push(n);
            push(
                &mut stack,
                children.get(n as usize).copied().unwrap_or((0, 0)),
            );
        }
        order
    }

    /// Lays out the table: node ids in placement order, then the perfect
    /// hash (see [`place`]).
    pub(crate) fn finish(self) -> Result<Table, ParseError> {
        // Below `ROOT` (see `node`), so ids and parents fit in `u16`.
        let count = self.nodes.len();
        let order = self.placement_order();
        let mut id_of = vec![ROOT; count];
        for (id, &n) in order.iter().enumerate() {
            if let Some(slot) = id_of.get_mut(n as usize) {
                *slot = id as u32;
            }
        }
        // Each node's finished slot (not yet placed) and hash input, by id.
        let mut pool = String::new();
        let mut nodes = Vec::with_capacity(count);
        for (id, &n) in order.iter().enumerate() {
            let Some(node) = self.nodes.get(n as usize) else {
                continue;
            };
            let label = self.label(node);
            let parent = id_of.get(node.parent as usize).copied().unwrap_or(ROOT);
            let key = key::key_of(label.as_bytes());
            let tail = if label.len() > 8 {
                let offset = u16::try_from(pool.len()).map_err(|_| ParseError::TooLarge {
                    what: "more than 64 KiB of long-label bytes",
                })?;
                pool.push_str(label.get(8..).unwrap_or_gigo());
                offset
            } else {
                0
            };
            let mixed = key::fold(key) ^ key::long_mix(label.as_bytes());
            let slot = slot(key, parent as u16, id as u16, tail, node.len, node.flags);
            nodes.push((slot, (parent, mixed, label.len())));
        }
        // Load factor at most 2/3. Seeds are tried in order; when none
        // works (some bucket has two nodes with one home position), the
        // table doubles.
        let mut size = (count.saturating_mul(3) / 2).next_power_of_two().max(16);
        let mut hashed: Vec<(Slot, u64)> = Vec::with_capacity(count);
        while size <= MAX_SLOTS {
            for n in 0..SEEDS {
                let seed = key::seed(n);
                hashed.clear();
                hashed.extend(nodes.iter().map(|&(slot, (parent, mixed, len))| {
                    (slot, key::hash(parent, mixed, len, seed))
                }));
                if let Some((slots, tags, displacements)) = place(&hashed, size) {
                    return Ok(Table::from_parts(
                        slots,
                        tags,
                        pool,
                        displacements,
                        seed,
                        count,
                    ));
                }
            }
            size *= 2;
        }
        Err(ParseError::TooLarge {
            what: "no perfect hash within 65,536 slots",
        })
    }
}

/// Seeds tried per table size.
const SEEDS: u64 = 64;

/// Slots at most: displacements are `u16`.
const MAX_SLOTS: usize = 1 << 16;

/// The perfect hash for `nodes` (slot, hash) in a table of `size` slots:
/// buckets from the most nodes to the fewest (ties by bucket number), each
/// with the smallest displacement that puts all its nodes in free slots.
/// `None` when some bucket fits nowhere.
fn place(nodes: &[(Slot, u64)], size: usize) -> Option<(Vec<Slot>, Vec<u8>, Vec<u16>)> {
    let buckets = bucket_count(nodes.len());
    // The nodes of each bucket, in node order, as ranges of one array
    // (`home | node << 16`), found with a counting sort.
    let mut first = vec![0usize; buckets + 1];
    for &(_, hash) in nodes {
        *first.get_mut(bucket_and_home(hash, buckets, size).0 + 1)? += 1;
    }
    for b in 0..buckets {
        let before = *first.get(b)?;
        *first.get_mut(b + 1)? += before;
    }
    let mut next = first.clone();
    let mut sorted = vec![0usize; nodes.len()];
    for (i, &(_, hash)) in nodes.iter().enumerate() {
        let (bucket, home) = bucket_and_home(hash, buckets, size);
        let at = next.get_mut(bucket)?;
        *sorted.get_mut(*at)? = home | i << 16;
        *at += 1;
    }
    let members = |b: usize| -> Option<&[usize]> { sorted.get(*first.get(b)?..*first.get(b + 1)?) };
    let mut by_size: Vec<usize> = (0..buckets).collect();
    by_size.sort_by_key(|&b| core::cmp::Reverse(members(b).map_or(0, <[usize]>::len)));
    let mut slots = vec![Slot::EMPTY; size];
    // A slot is taken when its tag is not 0 (every tag has its low bit
    // set); a trial placement marks slots with 1 until the real tags go in.
    let mut tags = vec![0u8; size];
    let mut displacements = vec![0u16; buckets];
    for b in by_size {
        let group = members(b)?;
        if group.is_empty() {
            continue;
        }
        let d = (0..size).find(|&d| {
            let mut placed = 0;
            for &m in group {
                match tags.get_mut((m & 0xFFFF) ^ d) {
                    Some(t) if *t == 0 => *t = 1,
                    _ => break,
                }
                placed += 1;
            }
            // Undo a partial placement.
            let fits = placed == group.len();
            if !fits {
                for &m in group.iter().take(placed) {
                    if let Some(t) = tags.get_mut((m & 0xFFFF) ^ d) {
                        *t = 0;
                    }
                }
            }
            fits
        })?;
        for &m in group {
            let (slot, hash) = *nodes.get(m >> 16)?;
            *slots.get_mut((m & 0xFFFF) ^ d)? = slot;
            *tags.get_mut((m & 0xFFFF) ^ d)? = tag(hash);
        }
        *displacements.get_mut(b)? = d as u16;
    }
    Some((slots, tags, displacements))
}
