//! Quick refusals: hashes of the skeletons a host could match, so that the
//! common host, which matches none, is refused by a few integer
//! comparisons instead of string searches in the tables.

use std::sync::OnceLock;

use crate::inspect::display::lookalike::{TopDomains, ascii_prototype};

use super::Targets;

const BASE: u64 = 0x100_0000_01b3;

/// The code a hash gives a dot.
const DOT: u64 = b'.' as u64 + 1;

/// The hash of a string, character by character.
pub(crate) fn hash_str(s: &str) -> u64 {
    if s.is_ascii() {
        return s.bytes().fold(0u64, |h, b| {
            h.wrapping_mul(BASE).wrapping_add(u64::from(b) + 1)
        });
    }
    s.chars().fold(0u64, step)
}

fn step(h: u64, c: char) -> u64 {
    h.wrapping_mul(BASE).wrapping_add(u64::from(c) + 1)
}

/// The hash of the skeleton of an ASCII `token` with `.` and `-` left out
/// (the same as [`hash_str`] of that skeleton); `None` for other text.
pub(crate) fn joined_skeleton_hash(token: &str) -> Option<u64> {
    if !token.is_ascii() {
        return None;
    }
    let mut h = 0u64;
    for b in token.bytes() {
        if b == b'.' || b == b'-' {
            continue;
        }
        match ascii_prototype(b) {
            Some(p) => {
                for c in p.chars().filter(|c| !matches!(c, '.' | '-')) {
                    h = step(h, c);
                }
            }
            None => h = step(h, char::from(b)),
        }
    }
    Some(h)
}

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
    fn of<'s>(strings: impl Iterator<Item = &'s str>) -> Hashes {
        Hashes::of_hashes(strings.map(hash_str))
    }

    /// The set of `hashes` (each with its place in the iterator).
    fn of_hashes(hashes: impl Iterator<Item = u64>) -> Hashes {
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
    fn any(&self, h: u64, test: impl Fn(u32) -> bool) -> bool {
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

/// The hashes of the skeletons of the built-in top-bucket domains.
pub(crate) fn top_bucket_skeletons() -> &'static Hashes {
    &bucket().skeletons
}

/// What the quick refusal knows of the built-in top bucket.
struct Bucket {
    /// The hashes of its skeletons.
    skeletons: Hashes,
    /// The hashes of the last labels of its skeletons.
    last_labels: Hashes,
    /// The most labels a skeleton of it has.
    max_labels: usize,
}

fn bucket() -> &'static Bucket {
    static SET: OnceLock<Bucket> = OnceLock::new();
    SET.get_or_init(|| {
        let top = TopDomains::baked();
        let skeletons: Vec<&str> = TopDomains::baked_entries()
            .filter(|(_, d)| top.is_top_bucket(d))
            .map(|(s, _)| s)
            .collect();
        Bucket {
            skeletons: Hashes::of(skeletons.iter().copied()),
            last_labels: Hashes::of(
                skeletons
                    .iter()
                    .map(|s| s.rsplit('.').next().unwrap_or_default()),
            ),
            max_labels: skeletons
                .iter()
                .map(|s| s.split('.').count())
                .max()
                .unwrap_or(0),
        }
    })
}

/// The hashes of the built-in top-bucket skeletons without separators.
pub(crate) fn joined_skeletons() -> &'static Hashes {
    static SET: OnceLock<Hashes> = OnceLock::new();
    SET.get_or_init(|| Hashes::of(TopDomains::baked_joined()))
}

/// The hashes of the skeletons of every built-in popular domain, each
/// with its entry.
fn popular_skeletons() -> &'static Hashes {
    static SET: OnceLock<Hashes> = OnceLock::new();
    SET.get_or_init(|| Hashes::of(TopDomains::baked_entries().map(|(s, _)| s)))
}

/// The keys of a string's prefix and suffix: the hash of the part, then a
/// code no character has, naming the side and the length.
fn prefix_key(hash: u64, len: usize) -> u64 {
    hash.wrapping_mul(BASE)
        .wrapping_add(0x1_0000_0000 + len as u64)
}

fn suffix_key(hash: u64, len: usize) -> u64 {
    hash.wrapping_mul(BASE)
        .wrapping_add(0x2_0000_0000 + len as u64)
}

