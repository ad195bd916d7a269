//! Property tests: Punycode round trip, ToASCII idempotence, and ToASCII
//! of ToUnicode agreeing with ToASCII.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact_idna::{Uts46, domain_to_ascii, punycode};
use proptest::prelude::*;

/// Pieces domains are made of: ASCII, dots (full stop and ideographic),
/// Latin with diacritics, sharp s and final sigma (deviations), Greek,
/// Hebrew and Arabic (right to left), CJK, combining marks, joiners,
/// viramas, fullwidth and other mapped forms, disallowed code points, and
/// Punycode prefixes.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z0-9]{1,6}",
        2 => Just(".".to_owned()),
        1 => Just("\u{3002}".to_owned()),
        1 => Just("-".to_owned()),
        1 => "[A-Z]{1,3}",
        2 => prop::sample::select(vec![
            "ü", "é", "ß", "ẞ", "ς", "Σ", "ö", "à", "ñ", "ı", "İ", "ﬃ", "Ⅻ", "ⓐ", "㎒",
            "א", "ב", "\u{5B0}", "ا", "ب", "\u{660}", "\u{6F1}", "\u{200F}",
            "日", "本", "語", "한", "\u{300}", "\u{308}", "\u{200C}", "\u{200D}",
            "\u{94D}", "क", "ｗ", "Ａ", "＿", "\u{AD}", "\u{FFFD}", "\u{2488}", "☕",
            "😀", "\u{3E8AC}", "xn--", "XN--", "xn--zca", "xn--a", "xn--ls8h", "_", "%", "#",
        ])
        .prop_map(str::to_owned),
    ]
}

fn domain() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..12).prop_map(|v| v.concat())
}

fn flag_sets() -> [Uts46; 3] {
    [
        Uts46::STRICT,
        Uts46::RELAXED,
        Uts46 {
            transitional_processing: true,
            ..Uts46::STRICT
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn punycode_round_trip(s in any::<String>()) {
        let encoded = punycode::encode(&s).unwrap();
        prop_assert_eq!(punycode::decode(&encoded).unwrap(), s);
    }

    #[test]
    fn punycode_round_trip_domains(s in domain()) {
        let encoded = punycode::encode(&s).unwrap();
        prop_assert_eq!(punycode::decode(&encoded).unwrap(), s);
    }

    #[test]
    fn to_ascii_is_idempotent(s in domain()) {
        for flags in flag_sets() {
            if let Ok(ascii) = flags.to_ascii(&s) {
                let again = flags.to_ascii(&ascii);
                prop_assert_eq!(again.as_deref(), Ok(&*ascii), "flags {:?}", flags);
            }
        }
        if let Ok(ascii) = domain_to_ascii(&s) {
            let again = domain_to_ascii(&ascii);
            prop_assert_eq!(again.as_deref(), Ok(&*ascii));
        }
    }

    #[test]
    fn to_ascii_of_to_unicode(s in domain()) {
        for flags in flag_sets() {
            let Ok(ascii) = flags.to_ascii(&s) else { continue };
            let (unicode, result) = flags.to_unicode(&s);
            if result.is_ok() {
                let nontransitional = Uts46 { transitional_processing: false, ..flags };
                // Transitional ToUnicode keeps deviations ToASCII would map,
                // so the comparison is made without it.
                if !flags.transitional_processing {
                    let again = nontransitional.to_ascii(&unicode);
                    prop_assert_eq!(again.as_deref(), Ok(&*ascii));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn punycode_round_trip_long(chars in prop::collection::vec(any::<char>(), 100..1500)) {
        // Long enough that decoding places code points with its tree.
        let s: String = chars.into_iter().collect();
        let encoded = punycode::encode(&s).unwrap();
        prop_assert_eq!(punycode::decode(&encoded).unwrap(), s);
    }
}
