//! Strings stored back to back in one text and found by where each ends.
//!
//! A table of `&str` holds a pointer per string, which the loader
//! relocates when the program starts, so every page of such a table is
//! written (and kept in memory) by every run, whether it looks anything up
//! or not. A [`Packed`] list holds two pointers in all: its text and its
//! offsets are read-only data, read only by the lookups that need them.

use core::cmp::Ordering;

/// A list of strings packed into one text: string `i` ends at `ends[i]`
/// and starts where string `i - 1` ends (string 0 at 0).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Packed {
    text: &'static str,
    ends: &'static [u32],
}

impl Packed {
    /// The list of `text` cut at `ends` (increasing, the last at most the
    /// text's length, each at a character boundary).
    pub(crate) const fn new(text: &'static str, ends: &'static [u32]) -> Packed {
        Packed { text, ends }
    }

    /// How many strings the list holds.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// String `index`; `None` past the end (or for offsets that do not cut
    /// the text at character boundaries, which the generator never writes).
    pub(crate) fn get(&self, index: usize) -> Option<&'static str> {
        let start = match index.checked_sub(1) {
            Some(before) => *self.ends.get(before)?,
            None => 0,
        };
        let end = *self.ends.get(index)?;
        let text: &'static str = self.text;
        text.get(start as usize..end as usize)
    }

    /// The strings in order.
    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// Where `key` is in a list sorted in byte order.
    pub(crate) fn position(&self, key: &str) -> Option<usize> {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let middle = low + (high - low) / 2;
            match self.get(middle)?.cmp(key) {
                Ordering::Less => low = middle + 1,
                Ordering::Greater => high = middle,
                Ordering::Equal => return Some(middle),
            }
        }
        None
    }
}

/// The Rust source of a static [`Packed`] list named `name` holding
/// `strings` in order, with `doc` as its doc comment: the text as one
/// literal continued over lines, then the ends, sixteen to a line.
pub(crate) fn source<'s>(name: &str, doc: &str, strings: impl Iterator<Item = &'s str>) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let mut ends = Vec::new();
    let mut end = 0usize;
    for s in strings {
        // Debug quotes and escapes the string; the quotes go.
        let quoted = format!("{s:?}");
        let inner = quoted
            .get(1..quoted.len().saturating_sub(1))
            .unwrap_or_default();
        let _ = write!(text, "\\\n     {inner}");
        end += s.len();
        ends.push(end);
    }
    let mut out = String::new();
    for line in doc.lines() {
        let _ = writeln!(out, "/// {line}");
    }
    let _ = writeln!(out, "pub(super) static {name}: Packed = Packed::new(");
    let _ = writeln!(out, "    \"{text}\",");
    out.push_str("    &[\n");
    for row in ends.chunks(16) {
        let numbers: Vec<String> = row.iter().map(usize::to_string).collect();
        let _ = writeln!(out, "        {},", numbers.join(", "));
    }
    out.push_str("    ],\n);\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_come_back_and_are_found() {
        static LIST: Packed = Packed::new("acbbdé", &[1, 3, 4, 7]);
        assert_eq!(LIST.iter().collect::<Vec<_>>(), ["a", "cb", "b", "dé"]);
        assert_eq!(LIST.get(4), None);
        static SORTED: Packed = Packed::new("abbcd", &[1, 3, 4, 5]);
        for (i, s) in ["a", "bb", "c", "d"].iter().enumerate() {
            assert_eq!(SORTED.position(s), Some(i));
        }
        for missing in ["", "b", "bc", "e", "0"] {
            assert_eq!(SORTED.position(missing), None, "{missing}");
        }
        assert_eq!(Packed::new("", &[]).position("a"), None);
        // Offsets that cut a character are refused, not a panic.
        assert_eq!(Packed::new("é", &[1]).get(0), None);
    }
}
