//! The table builder: rules in, [`Table`] out, slot for slot what
//! `xtask/src/tables/psl.rs` generates for the same list.
//!
//! 1. Rules are added in file order; each label path becomes a node (an
//!    arena entry; labels live in one shared string).
//! 2. Nodes are placed in depth-first order with siblings sorted by label
//!    bytes (the order of label paths, rightmost label first), so every
//!    parent has its slot before its children hash with it.
//! 3. Each node goes into the first free slot from its hash; the Bloom
//!    filter gets its bit.

use std::collections::HashMap;

use crate::error::ParseError;
use crate::key;
use crate::rules::Rule;
use crate::section::{RuleKind, Section};
use crate::table::{ROOT, Slot, Table, bloom_bit, bloom_words, flags, slot};

const NONE: u32 = u32::MAX;

/// One node while building.
struct Node {
    /// Arena index of the parent, or [`ROOT`].
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
            .unwrap_or_default()
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
            .filter(|&n| n < ROOT / 4)
            .ok_or(ParseError::TooLarge { what: "node count" })?;
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
        let mut parent = ROOT;
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
                .map_or(ROOT, |n| n.parent);
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

    /// Lays out the table.
    pub(crate) fn finish(self) -> Result<Table, ParseError> {
        let count = self.nodes.len();
        // Load factor at most 2/3.
        let size = (count.saturating_mul(3) / 2)
            .checked_next_power_of_two()
            .filter(|&s| s <= 1 << 31)
            .ok_or(ParseError::TooLarge { what: "node count" })?
            .max(16);
        let bits = size.trailing_zeros();
        let mut slots = vec![Slot::EMPTY; size];
        let mut bloom = vec![0u64; bloom_words(count)];
        let mut slot_of = vec![ROOT; count];
        let mut pool = String::new();
        for n in self.placement_order() {
            let Some(node) = self.nodes.get(n as usize) else {
                continue;
            };
            let label = self.label(node);
            let parent = slot_of.get(node.parent as usize).copied().unwrap_or(ROOT);
            let key = key::key_of(label.as_bytes());
            let tail = if label.len() > 8 {
                let offset = u16::try_from(pool.len()).map_err(|_| ParseError::TooLarge {
                    what: "more than 64 KiB of long-label bytes",
                })?;
                pool.push_str(label.get(8..).unwrap_or_default());
                offset
            } else {
                0
            };
            let hash = key::hash(parent, key, label.len());
            let bit = bloom_bit(hash, bloom.len());
            if let Some(word) = bloom.get_mut(bit >> 6) {
                *word |= 1 << (bit & 63);
            }
            let mut i = (hash >> (64 - bits)) as usize;
            while slots.get(i).is_some_and(|s| s.flags() != 0) {
                i = (i + 1) & (size - 1);
            }
            if let Some(free) = slots.get_mut(i) {
                *free = slot(key, parent, tail, node.len, node.flags);
            }
            if let Some(s) = slot_of.get_mut(n as usize) {
                *s = i as u32;
            }
        }
        Ok(Table::from_parts(slots, pool, bloom, bits, count))
    }
}
