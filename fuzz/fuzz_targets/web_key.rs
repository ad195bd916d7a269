//! Fuzzes `onecontact::key_v1` straight from the text against
//! `WebAddress::parse` + `key(KeyVersion::V1)`: the same key or the same
//! error for every input. The check lives in
//! `onecontact::fuzzing::check_key_direct`, which
//! `crates/onecontact/tests/fuzz_regressions.rs` also runs on saved inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact::fuzzing::check_key_direct(data) {
        panic!("{e}");
    }
});
