//! The CONTEXTJ rules of RFC 5892 Appendix A.1 and A.2 for U+200C ZERO
//! WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER (UTS #46 CheckJoiners).

use crate::gigo::Gigo;
use icu_properties::CodePointMapData;
use icu_properties::props::{CanonicalCombiningClass, JoiningType};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

fn is_virama(c: char) -> bool {
    CodePointMapData::<CanonicalCombiningClass>::new().get(c) == CanonicalCombiningClass::Virama
}

fn joining_type(c: char) -> JoiningType {
    CodePointMapData::<JoiningType>::new().get(c)
}

/// Checks every joiner in the label; returns the first joiner whose rule
/// fails.
pub(crate) fn check_label(label: &[char]) -> Result<(), char> {
    for (i, &c) in label.iter().enumerate() {
        if c != ZWNJ && c != ZWJ {
            continue;
        }
        let before = label.get(..i).unwrap_or_gigo();
        let after = label.get(i + 1..).unwrap_or_gigo();
        // A.1 and A.2: a virama just before makes either joiner fine.
        if before.last().is_some_and(|&b| is_virama(b)) {
            continue;
        }
        if c == ZWJ {
            return Err(c);
        }
        // A.1: (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
        let left_ok = before
            .iter()
            .rev()
            .map(|&b| joining_type(b))
            .find(|&jt| jt != JoiningType::Transparent)
            .is_some_and(|jt| jt == JoiningType::LeftJoining || jt == JoiningType::DualJoining);
        let right_ok = left_ok
            && after
                .iter()
                .map(|&a| joining_type(a))
                .find(|&jt| jt != JoiningType::Transparent)
                .is_some_and(|jt| {
                    jt == JoiningType::RightJoining || jt == JoiningType::DualJoining
                });
        if !right_ok {
            return Err(c);
        }
    }
    Ok(())
}

/// Whether the label holds a joiner at all (the rules only run then).
pub(crate) fn has_joiner(label: &[char]) -> bool {
    label.iter().any(|&c| c == ZWNJ || c == ZWJ)
}
