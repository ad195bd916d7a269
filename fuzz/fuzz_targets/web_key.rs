//! Fuzzes the keys straight from the text against the route through
//! `WebAddress`: `onecontact::key_v1` against `WebAddress::parse` +
//! `key(KeyVersion::V1)`, and `onecontact::key_v2_with` against
//! `key_v2_explained_with` (the paste read, `WebAddress::parse_with`, the
//! refusal, the key): the same key or the same error for every input. The
//! checks live in `onecontact::fuzzing::check_key_direct` and
//! `check_key_v2_direct`, which `crates/onecontact/tests/fuzz_regressions.rs`
//! also runs on saved inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact::fuzzing::check_key_direct(data) {
        panic!("{e}");
    }
    if let Err(e) = onecontact::fuzzing::check_key_v2_direct(data) {
        panic!("{e}");
    }
});
