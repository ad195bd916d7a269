//! Generator for the baked Public Suffix List table of `onecontact-psl`.
//!
//! It reads the pinned `testdata/psl/public_suffix_list.dat` and writes
//! `crates/onecontact-psl/src/generated/baked.rs`: the finished hash table
//! (slots, long-label tails) exactly as `onecontact_psl::List::parse` builds
//! it at run time, so the baked and a loaded list share every line of lookup
//! code. This file repeats the runtime builder on purpose (the xtask must not
//! depend on the crate it generates for); the crate's test
//! `baked_equals_parsed` fails if the two ever disagree.
//!
//! Layout of the table (see `crates/onecontact-psl/src/table.rs`):
//! - one node per label path of some rule (`uk`, `co.uk`, …), right to left,
//!   numbered in depth-first order (siblings by label): the node's id;
//! - `hash(parent id, first 8 label bytes, label length)` gives a bucket (top
//!   bits) and a home position (the bits below); the bucket's displacement
//!   XOR the home position is the node's slot (a perfect hash: buckets are
//!   placed from the largest, each with the smallest displacement that finds
//!   free slots for all its nodes);
//! - a slot holds those 8 bytes as a little-endian `u64`, the parent id, its
//!   own id, the label length, an offset into the tail pool for bytes 9..,
//!   and flags.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::Generated;

const INPUT: &str = "testdata/psl/public_suffix_list.dat";
const OUTPUT: &str = "crates/onecontact-psl/src/generated/baked.rs";

// Flag bits; the same values as `onecontact_psl::table::flags`.
const NORMAL: u8 = 1 << 0;
const NORMAL_PRIVATE: u8 = 1 << 1;
const WILDCARD: u8 = 1 << 2;
const WILDCARD_PRIVATE: u8 = 1 << 3;
const EXCEPTION: u8 = 1 << 4;
const EXCEPTION_PRIVATE: u8 = 1 << 5;
const CHILDREN: u8 = 1 << 6;
const ICANN_BELOW: u8 = 1 << 7;

/// Parent id of top-level nodes; node ids are below it.
const ROOT: u32 = 0xFFFF;
/// Slots at most: displacements are `u16`.
const MAX_SLOTS: usize = 1 << 16;
const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xD6E8_FEB8_6659_FD93;
const K3: u64 = 0xA076_1D64_78BD_642F;
/// Seeds tried per table size.
const SEEDS: u64 = 64;

/// Returns the generated PSL table file(s).
pub fn generate(root: &Path) -> Result<Vec<Generated>, String> {
    let path = root.join(INPUT);
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let sha = Sha256::digest(&bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        });
    let text = String::from_utf8(bytes).map_err(|_| format!("{INPUT} is not UTF-8"))?;
    let list = parse(&text)?;
    let table = build(&list.rules)?;
    Ok(vec![Generated {
        path: PathBuf::from(OUTPUT),
        contents: render(&list, &table, &sha),
    }])
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Normal,
    Wildcard,
    Exception,
}

struct Rule {
    /// ASCII labels, rightmost first, without the `*` of a wildcard.
    labels: Vec<String>,
    kind: Kind,
    private: bool,
    line: usize,
}

struct ParsedList {
    rules: Vec<Rule>,
    version: Option<String>,
    commit: Option<String>,
}

/// The list format: rules one per line, read up to the first whitespace;
/// `//` comments; sections between `===BEGIN/END ICANN|PRIVATE DOMAINS===`.
fn parse(text: &str) -> Result<ParsedList, String> {
    let mut rules = Vec::new();
    let mut section: Option<bool> = None;
    let (mut version, mut commit) = (None, None);
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim_start();
        if let Some(comment) = line.strip_prefix("//") {
            let comment = comment.trim();
            match comment {
                "===BEGIN ICANN DOMAINS===" => section = Some(false),
                "===BEGIN PRIVATE DOMAINS===" => section = Some(true),
                "===END ICANN DOMAINS===" | "===END PRIVATE DOMAINS===" => section = None,
                _ => {
                    if let Some(v) = comment.strip_prefix("VERSION:") {
                        version.get_or_insert_with(|| v.trim().to_owned());
                    } else if let Some(c) = comment.strip_prefix("COMMIT:") {
                        commit.get_or_insert_with(|| c.trim().to_owned());
                    }
                }
            }
            continue;
        }
        let Some(rule) = line.split_whitespace().next() else {
            continue;
        };
        let private = section.ok_or(format!("{INPUT}:{line_no}: rule outside a section"))?;
        rules.push(parse_rule(rule, private, line_no)?);
    }
    Ok(ParsedList {
        rules,
        version,
        commit,
    })
}

