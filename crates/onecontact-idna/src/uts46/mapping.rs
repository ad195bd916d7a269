//! Steps 1 (Map) and 2 (Normalize) of UTS #46 processing, on ICU4X's
//! UTS #46 normalizer data.

use crate::prelude::*;
use icu_normalizer::uts46::Uts46MapperBorrowed;

/// ICU4X's mapper: ignored code points dropped, mapped ones replaced,
/// deviations kept (nontransitional), disallowed ones turned into U+FFFD,
/// then NFC.
pub(crate) const MAPPER: Uts46MapperBorrowed<'static> = Uts46MapperBorrowed::new();

/// Appends the mapped and normalized form of `segment` to `out`.
///
/// With `stop_at_disallowed`, stops right after the first U+FFFD (a
/// disallowed code point, which fails the domain) and returns `true`; the
/// caller then validates what was mapped so far, the last label included.
/// The caller handles ASCII-only segments itself (a plain lowercase).
pub(crate) fn map_into(
    segment: &str,
    transitional: bool,
    stop_at_disallowed: bool,
    out: &mut Vec<char>,
) -> bool {
    if transitional {
        let chars = segment
            .chars()
            .flat_map(|c| transitional_map(c).into_iter().flatten());
        push_mapped(MAPPER.map_normalize(chars), stop_at_disallowed, out)
    } else {
        push_mapped(
            MAPPER.map_normalize(segment.chars()),
            stop_at_disallowed,
            out,
        )
    }
}

fn push_mapped(mapped: impl Iterator<Item = char>, stop: bool, out: &mut Vec<char>) -> bool {
    if !stop {
        out.extend(mapped);
        return false;
    }
    for c in mapped {
        out.push(c);
        if c == '\u{FFFD}' {
            return true;
        }
    }
    false
}

/// Transitional processing (deprecated) maps the four deviation code
/// points, and U+1E9E (which would otherwise map to the deviation U+00DF),
/// before the ordinary mapping.
fn transitional_map(c: char) -> [Option<char>; 2] {
    match c {
        '\u{DF}' | '\u{1E9E}' => [Some('s'), Some('s')],
        '\u{3C2}' => [Some('\u{3C3}'), None],
        '\u{200C}' | '\u{200D}' => [None, None],
        _ => [Some(c), None],
    }
}

/// Whether mapping and normalizing `label` would leave it unchanged, with
/// ignored code points counting as a change: UTS #46 validity criteria 1
/// (NFC) and 7 (status valid or deviation) for a label decoded from
/// Punycode.
pub(crate) fn is_valid_nontransitional(label: &[char]) -> bool {
    MAPPER
        .normalize_validate(label.iter().copied())
        .eq(label.iter().copied())
}
