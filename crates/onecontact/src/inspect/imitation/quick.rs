//! Quick refusals: hashes of the skeletons a host could match, so that the
//! common host, which matches none, is refused by a few integer
//! comparisons instead of string searches in the tables.

use std::sync::OnceLock;

use crate::display::lookalike::{TopDomains, ascii_prototype};

use super::Targets;
use super::hashes::{BASE, Hashes, POWERS, extend, step};
use super::tokens::{HostTokens, MAX_HOST};

/// The code a hash gives a dot.
const DOT: u64 = b'.' as u64 + 1;

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

/// Whether one of Chromium's heuristics may match an ASCII `host` of
/// eTLD+1 `etld1` (name without registry `e2ld`), with the built-in list
/// only; `false` is a proof that none does (or that the eTLD+1 is a
/// popular domain, which the gate lets pass), read from one pass over the
/// host's bytes ([`HostTokens`]: the hash of each token's skeleton, and the
/// eTLD+1's skeleton and its hash):
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
    // The eTLD+1 is most often the host's own end (the same bytes), told
    // without comparing them.
    let tail = bytes.get(etld1_start..).unwrap_or_default();
    if !std::ptr::eq(tail, etld1.as_bytes()) && tail != etld1.as_bytes() {
        return true;
    }
    let mut read = HostTokens::new();
    if !read.read(bytes, etld1_start, e2ld.len()) {
        return true;
    }
    let etld1_skeleton = read.etld1_skeleton();
    let etld1_hash = read.etld1_hash();
    // The name without registry (what combo squatting reads).
    let end = read.name_len();
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
    for e in 0..read.count() {
        let (hash, power) = read.token(e);
        if read.is_long(e) && joined.contains(hash) {
            return true;
        }
        if e == 0 || !bucket.last_labels.contains(hash) {
            continue;
        }
        // The runs of tokens ending with this one, shortest first: each is
        // `before.run`, hashed from the run's hash.
        let (mut hash, mut power) = (hash, power);
        let first = (e + 1).saturating_sub(bucket.max_labels);
        for b in (first..e).rev() {
            let (before, before_power) = read.token(b);
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
    use super::super::hashes::hash_str;
    use super::*;

    #[test]
    fn hashes_agree_with_the_skeletons() {
        let skeleton = crate::display::lookalike::skeleton_of("google.com");
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
}