/// The keys of every prefix and every suffix of the built-in
/// edit-distance skeletons: a string one edit or one adjacent swap from
/// one of them shares, for any `k` up to its length less two, its first
/// `k` characters or its characters after the first `k + 2` with it (the
/// change starts at or after `k`, or the text after it is intact).
fn edit_parts() -> &'static Hashes {
    static SET: OnceLock<Hashes> = OnceLock::new();
    SET.get_or_init(|| {
        let mut keys = Vec::new();
        for i in 0..TopDomains::edit_len() {
            let Some((skeleton, _)) = TopDomains::edit_entry(i) else {
                continue;
            };
            let codes: Vec<u64> = skeleton.chars().map(|c| u64::from(c) + 1).collect();
            let mut hash = 0u64;
            keys.push(prefix_key(0, 0));
            for (len, &c) in codes.iter().enumerate() {
                hash = hash.wrapping_mul(BASE).wrapping_add(c);
                keys.push(prefix_key(hash, len + 1));
            }
            let (mut hash, mut weight) = (0u64, 1u64);
            keys.push(suffix_key(0, 0));
            for (len, &c) in codes.iter().rev().enumerate() {
                hash = hash.wrapping_add(c.wrapping_mul(weight));
                weight = weight.wrapping_mul(BASE);
                keys.push(suffix_key(hash, len + 1));
            }
        }
        Hashes::of_hashes(keys.into_iter())
    })
}

/// `BASE` to the powers up to the longest skeleton of a host the quick
/// refusal reads.
const POWERS: [u64; 2 * MAX_HOST + 1] = {
    let mut table = [1u64; 2 * MAX_HOST + 1];
    let mut i = 1;
    while i <= 2 * MAX_HOST {
        // `i` is at most the table's last index.
        #[allow(clippy::indexing_slicing)]
        {
            table[i] = table[i - 1].wrapping_mul(BASE);
        }
        i += 1;
    }
    table
};

/// `hash` continued over `bytes` (each byte's code is the byte plus one).
fn extend(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        h.wrapping_mul(BASE).wrapping_add(u64::from(b) + 1)
    })
}

/// Whether an ASCII `skeleton` may be one edit or one adjacent swap from a
/// built-in edit-distance skeleton, by the two parts [`edit_parts`] keeps,
/// cut about the middle of the first `name_len` bytes (the name before
/// the registry, so that both parts hold as much of it; any cut is sound).
/// `hash` is the skeleton's hash.
fn may_be_near_edit_skeleton(skeleton: &[u8], hash: u64, name_len: usize) -> bool {
    let n = skeleton.len();
    if n < 2 {
        return true;
    }
    let k = (name_len.saturating_sub(1) / 2).min(n - 2);
    let (Some(head), Some(gap), Some(&power)) = (
        skeleton.get(..k),
        skeleton.get(k..k + 2),
        POWERS.get(n - k - 2),
    ) else {
        return true;
    };
    let head = extend(0, head);
    // The hash of the bytes after the first `k + 2`: the whole less the
    // first `k + 2` shifted over them.
    let tail = hash.wrapping_sub(extend(head, gap).wrapping_mul(power));
    let parts = edit_parts();
    parts.contains(prefix_key(head, k)) || parts.contains(suffix_key(tail, n - k - 2))
}

/// The longest host (in bytes) the quick refusal reads; longer hosts take
/// the full path.
const MAX_HOST: usize = 96;

/// The most tokens (parts between `.` and `-`) the quick refusal reads.
const MAX_TOKENS: usize = 16;

/// The longest eTLD+1 skeleton (in bytes) the quick refusal reads.
const MAX_ETLD1_SKELETON: usize = 64;

/// How the quick refusal reads an ASCII byte of a host.
#[derive(Clone, Copy)]
struct ByteCode {
    /// A token's hash steps over the byte's skeleton as
    /// `hash * BASE^width + add`.
    add: u64,
    /// The skeleton's bytes (the second 0 when there is one).
    skeleton: [u8; 2],
    /// How many bytes the skeleton has.
    width: u8,
    /// [`LETTER`], [`SEPARATOR`] or [`NO_ASCII_SKELETON`].
    class: u8,
}

/// A byte of a token.
const LETTER: u8 = 0;
/// `.` or `-`, which separate tokens and are their own skeleton.
const SEPARATOR: u8 = 1;
/// A byte whose skeleton is not ASCII: the full path reads the host.
const NO_ASCII_SKELETON: u8 = 2;

/// `BASE` to a skeleton's width.
const WIDTH_POWERS: [u64; 4] = [1, BASE, BASE.wrapping_mul(BASE), 0];

/// [`ByteCode`] of each ASCII byte, from [`PROTOTYPES`].
const BYTE_CODES: [ByteCode; 128] = {
    let mut table = [ByteCode {
        add: 0,
        skeleton: [0, 0],
        width: 0,
        class: NO_ASCII_SKELETON,
    }; 128];
    let mut b = 0;
    while b < 128 {
        let [first, second] = PROTOTYPES[b];
        let code = if b == b'.' as usize || b == b'-' as usize {
            ByteCode {
                add: b as u64 + 1,
                skeleton: [b as u8, 0],
                width: 1,
                class: SEPARATOR,
            }
        } else if first == 0 {
            table[b]
        } else if second == 0 {
            ByteCode {
                add: first as u64 + 1,
                skeleton: [first, 0],
                width: 1,
                class: LETTER,
            }
        } else {
            ByteCode {
                add: (first as u64 + 1)
                    .wrapping_mul(BASE)
                    .wrapping_add(second as u64 + 1),
                skeleton: [first, second],
                width: 2,
                class: LETTER,
            }
        };
        // `b` is below 128, the tables' length.
        #[allow(clippy::indexing_slicing)]
        {
            table[b] = code;
        }
        b += 1;
    }
    table
};

