//! Fuzzes `onecontact_url::Url::parse`: no panic on any input; every URL
//! that parses passes `check_invariants` (which re-parses the href and
//! compares offsets); the fast path, the full state machine (spans and
//! validation errors requested) and parsing against a base all agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onecontact_url::Url;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let plain = Url::parse(input);
    let mut errors = Vec::new();
    let full = Url::options()
        .validation_sink(&mut errors)
        .parse_with_spans(input);
    assert_eq!(
        plain.as_ref().ok().map(Url::href),
        full.as_ref().ok().map(|(u, _)| u.href()),
        "fast path and full parser disagree on {input:?}"
    );
    if let Ok(url) = &plain {
        if let Err(e) = url.check_invariants() {
            panic!("{input:?}: {e}");
        }
    }
    // Split the input into a base and a relative reference.
    if let Some((base, rel)) = input.split_once('\u{1}') {
        if let Ok(base) = Url::parse(base) {
            if let Ok(url) = Url::parse_with_base(rel, &base) {
                if let Err(e) = url.check_invariants() {
                    panic!("{rel:?} against {}: {e}", base.href());
                }
            }
        }
    }
});
