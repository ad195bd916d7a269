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

use super::table::HashTable;

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

/// Calls `f` with the hash of `s` and of each string `s` gives with one
/// character deleted. A hash is `sum(c_k * BASE^(m-1-k))` over the `m`
/// characters (each plus one). Two deletions next to each other differ in
/// one place: deleting `k` leaves `s[k+1]` where deleting `k+1` leaves
/// `s[k]`, so each hash follows from the next in a step.
fn for_each_neighbour(s: &str, mut f: impl FnMut(u64)) {
    if s.is_ascii() {
        let codes: &[u8] = s.as_bytes();
        neighbours(
            codes.len(),
            |k| codes.get(k).map_or(0, |&b| u64::from(b) + 1),
            &mut f,
        );
    } else {
        let codes: Vec<u64> = s.chars().map(|c| u64::from(c) + 1).collect();
        neighbours(codes.len(), |k| codes.get(k).copied().unwrap_or(0), &mut f);
    }
}

/// [`for_each_neighbour`] over `n` character codes, `code(k)` the k-th.
fn neighbours(n: usize, code: impl Fn(usize) -> u64, f: &mut impl FnMut(u64)) {
    if n == 0 {
        f(0);
        return;
    }
    // The hash of the first n - 1 codes, and of all n.
    let mut head = 0u64;
    for k in 0..n - 1 {
        head = head.wrapping_mul(BASE).wrapping_add(code(k));
    }
    let last = code(n - 1);
    f(head.wrapping_mul(BASE).wrapping_add(last));
    // Deleting the last code leaves `head`; walking left, deleting k
    // instead of k + 1 puts s[k+1] at place k, whose weight is
    // BASE^(n-2-k).
    let mut hash = head;
    f(hash);
    let mut weight = 1u64;
    let mut next = last;
    for k in (0..n - 1).rev() {
        let here = code(k);
        hash = hash.wrapping_add(next.wrapping_sub(here).wrapping_mul(weight));
        f(hash);
        weight = weight.wrapping_mul(BASE);
        next = here;
    }
}

/// An index of strings by their deletion neighbourhoods (see the module
/// documentation): every (hash, string index) of their neighbourhoods.
#[derive(Debug, Clone, Default)]
pub(crate) struct Neighbourhoods {
    table: HashTable,
}

impl Neighbourhoods {
    /// No string.
    pub(crate) const EMPTY: Neighbourhoods = Neighbourhoods {
        table: HashTable::EMPTY,
    };

    /// The index of `strings` (string `i` is found as `i`).
    pub(crate) fn new<'s>(strings: impl Iterator<Item = &'s str>) -> Neighbourhoods {
        let mut entries: Vec<(u64, u32)> = Vec::new();
        for (i, s) in strings.enumerate() {
            let Ok(i) = u32::try_from(i) else {
                break;
            };
            for_each_neighbour(s, |h| entries.push((h, i)));
        }
        Neighbourhoods {
            table: HashTable::new(entries),
        }
    }

    /// Whether some string may be at most one edit or one swap away from
    /// the ASCII string `s` (no string is when this is `false`): its
    /// neighbourhood's hashes are taken in one pass each way, and each is
    /// looked for in the filter, then in the table.
    pub(crate) fn may_have_near(&self, s: &[u8]) -> bool {
        if self.table.is_empty() {
            return false;
        }
        let Some((&last, init)) = s.split_last() else {
            return self.has(0);
        };
        let head = init.iter().fold(0u64, |h, &b| {
            h.wrapping_mul(BASE).wrapping_add(u64::from(b) + 1)
        });
        let last = u64::from(last) + 1;
        if self.has(head.wrapping_mul(BASE).wrapping_add(last)) || self.has(head) {
            return true;
        }
        // As in `neighbours`: deleting k instead of k + 1.
        let (mut hash, mut weight, mut next) = (head, 1u64, last);
        for &b in init.iter().rev() {
            let here = u64::from(b) + 1;
            hash = hash.wrapping_add(next.wrapping_sub(here).wrapping_mul(weight));
            if self.has(hash) {
                return true;
            }
            weight = weight.wrapping_mul(BASE);
            next = here;
        }
        false
    }

    /// Whether the hash `h` of a neighbour is in the table.
    fn has(&self, h: u64) -> bool {
        self.table.holds(h)
    }

    /// The indexes of the strings that may be at most one edit or one swap
    /// away from `s`, sorted, each once (to be checked exactly).
    pub(crate) fn candidates(&self, s: &str, out: &mut Vec<u32>) {
        out.clear();
        if self.table.is_empty() {
            return;
        }
        for_each_neighbour(s, |h| {
            self.table.any(h, |i| {
                out.push(i);
                false
            });
        });
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
    fn long_and_short_strings_hash_alike() {
        let mut short = Vec::new();
        for_each_neighbour("abcé", |h| short.push(h));
        // Each hash is the hash of the string it stands for.
        let direct = |t: &str| {
            t.chars().fold(0u64, |h, c| {
                h.wrapping_mul(BASE).wrapping_add(u64::from(c) + 1)
            })
        };
        let chars: Vec<char> = "abcé".chars().collect();
        let mut want = vec![direct("abcé")];
        for k in (0..chars.len()).rev() {
            let mut d = chars.clone();
            d.remove(k);
            want.push(direct(&d.iter().collect::<String>()));
        }
        assert_eq!(short, want);
        let long = "a".repeat(100);
        let mut hashes = Vec::new();
        for_each_neighbour(&long, |h| hashes.push(h));
        assert_eq!(hashes.len(), 101);
        let mut shorter = Vec::new();
        for_each_neighbour(&"a".repeat(99), |h| shorter.push(h));
        assert!(hashes.iter().skip(1).all(|h| *h == shorter[0]));
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
            assert_eq!(
                index.may_have_near(query.as_bytes()),
                want.is_some(),
                "{query}"
            );
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
                    assert!(index.may_have_near(a.as_bytes()), "{a} {b}");
                }
            }
        }
    }
}
