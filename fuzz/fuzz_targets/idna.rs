//! Arbitrary bytes through onecontact-idna: nothing may panic, and
//! domain-to-ASCII (URL Standard and UTS #46 strict) must be idempotent on
//! its own output. The same checks run as an ordinary test over the saved
//! inputs in crates/onecontact-idna/tests/fuzz_regressions/.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onecontact_idna::{
    Uts46, domain_to_ascii, domain_to_ascii_strict, domain_to_unicode, punycode,
};

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let input: &str = &input;

    if let Ok(ascii) = domain_to_ascii(input) {
        let again = domain_to_ascii(&ascii);
        assert_eq!(
            again.as_deref(),
            Ok(&*ascii),
            "domain_to_ascii not idempotent on {input:?}"
        );
    }
    if let Ok(ascii) = domain_to_ascii_strict(input) {
        let again = domain_to_ascii_strict(&ascii);
        assert_eq!(
            again.as_deref(),
            Ok(&*ascii),
            "strict ToASCII not idempotent on {input:?}"
        );
    }
    let (unicode, result) = domain_to_unicode(input);
    if result.is_err() {
        assert_eq!(unicode, input);
    }
    let transitional = Uts46 {
        transitional_processing: true,
        ignore_invalid_punycode: true,
        ..Uts46::RELAXED
    };
    let _ = transitional.to_ascii(input);
    let _ = transitional.to_unicode(input);

    if let Ok(encoded) = punycode::encode(input) {
        assert_eq!(punycode::decode(&encoded).as_deref(), Ok(input));
    }
    let _ = punycode::decode(input);
});
