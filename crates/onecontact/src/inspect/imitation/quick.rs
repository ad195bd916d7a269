//! Quick refusals: hashes of the skeletons a host could match, so that the
//! common host, which matches none, is refused by a few integer
//! comparisons instead of string searches in the tables.

use std::sync::OnceLock;

use crate::inspect::display::lookalike::{TopDomains, ascii_prototype};

use super::Targets;

const BASE: u64 = 0x100_0000_01b3;

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

/// A set of hashes, sorted.
#[derive(Debug, Default)]
pub(crate) struct Hashes(Vec<u64>);

impl Hashes {
    fn of<'s>(strings: impl Iterator<Item = &'s str>) -> Hashes {
        let mut v: Vec<u64> = strings.map(hash_str).collect();
        v.sort_unstable();
        v.dedup();
        Hashes(v)
    }

    /// Whether `h` may be the hash of a string of the set.
    pub(crate) fn contains(&self, h: u64) -> bool {
        self.0.binary_search(&h).is_ok()
    }
}

/// The hashes of the skeletons of the built-in top-bucket domains.
pub(crate) fn top_bucket_skeletons(top: &TopDomains) -> &'static Hashes {
    static SET: OnceLock<Hashes> = OnceLock::new();
    SET.get_or_init(|| {
        Hashes::of(
            TopDomains::baked_entries()
                .filter(|(_, d)| top.is_top_bucket(d))
                .map(|(s, _)| s),
        )
    })
}

/// The hashes of the built-in top-bucket skeletons without separators.
pub(crate) fn joined_skeletons() -> &'static Hashes {
    static SET: OnceLock<Hashes> = OnceLock::new();
    SET.get_or_init(|| Hashes::of(TopDomains::baked_joined()))
}

/// The longest skeleton (in bytes) the quick refusal reads; longer hosts
/// take the full path.
const MAX_HOST: usize = 96;

/// The skeleton of ASCII `text` in `buf`, `-` read as `.` when `dashes_as_dots`;
/// `None` when a prototype is not ASCII or the buffer is too short.
fn ascii_skeleton<'b>(text: &str, dashes_as_dots: bool, buf: &'b mut [u8]) -> Option<&'b str> {
    let mut len = 0;
    for b in text.bytes() {
        let b = if dashes_as_dots && b == b'-' { b'.' } else { b };
        let proto: &[u8] = match ascii_prototype(b) {
            Some(p) if !p.is_ascii() => return None,
            Some(p) => p.as_bytes(),
            None => std::slice::from_ref(&b),
        };
        for &p in proto {
            *buf.get_mut(len)? = p;
            len += 1;
        }
    }
    std::str::from_utf8(buf.get(..len)?).ok()
}

