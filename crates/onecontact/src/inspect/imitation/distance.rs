//! Near names: Chromium's edit distance of at most one and its one adjacent
//! swap, and an index that finds the skeletons near a given one without
//! comparing it with every skeleton of a list.
//!
//! The index holds, for each skeleton, a hash of the skeleton and of each
//! string it gives with one character deleted (its deletion neighbourhood).
//! Two strings at most one insertion, deletion or substitution apart, or one
//! adjacent swap apart, share a string of those neighbourhoods, so a lookup
//! hashes the query's neighbourhood (one hash per character, from prefix
//! and suffix hashes) and probes a hash table per hash. The candidates are
//! then checked with the exact comparisons.

/// Whether `a` and `b` are at most one insertion, deletion or substitution
/// apart (Chromium's `IsEditDistanceAtMostOne`, on characters).
pub(crate) fn edit_distance_at_most_one(a: &str, b: &str) -> bool {
    let (la, lb) = (a.chars().count(), b.chars().count());
    if la > lb + 1 || lb > la + 1 {
        return false;
    }
    let mut i = a.chars().peekable();
    let mut j = b.chars().peekable();
    let mut edits = 0;
    while let (Some(&x), Some(&y)) = (i.peek(), j.peek()) {
        if x == y {
            i.next();
            j.next();
            continue;
        }
        edits += 1;
        if edits > 1 {
            return false;
        }
        if la > lb {
            i.next();
        } else if lb > la {
            j.next();
        } else {
            i.next();
            j.next();
        }
    }
    if i.peek().is_some() || j.peek().is_some() {
        edits += 1;
    }
    edits <= 1
}

/// Whether `a` and `b` differ by exactly one swap of adjacent characters
/// (Chromium's `HasOneCharacterSwap`).
pub(crate) fn one_character_swap(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len() != b.len() || a == b {
        return false;
    }
    let mut swapped = false;
    let mut k = 0;
    while let (Some(&x), Some(&y)) = (a.get(k), b.get(k)) {
        k += 1;
        if x == y {
            continue;
        }
        let (x2, y2) = (a.get(k), b.get(k));
        if !swapped && x2 == Some(&y) && y2 == Some(&x) {
            swapped = true;
            k += 1;
            continue;
        }
        return false;
    }
    swapped
}

