//! UTS #46 section 4.1, validity criteria, for one label.

use crate::prelude::*;
use icu_properties::CodePointMapData;
use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};

use super::{Uts46, mapping};
use crate::contextj;
use crate::errors::{ErrorKind, IdnaError};

/// No code point below U+0300 has General_Category Mark.
const FIRST_MARK: char = '\u{300}';

/// Criteria 2, 3 and the STD3 rule for an ASCII label that went through
/// mapping (not decoded from Punycode): the only criteria that can fail
/// on such a label.
pub(crate) fn check_ascii_label(
    flags: &Uts46,
    label: &str,
    index: usize,
    errors: &mut Vec<IdnaError>,
) {
    let bytes = label.as_bytes();
    if flags.check_hyphens && !bytes.is_empty() {
        // 2: "--" as third and fourth code points.
        if bytes.get(2..4) == Some(b"--") {
            errors.push(at(ErrorKind::HyphenThirdFourth, index));
        }
        // 3.
        if bytes.first() == Some(&b'-') || bytes.last() == Some(&b'-') {
            errors.push(at(ErrorKind::HyphenStartEnd, index));
        }
    }
    if flags.use_std3_ascii_rules
        && let Some(&b) = bytes
            .iter()
            .find(|&&b| !matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'-'))
    {
        errors.push(at(ErrorKind::Std3Ascii(char::from(b)), index));
    }
}

fn at(kind: ErrorKind, index: usize) -> IdnaError {
    IdnaError {
        kind,
        label: Some(index),
    }
}

/// Checks criteria 1–8 on a label given as code points (the Bidi rule,
/// criterion 9, needs the whole domain and is checked afterwards).
///
/// `from_punycode` says the label was decoded from an `xn--` label, which
/// is also checked for NFC and status (labels that went through mapping
/// already satisfy both, except for disallowed code points, which the
/// mapper turned into U+FFFD).
pub(crate) fn check_label(
    flags: &Uts46,
    label: &[char],
    from_punycode: bool,
    index: usize,
    errors: &mut Vec<IdnaError>,
) {
    let Some(&first) = label.first() else {
        return;
    };
    if from_punycode {
        // 1 and 7: unchanged by mapping and NFC.
        if !mapping::is_valid_nontransitional(label) {
            errors.push(at(first_invalid(label), index));
        }
        // 5.
        if label.contains(&'.') {
            errors.push(at(ErrorKind::FullStop, index));
        }
        // 4.
        if !flags.check_hyphens && label.starts_with(&['x', 'n', '-', '-']) {
            errors.push(at(ErrorKind::XnPrefix, index));
        }
    }
    if flags.check_hyphens {
        // 2.
        if label.get(2..4) == Some(&['-', '-']) {
            errors.push(at(ErrorKind::HyphenThirdFourth, index));
        }
        // 3.
        if first == '-' || label.last() == Some(&'-') {
            errors.push(at(ErrorKind::HyphenStartEnd, index));
        }
    }
    if flags.use_std3_ascii_rules
        && let Some(&c) = label
            .iter()
            .find(|&&c| c.is_ascii() && !matches!(c, 'a'..='z' | '0'..='9' | '-'))
    {
        errors.push(at(ErrorKind::Std3Ascii(c), index));
    }
    // 6.
    if first >= FIRST_MARK
        && GeneralCategoryGroup::Mark
            .contains(CodePointMapData::<GeneralCategory>::new().get(first))
    {
        errors.push(at(ErrorKind::LeadingCombiningMark(first), index));
    }
    // 7: U+FFFD is disallowed, and stands for the disallowed code points
    // the mapper replaced.
    if label.contains(&'\u{FFFD}') {
        errors.push(at(ErrorKind::DisallowedCodePoint('\u{FFFD}'), index));
    }
    // 8.
    if flags.check_joiners
        && contextj::has_joiner(label)
        && let Err(c) = contextj::check_label(label)
    {
        errors.push(at(ErrorKind::ContextJ(c), index));
    }
}

/// Names the first code point of a Punycode label that mapping or NFC
/// would change.
fn first_invalid(label: &[char]) -> ErrorKind {
    for &c in label {
        if !mapping::is_valid_nontransitional(&[c]) {
            return ErrorKind::DisallowedCodePoint(c);
        }
    }
    ErrorKind::NotNfc
}