fn parse_rule(rule: &str, private: bool, line: usize) -> Result<Rule, String> {
    let err = |what: &str| format!("{INPUT}:{line}: rule `{rule}`: {what}");
    let (kind, body) = match rule.strip_prefix('!') {
        Some(rest) => (Kind::Exception, rest),
        None => match rule.strip_prefix("*.") {
            Some(rest) => (Kind::Wildcard, rest),
            None => (Kind::Normal, rule),
        },
    };
    let mut labels = Vec::new();
    for label in body.rsplit('.') {
        if label.is_empty() || label.contains(['*', '!']) {
            return Err(err("empty label or misplaced `*`/`!`"));
        }
        let ascii = if label.is_ascii() {
            label.to_ascii_lowercase()
        } else {
            let lower: String = label.chars().flat_map(char::to_lowercase).collect();
            format!(
                "xn--{}",
                punycode(&lower).ok_or_else(|| err("punycode overflow"))?
            )
        };
        if ascii.len() > 63
            || !ascii
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(err(
                "label too long or with a character outside a-z 0-9 - _",
            ));
        }
        labels.push(ascii);
    }
    if kind == Kind::Exception && labels.len() < 2 {
        return Err(err("an exception needs at least two labels"));
    }
    Ok(Rule {
        labels,
        kind,
        private,
        line,
    })
}

/// RFC 3492 encoding of one label (the part after `xn--`).
fn punycode(input: &str) -> Option<String> {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    let adapt = |mut delta: u32, points: u32, first: bool| {
        delta /= if first { 700 } else { 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + 38)
    };
    let digit = |d: u32| -> char {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    };
    let chars: Vec<u32> = input.chars().map(u32::from).collect();
    let mut out: String = input.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u32;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (128u32, 0u32, 72u32, basic);
    while (handled as usize) < chars.len() {
        let m = chars.iter().copied().filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in &chars {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(out)
}

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    parent: u32,
    id: u32,
    tail: u16,
    len: u8,
    flags: u8,
}

struct Table {
    seed: u64,
    tags: Vec<u8>,
    displacements: Vec<u16>,
    slots: Vec<Option<Slot>>,
    pool: String,
    nodes: usize,
    icann: usize,
    private: usize,
}

fn key8(label: &[u8]) -> u64 {
    label
        .iter()
        .take(8)
        .rev()
        .fold(0u64, |k, &b| (k << 8) | u64::from(b))
}

/// The same as `onecontact_psl::key::fold`: what the hash sees of a key.
fn fold(x: u64) -> u64 {
    x | 0x2020_2020_2020_2020
}

/// The same as `onecontact_psl::key::long_mix` (labels are lowercase here).
fn long_mix(label: &[u8]) -> u64 {
    let n = label.len();
    if n <= 8 {
        return 0;
    }
    let chunk = |at: usize| fold(key8(label.get(at..at + 8).unwrap_or_default()));
    let mut mix = 0u64;
    let mut at = 8;
    while at + 8 < n {
        mix = (mix ^ chunk(at)).wrapping_mul(K1);
        at += 8;
    }
    (mix ^ chunk(n - 8)).wrapping_mul(K1)
}

fn hash(parent: u32, key: u64, len: usize, seed: u64) -> u64 {
    (key.wrapping_mul(K1) ^ ((u64::from(parent) << 8) | len as u64))
        .wrapping_add(seed)
        .wrapping_mul(K2)
}

/// The value `hash` adds for seed number `n`.
fn seed(n: u64) -> u64 {
    n.wrapping_mul(K3)
}

/// Tag of a hash (8 bits used by neither bucket nor home, low bit set).
fn tag(hash: u64) -> u8 {
    (hash >> 30) as u8 | 1
}

/// Builds the table exactly as `onecontact_psl`'s `table::Builder` does.
fn build(rules: &[Rule]) -> Result<Table, String> {
    // Label path (rightmost first) -> (flags, line that set each kind).
    let mut nodes: BTreeMap<Vec<String>, (u8, [usize; 3])> = BTreeMap::new();
    for rule in rules {
        for depth in 1..=rule.labels.len() {
            let path = rule.labels.get(..depth).unwrap_or_default().to_vec();
            let node = nodes.entry(path).or_insert((0, [0; 3]));
            if depth < rule.labels.len() {
                node.0 |= CHILDREN;
            }
            if !rule.private {
                node.0 |= ICANN_BELOW;
            }
        }
        let node = nodes
            .get_mut(&rule.labels)
            .ok_or("internal: node missing")?;
        let (bit, private_bit, slot) = match rule.kind {
            Kind::Normal => (NORMAL, NORMAL_PRIVATE, 0),
            Kind::Wildcard => (WILDCARD, WILDCARD_PRIVATE, 1),
            Kind::Exception => (EXCEPTION, EXCEPTION_PRIVATE, 2),
        };
        if node.0 & bit != 0 {
            return Err(format!(
                "{INPUT}:{}: duplicate rule (first at line {})",
                rule.line,
                node.1.get(slot).copied().unwrap_or_default()
            ));
        }
        node.0 |= bit | if rule.private { private_bit } else { 0 };
        if let Some(l) = node.1.get_mut(slot) {
            *l = rule.line;
        }
    }
    if nodes.len() >= ROOT as usize {
        return Err(format!("{INPUT}: too many nodes for 16-bit ids"));
    }
    // Ids in depth-first order: the BTreeMap's order of label paths.
    let mut id_of: BTreeMap<&[String], u32> = BTreeMap::new();
    let mut pool = String::new();
    let mut placed: Vec<(Slot, u64)> = Vec::with_capacity(nodes.len());
    let mut lens: Vec<usize> = Vec::with_capacity(nodes.len());
    for (id, (path, (flags, _))) in nodes.iter().enumerate() {
        let (label, parent_path) = path.split_last().ok_or("internal: empty path")?;
        let parent = if parent_path.is_empty() {
            ROOT
        } else {
            *id_of.get(parent_path).ok_or("internal: parent missing")?
        };
        let bytes = label.as_bytes();
        let key = key8(bytes);
        let tail = if bytes.len() > 8 {
            let offset = u16::try_from(pool.len()).map_err(|_| "tail pool over 64 KiB")?;
            pool.push_str(label.get(8..).unwrap_or_default());
            offset
        } else {
            0
        };
        let slot = Slot {
            key,
            parent,
            id: id as u32,
            tail,
            len: bytes.len() as u8,
            flags: *flags,
        };
        // Hash input for now; hashed per seed below.
        placed.push((slot, fold(key) ^ long_mix(bytes)));
        lens.push(bytes.len());
        id_of.insert(path.as_slice(), id as u32);
    }
    // Load factor at most 2/3; a bigger table if some bucket fits nowhere.
    let mut size = (nodes.len() * 3 / 2).next_power_of_two().max(16);
    let (seed, (slots, tags, displacements)) = 'search: loop {
        if size > MAX_SLOTS {
            return Err(format!("{INPUT}: no perfect hash found"));
        }
        for n in 0..SEEDS {
            let seed = seed(n);
            let hashed: Vec<(Slot, u64)> = placed
                .iter()
                .zip(&lens)
                .map(|(&(slot, mixed), &len)| (slot, hash(slot.parent, mixed, len, seed)))
                .collect();
            if let Some(found) = place(&hashed, size) {
                break 'search (seed, found);
            }
        }
        size *= 2;
    };
    Ok(Table {
        seed,
        tags,
        displacements,
        slots,
        pool,
        nodes: nodes.len(),
        icann: rules.iter().filter(|r| !r.private).count(),
        private: rules.iter().filter(|r| r.private).count(),
    })
}