/// Whether one of Chromium's heuristics may match an ASCII `host` of
/// eTLD+1 `etld1` (name without registry `e2ld`), with the built-in list
/// only; `false` is a proof that none does (or that the eTLD+1 is a
/// popular domain, which the gate lets pass), read from the host's bytes
/// without building its skeletons:
/// - edit distance or swap: a hash of the eTLD+1 skeleton's deletion
///   neighbourhood is in the index;
/// - target embedding: a token's skeleton without separators is a joined
///   top-bucket skeleton, a dot-joined run of tokens ending the host has a
///   top-bucket skeleton, or a token inside the host could end a name with
///   a known registry and a long enough name;
/// - combo squatting: a keyword stands in the eTLD+1's skeleton.
pub(crate) fn may_match(host: &str, etld1: &str, e2ld: &str, targets: &Targets<'_>) -> bool {
    if !host.is_ascii() || host.len() > MAX_HOST || !targets.engaged.sites.is_empty() {
        return true;
    }
    // Empty tokens (`a--b`, `-a`) make the tokens' names differ from the
    // host's text: the full path reads them.
    let bytes = host.as_bytes();
    let separator = |b: &u8| *b == b'.' || *b == b'-';
    if bytes.first().is_some_and(separator)
        || bytes.last().is_some_and(separator)
        || bytes.windows(2).any(|w| w.iter().all(separator))
    {
        return true;
    }
    // The skeleton of the host, with `-` read as `.` (the tokens).
    let mut buf = [0u8; MAX_HOST];
    let Some(skeleton) = ascii_skeleton(host, true, &mut buf) else {
        return true;
    };
    let mut etld1_buf = [0u8; MAX_HOST];
    let Some(etld1_skeleton) = ascii_skeleton(etld1, false, &mut etld1_buf) else {
        return true;
    };
    // The gate: a popular domain is never an imitation.
    if targets.top.has_baked()
        && popular_skeletons().contains(hash_str(etld1_skeleton))
        && targets.top.find_popular(etld1_skeleton) == Some(etld1)
    {
        return false;
    }
    let etld1_skeleton = Some(etld1_skeleton);
    if e2ld.len() >= 5 && targets.top.has_baked() {
        match etld1_skeleton {
            Some(s) => {
                let index = super::engaged::top_index(|| {
                    (0..TopDomains::edit_len())
                        .filter_map(|i| TopDomains::edit_entry(i).map(|(s, _)| s))
                });
                if index.may_have_near(s) {
                    return true;
                }
            }
            None => return true,
        }
    }
    // Combo squatting reads the name without registry: the eTLD+1's
    // skeleton before as many dots as the registry has labels.
    if let Some(s) = etld1_skeleton {
        let registry_labels = etld1
            .as_bytes()
            .get(e2ld.len()..)
            .map_or(0, |r| r.iter().filter(|&&b| b == b'.').count());
        let mut end = s.len();
        for _ in 0..registry_labels {
            end = s
                .as_bytes()
                .get(..end)
                .and_then(|head| head.iter().rposition(|&b| b == b'.'))
                .unwrap_or(0);
        }
        if super::combo::has_chromium_keyword(s.get(..end).unwrap_or(s)) {
            return true;
        }
    }
    if etld1_skeleton.is_none()
        && super::combo::has_keyword(skeleton, super::words::combo_keywords())
    {
        return true;
    }
    let joined = joined_skeletons();
    let bucket = top_bucket_skeletons(targets.top);
    // Runs of tokens ending the host, from the right, hashed as they grow.
    let mut hash = 0u64;
    let mut weight = 1u64;
    let mut tokens = 0;
    for &b in skeleton.as_bytes().iter().rev() {
        if b == b'.' {
            tokens += 1;
            if tokens >= 2 && bucket.contains(hash) {
                return true;
            }
        }
        hash = hash.wrapping_add((u64::from(b) + 1).wrapping_mul(weight));
        weight = weight.wrapping_mul(BASE);
    }
    if tokens >= 1 && bucket.contains(hash) {
        return true;
    }
    // Each token: a joined top-bucket name, or (inside the host) a
    // top-level domain with a token of more than four letters before it.
    let mut longest_before = 0;
    let mut start = 0;
    for end in 0..=bytes.len() {
        if end < bytes.len() && !bytes.get(end).is_some_and(separator) {
            continue;
        }
        let token = host.get(start..end).unwrap_or_default();
        start = end + 1;
        if token.len() >= 4 && joined_skeleton_hash(token).is_none_or(|h| joined.contains(h)) {
            return true;
        }
        if end < bytes.len() && longest_before > 4 && targets.psl.is_icann_tld(token) {
            return true;
        }
        longest_before = longest_before.max(token.len());
    }
    false
}

/// The hashes of the skeletons of every built-in popular domain.
fn popular_skeletons() -> &'static Hashes {
    static SET: OnceLock<Hashes> = OnceLock::new();
    SET.get_or_init(|| Hashes::of(TopDomains::baked_entries().map(|(s, _)| s)))
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
        assert!(top_bucket_skeletons(&TopDomains::baked()).contains(hash_str(&skeleton)));
        assert!(!joined_skeletons().contains(joined_skeleton_hash("example").unwrap()));
    }
}
