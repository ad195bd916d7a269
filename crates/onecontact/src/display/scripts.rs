//! Script mixing (UTS #39 §5.2 restriction levels), invisible repeated marks
//! and mixed numbering systems, as ICU's spoof checker reports them.

use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_properties::props::{GeneralCategory, Script};
use icu_properties::{CodePointMapData, PropertyNamesLong};
use unicode_script::Script as ScxScript;
use unicode_security::mixed_script::AugmentedScriptSet;

use super::DisplayReason;

/// How many scripts a label that passed [`check`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// ASCII only, or one script (with Common and Inherited characters; the
    /// Japanese, Chinese and Korean script sets each count as one).
    SingleScript,
    /// Latin with one of Han + Hiragana + Katakana, Han + Bopomofo or
    /// Han + Hangul.
    HighlyRestrictive,
}

/// The restriction level, repeated combining marks and numbering systems of
/// a label whose characters are all allowed.
pub(crate) fn check(label: &str) -> Result<Level, DisplayReason> {
    if label.is_ascii() {
        return Ok(Level::SingleScript);
    }
    let level = restriction_level(label)?;
    if has_repeated_mark(label) {
        return Err(DisplayReason::InvisibleMarks);
    }
    if has_mixed_numbers(label) {
        return Err(DisplayReason::MixedNumbers);
    }
    Ok(level)
}

/// UTS #39 §5.2: single script when the label's resolved (augmented)
/// script set is not empty; highly restrictive when, leaving out the
/// characters that are Latin, what remains is Japanese, Chinese (Han with
/// Bopomofo) or Korean.
fn restriction_level(label: &str) -> Result<Level, DisplayReason> {
    let mut all = AugmentedScriptSet::default();
    let mut without_latin = AugmentedScriptSet::default();
    for c in label.chars() {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if !set.base.contains_script(ScxScript::Latin) {
            without_latin.intersect_with(set);
        }
    }
    if !all.is_empty() {
        Ok(Level::SingleScript)
    } else if without_latin.jpan || without_latin.hanb || without_latin.kore {
        Ok(Level::HighlyRestrictive)
    } else {
        Err(DisplayReason::MixedScripts)
    }
}

/// Whether one base character carries the same nonspacing mark twice
/// (after canonical decomposition): the second is invisible.
fn has_repeated_mark(label: &str) -> bool {
    let gc = CodePointMapData::<GeneralCategory>::new();
    let mut marks: Vec<char> = Vec::new();
    for c in DecomposingNormalizerBorrowed::new_nfd().normalize_iter(label.chars()) {
        if gc.get(c) == GeneralCategory::NonspacingMark {
            if marks.contains(&c) {
                return true;
            }
            marks.push(c);
        } else {
            marks.clear();
        }
    }
    false
}

/// The zero of the decimal digit `c` (digits come in runs of ten that
/// start with their zero).
fn zero_of(c: char, gc: &icu_properties::CodePointMapDataBorrowed<'_, GeneralCategory>) -> u32 {
    let code = u32::from(c);
    let mut start = code;
    // Runs of decimal digits are at most a few tens of code points long.
    while start > 0 && code - start < 100 {
        match char::from_u32(start - 1) {
            Some(prev) if gc.get(prev) == GeneralCategory::DecimalNumber => start -= 1,
            _ => break,
        }
    }
    start + (code - start) / 10 * 10
}

/// Whether the label has decimal digits of two numbering systems.
fn has_mixed_numbers(label: &str) -> bool {
    let gc = CodePointMapData::<GeneralCategory>::new();
    let mut zero = None;
    for c in label.chars() {
        if gc.get(c) != GeneralCategory::DecimalNumber {
            continue;
        }
        let z = zero_of(c, &gc);
        match zero {
            None => zero = Some(z),
            Some(seen) if seen != z => return true,
            Some(_) => {}
        }
    }
    false
}

/// A Latin letter outside ASCII in a label that mixes scripts, unless the
/// label is all Latin, Greek, Cyrillic, ASCII digits, `-`, `_` and the
/// combining marks U+0300–U+0339 (where the mark rules decide).
pub(crate) fn check_non_ascii_latin(label: &str) -> Result<(), DisplayReason> {
    let scripts = CodePointMapData::<Script>::new();
    let has = label
        .chars()
        .any(|c| !c.is_ascii() && scripts.get(c) == Script::Latin);
    if has && !is_lgc(label) {
        return Err(DisplayReason::NonAsciiLatinWithOtherScript);
    }
    Ok(())
}

/// Whether every character of `label` is Latin, Greek or Cyrillic (by
/// script), an ASCII digit, `.`, `_`, `-` or a combining mark U+0300–U+0339.
pub(crate) fn is_lgc(label: &str) -> bool {
    let scripts = CodePointMapData::<Script>::new();
    label.chars().all(|c| {
        c.is_ascii_digit()
            || matches!(c, '.' | '_' | '-' | '\u{0300}'..='\u{0339}')
            || matches!(
                scripts.get(c),
                Script::Latin | Script::Greek | Script::Cyrillic
            )
    })
}

/// The names of the scripts of a label's letters, in order of first
/// appearance (`Cyrillic`, `Latin`), leaving out Common and Inherited.
pub(crate) fn script_names(label: &str) -> Vec<&'static str> {
    let map = CodePointMapData::<Script>::new();
    let names = PropertyNamesLong::<Script>::new();
    let mut found: Vec<Script> = Vec::new();
    for c in label.chars() {
        let script = map.get(c);
        if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        if !found.contains(&script) {
            found.push(script);
        }
    }
    found
        .into_iter()
        .map(|s| names.get(s).unwrap_or("Unknown"))
        .collect()
}

/// The first letter of `label` in its rarest script: the odd one out of a
/// label that mixes scripts (the Cyrillic `е` of `еxample`).
pub(crate) fn odd_character(label: &str) -> Option<char> {
    let map = CodePointMapData::<Script>::new();
    let mut counts: Vec<(Script, usize, char)> = Vec::new();
    for c in label.chars() {
        let script = map.get(c);
        if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        match counts.iter_mut().find(|(s, _, _)| *s == script) {
            Some(entry) => entry.1 += 1,
            None => counts.push((script, 1, c)),
        }
    }
    if counts.len() < 2 {
        return None;
    }
    counts
        .iter()
        .rev()
        .min_by_key(|(_, n, _)| *n)
        .map(|(_, _, c)| *c)
}