/// Bucket count for `nodes` nodes: about four per bucket, a power of two.
fn bucket_count(nodes: usize) -> usize {
    (nodes / 4).max(1).next_power_of_two()
}

/// The bucket (top bits of the hash) and home position (the bits below).
fn bucket_and_home(hash: u64, buckets: usize, slots: usize) -> (usize, usize) {
    let bucket_bits = buckets.trailing_zeros();
    let slot_bits = slots.trailing_zeros();
    let bucket = hash.checked_shr(64 - bucket_bits).unwrap_or(0) as usize;
    let home = hash
        .checked_shr(64u32.saturating_sub(bucket_bits + slot_bits))
        .unwrap_or(0) as usize
        & (slots - 1);
    (bucket, home)
}

/// Buckets from the most nodes to the fewest (ties by bucket number), each
/// given the smallest displacement that puts all its nodes in free slots.
type Placed = (Vec<Option<Slot>>, Vec<u8>, Vec<u16>);

fn place(nodes: &[(Slot, u64)], size: usize) -> Option<Placed> {
    let buckets = bucket_count(nodes.len());
    let mut members: Vec<Vec<(usize, usize)>> = vec![Vec::new(); buckets];
    for (i, (_, hash)) in nodes.iter().enumerate() {
        let (bucket, home) = bucket_and_home(*hash, buckets, size);
        members.get_mut(bucket)?.push((home, i));
    }
    let mut by_size: Vec<usize> = (0..buckets).collect();
    by_size.sort_by_key(|&b| std::cmp::Reverse(members.get(b).map_or(0, Vec::len)));
    let mut slots: Vec<Option<Slot>> = vec![None; size];
    let mut tags = vec![0u8; size];
    let mut displacements = vec![0u16; buckets];
    for b in by_size {
        let group = members.get(b)?;
        if group.is_empty() {
            continue;
        }
        let d = (0..size).find(|&d| {
            let mut targets: Vec<usize> = group.iter().map(|&(home, _)| home ^ d).collect();
            let free = targets
                .iter()
                .all(|&t| slots.get(t).is_some_and(Option::is_none));
            targets.sort_unstable();
            targets.dedup();
            free && targets.len() == group.len()
        })?;
        for &(home, i) in group {
            let (slot, hash) = *nodes.get(i)?;
            *slots.get_mut(home ^ d)? = Some(slot);
            *tags.get_mut(home ^ d)? = tag(hash);
        }
        *displacements.get_mut(b)? = u16::try_from(d).ok()?;
    }
    Some((slots, tags, displacements))
}

