//! Fuzzes the `onecontact_url` setters on parsed URLs: no panic; a refused
//! value leaves the URL unchanged; every result passes `check_invariants`.
//! Input: a URL, then `\0`-separated (setter-number, value) pairs. The checks
//! live in `onecontact_url::fuzzing`, shared with the regression test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = onecontact_url::fuzzing::check_setters(text) {
        panic!("{e}");
    }
});
