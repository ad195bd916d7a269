//! Replays every input in `fuzz_regressions/` (crashes and property failures
//! found by `fuzz/fuzz_targets/web_address.rs`) through the same checks the
//! fuzz target makes (link inspection included).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use onecontact::{ContactKindDetector, KeyVersion, WebAddress};

/// The checks of the fuzz target.
fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = ContactKindDetector::detect(text);
    onecontact::inspect::fuzzing::check_inspect(text).unwrap();
    let Ok(web) = WebAddress::parse(text) else {
        return;
    };
    let key = web.key(KeyVersion::V1);
    let _ = web.facts();
    let units = text.encode_utf16().count();
    for span in web.detail().fields {
        assert!(span.start <= span.end && span.end <= units, "{text:?}");
    }
    let canonical = web.canonical();
    let again = WebAddress::parse(canonical).unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
    assert_eq!(again.canonical(), canonical, "{text:?}");
    assert_eq!(again.key(KeyVersion::V1), key, "{text:?}");
}

#[test]
fn fuzz_regressions_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        check(&std::fs::read(&path).unwrap());
        count += 1;
    }
    assert!(count > 0, "no regression inputs in {}", dir.display());
}
