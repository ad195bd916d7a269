//! Input preparation (basic URL parser steps 1–3): trimming leading and
//! trailing C0 controls and spaces, removing ASCII tabs and newlines, and
//! mapping offsets in the prepared text back to the input as given.

use crate::gigo::Gigo;
use crate::prelude::*;
use alloc::borrow::Cow;

/// The input after trimming and tab/newline removal, with what is needed to
/// map its offsets back.
pub(crate) struct Prepared<'a> {
    /// The text the state machine reads.
    pub(crate) text: Cow<'a, str>,
    /// How many bytes were trimmed from the start.
    lead: usize,
    /// Original offsets of removed tabs/newlines (after `lead`), ascending;
    /// empty unless the input held some.
    removed: Vec<usize>,
    /// Whether leading or trailing C0 controls or spaces were trimmed.
    pub(crate) trimmed: bool,
    /// Where the trimmed trailing C0 controls and spaces start, if any were trimmed.
    trailing: Option<usize>,
}

#[inline]
fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

#[inline]
fn is_tab_or_newline(b: u8) -> bool {
    b == b'\t' || b == b'\n' || b == b'\r'
}

/// Whether `bytes` holds a tab, LF or CR; eight bytes at a time, the last
/// eight (overlapping the ones before) read as one word too.
#[inline]
pub(crate) fn has_tab_or_newline(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Sets the high bit of every byte below 0x0E (and possibly of bytes
    // after such a byte); an exact check follows only then.
    let found = |chunk: &[u8; 8]| {
        let x = u64::from_le_bytes(*chunk);
        x.wrapping_sub(ONES * 0x0E) & !x & HIGHS != 0 && chunk.iter().any(|&b| is_tab_or_newline(b))
    };
    let Some(last) = bytes.last_chunk::<8>() else {
        return bytes.iter().any(|&b| is_tab_or_newline(b));
    };
    let (chunks, _) = bytes.as_chunks::<8>();
    chunks.iter().any(found) || found(last)
}

impl<'a> Prepared<'a> {
    /// Prepares `input`; `trim` is false for setter values (the Standard only
    /// trims when no URL is given to the basic URL parser).
    #[inline]
    pub(crate) fn new(input: &'a str, trim: bool) -> Self {
        let bytes = input.as_bytes();
        let (mut start, mut end) = (0, bytes.len());
        if trim {
            while start < end && bytes.get(start).is_some_and(|&b| is_c0_or_space(b)) {
                start += 1;
            }
            while end > start && bytes.get(end - 1).is_some_and(|&b| is_c0_or_space(b)) {
                end -= 1;
            }
        }
        // Trimming stops at ASCII bytes, so both ends are char boundaries.
        let core = input.get(start..end).unwrap_or_gigo();
        if has_tab_or_newline(core.as_bytes()) {
            return Prepared::without_tabs_or_newlines(input, start, end);
        }
        Prepared {
            text: Cow::Borrowed(core),
            lead: start,
            removed: Vec::new(),
            trimmed: start != 0 || end != bytes.len(),
            trailing: (end < bytes.len()).then_some(end),
        }
    }

    /// [`Prepared::new`] of `input[start..end]` (trimmed) when it holds tabs
    /// or newlines: a copy without them.
    #[cold]
    #[inline(never)]
    fn without_tabs_or_newlines(input: &'a str, start: usize, end: usize) -> Self {
        let core = input.get(start..end).unwrap_or_gigo();
        let mut text = String::with_capacity(core.len());
        let mut removed = Vec::new();
        let mut run = 0;
        for (i, &b) in core.as_bytes().iter().enumerate() {
            if is_tab_or_newline(b) {
                text.push_str(core.get(run..i).unwrap_or_gigo());
                removed.push(start + i);
                run = i + 1;
            }
        }
        text.push_str(core.get(run..).unwrap_or_gigo());
        Prepared {
            text: Cow::Owned(text),
            lead: start,
            removed,
            trimmed: start != 0 || end != input.len(),
            trailing: (end < input.len()).then_some(end),
        }
    }

    /// Offsets in the original input of every code point the preparation
    /// removed that is an `invalid-URL-unit` validation error: the first
    /// leading and first trailing C0 control or space, and each tab or newline.
    pub(crate) fn removed_offsets(&self) -> impl Iterator<Item = usize> + '_ {
        let leading = (self.lead > 0).then_some(0);
        leading
            .into_iter()
            .chain(self.removed.iter().copied())
            .chain(self.trailing)
    }

    /// Whether tabs or newlines were removed.
    pub(crate) fn had_tabs_or_newlines(&self) -> bool {
        !self.removed.is_empty()
    }

    /// The offset in the original input of the byte at `index` of the prepared text.
    pub(crate) fn original(&self, index: usize) -> usize {
        if self.removed.is_empty() {
            return self.lead + index;
        }
        // The k-th removed byte (0-based) sits right before prepared index
        // `removed[k] - lead - k`; that sequence is non-decreasing.
        let (mut lo, mut hi) = (0, self.removed.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let r = self.removed.get(mid).copied().unwrap_or_gigo();
            if r.saturating_sub(self.lead + mid) <= index {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let before = lo;
        self.lead + index + before
    }

    /// Maps a range of the prepared text to the original input, covering any
    /// removed bytes inside it.
    pub(crate) fn original_range(&self, start: usize, end: usize) -> core::ops::Range<usize> {
        let s = self.original(start);
        if end <= start {
            return s..s;
        }
        s..self.original(end - 1) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_removes_and_maps_back() {
        let input = " \u{1}ab\tcd\n\ref\u{0} ";
        let p = Prepared::new(input, true);
        assert_eq!(&*p.text, "abcdef");
        assert!(p.trimmed && p.had_tabs_or_newlines());
        for (i, c) in p.text.char_indices() {
            assert_eq!(input[p.original(i)..].chars().next(), Some(c));
        }
        assert_eq!(&input[p.original_range(1, 4)], "b\tcd");
        let q = Prepared::new(" a ", false);
        assert_eq!(&*q.text, " a ");
        for len in 0..20 {
            let mut s = "x".repeat(len);
            assert!(!has_tab_or_newline(s.as_bytes()));
            for pos in 0..len {
                for special in ['\t', '\n', '\r', '\u{b}', '\u{c}', '\u{e}'] {
                    s.replace_range(pos..pos + 1, &special.to_string());
                    assert_eq!(
                        has_tab_or_newline(s.as_bytes()),
                        matches!(special, '\t' | '\n' | '\r')
                    );
                    s.replace_range(pos..pos + 1, "x");
                }
            }
        }
    }
}
