//! The Bidi rule of RFC 5893 section 2, which UTS #46 applies (CheckBidi)
//! to every label of a domain that has a right-to-left label.

use icu_properties::CodePointMapData;
use icu_properties::props::BidiClass;

// Bidi classes as bits of our own, so a set of classes is one mask test.
const L: u32 = 1 << 0;
const R: u32 = 1 << 1;
const AL: u32 = 1 << 2;
const AN: u32 = 1 << 3;
const EN: u32 = 1 << 4;
const ES: u32 = 1 << 5;
const CS: u32 = 1 << 6;
const ET: u32 = 1 << 7;
const ON: u32 = 1 << 8;
const BN: u32 = 1 << 9;
const NSM: u32 = 1 << 10;
/// Every other class (B, S, WS, LRE, PDI, ...): allowed nowhere.
const OTHER: u32 = 1 << 11;

fn bit(bc: BidiClass) -> u32 {
    match bc {
        BidiClass::LeftToRight => L,
        BidiClass::RightToLeft => R,
        BidiClass::ArabicLetter => AL,
        BidiClass::ArabicNumber => AN,
        BidiClass::EuropeanNumber => EN,
        BidiClass::EuropeanSeparator => ES,
        BidiClass::CommonSeparator => CS,
        BidiClass::EuropeanTerminator => ET,
        BidiClass::OtherNeutral => ON,
        BidiClass::BoundaryNeutral => BN,
        BidiClass::NonspacingMark => NSM,
        _ => OTHER,
    }
}

/// Classes that make a label right-to-left (RFC 5893 section 1.4).
const RTL: u32 = R | AL | AN;
/// Condition 2: what a right-to-left label may hold.
const RTL_ALLOWED: u32 = R | AL | AN | EN | ES | CS | ET | ON | BN | NSM;
/// Condition 3: how a right-to-left label may end (before trailing NSMs).
const RTL_END: u32 = R | AL | EN | AN;
/// Condition 5: what a left-to-right label may hold.
const LTR_ALLOWED: u32 = L | EN | ES | CS | ET | ON | BN | NSM;
/// Condition 6: how a left-to-right label may end (before trailing NSMs).
const LTR_END: u32 = L | EN;

/// A superset of the code points whose Bidi_Class is R, AL or AN
/// (including unassigned ones, whose default class is R or AL in these
/// blocks), so that most code points need no table lookup. The unit test
/// `rtl_candidates_cover_every_rtl_code_point` checks it against the data.
fn may_be_rtl(c: char) -> bool {
    matches!(
        c,
        '\u{0590}'..='\u{08FF}'
            | '\u{200F}'
            | '\u{FB1D}'..='\u{FEFF}'
            | '\u{10800}'..='\u{10FFF}'
            | '\u{1E800}'..='\u{1EFFF}'
    )
}

fn class_bit(c: char) -> u32 {
    bit(CodePointMapData::<BidiClass>::new().get(c))
}

/// Whether the label holds a code point of class R, AL or AN, which makes
/// the domain a "Bidi domain name".
pub(crate) fn is_rtl_label(label: &[char]) -> bool {
    label
        .iter()
        .any(|&c| may_be_rtl(c) && class_bit(c) & RTL != 0)
}

/// Checks the six conditions of the Bidi rule on one label (empty labels
/// pass). Returns the number of the first condition that fails.
pub(crate) fn check_label(label: &[char]) -> Result<(), u8> {
    let Some((&first, rest)) = label.split_first() else {
        return Ok(());
    };
    let first_class = class_bit(first);
    // Condition 1.
    let rtl = if first_class & (R | AL) != 0 {
        true
    } else if first_class & L != 0 {
        false
    } else {
        return Err(1);
    };
    let allowed = if rtl { RTL_ALLOWED } else { LTR_ALLOWED };
    let mut seen = first_class;
    // The class of the last code point that is not NSM.
    let mut last_non_nsm = first_class;
    for &c in rest {
        let class = class_bit(c);
        if class & allowed == 0 {
            // Condition 2 or 5.
            return Err(if rtl { 2 } else { 5 });
        }
        seen |= class;
        if class != NSM {
            last_non_nsm = class;
        }
    }
    if rtl {
        if last_non_nsm & RTL_END == 0 {
            return Err(3);
        }
        if seen & EN != 0 && seen & AN != 0 {
            return Err(4);
        }
    } else if last_non_nsm & LTR_END == 0 {
        return Err(6);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;

    #[test]
    fn rtl_candidates_cover_every_rtl_code_point() {
        let mut rtl = 0;
        for cp in 0..=0x10FFFu32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if class_bit(c) & RTL != 0 {
                rtl += 1;
                assert!(
                    may_be_rtl(c),
                    "U+{cp:04X} is R, AL or AN but not a candidate"
                );
            }
        }
        assert!(rtl > 1000);
    }

    #[test]
    fn rule_conditions() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(check_label(&chars("abc")), Ok(()));
        assert_eq!(check_label(&chars("1abc")), Err(1));
        assert_eq!(check_label(&chars("\u{5D0}\u{5D1}")), Ok(()));
        assert_eq!(check_label(&chars("\u{5D0}a")), Err(2));
        assert_eq!(check_label(&chars("\u{5D0}-")), Err(3));
        assert_eq!(check_label(&chars("\u{5D0}1\u{660}\u{5D0}")), Err(4));
        assert_eq!(check_label(&chars("a\u{5D0}")), Err(5));
        assert_eq!(check_label(&chars("a-")), Err(6));
        assert!(is_rtl_label(&chars("x\u{627}")));
        assert!(!is_rtl_label(&chars("b\u{FC}cher")));
    }
}