fn render(list: &ParsedList, table: &Table, sha: &str) -> String {
    let mut out = String::new();
    let opt = |v: &Option<String>| match v {
        Some(v) => format!("Some({v:?})"),
        None => "None".to_owned(),
    };
    let _ = writeln!(
        out,
        "// @generated by cargo xtask tables (xtask/src/tables/psl.rs); do not edit.\n\
         // input: {INPUT}\n\
         // sha256: {sha}\n\
         // VERSION: {}\n\
         // COMMIT: {}\n\
         // rules: {} ({} ICANN, {} PRIVATE); nodes: {}; slots: {}; buckets: {}; tail pool: {} bytes\n",
        list.version.as_deref().unwrap_or("(none)"),
        list.commit.as_deref().unwrap_or("(none)"),
        list.rules.len(),
        table.icann,
        table.private,
        table.nodes,
        table.slots.len(),
        table.displacements.len(),
        table.pool.len(),
    );
    let _ = writeln!(
        out,
        "use crate::table::{{Slot, slot as s}};\n\n\
         const E: Slot = Slot::EMPTY;\n\
         const R: u16 = {ROOT};\n\n\
         /// The list's `VERSION:` header line.\n\
         pub(crate) const VERSION: Option<&str> = {};\n\
         /// The list's `COMMIT:` header line.\n\
         pub(crate) const COMMIT: Option<&str> = {};\n\
         /// sha256 of the input file.\n\
         pub(crate) const SHA256: &str = {sha:?};\n\
         /// Rules in the ICANN and PRIVATE sections.\n\
         pub(crate) const RULES: [usize; 2] = [{}, {}];\n\
         /// Nodes in the table.\n\
         pub(crate) const NODES: usize = {};\n\
         /// The value the hash adds (the seed that gave a perfect hash).\n\
         pub(crate) const SEED: u64 = {:#x};\n\
         /// Bytes 9.. of labels longer than 8 bytes.\n\
         pub(crate) static POOL: &str = {:?};\n",
        opt(&list.version),
        opt(&list.commit),
        table.icann,
        table.private,
        table.nodes,
        table.seed,
        table.pool,
    );
    let _ = writeln!(
        out,
        "/// Tag of each slot (0: empty).\n\
         pub(crate) static TAGS: [u8; {}] = [",
        table.tags.len()
    );
    for chunk in table.tags.chunks(32) {
        let line: Vec<String> = chunk.iter().map(u8::to_string).collect();
        let _ = writeln!(out, "{},", line.join(","));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// Displacement of each bucket of the perfect hash.\n\
         pub(crate) static DISPLACEMENTS: [u16; {}] = [",
        table.displacements.len()
    );
    for chunk in table.displacements.chunks(16) {
        let line: Vec<String> = chunk.iter().map(u16::to_string).collect();
        let _ = writeln!(out, "{},", line.join(","));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The slots (key, parent id, id, tail offset, length, flags).\n\
         pub(crate) static SLOTS: [Slot; {}] = [",
        table.slots.len()
    );
    for chunk in table.slots.chunks(8) {
        let line: Vec<String> = chunk
            .iter()
            .map(|slot| match slot {
                None => "E".to_owned(),
                Some(s) => {
                    let parent = if s.parent == ROOT {
                        "R".to_owned()
                    } else {
                        s.parent.to_string()
                    };
                    format!(
                        "s({:#x},{parent},{},{},{},{})",
                        s.key, s.id, s.tail, s.len, s.flags
                    )
                }
            })
            .collect();
        let _ = writeln!(out, "{},", line.join(","));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::punycode;

    #[test]
    fn punycode_samples() {
        assert_eq!(punycode("公司").as_deref(), Some("55qx5d"));
        assert_eq!(punycode("中国").as_deref(), Some("fiqs8s"));
        assert_eq!(punycode("食狮").as_deref(), Some("85x722f"));
        assert_eq!(punycode("bücher").as_deref(), Some("bcher-kva"));
    }
}
