//! Fuzzes `WebAddress::parse` and everything computed from a parsed address:
//! no panic anywhere, spans inside the input, the canonical form parses to
//! itself and keeps the key; and link inspection with its display decision
//! (`onecontact::inspect::fuzzing::check_inspect`). Failures go to
//! `crates/onecontact/tests/fuzz_regressions/`, which an ordinary test replays.

#![no_main]

use libfuzzer_sys::fuzz_target;
use onecontact::{ContactKindDetector, KeyVersion, WebAddress};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = ContactKindDetector::detect(text);
    if let Err(e) = onecontact::inspect::fuzzing::check_inspect(text) {
        panic!("{e}");
    }
    let Ok(web) = WebAddress::parse(text) else {
        return;
    };
    let key = web.key(KeyVersion::V1);
    let _ = web.facts();
    let _ = web.removed_tracking_parameters().count();
    let units = text.encode_utf16().count();
    for span in web.detail().fields {
        assert!(
            span.start <= span.end && span.end <= units,
            "span out of input: {text:?}"
        );
    }
    let canonical = web.canonical();
    let again = match WebAddress::parse(canonical) {
        Ok(again) => again,
        Err(e) => panic!("canonical {canonical:?} of {text:?} does not parse: {e}"),
    };
    assert_eq!(
        again.canonical(),
        canonical,
        "canonical form of {text:?} is not stable"
    );
    assert_eq!(
        again.key(KeyVersion::V1),
        key,
        "key of canonical form of {text:?} differs"
    );
});
