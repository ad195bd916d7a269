//! Fuzzes the cost of `onecontact_urlpattern` matching: a pathname pattern
//! (first line) against a 64 KiB pathname made by repeating the second
//! line; `test` and `exec` must end within
//! `onecontact_urlpattern::fuzzing::time_bound` of the pattern's and the
//! input's lengths (a linear-time matcher stays far below it).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_urlpattern::fuzzing::check_linear(data) {
        panic!("{e}");
    }
});
