//! Replays every saved fuzz input in `tests/fuzz_regressions/` through the
//! checks of `fuzz/fuzz_targets/idna.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use onecontact_idna::{
    Uts46, domain_to_ascii, domain_to_ascii_strict, domain_to_unicode, punycode,
};

fn check(data: &[u8]) {
    let input = String::from_utf8_lossy(data);
    let input: &str = &input;
    if let Ok(ascii) = domain_to_ascii(input) {
        assert_eq!(domain_to_ascii(&ascii).as_deref(), Ok(&*ascii), "{input:?}");
    }
    if let Ok(ascii) = domain_to_ascii_strict(input) {
        assert_eq!(
            domain_to_ascii_strict(&ascii).as_deref(),
            Ok(&*ascii),
            "{input:?}"
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
}

#[test]
fn replay_fuzz_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        check(&std::fs::read(&path).unwrap());
        count += 1;
    }
    println!("replayed {count} fuzz regression inputs");
    assert!(count > 0, "no inputs in {}", dir.display());
}