/// Edit distance (insertions, deletions, substitutions) between `a` and `b`
/// when it is at most `max`; `None` past it. Linear in the length times
/// `max` (a band of the table).
pub(crate) fn edit_distance_within(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    let big = max + 1;
    let mut previous: Vec<usize> = (0..width).map(|j| j.min(big)).collect();
    let mut current = vec![big; width];
    for (i, x) in a.iter().enumerate() {
        let low = (i + 1).saturating_sub(max);
        let high = (i + 1 + max).min(b.len());
        current.iter_mut().for_each(|c| *c = big);
        if low == 0
            && let Some(c) = current.get_mut(0)
        {
            *c = (i + 1).min(big);
        }
        for j in low.max(1)..=high {
            let (Some(&up), Some(&diagonal), Some(y)) =
                (previous.get(j), previous.get(j - 1), b.get(j - 1))
            else {
                continue;
            };
            let left = current.get(j - 1).copied().unwrap_or(big);
            let cost = diagonal + usize::from(x != y);
            if let Some(c) = current.get_mut(j) {
                *c = cost.min(up + 1).min(left + 1).min(big);
            }
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous.get(b.len()).copied().filter(|&d| d <= max)
}

const BASE: u64 = 0x100_0000_01b3;

/// The hashes of `s` and of each string `s` gives with one character
/// deleted, into `out` (cleared first).
fn neighbourhood(s: &str, out: &mut Vec<u64>) {
    out.clear();
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    // prefix[k]: hash of chars[..k]; suffix[k]: hash of chars[k..];
    // power[k]: BASE^k.
    let mut prefix = Vec::with_capacity(n + 1);
    let mut power = Vec::with_capacity(n + 1);
    prefix.push(0u64);
    power.push(1u64);
    for &c in &chars {
        let last = prefix.last().copied().unwrap_or(0);
        prefix.push(last.wrapping_mul(BASE).wrapping_add(u64::from(c) + 1));
        let p = power.last().copied().unwrap_or(1);
        power.push(p.wrapping_mul(BASE));
    }
    let mut suffix = vec![0u64; n + 1];
    for k in (0..n).rev() {
        let c = chars.get(k).copied().unwrap_or_default();
        let rest = suffix.get(k + 1).copied().unwrap_or(0);
        let len = n - 1 - k;
        if let Some(slot) = suffix.get_mut(k) {
            *slot = (u64::from(c) + 1)
                .wrapping_mul(power.get(len).copied().unwrap_or(1))
                .wrapping_add(rest);
        }
    }
    out.push(prefix.get(n).copied().unwrap_or(0));
    for k in 0..n {
        let head = prefix.get(k).copied().unwrap_or(0);
        let tail = suffix.get(k + 1).copied().unwrap_or(0);
        let len = n - 1 - k;
        out.push(
            head.wrapping_mul(power.get(len).copied().unwrap_or(1))
                .wrapping_add(tail),
        );
    }
}

/// An index of strings by their deletion neighbourhoods (see the module
/// documentation): an open-addressing table of (hash, string index).
#[derive(Debug, Clone, Default)]
pub(crate) struct Neighbourhoods {
    slots: Vec<(u64, u32)>,
    mask: usize,
}

/// An empty slot (a hash of 0 with no string; a real zero hash is moved to 1).
const EMPTY: (u64, u32) = (0, u32::MAX);

fn key(h: u64) -> u64 {
    h.max(1)
}

impl Neighbourhoods {
    /// No string.
    pub(crate) const EMPTY: Neighbourhoods = Neighbourhoods {
        slots: Vec::new(),
        mask: 0,
    };

    /// The index of `strings` (string `i` is found as `i`).
    pub(crate) fn new<'s>(strings: impl Iterator<Item = &'s str>) -> Neighbourhoods {
        let mut entries: Vec<(u64, u32)> = Vec::new();
        let mut hashes = Vec::new();
        for (i, s) in strings.enumerate() {
            let Ok(i) = u32::try_from(i) else {
                break;
            };
            neighbourhood(s, &mut hashes);
            for &h in &hashes {
                entries.push((key(h), i));
            }
        }
        entries.sort_unstable();
        entries.dedup();
        let size = (entries.len() * 2).next_power_of_two().max(16);
        let mask = size - 1;
        let mut slots = vec![EMPTY; size];
        for entry in entries {
            // Truncation to the table's size is the point of the mask.
            #[allow(clippy::cast_possible_truncation)]
            let mut at = (entry.0 as usize) & mask;
            while slots.get(at).is_some_and(|s| *s != EMPTY) {
                at = (at + 1) & mask;
            }
            if let Some(slot) = slots.get_mut(at) {
                *slot = entry;
            }
        }
        Neighbourhoods { slots, mask }
    }

    /// The indexes of the strings that may be at most one edit or one swap
    /// away from `s`, sorted, each once (to be checked exactly).
    pub(crate) fn candidates(&self, s: &str, out: &mut Vec<u32>) {
        out.clear();
        if self.slots.is_empty() {
            return;
        }
        let mut hashes = Vec::new();
        neighbourhood(s, &mut hashes);
        for h in hashes {
            let h = key(h);
            #[allow(clippy::cast_possible_truncation)]
            let mut at = (h as usize) & self.mask;
            while let Some(&(slot, i)) = self.slots.get(at) {
                if (slot, i) == EMPTY {
                    break;
                }
                if slot == h {
                    out.push(i);
                }
                at = (at + 1) & self.mask;
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chromiums_edit_distance_and_swap() {
        assert!(edit_distance_at_most_one("", ""));
        assert!(edit_distance_at_most_one("a", ""));
        assert!(edit_distance_at_most_one("ab", "b"));
        assert!(edit_distance_at_most_one("abc", "axc"));
        assert!(edit_distance_at_most_one("google", "gogle"));
        assert!(!edit_distance_at_most_one("abc", "cab"));
        assert!(!edit_distance_at_most_one("abcd", "ab"));
        assert!(one_character_swap("abcd", "bacd"));
        assert!(one_character_swap("abcd", "abdc"));
        assert!(!one_character_swap("abcd", "abcd"));
        assert!(!one_character_swap("abcd", "badc"));
        assert!(!one_character_swap("abc", "ab"));
        assert_eq!(
            edit_distance_within("myetherwallet", "myeterhwallet", 2),
            Some(2)
        );
        assert_eq!(edit_distance_within("kitten", "sitting", 2), None);
        assert_eq!(edit_distance_within("kitten", "sitting", 3), Some(3));
        assert_eq!(edit_distance_within("", "ab", 2), Some(2));
    }

    #[test]
    fn the_index_finds_every_near_string() {
        let list = ["google.corn", "paypal.corn", "facebook.corn", "apple.corn"];
        let index = Neighbourhoods::new(list.iter().copied());
        let mut found = Vec::new();
        for (query, want) in [
            ("gogle.corn", Some(0)),
            ("googel.corn", Some(0)),
            ("google.corn", Some(0)),
            ("googlee.corn", Some(0)),
            ("paypa1.corn", Some(1)),
            ("aple.corn", Some(3)),
            ("nothing.corn", None),
        ] {
            index.candidates(query, &mut found);
            let exact: Vec<u32> = found
                .iter()
                .copied()
                .filter(|&i| {
                    let t = list[i as usize];
                    edit_distance_at_most_one(query, t) || one_character_swap(query, t)
                })
                .collect();
            assert_eq!(exact.first().copied(), want, "{query}: {found:?}");
        }
        // Every pair the exact comparisons accept is a candidate.
        let words = [
            "abcde", "abdce", "bacde", "abcdx", "abcd", "xabcde", "edcba",
        ];
        let index = Neighbourhoods::new(words.iter().copied());
        for a in words {
            index.candidates(a, &mut found);
            for (j, b) in words.iter().enumerate() {
                if edit_distance_at_most_one(a, b) || one_character_swap(a, b) {
                    assert!(found.contains(&(j as u32)), "{a} {b}");
                }
            }
        }
    }
}
