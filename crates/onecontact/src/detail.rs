//! Where each part of an address was written in the input (rule 4).

use std::ops::Range;

/// A part of a web address whose place in the input is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Field {
    /// The scheme (only when it was written, not assumed).
    Scheme,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// The query, without its `?`.
    Query,
    /// The fragment, without its `#`.
    Fragment,
}

impl Field {
    /// The field's name as it appears in serialized output (`"scheme"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Field::Scheme => "scheme",
            Field::Host => "host",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
        }
    }
}

/// One field and where it was written: `start..end` in UTF-16 code units of
/// the input exactly as given (before trimming). Tabs and newlines the URL
/// parser removes inside a field are inside its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FieldSpan {
    /// Which field.
    pub field: Field,
    /// First UTF-16 code unit of the field.
    pub start: usize,
    /// One past its last UTF-16 code unit.
    pub end: usize,
}

impl FieldSpan {
    /// The span as a range of UTF-16 code units.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The number of UTF-16 code units covered.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers nothing (for example the query of
    /// `https://a.com/?`).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Parse details of a [`WebAddress`](crate::WebAddress): where each field
/// was written in the input.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseDetail {
    /// The fields present in the input, in input order: `scheme` (only when
    /// written), `host`, `port`, `path`, `query`, `fragment`.
    pub fields: Vec<FieldSpan>,
}

impl ParseDetail {
    /// The span of `field`, if the input has it.
    pub fn span(&self, field: Field) -> Option<FieldSpan> {
        self.fields.iter().copied().find(|s| s.field == field)
    }
}

/// The number of UTF-16 code units `text` takes.
pub(crate) fn utf16_len(text: &str) -> usize {
    if text.is_ascii() {
        return text.len();
    }
    text.chars().map(char::len_utf16).sum()
}

/// Field spans, stored compactly in a [`WebAddress`](crate::WebAddress):
/// `[start, end]` per field in the order of [`FIELDS`], [`ABSENT`] when the
/// input has no such field. Built as byte offsets of the input, then turned
/// into UTF-16 offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    spans: [[u32; 2]; 6],
}

/// The start of an absent field in [`Spans`] (no input is that long).
const ABSENT: u32 = u32::MAX;

impl Default for Spans {
    fn default() -> Self {
        Spans {
            spans: [[ABSENT, 0]; 6],
        }
    }
}

/// The order fields are stored in [`Spans`].
pub(crate) const FIELDS: [Field; 6] = [
    Field::Scheme,
    Field::Host,
    Field::Port,
    Field::Path,
    Field::Query,
    Field::Fragment,
];

impl Spans {
    /// Spans from `(start, end)` byte ranges in the order of [`FIELDS`]; a
    /// range whose offsets do not fit 32 bits is left out.
    pub(crate) fn new(ranges: [Option<(usize, usize)>; 6]) -> Spans {
        let mut out = Spans::default();
        for (slot, range) in out.spans.iter_mut().zip(ranges) {
            if let Some((Ok(start), Ok(end))) =
                range.map(|(start, end)| (u32::try_from(start), u32::try_from(end)))
                && start != ABSENT
            {
                *slot = [start, end];
            }
        }
        out
    }

    /// The span of the field at `n` in [`FIELDS`] order.
    fn get(&self, n: usize) -> Option<(u32, u32)> {
        self.spans
            .get(n)
            .filter(|[start, _]| *start != ABSENT)
            .map(|&[start, end]| (start, end))
    }

    /// Records a field's byte range.
    #[cfg(test)]
    pub(crate) fn set(&mut self, field: Field, start: usize, end: usize) {
        let at = FIELDS.iter().position(|f| *f == field);
        if let (Some(slot), Ok(start), Ok(end)) = (
            at.and_then(|n| self.spans.get_mut(n)),
            u32::try_from(start),
            u32::try_from(end),
        ) {
            *slot = [start, end];
        }
    }