/// Whether one of Chromium's heuristics may match an ASCII `host` of
/// eTLD+1 `etld1` (name without registry `e2ld`), with the built-in list
/// only; `false` is a proof that none does (or that the eTLD+1 is a
/// popular domain, which the gate lets pass), read from one pass over the
/// host's bytes that hashes the skeleton of each token and writes the
/// host's skeleton, and one that hashes the eTLD+1's skeleton:
/// - edit distance or swap: a hash of the eTLD+1 skeleton's deletion
///   neighbourhood is in the index;
/// - target embedding: a token's skeleton is a joined top-bucket skeleton
///   (`googlecom`), or a dot-joined run of tokens has a top-bucket skeleton
///   (only the runs that end with a token ending a top-bucket skeleton,
///   and no longer than the longest of those, are hashed);
/// - combo squatting: a keyword stands in the skeleton of the eTLD+1's
///   name without registry.
pub(crate) fn may_match(host: &str, etld1: &str, e2ld: &str, targets: &Targets<'_>) -> bool {
    if !host.is_ascii() || host.len() > MAX_HOST || !targets.engaged.sites.is_empty() {
        return true;
    }
    let bytes = host.as_bytes();
    let Some(etld1_start) = host.len().checked_sub(etld1.len()) else {
        return true;
    };
    if bytes.get(etld1_start..) != Some(etld1.as_bytes()) {
        return true;
    }
    // Where the registry's dot stands in the host, when the name without
    // registry is followed by one.
    let registry_dot =
        (etld1.as_bytes().get(e2ld.len()) == Some(&b'.')).then_some(etld1_start + e2ld.len());
    // Each token's skeleton's hash and `BASE` to its length; bit `e` of
    // `long`: token `e` has four characters or more.
    let mut tokens = [(0u64, 0u64); MAX_TOKENS];
    let mut long = 0u32;
    let mut count = 0;
    let (mut hash, mut token_len) = (0u64, 0u32);
    // The host's skeleton, where the token read starts in it, where the
    // eTLD+1's starts, and where its name without registry ends.
    let mut skeleton = [0u8; 2 * MAX_HOST + 2];
    let (mut len, mut token_at, mut etld1_at) = (0, 0, 0);
    let mut name_end = None;
    // Empty tokens (`a--b`, `-a`, `a.`) make the tokens' names differ
    // from the host's text: the full path reads them, and so every host
    // with an `xn--` label (whose skeletons are those of its Unicode form).
    let mut after_separator = true;
    for (i, &b) in bytes.iter().enumerate() {
        let Some(&code) = BYTE_CODES.get(usize::from(b & 127)) else {
            return true;
        };
        let Some(out) = skeleton.get_mut(len..len + 2) else {
            return true;
        };
        out.copy_from_slice(&code.skeleton);
        if code.class != LETTER {
            if code.class == NO_ASCII_SKELETON || after_separator {
                return true;
            }
            after_separator = true;
            let (Some(slot), Some(&power)) = (tokens.get_mut(count), POWERS.get(len - token_at))
            else {
                return true;
            };
            *slot = (hash, power);
            long |= u32::from(token_len >= 4) << count;
            count += 1;
            (hash, token_len) = (0, 0);
            if Some(i) == registry_dot {
                name_end = Some(len);
            }
            len += 1;
            token_at = len;
            if i + 1 == etld1_start {
                etld1_at = len;
            }
            continue;
        }
        let step = WIDTH_POWERS
            .get(usize::from(code.width & 3))
            .copied()
            .unwrap_or(BASE);
        len += usize::from(code.width);
        after_separator = false;
        token_len += 1;
        hash = hash.wrapping_mul(step).wrapping_add(code.add);
    }
    let (Some(slot), Some(&power)) = (tokens.get_mut(count), POWERS.get(len - token_at)) else {
        return true;
    };
    if after_separator {
        return true;
    }
    *slot = (hash, power);
    long |= u32::from(token_len >= 4) << count;
    count += 1;
    let tokens = tokens.get(..count).unwrap_or_default();
    let etld1_skeleton = skeleton.get(etld1_at..len).unwrap_or_default();
    if etld1_skeleton.len() > MAX_ETLD1_SKELETON {
        return true;
    }
    let etld1_hash = extend(0, etld1_skeleton);
    // The name without registry (what combo squatting reads): the
    // eTLD+1's skeleton before the registry's dot.
    let end = name_end.map_or(etld1_skeleton.len(), |at| at - etld1_at);
    let baked = targets.top.has_baked();
    if baked {
        // The gate: a popular domain is never an imitation (a miss only
        // sends the host on through the other checks).
        if popular_skeletons().any(etld1_hash, |i| {
            TopDomains::baked_entry(i as usize)
                .is_some_and(|(s, d)| s.as_bytes() == etld1_skeleton && d == etld1)
        }) {
            return false;
        }
        if e2ld.len() >= 5 {
            let index = super::engaged::top_index(|| {
                (0..TopDomains::edit_len())
                    .filter_map(|i| TopDomains::edit_entry(i).map(|(s, _)| s))
            });
            if may_be_near_edit_skeleton(etld1_skeleton, etld1_hash, end)
                && index.may_have_near(etld1_skeleton)
            {
                return true;
            }
        }
    }
    if super::combo::has_chromium_keyword(etld1_skeleton.get(..end).unwrap_or_default()) {
        return true;
    }
    // Without the built-in list, combo squatting is the only heuristic
    // that reads no list of one's own.
    if !baked {
        return false;
    }
    let joined = joined_skeletons();
    let bucket = bucket();
    for (e, &(hash, power)) in tokens.iter().enumerate() {
        if long & (1 << e) != 0 && joined.contains(hash) {
            return true;
        }
        if e == 0 || !bucket.last_labels.contains(hash) {
            continue;
        }
        // The runs of tokens ending with this one, shortest first: each is
        // `before.run`, hashed from the run's hash.
        let (mut hash, mut power) = (hash, power);
        let first = (e + 1).saturating_sub(bucket.max_labels);
        for &(before, before_power) in tokens.get(first..e).unwrap_or_default().iter().rev() {
            hash = before
                .wrapping_mul(BASE)
                .wrapping_add(DOT)
                .wrapping_mul(power)
                .wrapping_add(hash);
            power = before_power.wrapping_mul(BASE).wrapping_mul(power);
            if bucket.skeletons.contains(hash) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_agree_with_the_skeletons() {
        let skeleton = crate::inspect::display::lookalike::skeleton_of("google.com");
        assert_eq!(
            joined_skeleton_hash("google.com"),
            Some(hash_str(&skeleton.replace(['.', '-'], "")))
        );
        assert!(joined_skeletons().contains(joined_skeleton_hash("googlecom").unwrap()));
        assert!(top_bucket_skeletons().contains(hash_str(&skeleton)));
        assert!(!joined_skeletons().contains(joined_skeleton_hash("example").unwrap()));
    }

    #[test]
    fn strings_near_an_edit_skeleton_share_a_part_with_it() {
        let mut near = 0;
        for i in (0..TopDomains::edit_len()).step_by(7) {
            let (t, _) = TopDomains::edit_entry(i).unwrap();
            let t: Vec<u8> = t.bytes().collect();
            let mut variants = vec![t.clone()];
            for at in 0..=t.len() {
                for c in [b'x', b'.', b'e'] {
                    let mut v = t.clone();
                    v.insert(at, c);
                    variants.push(v);
                    if at < t.len() {
                        let mut v = t.clone();
                        v[at] = c;
                        variants.push(v);
                    }
                }
                if at < t.len() {
                    let mut v = t.clone();
                    v.remove(at);
                    variants.push(v);
                }
                if at + 1 < t.len() {
                    let mut v = t.clone();
                    v.swap(at, at + 1);
                    variants.push(v);
                }
            }
            for v in variants {
                for name_len in 0..=v.len() + 2 {
                    assert!(
                        may_be_near_edit_skeleton(&v, extend(0, &v), name_len),
                        "{} {name_len}",
                        String::from_utf8_lossy(&v)
                    );
                    near += 1;
                }
            }
        }
        assert!(near > 1000);
        let unrelated = b"unrelated-name.example";
        assert!(!may_be_near_edit_skeleton(
            unrelated,
            extend(0, unrelated),
            14
        ));
    }

    #[test]
    fn hosts_with_an_idn_label_take_the_full_path() {
        let data = crate::Data::baked();
        let targets = Targets::of(&data);
        for host in [
            "xn--pypal-4ve.com",
            "www.xn--80ak6aa92e.com",
            "a.xn--p1ai.example.com",
        ] {
            let (etld1, registry) =
                super::super::domain::etld_plus_one_and_registry(host, None, targets.psl).unwrap();
            let e2ld = &etld1[..etld1.len().saturating_sub(registry.unwrap_or(0) + 1)];
            assert!(may_match(host, etld1, e2ld, &targets), "{host}");
        }
        assert!(!may_match(
            "example.com",
            "example.com",
            "example",
            &targets
        ));
    }

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
}
