//! Arbitrary bytes through onecontact-idna: nothing may panic, and
//! domain-to-ASCII (URL Standard and UTS #46 strict) must be idempotent on its
//! own output. The checks live in `onecontact_idna::fuzzing`, which
//! `crates/onecontact-idna/tests/fuzz_regressions.rs` also runs on saved inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_idna::fuzzing::check(data) {
        panic!("{e}");
    }
});
