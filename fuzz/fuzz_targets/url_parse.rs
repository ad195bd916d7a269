//! Fuzzes `onecontact_url::Url::parse`: no panic on any input; every URL that
//! parses passes `check_invariants`; the fast path, the full state machine and
//! parsing against a base agree. The checks live in
//! `onecontact_url::fuzzing`, shared with the regression test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_url::fuzzing::check_parse_bytes(data) {
        panic!("{e}");
    }
});
