//! Which code points a label may hold: those UTS #39 allows in identifiers
//! (`Identifier_Status=Allowed`), less the ones browsers refuse in hosts.

use unicode_security::GeneralSecurityProfile;

use super::DisplayReason;

/// Why a browser refuses a character that UTS #39 allows in identifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Blocked {
    /// Looks like `/` (U+0338 combining long solidus overlay).
    SlashLookalike,
    /// Looks like `-` (U+058A Armenian hyphen, U+2010 hyphen, U+30A0
    /// Katakana-Hiragana double hyphen).
    HyphenLookalike,
    /// Looks like `.` or the Katakana middle dot (U+2027 hyphenation point).
    DotLookalike,
    /// Looks like `'` or `"`, or hides next to a letter (U+2019, U+02BB,
    /// U+02BC, U+02EC).
    QuoteLookalike,
    /// A historic letter that looks like `k` (U+0138 kra).
    HistoricLetter,
    /// A rarely used Latin, Greek or Cyrillic block (Pinyin tone letters
    /// U+01CD–U+01DC, Cyrillic Extended-C and -B, Latin Extended Additional
    /// and -D, Greek Extended), whose letters imitate common ones.
    RareLatinGreekCyrillic,
}

impl Blocked {
    /// What the character imitates, as a sentence end.
    pub fn why(self) -> &'static str {
        match self {
            Blocked::SlashLookalike => "looks like a slash",
            Blocked::HyphenLookalike => "looks like a hyphen",
            Blocked::DotLookalike => "looks like a dot",
            Blocked::QuoteLookalike => "looks like a quotation mark or hides next to a letter",
            Blocked::HistoricLetter => "is a historic letter that looks like k",
            Blocked::RareLatinGreekCyrillic => {
                "comes from a rarely used Latin, Greek or Cyrillic block and imitates a common letter"
            }
        }
    }
}

/// The characters browsers refuse although UTS #39 may allow them.
pub(crate) fn blocked(c: char) -> Option<Blocked> {
    Some(match c {
        '\u{0338}' => Blocked::SlashLookalike,
        '\u{058A}' | '\u{2010}' | '\u{30A0}' => Blocked::HyphenLookalike,
        '\u{2027}' => Blocked::DotLookalike,
        '\u{2019}' | '\u{02BB}' | '\u{02BC}' | '\u{02EC}' => Blocked::QuoteLookalike,
        '\u{0138}' => Blocked::HistoricLetter,
        '\u{01CD}'..='\u{01DC}'
        | '\u{1C80}'..='\u{1C8F}'
        | '\u{1E00}'..='\u{1E9B}'
        | '\u{1F00}'..='\u{1FFF}'
        | '\u{A640}'..='\u{A69F}'
        | '\u{A720}'..='\u{A7FF}' => Blocked::RareLatinGreekCyrillic,
        _ => return None,
    })
}

/// Characters Unicode 17 moved out of `Identifier_Status=Allowed` that the
/// browsers' rules still name and show: Bopomofo (UTS #39 still counts Han +
/// Bopomofo as *highly restrictive*), the combining Kana voiced sound marks
/// (which the dangerous patterns govern), Georgian U+10FD–U+10FF and the
/// Myanmar Shan digits (which the whole-script look-alike rules cover).
fn kept_by_browsers(c: char) -> bool {
    matches!(
        c,
        '\u{3105}'..='\u{312F}'
            | '\u{31A0}'..='\u{31BF}'
            | '\u{3099}'..='\u{309A}'
            | '\u{10FD}'..='\u{10FF}'
            | '\u{1090}'..='\u{1099}'
    )
}

/// The first code point of `label` that may not stand in a displayed label.
pub(crate) fn check(label: &str) -> Result<(), DisplayReason> {
    for c in label.chars() {
        if c.is_ascii() {
            // ASCII letters, digits, `-` and `_` are allowed; anything else
            // the URL parser lets through (`!`, `'`, `~`, …) is not.
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                continue;
            }
            return Err(DisplayReason::NotAllowedInIdentifiers(c));
        }
        if !c.identifier_allowed() && !kept_by_browsers(c) {
            return Err(DisplayReason::NotAllowedInIdentifiers(c));
        }
        if let Some(why) = blocked(c) {
            return Err(DisplayReason::BlockedCharacter(c, why));
        }
    }
    Ok(())
}

/// `U+0430 а` for a message.
pub(crate) fn describe(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("U+{:04X} {c}", u32::from(c))
    }
}
