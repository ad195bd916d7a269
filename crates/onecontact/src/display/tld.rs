//! Characters shown only under the top-level domain of the language that
//! writes them.

use super::{DisplayReason, Tld};

/// `þ` (which imitates `b` and `p`) and `ð` (which imitates `o`) are
/// Icelandic and Faroese letters: shown under `.is` and `.fo` only. `ə` is
/// Azerbaijani: shown under `.az` only. The middle dot `·` is shown only in
/// the Catalan `l·l`, under `.cat`.
pub(crate) fn check(label: &str, tld: Tld<'_>) -> Result<(), DisplayReason> {
    if label.is_ascii() {
        return Ok(());
    }
    // A label of one character is left alone, as browsers do.
    let longer_than_one = label.chars().nth(1).is_some();
    if longer_than_one
        && !matches!(tld.ascii, "is" | "fo")
        && let Some(c) = label.chars().find(|c| matches!(c, 'þ' | 'ð'))
    {
        return Err(DisplayReason::TldSpecificCharacter(c));
    }
    if longer_than_one && tld.ascii != "az" && label.contains('ə') {
        return Err(DisplayReason::TldSpecificCharacter('ə'));
    }
    if has_unsafe_middle_dot(label, tld.ascii) {
        return Err(DisplayReason::UnsafeMiddleDot);
    }
    Ok(())
}

/// A middle dot anywhere but between two `l` under `.cat`.
fn has_unsafe_middle_dot(label: &str, tld: &str) -> bool {
    let chars: Vec<char> = label.chars().collect();
    chars.iter().enumerate().any(|(i, &c)| {
        c == '·'
            && (tld != "cat"
                || i == 0
                || chars.get(i.wrapping_sub(1)) != Some(&'l')
                || chars.get(i + 1) != Some(&'l'))
    })
}