    /// The same spans with byte offsets of `input` turned into UTF-16
    /// offsets and moved by `shift` units, in one pass over the input
    /// (nothing but the shift for ASCII input).
    pub(crate) fn bytes_to_utf16(self, input: &str, shift: usize) -> Spans {
        let shift = u32::try_from(shift).unwrap_or(ABSENT - 1);
        let moved = |unit: u32| unit.saturating_add(shift).min(ABSENT - 1);
        let mut out = Spans::default();
        if input.is_ascii() {
            for (n, slot) in out.spans.iter_mut().enumerate() {
                if let Some((start, end)) = self.get(n) {
                    *slot = [moved(start), moved(end)];
                }
            }
            return out;
        }
        // Every boundary, sorted, converted while walking the text once.
        let mut points: [(u32, usize); 12] = [(ABSENT, 0); 12];
        for n in 0..FIELDS.len() {
            if let Some((start, end)) = self.get(n) {
                if let Some(p) = points.get_mut(2 * n) {
                    *p = (start, 2 * n);
                }
                if let Some(p) = points.get_mut(2 * n + 1) {
                    *p = (end, 2 * n + 1);
                }
            }
        }
        points.sort_unstable();
        let mut converted = [0u32; 12];
        let mut byte = 0usize;
        let mut unit = 0usize;
        for (at, slot) in points {
            if at == ABSENT {
                break;
            }
            let at = (at as usize).min(input.len());
            if at > byte {
                unit += input.get(byte..at).map_or(0, utf16_len);
                byte = at;
            }
            if let Some(c) = converted.get_mut(slot) {
                *c = u32::try_from(unit).unwrap_or(ABSENT - 1);
            }
        }
        for (n, slot) in out.spans.iter_mut().enumerate() {
            if self.get(n).is_some()
                && let (Some(&start), Some(&end)) = (converted.get(2 * n), converted.get(2 * n + 1))
            {
                *slot = [moved(start), moved(end)];
            }
        }
        out
    }

    /// The public view, fields in input order, every offset moved by `shift`.
    pub(crate) fn detail(&self, shift: usize) -> ParseDetail {
        let mut fields: Vec<FieldSpan> = FIELDS
            .iter()
            .enumerate()
            .filter_map(|(n, &field)| {
                self.get(n).map(|(start, end)| FieldSpan {
                    field,
                    start: start as usize + shift,
                    end: end as usize + shift,
                })
            })
            .collect();
        fields.sort_by_key(|s| (s.start, s.end));
        ParseDetail { fields }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_length_counts_surrogate_pairs_as_two() {
        assert_eq!(utf16_len("abc"), 3);
        assert_eq!(utf16_len("é"), 1);
        assert_eq!(utf16_len("😀"), 2);
        assert_eq!(utf16_len(""), 0);
    }

    #[test]
    fn byte_spans_become_utf16_spans() {
        let input = "😀 https://é.com/x";
        let host = input.find('é').unwrap();
        let path = input.find("/x").unwrap();
        let mut spans = Spans::default();
        spans.set(Field::Path, path, input.len());
        spans.set(Field::Scheme, 5, 10);
        spans.set(Field::Host, host, path);
        let detail = spans.bytes_to_utf16(input, 0).detail(0);
        assert_eq!(
            detail.fields,
            vec![
                FieldSpan {
                    field: Field::Scheme,
                    start: 3,
                    end: 8
                },
                FieldSpan {
                    field: Field::Host,
                    start: 11,
                    end: 16
                },
                FieldSpan {
                    field: Field::Path,
                    start: 16,
                    end: 18
                },
            ]
        );
        assert_eq!(detail.span(Field::Port), None);
        assert_eq!(detail.span(Field::Host).unwrap().len(), 5);
    }

    #[test]
    fn ascii_offsets_stay_as_they_are() {
        let mut spans = Spans::default();
        spans.set(Field::Host, 8, 19);
        spans.set(Field::Query, 21, 21);
        let detail = spans.bytes_to_utf16("https://example.com/?", 2).detail(0);
        assert_eq!(detail.span(Field::Host).unwrap().range(), 10..21);
        assert!(detail.span(Field::Query).unwrap().is_empty());
    }
}
