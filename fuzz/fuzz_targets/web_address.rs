//! Fuzzes `WebAddress::parse` and everything computed from pasted text: no
//! panic anywhere, spans inside the input, the canonical form parses to
//! itself and keeps the key, link inspection and its display decision hold.
//! The checks live in `onecontact::fuzzing`, which
//! `crates/onecontact/tests/fuzz_regressions.rs` also runs on saved inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact::fuzzing::check(data) {
        panic!("{e}");
    }
});
