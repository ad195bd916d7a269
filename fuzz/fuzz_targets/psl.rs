//! onecontact-psl: arbitrary input never panics, and answers are label-aligned
//! suffixes of the input. The checks live in `onecontact_psl::fuzzing`, which
//! `crates/onecontact-psl/tests/fuzz_regressions.rs` also runs on saved inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_psl::fuzzing::check(data) {
        panic!("{e}");
    }
});
