//! Fuzzes the `onecontact_url` mutators on parsed URLs, both the JavaScript
//! API setters (`quirks::set_*`) and the Rust API (`set_scheme`, `set_host`,
//! `set_port`, `path_segments_mut`, `query_pairs_mut`, `make_relative`, …):
//! no panic; a refused value leaves the URL unchanged; every result passes
//! `check_invariants`. Input: a URL, then `\0`-separated (selector, value)
//! pairs. The checks live in `onecontact_url::fuzzing`, shared with the
//! regression test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = onecontact_url::fuzzing::check_setters_bytes(data) {
        panic!("{e}");
    }
});
