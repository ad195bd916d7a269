//! Fuzzes `onecontact_urlpattern`: constructor (string with a base, pathname
//! or hostname component, with or without ignoreCase: one of the six, picked
//! by the input's bytes), `test` and `exec`
//! on strings, parsed URLs and component inputs: no panic, `test` agrees
//! with `exec`, a pattern rebuilds from its pattern strings, and bounded
//! cost (libFuzzer's `-timeout` flags a slow input). Input: a pattern, then
//! one input per line. The checks live in `onecontact_urlpattern::fuzzing`,
//! shared with the regression test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_urlpattern::fuzzing::check_one_build(data) {
        panic!("{e}");
    }
});
